package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// randomSolveTime bounds the search for the distance of a board drawn by
// /api/random on a shape without a table (a walk from the goal; a board
// drawn uniformly is not searched at all), within SolveTime: a new game
// answers at once, and a board the search did not finish comes alone,
// its distance left to /api/board.
const randomSolveTime = time.Second

// request is the board, shape and goal a request names, read and
// checked once (readBoard, readRequest), with the goal's space.
type request struct {
	shape statespace.Shape
	goal  statespace.Board
	space *statespace.Space // goal's
	board statespace.Board
}

// readBoard reads b=, shape= and goal= as the command line reads a board,
// -shape and -goal (statespace.ParseRequest).
func readBoard(q url.Values) (request, error) {
	text := q.Get("b")
	if strings.TrimSpace(text) == "" {
		return request{}, badRequest("board: give the board as b=, e.g. b=8,6,7,2,5,4,3,0,1")
	}
	return readRequest(text, q.Get("shape"), q.Get("goal"))
}

// readRequest reads a board (may be empty), shape and goal once, as
// every door reads them (statespace.ParseRequest); its errors say their
// kind (400).
func readRequest(board, shape, goal string) (request, error) {
	r, err := statespace.ParseRequest(board, shape, goal)
	if err != nil {
		return request{}, err
	}
	return request{shape: r.Goal.Shape(), goal: r.Goal, space: r.Space, board: r.Board}, nil
}

// board answers /api/board.
func (s *Server) board(ctx context.Context, dst []byte, q url.Values) ([]byte, error) {
	rq, err := readBoard(q)
	if err != nil {
		return nil, err
	}
	return s.answerBoard(ctx, dst, rq, s.lim.SolveTime, "")
}

// solveLimitError says the search did not finish a board within its time
// limit (503). The limit runs from when the board's answers were ready:
// waited, the time before it (pattern databases built on first use, a
// free work slot), does not count.
type solveLimitError struct {
	board  statespace.Board
	limit  time.Duration
	waited time.Duration
	whose  string // Config.LimitsOf
}

func (s *Server) limitError(b statespace.Board, limit, waited time.Duration) *solveLimitError {
	return &solveLimitError{b, limit, waited, s.limitsOf()}
}

// Kind is errkind.Limit.
func (*solveLimitError) Kind() errkind.Kind { return errkind.Limit }

func (e *solveLimitError) Error() string {
	msg := fmt.Sprintf("time limit: no optimal solution of %s found within %s (%s time limit for one board solved by search", e.board, e.limit, e.whose)
	if e.waited >= time.Second {
		msg += fmt.Sprintf(", counted from when its answers were ready, %.1f s after the request: building pattern databases on first use does not count", e.waited.Seconds())
	}
	return msg + ")"
}

// boardRecord is the page's record of an answered board: query's record
// (the keys of query -json) and what the page adds: the shape, the goal
// and its name, the solver, from a table its radius, from a search the
// time it had (limit_seconds) and, when the time cut the optimal moves
// short, optimal_moves_cut; a random board's seed, as a string (a
// JavaScript number would round it).
type boardRecord struct {
	record.Record
	Shape           string   `json:"shape"`
	Goal            string   `json:"goal"`
	GoalName        string   `json:"goal_name"`
	Solver          string   `json:"solver"`
	Radius          *int     `json:"radius,omitempty"`
	LimitSeconds    *float64 `json:"limit_seconds,omitempty"`
	OptimalMovesCut string   `json:"optimal_moves_cut,omitempty"`
	Seed            string   `json:"seed,omitempty"`
}

