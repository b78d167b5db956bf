// Package serve is tilespace's web face: the page, embedded in the
// binary, to play with hints, watch optimal solutions, compare the
// classroom searches and watch them unfold, served over HTTP with the API
// it asks (package api answers it: /api/board, /api/random,
// /api/compare, /api/watch, /api/shapes, /api/gif, /api/algorithms,
// /api/scaling), and WriteStatic, a copy of
// the page that answers the same API in the browser.
//
// This package is the HTTP layer: security headers, the method, size,
// host and in-flight limits, the refusal of requests other sites' pages
// send, a hardened listener, the page's files. Each of the API's routes
// (api.Server.Routes) is one http.HandlerFunc on the server's ServeMux,
// wrapping the route's api.Handler, which the static copy's WebAssembly
// calls too (api.Server.Do).
package serve

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve/api"
)

// Limits bound what one request may cost; zero fields take the defaults
// (see api.Limits).
type Limits = api.Limits

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
	// Explain turns the error of a goal without answers into the message
	// the page shows, with the command that fixes it (cmd/serve passes
	// cli.Explain); nil shows the error's own message.
	Explain func(error) string
	// FrameAncestors are the origins (scheme://host[:port], or * for
	// any) whose pages may show this one in a frame, such as a course
	// page showing the page's #embed mode in an <iframe>. Empty (the
	// default) refuses every frame (frame-ancestors 'none' and
	// X-Frame-Options DENY), and so does a list CheckFrameAncestors
	// refuses.
	FrameAncestors []string
}

// CheckFrameAncestors refuses an origin of Config.FrameAncestors that is
// not * or scheme://host[:port] (http or https, no path).
func CheckFrameAncestors(origins []string) error {
	for _, o := range origins {
		if o == "*" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
			(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(o, " \t;,'\"") {
			return fmt.Errorf("frame ancestor %q: want * or an origin such as https://courses.example.edu", o)
		}
	}
	return nil
}

// Server answers the API and serves the page. Create it with New; it is
// safe for concurrent use.
type Server struct {
	cfg      Config
	lim      Limits
	api      *api.Server // every answer
	inFlight atomic.Int64
	handler  http.Handler
	csp      []string // Content-Security-Policy, with the frame ancestors
	frames   []string // X-Frame-Options, nil when frames are allowed
}

// New returns a server answering from res, the program's one resolver
// (api.NewResolver makes it with the page's settings), its searches taking
// slots, the slots res builds in (api.NewSlots of cfg.Limits). res and
// slots stay the caller's: Close does not close res.
func New(cfg Config, res *resolve.Resolver, slots *api.Slots) *Server {
	core := api.New(api.Config{Log: cfg.Log, Limits: cfg.Limits, Explain: cfg.Explain}, res, slots)
	s := &Server{cfg: cfg, lim: core.Limits(), api: core, csp: hdrCSP, frames: hdrDeny}
	if len(cfg.FrameAncestors) > 0 && CheckFrameAncestors(cfg.FrameAncestors) == nil {
		s.csp = []string{strings.Replace(hdrCSP[0], "frame-ancestors 'none'", "frame-ancestors "+strings.Join(cfg.FrameAncestors, " "), 1)}
		s.frames = nil // X-Frame-Options has no list of origins; the CSP says them
	}
	mux := http.NewServeMux()
	// GET patterns also serve HEAD; other methods get 405 from the guard.
	for _, r := range core.Routes() {
		mux.HandleFunc(r.Pattern, routeHandler(r.Handler, r.Type))
	}
	// No such endpoint: the API's JSON 404.
	mux.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		routeHandler(core.NotFound(r.URL.Path), api.TypeJSON)(w, r)
	})
	mux.Handle("GET /", staticHandler())
	s.handler = s.guard(mux)
	return s
}

// Close ends the server (see api.Server.Close).
func (s *Server) Close() { s.api.Close() }

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// bodyPool holds the buffers replies are written into.
var bodyPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// routeHandler is the http.HandlerFunc of one route of the API: h's
// reply, whose body is of type typ when the status is 200 and JSON
// otherwise, written into a pooled buffer.
func routeHandler(h api.Handler, typ string) http.HandlerFunc {
	ctype := []string{typ}
	return func(w http.ResponseWriter, r *http.Request) {
		buf := bodyPool.Get().(*[]byte)
		status, body := h(r.Context(), (*buf)[:0], r.URL.RawQuery)
		hdr := w.Header()
		hdr["Cache-Control"] = hdrNoStore
		if status == http.StatusOK {
			hdr["Content-Type"] = ctype
		} else {
			hdr["Content-Type"] = hdrJSON
			w.WriteHeader(status)
		}
		w.Write(body) // net/http adds its Content-Length
		if cap(body) <= 16<<10 {
			*buf = body[:0] // the buffer, grown if it had to be
		}
		bodyPool.Put(buf)
	}
}

// Security headers of every response. The page loads its own script and
// style sheet and nothing else; it has no inline script or style.
var (
	hdrCSP = []string{"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
		"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}
	hdrNosniff   = []string{"nosniff"}
	hdrNoRef     = []string{"no-referrer"}
	hdrDeny      = []string{"DENY"}
	hdrSameOrig  = []string{"same-origin"}
	hdrJSON      = []string{api.TypeJSON}
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
		h["Content-Security-Policy"] = s.csp
		h["X-Content-Type-Options"] = hdrNosniff
		h["Referrer-Policy"] = hdrNoRef
		if s.frames != nil {
			h["X-Frame-Options"] = s.frames
		}
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
		case s.api.CheckQuery(r.URL.RawQuery) != nil:
			writeError(w, http.StatusRequestURITooLong, s.api.CheckQuery(r.URL.RawQuery))
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

// writeError answers {"error": "…"} with the status the API gives err,
// status when it gives none.
func writeError(w http.ResponseWriter, status int, err error) {
	status, body := api.ErrorReply(err, status)
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = hdrNoStore
	w.WriteHeader(status)
	w.Write(body)
}
