// Package api is the page's API without a network: every answer the page
// asks for (a board's exact answer, a new game, a comparison of the
// classroom searches, a search traced expansion by expansion, the shapes
// offered, the animated solution as a GIF, the algorithms with their names
// and styles, a scaling run over boards at exact distances), each a GET target answered
// with a status and a body, JSON but for /api/gif's image. The HTTP
// server (package serve) and the static copy's WebAssembly engine
// (cmd/serve/wasm) both answer from it, so the page gets the same answers
// from either; it imports nothing of net/http, whose server would bring
// TLS and its crypto into the engine (a third more WebAssembly).
//
// Each target is a Route (Server.Routes): its method pattern, the content
// type of its successes and its Handler, a function of the raw query
// that returns the status and the body. Package serve registers each
// route's pattern on its http.ServeMux with an http.HandlerFunc wrapping
// that route's Handler, and the engine calls the same Handlers through
// Server.Do, which finds the route by its path; a path under /api/ that is
// no route gets NotFound's JSON 404. Every Handler takes one path: the
// query's size bound (414), its decoding, the route's own answer (which
// reads its parameters, the board, shape and goal checked once, and takes
// a work slot for a search), and the status and {"error": "…"} body of
// its error.
//
// The targets and their parameters:
//
//	/api/board?b=BOARD[&shape=RxC][&goal=last|first|BOARD]
//	/api/random?[shape=RxC][&goal=…][&depth=D | &walk=N][&seed=S]
//	/api/compare?b=BOARD[&algs=bfs,dfs,…][&limit=N][&shape=…][&goal=…]
//	/api/watch?b=BOARD&alg=bfs|dfs|astar|idastar[&steps=N][&shape=…][&goal=…]
//	/api/shapes
//	/api/gif?b=BOARD[&shape=…][&goal=…][&size=PX]
//	/api/algorithms
//	/api/scaling?distances=D[,D…][&boards=N][&algs=bfs,dfs,…][&limit=N][&seed=S][&shape=…][&goal=…]
//
// The board records have the keys of query -json (board, distance,
// optimal_moves, path, and nodes and seconds where a search answered) and
// a few more the page needs. Bad input gets a 4xx status and
// {"error": "…"} with the parser's message or the parity explanation.
// Every request is bounded: the size of its query, its time (a search
// stopped by its limit says so), and how many searches run at once (they
// share a few slots; a request that finds none free in time gets 503).
package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tilespace/tilespace/resolve"
	"io"
	"net/url"
	"runtime"
	"time"
)

// The statuses the API answers, with the values HTTP gives them; package
// serve writes them as they are.
const (
	StatusOK                  = 200
	StatusBadRequest          = 400
	StatusNotFound            = 404
	StatusRequestURITooLong   = 414
	StatusUnprocessableEntity = 422
	StatusInternalServerError = 500
	StatusServiceUnavailable  = 503
)

// Limits bound what one request may cost; zero fields take the defaults.
type Limits struct {
	MaxQuery        int           // bytes of the URL's query (default 2048)
	SolveTime       time.Duration // a board answered by search (the 15-puzzle) (default 10 s)
	TableWait       time.Duration // waiting for a table being read or built (default 20 s)
	CompareNodes    int64         // expansions per algorithm in a comparison, unless the request's limit= says (default 200,000)
	CompareMaxNodes int64         // the most expansions per algorithm a request's limit= may ask (default 5,000,000; at least CompareNodes)
	CompareTime     time.Duration // time per algorithm in a comparison (default 2 s)
	WatchSteps      int           // expansions a watch may trace (default 5,000; the request's steps may ask fewer)
	WatchTime       time.Duration // time of a watched search (default 5 s)
	ScalingBoards   int           // boards one scaling run may draw, over all its distances (default 200)
	ScalingTime     time.Duration // time of one scaling run, all its searches (default 20 s; each search has CompareTime)
	Searches        int           // work slots: searches and table or database builds running at once (default GOMAXPROCS−1, at least 1, so one core is left for lookups)
	SlotWait        time.Duration // how long a search waits for a free slot (default 3 s)
	InFlight        int           // requests the HTTP server serves at once (default 1024); Do does not count them
}

// WithDefaults returns l with the defaults in its zero fields.
func (l Limits) WithDefaults() Limits {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if l.MaxQuery <= 0 {
		l.MaxQuery = 2048
	}
	def(&l.SolveTime, 10*time.Second)
	def(&l.TableWait, 20*time.Second)
	if l.CompareNodes <= 0 {
		l.CompareNodes = 200_000
	}
	if l.CompareMaxNodes <= 0 {
		l.CompareMaxNodes = 5_000_000
	}
	l.CompareMaxNodes = max(l.CompareMaxNodes, l.CompareNodes)
	def(&l.CompareTime, 2*time.Second)
	if l.WatchSteps <= 0 {
		l.WatchSteps = 5000
	}
	def(&l.WatchTime, 5*time.Second)
	if l.ScalingBoards <= 0 {
		l.ScalingBoards = 200
	}
	def(&l.ScalingTime, 20*time.Second)
	if l.Searches <= 0 {
		l.Searches = max(1, runtime.GOMAXPROCS(0)-1)
	}
	def(&l.SlotWait, 3*time.Second)
	if l.InFlight <= 0 {
		l.InFlight = 1024
	}
	return l
}

