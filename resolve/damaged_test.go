package resolve

import (
	"bytes"
	"context"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/forged"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// A damaged small table in the cache is rebuilt in memory with a warning
// that names the file and the rebuild command, as a missing one is built;
// the answers are exact.
func TestDamagedSmallCacheRebuilt(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(store.EnvCache, dir)
	sh := statespace.Shape{Rows: 2, Cols: 4}
	path, full := forged.DamagedTable(t, dir, statespace.GoalLast(sh))
	var log bytes.Buffer
	res, err := NewResolver(context.Background(), Config{Cache: store.NewCache(dir), Log: &log, Explain: explained})
	if err != nil {
		t.Fatal(err)
	}
	board := full.Antipodes()[0]
	a, err := res.Answer(context.Background(), statespace.GoalLast(sh), board, Want{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Distance != fixture.Dist(t, full, board) {
		t.Errorf("distance %d, want %d", a.Distance, fixture.Dist(t, full, board))
	}
	if w := log.String(); !strings.Contains(w, "warning") || !strings.Contains(w, path+" is damaged") || !strings.Contains(w, explainedMark) {
		t.Errorf("warning %q", w)
	}
}
