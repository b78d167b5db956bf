package classroom

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// DefaultGreedyKs are the climber report's mixing lengths.
var DefaultGreedyKs = []int{10, 20, 50, 100, 200, 500, 1000}

// DefaultGreedyN is the default number of boards per mixing length.
const DefaultGreedyN = 1000

// GreedyStatsOptions tune GreedyStats; zero fields take the defaults.
type GreedyStatsOptions struct {
	Seed uint64 // the same seed gives the same boards
	N    int    // boards per k (default DefaultGreedyN)
	Ks   []int  // mixing lengths (default DefaultGreedyKs)
	// Rule is the reading of the climber report's climber (default: adjacency bonus,
	// first legal move when stuck).
	Rule search.ClimberRule
	// MaxMoves caps each climb (default: four times the number of
	// reachable boards, which no walk of the report's boards comes near: a
	// walk that only goes round boards it has seen is detected and fails
	// as a loop; at most search.DefaultMaxExpanded, the other reports'
	// bound on a search).
	MaxMoves int64
	// MaxTime bounds the whole run (default search.DefaultMaxTime, the
	// other reports' bound on a search): when it passes, the report holds
	// the boards climbed so far and says it stopped.
	MaxTime time.Duration
	// MaxBytes caps each climb's memory, its visited set and path
	// (default search.DefaultMaxBytes).
	MaxBytes int64
}

// GreedyStatsRow is the outcome for one mixing length k.
type GreedyStatsRow struct {
	K      int `json:"k"`
	Boards int `json:"boards"`
	AtGoal int `json:"boards_at_goal"` // mixed boards that came back to the goal
	Solved int `json:"solved"`
	Stuck  int `json:"stuck"`  // no allowed move (search.StuckStop)
	Looped int `json:"looped"` // only went round seen boards (search.StuckFirstLegal)
	Capped int `json:"capped"` // stopped by MaxMoves
	// MemoryCapped were stopped by MaxBytes before MaxMoves.
	MemoryCapped int     `json:"memory_capped"`
	SolveRate    float64 `json:"solve_rate"`
	// Over solved boards: the climber's moves, the exact optimum, and the
	// difference.
	MeanMoves         float64 `json:"mean_moves_solved"`
	MedianMoves       float64 `json:"median_moves_solved"`
	MaxMoves          int     `json:"max_moves_solved"`
	MeanOptimalSolved float64 `json:"mean_optimal_solved"`
	MeanExcess        float64 `json:"mean_excess_solved"`
	// Over all boards: the exact optimum.
	MeanOptimal float64 `json:"mean_optimal"`
	// Over failed boards: how many moves the walk made before it failed.
	MeanFailedMoves float64 `json:"mean_moves_failed"`
}

// GreedyReport is the repeat of the climber report's experiment.
type GreedyReport struct {
	Goal     statespace.Board
	Seed     uint64
	N        int
	MaxMoves int64
	Rule     search.ClimberRule
	Rows     []GreedyStatsRow
	// All k together, as the report's "approaching 84%, about 240 moves"
	// speaks of the large k.
	Overall GreedyStatsRow
	// StoppedBy says why the run ended before every board was climbed:
	// search.StopTimeLimit (MaxTime) or search.StopCanceled (the
	// context); search.StopNone when it ran to the end. The rows then
	// hold the boards climbed so far (the last row's k with fewer than N).
	StoppedBy search.StopReason
	MaxTime   time.Duration
}