// Config sets up a Server.
type Config struct {
	// Log receives notes for people (a table or pattern databases being
	// built); nil discards them.
	Log    io.Writer
	Limits Limits
	// Explain turns the error of a goal without answers into the message
	// the page shows, with the command that fixes it (cmd/serve passes
	// cli.Explain); nil shows the error's own message.
	Explain func(error) string
	// LimitsOf is whose limits the messages of a request stopped by one
	// name: "the server's" when empty; the static copy's engine, which
	// runs in the page with no server, says "this page's".
	LimitsOf string
}

// Server answers the API. Create it with New; it is safe for concurrent
// use.
type Server struct {
	cfg    Config
	lim    Limits
	base   context.Context // Close ends it
	stop   context.CancelFunc
	res    *resolve.Resolver // every goal's table, databases or search
	slots  *Slots
	routes []Route // routeTable's, bound to this server
}

// New returns a server answering from res, the one resolver of the
// program's doors (NewResolver makes it with the page's settings), its
// searches taking slots, the slots res builds in (NewSlots). res and
// slots stay the caller's: Close does not close res.
func New(cfg Config, res *resolve.Resolver, slots *Slots) *Server {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	s := &Server{cfg: cfg, lim: cfg.Limits.WithDefaults(), res: res, slots: slots}
	s.base, s.stop = context.WithCancel(context.Background())
	s.routes = s.newRoutes()
	return s
}

// Close ends the server: requests waiting for a table or databases get
// the resolver's error.
func (s *Server) Close() { s.stop() }

// Slots are the work slots a page's searches and its resolver's builds
// share (resolve.Config.Acquire): at most Limits.Searches at once; a request
// waits at most Limits.SlotWait for one, then gets 503.
type Slots struct {
	c    chan struct{}
	wait time.Duration
}

// NewSlots returns the slots of lim (zero fields take the defaults).
func NewSlots(lim Limits) *Slots {
	lim = lim.WithDefaults()
	return &Slots{c: make(chan struct{}, lim.Searches), wait: lim.SlotWait}
}

