package query

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// DefaultBuildLimit is the largest space a Resolver builds a table for on
// the fly when none is stored: 1,814,400 states, every shape of up to 10
// cells, which the breadth-first search covers in well under a second.
const DefaultBuildLimit = 1_814_400

// Config says where a Resolver finds its answers.
type Config struct {
	// Shape fixes the board shape; zero takes it from Goal when that is a
	// board, else from TableFile, else from each board.
	Shape statespace.Shape
	// Goal is "last", "first" or a board; empty means the table file's
	// goal when TableFile is set, else "last".
	Goal string
	// TableFile is a table to use instead of the embedded and cached ones
	// (-table); its shape and goal must fit.
	TableFile string
	// Log receives notes for people, such as a table being built; nil
	// discards them.
	Log io.Writer
	// Explain turns an error written on Log into its message for people,
	// with the command that fixes it (the commands pass cli.Explain); nil
	// writes the error's own message.
	Explain func(error) string
	// BuildLimit is the largest space built in memory when no table is
	// stored; 0 means DefaultBuildLimit.
	BuildLimit uint64

	// Boards without a table (spaces over statespace.MaxEnumerate, as the
	// 15-puzzle, and larger spaces whose table is not stored) are solved
	// by IDA* on the heuristic Resolver.Heuristic chooses:

	// PDBDir is a folder of pattern databases looked in before the cache
	// folder (-pdb-dir).
	PDBDir string
	// Partition chooses the pattern databases: a preset name such as
	// "6-6-3" or patterns such as "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15"
	// (-pdb); empty takes the strongest found.
	Partition string
	// AllMoves makes search answers find every optimal first move too
	// (one more search per move); without it their Optimal is unknown.
	AllMoves bool
	// Progress receives the progress of databases being built; nil
	// reports none.
	Progress Progress
}

// A Resolver finds the Oracle for each board shape, once: the table file
// given, else the embedded or cached table (store.LoadTable), else a
// table built in memory for small spaces, else search on the heuristic
// Heuristic chooses (pattern databases, else linear conflict). It is the
// one place where tables, databases and heuristics are resolved. It is
// not safe for concurrent use.
type Resolver struct {
	cfg     Config
	shape   statespace.Shape
	file    *TableOracle // the table read from cfg.TableFile
	oracles map[statespace.Shape]resolved
	// the oracle Answer used last, to skip the map for runs of one shape
	lastShape  statespace.Shape
	lastOracle Oracle
}

type resolved struct {
	o   Oracle
	err error
}

