package boardgif

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"os"
	"regexp"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
)

// decode encodes the animation of path from b and decodes it with
// image/gif, as a reader of the file would.
func decode(t testing.TB, b statespace.Board, path []statespace.Move, size int) (*gif.GIF, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, b, path, size); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	return g, buf.Bytes()
}

// The animation of an optimal path has a frame per board, the start and
// the goal paused on, loops forever, and is the same bytes every time;
// laid over one another, the frames show each board of the path as a
// fresh drawing of that board does.
func TestAnimation(t *testing.T) {
	for _, c := range []struct {
		shape statespace.Shape
		board string
		size  int
	}{
		{fixture.Shape3x3, "8,6,7,2,5,4,3,0,1", 480},
		{fixture.Shape3x3, "1,2,5,3,4,0,6,7,8", MinSize},
		{statespace.Shape{Rows: 2, Cols: 5}, "6,1,2,3,4,0,7,8,9,5", 333},
		{statespace.Shape{Rows: 5, Cols: 2}, "1,2,3,4,5,6,7,8,0,9", MaxSize},
		{statespace.Shape{Rows: 2, Cols: 2}, "1,2,3,0", 200}, // the goal: one frame
	} {
		goal := statespace.GoalLast(c.shape)
		tab := fixture.TableFor(t, goal)
		b, err := statespace.Parse(c.board, c.shape)
		if err != nil {
			t.Fatal(err)
		}
		path, err := tab.Path(b)
		if err != nil {
			t.Fatal(err)
		}
		d := fixture.Dist(t, tab, b)
		g, raw := decode(t, b, path, c.size)
		// (A single frame has no loop: image/gif writes no count for it.)
		if len(g.Image) != d+1 || (d > 0 && g.LoopCount != 0) {
			t.Errorf("%s: %d frames, loop %d; want distance %d + 1 and 0 (forever)", c.board, len(g.Image), g.LoopCount, d)
		}
		long := max(g.Config.Width, g.Config.Height)
		if long != c.size || (c.shape.Rows == c.shape.Cols) != (g.Config.Width == g.Config.Height) ||
			(c.shape.Cols > c.shape.Rows) != (g.Config.Width > g.Config.Height) {
			t.Errorf("%s: %dx%d for size %d", c.board, g.Config.Width, g.Config.Height, c.size)
		}
		for k, delay := range g.Delay {
			want := moveDelay
			switch k {
			case d:
				want = goalDelay
			case 0:
				want = startDelay
			}
			if delay != want {
				t.Errorf("%s: frame %d waits %d, want %d", c.board, k, delay, want)
			}
		}
		_, again := decode(t, b, path, c.size)
		if !bytes.Equal(raw, again) {
			t.Errorf("%s: two encodings differ", c.board)
		}
		// Laid over one another, frame k shows board k as a drawing of
		// that board alone does (the goal excepted: it is drawn solved).
		canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
		cur := b
		for k, im := range g.Image {
			draw.Draw(canvas, im.Bounds(), im, im.Bounds().Min, draw.Over)
			if k > 0 {
				cur, _ = cur.Apply(path[k-1])
			}
			if k == d || (k%5 != 1 && k != d-1) {
				continue
			}
			fresh, _ := decode(t, cur, path[k:], c.size)
			if !sameImage(canvas, fresh.Image[0]) {
				t.Errorf("%s: frame %d does not show board %s", c.board, k, cur)
			}
		}
		if cur != goal {
			t.Fatalf("the path ends at %s", cur)
		}
	}
}

func sameImage(a *image.RGBA, b image.Image) bool {
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				return false
			}
		}
	}
	return true
}

