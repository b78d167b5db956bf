package resolve

// explained stands for cli.Explain in resolve's own tests (the commands'
// package imports resolve): it marks the messages given to it, so a test
// sees which ones went through Config.Explain. explain_test.go checks
// the real remedies.
func explained(err error) string { return err.Error() + explainedMark }

const explainedMark = " [explained]"
