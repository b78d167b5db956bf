package twobit

import (
	"errors"
	"io"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// Result is a finished search: the count of boards at each distance and
// bit 1 of every board's distance.
type Result struct {
	sp        *statespace.Space
	codes     []uint64
	counts    []uint64
	antipodes []uint64
	elapsed   time.Duration
}

// Counts returns the number of boards at each distance 0 … radius.
func (r *Result) Counts() []uint64 { return append([]uint64(nil), r.counts...) }

// Radius returns the largest distance.
func (r *Result) Radius() int { return len(r.counts) - 1 }

// Antipodes returns the ranks of the boards at the radius in increasing
// order, or nil when there are more than Options.AntipodeLimit.
func (r *Result) Antipodes() []uint64 { return append([]uint64(nil), r.antipodes...) }

// Elapsed returns how long the search ran (this run only, when resumed).
func (r *Result) Elapsed() time.Duration { return r.elapsed }

// PayloadLen returns the length of the 1-bit payload: ceil(Size/8) bytes.
func (r *Result) PayloadLen() int64 { return int64((r.sp.Size() + 7) / 8) }

// ReadAt fills p with the 1-bit payload from byte off: bit j of byte b is
// bit 1 of the distance of the board of rank 8b+j (tablefile's mod4-bit
// encoding). It streams out of the done codes, so writing a table costs
// no second copy of it.
func (r *Result) ReadAt(p []byte, off int64) (int, error) {
	size := r.PayloadLen()
	if off < 0 {
		return 0, errors.New("twobit: negative offset")
	}
	if off >= size {
		return 0, io.EOF
	}
	n := len(p)
	if int64(n) > size-off {
		n = int(size - off)
	}
	for i := 0; i < n; {
		b := off + int64(i)
		w := r.codes[b/4]
		h := compressEven(w & lowBits) // the done codes 2 and 3 differ in bit 0
		if b%4 == 0 && n-i >= 4 {
			p[i], p[i+1], p[i+2], p[i+3] = byte(h), byte(h>>8), byte(h>>16), byte(h>>24)
			i += 4
			continue
		}
		p[i] = byte(h >> (8 * (b % 4)))
		i++
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}
