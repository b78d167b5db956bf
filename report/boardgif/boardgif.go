// Package boardgif draws a board's solution as an animated GIF, the way
// the page draws a board: a light frame with rounded corners, blue rounded
// tiles with white bold numbers, the blank empty, and on the goal every
// tile green, as the page's solved board. One frame a board from the start
// to the goal (so frames = moves + 1), a pause on the start and a longer
// one on the goal, looping forever.
//
// The bytes depend on the board, the path and the size alone: one fixed
// palette, no dithering, integer coverage for the shapes, and the numbers
// drawn once per tile from Go Bold's digits (their outlines copied into
// digits.go, so no font parser is linked). The page's
// /api/gif (package serve/api, also in the static copy's WebAssembly) and
// plot gif both call Encode, so the same board, path and size give the
// same file. It imports nothing of net/http or the file system.
package boardgif

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// The bounds of Size, the pixels of the image's longer side.
const (
	DefaultSize = 480
	MinSize     = 120
	MaxSize     = 1200
)

// The frames' delays, in hundredths of a second.
const (
	startDelay = 100 // the start board
	moveDelay  = 50  // each board after a move, the goal excepted
	goalDelay  = 300 // the goal, before the animation starts again
)

// InputError is what Encode cannot draw: a size outside MinSize..MaxSize,
// or a path with a move off the board.
type InputError struct {
	Size  int              // the size asked for when out of range; else 0
	Start statespace.Board // the path's start, when a move leaves the board
	Step  int              // the index of the illegal move
}

// Kind is errkind.Value.
func (*InputError) Kind() errkind.Kind { return errkind.Value }

func (e *InputError) Error() string {
	if e.Size != 0 {
		return fmt.Sprintf("size %d: the image's longer side is from %d to %d pixels", e.Size, MinSize, MaxSize)
	}
	return fmt.Sprintf("move %d of the path from %s leaves the board", e.Step+1, e.Start)
}

// The page's colours (serve/static/style.css): the paper around the board,
// the board's frame (and the blank), a tile, a solved tile, the numbers.
var (
	paper = color.RGBA{0xfb, 0xfb, 0xfd, 0xff}
	frame = color.RGBA{0xcf, 0xd6, 0xe2, 0xff}
	tile  = color.RGBA{0x2f, 0x5d, 0x8a, 0xff}
	good  = color.RGBA{0x2a, 0x71, 0x48, 0xff}
	ink   = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// levels is the number of steps of every edge's blend, its two colours
// included.
const levels = 8

// The colours' indexes in the palette, then the ramps between pairs.
const (
	iPaper = iota
	iFrame
	iTile
	iGood
	iInk
	nBase
)

// ramps are the pairs of colours whose edges blend, by palette index.
var ramps = [...][2]int{{iPaper, iFrame}, {iFrame, iTile}, {iFrame, iGood}, {iTile, iInk}, {iGood, iInk}}

const (
	rampPaperFrame = iota
	rampFrameTile
	rampFrameGood
	rampTileInk
	rampGoodInk
)

// palette is every colour a frame uses: the five colours and the blends
// between the pairs that meet.
var palette = func() color.Palette {
	base := []color.RGBA{paper, frame, tile, good, ink}
	p := make(color.Palette, 0, nBase+len(ramps)*(levels-2))
	for _, c := range base {
		p = append(p, c)
	}
	for _, r := range ramps {
		a, b := base[r[0]], base[r[1]]
		for l := 1; l < levels-1; l++ {
			mix := func(x, y uint8) uint8 { return uint8((int(x)*(levels-1-l) + int(y)*l + (levels-1)/2) / (levels - 1)) }
			p = append(p, color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff})
		}
	}
	return p
}()

// shade is the palette index of level l (0: the ramp's first colour,
// levels−1: its second) of ramp r.
func shade(r, l int) uint8 {
	switch {
	case l <= 0:
		return uint8(ramps[r][0])
	case l >= levels-1:
		return uint8(ramps[r][1])
	}
	return uint8(nBase + r*(levels-2) + l - 1)
}

// geometry is where things are, in pixels, in the page's proportions: a
// tile's side 64, the gaps between tiles and around them 6, the tiles'
// corners 6 and the frame's 8.
type geometry struct {
	w, h   int // the image
	cell   int // a tile's side
	gap    int
	x0, y0 int // the first cell's corner
	rows   int
	cols   int
}

func layout(sh statespace.Shape, size int) geometry {
	n := max(sh.Rows, sh.Cols)
	g := geometry{rows: sh.Rows, cols: sh.Cols}
	g.cell = 64 * size / (70*n + 6)
	for {
		g.gap = max(1, (6*g.cell+32)/64)
		if n*g.cell+(n+1)*g.gap <= size {
			break
		}
		g.cell--
	}
	side := func(k int) int {
		if k == n {
			return size
		}
		return k*g.cell + (k+1)*g.gap
	}
	g.w, g.h = side(sh.Cols), side(sh.Rows)
	g.x0 = (g.w - (sh.Cols*g.cell + (sh.Cols-1)*g.gap)) / 2
	g.y0 = (g.h - (sh.Rows*g.cell + (sh.Rows-1)*g.gap)) / 2
	return g
}

// cellRect is the square of the cell at index i.
func (g geometry) cellRect(i int) image.Rectangle {
	r, c := i/g.cols, i%g.cols
	x, y := g.x0+c*(g.cell+g.gap), g.y0+r*(g.cell+g.gap)
	return image.Rect(x, y, x+g.cell, y+g.cell)
}

