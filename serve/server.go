// Package serve is tilespace's web face: an HTTP API answering boards
// exactly (distance, every optimal move, an optimal path), drawing new
// games, comparing the classroom searches and tracing them expansion by
// expansion, and a page, embedded in the binary, to play with hints,
// watch optimal solutions and watch the searches unfold.
//
// The API answers GET requests with JSON; the board records have the keys
// of query -json (board, distance, optimal_moves, path, and nodes and
// seconds where a search answered) and a few more the page needs:
//
//	/api/board?b=BOARD[&shape=RxC][&goal=last|first|BOARD]
//	/api/random?[shape=RxC][&goal=…][&depth=D | &walk=N][&seed=S]
//	/api/compare?b=BOARD[&shape=…][&goal=…]
//	/api/watch?b=BOARD&alg=bfs|dfs|astar|idastar[&steps=N][&shape=…][&goal=…]
//	/api/shapes
//
// Bad input gets a 4xx status and {"error": "…"} with the parser's
// message or the parity explanation. Every request is bounded: the size of
// its query, its time (a search stopped by its limit says so), and how
// many run at once (searches share a few slots; a request that finds none
// free in time gets 503).
package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/statespace"
)

// Limits bound what one request may cost; zero fields take the defaults.
type Limits struct {
	MaxQuery     int           // bytes of the URL's query (default 2048)
	SolveTime    time.Duration // a board answered by search (the 15-puzzle) (default 10 s)
	TableWait    time.Duration // waiting for a table being read or built (default 20 s)
	CompareNodes int64         // expansions per algorithm in a comparison (default 200,000)
	CompareTime  time.Duration // time per algorithm in a comparison (default 2 s)
	WatchSteps   int           // expansions a watch may trace (default 5,000; the request's steps may ask fewer)
	WatchTime    time.Duration // time of a watched search (default 5 s)
	Searches     int           // work slots: searches and table or database builds running at once (default GOMAXPROCS−1, at least 1, so one core is left for lookups)
	SlotWait     time.Duration // how long a search waits for a free slot (default 3 s)
	InFlight     int           // requests served at once (default 1024)
}

func (l Limits) withDefaults() Limits {
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
	def(&l.CompareTime, 2*time.Second)
	if l.WatchSteps <= 0 {
		l.WatchSteps = 5000
	}
	def(&l.WatchTime, 5*time.Second)
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
	// AllowedHosts, when set, are the only Host names (without port)
	// served, which stops DNS-rebinding pages from reading a loopback
	// server; others get 403.
	AllowedHosts []string
	// Boards without a table (the 15-puzzle, 12-cell goals whose table is
	// not in the cache) are solved by IDA* on pattern databases: those of
	// Partition (a preset such as "6-6-3" or patterns; empty takes the
	// strongest found) from PDBDir, else the cache folder, else built in
	// memory when cheap; else on linear conflict (query.Resolver decides).
	PDBDir, Partition string
	// Progress receives the progress of databases being built; nil
	// reports none.
	Progress func(what string, done, total uint64)
	// CacheBytes bounds the bytes of the tables and databases held in
	// memory, the least recently used dropped first; 0 means
	// DefaultCacheBytes.
	CacheBytes int64
	// WriteCache lets the server write the pattern databases it builds
	// into the cache folder; without it a request never writes there.
	WriteCache bool
	// Explain turns the error of a goal without answers into the message
	// the page shows, with the command that fixes it (cmd/serve passes
	// cli.Explain); nil shows the error's own message.
	Explain func(error) string
}

// DefaultCacheBytes is the page's bound on the tables and databases it
// holds in memory: 1 GiB.
const DefaultCacheBytes = 1 << 30

// Server answers the API and serves the page. Create it with New; it is
// safe for concurrent use.
type Server struct {
	cfg      Config
	lim      Limits
	base     context.Context // outlives requests: tables and databases keep loading
	stop     context.CancelFunc
	res      *resolver // every goal's table, databases or search
	resErr   error     // why there is no resolver
	slots    chan struct{}
	inFlight atomic.Int64
	handler  http.Handler
}

// New returns a server; Close stops what it loads in the background.
func New(cfg Config) *Server {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	s := &Server{cfg: cfg, lim: cfg.Limits.withDefaults()}
	s.base, s.stop = context.WithCancel(context.Background())
	s.slots = make(chan struct{}, s.lim.Searches)
	if cfg.CacheBytes <= 0 {
		s.cfg.CacheBytes = DefaultCacheBytes
	}
	s.res, s.resErr = newResolver(s.base, s.cfg, s.acquire)
	mux := http.NewServeMux()
	// GET patterns also serve HEAD; other methods get 405 from the guard.
	mux.HandleFunc("GET /api/board", s.handleBoard)
	mux.HandleFunc("GET /api/random", s.handleRandom)
	mux.HandleFunc("GET /api/compare", s.handleCompare)
	mux.HandleFunc("GET /api/watch", s.handleWatch)
	mux.HandleFunc("GET /api/shapes", s.handleShapes)
	mux.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Errorf("no API endpoint %s", r.URL.Path))
	})
	mux.Handle("GET /", staticHandler())
	s.handler = s.guard(mux)
	return s
}

