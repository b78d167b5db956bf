package pyapi

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// oracle returns the resolver's oracle for goal; what it reads or builds
// reports to the job of ctx (NewJob).
func (e *Engine) oracle(ctx context.Context, goal statespace.Board) (resolve.Oracle, error) {
	e.mu.Lock()
	need := resolve.Need{Retry: e.built[goal]}
	delete(e.built, goal)
	e.mu.Unlock()
	return e.res.Oracle(ctx, goal, need)
}

// databases returns an oracle searching boards of goal by IDA* on the
// pattern databases of partition (resolve.Resolver.Databases: from the
// cache folder, built when missing and small; a damaged one is an error
// of kind damaged).
func (e *Engine) databases(ctx context.Context, goal statespace.Board, partition string) (resolve.Oracle, error) {
	part, err := pdb.ParsePartition(partition, goal)
	if err != nil {
		return nil, staged(errkind.Value, err)
	}
	a, err := e.res.Databases(ctx, goal, part)
	if err != nil {
		return nil, err
	}
	return resolve.NewSearchOracle(goal, a, "pdb:"+part.Label()), nil
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

// answerResult is an answer's response.
type answerResult struct {
	Record   record.Record `json:"record"` // as query -json writes it
	Shape    string        `json:"shape"`
	Goal     string        `json:"goal"`
	GoalName string        `json:"goal_name"`
	Source   answerSource  `json:"source"`
}

// answerSource says where an answer came from (resolve.Source).
type answerSource struct {
	Kind   string `json:"kind"`
	Solver string `json:"solver"`
	From   string `json:"from"`
}

// answer answers one board: its record as query -json writes it
// (record.New), and where the answer came from. A board a table answers
// reports no progress: the job's progress is that of what the resolver
// reads or builds, and of searches.
func (e *Engine) answer(j *Job, r *answerRequest, _, _ []byte) (*answerResult, error) {
	b, goal, err := r.solvable()
	if err != nil {
		return nil, err
	}
	ctx := j.ctx
	if r.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, seconds(r.TimeLimit))
		defer cancel()
	}
	var o resolve.Oracle
	if r.Partition != "" {
		o, err = e.databases(ctx, goal, r.Partition)
	} else {
		o, err = e.oracle(ctx, goal)
	}
	if err != nil {
		return nil, err
	}
	a, err := o.Answer(ctx, b, resolve.Want{Path: r.Path, AllMoves: r.AllMoves, KeepPath: r.AllMoves && r.TimeLimit > 0})
	if err != nil {
		return nil, err
	}
	src := o.Source()
	return &answerResult{
		Record:   record.New(a, false),
		Shape:    b.Shape().String(),
		Goal:     goal.String(),
		GoalName: statespace.GoalName(goal),
		Source:   answerSource{Kind: src.Kind.String(), Solver: src.Solver, From: src.From},
	}, nil
}

// compare runs the classroom algorithms on one board against its exact
// distance: the report classroom compare -json writes
// (classroom.Comparison.WriteJSON). Without a table (the 15-puzzle) the
// reference is the resolver's optimal answer, as the command's.
//
// The limits are each algorithm's (0: the defaults).
func (e *Engine) compare(j *Job, r *compareRequest, _, _ []byte) (*reportResult, error) {
	b, goal, err := r.solvable()
	if err != nil {
		return nil, err
	}
	o, err := e.oracle(j.ctx, goal)
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
	return &reportResult{Comparison: raw}, nil
}

// reportResult carries a report as its command's -json writes it.
type reportResult struct {
	Comparison json.RawMessage `json:"comparison,omitempty"` // classroom compare's
	Profile    json.RawMessage `json:"profile,omitempty"`    // analyze heuristics'
}