// GreedyStats repeats the climber report's experiment: for each k, N boards made by
// k uniformly random legal moves of the blank from the goal (a move may
// undo the previous one; statespace.Walk with AnyMove), each solved by the gain-score
// climber (search.GainClimber) under opt.Rule; and it adds what the report
// could not know, each board's optimal distance from table and how far the
// climber's path is from it. The goal is table's goal (the report's is
// 1 2 3 / 4 5 6 / 7 8 _, "last"). Every k draws from its own random stream
// (seed, k), so a k gives the same boards whatever other ks or rule are
// asked for.
//
// The run is bounded as the other reports' searches are: each climb by
// MaxMoves and MaxBytes, the whole run, the mixing walks too, by MaxTime. When MaxTime passes,
// or ctx is done, it returns the report of the boards climbed so far
// (StoppedBy says which), with ctx's error in the second case. A solved
// climb shorter than the table's distance refuses the table
// (*table.ContradictionError).
func GreedyStats(ctx context.Context, table Table, opt GreedyStatsOptions) (*GreedyReport, error) {
	if table == nil {
		return nil, errNoTable
	}
	if opt.N <= 0 {
		opt.N = DefaultGreedyN
	}
	if len(opt.Ks) == 0 {
		opt.Ks = DefaultGreedyKs
	}
	for _, k := range opt.Ks {
		if k < 0 {
			return nil, fmt.Errorf("classroom: mixing length %d is negative", k)
		}
	}
	if opt.MaxMoves <= 0 {
		opt.MaxMoves = min(4*int64(table.Space().Size()), search.DefaultMaxExpanded)
	}
	if opt.MaxTime <= 0 {
		opt.MaxTime = search.DefaultMaxTime
	}
	goal := table.Space().Goal()
	rep := &GreedyReport{Goal: goal, Seed: opt.Seed, N: opt.N, MaxMoves: opt.MaxMoves, Rule: opt.Rule, MaxTime: opt.MaxTime}
	deadline := time.Now().Add(opt.MaxTime)
	var all greedyAcc
	var err error
	for _, k := range opt.Ks {
		rng := rand.New(rand.NewPCG(opt.Seed, uint64(k)))
		var acc greedyAcc
		for i := 0; i < opt.N && rep.StoppedBy == search.StopNone; i++ {
			if rep.StoppedBy, err = greedyStop(ctx, deadline); rep.StoppedBy != search.StopNone {
				break
			}
			b, stop, serr := mix(ctx, rng, goal, k, deadline)
			if stop != search.StopNone {
				// The run's bounds ended the mixing: no board, the run
				// ends here.
				rep.StoppedBy, err = stop, serr
				continue
			}
			lim := search.Limits{MaxExpanded: opt.MaxMoves, MaxTime: max(time.Until(deadline), time.Nanosecond), MaxBytes: opt.MaxBytes}
			r, cerr := search.GainClimber(ctx, search.Problem{Start: b, Goal: goal, Limits: lim}, opt.Rule)
			switch {
			case r.StoppedBy == search.StopTimeLimit || r.StoppedBy == search.StopCanceled:
				// The run's own bounds cut this climb short: it is not
				// counted, and the run ends here.
				rep.StoppedBy, err = greedyStop(ctx, time.Now())
				continue
			case cerr != nil:
				return nil, cerr
			}
			if r.Found {
				if cerr := table.CheckPath(b, len(r.Path), r.Algorithm, false); cerr != nil {
					return nil, cerr
				}
			}
			d, lerr := table.Lookup(b)
			if lerr != nil {
				return nil, lerr
			}
			acc.add(d, r)
		}
		if acc.boards > 0 || rep.StoppedBy == search.StopNone {
			rep.Rows = append(rep.Rows, acc.row(k))
			all.merge(&acc)
		}
		if rep.StoppedBy != search.StopNone {
			break
		}
	}
	rep.Overall = all.row(-1)
	return rep, err
}

// mixChunk is how many moves a mixing walk makes between two checks of
// the run's bounds.
const mixChunk = 1 << 16

// mix returns the board k uniformly random legal moves from goal
// (statespace.Walk with AnyMove: the same board as one walk of k moves),
// checking ctx and the deadline every mixChunk moves, so that a mixing
// length of billions is bounded by MaxTime as a climb is; when they end
// it, the reason (greedyStop's) and no board.
func mix(ctx context.Context, rng *rand.Rand, goal statespace.Board, k int, deadline time.Time) (statespace.Board, search.StopReason, error) {
	b := goal
	for k > 0 {
		if stop, err := greedyStop(ctx, deadline); stop != search.StopNone {
			return statespace.Board{}, stop, err
		}
		n := min(k, mixChunk)
		b = statespace.Walk(rng, b, n, statespace.AnyMove)
		k -= n
	}
	return b, search.StopNone, nil
}