// answerBoard appends the record of rq's board toward its goal
// (boardRecord) to out, a line of JSON; limit is the time a search has;
// seed is a random board's, or "".
func (s *Server) answerBoard(ctx context.Context, out []byte, rq request, limit time.Duration, seed string) ([]byte, error) {
	if err := unsolvable(rq); err != nil {
		return nil, err
	}
	b, goal := rq.board, rq.goal
	start := time.Now()
	o, err := s.source(ctx, goal)
	if err != nil {
		return nil, err
	}
	var a resolve.Answer
	src := o.Source()
	if src.Kind == fromTable {
		a, err = o.Answer(ctx, b, everyMove)
		if err != nil {
			return nil, s.answerError(b, err, badRequest("board %s: %v", b, err))
		}
	} else {
		release, err := s.acquire(ctx)
		if err != nil {
			return nil, err
		}
		// The limit starts now, with the databases ready and a slot held.
		waited := time.Since(start)
		sctx, cancel := context.WithTimeout(ctx, limit)
		a, err = o.Answer(sctx, b, everyMove)
		cancel()
		release()
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
				return nil, s.limitError(b, limit, waited)
			}
			return nil, s.answerError(b, err, err)
		}
	}
	rec := boardRecord{Record: newRecord(a), Shape: b.Shape().String(), Goal: goal.String(), GoalName: statespace.GoalName(goal),
		Solver: src.Solver, Seed: seed}
	if t := tableOf(o); t != nil {
		radius := t.Radius()
		rec.Radius = &radius
	} else {
		secs := limit.Seconds()
		rec.LimitSeconds = &secs
		if a.Search != nil && a.Search.OptimalCut {
			rec.OptimalMovesCut = "the time limit ran out before every optimal move was tested; the path's first move is one of them"
		}
	}
	return appendJSON(out, rec)
}

// answerError is the error of b's failed answer: a damaged or forged
// file the answer comes from (isDamage) with the command that checks or
// rebuilds it, 500 (statusOf); else otherwise.
func (s *Server) answerError(b statespace.Board, err, otherwise error) error {
	if isDamage(err) {
		return fmt.Errorf("board %s: %w", b, s.explained(err, 0))
	}
	return otherwise
}

// appendJSON appends v as a line of JSON.
func appendJSON(out []byte, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(append(out, b...), '\n'), nil
}

// unsolvable returns the parity explanation when rq's board cannot reach
// its goal, as the resolver says it (resolve.CheckSolvable), before any
// table or databases are looked for.
func unsolvable(rq request) error {
	if err := checkSolvable(rq.goal, rq.board); err != nil {
		return fmt.Errorf("board %s is %w", rq.board, err) // 422 (statusOf)
	}
	return nil
}

// random answers /api/random: a board drawn uniformly from those at
// distance depth (from all boards without depth), or walk random moves
// from the goal, and its record with seed added (as a string of digits).
// On a shape without a distance table the board comes alone, as query
// random writes it, when its distance is not known cheaply: a uniform
// board is not searched, a walk's only for randomSolveTime.
func (s *Server) random(ctx context.Context, dst []byte, q url.Values) ([]byte, error) {
	shapeText := q.Get("shape")
	if shapeText == "" {
		shapeText = "3x3"
	}
	rq, err := readRequest("", shapeText, q.Get("goal"))
	if err != nil {
		return nil, err
	}
	shape, goal, sp := rq.shape, rq.goal, rq.space
	intParam := func(name string, lo, hi int) (int, bool, error) {
		t := q.Get(name)
		if t == "" {
			return 0, false, nil
		}
		v, err := strconv.Atoi(t)
		if err != nil || v < lo || v > hi {
			return 0, false, badRequest("%s=%s: want a whole number from %d to %d", name, t, lo, hi)
		}
		return v, true, nil
	}
	depth, hasDepth, err := intParam("depth", 0, 1000)
	if err != nil {
		return nil, err
	}
	walk, hasWalk, err := intParam("walk", 0, 100_000)
	if err != nil {
		return nil, err
	}
	if hasDepth && hasWalk {
		return nil, badRequest("depth and walk exclude each other")
	}
	seed := rand.Uint64()
	if t := q.Get("seed"); t != "" {
		if seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return nil, badRequest("seed=%s: want a whole number", t)
		}
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	withSeed := strconv.FormatUint(seed, 10)
	noDepth := func() error {
		return badRequest("%s has no distance table, so a board at an exact distance cannot be drawn; ask for walk=N random moves from the goal, or neither for a uniformly random board", shape)
	}
	var b statespace.Board
	switch {
	case hasWalk:
		b = statespace.Walk(rng, goal, walk, statespace.NoReverse)
		if !s.res.HasTable(goal) {
			out, err := s.answerBoard(ctx, dst, request{shape, goal, sp, b}, min(randomSolveTime, s.lim.SolveTime), withSeed)
			if le := (*solveLimitError)(nil); errors.As(err, &le) {
				return boardAlone(dst, b, goal, fmt.Sprintf("%d random moves from the goal; the search did not find its distance within %s here, /api/board searches for it within %s", walk, le.limit, s.lim.SolveTime), withSeed)
			}
			return out, err
		}
	case !s.res.HasTable(goal):
		if hasDepth {
			return nil, noDepth()
		}
		return boardAlone(dst, sp.Random(rng), goal, fmt.Sprintf("drawn uniformly from every reachable board and not solved: %s has no distance table; /api/board searches for its distance within %s", shape, s.lim.SolveTime), withSeed)
	default:
		o, err := s.source(ctx, goal)
		if err != nil {
			return nil, err
		}
		table := tableOf(o)
		switch {
		case table == nil && hasDepth:
			return nil, noDepth()
		case hasDepth:
			if b, err = drawAt(ctx, table, rng, depth); err != nil {
				return nil, err
			}
		default:
			b = sp.Random(rng)
		}
	}
	return s.answerBoard(ctx, dst, request{shape, goal, sp, b}, s.lim.SolveTime, withSeed)
}

