package record

import (
	"math"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// Record is an answer as its JSON record says it, one struct whose tags
// are the keys: query -json writes one a line and the page's /api/board
// embeds it in its own. The JSON lines of Writer are
// json.Marshal(New(a, tile)) (they are appended without reflection,
// for the batch's speed; TestRecordIsTheJSONLine holds them to it).
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
	r := Record{Board: a.Board.String(), Distance: a.Distance, Path: make([]string, 0, len(a.Path)), Heuristic: a.Heuristic}
	if a.Search == nil || !a.Search.OptimalUnknown {
		r.OptimalMoves = []string{}
		for _, m := range statespace.Moves {
			if a.Optimal.Has(m) {
				r.OptimalMoves = append(r.OptimalMoves, string(appendMove(nil, a.Board, m, tile)))
			}
		}
	}
	b := a.Board
	for _, m := range a.Path {
		r.Path = append(r.Path, string(appendMove(nil, b, m, tile)))
		if tile {
			b, _ = b.Apply(m)
		}
	}
	if c := a.Search; c != nil {
		r.SearchRecord = &SearchRecord{Nodes: c.Nodes, Generated: c.Generated, Seconds: math.Round(c.Elapsed.Seconds()*1e6) / 1e6}
	}
	return r
}
