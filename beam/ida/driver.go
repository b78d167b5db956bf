package ida

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// Options control a Run.
type Options struct {
	// Runner is the Beam runner every iteration's pipeline runs on:
	// "prism" (in-process, the default), "direct", or "dataflow", "flink",
	// "spark" with the options those runners read from the command line.
	Runner string
	// Heuristic names the pattern databases and the folder every worker
	// reads them from. The driver reads them too: it cuts each iteration
	// into subtrees by searching the top of the tree.
	Heuristic
	// Split is the depth of the root subtrees (lowered to bound − 1 for
	// bounds at or below it).
	Split int
	// Results is the results folder: a local folder, or gs://bucket/path
	// on a distributed runner, whose workers must all reach it. A folder
	// holding results of the same search is resumed.
	Results string
	// Refine is how many of an iteration's heaviest subtrees are cut
	// solver.RefineLevels deeper in every later iteration (RefineSplit),
	// 0 for none (at most MaxRefine). One split depth leaves the
	// 24-puzzle's largest subtree a tenth of its iteration or more, which
	// no number of workers shortens; the counts are the same either way.
	Refine int
	// OnIteration, when not nil, is called with every iteration as it
	// ends, the ones resumed from their records too.
	OnIteration func(Iteration)
}

// Iteration describes one iteration of the search.
type Iteration struct {
	Bound    int `json:"bound"`
	Subtrees int `json:"subtrees"`
	// Nodes and Generated are counted as the local solver counts them
	// (solver.Result.IterationNodes): in the last iteration, up to the
	// solution in the sequential order.
	Nodes     uint64 `json:"nodes"`
	Generated uint64 `json:"generated"`
	// SearchedNodes are the nodes the subtrees and the split expanded:
	// more than Nodes in the last iteration, whose subtrees after the
	// solution's are searched until a worker learns of a solution before
	// them (Skipped counts those it spared).
	SearchedNodes uint64 `json:"searched_nodes"`
	Skipped       int    `json:"skipped_subtrees"`
	// MaxSubtreeNodes are the nodes of the largest subtree, and
	// SubtreeSeconds the subtrees' search time summed over the workers
	// (a resumed subtree's as it was measured).
	MaxSubtreeNodes uint64  `json:"max_subtree_nodes"`
	SubtreeSeconds  float64 `json:"subtree_seconds"`
	// Seconds is the wall time of the iteration here: the split and the
	// pipeline (0 when its record was found from an earlier run).
	Seconds float64 `json:"seconds"`
	Found   bool    `json:"found"`
	Resumed bool    `json:"resumed"` // its record was found from an earlier run

	heaviest []Heavy // the record's, cut deeper in the next iterations
}

// Result is an optimal solution and what finding it cost, as the local
// solver reports it.
type Result struct {
	Path             []statespace.Move
	Nodes, Generated uint64
	Iterations       []Iteration
}

// runInfo is run.json: what a results folder holds the subtrees of.
type runInfo struct {
	Format    int    `json:"format"`
	Board     string `json:"board"`
	Goal      string `json:"goal"`
	Heuristic string `json:"heuristic"` // solver.Solver.Identity
	Split     int    `json:"split"`
	Refine    int    `json:"refine,omitempty"` // absent in folders written before refining
}

// MaxRefine bounds Options.Refine: the heaviest subtrees are kept in the
// iteration's record.
const MaxRefine = 256

