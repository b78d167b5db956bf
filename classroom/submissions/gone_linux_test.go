package submissions

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// checkNoneLeft checks that no process whose command line holds marker
// is alive (a zombie is not): those a run left behind die with it. The
// kernel may take a moment to reap a box's processes, so it looks again
// for up to five seconds.
func checkNoneLeft(t *testing.T, marker string) {
	t.Helper()
	var alive []string
	for try := 0; try < 50; try++ {
		alive = alive[:0]
		paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range paths {
			cmd, err := os.ReadFile(p)
			if err != nil || !bytes.Contains(cmd, []byte(marker)) {
				continue
			}
			status, err := os.ReadFile(filepath.Join(filepath.Dir(p), "status"))
			if err == nil && !bytes.Contains(status, []byte("State:\tZ")) {
				alive = append(alive, p+": "+string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))
			}
		}
		if len(alive) == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("%d processes of the runs are alive after them:\n%q", len(alive), alive)
}
