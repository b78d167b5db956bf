package classroom

import "github.com/tilespace/tilespace/statespace"

// Table is what the reports ask of a distance table (package table's
// Table or Lazy, any of them): the space it covers, a board's exact
// distance, and a search's path checked against it (a contradiction is
// the table's damage, told as the table tells its other damage).
type Table interface {
	Space() *statespace.Space
	Lookup(b statespace.Board) (int, error)
	CheckPath(b statespace.Board, pathLength int, search string, shortest bool) error
}

// CountedTable is a Table that also counts the boards at each distance,
// 0 … its radius (ExplainDFS's figures of the whole space).
type CountedTable interface {
	Table
	Counts() []uint64
}
