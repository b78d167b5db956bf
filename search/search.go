package search

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// Defaults for Limits on boards of at most SmallBoardCells cells.
const (
	DefaultMaxExpanded = 2_000_000
	DefaultMaxTime     = 60 * time.Second
	SmallBoardCells    = 9
	// DefaultMaxBytes bounds PeakBytes (and what an OnStep hook keeps,
	// Problem.HookBytes) on every board when Limits.MaxBytes is 0: a node
	// or time limit alone let a search of 12 cells hold gigabytes.
	DefaultMaxBytes = 256 << 20
)

// StopReason says why a search ended without the goal, or that it ran to
// completion (StopNone: it found the goal or exhausted what it could reach).
type StopReason int

// The reasons a search stops.
const (
	StopNone       StopReason = iota // ran to completion
	StopNodeLimit                    // Limits.MaxExpanded reached
	StopTimeLimit                    // Limits.MaxTime passed
	StopDepthLimit                   // a depth limit cut some branch off and nothing was found
	StopStuck                        // the climber had no allowed move (StuckStop)
	StopLoop                         // the climber only went round boards it had seen (StuckFirstLegal)
	StopCanceled                     // the context was done
	StopByteLimit                    // Limits.MaxBytes reached
)

var stopNames = [...]string{"none", "node limit", "time limit", "depth limit", "stuck", "loop", "canceled", "memory limit"}

// String names the reason for people: "node limit", "stuck", …; "none"
// for StopNone.
func (s StopReason) String() string {
	if s < 0 || int(s) >= len(stopNames) {
		return "StopReason(" + strconv.Itoa(int(s)) + ")"
	}
	return stopNames[s]
}

// Limit reports whether the search was cut short by one of Limits (node,
// time, depth or bytes), as opposed to finishing, failing or being
// cancelled.
func (s StopReason) Limit() bool {
	return s == StopNodeLimit || s == StopTimeLimit || s == StopDepthLimit || s == StopByteLimit
}

// MarshalText writes the reason as String does, and StopNone as "" (the
// JSON records' "stopped_by": "" for a search that ran to completion).
func (s StopReason) MarshalText() ([]byte, error) {
	if s == StopNone {
		return []byte{}, nil
	}
	return []byte(s.String()), nil
}

// Limits bound a search; zero fields mean the algorithm's defaults
// (generous on boards of at most 9 cells: DefaultMaxExpanded expansions and
// DefaultMaxTime; on larger boards MaxExpanded or MaxTime must be set, else
// the Result is an error; DefaultMaxBytes on every board).
type Limits struct {
	MaxExpanded int64
	MaxTime     time.Duration
	MaxDepth    int // DFS depth limit (0 = unlimited); ignored by the others
	// MaxBytes bounds PeakBytes plus Problem.HookBytes for every
	// expansion; the search stops with StopByteLimit before the expansion
	// that would pass it.
	MaxBytes int64
}

// Problem is one search: where to start, the goal, the limits, and
// an optional hook.
type Problem struct {
	Start, Goal statespace.Board
	Limits      Limits
	// OnStep, if set, is called after each expansion, with what the
	// search itself knows of it (Step): a watcher needs to replay
	// nothing.
	OnStep func(Step)
	// HookBytes is what OnStep keeps per call (a recorded walk), counted
	// against Limits.MaxBytes with the search's own structures.
	HookBytes int64
}

// Step is one expansion, as a search reports it to Problem.OnStep.
type Step struct {
	Board statespace.Board // the board expanded
	Depth int              // its moves from Start along the search's own path
	// Frontier is what the search's frontier holds after the expansion,
	// counted as Result.MaxFrontier counts it (for A*, stale heap entries
	// of boards since reached more cheaply included; for IDA*, the
	// children within the bound not yet visited along the current path).
	Frontier int64
	// Bound is IDA*'s f bound in this iteration; -1 for the other searches.
	Bound int
}

// Result is what a search found and what it cost, counted exactly.
type Result struct {
	Algorithm      string            // display name, e.g. "A* (Manhattan)"
	Found          bool              // a path to the goal was found
	Path           []statespace.Move // moves of the blank from Start to Goal
	Cost           float64           // path cost (len(Path) with unit costs)
	Expanded       int64             // nodes whose children were generated
	Generated      int64             // children made (legal moves applied)
	MaxFrontier    int64             // most entries the frontier held at once
	SearchDepth    int               // depth of the goal node found
	MaxSearchDepth int               // deepest node ever added to the frontier (COMS semantics)
	Elapsed        time.Duration     // wall time of the search
	PeakBytes      int64             // peak bytes the algorithm's own frontier and visited structures allocated, by capacity (see the package documentation)
	StoppedBy      StopReason        // StopNone if it ran to completion
}