// NewResolver checks cfg and reads cfg.TableFile, if any.
func NewResolver(ctx context.Context, cfg Config) (*Resolver, error) {
	if cfg.BuildLimit == 0 {
		cfg.BuildLimit = DefaultBuildLimit
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	r := &Resolver{cfg: cfg, shape: cfg.Shape, oracles: map[statespace.Shape]resolved{}}
	if r.shape != (statespace.Shape{}) {
		if err := r.shape.Validate(); err != nil {
			return nil, err
		}
	}
	if r.shape == (statespace.Shape{}) && !isGoalName(cfg.Goal) {
		g, err := statespace.ParseGoal(cfg.Goal, statespace.Shape{})
		if err != nil {
			return nil, err
		}
		r.shape = g.Shape()
	}
	if cfg.TableFile != "" {
		t, err := store.ReadTable(ctx, cfg.TableFile, statespace.Board{})
		if err != nil {
			return nil, err
		}
		goal := t.Space().Goal()
		if r.shape == (statespace.Shape{}) {
			r.shape = goal.Shape()
		}
		if goal.Shape() != r.shape {
			return nil, fmt.Errorf("%s holds the %s table (goal %s), not %s", cfg.TableFile, goal.Shape(), statespace.GoalName(goal), r.shape)
		}
		if cfg.Goal != "" {
			want, err := statespace.ParseGoal(cfg.Goal, r.shape)
			if err != nil {
				return nil, err
			}
			if want != goal {
				return nil, fmt.Errorf("%s holds the table for goal %s, not %s", cfg.TableFile, statespace.GoalName(goal), statespace.GoalName(want))
			}
		}
		r.file = NewTableOracle(t, cfg.TableFile)
	}
	return r, nil
}

func isGoalName(s string) bool {
	return s == "" || s == "last" || s == "first"
}

// Shape returns the shape every board must have, or the zero Shape when
// each board's own shape is used.
func (r *Resolver) Shape() statespace.Shape { return r.shape }

// For returns the oracle for boards of the given shape.
func (r *Resolver) For(ctx context.Context, shape statespace.Shape) (Oracle, error) {
	if got, ok := r.oracles[shape]; ok {
		return got.o, got.err
	}
	o, err := r.resolve(ctx, shape)
	if ctx.Err() == nil {
		r.oracles[shape] = resolved{o, err}
	}
	return o, err
}

// Answer answers b from the oracle for its shape. When there is none, an
// unsolvable board still gets its *statespace.UnsolvableError, which
// needs no table; other boards get the reason there is no oracle.
func (r *Resolver) Answer(ctx context.Context, b statespace.Board, withPath bool) (Answer, error) {
	if sh := b.Shape(); r.lastOracle == nil || sh != r.lastShape {
		// An unsolvable board needs no table or solver, which may take
		// long to find or build.
		if uerr := r.unsolvable(b); uerr != nil {
			return Answer{Board: b, Distance: -1}, uerr
		}
		o, err := r.For(ctx, sh)
		if err != nil {
			if ctx.Err() == nil {
				if uerr := r.unsolvable(b); uerr != nil {
					return Answer{Board: b, Distance: -1}, uerr
				}
			}
			return Answer{Board: b, Distance: -1}, err
		}
		r.lastShape, r.lastOracle = sh, o
	}
	return r.lastOracle.Answer(ctx, b, withPath)
}

// unsolvable returns b's *statespace.UnsolvableError, or nil.
func (r *Resolver) unsolvable(b statespace.Board) error {
	goal, err := statespace.ParseGoal(r.cfg.Goal, b.Shape())
	if r.file != nil {
		goal, err = r.file.Goal(), nil
	}
	if err != nil {
		return nil
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil
	}
	var u *statespace.UnsolvableError
	if errors.As(sp.Check(b), &u) {
		return u
	}
	return nil
}

func (r *Resolver) resolve(ctx context.Context, shape statespace.Shape) (Oracle, error) {
	if r.shape != (statespace.Shape{}) && shape != r.shape {
		return nil, fmt.Errorf("the board is %s, want %s", shape, r.shape)
	}
	if r.file != nil {
		return r.file, nil
	}
	goal, err := statespace.ParseGoal(r.cfg.Goal, shape)
	if err != nil {
		return nil, err
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	if sp.Size() > statespace.MaxEnumerate {
		// A table built by the 2-bit search (2x7) answers when it exists,
		// unless pattern databases were asked for.
		if r.cfg.PDBDir == "" && r.cfg.Partition == "" {
			t, src, err := store.LoadTable(ctx, "", goal)
			var nf *store.NotFoundError
			if err == nil {
				return NewTableOracle(t, src), nil
			} else if !errors.As(err, &nf) {
				return nil, err
			}
		}
		return r.searchOracle(ctx, goal)
	}
	searchOpts := r.cfg.PDBDir != "" || r.cfg.Partition != ""
	if searchOpts && sp.Size() <= r.cfg.BuildLimit {
		return nil, &TabledError{Goal: goal}
	}
	t, src, err := store.LoadTable(ctx, "", goal)
	var nf *store.NotFoundError
	var dmg *store.DamagedError
	switch {
	case errors.As(err, &nf) && sp.Size() <= r.cfg.BuildLimit:
		fmt.Fprintf(r.cfg.Log, "query: no table for %s goal %s in the cache; building it (%s states)…\n",
			shape, statespace.GoalName(goal), textfmt.Commas(sp.Size()))
		t, err = sp.Enumerate(ctx, nil)
		src = "built in memory"
	case errors.As(err, &dmg) && sp.Size() <= r.cfg.BuildLimit:
		// A damaged small table costs less to rebuild than to explain.
		fmt.Fprintf(r.cfg.Log, "query: warning: %s; building the table in memory instead (%s states)…\n", r.cfg.explain(err), textfmt.Commas(sp.Size()))
		t, err = sp.Enumerate(ctx, nil)
		src = "built in memory"
	case errors.As(err, &nf):
		fmt.Fprintf(r.cfg.Log, "query: %s; until then, solving by search\n", r.cfg.explain(err))
		return r.searchOracle(ctx, goal)
	}
	if err != nil {
		return nil, err
	}
	if searchOpts {
		return nil, &TabledError{Goal: goal}
	}
	return NewTableOracle(t, src), nil
}

// TabledError says pattern databases were asked for (Config.PDBDir or
// Partition) for boards answered from an exact table, which needs none.
type TabledError struct{ Goal statespace.Board }

func (e *TabledError) Error() string {
	return fmt.Sprintf("pattern databases apply to boards solved by search; %s boards are answered from the exact distance table of goal %s",
		e.Goal.Shape(), statespace.GoalName(e.Goal))
}

// explain is cfg.Explain, or the error's own message.
func (cfg Config) explain(err error) string { return Options{Explain: cfg.Explain}.explain(err) }

// HasTable reports whether the boards of goal have a distance table: the
// table file given, one small enough to build at once, or a file in the
// cache folder (a 12-cell or 2x7 table built by enumerate). A damaged
// file counts: answering from it reports the damage.
func (r *Resolver) HasTable(goal statespace.Board) bool {
	if r.file != nil {
		return true
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return false
	}
	if sp.Size() <= r.cfg.BuildLimit {
		return true
	}
	cache, err := store.DefaultCache()
	return err == nil && cache.Has(store.TableFile(goal))
}

// Tabled reports whether every board of shape s has a distance table at
// hand (embedded, or small enough to build at once), so that search
// options do not apply to it.
func (r *Resolver) Tabled(s statespace.Shape) bool {
	if r.file != nil {
		return true
	}
	sp, err := statespace.NewSpace(statespace.GoalLast(s))
	return err == nil && sp.Size() <= r.cfg.BuildLimit
}