// Run solves board for goal by IDA*, one Beam pipeline per iteration,
// keeping every subtree's result in opts.Results and resuming from the
// results there. Its path and counts are what solver.Solver.Solve gives
// with the same databases and pruning.
func Run(ctx context.Context, goal, board statespace.Board, opts Options) (*Result, error) {
	switch {
	case opts.Results == "":
		return nil, errors.New("ida: no results folder")
	case opts.Split < 1:
		return nil, fmt.Errorf("ida: split depth %d: want at least 1", opts.Split)
	case opts.Refine < 0 || opts.Refine > MaxRefine:
		return nil, fmt.Errorf("ida: refining %d subtrees: want 0 to %d", opts.Refine, MaxRefine)
	}
	if opts.Runner == "" {
		opts.Runner = "prism"
	}
	s, err := loadSolver(ctx, goal, opts.Heuristic)
	if err != nil {
		return nil, err
	}
	bound, err := s.InitialBound(board)
	if err != nil {
		return nil, err
	}
	if err := claim(ctx, opts.Results, runInfo{Format: 1, Board: board.String(), Goal: goal.String(), Heuristic: s.Identity(), Split: opts.Split, Refine: opts.Refine}); err != nil {
		return nil, err
	}
	job := Search{Shape: goal.Shape().String(), Goal: goal.String(), Board: board.String(), Heuristic: opts.Heuristic, Results: opts.Results,
		Refine: opts.Refine}
	res := &Result{}
	// The heaviest subtrees of every iteration so far, from the records:
	// a resumed run cuts each iteration as the first run did.
	heavy := map[string]bool{}
	for {
		start := time.Now()
		sp, err := s.SplitIteration(ctx, board, bound, opts.Split)
		if err != nil {
			return nil, err
		}
		if sp, err = s.RefineSplit(ctx, sp, heavy, solver.RefineLevels); err != nil {
			return nil, err
		}
		job.Bound = bound
		it, out, err := iterate(ctx, opts.Runner, job, sp)
		if err != nil {
			return nil, err
		}
		for _, h := range it.heaviest {
			heavy[h.Moves] = true
		}
		if !it.Resumed {
			it.Seconds = time.Since(start).Seconds()
		}
		res.Iterations = append(res.Iterations, it)
		res.Nodes += out.Nodes
		res.Generated += out.Generated
		if opts.OnIteration != nil {
			opts.OnIteration(it)
		}
		if out.Found {
			res.Path = out.Path
			return res, nil
		}
		bound = out.Next
	}
}

// iterate runs (or resumes) the iteration sp and returns it as the local
// solver counts it.
func iterate(ctx context.Context, runner string, job Search, sp solver.Split) (Iteration, solver.IterationResult, error) {
	it := Iteration{Bound: sp.Bound, Subtrees: len(sp.Roots)}
	if sp.Found || len(sp.Roots) == 0 { // nothing below the split depth to search
		out, err := sp.Combine(nil)
		it.Nodes, it.Generated, it.SearchedNodes, it.Found = out.Nodes, out.Generated, out.Nodes, out.Found
		return it, out, err
	}
	rec, err := readIteration(ctx, job.Results, sp.Bound)
	if errors.Is(err, errNotExist) {
		tasks := make([]Task, len(sp.Roots))
		for i, r := range sp.Roots {
			tasks[i] = Task{Index: i, Moves: movesText(r.Moves)}
		}
		if _, err := beam.Run(ctx, runner, iterationPipeline(job, tasks)); err != nil {
			if ctx.Err() != nil {
				return it, solver.IterationResult{}, ctx.Err()
			}
			return it, solver.IterationResult{}, fmt.Errorf("bound %d: %w", sp.Bound, err)
		}
		rec, err = readIteration(ctx, job.Results, sp.Bound)
	} else if err == nil {
		it.Resumed = true
	}
	if err != nil {
		return it, solver.IterationResult{}, err
	}
	if rec.Subtrees != len(sp.Roots) {
		return it, solver.IterationResult{}, fmt.Errorf("%s: %d subtrees, the iteration has %d", iterationPath(job.Results, sp.Bound), rec.Subtrees, len(sp.Roots))
	}
	if len(rec.Heaviest) > job.Refine {
		return it, solver.IterationResult{}, &RecordError{Path: iterationPath(job.Results, sp.Bound),
			Msg: fmt.Sprintf("%d heaviest subtrees, the run keeps %d", len(rec.Heaviest), job.Refine)}
	}
	it.SearchedNodes = sp.Nodes + rec.Nodes
	it.MaxSubtreeNodes, it.SubtreeSeconds, it.Skipped, it.heaviest = rec.MaxNodes, rec.Seconds, rec.Skipped, rec.Heaviest
	results := make([]solver.SubtreeResult, len(sp.Roots))
	if rec.First < 0 {
		// The combine's sums are the iteration's: Combine needs only
		// their totals.
		results[0] = solver.SubtreeResult{Nodes: rec.Nodes, Generated: rec.Generated, Next: rec.Next}
		for i := 1; i < len(results); i++ {
			results[i].Next = solver.MaxBound + 1
		}
	} else {
		// The count stops at the first solution: the subtrees before it
		// and its own, read back.
		for i := 0; i <= rec.First; i++ {
			path := subtreePath(job.Results, sp.Bound, i)
			data, err := readFile(ctx, path, maxRecordBytes)
			if err != nil {
				return it, solver.IterationResult{}, err
			}
			r, err := decodeRecord(path, data, sp.Bound, i, movesText(sp.Roots[i].Moves))
			if err != nil {
				return it, solver.IterationResult{}, err
			}
			if results[i], err = r.result(); err != nil {
				return it, solver.IterationResult{}, &RecordError{Path: path, Msg: err.Error()}
			}
		}
	}
	out, err := sp.Combine(results)
	if err != nil {
		return it, out, err
	}
	it.Nodes, it.Generated, it.Found = out.Nodes, out.Generated, out.Found
	return it, out, nil
}