// Close stops tables and databases loading for the server.
func (s *Server) Close() { s.stop() }

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Security headers of every response. The page loads its own script and
// style sheet and nothing else; it has no inline script or style.
var (
	hdrCSP = []string{"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
		"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}
	hdrNosniff   = []string{"nosniff"}
	hdrNoRef     = []string{"no-referrer"}
	hdrDeny      = []string{"DENY"}
	hdrSameOrig  = []string{"same-origin"}
	hdrJSON      = []string{"application/json"}
	hdrNoStore   = []string{"no-store"}
	hdrAllowGet  = []string{"GET, HEAD"}
	hdrClose     = []string{"close"}
	hdrPermPolcy = []string{"camera=(), microphone=(), geolocation=()"}
)

// guard applies what every request gets: security headers, the method,
// size, host and in-flight limits, and to the API the refusal of requests
// sent by other sites' pages.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Assigned directly: the keys are canonical, and this is the hot path.
		h["Content-Security-Policy"] = hdrCSP
		h["X-Content-Type-Options"] = hdrNosniff
		h["Referrer-Policy"] = hdrNoRef
		h["X-Frame-Options"] = hdrDeny
		h["Cross-Origin-Opener-Policy"] = hdrSameOrig
		h["Cross-Origin-Resource-Policy"] = hdrSameOrig
		h["Permissions-Policy"] = hdrPermPolcy
		if n := s.inFlight.Add(1); n > int64(s.lim.InFlight) {
			s.inFlight.Add(-1)
			writeError(w, http.StatusServiceUnavailable, fmt.Errorf("the server is busy (%d requests at once); try again", s.lim.InFlight))
			return
		}
		defer s.inFlight.Add(-1)
		switch {
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			h["Allow"] = hdrAllowGet
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method %s: only GET and HEAD are served", r.Method))
		case len(r.URL.RawQuery) > s.lim.MaxQuery:
			writeError(w, http.StatusRequestURITooLong, fmt.Errorf("the query is %d bytes, at most %d are read", len(r.URL.RawQuery), s.lim.MaxQuery))
		case r.ContentLength != 0:
			// The body is not read, and not drained either: net/http would
			// wait for the rest of it (a chunked body that never ends holds
			// the connection until the read timeout). Close instead.
			h["Connection"] = hdrClose
			http.NewResponseController(w).SetReadDeadline(time.Now())
			writeError(w, http.StatusRequestEntityTooLarge, errors.New("requests carry no body here"))
		case !s.hostAllowed(r.Host):
			writeError(w, http.StatusForbidden, fmt.Errorf("host %q is not served", r.Host))
		case strings.HasPrefix(r.URL.Path, "/api/") && crossSite(r) != "":
			writeError(w, http.StatusForbidden, fmt.Errorf("cross-site request refused: %s; the API answers only this server's own page", crossSite(r)))
		default:
			next.ServeHTTP(w, r)
		}
	})
}

func (s *Server) hostAllowed(host string) bool {
	if len(s.cfg.AllowedHosts) == 0 {
		return true
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	for _, a := range s.cfg.AllowedHosts {
		if strings.EqualFold(a, host) {
			return true
		}
	}
	return false
}

// httpError is an error with the status it answers.
type httpError struct {
	status int
	err    error
}

func (e *httpError) Error() string { return e.err.Error() }

// explainedError is an error with the message Config.Explain gave it.
type explainedError struct {
	err error
	msg string
}

func (e *explainedError) Error() string { return e.msg }
func (e *explainedError) Unwrap() error { return e.err }

// explained gives err the message Config.Explain makes of it.
func (s *Server) explained(err error) error {
	if s.cfg.Explain == nil {
		return err
	}
	return &explainedError{err, s.cfg.Explain(err)}
}

func badRequest(format string, args ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Errorf(format, args...)}
}

// writeError answers {"error": "…"} with the status statusOf gives err,
// status when it gives none.
func writeError(w http.ResponseWriter, status int, err error) {
	if errors.Is(err, context.Canceled) && statusOf(err, 0) == 0 {
		// Requests are cancelled when the server stops (or the client left).
		status, err = http.StatusServiceUnavailable, errStopping
	} else {
		status = statusOf(err, status)
	}
	body, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{err.Error()})
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = hdrNoStore
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// writeJSON answers body (net/http adds its Content-Length).
func writeJSON(w http.ResponseWriter, body []byte) {
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = hdrNoStore
	w.Write(body)
}

