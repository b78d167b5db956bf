package classroom

import (
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// Where a search and a table meet, the search checks the table: a path
// from the start shorter than the table's distance, or a path of another
// length from a search that finds only shortest ones, proves the table
// damaged (the table's CheckPath), and the report refuses it with
// a *table.ContradictionError instead of printing "-2 moves over
// optimal".

// checkResults checks every found path of rs, from start, against table;
// shortest says which of them come from searches that find only shortest
// paths. A nil table checks nothing.
func checkResults(table Table, start statespace.Board, rs []search.Result, shortest []bool) error {
	if table == nil {
		return nil
	}
	for i, r := range rs {
		if !r.Found {
			continue
		}
		if err := table.CheckPath(start, len(r.Path), r.Algorithm, shortest[i]); err != nil {
			return err
		}
	}
	return nil
}

// checkTable checks c's rows against table (Compare calls it after each
// row, so the first contradiction ends the comparison). A* on the table itself is
// not taken as finding shortest paths: on a forged table it need not.
func (c *Comparison) checkTable(table Table) error {
	rs := make([]search.Result, len(c.Rows))
	shortest := make([]bool, len(c.Rows))
	for i, row := range c.Rows {
		rs[i], shortest[i] = row.Result, row.Optimal && row.Key != "astar-exact"
	}
	return checkResults(table, c.Start, rs, shortest)
}

// checkTable checks the paths of e's searches against table: BFS and
// IDDFS find only shortest paths, DFS and DLS any.
func (e *DFSExplanation) checkTable(table Table) error {
	return checkResults(table, e.Start,
		[]search.Result{e.DFS, e.DFSAtOptimal, e.DFSAtSmallest, e.DLSAtOptimal, e.IDDFS, e.BFS},
		[]bool{false, false, false, false, true, true})
}

// CheckReference checks every path c's algorithms found against the
// reference distance the caller set (an optimal search's answer, when
// there is no table): check is given each path's length and the
// algorithm's name and returns the error that a path shorter than the
// reference proves (resolve.CheckReference). The first error is returned.
func (c *Comparison) CheckReference(check func(pathLength int, search string) error) error {
	for _, row := range c.Rows {
		if !row.Result.Found {
			continue
		}
		if err := check(len(row.Result.Path), row.Result.Algorithm); err != nil {
			return err
		}
	}
	return nil
}