// maxIterationBytes bounds an iteration's record: a few numbers and at
// most MaxRefine heaviest subtrees, each a path and a count.
const maxIterationBytes = 4096 + MaxRefine*(solver.MaxBound+64)

// readIteration reads an iteration's record.
func readIteration(ctx context.Context, results string, bound int) (iterationRecord, error) {
	path := iterationPath(results, bound)
	data, err := readFile(ctx, path, maxIterationBytes)
	if err != nil {
		return iterationRecord{}, err
	}
	var rec iterationRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return rec, &RecordError{Path: path, Msg: "not an iteration's record: " + err.Error()}
	}
	if rec.Bound != bound || rec.Subtrees < 1 || rec.Next <= bound && rec.First < 0 || rec.First >= rec.Subtrees {
		return rec, &RecordError{Path: path, Msg: fmt.Sprintf("bound %d, %d subtrees, next %d, first solution %d: not an iteration under bound %d", rec.Bound, rec.Subtrees, rec.Next, rec.First, bound)}
	}
	if len(rec.Heaviest) > min(MaxRefine, rec.Subtrees) {
		return rec, &RecordError{Path: path, Msg: fmt.Sprintf("%d heaviest of %d subtrees", len(rec.Heaviest), rec.Subtrees)}
	}
	for i, h := range rec.Heaviest {
		if _, err := parseMoves(h.Moves); err != nil || h.Moves == "" || len(h.Moves) >= bound || h.Nodes > rec.Nodes {
			return rec, &RecordError{Path: path, Msg: fmt.Sprintf("heaviest subtree %d (%q, %d nodes) is not one of the iteration's", i+1, h.Moves, h.Nodes)}
		}
	}
	return rec, nil
}

// ClaimError says a results folder holds the results of another search.
type ClaimError struct {
	Path      string
	Want, Got string
}

func (e *ClaimError) Error() string {
	return fmt.Sprintf("%s is for another search: it holds %s, this run is %s", e.Path, e.Got, e.Want)
}

// claim writes run.json into a new results folder, or checks that an
// existing one is for the same search.
func claim(ctx context.Context, results string, info runInfo) error {
	want, err := json.Marshal(info)
	if err != nil {
		return err
	}
	path := runPath(results)
	data, err := readFile(ctx, path, 4096)
	switch {
	case errors.Is(err, errNotExist):
		return writeFile(ctx, path, append(want, '\n'))
	case err != nil:
		return err
	}
	var got runInfo
	if err := json.Unmarshal(data, &got); err != nil {
		return &RecordError{Path: path, Msg: "not a results folder's run.json: " + err.Error()}
	}
	if got != info {
		g, _ := json.Marshal(got)
		return &ClaimError{Path: path, Want: string(want), Got: string(g)}
	}
	return nil
}
