package record

import (
	"math"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// Record is an answer as its JSON record says it, one struct whose tags
// are the keys: query -json writes one a line (Writer, by encoding/json)
// and the page's /api/board embeds it in its own.
type Record struct {
	Board    string `json:"board"`
	Distance int    `json:"distance"`
	// OptimalMoves are every optimal first move; nil, and left out, when
	// they were not searched for (resolve.SearchCost.OptimalUnknown); empty at the
	// goal.
	OptimalMoves []string `json:"optimal_moves,omitzero"`
	Path         []string `json:"path"`
	Heuristic    string   `json:"heuristic,omitempty"`
	// SearchRecord is there for answers found by search.
	*SearchRecord
}

// SearchRecord is what a searched answer cost (resolve.SearchCost), in a
// Record.
type SearchRecord struct {
	Nodes     uint64  `json:"nodes"`
	Generated uint64  `json:"generated"`
	Seconds   float64 `json:"seconds"` // to the microsecond
}

// New returns a's record; with tile, moves name the tile that slides
// ("5Down") instead of the blank's move.
func New(a resolve.Answer, tile bool) Record {
	var r Record
	r.fill(a, tile)
	return r
}

// fill makes r a's record (New), reusing r's slices: a Writer fills one
// Record for every answer, so a batch does not allocate them anew.
func (r *Record) fill(a resolve.Answer, tile bool) {
	var text [3 * statespace.MaxCells]byte // two digits and a comma a cell
	*r = Record{Board: string(appendBoard(text[:0], a.Board)), Distance: a.Distance, Path: r.Path[:0], Heuristic: a.Heuristic,
		OptimalMoves: r.OptimalMoves[:0], SearchRecord: r.SearchRecord}
	if r.Path == nil {
		r.Path = make([]string, 0, len(a.Path)) // the goal's path is [], not null
	}
	if a.Search == nil || !a.Search.OptimalUnknown {
		if r.OptimalMoves == nil {
			r.OptimalMoves = make([]string, 0, a.Optimal.Len()) // the goal's moves are [], not left out
		}
		for _, m := range statespace.Moves {
			if a.Optimal.Has(m) {
				r.OptimalMoves = append(r.OptimalMoves, moveName(a.Board, m, tile))
			}
		}
	} else {
		r.OptimalMoves = nil
	}
	b := a.Board
	for _, m := range a.Path {
		r.Path = append(r.Path, moveName(b, m, tile))
		if tile {
			b, _ = b.Apply(m)
		}
	}
	if c := a.Search; c != nil {
		if r.SearchRecord == nil {
			r.SearchRecord = new(SearchRecord)
		}
		*r.SearchRecord = SearchRecord{Nodes: c.Nodes, Generated: c.Generated, Seconds: math.Round(c.Elapsed.Seconds()*1e6) / 1e6}
	} else {
		r.SearchRecord = nil
	}
}

// moveName is the name of move m made on board b: the blank's move
// ("Up"), or with tile the tile that slides and its direction ("5Down":
// the tile slides opposite to the blank).
func moveName(b statespace.Board, m statespace.Move, tile bool) string {
	if !tile {
		return m.String() // no allocation: the names are constants
	}
	return string(appendMove(nil, b, m, true))
}
