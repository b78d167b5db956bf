package analyze

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/statespace"
)

// BoardRun is IDA*'s work on one board: the bounds of its iterations and
// the nodes expanded in each. Index is the board's place in the boards
// compared (PredictConfig.Boards), so a job can resume.
type BoardRun struct {
	Index    int      `json:"index"`
	Board    string   `json:"board"`
	Bounds   []int    `json:"bounds"`
	Expanded []uint64 `json:"expanded"`
	// Generated (children generated per iteration) and LastWhole (by the
	// last iteration run whole) are kept by ReconcileKorf (KorfRun).
	Generated []uint64 `json:"generated,omitempty"`
	LastWhole uint64   `json:"last_whole,omitempty"`
}

// run is a board's measurement with what the predictions need.
type run struct {
	bounds []int
	exp    []uint64
	blank  int
	h0     int
}

// RunMismatchError reports a measurement kept from before that does not
// belong to the boards compared now.
type RunMismatchError struct {
	Index int
	Board string // the board kept
	Want  string // the board at Index now; "" when Index is out of range
}

// Kind is errkind.Value.
func (*RunMismatchError) Kind() errkind.Kind { return errkind.Value }

func (e *RunMismatchError) Error() string {
	if e.Want == "" {
		return fmt.Sprintf("measurement %d (board %s): no such board among those compared", e.Index, e.Board)
	}
	return fmt.Sprintf("measurement %d is of board %s, not %s", e.Index, e.Board, e.Want)
}

// measureAll measures IDA* on every board not in cfg.Done: on spaces
// of at most MaxStates boards several boards at a time, a core each; on
// larger ones one board at a time on every core (the package solver's
// engine, where the heuristic allows), in order.
func measureAll(ctx context.Context, cfg PredictConfig, h Heuristic, boards []statespace.Board) ([]run, string, error) {
	runs := make([]run, len(boards))
	have := make([]bool, len(boards))
	for _, d := range cfg.Done {
		if d.Index < 0 || d.Index >= len(boards) {
			return nil, "", &RunMismatchError{Index: d.Index, Board: d.Board}
		}
		if b := boards[d.Index]; b.String() != d.Board {
			return nil, "", &RunMismatchError{Index: d.Index, Board: d.Board, Want: b.String()}
		}
		b := boards[d.Index]
		runs[d.Index], have[d.Index] = run{slices.Clone(d.Bounds), slices.Clone(d.Expanded), b.Blank(), h.value(b)}, true
	}
	workers, inner := runtime.GOMAXPROCS(0), 1
	if !countable(cfg.Goal) {
		workers, inner = 1, 0
	}
	m, err := NewMeasurer(ctx, cfg.Goal, h, inner)
	if err != nil {
		return nil, "", err
	}
	var next, done atomic.Int64
	for _, ok := range have {
		if ok {
			done.Add(1)
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				k := next.Add(1) - 1
				if k >= int64(len(boards)) {
					return
				}
				if have[k] {
					continue
				}
				b := boards[k]
				bounds, exp, err := m.Iterations(ctx, b)
				mu.Lock()
				if err == nil && cfg.OnRun != nil && ctx.Err() == nil {
					err = cfg.OnRun(BoardRun{Index: int(k), Board: b.String(), Bounds: bounds, Expanded: exp})
				}
				if err != nil && firstErr == nil {
					firstErr = err
				}
				runs[k] = run{bounds, exp, b.Blank(), h.value(b)}
				n := done.Add(1)
				if cfg.Progress != nil {
					cfg.Progress("searches", uint64(n), uint64(len(boards)))
				}
				stop := firstErr != nil
				mu.Unlock()
				if stop {
					return
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	if firstErr != nil {
		return nil, "", firstErr
	}
	return runs, m.Engine(), nil
}

// countable reports whether goal's space is small enough to count.
func countable(goal statespace.Board) bool {
	sp, err := statespace.NewSpace(goal)
	return err == nil && sp.Counted() && sp.Size() <= MaxStates
}
