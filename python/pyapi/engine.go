// Package pyapi is the engine of the Python package tilespace: requests
// as JSON (an operation and its arguments) and bulk arrays as byte
// buffers the caller owns, answered by the packages the commands run —
// resolve.Resolver for answers, record for their keys, classroom for
// comparisons, analyze for profiles, generate for builds. It knows nothing
// of cgo or Python: python/engine exports it as a C library.
//
// Each operation decodes its request into its own struct, unknown fields
// refused, and answers a typed result (the table ops). Every call takes
// a *Job: its context (Job.Cancel stops the work, and the call returns
// with an error of kind "canceled"), its progress (Engine.Progress) and
// its notes, which the resolver reports to through the context
// (resolve.WithProgress, resolve.WithLog). A response is one JSON object: {"ok": true, ...} with
// the operation's fields, or {"error": {"kind": K, "message": M}}, where
// K names the Python exception (ErrorKind); either with "notes", the notes
// for people of what was done for the call.
package pyapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// Engine answers requests; one serves a process, safe for concurrent use.
type Engine struct {
	cache store.Cache
	res   *resolve.Resolver
	notes *noteLog

	mu sync.Mutex
	// built are the goals whose databases a build wrote since the
	// resolver last looked: a failure it remembers is tried again.
	built map[statespace.Board]bool
}

// New returns an engine whose answers come from a resolver on cache (the
// cache folder the Python package finds, store.DefaultCache).
func New(ctx context.Context, cache store.Cache) (*Engine, error) {
	e := &Engine{cache: cache, notes: &noteLog{}}
	res, err := resolve.NewResolver(ctx, resolve.Config{Cache: cache, Log: e.notes})
	if err != nil {
		return nil, err
	}
	e.res = res
	return e, nil
}

// Job is one call's context and progress.
type Job struct {
	ctx    context.Context
	cancel context.CancelFunc

	notes noteLog // the notes for people of what the resolver does for the call

	mu    sync.Mutex
	what  string
	done  uint64
	total uint64
}

// NewJob returns a job under ctx. What the resolver reads or builds for
// the job's call reports to the job (resolve.WithProgress, WithLog), so
// that jobs running at once each see their own progress and notes.
func NewJob(ctx context.Context) *Job {
	j := &Job{}
	ctx = resolve.WithLog(resolve.WithProgress(ctx, j.report), &j.notes)
	j.ctx, j.cancel = context.WithCancel(ctx)
	return j
}

// takeNotes takes the notes for people logged for j since the last response,
// and those of no job.
func (e *Engine) takeNotes(j *Job) []string {
	var notes []string
	if j != nil {
		notes = j.notes.take()
	}
	return append(notes, e.notes.take()...)
}

// Cancel stops the job's work; the call returns an error of kind
// "canceled". It may be called from any goroutine, any number of times.
func (j *Job) Cancel() { j.cancel() }

// Progress returns what job j is doing and how far it is, with the
// notes for people logged since the last response, as JSON: {"what": …,
// "done": …, "total": …, "notes": […]}; j may be nil.
func (e *Engine) Progress(j *Job) []byte {
	var p struct {
		What  string   `json:"what"`
		Done  uint64   `json:"done"`
		Total uint64   `json:"total"`
		Notes []string `json:"notes,omitempty"`
	}
	if j != nil {
		j.mu.Lock()
		p.What, p.Done, p.Total = j.what, j.done, j.total
		j.mu.Unlock()
	}
	p.Notes = e.takeNotes(j)
	b, _ := json.Marshal(p)
	return b
}

func (j *Job) report(what string, done, total uint64) {
	j.mu.Lock()
	j.what, j.done, j.total = what, done, total
	j.mu.Unlock()
}

// noteLog keeps the resolver's notes for people (databases being built,
// a table missing) until a response carries them.
type noteLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *noteLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		if s != "" && len(l.lines) < 100 {
			l.lines = append(l.lines, s)
		}
	}
	return len(p), nil
}

func (l *noteLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.lines
	l.lines = nil
	return s
}

// The requests: each operation reads its own struct (its fields with
// their JSON names, each request's "op" beside them), unknown fields
// refused.

// where names a shape and a goal; an empty shape is the goal's, else
// the board's (statespace.ParseRequest).
type where struct {
	Op    string `json:"op"`
	Shape string `json:"shape"`
	Goal  string `json:"goal"`
}

// rows is where with the width of the caller's rows of boards (cells:
// 0 when there are none, for operations that only write boards), which
// an empty shape is inferred from (statespace.ParseRows).
type rows struct {
	where
	Cells int `json:"cells"`
}

// boardRequest names a board, its shape and goal.
type boardRequest struct {
	where
	Board string `json:"board"`
}

type answerRequest struct {
	boardRequest
	Path      bool    `json:"path"`
	AllMoves  bool    `json:"all_moves"`
	TimeLimit float64 `json:"time_limit"` // seconds; 0: none
	// Partition, when set, answers by IDA* on its pattern databases (a
	// preset or patterns, as query -pdb takes them) from the cache
	// folder, built when missing and small, whatever else answers the
	// goal.
	Partition string `json:"partition"`
}

