package ida

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// Record is one root subtree's result under a bound, as its file holds it
// (bound-BBBB/subtree-IIIIII.json) and as the search emits it.
type Record struct {
	Bound     int     `json:"bound"`
	Index     int     `json:"index"`
	Moves     string  `json:"moves"` // from the board to the subtree's root, one letter a move (U, D, L, R)
	Nodes     uint64  `json:"nodes"`
	Generated uint64  `json:"generated"`
	Next      int     `json:"next"`           // least f above the bound seen; solver.MaxBound + 1 when none
	Found     bool    `json:"found"`          // the subtree holds a solution
	Path      string  `json:"path,omitempty"` // the first solution, from the board, when Found
	Seconds   float64 `json:"seconds"`        // the search's wall time on its worker
	// Skipped marks a subtree not searched because a subtree before it in
	// the order holds a solution: it is emitted, never written.
	Skipped bool `json:"skipped,omitempty"`
}

// maxRecordBytes bounds a record file: two paths of at most
// solver.MaxBound moves and a few numbers.
const maxRecordBytes = 2*solver.MaxBound + 512

// movesText writes moves one letter each (statespace.MoveLetters).
func movesText(moves []statespace.Move) string { return statespace.MoveLetters(moves) }

// parseMoves reads movesText's letters, at most solver.MaxBound of them.
func parseMoves(text string) ([]statespace.Move, error) {
	if len(text) > solver.MaxBound {
		return nil, fmt.Errorf("%d moves, more than the %d a search goes", len(text), solver.MaxBound)
	}
	return statespace.ParseMoveLetters(text)
}

// RecordError says a subtree's result file is damaged or is not the one
// its name promises (another bound, subtree or root).
type RecordError struct {
	Path string
	Msg  string
}

func (e *RecordError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Msg) }

// encodeRecord returns r's file.
func encodeRecord(r Record) []byte {
	data, err := json.Marshal(r)
	if err != nil {
		panic(err) // a struct of numbers and strings always encodes
	}
	return append(data, '\n')
}

// decodeRecord reads the result file at path of the subtree index under
// bound, whose root moves reach, and checks that it is that subtree's and
// that its fields fit together: a path only when found, one that starts
// with the root's moves, no more than bound moves, a next bound above the
// bound when not found.
func decodeRecord(path string, data []byte, bound, index int, moves string) (Record, error) {
	bad := func(format string, args ...any) (Record, error) {
		return Record{}, &RecordError{Path: path, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) > maxRecordBytes {
		return bad("%d bytes, more than a subtree's result takes", len(data))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return bad("not a subtree's result: %v", err)
	}
	if dec.More() {
		return bad("text after the result")
	}
	switch {
	case r.Bound != bound || r.Index != index:
		return bad("holds subtree %d under bound %d, not subtree %d under bound %d", r.Index, r.Bound, index, bound)
	case r.Moves != moves:
		return bad("holds the subtree at %q, not at %q", r.Moves, moves)
	case r.Nodes == 0 || r.Generated > 4*r.Nodes:
		return bad("%d nodes and %d generated: a subtree expands its root and generates at most 4 children a node", r.Nodes, r.Generated)
	case r.Skipped:
		return bad("a skipped subtree, which is never written")
	case r.Seconds < 0:
		return bad("a negative time, %v s", r.Seconds)
	case !r.Found && r.Path != "":
		return bad("a path without a solution")
	case !r.Found && (r.Next <= bound || r.Next > solver.MaxBound+1):
		return bad("next bound %d: want %d to %d", r.Next, bound+1, solver.MaxBound+1)
	case r.Found && (len(r.Path) != bound || !strings.HasPrefix(r.Path, moves)):
		return bad("a solution of %d moves that does not start at the subtree's root, under bound %d", len(r.Path), bound)
	}
	if _, err := parseMoves(r.Path); err != nil {
		return bad("path: %v", err)
	}
	return r, nil
}

// result returns r as the solver's subtree result.
func (r Record) result() (solver.SubtreeResult, error) {
	out := solver.SubtreeResult{Nodes: r.Nodes, Generated: r.Generated, Next: r.Next, Found: r.Found}
	if r.Found {
		p, err := parseMoves(r.Path)
		if err != nil {
			return out, err
		}
		out.Path = p
	}
	return out, nil
}
