package solver

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// Checkpoint is the progress of a search, enough to resume it after a
// cancel, a crash or a reboot: the iteration under way (its bound), the
// root subtrees finished under that bound with what they cost, and the
// totals of the iterations before it. A search resumed from a checkpoint
// finds the same path and the same counters as one never interrupted,
// whatever the number of goroutines of either.
//
// The root subtrees of an iteration are the tasks it is split into: the
// nodes at depth Split, in the order the sequential search reaches them.
// A subtree counts only when its search ended; the work on subtrees
// under way when a search stops is discarded, and they are searched
// again on resume.
type Checkpoint struct {
	Board, Goal statespace.Board
	// Heuristic identifies the heuristic (Solver.Identity): a checkpoint
	// is resumed only by a solver of the same identity, whose counters it
	// holds.
	Heuristic string
	// Iterations, Nodes and Generated are the totals of the iterations
	// finished, whose bounds were below Bound; Elapsed the time all
	// earlier runs searched.
	Iterations       int
	Nodes, Generated uint64
	Elapsed          time.Duration
	// Bound is the bound of the iteration under way.
	Bound int
	// Split is the depth of the iteration's root subtrees and Tasks their
	// number, 0 while the iteration has not been split (no subtree is
	// done then).
	Split, Tasks int
	// Done are the root subtrees finished under Bound, by Index.
	Done []Subtree
	// IterationNodes are the nodes of each iteration finished, oldest
	// first, for the estimate of the next one's cost (SearchProgress). A
	// checkpoint written without them has none: then the list holds only
	// the iterations finished since, and is shorter than Iterations.
	IterationNodes []uint64
	// Heavy are the root subtrees, as statespace.MoveLetters writes the
	// moves to them, that the iterations finished found heaviest: later
	// iterations cut them deeper (refineTasks), so a resumed iteration
	// is cut as it was.
	Heavy []string
	// Path, when not nil, is the solution of a search that ended: the
	// counters are then the result's (every iteration, the last up to
	// the solution), Bound is the path's length, and resuming returns
	// the result at once. A search that saved a checkpoint saves its end
	// too, so a batch run again after a stop answers the boards it
	// finished without searching them again.
	Path []statespace.Move
}

// Subtree is a root subtree searched to its end under the bound: its
// index among the iteration's tasks, its counters, and the least f above
// the bound seen in it. (A subtree holding a solution ends the search and
// is never recorded.)
type Subtree struct {
	Index            int
	Nodes, Generated uint64
	Next             int
}

// Checkpointing says how SolveCheckpointed saves and resumes progress.
type Checkpointing struct {
	// From is the checkpoint to resume; nil starts afresh.
	From *Checkpoint
	// Save receives the progress, from one goroutine at a time: at most
	// every Every (0: at each finished subtree and iteration) and, when
	// ctx ends the search, once more with everything finished by then.
	// The checkpoint is valid only during the call. An error stops the
	// search and is returned.
	Save  func(*Checkpoint) error
	Every time.Duration
	// Progress, when set, is told how the search goes, from one goroutine
	// at a time and while the search waits (it must return quickly): when
	// an iteration starts, when a root subtree is finished, and once
	// more, with Found set, when the path is found (never for a board
	// that is the goal: it is not searched).
	Progress func(SearchProgress)
}

// SearchProgress is how far a checkpointed search is.
type SearchProgress struct {
	// Bound is the bound of the iteration under way and Iteration its
	// number, from 1.
	Bound, Iteration int
	// Done of Tasks root subtrees of the iteration are finished; Tasks is
	// 0 until the iteration is split (iterations of small bounds never
	// are).
	Done, Tasks int
	// Nodes are the nodes expanded in the iteration's finished subtrees,
	// Total those of all iterations, this one's Nodes included.
	Nodes, Total uint64
	// Elapsed is the time searched, earlier runs' included.
	Elapsed time.Duration
	// Finished are the nodes of each iteration finished, oldest first
	// (Checkpoint.IterationNodes): after a resume from a checkpoint
	// without them, only those finished since.
	Finished []uint64
	// Found marks the last report: the path is found, and the last
	// iteration is the last of Finished, its nodes in Nodes. Its counts
	// are the result's, which leave out the subtrees after the path's
	// (Solve never searches them): they may be less than the report's
	// before, when such subtrees were finished meanwhile.
	Found bool
}