// acquire takes a search slot, waiting at most SlotWait; release gives it
// back.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(s.lim.SlotWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-t.C:
		return nil, &httpError{http.StatusServiceUnavailable,
			fmt.Errorf("every search slot is busy (%d at once); try again shortly", cap(s.slots))}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// request is the board, shape and goal a request names.
type request struct {
	shape statespace.Shape
	goal  statespace.Board
	board statespace.Board
}

// readShapeGoal reads shape= and goal=; the shape defaults to def (which
// may be zero: then the goal's or board's), the goal to "last".
func readShapeGoal(q url.Values, def statespace.Shape) (statespace.Shape, string, error) {
	shape := def
	if t := q.Get("shape"); t != "" {
		sh, err := statespace.ParseShape(t)
		if err != nil {
			return shape, "", badRequest("shape: %v", err)
		}
		shape = sh
	}
	goal := q.Get("goal")
	if goal == "" {
		goal = "last"
	}
	return shape, goal, nil
}

// readBoard reads b=, shape= and goal= as the command line reads a board,
// -shape and -goal.
func readBoard(q url.Values) (request, error) {
	var rq request
	shape, goalText, err := readShapeGoal(q, statespace.Shape{})
	if err != nil {
		return rq, err
	}
	text := q.Get("b")
	if strings.TrimSpace(text) == "" {
		return rq, badRequest("board: give the board as b=, e.g. b=8,6,7,2,5,4,3,0,1")
	}
	if shape == (statespace.Shape{}) && goalText != "last" && goalText != "first" {
		// A goal board says the shape, as -goal does on the command line.
		if g, err := statespace.ParseGoal(goalText, statespace.Shape{}); err == nil {
			shape = g.Shape()
		}
	}
	rq.board, err = parseBoard(text, shape)
	if err != nil {
		return rq, badRequest("board %q: %v", text, err)
	}
	rq.shape = rq.board.Shape()
	rq.goal, err = statespace.ParseGoal(goalText, rq.shape)
	if err != nil {
		return rq, badRequest("%v", err)
	}
	if rq.goal.Shape() != rq.shape {
		return rq, badRequest("goal %s is %s, the board is %s", rq.goal, rq.goal.Shape(), rq.shape)
	}
	return rq, nil
}

// handleBoard answers /api/board.
func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) {
	rq, err := readBoard(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	buf := bodyPool.Get().(*[]byte)
	defer bodyPool.Put(buf)
	*buf, err = s.answerBoard(r.Context(), (*buf)[:0], rq.board, rq.goal, nil)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, *buf)
}

// bodyPool holds the buffers board records are written into.
var bodyPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// answerBoard returns the record of b toward goal: query's JSON record
// plus shape, goal, goal_name, solver and, from a table, radius; from the
// solver, limit_seconds and, when the time cut the optimal moves short,
// optimal_moves_cut. extra is appended last.
func (s *Server) answerBoard(ctx context.Context, out []byte, b, goal statespace.Board, extra func([]byte) []byte) ([]byte, error) {
	if err := s.unsolvable(b, goal); err != nil {
		return nil, err
	}
	o, err := s.source(ctx, goal)
	if err != nil {
		return nil, err
	}
	var a answer
	table, _ := o.(*tableOracle)
	if table != nil {
		a, err = table.Answer(ctx, b, true)
		if err != nil {
			return nil, badRequest("board %s: %v", b, err)
		}
	} else {
		release, err := s.acquire(ctx)
		if err != nil {
			return nil, err
		}
		sctx, cancel := context.WithTimeout(ctx, s.lim.SolveTime)
		a, err = o.Answer(sctx, b, true)
		cancel()
		release()
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
				return nil, &httpError{http.StatusServiceUnavailable,
					fmt.Errorf("time limit: no optimal solution of %s found within %s (the server's limit for one board solved by search)", b, s.lim.SolveTime)}
			}
			return nil, err
		}
	}
	out, err = appendRecord(out, a)
	if err != nil {
		return nil, err
	}
	out = appendStringField(out, "shape", b.Shape().String())
	out = appendStringField(out, "goal", goal.String())
	out = appendStringField(out, "goal_name", statespace.GoalName(goal))
	if table != nil {
		out = appendStringField(out, "solver", "distance table")
		out = append(out, `,"radius":`...)
		out = strconv.AppendInt(out, int64(table.Table.Radius()), 10)
	} else {
		out = appendStringField(out, "solver", solverName(o.(searcher)))
		out = append(out, `,"limit_seconds":`...)
		out = strconv.AppendFloat(out, s.lim.SolveTime.Seconds(), 'f', -1, 64)
		if a.Search != nil && a.Search.OptimalCut {
			out = appendStringField(out, "optimal_moves_cut", "the time limit ran out before every optimal move was tested; the path's first move is one of them")
		}
	}
	if extra != nil {
		out = extra(out)
	}
	return append(out, "}\n"...), nil
}