// MarshalJSON writes the result with move names and times in seconds.
func (r Result) MarshalJSON() ([]byte, error) {
	path := make([]string, len(r.Path))
	for i, m := range r.Path {
		path[i] = m.String()
	}
	return json.Marshal(struct {
		Algorithm      string     `json:"algorithm"`
		Found          bool       `json:"found"`
		Path           []string   `json:"path"`
		PathLength     int        `json:"path_length"`
		Cost           float64    `json:"cost"`
		Expanded       int64      `json:"nodes_expanded"`
		Generated      int64      `json:"nodes_generated"`
		MaxFrontier    int64      `json:"max_frontier"`
		SearchDepth    int        `json:"search_depth"`
		MaxSearchDepth int        `json:"max_search_depth"`
		Seconds        float64    `json:"seconds"`
		PeakBytes      int64      `json:"peak_bytes"`
		StoppedBy      StopReason `json:"stopped_by"`
	}{r.Algorithm, r.Found, path, len(r.Path), r.Cost, r.Expanded, r.Generated,
		r.MaxFrontier, r.SearchDepth, r.MaxSearchDepth, r.Elapsed.Seconds(), r.PeakBytes, r.StoppedBy})
}

// CostFunc is the cost of one move of the blank from a board (the
// notebook's cost_fn). A nil CostFunc costs 1 per move. Costs must not be
// negative.
type CostFunc func(m statespace.Move, from statespace.Board) float64

// Func is a search. It returns an error when the problem cannot be
// searched (no start, a start that cannot reach the goal, a large board
// without limits, a missing heuristic, a negative step cost) and ctx.Err()
// when ctx is done (with the Result so far, StoppedBy StopCanceled); a
// search stopped by a limit is not an error.
type Func func(ctx context.Context, p Problem) (Result, error)

// Algorithm names a search and runs it.
type Algorithm struct {
	Key     string // "bfs", "dfs", "ucs", "astar-manhattan", "astar-misplaced", "astar-linear-conflict", "astar-exact", "greedy", "climber", "iddfs", "idastar"
	Name    string // "BFS", "DFS", "UCS", "A* (Manhattan)", …
	Optimal bool   // every path it returns is a shortest one
	Run     Func
}

// Info is what an algorithm of Standard is, apart from running it: its
// key, its name for people, whether every path it returns is a shortest
// one, and whether it searches on the exact distance table (then Standard
// lists it only for a goal with a table).
type Info struct {
	Key        string
	Name       string
	Optimal    bool
	NeedsTable bool
}

// catalog is every algorithm of Standard, in its order: the one list of
// the algorithms' keys and names.
var catalog = []Info{
	{"bfs", "BFS", true, false},
	{"dfs", "DFS", false, false},
	{"iddfs", "IDDFS", true, false},
	{"ucs", "UCS", true, false},
	{"astar-misplaced", "A* (misplaced)", true, false},
	{"astar-manhattan", "A* (Manhattan)", true, false},
	{"astar-linear-conflict", "A* (linear conflict)", true, false},
	{"astar-exact", "A* (exact table)", true, true},
	{"idastar", "IDA* (Manhattan)", true, false},
	{"greedy", "Greedy (Manhattan)", false, false},
	{"climber", "Gain climber", false, false},
}

// Catalog returns every algorithm Standard lists, for a goal with a
// table, in Standard's order (a fresh copy).
func Catalog() []Info { return append([]Info(nil), catalog...) }

