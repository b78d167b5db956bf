// Package doors holds the test that sends the same faults through
// tilespace's three doors — the commands (cmd/internal/cli: exit status
// and remedy), the page's API (serve/api: HTTP status) and the Python
// package's engine (python/pyapi: the exception's kind) — and checks
// that they agree on what each fault is (package errkind). It has no
// code of its own: it sits under cmd/ so that its test may import the
// commands' cmd/internal/cli beside the packages below.
package doors
