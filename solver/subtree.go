package solver

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/tilespace/tilespace/statespace"
)

// An iteration of IDA* can be searched in pieces, on other machines or in
// other processes (a Beam pipeline, package beam/ida): SplitIteration cuts
// it at a depth into root subtrees, exactly as Solve's parallel search
// does, SearchSubtree searches one of them on one goroutine, and
// Split.Combine adds up their results into what Solve counts for the
// iteration. Each piece needs only the board, the bound and the moves to
// its root, so the pieces can be searched in any order and anywhere.

// Split is one IDA* iteration cut at Depth into root subtrees: the nodes
// at that depth whose f = g + h is within Bound, in the order the
// sequential search reaches them.
type Split struct {
	Board statespace.Board
	Bound int
	Depth int
	Roots []Root
	// Nodes and Generated are the work of the whole search above Depth,
	// and Next the least f above the bound seen there (MaxBound + 1 when
	// none).
	Nodes, Generated uint64
	Next             int
	// Found is set when the goal lies above Depth (a bound below Depth);
	// Path is then the solution, Nodes and Generated what Solve counts up
	// to it, and Roots empty.
	Found bool
	Path  []statespace.Move
}

// Root is a root subtree of a Split: the moves from the board to it and
// the work the sequential search does above the split depth before it.
type Root struct {
	Moves            []statespace.Move
	Nodes, Generated uint64
}

// SubtreeResult is what searching one root subtree found: its counters
// (its root included), the least f above the bound seen in it
// (MaxBound + 1 when none), and, when the subtree holds a solution, the
// first one the sequential search reaches, from the board. A subtree
// holding a solution is searched up to it only.
type SubtreeResult struct {
	Nodes, Generated uint64
	Next             int
	Found            bool
	Path             []statespace.Move
}

// IterationResult is one iteration's outcome, counted as Solve counts it:
// when Found, the work up to the solution in the sequential order (the
// subtrees after the solution's are left out, whether or not they were
// searched), else the whole iteration's, with Next the next bound.
type IterationResult struct {
	Found            bool
	Path             []statespace.Move
	Nodes, Generated uint64
	Next             int
}

// MaxBound is the largest bound the solver searches with: a Next above it
// means no solution (ErrTooDeep).
const MaxBound = maxDepth

// InitialBound returns the first iteration's bound for b: the heuristic's
// value. It returns statespace.Space.Check's error for a board that cannot
// reach the goal.
func (s *Solver) InitialBound(b statespace.Board) (int, error) {
	if err := s.space.Check(b); err != nil {
		return 0, err
	}
	return s.h.Distance(b), nil
}

// SplitIteration cuts the iteration with bound from b at depth (at least
// 1; a depth not below the bound is lowered to bound − 1, where the goal,
// which lies at depth bound, is always below it) into root subtrees. It
// searches the top of the tree on one goroutine, with the solver's Prune
// and Dual settings, so the roots are the tasks Solve makes at that depth.
func (s *Solver) SplitIteration(ctx context.Context, b statespace.Board, bound, depth int) (Split, error) {
	if err := s.space.Check(b); err != nil {
		return Split{}, err
	}
	if bound > maxDepth {
		return Split{}, ErrBoundTooLarge
	}
	if depth < 1 {
		return Split{}, fmt.Errorf("solver: split depth %d: want at least 1", depth)
	}
	sp := Split{Board: b, Bound: bound, Depth: min(depth, max(bound-1, 1)), Next: maxDepth + 1}
	if b == s.goal {
		sp.Found, sp.Path = true, []statespace.Move{}
		return sp, nil
	}
	fsm, err := s.machine()
	if err != nil {
		return Split{}, err
	}
	var canceled atomic.Bool
	defer cancelWatch(ctx, &canceled)()
	root := s.fast.root(b)
	root.state = fsm.Start(b.Blank())
	top := &searcher{e: s.fast, bound: bound, fsm: fsm.Table(), dual: s.Dual, next: maxDepth + 1, canceled: &canceled, split: sp.Depth}
	top.load(&root)
	found := top.dfs(0, -2)
	if top.stopped {
		return Split{}, ctx.Err()
	}
	sp.Nodes, sp.Generated, sp.Next = top.expanded, top.generated, top.next
	if found {
		sp.Found, sp.Path = true, movesOf(top.path[:top.length])
		return sp, nil
	}
	for _, t := range top.tasks {
		sp.Roots = append(sp.Roots, Root{Moves: movesOf(t.prefix), Nodes: t.expanded, Generated: t.generated})
	}
	return sp, nil
}

// SubtreeError says the moves given to SearchSubtree do not lead to a
// subtree the search has: a move off the board, or a path the pruning
// machine cuts.
type SubtreeError struct {
	Moves []statespace.Move
	At    int // the index of the first move that fails
	Msg   string
}

