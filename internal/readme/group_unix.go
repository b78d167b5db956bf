//go:build unix

package readme

import (
	"os/exec"
	"syscall"
)

// inGroup runs cmd in a process group of its own and makes its
// cancellation kill the whole group, so that a long example stopped
// early leaves no command running under the shell that started it.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
