package pdb_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// TestMaximum24Admissible checks the 24-puzzle's maximum 6-6-6-6x7 of
// zero-aware databases (read from the cache folder, where enumerate writes
// them; held packed) against distances known independently: on each of
// Korf & Felner's 50 instances the value never exceeds the published
// optimal length, and on every board along the optimal paths in testdata
// (each checked here to replay to the goal in the published number of
// moves) it never exceeds the moves left. It is never below Korf &
// Felner's 6-6-6-6 alone, which is one of its groups, and the packed
// databases give exactly the values of the files as mapped.
func TestMaximum24Admissible(t *testing.T) {
	longtest.Skip(t, "the 24-puzzle's 6-6-6-6x7 databases against known distances")
	goal := statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5})
	cache, err := store.DefaultCache()
	if err != nil {
		t.Fatal(err)
	}
	load := func(name string) *pdb.Additive {
		part, err := pdb.Preset(name, goal)
		if err != nil {
			t.Fatal(err)
		}
		part.ZeroAware = true
		a, _, err := store.LoadPartition(context.Background(), []string{cache.Dir()}, goal, part, nil)
		var nf *store.PDBNotFoundError
		if errors.As(err, &nf) {
			t.Fatalf("%v: build them with: go run ./cmd/enumerate databases -shape 5x5 -goal first -pdb %s -zero-aware", err, name)
		}
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	single, h := load("6-6-6-6"), load("6-6-6-6x7")
	if !h.Packed() {
		t.Fatal("6-6-6-6x7 is not held packed")
	}
	// The same files as mapped, unpacked.
	var mapped []*pdb.PDB
	for _, pat := range h.Partition().Patterns {
		p, err := store.ReadPDB(filepath.Join(cache.Dir(), store.ZeroAwarePDBFile(goal, pat).Name()), goal, pat)
		if err != nil {
			t.Fatal(err)
		}
		mapped = append(mapped, p)
	}
	unpacked, err := pdb.NewAdditive(goal, h.Partition(), mapped)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, b statespace.Board, dist int) {
		s, v, u := single.Distance(b), h.Distance(b), unpacked.Distance(b)
		if v > dist || v < s || v != u {
			t.Fatalf("%s: 6-6-6-6 says %d, 6-6-6-6x7 %d (unpacked %d), the board is %d moves from the goal", what, s, v, u, dist)
		}
	}
	above := 0
	for _, in := range reference.Korf50() {
		b, err := statespace.Parse(in.Board, goal.Shape())
		if err != nil {
			t.Fatal(err)
		}
		check("instance "+strconv.Itoa(in.ID), b, in.Optimal)
		if h.Distance(b) > single.Distance(b) {
			above++
		}
	}
	if above == 0 {
		t.Error("6-6-6-6x7 is never above 6-6-6-6 on Korf's 50")
	}

	boards, paths := 0, 0
	for _, kp := range korf24Paths(t, goal) {
		x := kp.board
		for k, m := range kp.moves {
			check("instance "+strconv.Itoa(kp.id)+" after "+strconv.Itoa(k)+" moves", x, len(kp.moves)-k)
			x, _ = x.Apply(m)
			boards++
		}
		paths++
	}
	t.Logf("Korf's 50: 6-6-6-6x7 above 6-6-6-6 on %d; %d boards on %d optimal paths within their distances", above, boards, paths)
}

// korf24Path is one line of testdata/korf24-paths.tsv: an optimal
// solution of one of Korf's 24-puzzle instances.
type korf24Path struct {
	id    int
	board statespace.Board
	moves []statespace.Move
}

// korf24Paths reads testdata/korf24-paths.tsv and fails unless every
// line is one of Korf's 50 (its board the published one), once, with a
// path of the published optimal length that takes it to goal.
func korf24Paths(t *testing.T, goal statespace.Board) []korf24Path {
	t.Helper()
	published := map[int]reference.Instance{}
	for _, in := range reference.Korf50() {
		published[in.ID] = in
	}
	f, err := os.Open(filepath.Join("testdata", "korf24-paths.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	var out []korf24Path
	seen := map[int]bool{}
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		id, err := strconv.Atoi(fields[0])
		if err != nil || len(fields) != 3 || seen[id] {
			t.Fatalf("testdata line %q", line)
		}
		seen[id] = true
		in, ok := published[id]
		if !ok || fields[1] != in.Board {
			t.Fatalf("instance %d: board %s is not Korf's", id, fields[1])
		}
		b, err := statespace.Parse(fields[1], goal.Shape())
		if err != nil {
			t.Fatal(err)
		}
		moves, err := statespace.ParseMoveLetters(fields[2])
		if err != nil {
			t.Fatalf("instance %d: %v", id, err)
		}
		if len(moves) != in.Optimal {
			t.Fatalf("instance %d: the path has %d moves, the published optimum is %d", id, len(moves), in.Optimal)
		}
		if end, at := b.ApplyAll(moves); at >= 0 || end != goal {
			t.Fatalf("instance %d: the path leaves the board (move %d) or does not end on the goal", id, at+1)
		}
		out = append(out, korf24Path{id: id, board: b, moves: moves})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no paths in testdata")
	}
	return out
}

// TestKorf24Paths checks the optimal paths kept for Korf's 24-puzzle
// instances without the databases: each takes its board to the goal in
// the published optimal number of moves.
func TestKorf24Paths(t *testing.T) {
	paths := korf24Paths(t, statespace.GoalFirst(statespace.Shape{Rows: 5, Cols: 5}))
	t.Logf("%d of Korf's 50 with an optimal path", len(paths))
}
