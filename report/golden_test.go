package report

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/cmpimg"
	"gonum.org/v1/plot/vg"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden from the current code")

// goldenSize keeps the golden images small (315 × 197 pixels) while every
// line, glyph and label still shows.
var goldenSize = Size{Width: 16 * vg.Centimeter, Height: 10 * vg.Centimeter, DPI: 50}

// goldenDelta is how far a pixel may drift (YIQ distance, 0–1) before an
// image differs: enough for rounding in the rasteriser across platforms,
// far too little for a moved line or a changed label.
const goldenDelta = 0.05

// reportGoldenSize is the 8 cm width a report prints a figure at (6 cm
// tall, as go run ./cmd/plot -width 8 -height 6 draws it), at 100 dpi
// (315 × 236 pixels).
var reportGoldenSize = Size{Width: 8 * vg.Centimeter, Height: 6 * vg.Centimeter, DPI: 100}

// Each figure drawn from the fixed data of figureCases matches its golden
// images in testdata/golden, at the default proportions and at the 8 cm a
// report prints it (go test ./report -run Golden -update rewrites
// them after a deliberate change; look at them before committing). These
// data are fixed, so even the scaling figure is reproducible; the figures
// the suite draws from measured times are not checked this way.
func TestGoldenImages(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range figureCases {
		for _, size := range []Size{goldenSize, reportGoldenSize} {
			checkGolden(t, dir, i, c, size)
		}
	}
}

func checkGolden(t *testing.T, dir string, i int, c figureCase, size Size) {
	t.Helper()
	name := fmt.Sprintf("%02d-%s.png", i, c.name)
	if size != goldenSize {
		name = fmt.Sprintf("%02d-%s-8cm.png", i, c.name)
	}
	f, err := c.build()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got, err := f.render("png", size)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	path := filepath.Join(dir, name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (go test ./report -run Golden -update writes it)", name, err)
	}
	same, err := cmpimg.EqualApprox("png", got, want, goldenDelta)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !same {
		out := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(out, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Errorf("%s differs from its golden image; the new one is %s", name, out)
	}
}
