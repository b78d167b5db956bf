package doors_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/forged"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/python/pyapi"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
	"github.com/tilespace/tilespace/twobit"
)

// door is what every door answers an error of one kind with.
type door struct {
	exit   int    // cli.Status
	http   int    // api.ErrorReply's status (its fallback 400)
	python string // pyapi.ErrorKind, the Python exception's kind
}

var doors = map[errkind.Kind]door{
	errkind.Board:      {1, api.StatusBadRequest, "board"},
	errkind.Unsolvable: {1, api.StatusUnprocessableEntity, "unsolvable"},
	errkind.Goal:       {1, api.StatusBadRequest, "goal"},
	errkind.Shape:      {1, api.StatusBadRequest, "shape"},
	errkind.Missing:    {1, api.StatusNotFound, "missing"},
	errkind.Damaged:    {1, api.StatusInternalServerError, "damaged"},
	errkind.Limit:      {1, api.StatusServiceUnavailable, "limit"},
	errkind.Value:      {1, api.StatusBadRequest, "value"},
	errkind.Canceled:   {130, api.StatusServiceUnavailable, "canceled"},
}

// The same faults, each made by the code that meets it (a resolver on a
// damaged or forged file, the one parse of a request, a search out of
// time), are one kind at every door: the command's exit status and
// remedy, the page's status and the Python exception agree. A damaged
// pattern database is damage everywhere: 500 on the page,
// DamagedFileError in Python, status 1 with the rebuild command.
func TestFaultsAgreeAtEveryDoor(t *testing.T) {
	for _, c := range faults(t) {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if k := errkind.Of(c.err); k != c.kind {
			t.Errorf("%s: %v is of kind %q, want %q", c.name, c.err, k, c.kind)
			continue
		}
		want := doors[c.kind]
		if got := cli.Status(c.err); got != want.exit {
			t.Errorf("%s: exit status %d, want %d", c.name, got, want.exit)
		}
		if remedy := cli.Remedy(c.err); (c.remedy == "") != (remedy == "") || !strings.Contains(remedy, c.remedy) {
			t.Errorf("%s: remedy %q, want %q", c.name, remedy, c.remedy)
		}
		if status, body := api.ErrorReply(c.err, api.StatusBadRequest); status != want.http {
			t.Errorf("%s: the page answers %d %s, want %d", c.name, status, body, want.http)
		}
		wantPython := want.python
		if c.name == "time limit" {
			// Python narrows a limit of time to TimeLimitError, a
			// LimitError that is also a TimeoutError.
			wantPython = pyapi.KindTime
		}
		if got := pyapi.ErrorKind(c.err); got != wantPython {
			t.Errorf("%s: Python's kind %q, want %q", c.name, got, wantPython)
		}
	}
}

// Every kind has its row at every door: an exit status and a remedy
// for the commands, a status for the page, an exception for Python.
func TestEveryKindHasADoor(t *testing.T) {
	for _, k := range errkind.All() {
		d, ok := cli.Doors[k]
		if !ok || d.Remedy == nil || d.Status != doors[k].exit {
			t.Errorf("kind %q: the commands' row %+v, want status %d", k, d, doors[k].exit)
		}
		if k != errkind.Canceled {
			if st := api.Statuses[k]; st != doors[k].http {
				t.Errorf("kind %q: the page's status %d, want %d", k, st, doors[k].http)
			}
		}
		if got := pyapi.ErrorKind(errkind.New(k, os.ErrInvalid)); got != doors[k].python || got != k.String() {
			t.Errorf("kind %q: Python's kind %q, want %q", k, got, doors[k].python)
		}
	}
}

