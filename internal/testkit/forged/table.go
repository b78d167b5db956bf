package forged

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// DamagedTable writes goal's table into the cache folder dir in the
// 12-cell format with a byte in its middle flipped, and returns its path
// and the sound table.
func DamagedTable(t testing.TB, dir string, goal statespace.Board) (string, *table.Table) {
	t.Helper()
	full, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, store.TableFile(goal).Name())
	if _, err := store.WriteTable(context.Background(), path, full, tablefile.EncodingMod4Bit); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x40
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, full
}
