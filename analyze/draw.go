package analyze

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// DrawConfig asks DrawAtDistance for boards at one exact distance from
// the goal on a space too big for a distance table (any space the
// ranker counts: up to 20 cells, the 15-puzzle among them).
type DrawConfig struct {
	Goal     statespace.Board
	Distance int
	N        int // boards wanted, without repetition
	Seed     uint64
	// BFSDepth: a distance up to it is drawn from the boards at that
	// distance, enumerated breadth-first; a greater one by rejection.
	BFSDepth int
	// MaxBFS bounds the boards the breadth-first enumeration holds at
	// once (three levels), about 50 bytes each; 0 means 20,000,000.
	MaxBFS int
	// MaxDraws bounds the random boards a rejection draws; 0 means
	// 10⁹.
	MaxDraws uint64
	// Databases, if not nil, are additive pattern databases for the goal
	// that the rejection's searches run on instead of Manhattan
	// distance (and whose value, when larger, cuts a board first): far
	// faster at the distances random boards have.
	Databases *pdb.Additive
}

// DrawStats says how a draw went: Method is "breadth-first" or
// "rejection"; Level the boards at the distance (breadth-first), Draws
// the random boards drawn and Searched those whose distance took a
// search (rejection).
type DrawStats struct {
	Method   string `json:"method"`
	Level    uint64 `json:"level"`
	Draws    uint64 `json:"draws"`
	Searched uint64 `json:"searched"`
}

// DrawLimitError reports a draw that reached one of DrawConfig's bounds.
type DrawLimitError struct {
	Distance  int
	What      string // "breadth-first" or "rejection"
	Limit     uint64
	Got, Want int
}

// Kind is errkind.Limit.
func (*DrawLimitError) Kind() errkind.Kind { return errkind.Limit }

func (e *DrawLimitError) Error() string {
	if e.What == "breadth-first" {
		return fmt.Sprintf("distance %d: the breadth-first enumeration would hold more than %s boards", e.Distance, textfmt.Commas(e.Limit))
	}
	return fmt.Sprintf("distance %d: %s random boards gave %d of the %d wanted at that distance", e.Distance, textfmt.Commas(e.Limit), e.Got, e.Want)
}

// DrawAtDistance returns cfg.N boards drawn uniformly, without
// repetition, among the boards exactly cfg.Distance moves from the goal,
// in the order drawn (breadth-first: fewer when the level holds fewer).
//
// Up to cfg.BFSDepth the boards at the distance are enumerated by a
// breadth-first search from the goal (three levels held at once, by
// rank), sorted, and N of them picked by a partial shuffle: exactly
// uniform, and out of reach once a level outgrows memory (on 4x4 the
// levels hold 1.6 million boards at distance 20, 5.8 million at 22,
// 19.8 million at 24). Beyond, boards are drawn uniformly from the whole
// space and kept when their distance is cfg.Distance, and a repeat is
// drawn again: each kept board is uniform among those at the distance.
// A board's distance is tested without solving it: its Manhattan
// distance h must have the distance's parity (every move changes it by
// one) and be at most the distance, and then IDA* on Manhattan distance
// (package solver) must find a path within the distance and none within
// the distance − 2. The draws a kept board costs are the space's size
// over the level's (on 4x4, 13.5 at distance 54, 179 at 40, 17,000 at
// 30, 528,000 at 24), most of them cut by h alone.
func DrawAtDistance(ctx context.Context, cfg DrawConfig) ([]statespace.Board, DrawStats, error) {
	sp, err := statespace.NewSpace(cfg.Goal)
	if err != nil {
		return nil, DrawStats{}, err
	}
	if !sp.Counted() {
		return nil, DrawStats{}, &table.TooManyBoardsError{Shape: cfg.Goal.Shape(), States: sp.Size(), Max: MaxStates, To: analyzeAll}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x64726177))
	if cfg.Distance <= cfg.BFSDepth {
		return drawBFS(ctx, sp, cfg, rng)
	}
	return drawRejection(ctx, sp, cfg, rng)
}