// greedyStop says whether the run must stop before its next board: ctx
// done (search.StopCanceled, with ctx's error) or the deadline passed
// (search.StopTimeLimit).
func greedyStop(ctx context.Context, deadline time.Time) (search.StopReason, error) {
	if err := ctx.Err(); err != nil {
		return search.StopCanceled, err
	}
	if !time.Now().Before(deadline) {
		return search.StopTimeLimit, nil
	}
	return search.StopNone, nil
}

type greedyAcc struct {
	boards, atGoal, solved, stuck, looped, capped int
	memoryCapped                                  int
	moves                                         []int
	optSolved, opt, excess, failedMoves           float64
}

func (a *greedyAcc) add(opt int, r search.Result) {
	a.boards++
	a.opt += float64(opt)
	if opt == 0 {
		a.atGoal++
	}
	switch {
	case r.Found:
		a.solved++
		a.moves = append(a.moves, len(r.Path))
		a.optSolved += float64(opt)
		a.excess += float64(len(r.Path) - opt)
		return
	case r.StoppedBy == search.StopStuck:
		a.stuck++
	case r.StoppedBy == search.StopLoop:
		a.looped++
	case r.StoppedBy == search.StopByteLimit:
		a.memoryCapped++
	default:
		a.capped++
	}
	a.failedMoves += float64(r.MaxSearchDepth)
}

func (a *greedyAcc) merge(b *greedyAcc) {
	a.boards += b.boards
	a.atGoal += b.atGoal
	a.solved += b.solved
	a.stuck += b.stuck
	a.looped += b.looped
	a.capped += b.capped
	a.memoryCapped += b.memoryCapped
	a.moves = append(a.moves, b.moves...)
	a.optSolved += b.optSolved
	a.opt += b.opt
	a.excess += b.excess
	a.failedMoves += b.failedMoves
}

func (a *greedyAcc) row(k int) GreedyStatsRow {
	r := GreedyStatsRow{K: k, Boards: a.boards, AtGoal: a.atGoal, Solved: a.solved, Stuck: a.stuck, Looped: a.looped, Capped: a.capped, MemoryCapped: a.memoryCapped}
	div := func(x float64, n int) float64 {
		if n == 0 {
			return 0
		}
		return x / float64(n)
	}
	r.SolveRate = div(float64(a.solved), a.boards)
	r.MeanOptimal = div(a.opt, a.boards)
	r.MeanOptimalSolved = div(a.optSolved, a.solved)
	r.MeanExcess = div(a.excess, a.solved)
	r.MeanFailedMoves = div(a.failedMoves, a.boards-a.solved)
	if len(a.moves) > 0 {
		m := append([]int(nil), a.moves...)
		sort.Ints(m)
		s := 0
		for _, v := range m {
			s += v
		}
		r.MeanMoves = float64(s) / float64(len(m))
		r.MaxMoves = m[len(m)-1]
		if len(m)%2 == 1 {
			r.MedianMoves = float64(m[len(m)/2])
		} else {
			r.MedianMoves = float64(m[len(m)/2-1]+m[len(m)/2]) / 2
		}
	}
	return r
}