// CheckpointError says a checkpoint cannot be resumed: it is for another
// search than the one asked for (Field names what differs: another
// board, goal or heuristic), or its contents are inconsistent (Msg: a
// bound below the board's heuristic, subtrees that the iteration does
// not have).
type CheckpointError struct {
	Field     string // "board", "goal" or "heuristic"; "" when inconsistent
	Want, Got string // the search's, the checkpoint's
	Msg       string // what is inconsistent
}

// Kind is errkind.Value for a checkpoint of another search (Field set),
// errkind.Damaged for an inconsistent one.
func (e *CheckpointError) Kind() errkind.Kind {
	if e.Field != "" {
		return errkind.Value
	}
	return errkind.Damaged
}

func (e *CheckpointError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("solver: the checkpoint is for %s %s, not %s", e.Field, e.Got, e.Want)
	}
	return "solver: inconsistent checkpoint: " + e.Msg
}

// Identity names the solver's heuristic in checkpoints: the databases'
// partition, "+reflection" when lookups take the mirror image, "+dual"
// with dual lookups (which change the counters).
func (s *Solver) Identity() string {
	id := "pdb " + s.h.Partition().String()
	if s.h.Partition().ZeroAware {
		id = "zpdb " + s.h.Partition().String()
	}
	if s.h.Reflects() {
		id += "+reflection"
	}
	if s.Dual {
		id += "+dual"
	}
	if d := s.pruneDepth(); d != 2 {
		id += "+prune" + strconv.Itoa(d) // the pruning changes the counters
	}
	return id
}

// SolveCheckpointed is Solve, saving its progress through c.Save and
// resuming from c.From. A checkpoint for another board, goal or
// heuristic, or one that does not fit the search, is refused with a
// *CheckpointError. Result.Elapsed includes the
// checkpoint's Elapsed.
func (s *Solver) SolveCheckpointed(ctx context.Context, b statespace.Board, c Checkpointing) (Result, error) {
	start := time.Now()
	if err := s.space.Check(b); err != nil {
		return Result{}, err
	}
	p := &progress{save: c.Save, every: c.Every, last: start,
		cp: Checkpoint{Board: b, Goal: s.goal, Heuristic: s.Identity(), Bound: s.h.Distance(b)}}
	if c.From != nil {
		if err := s.checkResume(c.From, b); err != nil {
			return Result{}, err
		}
		if f := c.From; f.Path != nil {
			return Result{Path: slices.Clone(f.Path), Nodes: f.Nodes, Generated: f.Generated, Iterations: f.Iterations, Elapsed: f.Elapsed}, nil
		}
		p.cp = *c.From
		p.cp.Done = slices.Clone(c.From.Done)
		p.cp.IterationNodes = slices.Clone(c.From.IterationNodes)
	}
	p.show = c.Progress
	fsm, err := s.machine()
	if err != nil {
		return Result{}, err
	}
	earlier := p.cp.Elapsed
	p.elapsed = func() time.Duration { return earlier + time.Since(start) }
	heavy := make(map[string]bool, len(p.cp.Heavy))
	for _, h := range p.cp.Heavy {
		heavy[h] = true
	}
	if b == s.goal {
		return Result{Path: []statespace.Move{}, Iterations: 1, Elapsed: p.elapsed()}, nil
	}
	for {
		p.mu.Lock()
		p.report(false)
		p.mu.Unlock()
		it, err := s.fast.iterate(ctx, b, p.cp.Bound, s.workers(), fsm, s.Dual, p, heavy)
		if err != nil {
			if ctx.Err() != nil && p.err == nil {
				if serr := p.flush(); serr != nil {
					return Result{}, serr
				}
			}
			if p.err != nil {
				return Result{}, p.err
			}
			return Result{}, err
		}
		r := Result{Iterations: p.cp.Iterations + 1, Nodes: p.cp.Nodes + it.expanded, Generated: p.cp.Generated + it.generated}
		if it.found {
			r.Path = it.path
			r.Elapsed = p.elapsed()
			p.mu.Lock()
			p.cp.IterationNodes = append(p.cp.IterationNodes, it.expanded)
			p.cp.Nodes = r.Nodes
			p.report(true)
			err := p.saveEnd(r, c.From != nil)
			p.mu.Unlock()
			if err != nil {
				return Result{}, err
			}
			return r, nil
		}
		if it.next > maxDepth {
			return Result{}, ErrTooDeep
		}
		p.mu.Lock()
		p.cp.Iterations, p.cp.Nodes, p.cp.Generated = r.Iterations, r.Nodes, r.Generated
		p.cp.IterationNodes = append(p.cp.IterationNodes, it.expanded)
		p.cp.Heavy = slices.Sorted(maps.Keys(heavy)) // a new slice: a save may hold the old one
		p.cp.Bound, p.cp.Split, p.cp.Tasks, p.cp.Done = it.next, 0, 0, p.cp.Done[:0]
		err = p.maybeSave()
		p.mu.Unlock()
		if err != nil {
			return Result{}, err
		}
	}
}

