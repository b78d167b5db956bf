package pdb

import (
	"os/exec"
	"strings"
	"testing"
)

// pdb computes and store keeps the files: the heuristics and the engines
// built on them carry no file container, compression or file writing.
func TestNoFileCode(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "../pdb", "../solver", "../search").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed %d packages: %q", len(deps), out)
	}
	for _, dep := range deps {
		for _, banned := range []string{
			"github.com/tilespace/tilespace/tablefile",
			"github.com/tilespace/tilespace/internal/atomicfile",
			"github.com/tilespace/tilespace/store",
			"github.com/klauspost/compress",
		} {
			if dep == banned || strings.HasPrefix(dep, banned+"/") {
				t.Errorf("pdb, solver or search depends on %s", dep)
			}
		}
	}
}
