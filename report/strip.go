package report

import (
	"fmt"
	"image/color"
	"strconv"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// StripData is a board and a path from it, drawn as a row of boards like
// the notebook's draw_path.
type StripData struct {
	Start statespace.Board
	Path  []statespace.Move // moves of the blank
	// MaxShow is the most boards drawn (12 when 0). A longer path shows its
	// first MaxShow−1 boards and the last one, and says so.
	MaxShow int
	Title   string // "" gives "Solution of <board> (<n> moves)"
	Note    string
}

// DefaultMaxShow is the notebook's max_show.
const DefaultMaxShow = 12

// tileNumberShare is the size of a tile's number, as a share of the tile.
const tileNumberShare = 0.45

// Notebook colours (the notebook's draw_state).
var (
	tileFill      = rgb(0x4f, 0xc3, 0xf7)
	blankFill     = rgb(0xe0, 0xe0, 0xe0)
	slidFill      = rgb(0xff, 0xd5, 0x4f)
	tileEdge      = rgb(0x33, 0x33, 0x33)
	tileText      = rgb(0x1a, 0x23, 0x7e)
	stripArrowCol = rgb(0x88, 0x88, 0x88)
)

// SolutionStrip draws the start board and the board after each move in
// reading order, each labelled with its step and move, the tile that just
// slid highlighted.
func SolutionStrip(d StripData) (*Figure, error) {
	const name = NameSolutionStrip
	if d.Start.IsZero() {
		return nil, dataErrorf(name, "no start board")
	}
	maxShow := d.MaxShow
	if maxShow == 0 {
		maxShow = DefaultMaxShow
	}
	if maxShow < 2 {
		return nil, dataErrorf(name, "MaxShow %d: at least 2 boards (the start and the last) must be shown", maxShow)
	}
	boards := []statespace.Board{d.Start}
	slid := []int{0}
	for i, m := range d.Path {
		b := boards[len(boards)-1]
		next, ok := b.Apply(m)
		if !ok {
			return nil, dataErrorf(name, "move %d (%s) is not legal on %s", i+1, m, b)
		}
		boards = append(boards, next)
		slid = append(slid, b.SlidingTile(m))
	}
	// Which boards are drawn: all, or the first maxShow−1 and the last.
	shown := make([]int, 0, maxShow)
	truncated := len(boards) > maxShow
	for i := range boards {
		if !truncated || i < maxShow-1 || i == len(boards)-1 {
			shown = append(shown, i)
		}
	}
	csv := [][]string{{"step", "move", "sliding_tile", "board", "moves_left", "shown"}}
	isShown := map[int]bool{}
	for _, i := range shown {
		isShown[i] = true
	}
	for i, b := range boards {
		move, tile := "start", ""
		if i > 0 {
			move, tile = d.Path[i-1].String(), itoa(slid[i])
		}
		csv = append(csv, []string{itoa(i), move, tile, b.String(), itoa(len(boards) - 1 - i), strconv.FormatBool(isShown[i])})
	}
	title := d.Title
	if title == "" {
		title = fmt.Sprintf("Solution of %s (%s)", d.Start, textfmt.Moves(len(d.Path)))
	}
	// Which boards are left out is said under the strip, once drawing knows
	// how many fit.
	note := "Each board is labelled [step] and the move of the blank that produced it; yellow marks the tile that just slid."
	if d.Note != "" {
		note += "\n" + d.Note
	}
	fig := &Figure{Name: name, Title: title, CSV: csv}
	pg := page{title: title, note: note}
	pg.body = func(c draw.Canvas, ts textSizes) {
		drawStrip(c, ts, boards, slid, d.Path, shown, truncated)
	}
	fig.use(pg)
	return fig, nil
}

func drawStrip(c draw.Canvas, ts textSizes, boards []statespace.Board, slid []int, path []statespace.Move, shown []int, truncated bool) {
	label := sans(vg.Length(ts.tick), true)
	label.XAlign, label.YAlign = draw.XCenter, draw.YTop
	labelH := label.Height("[0]") + vg.Points(3)
	shape := boards[0].Shape()
	// layout returns the columns, rows and tile size for n boards: the
	// board must fit the cell below its label with room for an arrow on
	// each side, in whichever number of columns (at most 6) gives the
	// largest tiles.
	layout := func(n int) (cols, rows int, tile vg.Length) {
		for k := 1; k <= min(n, 6); k++ {
			r := (n + k - 1) / k
			cw, ch := (c.Max.X-c.Min.X)/vg.Length(k), (c.Max.Y-c.Min.Y)/vg.Length(r)
			t := min((cw*0.72)/vg.Length(shape.Cols), (ch-labelH-vg.Points(6))/vg.Length(shape.Rows))
			if t > tile || (t == tile && k > cols) {
				cols, rows, tile = k, r, t
			}
		}
		return cols, rows, tile
	}
	// On a small figure fewer boards are drawn (the first ones and the
	// last), so that the tile numbers stay at least 7 pt.
	minTile := vg.Points(7 / tileNumberShare)
	var cols, rows int
	var tile vg.Length
	fit := func() {
		cols, rows, tile = layout(len(shown))
		for len(shown) > 2 && tile < minTile {
			shown = append(shown[:len(shown)-2:len(shown)-2], shown[len(shown)-1])
			truncated = true
			cols, rows, tile = layout(len(shown))
		}
	}
	fit()
	if truncated {
		// The sentence naming the boards left out goes under the strip:
		// its room is taken first, then the boards fitted again.
		sty := sans(vg.Length(ts.note), false)
		sty.Color = grey
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
		sentence := func() []string {
			return wrap(sty, fmt.Sprintf("Showing the first %d of %d boards and the last (steps 0–%d and %d); the CSV lists every step.",
				len(shown)-1, len(boards), shown[len(shown)-2], shown[len(shown)-1]), c.Max.X-c.Min.X)
		}
		lineH := sty.Height("Xg") + vg.Points(1)
		bottom := c.Min.Y
		c.Min.Y += vg.Length(len(sentence()))*lineH + vg.Points(3)
		fit()
		lines := sentence()
		for i := len(lines) - 1; i >= 0; i-- {
			c.FillText(sty, vg.Point{X: c.Min.X, Y: bottom + vg.Length(len(lines)-1-i)*lineH}, lines[i])
		}
	}
	cellW := (c.Max.X - c.Min.X) / vg.Length(cols)
	cellH := (c.Max.Y - c.Min.Y) / vg.Length(rows)
	bw, bh := tile*vg.Length(shape.Cols), tile*vg.Length(shape.Rows)
	for k, i := range shown {
		r, col := k/cols, k%cols
		cx := c.Min.X + cellW*(vg.Length(col)+0.5)
		// Centre label and board vertically in the cell.
		top := c.Max.Y - cellH*vg.Length(r) - (cellH-labelH-bh)/2
		text := "[" + itoa(i) + "] start"
		if i > 0 {
			text = "[" + itoa(i) + "] " + path[i-1].String()
		}
		if i == len(boards)-1 && i > 0 {
			text += " (goal)"
		}
		c.FillText(label, vg.Point{X: cx, Y: top}, text)
		x0, y1 := cx-bw/2, top-labelH
		drawBoard(c, boards[i], slid[i], x0, y1-bh, tile)
		if col > 0 {
			skipped := truncated && i == len(boards)-1 && shown[k-1] != i-1
			drawStripLink(c, cx-cellW+bw/2+vg.Points(3), x0-vg.Points(3), y1-bh/2, skipped)
		}
	}
}

// drawStripLink draws the arrow from the previous board, from x0 to x1 at
// height y, or an ellipsis where steps are skipped.
func drawStripLink(c draw.Canvas, x0, x1, y vg.Length, skipped bool) {
	if !skipped {
		drawArrow(c, x0, x1, y)
		return
	}
	sty := sans(12, true)
	sty.Color = stripArrowCol
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
	c.FillText(sty, vg.Point{X: (x0 + x1) / 2, Y: y}, "…")
}

func drawBoard(c draw.Canvas, b statespace.Board, slidTile int, x0, y0, tile vg.Length) {
	shape := b.Shape()
	edge := draw.LineStyle{Color: tileEdge, Width: vg.Points(0.8)}
	num := sans(tile*tileNumberShare, true)
	num.Color = tileText
	num.XAlign, num.YAlign = draw.XCenter, draw.YCenter
	for cell := 0; cell < shape.Cells(); cell++ {
		r, col := shape.Row(cell), shape.Col(cell)
		x := x0 + tile*vg.Length(col)
		y := y0 + tile*vg.Length(shape.Rows-1-r)
		t := b.Tile(cell)
		var fill color.Color = tileFill
		switch {
		case t == 0:
			fill = blankFill
		case t == slidTile:
			fill = slidFill
		}
		pts := []vg.Point{{X: x, Y: y}, {X: x + tile, Y: y}, {X: x + tile, Y: y + tile}, {X: x, Y: y + tile}}
		c.FillPolygon(fill, pts)
		c.StrokeLines(edge, append(pts, pts[0]))
		if t != 0 {
			c.FillText(num, vg.Point{X: x + tile/2, Y: y + tile/2}, itoa(t))
		}
	}
}

func drawArrow(c draw.Canvas, x0, x1, y vg.Length) {
	if x1-x0 < vg.Points(4) {
		return
	}
	sty := draw.LineStyle{Color: stripArrowCol, Width: vg.Points(1.2)}
	head := vg.Points(4)
	c.StrokeLine2(sty, x0, y, x1-head/2, y)
	c.FillPolygon(stripArrowCol, []vg.Point{{X: x1, Y: y}, {X: x1 - head, Y: y + head/2}, {X: x1 - head, Y: y - head/2}})
}
