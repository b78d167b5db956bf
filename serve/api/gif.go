package api

import (
	"bytes"
	"context"
	"errors"
	"net/url"
	"strconv"

	"github.com/tilespace/tilespace/report/boardgif"
	"github.com/tilespace/tilespace/statespace"
)

// The types of the API's bodies.
const (
	TypeJSON = "application/json"
	TypeGIF  = "image/gif"
)

// gif answers /api/gif?b=BOARD[&shape][&goal][&size=PX]: the animated
// optimal solution of the board, as boardgif draws it (plot gif writes
// the same bytes), size pixels on its longer side (boardgif.DefaultSize
// when absent). The path is the table's (the first optimal move in Up,
// Down, Left, Right order at each step) or, without a table, the
// solver's, within the time limit of a board solved by search.
func (s *Server) gif(ctx context.Context, dst []byte, q url.Values) ([]byte, error) {
	rq, err := readBoard(q)
	if err != nil {
		return nil, err
	}
	size := boardgif.DefaultSize
	if t, ok := q["size"]; ok {
		v, err := strconv.Atoi(t[0])
		if err != nil || v < boardgif.MinSize || v > boardgif.MaxSize {
			return nil, badRequest("size=%s: want a whole number of pixels from %d to %d (the image's longer side)", t[0], boardgif.MinSize, boardgif.MaxSize)
		}
		size = v
	}
	path, err := s.optimalPath(ctx, rq)
	if err != nil {
		return nil, err
	}
	// Drawing takes a slot, as searches do: a large image costs a few
	// tens of milliseconds of one core.
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	buf := bytes.NewBuffer(dst)
	if err := boardgif.Encode(buf, rq.board, path, size); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// optimalPath is an optimal path from rq's board to its goal: the
// table's, or the solver's within SolveTime.
func (s *Server) optimalPath(ctx context.Context, rq request) ([]statespace.Move, error) {
	if err := unsolvable(rq); err != nil {
		return nil, err
	}
	b, goal := rq.board, rq.goal
	o, err := s.source(ctx, goal)
	if err != nil {
		return nil, err
	}
	if o.Source().Kind == fromTable {
		a, err := o.Answer(ctx, b, pathOnly)
		if err != nil {
			return nil, s.answerError(b, err, badRequest("board %s: %v", b, err))
		}
		return a.Path, nil
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	sctx, cancel := context.WithTimeout(ctx, s.lim.SolveTime)
	defer cancel()
	a, err := o.Answer(sctx, b, pathOnly)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return nil, s.limitError(b, s.lim.SolveTime, 0)
		}
		return nil, s.answerError(b, err, err)
	}
	return a.Path, nil
}
