//go:build !unix

package readme

import "os/exec"

// inGroup leaves cmd as it is: without process groups only the shell is
// stopped when a long example is cut.
func inGroup(cmd *exec.Cmd) {}
