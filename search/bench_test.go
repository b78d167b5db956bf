package search

import (
	"context"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Each benchmark runs one algorithm on a fixed board and reports nodes
// expanded per second (and per run). Boards: the notebook's Medium preset
// 1 2 5 / 3 4 _ / 6 7 8 (21 moves from "last") for most; the COMS 4701
// DFS case (181,437 expansions toward "first") for DFS; a 14-move board
// for the tree searches without a heuristic.
func benchAlg(b *testing.B, start, goal string, run Func) {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	s, _ := statespace.Parse(start, sh)
	g, _ := statespace.ParseGoal(goal, sh)
	p := Problem{Start: s, Goal: g}
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		r, err := run(bg, p)
		if err != nil || !r.Found {
			b.Fatalf("not found: %v (%v)", r.StoppedBy, err)
		}
		nodes += r.Expanded
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

const (
	medium  = "1,2,5,3,4,0,6,7,8"
	hardest = "8,6,7,2,5,4,3,0,1"
	shallow = "1,2,3,8,0,5,6,4,7" // 14 moves from "last"
)

func BenchmarkBFS(b *testing.B)     { benchAlg(b, medium, "last", BFS) }
func BenchmarkDFSCOMS(b *testing.B) { benchAlg(b, medium, "first", DFS) }
func BenchmarkDLS(b *testing.B) {
	benchAlg(b, shallow, "last", func(ctx context.Context, p Problem) (Result, error) { return DLS(ctx, p, 14) })
}
func BenchmarkIDDFS(b *testing.B) { benchAlg(b, shallow, "last", IDDFS) }
func BenchmarkUCS(b *testing.B) {
	benchAlg(b, medium, "last", func(ctx context.Context, p Problem) (Result, error) { return UCS(ctx, p, nil) })
}
func BenchmarkGreedy(b *testing.B) {
	benchAlg(b, hardest, "last", func(ctx context.Context, p Problem) (Result, error) { return Greedy(ctx, p, md33()) })
}
func BenchmarkGainClimber(b *testing.B) {
	benchAlg(b, medium, "last", func(ctx context.Context, p Problem) (Result, error) { return GainClimber(ctx, p, ClimberRule{}) })
}
func BenchmarkAStarMisplaced(b *testing.B) {
	benchAlg(b, medium, "last", func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, pdb.NewMisplaced(p.Goal)) })
}
func BenchmarkAStarManhattan(b *testing.B) {
	benchAlg(b, hardest, "last", func(ctx context.Context, p Problem) (Result, error) { return AStar(ctx, p, md33()) })
}
func BenchmarkAStarLinearConflict(b *testing.B) {
	benchAlg(b, hardest, "last", func(ctx context.Context, p Problem) (Result, error) {
		return AStar(ctx, p, pdb.NewLinearConflict(p.Goal))
	})
}
func BenchmarkIDAStarManhattan(b *testing.B) {
	benchAlg(b, hardest, "last", func(ctx context.Context, p Problem) (Result, error) { return IDAStar(ctx, p, md33()) })
}
func BenchmarkIDAStarLinearConflict(b *testing.B) {
	benchAlg(b, hardest, "last", func(ctx context.Context, p Problem) (Result, error) {
		return IDAStar(ctx, p, pdb.NewLinearConflict(p.Goal))
	})
}

func md33() *pdb.Manhattan {
	return pdb.NewManhattan(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
}

// The benchmark boards are as far from their goals as their comments say
// (the climber's board must be one it solves).
func TestBenchBoards(t *testing.T) {
	tb := tableFor(t, statespace.GoalLast(sh33))
	for _, c := range []struct {
		board string
		d     int
	}{{medium, 21}, {hardest, 31}, {shallow, 14}} {
		if got := fixture.Dist(t, tb, mustParse(t, c.board)); got != c.d {
			t.Errorf("%s: distance %d, want %d", c.board, got, c.d)
		}
	}
}
