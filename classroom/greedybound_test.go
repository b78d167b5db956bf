package classroom

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// GreedyStats is bounded by MaxTime as a whole and stops with its context,
// each time with the statistics of the boards climbed so far: every board
// counted once, in rows for the mixing lengths begun.
func TestGreedyStatsBounded(t *testing.T) {
	table := fixture.TableFor(t, statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	opt := GreedyStatsOptions{N: 1_000_000, Ks: []int{10, 100_000}, MaxTime: 300 * time.Millisecond}
	g, err := GreedyStats(bg, table, opt)
	if err != nil || g.StoppedBy != search.StopTimeLimit {
		t.Fatalf("time limit: %v, stopped by %v", err, g.StoppedBy)
	}
	checkPartial(t, "time limit", g, opt)
	ctx, cancel := context.WithTimeout(bg, 300*time.Millisecond)
	defer cancel()
	opt.MaxTime = time.Hour
	g, err = GreedyStats(ctx, table, opt)
	if !errors.Is(err, context.DeadlineExceeded) || g == nil || g.StoppedBy != search.StopCanceled {
		t.Fatalf("context done: %v, %+v", err, g)
	}
	checkPartial(t, "context", g, opt)
	// The defaults: the other reports' bound on a search and on time.
	g, err = GreedyStats(bg, table, GreedyStatsOptions{N: 3, Ks: []int{10}})
	if err != nil || g.MaxTime != search.DefaultMaxTime || g.MaxMoves != min(4*int64(table.States()), search.DefaultMaxExpanded) || g.StoppedBy != search.StopNone {
		t.Errorf("defaults: %v, %v, %d moves, stopped by %v", err, g.MaxTime, g.MaxMoves, g.StoppedBy)
	}
}

func checkPartial(t *testing.T, what string, g *GreedyReport, opt GreedyStatsOptions) {
	t.Helper()
	sum := 0
	for _, r := range g.Rows {
		sum += r.Boards
	}
	if len(g.Rows) == 0 || len(g.Rows) > len(opt.Ks) || sum != g.Overall.Boards || sum >= opt.N*len(opt.Ks) || g.Overall.Boards == 0 {
		t.Errorf("%s: rows %+v, overall %d boards", what, g.Rows, g.Overall.Boards)
	}
}

// The mixing walks are bounded too: a mixing length no run could walk
// stops at MaxTime, or with the context, with no board counted, and a
// walk in chunks reaches the board one walk reaches.
func TestGreedyStatsMixingBounded(t *testing.T) {
	table := fixture.TableFor(t, statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
	opt := GreedyStatsOptions{N: 1, Ks: []int{math.MaxInt}, MaxTime: 50 * time.Millisecond}
	g, err := GreedyStats(bg, table, opt)
	if err != nil || g.StoppedBy != search.StopTimeLimit || g.Overall.Boards != 0 {
		t.Fatalf("time limit: %v, %+v", err, g)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	opt.MaxTime = time.Hour
	g, err = GreedyStats(ctx, table, opt)
	if !errors.Is(err, context.Canceled) || g == nil || g.StoppedBy != search.StopCanceled || g.Overall.Boards != 0 {
		t.Fatalf("context done: %v, %+v", err, g)
	}
	goal := table.Space().Goal()
	for _, k := range []int{0, 1, mixChunk - 1, mixChunk, 3*mixChunk + 7} {
		b, stop, err := mix(bg, rand.New(rand.NewPCG(5, uint64(k))), goal, k, time.Now().Add(time.Hour))
		want := statespace.Walk(rand.New(rand.NewPCG(5, uint64(k))), goal, k, statespace.AnyMove)
		if b != want || stop != search.StopNone || err != nil {
			t.Errorf("mixing %d moves: %s %v %v, one walk reaches %s", k, b, stop, err, want)
		}
	}
}