// Standard lists every algorithm for goal in a fixed order (Catalog's) —
// uninformed (bfs, dfs, iddfs, ucs), then A* from the weakest heuristic to
// the exact table, IDA*, and the two greedy ones (greedy, climber); table
// may be nil (then no "astar-exact"). Heuristics are built once for goal.
func Standard(goal statespace.Board, table pdb.ExactTable) []Algorithm {
	md := pdb.NewManhattan(goal)
	mis := pdb.NewMisplaced(goal)
	lc := pdb.NewLinearConflict(goal)
	aStar := func(name string, h pdb.Heuristic) Func {
		return func(ctx context.Context, p Problem) (Result, error) {
			return bestFirst(ctx, p, name, modeAStar, nil, h)
		}
	}
	var algs []Algorithm
	for _, in := range catalog {
		var run Func
		switch in.Key {
		case "bfs":
			run = BFS
		case "dfs":
			run = DFS
		case "iddfs":
			run = IDDFS
		case "ucs":
			run = func(ctx context.Context, p Problem) (Result, error) { return UCS(ctx, p, nil) }
		case "astar-misplaced":
			run = aStar(in.Name, mis)
		case "astar-manhattan":
			run = aStar(in.Name, md)
		case "astar-linear-conflict":
			run = aStar(in.Name, lc)
		case "astar-exact":
			if table == nil {
				continue
			}
			run = aStar(in.Name, pdb.Exact(table))
		case "idastar":
			run = func(ctx context.Context, p Problem) (Result, error) { return idaStar(ctx, p, md, in.Name) }
		case "greedy":
			run = func(ctx context.Context, p Problem) (Result, error) { return Greedy(ctx, p, md) }
		case "climber":
			run = func(ctx context.Context, p Problem) (Result, error) { return GainClimber(ctx, p, ClimberRule{}) }
		default:
			panic("search: no run for catalog key " + in.Key)
		}
		algs = append(algs, Algorithm{in.Key, in.Name, in.Optimal, run})
	}
	return algs
}

// Find returns the algorithm with the given key.
func Find(algs []Algorithm, key string) (Algorithm, bool) {
	for _, a := range algs {
		if a.Key == key {
			return a, true
		}
	}
	return Algorithm{}, false
}

