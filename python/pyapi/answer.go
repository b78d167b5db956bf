package pyapi

import (
	"context"
	"fmt"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// setBuilding makes j the job that receives the progress of databases
// the resolver builds, until the returned func is called.
func (e *Engine) setBuilding(j *Job) func() {
	e.mu.Lock()
	e.building = j
	e.mu.Unlock()
	return func() {
		e.mu.Lock()
		if e.building == j {
			e.building = nil
		}
		e.mu.Unlock()
	}
}

// oracle returns the resolver's oracle for goal, the databases it
// builds reporting to j.
func (e *Engine) oracle(ctx context.Context, j *Job, goal statespace.Board) (resolve.Oracle, error) {
	defer e.setBuilding(j)()
	e.mu.Lock()
	need := resolve.Need{Retry: e.built[goal]}
	delete(e.built, goal)
	e.mu.Unlock()
	return e.res.Oracle(ctx, goal, need)
}

// retry makes the next oracle of goal try again a resolution that
// failed: its databases were built meanwhile.
func (e *Engine) retry(goal statespace.Board) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.built == nil {
		e.built = map[statespace.Board]bool{}
	}
	e.built[goal] = true
}

// request reads the request's board and goal (Request.board) and asks
// the resolver whether the board can reach its goal
// (resolve.CheckSolvable), before any table or databases are looked for.
func (r *Request) solvable() (b, goal statespace.Board, err error) {
	q, err := r.board()
	if err != nil {
		return b, goal, err
	}
	return q.Board, q.Goal, resolve.CheckSolvable(q.Goal, q.Board)
}

// answer answers one board: its record as query -json writes it
// (record.New), and where the answer came from.
//
// Request: board, goal, shape, path, all_moves, time_limit, quick.
// Response: record, shape, goal, goal_name, source {kind, solver, from};
// or with quick, for a goal without a table at hand, slow (true).
func (e *Engine) answer(j *Job, r *Request, _, _ []byte) (result, error) {
	b, goal, err := r.solvable()
	if err != nil {
		return nil, err
	}
	if r.Quick && !e.res.HasTable(goal) {
		return result{"slow": true}, nil
	}
	ctx, cancel := r.withTimeLimit(j.ctx)
	defer cancel()
	o, err := e.oracle(ctx, j, goal)
	if err != nil {
		return nil, err
	}
	a, err := o.Answer(ctx, b, resolve.Want{Path: r.Path, AllMoves: r.AllMoves, KeepPath: r.AllMoves && r.TimeLimit > 0})
	if err != nil {
		return nil, err
	}
	src := o.Source()
	return result{
		"record":    record.New(a, false),
		"shape":     b.Shape().String(),
		"goal":      goal.String(),
		"goal_name": statespace.GoalName(goal),
		"source":    map[string]string{"kind": src.Kind.String(), "solver": src.Solver, "from": src.From},
	}, nil
}

// compare runs the classroom algorithms on one board against its exact
// distance: the report classroom compare -json writes
// (classroom.Comparison.WriteJSON). Without a table (the 15-puzzle) the
// reference is the resolver's optimal answer, as the command's.
//
// Request: board, goal, shape, algorithms (keys; none: all), nodes,
// seconds, memory_mib (each algorithm's limits; 0: the defaults).
// Response: comparison.
func (e *Engine) compare(j *Job, r *Request, _, _ []byte) (result, error) {
	b, goal, err := r.solvable()
	if err != nil {
		return nil, err
	}
	o, err := e.oracle(j.ctx, j, goal)
	if err != nil {
		return nil, err
	}
	table := resolve.TableOf(o)
	if _, err := classroom.Algorithms(goal, table, r.Algorithms); err != nil {
		return nil, err
	}
	if r.DFSDepth < 0 {
		return nil, &Error{Kind: KindValue, Message: fmt.Sprintf("dfs_depth %d: a depth is at least 1", r.DFSDepth)}
	}
	lim := search.Limits{MaxExpanded: r.Nodes, MaxBytes: r.MemoryMiB << 20, MaxDepth: r.DFSDepth}
	if lim.MaxBytes == 0 {
		lim.MaxBytes = search.DefaultMaxBytes
	}
	if r.Seconds > 0 {
		lim.MaxTime = seconds(r.Seconds)
	}
	c, err := classroom.CompareAlgorithms(j.ctx, b, goal, table, lim, r.Algorithms)
	if err != nil {
		return nil, err
	}
	if table == nil {
		if a, err := o.Answer(j.ctx, b, resolve.Want{}); err == nil {
			c.Optimal, c.OptimalSource = a.Distance, "IDA* on "+a.Heuristic
		} else if j.ctx.Err() != nil {
			return nil, err
		}
	}
	raw, err := rawJSON(c.WriteJSON)
	if err != nil {
		return nil, err
	}
	return result{"comparison": raw}, nil
}