// boardAlone is the record of a board drawn without its answer: the
// board (as query random writes boards without a table), its shape, goal
// and goal name, distance_note saying why and how to get the distance,
// and the seed.
func boardAlone(dst []byte, b, goal statespace.Board, note, seed string) ([]byte, error) {
	return appendJSON(dst, struct {
		Board        string `json:"board"`
		Shape        string `json:"shape"`
		Goal         string `json:"goal"`
		GoalName     string `json:"goal_name"`
		DistanceNote string `json:"distance_note"`
		Seed         string `json:"seed"`
	}{b.String(), b.Shape().String(), goal.String(), statespace.GoalName(goal), note, seed})
}

// drawAt draws a board uniformly from those at distance d of t; a
// distance t cannot draw from is a bad request.
func drawAt(ctx context.Context, t table.RadiusDrawer, rng *rand.Rand, d int) (statespace.Board, error) {
	if sp := t.Space(); d > t.Radius() {
		return statespace.Board{}, badRequest("no boards at distance %d: the radius of %s goal %s is %d", d, sp.Shape(), statespace.GoalName(sp.Goal()), t.Radius())
	}
	b, err := table.DrawOne(ctx, t, rng, d)
	if re := (*table.RareError)(nil); errors.As(err, &re) {
		return b, badRequest("%v", err)
	}
	return b, err
}

// source returns the oracle of goal's boards from the resolver, waiting
// at most TableWait while it is read or built (which goes on in the
// background when the wait ends first).
// Its callers have checked goal (unsolvable, statespace.NewSpace).
func (s *Server) source(ctx context.Context, goal statespace.Board) (resolve.Oracle, error) {
	wctx, cancel := context.WithTimeout(ctx, s.lim.TableWait)
	defer cancel()
	o, err := s.res.Oracle(wctx, goal, retryFailed)
	switch {
	case err == nil:
		return o, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded) && wctx.Err() != nil:
		return nil, &statusError{status: StatusServiceUnavailable,
			err: fmt.Errorf("the %s goal %s answers are still being prepared (a table read or built, or pattern databases); try again shortly", goal.Shape(), statespace.GoalName(goal))}
	case s.base.Err() != nil:
		return nil, err
	}
	// The next request tries again (retryFailed): a table or databases
	// copied in meanwhile are found, and the server need not restart.
	return nil, s.explained(err, StatusNotFound)
}