// heuristicName names a heuristic for display: its Name() if it has one,
// the classic heuristics and the exact table by name, others by type.
func heuristicName(h pdb.Heuristic) string {
	if n, ok := h.(interface{ Name() string }); ok {
		return n.Name()
	}
	switch h.(type) {
	case *pdb.Manhattan:
		return "Manhattan"
	case *pdb.Misplaced:
		return "misplaced"
	case *pdb.LinearConflict:
		return "linear conflict"
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", h), "*")
}

// Entry sizes for PeakBytes (see the package documentation).
const (
	visitedEntryBytes = 16 // packed board (statespace.Key)
	indexEntryBytes   = 20 // packed board → int32 arena index
	stackIndexBytes   = 4  // int32 arena index
	pathEntryBytes    = 17 // packed board + move
	nodeBytes         = int64(unsafe.Sizeof(node{}))
	costNodeBytes     = int64(unsafe.Sizeof(costNode{}))
	heapEntryBytes    = int64(unsafe.Sizeof(heapEntry{}))
	treeEntryBytes    = int64(unsafe.Sizeof(treeEntry{}))
)

// node is a search-tree node in an arena; parent is its parent's index
// (-1 for the root), so paths are rebuilt without copying.
type node struct {
	board  statespace.Board
	move   statespace.Move
	parent int32
	depth  int32
}

// treeNode is what pathTo needs of an arena's nodes: node and every type
// that embeds it.
type treeNode interface{ tree() node }

func (n node) tree() node { return n }

// pathTo rebuilds the moves from the root to node i.
func pathTo[T treeNode](a *arena[T], i int32) []statespace.Move {
	path := make([]statespace.Move, (*a.at(i)).tree().depth)
	for k := len(path) - 1; k >= 0; k-- {
		n := (*a.at(i)).tree()
		path[k] = n.move
		i = n.parent
	}
	return path
}

// runner holds what every algorithm does the same way: checking the
// problem, the limits, the clock, and the result being filled in.
type runner struct {
	p           Problem
	res         Result
	t0          time.Time
	maxExpanded int64
	maxBytes    int64
	hookBytes   int64 // what OnStep keeps so far
	overBytes   bool  // the last bytes() passed maxBytes
	deadline    time.Time
	ctx         context.Context
	nextCheck   int64 // expansion count at which the clock and ctx are read next
	cur         Step  // the expansion in progress, for OnStep
	mem         mem   // what the graph searches' containers hold (account)
}

// timeCheckEvery is how many expansions pass between reads of the clock.
const timeCheckEvery = 1024

// start checks the problem and returns a runner, or an error when the
// problem cannot be searched (the Result then names the algorithm only) or
// ctx is already done (the Result says StopCanceled).
func start(ctx context.Context, p Problem, name string) (*runner, Result, error) {
	r := &runner{p: p, res: Result{Algorithm: name}, t0: time.Now(), ctx: ctx, cur: Step{Bound: -1}}
	if err := check(p); err != nil {
		return nil, r.res, err
	}
	small := p.Start.Cells() <= SmallBoardCells
	r.maxExpanded = p.Limits.MaxExpanded
	maxTime := p.Limits.MaxTime
	if r.maxExpanded <= 0 && maxTime <= 0 && !small {
		return nil, r.res, fmt.Errorf("search: a %s board needs a node or time limit (Limits.MaxExpanded or MaxTime)", p.Start.Shape())
	}
	if r.maxExpanded <= 0 {
		r.maxExpanded = 1<<63 - 1
		if small {
			r.maxExpanded = DefaultMaxExpanded
		}
	}
	r.maxBytes = p.Limits.MaxBytes
	if r.maxBytes <= 0 {
		r.maxBytes = DefaultMaxBytes
	}
	if maxTime <= 0 && small {
		maxTime = DefaultMaxTime
	}
	if maxTime > 0 {
		r.deadline = r.t0.Add(maxTime)
	}
	if r.ctx == nil {
		r.ctx = context.Background()
	}
	if err := r.ctx.Err(); err != nil {
		r.res.StoppedBy = StopCanceled
		return nil, r.res, err
	}
	r.nextCheck = timeCheckEvery
	return r, Result{}, nil
}

// Check reports why p cannot be searched: no start or goal, a start of
// another shape or tile set, or a start that cannot reach the goal (with
// the parity explanation), so that no search has to discover it by
// exhausting half of all permutations.
func Check(p Problem) error { return check(p) }

func check(p Problem) error {
	if p.Start.IsZero() || p.Goal.IsZero() {
		return fmt.Errorf("search: problem needs a start and a goal")
	}
	sp, err := statespace.NewSpace(p.Goal)
	if err != nil {
		return err
	}
	return sp.Check(p.Start)
}

// stop reports whether a limit forbids expanding one more node, and
// records which.
func (r *runner) stop() bool {
	if r.overBytes || r.hookBytes+r.p.HookBytes > r.maxBytes {
		r.res.StoppedBy = StopByteLimit
		return true
	}
	if r.res.Expanded >= r.maxExpanded {
		r.res.StoppedBy = StopNodeLimit
		return true
	}
	if r.res.Expanded >= r.nextCheck {
		r.nextCheck = r.res.Expanded + timeCheckEvery
		if r.ctx.Err() != nil {
			r.res.StoppedBy = StopCanceled
			return true
		}
		if !r.deadline.IsZero() && time.Now().After(r.deadline) {
			r.res.StoppedBy = StopTimeLimit
			return true
		}
	}
	return false
}

// expand counts one expansion; expanded ends it.
func (r *runner) expand(b statespace.Board, depth int) {
	r.res.Expanded++
	r.hookBytes += r.p.HookBytes
	r.cur.Board, r.cur.Depth = b, depth
}

// expanded records the frontier after the expansion begun by expand, and
// calls the hook.
func (r *runner) expanded(frontier int64) {
	r.frontier(frontier)
	if r.p.OnStep != nil {
		r.cur.Frontier = frontier
		r.p.OnStep(r.cur)
	}
}

// found records a unit-cost path.
func (r *runner) found(path []statespace.Move) {
	r.res.Found = true
	r.res.Path = path
	r.res.Cost = float64(len(path))
	r.res.SearchDepth = len(path)
}

func (r *runner) frontier(n int64) {
	if n > r.res.MaxFrontier {
		r.res.MaxFrontier = n
	}
}

// bytes records the bytes the search's structures hold now; with what the
// hook keeps, more than the limit stops the search before its next
// expansion.
func (r *runner) bytes(n int64) {
	if n > r.res.PeakBytes {
		r.res.PeakBytes = n
	}
	if n+r.hookBytes > r.maxBytes {
		r.overBytes = true
	}
}

// account records what the graph search's containers hold (r.mem, by
// capacity, growth included) and stops the search before its next
// expansion when that expansion could take them, with what the hook
// keeps, past the limit: next is what it may allocate (the containers'
// growth should each take its children).
func (r *runner) account(next int64) {
	r.res.PeakBytes = max(r.res.PeakBytes, r.mem.peak)
	if r.mem.held+next+r.hookBytes+r.p.HookBytes > r.maxBytes {
		r.overBytes = true
	}
}

func (r *runner) depth(d int) {
	if d > r.res.MaxSearchDepth {
		r.res.MaxSearchDepth = d
	}
}

// done stamps the elapsed time; a cancelled search returns ctx's error
// with what it counted.
func (r *runner) done() (Result, error) {
	r.res.Elapsed = time.Since(r.t0)
	if r.res.StoppedBy == StopCanceled {
		return r.res, r.ctx.Err()
	}
	return r.res, nil
}
