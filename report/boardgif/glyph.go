package boardgif

import (
	"image"

	"golang.org/x/image/vector"
)

// glyph is a digit's outline in font units, y down.
type glyph struct {
	advance                int
	minX, minY, maxX, maxY int // the ink's bounds
	segs                   []seg
}

// seg is one step of an outline: n points (1 for a move or a line, 2 for
// a quadratic, 3 for a cubic Bézier), a move when move is set.
type seg struct {
	n    int
	pts  [6]int16
	move bool
}

// drawNumber draws the decimal digits of t into mask (coverage 0..255),
// px pixels to the em, its ink's box centred in the mask.
func drawNumber(mask *image.Alpha, t int, px float32) {
	var ds []int
	for ; ; t /= 10 {
		ds = append([]int{t % 10}, ds...)
		if t < 10 {
			break
		}
	}
	// The ink's box of the digits set side by side, in font units.
	minX, maxX, minY, maxY, pen := 0, 0, 0, 0, 0
	for i, d := range ds {
		g := digits[d]
		if i == 0 {
			minX, minY, maxY = g.minX, g.minY, g.maxY
		}
		minY, maxY = min(minY, g.minY), max(maxY, g.maxY)
		maxX = pen + g.maxX
		pen += g.advance
	}
	scale := px / unitsPerEm
	w, h := mask.Rect.Dx(), mask.Rect.Dy()
	dx := float32(w)/2 - float32(minX+maxX)*scale/2
	dy := float32(h)/2 - float32(minY+maxY)*scale/2
	r := vector.NewRasterizer(w, h)
	pen = 0
	for _, d := range ds {
		for _, s := range digits[d].segs {
			p := func(i int) (float32, float32) {
				return dx + float32(pen+int(s.pts[2*i]))*scale, dy + float32(s.pts[2*i+1])*scale
			}
			switch {
			case s.move:
				r.MoveTo(p(0))
			case s.n == 1:
				r.LineTo(p(0))
			case s.n == 2:
				x0, y0 := p(0)
				x1, y1 := p(1)
				r.QuadTo(x0, y0, x1, y1)
			default:
				x0, y0 := p(0)
				x1, y1 := p(1)
				x2, y2 := p(2)
				r.CubeTo(x0, y0, x1, y1, x2, y2)
			}
		}
		r.ClosePath()
		pen += digits[d].advance
	}
	r.Draw(mask, mask.Rect, image.Opaque, image.Point{})
}