func newResolver(t *testing.T, cfg resolve.Config) *resolve.Resolver {
	t.Helper()
	res, err := resolve.NewResolver(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// flip flips a bit of a byte in the middle of the file at path.
func flip(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0x40
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// fault is an error a door may meet, and the kind it is.
type fault struct {
	name   string
	err    error
	kind   errkind.Kind
	remedy string // what the command's remedy says ("": there is none)
}

// faults makes each fault with the code that meets it.
func faults(t *testing.T) []fault {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	goal34 := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})

	// A table whose checksum fails, where the resolver may not rebuild it.
	tableDir := t.TempDir()
	forged.DamagedTable(t, tableDir, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	tableRes := newResolver(t, resolve.Config{Cache: store.NewCache(tableDir), BuildLimit: 1})
	_, damagedTable := tableRes.Answer(ctx, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}),
		statespace.MustBoard(statespace.Shape{Rows: 2, Cols: 4}, 1, 2, 3, 4, 5, 6, 0, 7), resolve.Want{})

	// Pattern databases with an entry forged (their checksums and counts
	// sound), which the answer's own path shows.
	f := forged.Write(t, t.TempDir(), goal34, "1,2,3,4/5,6,7,8/9,10,11", 30, 1, true)
	part, err := pdb.ParsePartition(f.Partition, goal34)
	if err != nil {
		t.Fatal(err)
	}
	forgedRes := newResolver(t, resolve.Config{PDBDir: f.Dir, Partition: part})
	_, forgedPath := forgedRes.Answer(ctx, goal34, f.Board, resolve.Want{Path: true})

	// An answer on them beaten by a shorter path of another search.
	o, err := forgedRes.Oracle(ctx, goal34, resolve.Need{})
	if err != nil {
		t.Fatal(err)
	}
	other := statespace.Walk(fixture.NewRand(2), goal34, 20, statespace.NoReverse)
	a, err := o.Answer(ctx, other, resolve.Want{})
	if err != nil {
		t.Fatal(err)
	}
	beaten := resolve.CheckReference(a, a.Distance-1, "A* (Manhattan)")

	// The same databases with a byte of a file flipped: its checksum fails.
	flipped := t.TempDir()
	copyDir(t, f.Dir, flipped)
	flip(t, filepath.Join(flipped, filepath.Base(f.File)))
	_, damagedPDB := newResolver(t, resolve.Config{PDBDir: flipped, Partition: part}).Answer(ctx, goal34, f.Board, resolve.Want{})

	// A table the cache folder lacks, and a file that is not there.
	_, missingTable := newResolver(t, resolve.Config{Cache: store.NewCache(t.TempDir())}).
		Oracle(ctx, goal34, resolve.Need{TableOnly: true})
	_, missingFile := store.ReadTable(ctx, filepath.Join(t.TempDir(), "none.tbl"), statespace.Board{})

	parse := func(board, shape, goal string) error {
		_, err := statespace.ParseRequest(board, shape, goal)
		return err
	}
	swapped := statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, 2, 1, 3, 4, 5, 6, 7, 8, 0)
	unsolvable := resolve.CheckSolvable(statespace.GoalLast(swapped.Shape()), swapped)

	expired, cancel := context.WithTimeout(ctx, 0)
	defer cancel()
	_, timeLimit := o.Answer(expired, f.Board, resolve.Want{})
	stopped, stop := context.WithCancel(ctx)
	stop()
	_, canceled := o.Answer(stopped, f.Board, resolve.Want{})
	sp35 := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 5}))
	tooBig := twobit.EstimateFor(sp35, 2).Check(sp35.Goal(), 1<<30)
	_, tooMany := table.Enumerate(ctx, sp35, nil)

	return []fault{
		{"damaged table", damagedTable, errkind.Damaged, "rebuild it with: go run ./cmd/enumerate -shape 2x4 -goal last"},
		{"forged pattern database", forgedPath, errkind.Damaged, "check it with: go run ./cmd/enumerate verify " + f.File},
		{"beaten search", beaten, errkind.Damaged, "rebuild them with: go run ./cmd/enumerate databases -shape 3x4"},
		{"damaged pattern database", damagedPDB, errkind.Damaged, "rebuild it with: go run ./cmd/enumerate databases -shape 3x4"},
		{"missing table", missingTable, errkind.Missing, ""},
		{"missing file", missingFile, errkind.Missing, ""},
		{"bad board", parse("1,2,3,x", "", ""), errkind.Board, ""},
		{"unsolvable board", unsolvable, errkind.Unsolvable, ""},
		{"bad goal", parse("8,6,7,2,5,4,3,0,1", "", "middle"), errkind.Goal, ""},
		{"goal of another shape", parse("8,6,7,2,5,4,3,0,1", "3x3", "1,2,3,0"), errkind.Goal, ""},
		{"bad shape", parse("", "3by3", ""), errkind.Shape, ""},
		{"a space too large for a table", tooMany, errkind.Shape, ""},
		{"time limit", timeLimit, errkind.Limit, ""},
		{"memory limit", tooBig, errkind.Limit, "it takes a cluster"},
		{"canceled", canceled, errkind.Canceled, ""},
	}
}
