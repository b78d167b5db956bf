// Package pyapi is the engine of the Python package tilespace: requests
// as JSON (an operation and its arguments) and bulk arrays as byte
// buffers the caller owns, answered by the packages the commands run —
// resolve.Resolver for answers, record for their keys, classroom for
// comparisons, analyze for profiles, generate for builds. It knows nothing
// of cgo or Python: python/engine exports it as a C library.
//
// Every call takes a *Job: its context (Job.Cancel stops the work, and the
// call returns with an error of kind "canceled") and its progress
// (Job.Progress). A response is one JSON object: {"ok": true, ...} with
// the operation's fields, or {"error": {"kind": K, "message": M}}, where
// K names the Python exception (ErrorKind).
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

	mu       sync.Mutex
	building *Job // the job whose resolution builds databases, for its progress
	// built are the goals whose databases a build wrote since the
	// resolver last looked: a failure it remembers is tried again.
	built map[statespace.Board]bool
}

// New returns an engine whose answers come from a resolver on cache (the
// cache folder the Python package finds, store.DefaultCache).
func New(ctx context.Context, cache store.Cache) (*Engine, error) {
	e := &Engine{cache: cache, notes: &noteLog{}}
	res, err := resolve.NewResolver(ctx, resolve.Config{
		Cache:    cache,
		Log:      e.notes,
		Progress: e.resolverProgress,
	})
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

	mu    sync.Mutex
	what  string
	done  uint64
	total uint64
}

// NewJob returns a job under ctx.
func NewJob(ctx context.Context) *Job {
	j := &Job{}
	j.ctx, j.cancel = context.WithCancel(ctx)
	return j
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
	p.Notes = e.notes.take()
	b, _ := json.Marshal(p)
	return b
}

func (j *Job) report(what string, done, total uint64) {
	j.mu.Lock()
	j.what, j.done, j.total = what, done, total
	j.mu.Unlock()
}

// resolverProgress hands the progress of databases the resolver builds to
// the job that asked for them.
func (e *Engine) resolverProgress(what string, done, total uint64) {
	e.mu.Lock()
	j := e.building
	e.mu.Unlock()
	if j != nil {
		j.report(what, done, total)
	}
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

// Request is one call's arguments; each operation reads the fields it
// names.
type Request struct {
	Op    string `json:"op"`
	Board string `json:"board"`
	Goal  string `json:"goal"`
	Shape string `json:"shape"`
	// answer
	Path      bool    `json:"path"`
	AllMoves  bool    `json:"all_moves"`
	TimeLimit float64 `json:"time_limit"` // seconds; 0: none
	// Quick asks for an answer only when a table gives it at once (no
	// search, no databases to build): else the response is {"slow": true}
	// and nothing is done, so the caller can run the request where Ctrl-C
	// reaches it.
	Quick bool `json:"quick"`
	// arrays: rows of the in or out buffer
	N int64 `json:"n"`
	// random
	Distance *int   `json:"distance"`
	Seed     uint64 `json:"seed"`
	Replace  bool   `json:"replace"` // independent draws; false: distinct boards
	// compare
	Algorithms []string `json:"algorithms"`
	Nodes      int64    `json:"nodes"`
	Seconds    float64  `json:"seconds"`
	MemoryMiB  int64    `json:"memory_mib"`
	// profile
	Heuristic string `json:"heuristic"`
	Name      string `json:"name"`
	// build_databases
	Partition string `json:"partition"`
	// scaling (also algorithms, seed, nodes, seconds, memory_mib)
	Distances []int `json:"distances"`
	Sample    int   `json:"sample"`
	DFSDepth  int   `json:"dfs_depth"`
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
	var r Request
	dec := json.NewDecoder(bytes.NewReader(req))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return errorResponse(&Error{Kind: KindValue, Message: "request: " + err.Error()})
	}
	op, ok := ops[r.Op]
	if !ok {
		return errorResponse(&Error{Kind: KindValue, Message: fmt.Sprintf("unknown operation %q", r.Op)})
	}
	if j.ctx.Err() != nil {
		return errorResponse(j.ctx.Err())
	}
	result, err := op(e, j, &r, in, out)
	if err != nil {
		return errorResponse(err)
	}
	m := map[string]any{"ok": true}
	for k, v := range result {
		m[k] = v
	}
	if notes := e.notes.take(); len(notes) > 0 {
		m["notes"] = notes
	}
	b, err := json.Marshal(m)
	if err != nil {
		return errorResponse(err)
	}
	return b
}

type result = map[string]any

var ops map[string]func(e *Engine, j *Job, r *Request, in, out []byte) (result, error)

func init() {
	ops = map[string]func(e *Engine, j *Job, r *Request, in, out []byte) (result, error){
		"answer":          (*Engine).answer,
		"compare":         (*Engine).compare,
		"profile":         (*Engine).profile,
		"build_table":     (*Engine).buildTable,
		"build_databases": (*Engine).buildDatabases,
		"export_npy":      (*Engine).exportNPY,
		"space":           (*Engine).space,
		"rank":            (*Engine).rank,
		"unrank":          (*Engine).unrank,
		"distances":       (*Engine).distances,
		"boards":          (*Engine).boards,
		"random":          (*Engine).random,
		"scaling":         (*Engine).scaling,
		"algorithms":      (*Engine).algorithms,
	}
}

func errorResponse(err error) []byte {
	b, _ := json.Marshal(struct {
		Error Error `json:"error"`
	}{Error{Kind: ErrorKind(err), Message: err.Error(), Facts: facts(err)}})
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

// goal reads the request's shape and goal, without a board, as every
// door reads them (statespace.ParseRequest).
func (r *Request) goal() (statespace.Request, error) {
	return statespace.ParseRequest("", r.Shape, r.Goal)
}

// board reads the request's board, shape and goal, as every door reads
// them (statespace.ParseRequest).
func (r *Request) board() (statespace.Request, error) {
	if strings.TrimSpace(r.Board) == "" {
		return statespace.Request{}, errkind.New(errkind.Board, errors.New("no board: give one as its tiles, e.g. 8,6,7,2,5,4,3,0,1"))
	}
	return statespace.ParseRequest(r.Board, r.Shape, r.Goal)
}

// withTimeLimit is ctx with the request's time limit.
func (r *Request) withTimeLimit(ctx context.Context) (context.Context, context.CancelFunc) {
	if r.TimeLimit > 0 {
		return context.WithTimeout(ctx, seconds(r.TimeLimit))
	}
	return context.WithCancel(ctx)
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
