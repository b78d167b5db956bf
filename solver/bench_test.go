package solver

import (
	"context"
	"testing"
)

// BenchmarkKorf10 solves the 10 easiest of Korf's 100 instances with
// 6-6-3, built in memory before the timer starts.
func BenchmarkKorf10(b *testing.B) {
	benchKorf(b, easiestKorf(b, 10))
}

// BenchmarkKorf100 solves all of Korf's 100 instances with 6-6-3 (built
// in memory first, a few seconds). The issue 6 target is ≤ 15 s on 2
// cores; query -in data/reference/korf100.tsv solves them with the
// strongest databases in the cache (see the README):
//
//	go test ./solver -run XXX -bench Korf100 -benchtime 1x
func BenchmarkKorf100(b *testing.B) {
	benchKorf(b, korf100(b))
}

// BenchmarkKorf100Dual is BenchmarkKorf100 with dual lookups and BPMX
// (Solver.Dual), to set their saving in nodes against their cost.
func BenchmarkKorf100Dual(b *testing.B) {
	benchKorf(b, korf100(b), func(s *Solver) { s.Dual = true })
}

func benchKorf(b *testing.B, instances []korfInstance, options ...func(*Solver)) {
	h, err := buildPreset("6-6-3")
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(h)
	if err != nil {
		b.Fatal(err)
	}
	for _, o := range options {
		o(s)
	}
	b.ResetTimer()
	for b.Loop() {
		var nodes uint64
		for _, k := range instances {
			r, err := s.Solve(context.Background(), k.board)
			if err != nil {
				b.Fatal(err)
			}
			if len(r.Path) != k.length {
				b.Fatalf("instance %d: %d moves, published %d", k.id, len(r.Path), k.length)
			}
			nodes += r.Nodes
		}
		b.ReportMetric(float64(nodes)/float64(len(instances)), "nodes/instance")
	}
}