func (e *SubtreeError) Error() string {
	return fmt.Sprintf("solver: subtree %v: move %d (%v) %s", e.Moves, e.At+1, e.Moves[e.At], e.Msg)
}

// SearchSubtree searches, under bound, the subtree of the iteration from
// b whose root the moves reach (a Root's Moves), on one goroutine, with
// the solver's Prune and Dual settings: its counters are those the
// sequential search counts in that subtree, so that Split.Combine gives
// Solve's counts. It returns ctx's error when ctx is done.
func (s *Solver) SearchSubtree(ctx context.Context, b statespace.Board, bound int, moves []statespace.Move) (SubtreeResult, error) {
	if err := s.space.Check(b); err != nil {
		return SubtreeResult{}, err
	}
	if bound > maxDepth {
		return SubtreeResult{}, ErrBoundTooLarge
	}
	if len(moves) == 0 || len(moves) > maxDepth {
		return SubtreeResult{}, fmt.Errorf("solver: a subtree's root is 1 to %d moves from the board, not %d", maxDepth, len(moves))
	}
	var canceled atomic.Bool
	defer cancelWatch(ctx, &canceled)()
	sr, err := s.searcherAt(b, bound, moves, &canceled)
	if err != nil {
		return SubtreeResult{}, err
	}
	found := sr.dfs(len(moves), int(moves[len(moves)-1]))
	if sr.stopped {
		return SubtreeResult{}, ctx.Err()
	}
	r := SubtreeResult{Nodes: sr.expanded, Generated: sr.generated, Next: sr.next, Found: found}
	if found {
		r.Path = movesOf(sr.path[:sr.length])
	}
	return r, nil
}

// searcherAt returns a searcher under bound at the node the moves reach
// from b, its path holding the moves, for a search below that node on one
// goroutine with the solver's Prune and Dual settings.
func (s *Solver) searcherAt(b statespace.Board, bound int, moves []statespace.Move, canceled *atomic.Bool) (*searcher, error) {
	fsm, err := s.machine()
	if err != nil {
		return nil, err
	}
	table := fsm.Table()
	state := fsm.Start(b.Blank())
	at := b
	for i, m := range moves {
		if m > statespace.Right {
			return nil, &SubtreeError{Moves: moves, At: i, Msg: "is not a move"}
		}
		next, ok := at.Apply(m)
		if !ok {
			return nil, &SubtreeError{Moves: moves, At: i, Msg: "leaves the board"}
		}
		if state = table[int(state)*4+int(m)]; state < 0 {
			return nil, &SubtreeError{Moves: moves, At: i, Msg: "is a duplicate path the search cuts"}
		}
		at = next
	}
	x := s.fast.root(at)
	x.state = state
	sr := &searcher{e: s.fast, bound: bound, fsm: table, dual: s.Dual, next: maxDepth + 1, canceled: canceled}
	sr.load(&x)
	for i, m := range moves {
		sr.path[i] = uint8(m)
	}
	return sr, nil
}

// RefineSplit cuts deeper the roots of sp whose moves (as
// statespace.MoveLetters writes them) heavy holds: each is replaced by
// the nodes extra levels below it, in the sequential order, and those of
// them heavy holds are cut again. The work above the new roots moves into
// the split's counts and each root's, so Combine over the new roots gives
// the same outcome. A root less than extra + 1 levels above the bound
// stays whole. An iteration's heaviest subtrees are heavy in the next
// one too (they lie along the best paths), so cutting them deeper evens
// out the next iteration's tasks, which one split depth does not; Solve's
// parallel search cuts its own tasks the same way.
func (s *Solver) RefineSplit(ctx context.Context, sp Split, heavy map[string]bool, extra int) (Split, error) {
	if sp.Found || len(heavy) == 0 {
		return sp, nil
	}
	if extra < 1 {
		return Split{}, fmt.Errorf("solver: refining by %d levels: want at least 1", extra)
	}
	var canceled atomic.Bool
	defer cancelWatch(ctx, &canceled)()
	tasks := make([]task, len(sp.Roots))
	for i, r := range sp.Roots {
		tasks[i] = task{prefix: prefixOf(r.Moves), expanded: r.Nodes, generated: r.Generated}
	}
	rt, err := refineTasks(tasks, heavy, extra, sp.Bound, func(t *task) (*searcher, error) {
		return s.searcherAt(sp.Board, sp.Bound, movesOf(t.prefix), &canceled)
	})
	if err != nil {
		return Split{}, err
	}
	if rt.stopped {
		return Split{}, ctx.Err()
	}
	out := sp
	out.Roots = make([]Root, len(rt.tasks))
	for i, t := range rt.tasks {
		out.Roots[i] = Root{Moves: movesOf(t.prefix), Nodes: t.expanded, Generated: t.generated}
	}
	out.Nodes, out.Generated, out.Next = sp.Nodes+rt.movedN, sp.Generated+rt.movedG, min(sp.Next, rt.next)
	return out, nil
}

