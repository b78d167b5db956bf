package submissions

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// checkGone checks that the child each hanging run named in its
// output.txt ("pid N", a note of its report) was killed with its group:
// gone, a zombie, or with SIGKILL pending.
func checkGone(t *testing.T, results []Result) {
	t.Helper()
	for _, r := range results {
		pid := 0
		for _, n := range r.Report.Notes {
			if _, after, ok := strings.Cut(n, `"pid `); ok {
				pid, _ = strconv.Atoi(strings.TrimSuffix(after, `"`))
			}
		}
		if pid == 0 {
			t.Fatalf("hang: no pid in its notes %q", r.Report.Notes)
		}
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !killed(string(status)) {
			t.Errorf("hang's child %d outlived it:\n%s", pid, status)
		}
	}
}

// killed reports whether a /proc status is a zombie's or has SIGKILL
// pending.
func killed(status string) bool {
	for _, line := range strings.Split(status, "\n") {
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimSpace(value)
		switch name {
		case "State":
			if strings.HasPrefix(value, "Z") || strings.HasPrefix(value, "X") {
				return true
			}
		case "ShdPnd", "SigPnd":
			if mask, err := strconv.ParseUint(value, 16, 64); err == nil && mask&(1<<8) != 0 {
				return true
			}
		}
	}
	return false
}
