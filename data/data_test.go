package data_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/tilespace/tilespace/data"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
)

// TestCommittedFilesAreFresh: the committed tables are byte for byte what
// `go generate ./data` (enumerate's default encoding) writes today, so
// regenerating them leaves a clean tree clean.
func TestCommittedFilesAreFresh(t *testing.T) {
	sq := statespace.Shape{Rows: 3, Cols: 3}
	for _, goal := range []statespace.Board{statespace.GoalLast(sq), statespace.GoalFirst(sq)} {
		name := store.TableFile(goal).Name()
		committed, ok := data.Open(name)
		if !ok {
			t.Fatalf("%s is not embedded", name)
		}
		r, err := generate.Table(context.Background(), goal, t.TempDir(), tablefile.EncodingMod4Bit, nil)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := os.ReadFile(r.File)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(committed, fresh) {
			t.Errorf("%s: the committed file (%d bytes) differs from a fresh build (%d bytes); run go generate ./data", name, len(committed), len(fresh))
		}
	}
}
