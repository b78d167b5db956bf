package suite

import (
	"context"
	"github.com/tilespace/tilespace/internal/testkit/legible"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/store"
)

// Every figure of the quick set, drawn from real tables and searches,
// reads well at the 8 cm a report prints it (low and tall) and at the
// default size: legible.Problems finds nothing.
func TestQuickFiguresLegible(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	ctx := context.Background()
	g := newGatherer(quick(t))
	sizes := []report.Size{
		{Width: 8 * vg.Centimeter, Height: 6 * vg.Centimeter, DPI: 150},
		{Width: 8 * vg.Centimeter, Height: 10 * vg.Centimeter, DPI: 150},
		report.DefaultSize,
	}
	n := 0
	for _, job := range g.jobs() {
		figs, err := job.make(ctx)
		if err != nil {
			t.Fatalf("%v: %v", job.names, err)
		}
		for _, f := range figs {
			n++
			for _, size := range sizes {
				for _, p := range legible.Problems(f.Draw, f.AxisLabels(), size.Width, size.Height) {
					t.Errorf("%s at %.0f × %.0f cm: %s", f.Name, size.Width/vg.Centimeter, size.Height/vg.Centimeter, p)
				}
			}
		}
	}
	if n < len(Names) {
		t.Errorf("checked %d figures, want at least %d", n, len(Names))
	}
}
