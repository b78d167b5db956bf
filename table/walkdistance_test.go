package table

import "github.com/tilespace/tilespace/statespace"

// WalkDistance recovers the exact distance of b from the stored bits
// alone, without expanding the table: it knows every board's distance mod
// 4 (bit 0 from the blank's cell, bit 1 from bits), so at each step it can
// tell the neighbour one move closer and walk to the goal, counting
// moves. It costs O(distance) rankings. It returns an error when b is not
// in sp or the bits are damaged (no neighbour one closer, or a walk
// longer than radius moves).
func WalkDistance(sp *statespace.Space, bits Mod4Source, b statespace.Board, radius int) (int, error) {
	if err := sp.Check(b); err != nil {
		return 0, err
	}
	t := &Lazy{tableHead: newHead(sp, make([]uint64, radius+1)), mod4: bits}
	return t.walk(b)
}
