package generate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/tablefile"
)

// Count-keeping forgeries: two boards' distances moved by exactly two,
// one up and one down, so the header's counts and every code's count are
// kept and the file opens (the 3x4 forgery that answered
// 3,0,5,1,8,9,10,6,2,11,7,4 with 38, the truth 36). Each of 12 seeded
// forgeries of the 2x5 table, written with fresh checksums and read back
// as query reads a 12-cell table (from its bits, answering by walks):
// its answer without a path is wrong (two too high), and every place
// where a search or a path meets it refuses it: query's answer with a
// path (replayed), classroom compare (a search beats it) and -verify.
func TestCountKeepingForgeryCampaign(t *testing.T) {
	ctx := context.Background()
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})
	truth := fixture.TableFor(t, goal)
	rng := fixture.NewRand(33)
	search0 := onceSearch(t)
	dir := t.TempDir()
	c := campaign{name: "2x5 table, count-keeping forgeries"}
	var refusedPath, refusedCompare int
	for i := range 12 {
		f := fixture.CountKeepingForgery(t, truth, rng)
		c.tried++
		path := filepath.Join(dir, fmt.Sprintf("case%d.tbl", i))
		h := store.TableHeader(goal, truth.Counts(), tablefile.EncodingMod4Bit)
		if err := tablefile.WriteFileV2(ctx, path, h, bytes.NewReader(f.Bits), tablefile.WriteOptions{Storage: tablefile.StorageRaw}); err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("case %d (board %s moved from %d to %d)", i, f.Raised, f.D, f.D+2)
		tab, err := table.OpenMod4(goal, truth.Counts(), table.Mod4Bytes(f.Bits))
		if err != nil {
			t.Fatalf("%s: a count-keeping forgery is refused when opened (%v): the campaign does not test what it should", what, err)
		}
		if d, err := tab.Lookup(f.Raised); err != nil || d != f.D+2 {
			t.Fatalf("%s: answered %d, %v without a path; the forgery answers two too high", what, d, err)
		}
		c.wrongBeforeVerify++
		c.wrongDistance++
		// query -path: the path replayed against the table.
		a, err := resolve.NewTableOracle(tab, path).Answer(ctx, f.Raised, resolve.Want{Path: true})
		var te *table.DamageError
		if errors.As(err, &te) {
			refusedPath++
		} else {
			t.Errorf("%s: query with a path answered %d (%d moves), %v", what, a.Distance, len(a.Path), err)
		}
		// classroom compare: a search finds the shorter path.
		_, err = classroom.Compare(ctx, f.Raised, goal, tab, search.Limits{})
		var ce *table.ContradictionError
		if errors.As(err, &ce) && ce.Board == f.Raised && ce.TableDistance == f.D+2 && ce.PathLength == f.D {
			refusedCompare++
		} else {
			t.Errorf("%s: classroom compare: %v (%+v)", what, err, ce)
		}
		rep, err := verifyTableWith(ctx, path, search0)
		if err == nil && !rep.ok() {
			c.refusedVerify++
		} else {
			c.wrong++
			t.Errorf("%s: -verify passed it (%v)", what, err)
		}
	}
	t.Log(c)
	t.Logf("refused by the replayed path: %d of %d; by classroom compare: %d of %d", refusedPath, c.tried, refusedCompare, c.tried)
	c.check(t)
}