// arrayRequest is rank, unrank, distances and solvable: n rows of the
// buffers.
type arrayRequest struct {
	rows
	N int64 `json:"n"`
}

type randomRequest struct {
	rows
	N        int64  `json:"n"`
	Distance *int   `json:"distance"`
	Seed     uint64 `json:"seed"`
	Replace  bool   `json:"replace"` // independent draws; false: distinct boards
}

// limits are a classroom search's, as compare and scaling take them.
type limits struct {
	Algorithms []string `json:"algorithms"`
	Nodes      int64    `json:"nodes"`
	Seconds    float64  `json:"seconds"`
	MemoryMiB  int64    `json:"memory_mib"`
	DFSDepth   int      `json:"dfs_depth"`
}

type compareRequest struct {
	boardRequest
	limits
}

type profileRequest struct {
	where
	Heuristic string `json:"heuristic"`
	Name      string `json:"name"`
}

type databasesRequest struct {
	where
	Partition string `json:"partition"`
	ZeroAware bool   `json:"zero_aware"` // as enumerate databases -zero-aware
}

type scalingRequest struct {
	where
	limits
	Distances []int  `json:"distances"`
	Sample    int    `json:"sample"`
	Seed      uint64 `json:"seed"`
}

type algorithmsRequest struct {
	Op string `json:"op"`
}