// unsolvable returns the parity explanation when b cannot reach goal.
func (s *Server) unsolvable(b, goal statespace.Board) error {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return badRequest("%v", err)
	}
	var u *statespace.UnsolvableError
	if err := sp.Check(b); errors.As(err, &u) {
		return fmt.Errorf("board %s is %w", b, err) // 422 (statusOf)
	} else if err != nil {
		return badRequest("%v", err)
	}
	return nil
}

// appendStringField appends ,"key":"value"; the values written are
// shapes, boards and fixed sentences, which JSON needs no escapes for, but
// quotes, backslashes and control bytes are escaped all the same.
func appendStringField(dst []byte, key, value string) []byte {
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	dst = append(dst, '"', ':', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20:
			dst = append(dst, fmt.Sprintf(`\u%04x`, c)...)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// handleRandom answers /api/random: a board drawn uniformly from those at
// distance depth (from all boards without depth), or walk random moves
// from the goal, and its record with seed added (as a string of digits).
func (s *Server) handleRandom(w http.ResponseWriter, r *http.Request) {
	body, err := s.random(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, body)
}

func (s *Server) random(r *http.Request) ([]byte, error) {
	q := r.URL.Query()
	shape, goalText, err := readShapeGoal(q, statespace.Shape{Rows: 3, Cols: 3})
	if err != nil {
		return nil, err
	}
	goal, err := statespace.ParseGoal(goalText, shape)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	if goal.Shape() != shape {
		return nil, badRequest("goal %s is %s, the shape asked is %s", goal, goal.Shape(), shape)
	}
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
	var b statespace.Board
	switch {
	case hasWalk:
		b = statespace.Walk(rng, goal, walk, statespace.NoReverse)
	default:
		o, err := s.source(r.Context(), goal)
		if err != nil {
			return nil, err
		}
		table, _ := o.(*tableOracle)
		if table == nil && hasDepth {
			return nil, badRequest("%s has no distance table, so a board at an exact distance cannot be drawn; ask for walk=N random moves from the goal, or neither for a uniformly random board", shape)
		}
		if hasDepth {
			b, err = drawAt(r.Context(), table.Table, rng, depth)
		} else {
			b = statespace.MustSpace(goal).Random(rng)
		}
		if err != nil {
			return nil, err
		}
	}
	return s.answerBoard(r.Context(), nil, b, goal, func(out []byte) []byte {
		// A string: JavaScript's numbers would round a 64-bit seed.
		return appendStringField(out, "seed", strconv.FormatUint(seed, 10))
	})
}

// drawAt draws a board uniformly from those at distance d of t; a
// distance t cannot draw from is a bad request.
func drawAt(ctx context.Context, t *statespace.Table, rng *rand.Rand, d int) (statespace.Board, error) {
	if sp := t.Space(); d > t.Radius() {
		return statespace.Board{}, badRequest("no boards at distance %d: the radius of %s goal %s is %d", d, sp.Shape(), statespace.GoalName(sp.Goal()), t.Radius())
	}
	b, err := t.DrawOne(ctx, rng, d)
	if re := (*statespace.RareError)(nil); errors.As(err, &re) {
		return b, badRequest("%v", err)
	}
	return b, err
}

// source returns the oracle of goal's boards from the resolver, waiting
// at most TableWait while it is read or built (which goes on in the
// background when the wait ends first).
func (s *Server) source(ctx context.Context, goal statespace.Board) (oracle, error) {
	if s.resErr != nil {
		return nil, s.resErr
	}
	if _, err := statespace.NewSpace(goal); err != nil {
		return nil, badRequest("%v", err)
	}
	wctx, cancel := context.WithTimeout(ctx, s.lim.TableWait)
	defer cancel()
	o, err := s.res.Oracle(wctx, goal)
	switch {
	case err == nil:
		return o, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded) && wctx.Err() != nil:
		return nil, &httpError{http.StatusServiceUnavailable,
			fmt.Errorf("the %s goal %s answers are still being prepared (a table read or built, or pattern databases); try again shortly", goal.Shape(), statespace.GoalName(goal))}
	case s.base.Err() != nil:
		return nil, err
	}
	return nil, &resolveError{s.explained(err)}
}
