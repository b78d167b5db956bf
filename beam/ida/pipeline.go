package ida

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Task)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Record)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Sum)(nil)).Elem())
	register.DoFn3x1[context.Context, Task, func(Record), error](&searchFn{})
	register.DoFn2x1[context.Context, Sum, error](&commitFn{})
	register.Combiner3[Sum, Record, Sum](&sumFn{})
	register.Emitter1[Record]()
}

// Task is one root subtree of an iteration: its index in the order the
// sequential search reaches them, and the moves from the board to it.
type Task struct {
	Index int
	Moves string
}

// Search says what a pipeline searches: the board, the goal, the
// heuristic and the bound. Its fields travel to the workers.
type Search struct {
	Shape, Goal, Board string // statespace's text forms
	Heuristic
	Results string // the results folder
	Bound   int
	Refine  int // the heaviest subtrees the iteration's record keeps (Options.Refine)
}

func (s Search) boards() (goal, board statespace.Board, err error) {
	sh, err := statespace.ParseShape(s.Shape)
	if err != nil {
		return goal, board, err
	}
	if goal, err = statespace.Parse(s.Goal, sh); err != nil {
		return goal, board, err
	}
	board, err = statespace.Parse(s.Board, sh)
	return goal, board, err
}

// iterationPipeline searches the tasks of one iteration: each subtree not
// finished before is searched and its result written, and the results'
// sum is written as the iteration's record.
func iterationPipeline(job Search, tasks []Task) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	all := beam.CreateList(s, tasks)
	all = beam.Reshuffle(s, all) // the subtrees spread over the workers, not all on the creator's
	records := beam.ParDo(s, &searchFn{Search: job}, all)
	sum := beam.Combine(s, &sumFn{Keep: job.Refine}, records)
	beam.ParDo0(s, &commitFn{Search: job, Subtrees: len(tasks)}, sum)
	return p
}

// Test hooks, called in the worker (in this process on Prism and the
// direct runner): before a subtree's search starts and after its result
// is written. An error fails the bundle, as a crash would.
var (
	beforeSearch func(bound, index int) error
	afterWrite   func(bound, index int) error
)

// searchFn searches one subtree under the bound, or reads its result if
// an earlier run wrote it, and emits the result.
type searchFn struct {
	Search
	s           *solver.Solver
	goal, board statespace.Board
}

func (f *searchFn) Setup(ctx context.Context) error {
	var err error
	if f.goal, f.board, err = f.boards(); err != nil {
		return err
	}
	f.s, err = loadSolver(ctx, f.goal, f.Heuristic)
	return err
}

func (f *searchFn) ProcessElement(ctx context.Context, t Task, emit func(Record)) error {
	path := subtreePath(f.Results, f.Bound, t.Index)
	data, err := readFile(ctx, path, maxRecordBytes)
	switch {
	case err == nil:
		r, err := decodeRecord(path, data, f.Bound, t.Index, t.Moves)
		if err != nil {
			return err
		}
		emit(r)
		return nil
	case !errors.Is(err, errNotExist):
		return err
	}
	if v, err := f.foundBefore(ctx); err != nil {
		return err
	} else if v < t.Index {
		// A solution lies in an earlier subtree: this one's counts are
		// not the local solver's, and the first solution is at v or before.
		emit(Record{Bound: f.Bound, Index: t.Index, Moves: t.Moves, Next: solver.MaxBound + 1, Skipped: true})
		return nil
	}
	moves, err := parseMoves(t.Moves)
	if err != nil {
		return fmt.Errorf("subtree %d: %w", t.Index, err)
	}
	if beforeSearch != nil {
		if err := beforeSearch(f.Bound, t.Index); err != nil {
			return err
		}
	}
	start := time.Now()
	res, err := f.s.SearchSubtree(ctx, f.board, f.Bound, moves)
	if err != nil {
		return fmt.Errorf("subtree %d under bound %d: %w", t.Index, f.Bound, err)
	}
	r := Record{Bound: f.Bound, Index: t.Index, Moves: t.Moves, Nodes: res.Nodes, Generated: res.Generated,
		Next: res.Next, Found: res.Found, Path: movesText(res.Path), Seconds: time.Since(start).Seconds()}
	if err := writeFile(ctx, path, encodeRecord(r)); err != nil {
		return err
	}
	if r.Found {
		if err := f.noteFound(ctx, t.Index); err != nil {
			return err
		}
	}
	if afterWrite != nil {
		if err := afterWrite(f.Bound, t.Index); err != nil {
			return err
		}
	}
	emit(r)
	return nil
}

// found holds, per results folder and bound, the least index of a
// subtree this process knows to hold a solution.
var found = struct {
	sync.Mutex
	m map[string]int
}{m: map[string]int{}}