// drawBFS enumerates the level at cfg.Distance and picks N of it.
func drawBFS(ctx context.Context, sp *statespace.Space, cfg DrawConfig, rng *rand.Rand) ([]statespace.Board, DrawStats, error) {
	limit := cfg.MaxBFS
	if limit == 0 {
		limit = 20_000_000
	}
	prev, cur := map[uint64]struct{}{}, map[uint64]struct{}{sp.Rank(cfg.Goal): {}}
	for d := 0; d < cfg.Distance; d++ {
		if err := ctx.Err(); err != nil {
			return nil, DrawStats{}, err
		}
		next := map[uint64]struct{}{}
		for r := range cur {
			b := sp.Unrank(r)
			for _, m := range statespace.Moves {
				c, ok := b.Apply(m)
				if !ok {
					continue
				}
				k := sp.Rank(c)
				if _, seen := prev[k]; seen {
					continue
				}
				if _, seen := cur[k]; seen {
					continue
				}
				next[k] = struct{}{}
			}
			if len(prev)+len(cur)+len(next) > limit {
				return nil, DrawStats{}, &DrawLimitError{Distance: cfg.Distance, What: "breadth-first", Limit: uint64(limit)}
			}
		}
		prev, cur = cur, next
	}
	level := make([]uint64, 0, len(cur))
	for r := range cur {
		level = append(level, r)
	}
	slices.Sort(level)
	n := min(cfg.N, len(level))
	out := make([]statespace.Board, n)
	for i := range n {
		j := i + rng.IntN(len(level)-i)
		level[i], level[j] = level[j], level[i]
		out[i] = sp.Unrank(level[i])
	}
	return out, DrawStats{Method: "breadth-first", Level: uint64(len(level))}, nil
}

// distanceTester tells whether a board is exactly d moves from the goal.
type distanceTester struct {
	md  [][]int
	dbs *pdb.Additive // nil: Manhattan distance's
	ida *solver.Solver
}

// newDistanceTester searches on dbs, or on Manhattan distance when dbs
// is nil.
func newDistanceTester(ctx context.Context, goal statespace.Board, dbs *pdb.Additive) (*distanceTester, error) {
	a := dbs
	if a == nil {
		var err error
		if a, err = ManhattanDatabases(ctx, goal); err != nil {
			return nil, err
		}
	}
	s, err := solver.New(a)
	if err != nil {
		return nil, err
	}
	s.Workers = 1
	return &distanceTester{md: manhattanTable(goal), dbs: dbs, ida: s}, nil
}

// at reports whether b is exactly d moves from the goal, and whether that
// took a search.
func (t *distanceTester) at(ctx context.Context, b statespace.Board, d int) (ok, searched bool, err error) {
	h := 0
	for c := 0; c < b.Cells(); c++ {
		h += t.md[b.Tile(c)][c]
	}
	if h > d || (d-h)%2 != 0 || t.dbs != nil && t.dbs.Distance(b) > d {
		return false, false, nil
	}
	if h == 0 {
		return d == 0, false, nil
	}
	within, _, err := t.ida.OptimalMoves(ctx, b, d)
	if err != nil || within == 0 {
		return false, true, err
	}
	if d < 2 {
		return true, true, nil
	}
	closer, _, err := t.ida.OptimalMoves(ctx, b, d-2)
	return closer == 0, true, err
}

// drawRejection draws uniform boards until N at cfg.Distance are kept.
func drawRejection(ctx context.Context, sp *statespace.Space, cfg DrawConfig, rng *rand.Rand) ([]statespace.Board, DrawStats, error) {
	limit := cfg.MaxDraws
	if limit == 0 {
		limit = 1_000_000_000
	}
	t, err := newDistanceTester(ctx, cfg.Goal, cfg.Databases)
	if err != nil {
		return nil, DrawStats{}, err
	}
	st := DrawStats{Method: "rejection"}
	var out []statespace.Board
	seen := map[statespace.Board]bool{}
	for len(out) < cfg.N {
		if st.Draws >= limit {
			return nil, st, &DrawLimitError{Distance: cfg.Distance, What: "rejection", Limit: limit, Got: len(out), Want: cfg.N}
		}
		if st.Draws&0xFFFF == 0 {
			if err := ctx.Err(); err != nil {
				return nil, st, err
			}
		}
		st.Draws++
		b := sp.Random(rng)
		ok, searched, err := t.at(ctx, b, cfg.Distance)
		if err != nil {
			return nil, st, err
		}
		if searched {
			st.Searched++
		}
		if ok && !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out, st, nil
}