// Acquire takes a slot, waiting at most the slots' wait, and returns
// what gives it back; a wait that ends first is a 503 error, ctx's end
// ctx's error.
func (sl *Slots) Acquire(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(sl.wait)
	defer t.Stop()
	select {
	case sl.c <- struct{}{}:
		return func() { <-sl.c }, nil
	case <-t.C:
		return nil, &statusError{status: StatusServiceUnavailable,
			err: fmt.Errorf("every search slot is busy (%d at once); try again shortly", cap(sl.c))}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// limitsOf is Config.LimitsOf, "the server's" by default.
func (s *Server) limitsOf() string {
	if s.cfg.LimitsOf == "" {
		return "the server's"
	}
	return s.cfg.LimitsOf
}

// Limits returns the limits in force, defaults filled in.
func (s *Server) Limits() Limits { return s.lim }

// answer is one route's own part of a request: it reads the decoded
// query q and appends the reply's body to dst. Its error becomes the
// reply's status (statusOf) and {"error": "…"}.
type answer func(s *Server, ctx context.Context, dst []byte, q url.Values) ([]byte, error)

// routeTable is every target of the API, each a GET: its path, the
// content type of its successful bodies and its answer. Routes binds
// them to a server, each behind the one shared path (Server.handler);
// package serve registers each on its http.ServeMux and Do finds each by
// path, so both doors reach the same handler.
var routeTable = []struct {
	path, typ string
	answer    answer
}{
	{"/api/board", TypeJSON, (*Server).board},
	{"/api/random", TypeJSON, (*Server).random},
	{"/api/compare", TypeJSON, (*Server).compare},
	{"/api/watch", TypeJSON, (*Server).watch},
	{"/api/shapes", TypeJSON, (*Server).shapes},
	{"/api/gif", TypeGIF, (*Server).gif},
	{"/api/algorithms", TypeJSON, (*Server).algorithms},
	{"/api/scaling", TypeJSON, (*Server).scaling},
}

// A Handler answers one request of its route, given the request's raw
// query (the part after "?"): the reply's status and its body, appended
// to dst (which may be nil) when the request succeeds.
type Handler func(ctx context.Context, dst []byte, rawQuery string) (status int, body []byte)

// A Route is one of the API's targets with its handler.
type Route struct {
	// Pattern is the route as net/http's ServeMux takes it, such as "GET
	// /api/board"; a GET pattern serves HEAD too.
	Pattern string
	Path    string // "/api/board"
	// Type is the content type of the route's successful bodies (TypeJSON,
	// or TypeGIF for /api/gif); every error body is JSON.
	Type    string
	Handler Handler
}

// Routes returns the API's routes, each handler answering from s: what
// package serve registers on its http.ServeMux, one http.HandlerFunc per
// route, and what Do dispatches to. (The engine in WebAssembly has no
// net/http, whose server would grow it by a third: see Do.)
func (s *Server) Routes() []Route { return s.routes }

// newRoutes binds routeTable to s.
func (s *Server) newRoutes() []Route {
	out := make([]Route, len(routeTable))
	for i, r := range routeTable {
		out[i] = Route{Pattern: "GET " + r.path, Path: r.path, Type: r.typ, Handler: s.handler(r.answer)}
	}
	return out
}

// handler is the one path every request takes: the query's size bound
// (414), its decoding (malformed pairs are dropped, as net/http's
// Request.URL.Query does), the route's answer, and the status and JSON
// error body of its error (statusOf; 400 when it says none).
func (s *Server) handler(a answer) Handler {
	return func(ctx context.Context, dst []byte, rawQuery string) (int, []byte) {
		if err := s.CheckQuery(rawQuery); err != nil {
			return ErrorReply(err, StatusRequestURITooLong)
		}
		q, _ := url.ParseQuery(rawQuery)
		body, err := a(s, ctx, dst, q)
		if err != nil {
			return ErrorReply(err, StatusBadRequest)
		}
		return StatusOK, body
	}
}

// NotFound is the handler of a path under /api/ that is none of the
// routes: the API's JSON 404 (after the query's size bound, as every
// request).
func (s *Server) NotFound(path string) Handler {
	return s.handler(func(*Server, context.Context, []byte, url.Values) ([]byte, error) {
		return nil, &statusError{status: StatusNotFound, err: fmt.Errorf("no API endpoint %s", path)}
	})
}

// Do answers one GET request for target, a path with its query such as
// "/api/board?b=8,6,7,2,5,4,3,0,1", in process and without a network, as
// the HTTP server answers it: it finds the route of the path among
// Routes (NotFound when none is) and calls its handler. The static copy's
// WebAssembly sends each of the page's requests here.
func (s *Server) Do(ctx context.Context, target string) (status int, body []byte) {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return StatusBadRequest, []byte(`{"error":"not a request path"}` + "\n")
	}
	for _, r := range s.routes {
		if r.Path == u.Path {
			return r.Handler(ctx, nil, u.RawQuery)
		}
	}
	return s.NotFound(u.Path)(ctx, nil, u.RawQuery)
}

// ContentType is the type of the body the route of path answers with
// status: a GIF for /api/gif's successes, JSON for everything else (every
// error included).
func ContentType(path string, status int) string {
	for _, r := range routeTable {
		if r.path == path && status == StatusOK {
			return r.typ
		}
	}
	return TypeJSON
}

// CheckQuery refuses (414) a raw query over the MaxQuery limit.
func (s *Server) CheckQuery(rawQuery string) error {
	if len(rawQuery) > s.lim.MaxQuery {
		return &statusError{status: StatusRequestURITooLong, err: fmt.Errorf("the query is %d bytes, at most %d are read", len(rawQuery), s.lim.MaxQuery)}
	}
	return nil
}

// statusError is an error with the status it answers (0: none of its
// own, the fallback of ErrorReply) and, when msg is set, the message
// shown for err (Config.Explain's).
type statusError struct {
	status int
	msg    string
	err    error
}

func (e *statusError) Error() string {
	if e.msg != "" {
		return e.msg
	}
	return e.err.Error()
}

func (e *statusError) Unwrap() error { return e.err }

// explained gives err the message Config.Explain makes of it, and
// the status statusOf gives err, or else otherwise (0: none).
func (s *Server) explained(err error, otherwise int) error {
	e := &statusError{status: statusOf(err, otherwise), err: err}
	if s.cfg.Explain != nil {
		e.msg = s.cfg.Explain(err)
	}
	return e
}

func badRequest(format string, args ...any) error {
	return &statusError{status: StatusBadRequest, err: fmt.Errorf(format, args...)}
}

// errStopping answers requests cancelled when the server stops.
var errStopping = errors.New("the server is stopping: the request was cut short; try again when it is back")

// ErrorReply is the reply to err: the status statusOf gives it (fallback
// when it gives none) and {"error": "…"} with its message. A request
// cancelled for no reason of its own (the server stopping, the client
// gone) answers 503.
func ErrorReply(err error, fallback int) (status int, body []byte) {
	if errors.Is(err, context.Canceled) && statusOf(err, 0) == 0 {
		status, err = StatusServiceUnavailable, errStopping
	} else {
		status = statusOf(err, fallback)
	}
	body, _ = json.Marshal(struct {
		Error string `json:"error"`
	}{err.Error()})
	return status, append(body, '\n')
}

// acquire takes a search slot, waiting at most SlotWait; release gives it
// back.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	return s.slots.Acquire(ctx)
}
