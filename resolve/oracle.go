package resolve

import (
	"context"
	"fmt"
	"time"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// Answer is what query knows about one board.
type Answer struct {
	Board    statespace.Board
	Distance int                // exact number of moves to the goal
	Optimal  statespace.MoveSet // every move that leads one step closer
	Path     []statespace.Move  // one optimal solution, when asked for
	// Heuristic names what the answer came from: HeuristicTable, a
	// pattern database set ("pdb 1,2,3/4,5,6,7,8"), HeuristicLinearConflict.
	Heuristic string
	// Source is where the answer came from: its oracle's Source.
	Source *Source

	// Set for answers found by search rather than read from a table.
	Search *SearchCost
}

// SearchCost is what an answer found by search cost, summed over every
// search it ran: the one for the path and, with every optimal move asked
// for, one per move tested.
type SearchCost struct {
	Nodes     uint64        // nodes expanded
	Generated uint64        // children generated (Korf & Felner's measure)
	Elapsed   time.Duration // the searches' own times, added up
	// OptimalUnknown is true when only the path was searched for, so
	// Optimal holds nothing: finding every optimal first move costs one
	// more search per legal move.
	OptimalUnknown bool
	// OptimalCut is true when the context ended after the path was found
	// and before every optimal move was tested (Want.KeepPath); then
	// OptimalUnknown is true too.
	OptimalCut bool
}

// add counts one more search.
func (c *SearchCost) add(expanded, generated uint64, elapsed time.Duration) {
	c.Nodes += expanded
	c.Generated += generated
	c.Elapsed += elapsed
}

// An Oracle gives exact answers for the boards of one shape and goal:
// the distance table (NewTableOracle), IDA* on pattern databases (the
// solver's) or on another heuristic (NewSearchOracle). Source says which,
// so that no caller needs to know the types.
type Oracle interface {
	// Goal returns the goal the answers are measured to.
	Goal() statespace.Board
	// Source says where the answers come from; every Answer points to it.
	Source() *Source
	// Answer returns b's distance, its optimal first moves (a search's
	// only with want.AllMoves, else Search.OptimalUnknown is set) and
	// with want.Path an optimal path (a search finds one anyway). A
	// board that cannot reach the goal gives an error (a
	// *statespace.UnsolvableError for the wrong parity).
	Answer(ctx context.Context, b statespace.Board, want Want) (Answer, error)
}

// Want is what a caller wants of one answer beyond the distance: the
// choices of each call, not of the Resolver, so that one Resolver serves
// the command line (its flags) and the page (every optimal move while its
// time allows) alike. A table answer gives every optimal move anyway and
// never runs out of time.
type Want struct {
	// Path asks for an optimal path.
	Path bool
	// AllMoves asks a search for every optimal first move too: one more
	// bounded search per legal move after the path is found.
	AllMoves bool
	// KeepPath makes a search answer whose context ends after the path
	// was found, while the optimal moves were being tested, the path with
	// Search.OptimalCut set, instead of the context's error.
	KeepPath bool
	// Checkpoints makes a search on pattern databases resumable
	// (-resume); nil: it is not.
	Checkpoints *Checkpoints
}

// Kind is the kind of source an answer comes from.
type Kind int

// The kinds of source, as Source.Kind and the records' "source" say them.
const (
	FromTable     Kind = iota + 1 // an exact distance table
	FromDatabases                 // IDA* on additive pattern databases (package solver)
	FromSearch                    // IDA* on another admissible heuristic (package search)
)

func (k Kind) String() string {
	switch k {
	case FromTable:
		return "table"
	case FromDatabases:
		return "databases"
	case FromSearch:
		return "search"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Source says where an oracle's answers come from.
type Source struct {
	Kind Kind
	// Solver names how answers are found, for people: "distance table",
	// "IDA* on pattern databases", "IDA* on manhattan+linear-conflict".
	Solver string
	// Heuristic is what Answer.Heuristic says.
	Heuristic string
	// From says where a table came from: its path, "embedded
	// 3x3-last.tbl" or "built in memory"; empty for search.
	From string
	// Bytes is what the source holds in memory: a table's distances (a
	// byte a board, or the stored bit a board of a lazy table), the
	// databases' entries; search on another heuristic holds nothing worth
	// counting.
	Bytes int64
	// Files are the pattern database files of a FromDatabases source, one
	// per pattern; empty when they were built in memory only.
	Files []string

	databases *databases // a FromDatabases source's, to check answers against
}

// TableOf returns the distance table o answers from (a FromTable
// source's), or nil when o searches: for callers that need the table
// itself, such as to draw boards at a distance or to run the classroom
// searches against it.
func TableOf(o Oracle) table.Interface {
	if t, ok := o.(tabled); ok {
		return t.Table()
	}
	return nil
}

// tabled is an oracle that answers from a distance table.
type tabled interface {
	Table() table.Interface
}

// tableOracle answers from an exact distance table, with the table's own
// optimal moves and path (table.Table.LookupMoves and Path).
type tableOracle struct {
	t   table.Interface
	src Source
}

// Table returns the oracle's distance table.
func (o *tableOracle) Table() table.Interface { return o.t }

// NewTableOracle returns the oracle of table t, which came from from
// (e.g. "embedded 3x3-last.tbl").
func NewTableOracle(t table.Interface, from string) Oracle { return newTableOracle(t, from) }

func newTableOracle(t table.Interface, from string) *tableOracle {
	bytes := int64(t.Space().Size())
	if _, err := t.Loaded(); err != nil {
		bytes = int64(t.Space().Size() / 8) // the stored bit a board
	}
	return &tableOracle{t: t, src: Source{Kind: FromTable, Solver: "distance table", Heuristic: HeuristicTable, From: from, Bytes: bytes}}
}

// Source returns the table's source (FromTable).
func (o *tableOracle) Source() *Source { return &o.src }

// Goal returns the table's goal.
func (o *tableOracle) Goal() statespace.Board { return o.t.Space().Goal() }

// Answer looks b up in the table, every optimal move included. Without a
// path it allocates nothing.
// The path is Table.Path's: at each step the first move in Up, Down,
// Left, Right order that leads one step closer. A lazy table (12 cells
// and more, read from a file) walks its stored bits and replays the path
// board by board (table.Lazy.Path); damaged bits give the table's error.
func (o *tableOracle) Answer(_ context.Context, b statespace.Board, want Want) (Answer, error) {
	d, set, err := o.t.LookupMoves(b)
	if err != nil {
		return Answer{Board: b, Distance: -1}, err
	}
	a := Answer{Board: b, Distance: d, Optimal: set, Heuristic: HeuristicTable, Source: &o.src}
	if want.Path {
		if a.Path, err = o.t.Path(b); err != nil {
			return Answer{Board: b, Distance: -1}, err
		}
	}
	return a, nil
}