// The colours are the page's own, read from its style sheet: tiles in
// --tile, a solved board's in --good, the numbers in --tile-ink, the
// blank and the frame in the board's background.
func TestPageColours(t *testing.T) {
	css, err := os.ReadFile("../../serve/static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	hex := func(re string) color.RGBA {
		t.Helper()
		m := regexp.MustCompile(re + `\s*#([0-9a-f]{6}|[0-9a-f]{3})\b`).FindSubmatch(css)
		if m == nil {
			t.Fatalf("style.css has no %s", re)
		}
		digits := m[1]
		if len(digits) == 3 {
			digits = []byte{digits[0], digits[0], digits[1], digits[1], digits[2], digits[2]}
		}
		var c [3]uint8
		for i := range c {
			for _, h := range digits[2*i : 2*i+2] {
				v := h - '0'
				if h >= 'a' {
					v = h - 'a' + 10
				}
				c[i] = c[i]*16 + v
			}
		}
		return color.RGBA{c[0], c[1], c[2], 0xff}
	}
	wantTile, wantGood, wantInk := hex(`--tile:`), hex(`--good:`), hex(`--tile-ink:`)
	wantFrame := hex(`\.board \{[^}]*background:`)
	goal := statespace.GoalLast(fixture.Shape3x3)
	b := fixture.MustParse(t, "1,2,3,4,5,6,7,0,8")
	g, _ := decode(t, b, []statespace.Move{statespace.Right}, 480)
	at := func(im *image.Paletted, x, y int) color.RGBA {
		r, gg, bb, _ := im.At(x, y).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(gg >> 8), uint8(bb >> 8), 0xff}
	}
	lay := layout(goal.Shape(), 480)
	first, last := g.Image[0], g.Image[1]
	corner := func(cell int) (int, int) { // inside the tile, off its rounded corner and its number
		r := lay.cellRect(cell)
		return r.Min.X + lay.cell/4, r.Min.Y + lay.cell/8
	}
	for cell := range 9 {
		x, y := corner(cell)
		wantStart, wantEnd := wantTile, wantGood
		if b.Tile(cell) == 0 {
			wantStart = wantFrame
		}
		if goal.Tile(cell) == 0 {
			wantEnd = wantFrame
		}
		if c := at(first, x, y); c != wantStart {
			t.Errorf("start, cell %d: %v, want %v", cell, c, wantStart)
		}
		if c := at(last, x, y); c != wantEnd {
			t.Errorf("goal, cell %d: %v, want %v", cell, c, wantEnd)
		}
	}
	// Every number has pixels of the ink's colour exactly.
	for cell := range 9 {
		if b.Tile(cell) == 0 {
			continue
		}
		r := lay.cellRect(cell)
		found := false
		for y := r.Min.Y; y < r.Max.Y && !found; y++ {
			for x := r.Min.X; x < r.Max.X && !found; x++ {
				found = at(first, x, y) == wantInk
			}
		}
		if !found {
			t.Errorf("cell %d has no number in %v", cell, wantInk)
		}
	}
	// The image's corner is the paper's, outside the rounded frame.
	if c := at(first, 0, 0); c != paper {
		t.Errorf("corner %v", c)
	}
}

// Sizes out of bounds and paths off the board are refused, with the
// facts.
func TestRefusals(t *testing.T) {
	b := fixture.MustParse(t, "1,2,3,4,5,6,7,8,0")
	var se *InputError
	for _, size := range []int{-1, MinSize - 1, MaxSize + 1} {
		if err := Encode(&bytes.Buffer{}, b, nil, size); !errors.As(err, &se) || se.Size != size {
			t.Errorf("size %d: %v", size, err)
		}
	}
	var pe *InputError
	if err := Encode(&bytes.Buffer{}, b, []statespace.Move{statespace.Up, statespace.Down, statespace.Down}, 0); !errors.As(err, &pe) || pe.Size != 0 || pe.Step != 2 || pe.Start != b {
		t.Errorf("a move off the board: %v", err)
	}
	if err := Encode(&bytes.Buffer{}, statespace.Board{}, nil, 0); err == nil {
		t.Error("no board drawn")
	}
}

func BenchmarkEncode(b *testing.B) {
	goal := statespace.GoalLast(fixture.Shape3x3)
	tab := fixture.TableFor(b, goal)
	start := fixture.MustParse(b, "8,6,7,2,5,4,3,0,1")
	path, _ := tab.Path(start)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Encode(&buf, start, path, DefaultSize); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
