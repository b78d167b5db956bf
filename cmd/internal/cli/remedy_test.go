package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/twobit"
)

var (
	r24 = statespace.Shape{Rows: 2, Cols: 4}
	sq3 = statespace.Shape{Rows: 3, Cols: 3}
	sq4 = statespace.Shape{Rows: 4, Cols: 4}
	sq5 = statespace.Shape{Rows: 5, Cols: 5}
)

// The remedies of the typed errors, each the command that fixes it.
func TestRemedy(t *testing.T) {
	t.Setenv(store.EnvCache, "/cache")
	first24 := statespace.GoalFirst(r24)
	last4, last5 := statespace.GoalLast(sq4), statespace.GoalLast(sq5)
	ladder5 := resolve.Ladder(last5)
	custom4 := statespace.MustBoard(sq4, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0)
	part, err := pdb.ParsePartition("1,2,3,4/5,6,7,8", statespace.GoalLast(sq3))
	if err != nil {
		t.Fatal(err)
	}
	sp35 := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 5}))
	tooBig := twobit.EstimateFor(sp35, 2).Check(sp35.Goal(), 24<<30)
	zeroPart := part
	zeroPart.ZeroAware = true
	for _, c := range []struct {
		err  error
		want string
	}{
		{&store.NotFoundError{Goal: first24, Looked: []string{"embedded"}},
			"build it with: go run ./cmd/enumerate -shape 2x4 -goal first"},
		{fmt.Errorf("line 3: %w", &store.DamagedError{Path: "/cache/2x4-first.tbl", Goal: first24, Err: errors.New("bad")}),
			"rebuild it with: go run ./cmd/enumerate -shape 2x4 -goal first"},
		{&store.DamagedError{Path: "x.tbl", Err: errors.New("bad")}, ""}, // a file of no known goal
		{&store.DamagedError{Path: "/cache/2x4-first.tbl", Goal: first24, Err: &table.DamageError{Msg: "bad bits"}},
			"rebuild it with: go run ./cmd/enumerate -shape 2x4 -goal first"},
		{&store.DamagedError{Path: "embedded 3x3-last.tbl", Err: &table.DamageError{Msg: "bad bits"}}, ""},
		{&table.DamageError{Msg: "bad bits"}, ""}, // a table of no file
		{fmt.Errorf("board x: %w", &store.DamagedError{Path: "/cache/2x4-first.tbl", Goal: first24, Err: &table.ContradictionError{TableDistance: 38, PathLength: 36, Search: "A* (Manhattan)"}}),
			"check the file with: go run ./cmd/enumerate verify /cache/2x4-first.tbl; rebuild it with: go run ./cmd/enumerate -shape 2x4 -goal first"},
		{&store.DamagedError{Path: "embedded 3x3-last.tbl", Err: &table.ContradictionError{TableDistance: 3, PathLength: 1}}, ""},
		{&table.ContradictionError{TableDistance: 3, PathLength: 1}, ""},
		{&store.DamagedError{Path: "/cache/2x4-first.tbl", Goal: first24, Err: &table.DamageError{Msg: "replayed", Err: &table.ReplayError{Step: 2, Want: 5, Got: 7}}},
			"check the file with: go run ./cmd/enumerate verify /cache/2x4-first.tbl; rebuild it with: go run ./cmd/enumerate -shape 2x4 -goal first"},
		{&store.PDBDamagedError{Path: "/cache/3x3-last-pdb-5.6.7.8.pdb", Goal: statespace.GoalLast(sq3), Partition: part, Err: errors.New("bad")},
			"rebuild it with: go run ./cmd/enumerate databases -shape 3x3 -goal last -pdb 1,2,3,4/5,6,7,8"},
		{&store.PDBDamagedError{Path: "/mine/3x3-last-pdb-5.6.7.8.pdb", Goal: statespace.GoalLast(sq3), Partition: part, Err: errors.New("bad")},
			"rebuild it with: go run ./cmd/enumerate databases -shape 3x3 -goal last -pdb 1,2,3,4/5,6,7,8 -out /mine"},
		{&store.PDBNotFoundError{Goal: last4, Partition: "7-8"},
			"build them with: go run ./cmd/enumerate databases -shape 4x4 -goal last -pdb 7-8"},
		{&store.PDBNotFoundError{Goal: last5, Partition: "6-6-6-6", ZeroAware: true},
			"build them with: go run ./cmd/enumerate databases -shape 5x5 -goal last -pdb 6-6-6-6 -zero-aware"},
		{&store.PDBDamagedError{Path: "/cache/3x3-last-zpdb-5.6.7.8.pdb", Goal: statespace.GoalLast(sq3), Partition: zeroPart, Err: errors.New("bad")},
			"rebuild it with: go run ./cmd/enumerate databases -shape 3x3 -goal last -pdb 1,2,3,4/5,6,7,8 -zero-aware"},

		{&store.PDBNotFoundError{Goal: last4}, "build them with: go run ./cmd/enumerate databases -shape 4x4 -goal last -pdb 6-6-3"},
		{&store.PDBNotFoundError{Goal: last5}, "build them with: go run ./cmd/enumerate databases -shape 5x5 -goal last -pdb 6-6-6-6"},
		{&store.PDBNotFoundError{Goal: custom4}, "build them with: go run ./cmd/enumerate databases -shape 4x4 -goal 2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0 -pdb 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"},
		{&resolve.NeedPDBsError{Goal: last5, Partition: "6-6-6-6", Rung: ladder5[0], Machine: resolve.Machine{Memory: 8 << 30}},
			"build the 6-6-6-6 databases first (the strongest set that fits 8.0 GiB of memory; 0.5 GB on disk and held while searching, 2.3 GB at the build's peak; minutes on 2 cores) with: go run ./cmd/enumerate databases -shape 5x5 -goal last -pdb 6-6-6-6"},
		{&resolve.NeedPDBsError{Goal: last5, Partition: "6-6-6-6x7", ZeroAware: true, Rung: ladder5[3], Machine: resolve.Machine{Memory: 24 << 30, DiskFree: 80e9}},
			"build the 6-6-6-6x7 zero-aware databases first (the strongest set that fits 24.0 GiB of memory; 33.9 GB on disk, 17.0 GB held while searching, 8.4 GB at the build's peak; minutes on 2 cores) with: go run ./cmd/enumerate databases -shape 5x5 -goal last -pdb 6-6-6-6x7 -zero-aware"},
		{&resolve.NeedPDBsError{Goal: last5, Partition: "6-6-6-6x4", ZeroAware: true, Rung: ladder5[2], Machine: resolve.Machine{Memory: 24 << 30, DiskFree: 25e9}, DiskLimited: true},
			"build the 6-6-6-6x4 zero-aware databases first (the strongest set that fits 24.0 GiB of memory and the 25.0 GB free on disk; 19.4 GB on disk, 9.7 GB held while searching, 7.6 GB at the build's peak; minutes on 2 cores) with: go run ./cmd/enumerate databases -shape 5x5 -goal last -pdb 6-6-6-6x4 -zero-aware"},
		{&resolve.NeedPDBsError{Goal: last5, Partition: "6-6-6-6", Rung: ladder5[0]},
			"build the 6-6-6-6 databases first (this machine's memory is not known: set $TILESPACE_MEMORY to its size for a stronger set; 0.5 GB on disk and held while searching, 2.3 GB at the build's peak; minutes on 2 cores) with: go run ./cmd/enumerate databases -shape 5x5 -goal last -pdb 6-6-6-6"},
		{&resolve.NoDepthTableError{Goal: statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 6}), Buildable: true},
			"build it with: go run ./cmd/enumerate -shape 2x6 -goal last; without -depth, boards are drawn from all reachable ones"},
		{&resolve.NoDepthTableError{Goal: last4}, "without -depth, boards are drawn from all reachable ones"},
		{&TabledError{Goal: statespace.GoalLast(sq3)}, "drop -pdb and -pdb-dir"},
		{tooBig, "it takes a cluster: run the same search as Apache Beam pipelines from the beam folder, first as a dry run (cd beam && go run ./cmd/beam-enumerate -shape 3x5 -levels 20), then on a runner (-runner dataflow|flink|spark; docs/DISTRIBUTED.md); pattern databases solve it instead: go run ./cmd/enumerate databases -shape 3x5 -goal last -pdb 1,2,3,4,5/6,7,8,9,10/11,12,13,14"},
		{fmt.Errorf("board x: %w", &resolve.DatabasesDamagedError{Goal: statespace.GoalLast(sq3), Partition: part, Files: []string{"/mine/3x3-last-pdb-5.6.7.8.pdb"}, Err: &pdb.PathBoundError{}}),
			"check it with: go run ./cmd/enumerate verify /mine/3x3-last-pdb-5.6.7.8.pdb; rebuild it with: go run ./cmd/enumerate databases -shape 3x3 -goal last -pdb 1,2,3,4/5,6,7,8 -out /mine"},
		{&resolve.DatabasesDamagedError{Goal: statespace.GoalLast(sq3), Partition: zeroPart, Files: []string{"/cache/3x3-last-zpdb-1.2.3.4.pdb", "/cache/3x3-last-zpdb-5.6.7.8.pdb"}, Err: &resolve.BeatenError{}},
			"check them with: go run ./cmd/enumerate verify /cache/3x3-last-zpdb-1.2.3.4.pdb; go run ./cmd/enumerate verify /cache/3x3-last-zpdb-5.6.7.8.pdb; rebuild them with: go run ./cmd/enumerate databases -shape 3x3 -goal last -pdb 1,2,3,4/5,6,7,8 -zero-aware"},
		{&resolve.DatabasesDamagedError{Goal: statespace.GoalLast(sq3), Partition: part, Err: &resolve.BeatenError{}}, ""}, // built in memory
		{&resolve.BeatenError{}, ""}, // linear conflict overestimating: a defect
		{errors.New("disk full"), ""},
	} {
		if got := Remedy(c.err); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.err, got, c.want)
		}
		want := c.err.Error()
		if c.want != "" {
			want += "; " + c.want
		}
		if got := Explain(c.err); got != want {
			t.Errorf("Explain: %q, want %q", got, want)
		}
	}
}

// What a command prints for a damaged cache file and a missing table,
// from the errors store really returns: the facts, then the command.
func TestReportNamesTheFix(t *testing.T) {
	ctx := context.Background()
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	goal := statespace.GoalFirst(r24)
	_, _, err := store.NewCache(cache).LoadTable(ctx, goal)
	var b bytes.Buffer
	if code := Report(&b, "query", err, "stopped"); code != 1 ||
		b.String() != "query: no distance table for 2x4 goal first (looked in: embedded, "+cache+"/2x4-first.tbl); build it with: go run ./cmd/enumerate -shape 2x4 -goal first\n" {
		t.Errorf("missing: exit %d, %q", code, b.String())
	}

	tab, err := table.Enumerate(ctx, statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	payload := tab.Mod4Payload()
	payload[100] ^= 8 // a wrong bit under a valid checksum
	path, _, err := store.NewCache(cache).WriteMod4Table(ctx, goal, tab.Counts(), bytes.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = store.NewCache(cache).LoadTable(ctx, goal)
	b.Reset()
	Report(&b, "query", err, "stopped")
	if got := b.String(); !strings.HasPrefix(got, "query: "+path+" is damaged: the stored bit of board ") ||
		!strings.HasSuffix(got, "; rebuild it with: go run ./cmd/enumerate -shape 2x4 -goal first\n") {
		t.Errorf("damaged: %q", got)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}