// refined is what refineTasks makes of an iteration's tasks: the new
// tasks, the work moved from the tasks' subtrees into the split above
// them, the least f above the bound seen there, and whether a search
// stopped (canceled).
type refined struct {
	tasks          []task
	movedN, movedG uint64
	next           int
	stopped        bool
}

// refineTasks replaces each task whose prefix heavy holds (as letters) by
// the nodes extra levels below it, recursively, searching the levels
// between on the searcher at returns for the task. Each new task's
// expanded and generated are the work before it outside every task, as a
// split counts them. The one kernel of RefineSplit and Solve's parallel
// search.
func refineTasks(tasks []task, heavy map[string]bool, extra, bound int, at func(*task) (*searcher, error)) (refined, error) {
	out := refined{next: maxDepth + 1}
	// cut emits t or the tasks below it, t's counts already those before
	// it, and returns the work it moved out of t's subtree.
	var cut func(t task) (uint64, uint64, error)
	cut = func(t task) (uint64, uint64, error) {
		depth := len(t.prefix) + extra
		if out.stopped || !heavy[prefixKey(t.prefix)] || depth >= bound || len(t.prefix) == 0 {
			out.tasks = append(out.tasks, t)
			return 0, 0, nil
		}
		sr, err := at(&t)
		if err != nil {
			return 0, 0, err
		}
		sr.split = depth
		found := sr.dfs(len(t.prefix), int(t.prefix[len(t.prefix)-1]))
		if sr.stopped {
			out.stopped = true
			return 0, 0, nil
		}
		if found { // the goal above the new depth (never below a bound's split): stay whole
			out.tasks = append(out.tasks, t)
			return 0, 0, nil
		}
		out.next = min(out.next, sr.next)
		var deeperN, deeperG uint64 // moved up from cutting earlier children
		for _, c := range sr.tasks {
			c.expanded += t.expanded + deeperN
			c.generated += t.generated + deeperG
			n, g, err := cut(c)
			if err != nil {
				return 0, 0, err
			}
			deeperN, deeperG = deeperN+n, deeperG+g
		}
		return sr.expanded + deeperN, sr.generated + deeperG, nil
	}
	for _, t := range tasks {
		t.expanded += out.movedN
		t.generated += out.movedG
		n, g, err := cut(t)
		if err != nil {
			return refined{}, err
		}
		out.movedN, out.movedG = out.movedN+n, out.movedG+g
	}
	return out, nil
}

// prefixKey writes a task's prefix as statespace.MoveLetters does.
func prefixKey(p []uint8) string {
	return statespace.MoveLetters(movesOf(p))
}

// prefixOf is movesOf's inverse.
func prefixOf(moves []statespace.Move) []uint8 {
	p := make([]uint8, len(moves))
	for i, m := range moves {
		p[i] = uint8(m)
	}
	return p
}

// Combine returns the iteration's outcome from the results of its root
// subtrees, results[i] that of sp.Roots[i]: the first subtree in order
// with a solution gives the path, and the counts are the sequential
// search's up to it; without one, the whole iteration's. Only the results
// up to the first solution are read, so the subtrees after it may be
// left zero. It returns ErrTooDeep when no solution was found and no
// bound is left to try.
func (sp Split) Combine(results []SubtreeResult) (IterationResult, error) {
	if sp.Found {
		return IterationResult{Found: true, Path: sp.Path, Nodes: sp.Nodes, Generated: sp.Generated}, nil
	}
	if len(results) != len(sp.Roots) {
		return IterationResult{}, fmt.Errorf("solver: %d subtree results for %d subtrees", len(results), len(sp.Roots))
	}
	it := IterationResult{Nodes: sp.Nodes, Generated: sp.Generated, Next: sp.Next}
	for i, r := range results {
		if r.Found {
			it = IterationResult{Found: true, Path: r.Path, Nodes: sp.Roots[i].Nodes, Generated: sp.Roots[i].Generated}
			for _, q := range results[:i+1] {
				it.Nodes += q.Nodes
				it.Generated += q.Generated
			}
			return it, nil
		}
		it.Nodes += r.Nodes
		it.Generated += r.Generated
		it.Next = min(it.Next, r.Next)
	}
	if it.Next > maxDepth {
		return it, ErrTooDeep
	}
	return it, nil
}
