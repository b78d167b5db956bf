package solver

import (
	"context"
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/prune"
	"github.com/tilespace/tilespace/statespace"
)

// BenchmarkKorf10 solves the 10 easiest of Korf's 100 instances with
// 6-6-3, built in memory before the timer starts.
func BenchmarkKorf10(b *testing.B) {
	benchKorf(b, easiestKorf(b, 10))
}

// BenchmarkKorf100 solves all of Korf's 100 instances with 6-6-3 (built
// in memory first, a few seconds). The target is ≤ 15 s on 2
// cores; query -in data/reference/korf100.tsv solves them with the
// strongest databases in the cache (see the README):
//
//	go test ./solver -run XXX -bench Korf100 -benchtime 1x
func BenchmarkKorf100(b *testing.B) {
	benchKorf(b, korf100(b))
}

// BenchmarkKorf100Prune is BenchmarkKorf100 at each depth of the
// duplicate-path machine (Solver.Prune; 2 cuts only the move undoing the
// last, 10 is the 4x4's default), to set the children it saves against
// its cost:
//
//	go test ./solver -run XXX -bench Korf100Prune -benchtime 1x -count 5
func BenchmarkKorf100Prune(b *testing.B) {
	instances := korf100(b)
	for _, depth := range []int{2, 8, 10, 12, 14} {
		b.Run(fmt.Sprintf("prune=%d", depth), func(b *testing.B) {
			if _, err := prune.For(statespace.Shape{Rows: 4, Cols: 4}, depth); err != nil {
				b.Fatal(err)
			}
			benchKorf(b, instances, func(s *Solver) { s.Prune = depth })
		})
	}
}

// BenchmarkKorf100Dual is BenchmarkKorf100 with dual lookups and BPMX
// (Solver.Dual), to set their saving in nodes against their cost.
func BenchmarkKorf100Dual(b *testing.B) {
	benchKorf(b, korf100(b), func(s *Solver) { s.Dual = true })
}

// BenchmarkKorf100Max solves Korf's 100 instances with the maximum of
// 6-6-3 and 5-5-5 (each with the reflection), its databases as built and
// packed (pdb.Pack): what a maximum's lookups and packed entries cost
// against the nodes they save:
//
//	go test ./solver -run XXX -bench Korf100Max -benchtime 1x -count 5
func BenchmarkKorf100Max(b *testing.B) {
	goal := statespace.GoalFirst(sq4)
	part, err := pdb.ParsePartition("6-6-3|5-5-5", goal)
	if err != nil {
		b.Fatal(err)
	}
	h, err := pdb.BuildPartition(context.Background(), goal, part, nil)
	if err != nil {
		b.Fatal(err)
	}
	packed, err := h.Pack(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		h    *pdb.Additive
	}{{"held", h}, {"packed", packed}} {
		b.Run(c.name, func(b *testing.B) { benchKorfOn(b, c.h, korf100(b)) })
	}
}

func benchKorf(b *testing.B, instances []korfInstance, options ...func(*Solver)) {
	h, err := buildPreset("6-6-3")
	if err != nil {
		b.Fatal(err)
	}
	benchKorfOn(b, h, instances, options...)
}

func benchKorfOn(b *testing.B, h *pdb.Additive, instances []korfInstance, options ...func(*Solver)) {
	s, err := New(h)
	if err != nil {
		b.Fatal(err)
	}
	for _, o := range options {
		o(s)
	}
	b.ResetTimer()
	for b.Loop() {
		var nodes, generated uint64
		for _, k := range instances {
			r, err := s.Solve(context.Background(), k.board)
			if err != nil {
				b.Fatal(err)
			}
			if len(r.Path) != k.length {
				b.Fatalf("instance %d: %d moves, published %d", k.id, len(r.Path), k.length)
			}
			nodes += r.Nodes
			generated += r.Generated
		}
		b.ReportMetric(float64(nodes)/float64(len(instances)), "nodes/instance")
		b.ReportMetric(float64(generated)/float64(len(instances)), "generated/instance")
	}
}
