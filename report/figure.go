package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"image/color"
	"image/png"
	"io"
	"math"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/errkind"
)

// Size is the physical size of a rendered figure and the resolution of its
// PNG. SVG output has the same physical size.
type Size struct {
	Width, Height vg.Length
	DPI           int
}

// DefaultSize suits a report page: 16 × 10 cm at 150 dpi (945 × 591 pixels),
// where 8–11 pt text stays readable when printed at full column width.
var DefaultSize = Size{Width: 16 * vg.Centimeter, Height: 10 * vg.Centimeter, DPI: 150}

// pixels returns the size of the PNG image, rounded as gonum's raster canvas
// rounds it.
func (s Size) pixels() (w, h int) {
	return int(s.Width/vg.Inch*vg.Length(s.DPI) + 0.5), int(s.Height/vg.Inch*vg.Length(s.DPI) + 0.5)
}

// Validate reports whether s can be rendered: positive sizes of at most
// 1 m and a resolution of 30–1200 dpi (with at most 10⁸ pixels in all).
func (s Size) Validate() error {
	if !(s.Width > 0 && s.Height > 0) || s.Width > 100*vg.Centimeter || s.Height > 100*vg.Centimeter {
		return fmt.Errorf("report: figure size %.1f × %.1f cm: each side must be above 0 and at most 100 cm",
			s.Width/vg.Centimeter, s.Height/vg.Centimeter)
	}
	if s.DPI < 30 || s.DPI > 1200 {
		return fmt.Errorf("report: resolution %d dpi: must be between 30 and 1200", s.DPI)
	}
	if w, h := s.pixels(); w < 1 || h < 1 || w*h > 100_000_000 {
		return fmt.Errorf("report: figure of %d × %d pixels is too large", w, h)
	}
	return nil
}

// Formats lists the file formats a Figure writes, in the order Write writes
// them.
var Formats = []string{"png", "svg", "csv"}

// Figure is one figure ready to render: its file name (without extension),
// the drawing, and the table of numbers the drawing shows.
type Figure struct {
	// Name is the file name without extension, e.g. "depth-histogram".
	Name string
	// Title is the figure's title as drawn.
	Title string
	// CSV holds the data behind the figure: a header row, then one row per
	// plotted value. Numbers are written so that parsing them gives back
	// exactly the plotted float64.
	CSV [][]string

	draw  func(c draw.Canvas)
	plots []*plot.Plot // every panel drawn, for AxisLabels
}

// use makes pg the figure's drawing.
func (f *Figure) use(pg page) {
	f.draw = pg.draw
	for _, row := range pg.panels {
		for _, p := range row {
			if p != nil {
				f.plots = append(f.plots, p)
			}
		}
	}
	f.plots = append(f.plots, pg.plots...)
}

// Draw draws the figure on c, as Write does on the canvas of its format.
func (f *Figure) Draw(c draw.Canvas) { f.draw(c) }

// AxisLabels returns the label of every axis drawn with one, e.g.
// "distance (moves)".
func (f *Figure) AxisLabels() []string {
	var labels []string
	for _, p := range f.plots {
		for _, a := range []*plot.Axis{&p.X, &p.Y} {
			if a.Label.Text != "" {
				labels = append(labels, a.Label.Text)
			}
		}
	}
	return labels
}

// DataError says a figure cannot be drawn from the data it was given.
type DataError struct {
	Figure  string // the figure's name
	Problem string // what is wrong, e.g. `series "BFS": value 0 at distance 3 on a log axis`
}

// Kind is errkind.Value.
func (*DataError) Kind() errkind.Kind { return errkind.Value }

func (e *DataError) Error() string { return "report: figure " + e.Figure + ": " + e.Problem }

func dataErrorf(fig, format string, args ...any) error {
	return &DataError{Figure: fig, Problem: fmt.Sprintf(format, args...)}
}

// render draws the figure in memory as "png", "svg" or "csv" and returns the
// file's bytes. A drawing that panics inside gonum/plot is returned as an
// error naming the figure.
func (f *Figure) render(format string, size Size) (data []byte, err error) {
	if format == "csv" {
		return f.csvBytes()
	}
	if err := size.Validate(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("report: figure %s: drawing failed: %v", f.Name, r)
		}
	}()
	var buf bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(size.Width, size.Height), vgimg.UseDPI(size.DPI),
			vgimg.UseBackgroundColor(color.White))
		f.draw(draw.New(c))
		// Default compression: the best level makes files only 2–5 %
		// smaller and takes three times as long (BenchmarkRenderScalingPNG).
		if err := png.Encode(&buf, c.Image()); err != nil {
			return nil, fmt.Errorf("report: figure %s: encoding PNG: %w", f.Name, err)
		}
	case "svg":
		c := vgsvg.New(size.Width, size.Height)
		dc := draw.New(c)
		dc.SetColor(color.White)
		dc.Fill(dc.Rectangle.Path())
		f.draw(dc)
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, fmt.Errorf("report: figure %s: encoding SVG: %w", f.Name, err)
		}
	default:
		return nil, fmt.Errorf("report: unknown format %q (want png, svg or csv)", format)
	}
	return buf.Bytes(), nil
}

func (f *Figure) csvBytes() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(f.CSV); err != nil {
		return nil, fmt.Errorf("report: figure %s: writing CSV: %w", f.Name, err)
	}
	return buf.Bytes(), nil
}

// Write renders the figure in each format and then writes dir/Name.format
// for each, atomically. Every format is rendered before any file is written,
// so a figure that cannot be drawn leaves no file behind. It returns the
// paths written. A done ctx stops it between files and interrupts a file being
// written, which is then left out (atomicfile.Write).
func (f *Figure) Write(ctx context.Context, dir string, size Size, formats []string) ([]string, error) {
	rendered := make([][]byte, len(formats))
	for i, format := range formats {
		b, err := f.render(format, size)
		if err != nil {
			return nil, err
		}
		if len(b) == 0 {
			return nil, fmt.Errorf("report: figure %s: empty %s output", f.Name, format)
		}
		rendered[i] = b
	}
	var paths []string
	for i, format := range formats {
		path := filepath.Join(dir, f.Name+"."+format)
		err := atomicfile.Write(ctx, path, func(w io.Writer) error {
			_, err := w.Write(rendered[i])
			return err
		})
		if err != nil {
			return paths, fmt.Errorf("report: figure %s: %w", f.Name, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// ---- data checks ----

// finitePositive reports whether v can sit on a log axis.
func finitePositive(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

func finite(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }
