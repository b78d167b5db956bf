package statespace

import (
	"fmt"
	"math/bits"
	"strings"
)

// Move is a move of the blank: it names where the blank goes. The tile
// that slides goes the opposite way.
type Move uint8

// The four moves, in the order children are always generated.
const (
	Up Move = iota
	Down
	Left
	Right
)

// Moves lists the four moves in generation order.
var Moves = [4]Move{Up, Down, Left, Right}

var moveNames = [4]string{"Up", "Down", "Left", "Right"}

// String returns "Up", "Down", "Left" or "Right".
func (m Move) String() string {
	if int(m) < len(moveNames) {
		return moveNames[m]
	}
	return fmt.Sprintf("Move(%d)", int(m))
}

// Opposite returns the move that undoes m.
func (m Move) Opposite() Move { return m ^ 1 }

// ParseMove reads a move name (case-insensitive; U, D, L, R also accepted).
func ParseMove(text string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for i, name := range moveNames {
		if t == strings.ToLower(name) || t == strings.ToLower(name[:1]) {
			return Move(i), nil
		}
	}
	return 0, fmt.Errorf("move %q: want Up, Down, Left or Right", text)
}

// MoveSet is a set of moves, one bit per Move.
type MoveSet uint8

// Add returns the set with m added.
func (s MoveSet) Add(m Move) MoveSet { return s | 1<<m }

// Has reports whether m is in the set.
func (s MoveSet) Has(m Move) bool { return s&(1<<m) != 0 }

// Len returns the number of moves in the set.
func (s MoveSet) Len() int { return bits.OnesCount8(uint8(s)) }

// Moves returns the moves in the set in generation order (Up, Down, Left, Right).
func (s MoveSet) Moves() []Move {
	out := make([]Move, 0, s.Len())
	for _, m := range Moves {
		if s.Has(m) {
			out = append(out, m)
		}
	}
	return out
}

// String writes the moves separated by spaces, e.g. "Up Left".
func (s MoveSet) String() string { return JoinMoves(s.Moves(), " ") }

// JoinMoves writes moves separated by sep.
func JoinMoves(moves []Move, sep string) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(m.String())
	}
	return b.String()
}

// moveLetters are the one-letter names MoveLetters writes.
var moveLetters = [4]byte{'U', 'D', 'L', 'R'}

// MoveLetters writes moves one letter each (U, D, L, R), the compact form
// files keep a path in.
func MoveLetters(moves []Move) string {
	b := make([]byte, len(moves))
	for i, m := range moves {
		b[i] = moveLetters[m&3]
	}
	return string(b)
}

// ParseMoveLetters reads MoveLetters' text; the error names the first
// letter that is not U, D, L or R, counting moves from 1.
func ParseMoveLetters(text string) ([]Move, error) {
	out := make([]Move, len(text))
	for i := range len(text) {
		j := strings.IndexByte(string(moveLetters[:]), text[i])
		if j < 0 {
			return nil, fmt.Errorf("move %d is %q, not one of U, D, L, R", i+1, text[i])
		}
		out[i] = Move(j)
	}
	return out, nil
}