// foundBefore returns the index of a subtree known to hold a solution
// (this process's least, or the found file's), or the largest int if none
// is known. Any such index will do: the first solution lies at it or
// before, so every subtree after it may be skipped.
func (f *searchFn) foundBefore(ctx context.Context) (int, error) {
	key := foundPath(f.Results, f.Bound)
	found.Lock()
	v, ok := found.m[key]
	found.Unlock()
	if ok {
		return v, nil
	}
	data, err := readFile(ctx, key, 32)
	if errors.Is(err, errNotExist) {
		return math.MaxInt, nil
	}
	if err != nil {
		return 0, err
	}
	if _, err := fmt.Sscanf(string(data), "%d\n", &v); err != nil || v < 0 {
		return 0, &RecordError{Path: key, Msg: fmt.Sprintf("not a subtree's index: %q", data)}
	}
	found.Lock()
	found.m[key] = v
	found.Unlock()
	return v, nil
}

// noteFound records that subtree i holds a solution, for the process and
// in the found file (which another worker may overwrite with its own
// index: any of them is right).
func (f *searchFn) noteFound(ctx context.Context, i int) error {
	key := foundPath(f.Results, f.Bound)
	found.Lock()
	if v, ok := found.m[key]; !ok || i < v {
		found.m[key] = i
	}
	found.Unlock()
	return writeFile(ctx, key, fmt.Appendf(nil, "%d\n", i))
}

// Sum is an iteration's subtrees added up: their number, counters and
// search seconds, the largest subtree's nodes, the least f above the
// bound, and the first subtree (by index) holding a solution, -1 if none.
// Its counters are every subtree's whole work: the local solver's count
// of a last iteration stops at the solution (solver.Split.Combine).
type Sum struct {
	Subtrees  int     `json:"subtrees"`
	Skipped   int     `json:"skipped"` // not searched: after a solution
	Nodes     uint64  `json:"nodes"`
	Generated uint64  `json:"generated"`
	MaxNodes  uint64  `json:"max_subtree_nodes"`
	Seconds   float64 `json:"subtree_seconds"`
	Next      int     `json:"next"`
	First     int     `json:"first_solution"`
	// Heaviest are the subtrees with the most nodes, the heaviest first,
	// as many as Options.Refine: the next iteration cuts them deeper.
	Heaviest []Heavy `json:"heaviest,omitempty"`
}

// Heavy is a subtree among an iteration's heaviest: the moves to its
// root and its nodes.
type Heavy struct {
	Moves string `json:"moves"`
	Nodes uint64 `json:"nodes"`
}

func emptySum() Sum { return Sum{Next: solver.MaxBound + 1, First: -1} }

// sumFn is the combine of an iteration's records, keeping the Keep
// heaviest subtrees.
type sumFn struct{ Keep int }

func (sumFn) CreateAccumulator() Sum { return emptySum() }

func (f sumFn) AddInput(a Sum, r Record) Sum {
	first, skipped := -1, 0
	if r.Found {
		first = r.Index
	}
	if r.Skipped {
		skipped = 1
	}
	var heaviest []Heavy
	if f.Keep > 0 && !r.Skipped {
		heaviest = []Heavy{{Moves: r.Moves, Nodes: r.Nodes}}
	}
	return f.MergeAccumulators(a, Sum{Subtrees: 1, Skipped: skipped, Nodes: r.Nodes, Generated: r.Generated, MaxNodes: r.Nodes,
		Seconds: r.Seconds, Next: r.Next, First: first, Heaviest: heaviest})
}

func (f sumFn) MergeAccumulators(a, b Sum) Sum {
	first := a.First
	if first < 0 || b.First >= 0 && b.First < first {
		first = b.First
	}
	return Sum{Subtrees: a.Subtrees + b.Subtrees, Skipped: a.Skipped + b.Skipped, Nodes: a.Nodes + b.Nodes, Generated: a.Generated + b.Generated,
		MaxNodes: max(a.MaxNodes, b.MaxNodes), Seconds: a.Seconds + b.Seconds, Next: min(a.Next, b.Next), First: first,
		Heaviest: heaviest(a.Heaviest, b.Heaviest, f.Keep)}
}

func (sumFn) ExtractOutput(a Sum) Sum { return a }

// heaviest returns the keep heaviest of a and b, the heaviest first and,
// among equals, by their moves: the same whatever order the runner
// merges in.
func heaviest(a, b []Heavy, keep int) []Heavy {
	all := append(slices.Clone(a), b...)
	slices.SortFunc(all, func(x, y Heavy) int {
		if c := cmp.Compare(y.Nodes, x.Nodes); c != 0 {
			return c
		}
		return strings.Compare(x.Moves, y.Moves)
	})
	return all[:min(keep, len(all))]
}

// commitFn writes the iteration's record once every subtree's result is
// in: the commit a resumed run finds.
type commitFn struct {
	Search
	Subtrees int
}

func (f *commitFn) ProcessElement(ctx context.Context, s Sum) error {
	if s.Subtrees != f.Subtrees {
		return fmt.Errorf("bound %d: %d subtree results for %d subtrees", f.Bound, s.Subtrees, f.Subtrees)
	}
	data, err := json.Marshal(iterationRecord{Bound: f.Bound, Sum: s})
	if err != nil {
		return err
	}
	return writeFile(ctx, iterationPath(f.Results, f.Bound), append(data, '\n'))
}

// iterationRecord is bound-BBBB/iteration.json.
type iterationRecord struct {
	Bound int `json:"bound"`
	Sum
}
