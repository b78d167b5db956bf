package pyapi

import (
	"context"
	"encoding/binary"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

// The array operations read and write the caller's buffers: boards as
// rows of one byte a cell (tile numbers, 0 for the blank), ranks as
// little-endian int64, distances as one byte each. Their lengths are
// checked against the request's n before anything is read.

// maxBoardsStates bounds the boards operation: every board of at most 12
// cells.
const maxBoardsStates = table.MaxEnumerate

// spaceOf reads the request's shape and goal (rows.read) and returns
// their space.
func spaceOf(r *rows) (*statespace.Space, error) {
	q, err := r.read()
	if err != nil {
		return nil, err
	}
	return q.Space, nil
}

// spaceResult describes a space.
type spaceResult struct {
	Shape    string  `json:"shape"`
	Goal     string  `json:"goal"`
	GoalName string  `json:"goal_name"`
	Cells    int     `json:"cells"`
	States   *uint64 `json:"states"` // null beyond 20 cells
	Tabled   bool    `json:"tabled"` // its boards are answered from a distance table
	NPY      string  `json:"npy"`    // where export_npy writes its distances in the cache folder
}

// space describes the space of the request's shape and goal (inferred
// from cells, the width of the caller's rows, when none names it).
func (e *Engine) space(_ *Job, r *rows, _, _ []byte) (*spaceResult, error) {
	sp, err := spaceOf(r)
	if err != nil {
		return nil, err
	}
	res := &spaceResult{Shape: sp.Shape().String(), Goal: sp.Goal().String(), GoalName: statespace.GoalName(sp.Goal()),
		Cells: sp.Shape().Cells(), Tabled: e.res.HasTable(sp.Goal())}
	if sp.Counted() {
		n := sp.Size()
		res.States = &n
	}
	if !e.cache.IsZero() {
		res.NPY = e.cache.Path(store.NPYFile(sp.Goal()))
	}
	return res, nil
}

// checkLen refuses a buffer whose length is not n rows of width bytes.
func checkLen(name string, buf []byte, n int64, width int) error {
	if n < 0 || int64(len(buf)) != n*int64(width) {
		return &Error{Kind: KindValue, Message: fmt.Sprintf("%s: %d bytes for %d rows of %d bytes", name, len(buf), n, width)}
	}
	return nil
}

// rowBoard reads row i of boards as a board of shape sh.
func rowBoard(sh statespace.Shape, boards []byte, i int64, tiles []int) (statespace.Board, error) {
	n := len(tiles)
	row := boards[i*int64(n) : (i+1)*int64(n)]
	for c, t := range row {
		tiles[c] = int(t)
	}
	b, err := statespace.NewBoard(sh, tiles)
	if err != nil {
		return b, staged(errkind.Board, fmt.Errorf("row %d: %w", i, err))
	}
	return b, nil
}

func putRow(out []byte, i int64, b statespace.Board) {
	n := b.Cells()
	row := out[i*int64(n) : (i+1)*int64(n)]
	for c := range row {
		row[c] = byte(b.Tile(c))
	}
}

// parallel runs work on the rows [0, n) in chunks, on every core, and
// returns the error of the lowest row that failed; progress goes to j.
func parallel(j *Job, what string, n int64, work func(ctx context.Context, lo, hi int64) error) error {
	const chunk = 1 << 14
	ctx, cancel := context.WithCancel(j.ctx)
	defer cancel()
	var next, done atomic.Int64
	var mu sync.Mutex
	var first error
	firstLo := int64(-1)
	var wg sync.WaitGroup
	for range min(int64(runtime.GOMAXPROCS(0)), (n+chunk-1)/chunk) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				hi := min(lo+chunk, n)
				if err := work(ctx, lo, hi); err != nil {
					mu.Lock()
					if firstLo < 0 || lo < firstLo {
						first, firstLo = err, lo
					}
					mu.Unlock()
					cancel()
					return
				}
				j.report(what, uint64(done.Add(hi-lo)), uint64(n))
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return j.ctx.Err()
}

// rank writes the rank of each board of in (n rows of cells bytes) to out
// (n int64s).
func (e *Engine) rank(j *Job, r *arrayRequest, in, out []byte) (none, error) {
	sp, err := spaceOf(&r.rows)
	if err != nil {
		return none{}, err
	}
	if !sp.Counted() {
		return none{}, &Error{Kind: KindShape, Message: fmt.Sprintf("%s has too many boards to rank (at most 20 cells)", sp.Shape())}
	}
	cells := sp.Shape().Cells()
	if err := checkLen("boards", in, r.N, cells); err != nil {
		return none{}, err
	}
	if err := checkLen("ranks", out, r.N, 8); err != nil {
		return none{}, err
	}
	err = parallel(j, "rank", r.N, func(_ context.Context, lo, hi int64) error {
		tiles := make([]int, cells)
		for i := lo; i < hi; i++ {
			b, err := rowBoard(sp.Shape(), in, i, tiles)
			if err != nil {
				return err
			}
			rk, ok := sp.RankChecked(b)
			if !ok {
				return staged(errkind.Board, fmt.Errorf("row %d: %w", i, sp.Check(b)))
			}
			binary.LittleEndian.PutUint64(out[i*8:], rk)
		}
		return nil
	})
	return none{}, err
}

// unrank writes the board of each rank of in (n int64s) to out (n rows).
func (e *Engine) unrank(j *Job, r *arrayRequest, in, out []byte) (none, error) {
	sp, err := spaceOf(&r.rows)
	if err != nil {
		return none{}, err
	}
	if !sp.Counted() {
		return none{}, &Error{Kind: KindShape, Message: fmt.Sprintf("%s has too many boards to rank (at most 20 cells)", sp.Shape())}
	}
	if err := checkLen("ranks", in, r.N, 8); err != nil {
		return none{}, err
	}
	if err := checkLen("boards", out, r.N, sp.Shape().Cells()); err != nil {
		return none{}, err
	}
	err = parallel(j, "unrank", r.N, func(_ context.Context, lo, hi int64) error {
		for i := lo; i < hi; i++ {
			rk := binary.LittleEndian.Uint64(in[i*8:])
			if rk >= sp.Size() {
				return &Error{Kind: KindValue, Message: fmt.Sprintf("row %d: rank %d is out of range: %s goal %s has ranks 0 to %d",
					i, int64(rk), sp.Shape(), statespace.GoalName(sp.Goal()), sp.Size()-1)}
			}
			putRow(out, i, sp.Unrank(rk))
		}
		return nil
	})
	return none{}, err
}

// boards writes every board of the space in rank order to out.
func (e *Engine) boards(j *Job, r *where, _, out []byte) (none, error) {
	sp, err := spaceOf(&rows{where: *r})
	if err != nil {
		return none{}, err
	}
	if !sp.Counted() || sp.Size() > maxBoardsStates {
		return none{}, &Error{Kind: KindShape, Message: fmt.Sprintf("%s has %s boards: every board is listed for shapes of at most 12 cells",
			sp.Shape(), statesText(sp))}
	}
	n := int64(sp.Size())
	if err := checkLen("boards", out, n, sp.Shape().Cells()); err != nil {
		return none{}, err
	}
	err = parallel(j, "boards", n, func(_ context.Context, lo, hi int64) error {
		for i := lo; i < hi; i++ {
			putRow(out, i, sp.Unrank(uint64(i)))
		}
		return nil
	})
	return none{}, err
}

func statesText(sp *statespace.Space) string {
	if !sp.Counted() {
		return "more than 2^64"
	}
	return fmt.Sprint(sp.Size())
}

// distancesResult says what answered the distances: the heuristic of
// the resolver's source (resolve.Source).
type distancesResult struct {
	Source string `json:"source,omitempty"`
}

// distances writes the distance of each board of in (n rows) to out (n
// bytes): from the goal's table on every core, else one search a board
// (the solver uses every core itself).
func (e *Engine) distances(j *Job, r *arrayRequest, in, out []byte) (*distancesResult, error) {
	sp, err := spaceOf(&r.rows)
	if err != nil {
		return nil, err
	}
	cells := sp.Shape().Cells()
	if err := checkLen("boards", in, r.N, cells); err != nil {
		return nil, err
	}
	if err := checkLen("distances", out, r.N, 1); err != nil {
		return nil, err
	}
	if r.N == 0 {
		return &distancesResult{}, nil
	}
	o, err := e.oracle(j.ctx, sp.Goal())
	if err != nil {
		return nil, err
	}
	lookup := func(ctx context.Context, b statespace.Board) (int, error) {
		a, err := o.Answer(ctx, b, resolve.Want{})
		return a.Distance, err
	}
	if t := resolve.TableOf(o); t != nil {
		lookup = func(_ context.Context, b statespace.Board) (int, error) { return t.Lookup(b) }
	}
	each := func(ctx context.Context, lo, hi int64) error {
		tiles := make([]int, cells)
		for i := lo; i < hi; i++ {
			b, err := rowBoard(sp.Shape(), in, i, tiles)
			if err != nil {
				return err
			}
			d, err := lookup(ctx, b)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return staged(errkind.Board, fmt.Errorf("row %d: board %s: %w", i, b, err))
			}
			out[i] = byte(d)
		}
		return nil
	}
	if resolve.TableOf(o) == nil {
		for i := range r.N {
			if err := each(j.ctx, i, i+1); err != nil {
				return nil, err
			}
			j.report("distances", uint64(i+1), uint64(r.N))
		}
		return &distancesResult{Source: o.Source().Heuristic}, nil
	}
	if err := parallel(j, "distances", r.N, each); err != nil {
		return nil, err
	}
	return &distancesResult{Source: o.Source().Heuristic}, nil
}