// checkResume refuses a checkpoint that is not for b and s, or that
// cannot come from their search.
func (s *Solver) checkResume(cp *Checkpoint, b statespace.Board) error {
	switch {
	case cp.Board != b:
		return &CheckpointError{Field: "board", Want: b.String(), Got: cp.Board.String()}
	case cp.Goal != s.goal:
		return &CheckpointError{Field: "goal", Want: s.goal.String(), Got: cp.Goal.String()}
	case cp.Heuristic != s.Identity():
		return &CheckpointError{Field: "heuristic", Want: s.Identity(), Got: cp.Heuristic}
	}
	bad := func(format string, args ...any) error { return &CheckpointError{Msg: fmt.Sprintf(format, args...)} }
	h := s.h.Distance(b)
	if len(cp.Heavy) > MaxHeavy {
		return bad("%d heavy subtrees, more than %d", len(cp.Heavy), MaxHeavy)
	}
	for _, k := range cp.Heavy {
		if m, err := statespace.ParseMoveLetters(k); err != nil || len(m) == 0 || len(m) > maxDepth {
			return bad("heavy subtree %q is not a path of 1 to %d moves", k, maxDepth)
		}
	}
	if cp.Path != nil {
		return checkFinished(cp, b, s.goal, h)
	}
	switch {
	case cp.Bound < h || cp.Bound > maxDepth:
		return bad("bound %d, the board's heuristic is %d", cp.Bound, h)
	case cp.Iterations < 0 || cp.Iterations > cp.Bound-h || cp.Elapsed < 0:
		return bad("%d iterations below bound %d", cp.Iterations, cp.Bound)
	case len(cp.IterationNodes) > cp.Iterations || sumNodes(cp.IterationNodes) > cp.Nodes ||
		len(cp.IterationNodes) == cp.Iterations && sumNodes(cp.IterationNodes) != cp.Nodes:
		return bad("%d iterations of %v nodes, %d in all", cp.Iterations, cp.IterationNodes, cp.Nodes)
	case cp.Split == 0 && (cp.Tasks != 0 || len(cp.Done) > 0):
		return bad("%d subtrees done but no split depth", len(cp.Done))
	case cp.Split != 0 && (cp.Split < 1 || cp.Split > min(maxSplitDepth, cp.Bound) || cp.Tasks < 0 || cp.Bound < minParallelBound):
		return bad("split depth %d of bound %d into %d subtrees", cp.Split, cp.Bound, cp.Tasks)
	}
	seen := make(map[int]bool, len(cp.Done))
	for _, d := range cp.Done {
		if d.Index < 0 || d.Index >= cp.Tasks || seen[d.Index] {
			return bad("subtree %d of %d", d.Index, cp.Tasks)
		}
		if d.Next <= cp.Bound {
			return bad("subtree %d: least f above the bound %d is %d", d.Index, cp.Bound, d.Next)
		}
		seen[d.Index] = true
	}
	return nil
}

// MaxHeavy bounds a checkpoint's heavy subtrees: heaviestPerWorker a
// goroutine, an iteration, with room for many cores and iterations.
const MaxHeavy = 1 << 16

