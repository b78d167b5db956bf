package analyze

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/longtest"
	"github.com/tilespace/tilespace/statespace"
)

func benchProfile(b *testing.B, s statespace.Shape, names []string) {
	ctx := context.Background()
	goal := statespace.GoalLast(s)
	sp := statespace.MustSpace(goal)
	hs, err := NewHeuristics(ctx, goal, names)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		lv, err := Distances(ctx, sp, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Run(ctx, sp, lv, hs, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sp.Size()), "states")
}

// BenchmarkProfileManhattan3x3 is the distances and Manhattan distance's
// profile of the 8-puzzle.
func BenchmarkProfileManhattan3x3(b *testing.B) {
	benchProfile(b, statespace.Shape{Rows: 3, Cols: 3}, []string{"manhattan"})
}

// BenchmarkProfileAll3x3 is the distances and the profile of every default
// heuristic of the 8-puzzle (databases built outside the loop).
func BenchmarkProfileAll3x3(b *testing.B) {
	s := statespace.Shape{Rows: 3, Cols: 3}
	benchProfile(b, s, DefaultHeuristics(statespace.GoalLast(s)))
}

// BenchmarkProfileManhattan2x5 is the same on 1,814,400 boards.
func BenchmarkProfileManhattan2x5(b *testing.B) {
	benchProfile(b, statespace.Shape{Rows: 2, Cols: 5}, []string{"manhattan"})
}

// BenchmarkProfileManhattan3x4 is the published figure: 239,500,800 boards
// (TILESPACE_LONG=1; run with -benchtime 1x).
func BenchmarkProfileManhattan3x4(b *testing.B) {
	longtest.Skip(b, "the 3x4 profile (a minute, 230 MiB)")
	benchProfile(b, statespace.Shape{Rows: 3, Cols: 4}, []string{"manhattan"})
}

// BenchmarkDistances2x5 is the breadth-first search alone.
func BenchmarkDistances2x5(b *testing.B) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5}))
	for b.Loop() {
		if _, err := Distances(context.Background(), sp, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDBSize3x3 is the database-size comparison on 100 boards of the
// 8-puzzle with the default partitions (the docs' example).
func BenchmarkDBSize3x3(b *testing.B) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DBSize(context.Background(), DBSizeConfig{Goal: goal, Boards: 100, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSampleConditional4x4 estimates Manhattan distance's
// conditional distribution on the 15-puzzle from 100,000 boards.
func BenchmarkSampleConditional4x4(b *testing.B) {
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	sp := statespace.MustSpace(goal)
	hs, err := NewHeuristics(ctx, goal, []string{"manhattan"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SampleConditional(ctx, sp, hs[0], 80, 100_000, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkManhattanDistribution4x4 is the exact distribution of
// Manhattan distance over the 15-puzzle's boards, by the dynamic
// programme over tile placements.
func BenchmarkManhattanDistribution4x4(b *testing.B) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ManhattanDistribution(context.Background(), goal); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDatabaseDistribution4x4 is the distribution of the 5-5-5
// databases' sum from their entries (the databases built outside the
// loop).
func BenchmarkDatabaseDistribution4x4(b *testing.B) {
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	hs, err := NewHeuristics(ctx, goal, []string{"pdb:5-5-5"})
	if err != nil {
		b.Fatal(err)
	}
	a := hs[0].dbs
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DatabaseDistribution(ctx, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMeasureKorf1Manhattan is IDA* on Korf's first instance with
// Manhattan distance on the solver's engine, every core: 102,945,789
// nodes expanded over 9 iterations (TILESPACE_LONG=1).
func BenchmarkMeasureKorf1Manhattan(b *testing.B) {
	longtest.Skip(b, "a hundred million expansions")
	ctx := context.Background()
	goal := statespace.GoalFirst(statespace.Shape{Rows: 4, Cols: 4})
	hs, err := NewHeuristics(ctx, goal, []string{"manhattan"})
	if err != nil {
		b.Fatal(err)
	}
	m, err := NewMeasurer(ctx, goal, hs[0], 0)
	if err != nil {
		b.Fatal(err)
	}
	board := statespace.MustBoard(goal.Shape(), 14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)
	var nodes uint64
	for b.Loop() {
		_, exp, err := m.Iterations(ctx, board)
		if err != nil {
			b.Fatal(err)
		}
		nodes = 0
		for _, x := range exp {
			nodes += x
		}
	}
	b.ReportMetric(float64(nodes), "expanded")
}