// solvable writes for each row of in (n rows) whether it is a board that
// can reach the goal (resolve.Solvable: CheckSolvable's rule, the parity
// every door asks)
// to out (n bytes: 1 or 0): a row that is no board (a tile twice,
// missing or out of range) is 0, not an error.
func (e *Engine) solvable(j *Job, r *arrayRequest, in, out []byte) (none, error) {
	sp, err := spaceOf(&r.rows)
	if err != nil {
		return none{}, err
	}
	cells := sp.Shape().Cells()
	if err := checkLen("boards", in, r.N, cells); err != nil {
		return none{}, err
	}
	if err := checkLen("solvable", out, r.N, 1); err != nil {
		return none{}, err
	}
	err = parallel(j, "solvable", r.N, func(_ context.Context, lo, hi int64) error {
		tiles := make([]int, cells)
		for i := lo; i < hi; i++ {
			out[i] = 0
			if b, err := rowBoard(sp.Shape(), in, i, tiles); err == nil && resolve.Solvable(sp, b) {
				out[i] = 1
			}
		}
		return nil
	})
	return none{}, err
}

// random writes n boards drawn as query random draws them
// (resolve.Random: the same seed, the same boards) to out: from
// every board, or with distance from those at that distance.
func (e *Engine) random(j *Job, r *randomRequest, _, out []byte) (none, error) {
	sp, err := spaceOf(&r.rows)
	if err != nil {
		return none{}, err
	}
	if err := checkLen("boards", out, r.N, sp.Shape().Cells()); err != nil {
		return none{}, err
	}
	res, err := resolve.NewResolver(j.ctx, resolve.Config{Cache: e.cache, Log: &j.notes, ReadOnlyCache: true})
	if err != nil {
		return none{}, err
	}
	defer res.Close()
	depth := -1
	if r.Distance != nil {
		depth = *r.Distance
	}
	goal := sp.Goal()
	var o resolve.Oracle
	if res.HasTable(goal) { // else no search is started
		if o, err = res.Oracle(j.ctx, goal, resolve.Need{}); err != nil {
			return none{}, err
		}
	}
	var i int64
	err = resolve.Random(j.ctx, goal, o, resolve.Draw{N: int(r.N), Depth: depth, Seed: r.Seed, Distinct: !r.Replace}, func(b statespace.Board, _ *resolve.Answer) error {
		putRow(out, i, b)
		i++
		j.report("random", uint64(i), uint64(r.N))
		return nil
	})
	if err != nil {
		if ErrorKind(err) == KindUnavailable { // no boards at that distance
			err = &Error{Kind: KindValue, Message: err.Error()}
		}
		return none{}, err
	}
	return none{}, nil
}
