package search

import (
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Limits bound a search; zero fields mean the algorithm's defaults
// (generous on boards of at most 9 cells: DefaultMaxExpanded expansions and
// DefaultMaxTime; on larger boards MaxExpanded or MaxTime must be set, else
// the Result says so in StoppedBy).
type Limits struct {
	MaxExpanded int64
	MaxTime     time.Duration
	MaxDepth    int // DFS depth limit (0 = unlimited); ignored by the others
}

// Problem is one search: where to start, the goal, the limits, and an
// optional hook.
type Problem struct {
	Start, Goal statespace.Board
	Limits      Limits
	// OnExpand, if set, is called with each board as it is expanded and its
	// depth (number of moves from Start along the search's own path).
	OnExpand func(b statespace.Board, depth int)
}

// Result is what a search found and what it cost, counted exactly.
type Result struct {
	Algorithm      string            // display name, e.g. "A* (Manhattan)"
	Found          bool              // a path to the goal was found
	Path           []statespace.Move // moves of the blank from Start to Goal
	Cost           float64           // path cost (len(Path) with unit costs)
	Expanded       int64             // boards whose children were generated
	Generated      int64             // children generated (legal moves applied)
	MaxFrontier    int64             // largest number of entries in the frontier
	SearchDepth    int               // depth of the goal node found
	MaxSearchDepth int               // deepest node ever added to the frontier (COMS semantics)
	Elapsed        time.Duration     // wall time of the search
	PeakBytes      int64             // peak bytes of the algorithm's own frontier + visited structures, counted exactly
	StoppedBy      string            // "" if it ran to completion; else "node limit", "time limit", "depth limit", "stuck" (climber), "error: …"
}

// CostFunc is the cost of one move of the blank from a board (the
// notebook's cost_fn). A nil CostFunc costs 1 per move.
type CostFunc func(m statespace.Move, from statespace.Board) float64

// Algorithm names a search and runs it.
type Algorithm struct {
	Key     string // "bfs", "dfs", "ucs", "astar-manhattan", "astar-misplaced", "astar-linear-conflict", "astar-exact", "greedy", "climber", "iddfs", "idastar"
	Name    string // "BFS", "DFS", "UCS", "A* (Manhattan)", …
	Optimal bool   // always returns a shortest path when it finds one
	Run     func(Problem) Result
}

// BFS is breadth-first graph search with COMS 4701 semantics.
func BFS(p Problem) Result { return Result{Algorithm: "BFS", StoppedBy: "error: not implemented"} }

// DFS is depth-first graph search with a global visited set.
func DFS(p Problem) Result { return Result{Algorithm: "DFS", StoppedBy: "error: not implemented"} }

// DLS is depth-limited tree search rejecting only states on the current path.
func DLS(p Problem, limit int) Result {
	return Result{Algorithm: "DLS", StoppedBy: "error: not implemented"}
}

// IDDFS runs DLS with limits 0, 1, 2, …
func IDDFS(p Problem) Result { return Result{Algorithm: "IDDFS", StoppedBy: "error: not implemented"} }

// UCS is uniform-cost search with a pluggable step cost.
func UCS(p Problem, cost CostFunc) Result {
	return Result{Algorithm: "UCS", StoppedBy: "error: not implemented"}
}

// AStar is A* graph search on h.
func AStar(p Problem, h pdb.Heuristic) Result {
	return Result{Algorithm: "A*", StoppedBy: "error: not implemented"}
}

// Greedy is greedy best-first search on h.
func Greedy(p Problem, h pdb.Heuristic) Result {
	return Result{Algorithm: "Greedy", StoppedBy: "error: not implemented"}
}

// GainClimber is seed 003's gain-score climber.
func GainClimber(p Problem) Result {
	return Result{Algorithm: "Gain climber", StoppedBy: "error: not implemented"}
}

// IDAStar is iterative-deepening A* on h.
func IDAStar(p Problem, h pdb.Heuristic) Result {
	return Result{Algorithm: "IDA*", StoppedBy: "error: not implemented"}
}

// Standard lists every algorithm for goal in a fixed order; table may be nil
// (then no "astar-exact").
func Standard(goal statespace.Board, table *statespace.Table) []Algorithm { return nil }