// Error is an error response: Kind names the Python exception; Facts,
// for a missing file, what would build it (shape, goal, and partition for
// pattern databases), so that the package can name the call.
type Error struct {
	Kind    string            `json:"kind"`
	Message string            `json:"message"`
	Facts   map[string]string `json:"facts,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// The kinds of error responses, each a Python exception class.
const (
	KindBoard       = "board"       // BoardError: bad board text, shape or tiles
	KindUnsolvable  = "unsolvable"  // UnsolvableError
	KindGoal        = "goal"        // GoalError
	KindShape       = "shape"       // ShapeError
	KindMissing     = "missing"     // MissingFileError: a table or databases to build
	KindDamaged     = "damaged"     // DamagedFileError
	KindLimit       = "limit"       // LimitError: a memory or node limit
	KindTime        = "time"        // TimeLimitError: a time limit (also a TimeoutError)
	KindCanceled    = "canceled"    // the job was canceled (KeyboardInterrupt)
	KindValue       = "value"       // an argument the engine refuses (ValueError)
	KindInternal    = "internal"    // a bug: a panic recovered
	KindUnavailable = "unavailable" // anything else (Error)
)

// exceptions is the Python package's table of error kinds (errkind.Of):
// the kind each error response names, which python/tilespace/errors.py
// turns into its exception class. An error of no kind is "unavailable"
// (tilespace.Error).
var exceptions = map[errkind.Kind]string{
	errkind.Board:      KindBoard,
	errkind.Unsolvable: KindUnsolvable,
	errkind.Goal:       KindGoal,
	errkind.Shape:      KindShape,
	errkind.Missing:    KindMissing,
	errkind.Damaged:    KindDamaged,
	errkind.Limit:      KindLimit,
	errkind.Value:      KindValue,
	errkind.Canceled:   KindCanceled,
}

// staged gives err the kind k of what was being read when it arose (a
// shape, a goal, a board, a row), unless err says its own kind.
func staged(k errkind.Kind, err error) error {
	if err == nil || errkind.Of(err) != errkind.None {
		return err
	}
	return errkind.New(k, err)
}

// ErrorKind returns the kind of err's response: an *Error's own, else
// the name of err's kind (exceptions).
func ErrorKind(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	k := errkind.Of(err)
	if k == errkind.Limit && errors.Is(err, context.DeadlineExceeded) {
		return KindTime // a time limit: Python's TimeLimitError, also a TimeoutError
	}
	if name, ok := exceptions[k]; ok {
		return name
	}
	return KindUnavailable
}

// Do answers one request; in and out are the caller's buffers (the
// operation says what they hold). It never panics: a panic becomes an
// error response of kind "internal".
func (e *Engine) Do(j *Job, req []byte, in, out []byte) (resp []byte) {
	defer func() {
		if p := recover(); p != nil {
			resp = errorResponse(&Error{Kind: KindInternal, Message: fmt.Sprintf("internal error: %v\n%s", p, debug.Stack())})
		}
	}()
	var head struct {
		Op string `json:"op"`
	}
	if err := json.Unmarshal(req, &head); err != nil {
		return errorResponse(&Error{Kind: KindValue, Message: "request: " + err.Error()})
	}
	run, ok := ops[head.Op]
	if !ok {
		return errorResponse(&Error{Kind: KindValue, Message: fmt.Sprintf("unknown operation %q", head.Op)})
	}
	if j.ctx.Err() != nil {
		return errorResponse(j.ctx.Err())
	}
	result, err := run(e, j, req, in, out)
	notes := e.takeNotes(j)
	if err == nil {
		var b []byte
		if b, err = json.Marshal(result); err == nil {
			return okResponse(b, notes)
		}
	}
	return errorResponse(err, notes...)
}

// okResponse is the result's JSON object with "ok" and the notes first.
func okResponse(result []byte, notes []string) []byte {
	head, _ := json.Marshal(struct {
		OK    bool     `json:"ok"`
		Notes []string `json:"notes,omitempty"`
	}{true, notes})
	if len(bytes.TrimSpace(result)) <= 2 { // {}
		return head
	}
	return append(append(head[:len(head)-1], ','), bytes.TrimSpace(result)[1:]...)
}

// opFunc decodes one operation's request and runs it.
type opFunc func(e *Engine, j *Job, req, in, out []byte) (any, error)

// op is the opFunc that decodes a request into R, unknown fields
// refused, and runs f on it.
func op[R, S any](f func(e *Engine, j *Job, r *R, in, out []byte) (S, error)) opFunc {
	return func(e *Engine, j *Job, req, in, out []byte) (any, error) {
		var r R
		dec := json.NewDecoder(bytes.NewReader(req))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return nil, &Error{Kind: KindValue, Message: "request: " + err.Error()}
		}
		if dec.More() {
			return nil, &Error{Kind: KindValue, Message: "request: more than one JSON object"}
		}
		return f(e, j, &r, in, out)
	}
}

var ops map[string]opFunc

func init() {
	ops = map[string]opFunc{
		"answer":          op((*Engine).answer),
		"compare":         op((*Engine).compare),
		"profile":         op((*Engine).profile),
		"build_table":     op((*Engine).buildTable),
		"build_databases": op((*Engine).buildDatabases),
		"export_npy":      op((*Engine).exportNPY),
		"space":           op((*Engine).space),
		"rank":            op((*Engine).rank),
		"unrank":          op((*Engine).unrank),
		"distances":       op((*Engine).distances),
		"solvable":        op((*Engine).solvable),
		"boards":          op((*Engine).boards),
		"random":          op((*Engine).random),
		"scaling":         op((*Engine).scaling),
		"algorithms":      op((*Engine).algorithms),
	}
}

// none is the result of an operation that answers in its buffers.
type none struct{}

// errorResponse is err's response, with the notes for people logged
// before it.
func errorResponse(err error, notes ...string) []byte {
	b, _ := json.Marshal(struct {
		Error Error    `json:"error"`
		Notes []string `json:"notes,omitempty"`
	}{Error{Kind: ErrorKind(err), Message: err.Error(), Facts: facts(err)}, notes})
	return b
}

// facts returns what builds the file a missing-file error names.
func facts(err error) map[string]string {
	var (
		nf   *store.NotFoundError
		pnf  *store.PDBNotFoundError
		need *resolve.NeedPDBsError
		nd   *resolve.NoDepthTableError
	)
	of := func(goal statespace.Board) map[string]string {
		return map[string]string{"shape": goal.Shape().String(), "goal": statespace.GoalName(goal)}
	}
	switch {
	case errors.As(err, &need):
		f := of(need.Goal)
		f["partition"] = need.Partition
		if need.ZeroAware {
			f["zero_aware"] = "true"
		}
		return f
	case errors.As(err, &pnf):
		f := of(pnf.Goal)
		if pnf.Partition != "" {
			f["partition"] = pnf.Partition
		}
		return f
	case errors.As(err, &nf):
		return of(nf.Goal)
	case errors.As(err, &nd) && nd.Buildable:
		return of(nd.Goal)
	}
	return nil
}

// read reads the request's shape and goal, without a board, as every
// door reads them (statespace.ParseRequest).
func (w *where) read() (statespace.Request, error) {
	return statespace.ParseRequest("", w.Shape, w.Goal)
}

// read reads the request's shape and goal for rows of Cells tiles
// (statespace.ParseRows); without rows, as where.read.
func (r *rows) read() (statespace.Request, error) {
	if r.Cells == 0 {
		return r.where.read()
	}
	return statespace.ParseRows(r.Cells, r.Shape, r.Goal)
}

// read reads the request's board, shape and goal, as every door reads
// them (statespace.ParseRequest).
func (r *boardRequest) read() (statespace.Request, error) {
	if strings.TrimSpace(r.Board) == "" {
		return statespace.Request{}, errkind.New(errkind.Board, errors.New("no board: give one as its tiles, e.g. 8,6,7,2,5,4,3,0,1"))
	}
	return statespace.ParseRequest(r.Board, r.Shape, r.Goal)
}

// solvable reads the request's board and goal (boardRequest.read) and
// asks the resolver whether the board can reach its goal
// (resolve.CheckSolvable), before any table or databases are looked for.
func (r *boardRequest) solvable() (b, goal statespace.Board, err error) {
	q, err := r.read()
	if err != nil {
		return b, goal, err
	}
	return q.Board, q.Goal, resolve.CheckSolvable(q.Goal, q.Board)
}

// rawJSON captures what a report's WriteJSON writes, for a response.
func rawJSON(write func(io.Writer) error) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSpace(buf.Bytes())), nil
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