// checkFinished refuses the checkpoint of an ended search whose path
// does not take b to goal, is shorter than b's heuristic (h), or whose
// counters cannot be a search's.
func checkFinished(cp *Checkpoint, b, goal statespace.Board, h int) error {
	bad := func(format string, args ...any) error { return &CheckpointError{Msg: fmt.Sprintf(format, args...)} }
	n := len(cp.Path)
	switch end, at := b.ApplyAll(cp.Path); {
	case at >= 0:
		return bad("solution move %d (%v) leaves the board", at+1, cp.Path[at])
	case end != goal:
		return bad("the solution of %d moves ends on %v, not the goal", n, end)
	case n < h || n > maxDepth || cp.Bound != n:
		return bad("a solution of %d moves at bound %d, the board's heuristic is %d", n, cp.Bound, h)
	case cp.Iterations < 1 || cp.Iterations > n-h+1 || cp.Elapsed < 0:
		return bad("%d iterations for a solution of %d moves, the board's heuristic %d", cp.Iterations, n, h)
	case len(cp.IterationNodes) > cp.Iterations || len(cp.IterationNodes) == cp.Iterations && sumNodes(cp.IterationNodes) != cp.Nodes ||
		sumNodes(cp.IterationNodes) > cp.Nodes:
		return bad("%d iterations of %v nodes, %d in all", cp.Iterations, cp.IterationNodes, cp.Nodes)
	case cp.Split != 0 || cp.Tasks != 0 || len(cp.Done) > 0:
		return bad("an ended search with %d subtrees under way", len(cp.Done))
	}
	return nil
}

// progress is a checkpointed search's state, shared by its goroutines.
type progress struct {
	mu      sync.Mutex
	cp      Checkpoint
	save    func(*Checkpoint) error
	every   time.Duration
	last    time.Time
	elapsed func() time.Duration
	saved   bool         // a checkpoint was saved: the end is saved too
	err     error        // the first save error; it stops the search
	stop    *atomic.Bool // the iteration's stop flag
	show    func(SearchProgress)
}

// report tells show how far the search is; p.mu held. With found, the
// iteration that found the path is the last of cp.IterationNodes.
func (p *progress) report(found bool) {
	if p.show == nil {
		return
	}
	sp := SearchProgress{Bound: p.cp.Bound, Iteration: p.cp.Iterations + 1, Done: len(p.cp.Done), Tasks: p.cp.Tasks,
		Total: p.cp.Nodes, Elapsed: p.elapsed(), Finished: slices.Clone(p.cp.IterationNodes), Found: found}
	if found { // cp.Nodes are the result's
		sp.Nodes = p.cp.IterationNodes[len(p.cp.IterationNodes)-1]
		p.show(sp)
		return
	}
	for _, d := range p.cp.Done {
		sp.Nodes += d.Nodes
	}
	sp.Total += sp.Nodes
	p.show(sp)
}

// sumNodes returns the sum of nodes.
func sumNodes(nodes []uint64) uint64 {
	var sum uint64
	for _, n := range nodes {
		sum += n
	}
	return sum
}

// finished records a root subtree searched to its end.
func (p *progress) finished(st Subtree) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cp.Done = append(p.cp.Done, st)
	p.report(false)
	if err := p.maybeSave(); err != nil && p.err == nil {
		p.err = err
		p.stop.Store(true)
	}
}

// maybeSave saves when Every has passed since the last save; p.mu held.
func (p *progress) maybeSave() error {
	if p.save == nil || time.Since(p.last) < p.every {
		return nil
	}
	return p.saveNow()
}

// flush saves unconditionally, after the search stopped.
func (p *progress) flush() error {
	if p.save == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.saveNow()
}

// saveEnd saves the end of a search that found r, when it saved a
// checkpoint or resumed one (a search worth a checkpoint keeps its end);
// p.mu held.
func (p *progress) saveEnd(r Result, resumed bool) error {
	if p.save == nil || !p.saved && !resumed {
		return nil
	}
	end := p.cp
	end.Iterations, end.Generated, end.Bound, end.Elapsed = r.Iterations, r.Generated, len(r.Path), r.Elapsed
	end.Split, end.Tasks, end.Done, end.Heavy, end.Path = 0, 0, nil, nil, r.Path
	return p.save(&end)
}

func (p *progress) saveNow() error {
	p.last, p.saved = time.Now(), true
	cp := p.cp
	cp.Elapsed = p.elapsed()
	cp.Done = slices.Clone(cp.Done)
	slices.SortFunc(cp.Done, func(a, b Subtree) int { return a.Index - b.Index })
	return p.save(&cp)
}