// WriteText writes the table per k and the notes on definitions.
func (g *GreedyReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Gain-score climber (score %s, when stuck %s) on boards mixed from goal %s\nby k random moves; %s per k, seed %d.\n\n",
		g.Rule.Score, g.Rule.Stuck, goalLabel(g.Goal, statespace.GoalName(g.Goal)), count(g.N, "board", "boards"), g.Seed)
	if g.StoppedBy != search.StopNone {
		why := "interrupted"
		if g.StoppedBy == search.StopTimeLimit {
			why = "stopped by the time limit (" + g.MaxTime.String() + ")"
		}
		fmt.Fprintf(&b, "The run was %s after %s: the rows hold the boards climbed so far.\n\n", why, count(int64(g.Overall.Boards), "board", "boards"))
	}
	t := &textTable{}
	t.add("k", "solved", "solve rate", "mean moves", "median", "mean optimal", "excess", "optimal (all)", "failed after")
	f1 := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	pc := func(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }
	// ci is the half-width of the normal-approximation 95% interval of a
	// proportion p over n boards, in percentage points.
	ci := func(p float64, n int) string {
		if n == 0 {
			return ""
		}
		return " ±" + strconv.FormatFloat(100*1.96*math.Sqrt(p*(1-p)/float64(n)), 'f', 1, 64)
	}
	rows := append(append([]GreedyStatsRow(nil), g.Rows...), g.Overall)
	for _, r := range rows {
		k := strconv.Itoa(r.K)
		if r.K < 0 {
			k = "all"
		}
		t.add(k, fmt.Sprintf("%d/%d", r.Solved, r.Boards), pc(r.SolveRate)+ci(r.SolveRate, r.Boards), f1(r.MeanMoves), f1(r.MedianMoves),
			f1(r.MeanOptimalSolved), f1(r.MeanExcess), f1(r.MeanOptimal), f1(r.MeanFailedMoves))
	}
	if err := t.write(&b); err != nil {
		return err
	}
	o := g.Overall
	score := "1 for each square holding its tile and 0.5 for each square whose tile is orthogonally next to it"
	if g.Rule.Score == search.ScoreMatched {
		score = "1 for each square holding its tile"
	}
	stuck := "the climber makes the first legal move in Up, Down, Left, Right order anyway (the board recurs); a walk that only goes round boards it has seen fails"
	if g.Rule.Stuck == search.StuckStop {
		stuck = "the climber gives up"
	}
	notes := []string{
		"solve rate: with the half-width of its 95% interval (normal approximation).",
		"mean moves, median: the climber's moves on solved boards. mean optimal, excess: the exact optimal distance of those boards (from the table) and the mean of (climber's moves - optimal). optimal (all): mean optimal distance of every mixed board, solved or not. failed after: mean moves walked by the failed climbs.",
		"Score: " + score + " (the blank's own cell is not scored); the best-scoring move to a board not yet on the walk wins, ties to the first in Up, Down, Left, Right order. When every legal move leads to a board already on the walk, " + stuck + ".",
		fmt.Sprintf("Failures: %s stuck, %s looped, %s capped at %s%s. A random mixing move may undo the previous one.",
			textfmt.Commas(o.Stuck), textfmt.Commas(o.Looped), textfmt.Commas(o.Capped), count(g.MaxMoves, "move", "moves"), memoryCapped(o.MemoryCapped)),
	}
	b.WriteString("\n")
	for _, n := range notes {
		b.WriteString(wrapText(n, 86))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one JSON object.
func (g *GreedyReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{
		"goal": g.Goal.String(), "seed": g.Seed, "boards_per_k": g.N, "max_moves": g.MaxMoves,
		"score": g.Rule.Score.String(), "stuck": g.Rule.Stuck.String(),
		"rows": g.Rows, "overall": g.Overall,
		"max_seconds": g.MaxTime.Seconds(), "stopped_by": g.StoppedBy,
	})
}

// ParseKs reads a list of mixing lengths such as "10,20,50" (commas or
// spaces); each must be a whole number ≥ 0.
func ParseKs(text string) ([]int, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("mixing lengths %q: want numbers such as 10,20,50", text)
	}
	ks := make([]int, len(fields))
	for i, f := range fields {
		k, err := strconv.Atoi(f)
		if err != nil || k < 0 {
			return nil, fmt.Errorf("mixing length %q (item %d): want a whole number ≥ 0", f, i+1)
		}
		ks[i] = k
	}
	return ks, nil
}

// JoinKs writes mixing lengths as ParseKs reads them: "10,20,50".
func JoinKs(ks []int) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = strconv.Itoa(k)
	}
	return strings.Join(s, ",")
}

// memoryCapped names the climbs the memory limit stopped, when there are
// any (the report of a board of 9 cells never has them).
func memoryCapped(n int) string {
	if n == 0 {
		return ""
	}
	return ", " + textfmt.Commas(uint64(n)) + " stopped by the memory limit"
}