// coverage is the level (0..levels−1) of pixel (x, y) inside the rounded
// rectangle of w×h and corner radius rad, sampled 4×4 in integers.
func coverage(x, y, w, h, rad int) int {
	if x >= 0 && y >= 0 && x < w && y < h && ((x >= rad && x < w-rad) || (y >= rad && y < h-rad)) {
		return levels - 1 // away from the corners: inside
	}
	const s = 4
	in := 0
	for sy := 0; sy < s; sy++ {
		for sx := 0; sx < s; sx++ {
			// The sample's position, in quarters of a pixel, at its centre
			// (the doubled coordinates keep it whole).
			px, py := 2*(s*x+sx)+1, 2*(s*y+sy)+1
			W, H, R := 2*s*w, 2*s*h, 2*s*rad
			cx, cy := min(max(px, R), W-R), min(max(py, R), H-R)
			dx, dy := px-cx, py-cy
			if px >= 0 && py >= 0 && px < W && py < H && dx*dx+dy*dy <= R*R {
				in++
			}
		}
	}
	return (in*(levels-1) + s*s/2) / (s * s)
}

// sprites are the tiles drawn once: sprite[solved][tile] is the cell of
// tile (1..n−1; 0 the blank) as palette indexes, row by row.
type sprites [2][][]uint8

func drawSprites(g geometry, n int) sprites {
	c := g.cell
	rad := (6*c + 32) / 64
	shape := make([]int, c*c) // the rounded tile's coverage
	for y := 0; y < c; y++ {
		for x := 0; x < c; x++ {
			shape[y*c+x] = coverage(x, y, c, c, rad)
		}
	}
	var sp sprites
	blank := bytes.Repeat([]byte{iFrame}, c*c)
	mask := image.NewAlpha(image.Rect(0, 0, c, c))
	for solved := range 2 {
		fill, text := rampFrameTile, rampTileInk
		if solved == 1 {
			fill, text = rampFrameGood, rampGoodInk
		}
		sp[solved] = make([][]uint8, n)
		sp[solved][0] = blank
		for t := 1; t < n; t++ {
			clear(mask.Pix)
			// The page's numbers are bold, 0.42 of a tile's side.
			drawNumber(mask, t, float32(c)*0.42)
			px := make([]uint8, c*c)
			for i, l := range shape {
				px[i] = shade(fill, l)
				if a := int(mask.Pix[i]); l == levels-1 && a > 0 {
					px[i] = shade(text, (a*(levels-1)+127)/255)
				}
			}
			sp[solved][t] = px
		}
	}
	return sp
}

// blit copies cell sprite px into img at r.
func blit(img *image.Paletted, r image.Rectangle, px []uint8) {
	w := r.Dx()
	for y := 0; y < r.Dy(); y++ {
		off := img.PixOffset(r.Min.X, r.Min.Y+y)
		copy(img.Pix[off:off+w], px[y*w:(y+1)*w])
	}
}

// whole draws board b on the whole frame.
func whole(g geometry, sp sprites, b statespace.Board, solved int) *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, g.w, g.h), palette)
	rad := (8*g.cell + 32) / 64
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			img.Pix[y*img.Stride+x] = shade(rampPaperFrame, coverage(x, y, g.w, g.h, rad))
		}
	}
	for i := 0; i < g.rows*g.cols; i++ {
		blit(img, g.cellRect(i), sp[solved][b.Tile(i)])
	}
	return img
}

// animation returns the animation of path from start: a frame for start
// and one after each move, the last (the goal) drawn solved; after the
// first, a frame covers only the two cells a move changes, over the one
// before. size is the pixels of the longer side (0: DefaultSize).
func animation(start statespace.Board, path []statespace.Move, size int) (*gif.GIF, error) {
	if size == 0 {
		size = DefaultSize
	}
	if size < MinSize || size > MaxSize {
		return nil, &InputError{Size: size}
	}
	if start.IsZero() {
		return nil, errors.New("boardgif: no board")
	}
	boards := []statespace.Board{start}
	b := start
	for i, m := range path {
		next, ok := b.Apply(m)
		if !ok {
			return nil, &InputError{Start: start, Step: i}
		}
		b = next
		boards = append(boards, b)
	}
	g := layout(start.Shape(), size)
	sp := drawSprites(g, start.Shape().Cells())
	out := &gif.GIF{
		Config:    image.Config{ColorModel: palette, Width: g.w, Height: g.h},
		LoopCount: 0,
	}
	last := len(boards) - 1
	for k, bk := range boards {
		var img *image.Paletted
		delay := moveDelay
		switch {
		case k == last:
			img, delay = whole(g, sp, bk, 1), goalDelay
		case k == 0:
			img, delay = whole(g, sp, bk, 0), startDelay
		default:
			from, to := boards[k-1].Blank(), bk.Blank()
			r := g.cellRect(from).Union(g.cellRect(to))
			img = image.NewPaletted(r, palette)
			for i := range img.Pix {
				img.Pix[i] = iFrame
			}
			blit(img, g.cellRect(from), sp[0][bk.Tile(from)])
			blit(img, g.cellRect(to), sp[0][0])
		}
		out.Image = append(out.Image, img)
		out.Delay = append(out.Delay, delay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
	}
	return out, nil
}

// Encode writes the animation of path from start as a GIF file: a frame
// for start and one after each move, the last (the goal) drawn solved;
// after the first, a frame covers only the two cells a move changes, over
// the one before. size is the pixels of the longer side (0: DefaultSize).
func Encode(w io.Writer, start statespace.Board, path []statespace.Move, size int) error {
	a, err := animation(start, path, size)
	if err != nil {
		return err
	}
	return gif.EncodeAll(w, a)
}
