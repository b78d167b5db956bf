package prune

import (
	"fmt"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// BenchmarkBuild builds the machines the solver uses by default (10 on
// 4x4, 12 on 5x5) and the deeper ones BENCHMARKS.md compares, reporting
// their states:
//
//	go test ./prune -run XXX -bench Build -benchmem
func BenchmarkBuild(b *testing.B) {
	for _, c := range []struct {
		sh    statespace.Shape
		depth int
	}{{statespace.Shape{Rows: 4, Cols: 4}, 10}, {statespace.Shape{Rows: 4, Cols: 4}, 12}, {statespace.Shape{Rows: 5, Cols: 5}, 12}} {
		b.Run(fmt.Sprintf("%s/depth=%d", c.sh, c.depth), func(b *testing.B) {
			var m *Machine
			for b.Loop() {
				var err error
				if m, err = build(c.sh, c.depth); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(m.numStates()), "states")
		})
	}
}
