package submissions

import "fmt"

// NoBoxError says why no box can be made for a run: bubblewrap is not
// installed (Missing), the system is not Linux (OS), or bwrap fails to
// make one (Output, usually user namespaces turned off).
type NoBoxError struct {
	Bwrap   string // bwrap's path, when found
	Missing bool   // bwrap is not on PATH
	OS      string // the system, when it is not Linux
	Output  string // what bwrap said when it failed
	Err     error  // how it failed
}

func (e *NoBoxError) Error() string {
	switch {
	case e.OS != "":
		return fmt.Sprintf("no box for the runs: bubblewrap's boxes need Linux, not %s", e.OS)
	case e.Missing:
		return "no box for the runs: bwrap (bubblewrap) is not on PATH"
	}
	return fmt.Sprintf("no box for the runs: %s fails to make one: %v: %s", e.Bwrap, e.Err, e.Output)
}

func (e *NoBoxError) Unwrap() error { return e.Err }
