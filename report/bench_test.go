package report

import "testing"

// BenchmarkRenderScalingPNG renders the busiest line figure at the default
// report size.
func BenchmarkRenderScalingPNG(b *testing.B) {
	f, err := Scaling(scalingData())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.render("png", DefaultSize); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderWalkSVG renders a 180k-step DFS walk (the size of a full
// 8-puzzle DFS) as SVG: the reduction to 400 columns keeps it small.
func BenchmarkRenderWalkSVG(b *testing.B) {
	f, err := DFSWalk(dfsWalkData(180000))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		out, err := f.render("svg", DefaultSize)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(out)), "bytes/svg")
	}
}
