package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve/api"
)

// DefaultAddr is where Run listens unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:8080"

// shutdownGrace is how long requests in progress may run on after Ctrl-C;
// then they are cancelled and get replyGrace to send their reply (503).
// Both together are less than the commands' own grace (cmd/internal/cli.Grace,
// 2 s), after which they exit anyway.
var (
	shutdownGrace = 1000 * time.Millisecond
	replyGrace    = 500 * time.Millisecond
)

// maxHeaderBytes bounds a request's header; net/http reads up to 4 KB
// more before it refuses.
const maxHeaderBytes = 8 << 10

// setMemoryLimit lowers the Go runtime's soft memory limit to limit for
// as long as the server runs, unless a lower one is set (GOMEMLIMIT),
// and returns what restores it. Without it the collector lets garbage
// grow to the size of everything live, so a full cache would double the
// resident memory.
func setMemoryLimit(limit int64) (restore func()) {
	old := debug.SetMemoryLimit(-1)
	if limit >= old {
		return func() {}
	}
	debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(old) }
}

// Run serves the page (New(cfg, res, slots)) on addr until ctx is done,
// then shuts down gracefully: no new connections, requests in progress
// get a few seconds to finish. It writes the address to out once
// listening. Only requests for the loopback names, the addresses listened
// on (on every interface, each interface's and the machine's name) and
// cfg.AllowedHosts are answered.
func Run(ctx context.Context, cfg Config, res *resolve.Resolver, slots *api.Slots, addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	ip := net.ParseIP(host)
	cfg.AllowedHosts = allowedHosts(ip, cfg.AllowedHosts)
	s := New(cfg, res, slots)
	defer s.Close()
	lim := s.lim
	_, bound := res.Held()
	defer setMemoryLimit(MemoryBudget(bound, lim))()
	// Requests get their own base context, cancelled only when they do not
	// finish within the shutdown's grace period.
	reqCtx, cancelRequests := context.WithCancel(context.Background())
	defer cancelRequests()
	longest := max(lim.SolveTime, 12*lim.CompareTime+lim.SolveTime, lim.WatchTime, lim.TableWait) + lim.SlotWait
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      longest + 10*time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return reqCtx },
	}
	shown := host
	if ip != nil && ip.To4() == nil {
		shown = "[" + host + "]"
	}
	if ip != nil && ip.IsUnspecified() {
		fmt.Fprintf(out, "tilespace: listening on every interface, reachable from the network\n")
	}
	if ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(out, "tilespace: answering requests for the host names %s\n", strings.Join(cfg.AllowedHosts, ", "))
	}
	fmt.Fprintf(out, "tilespace: serving on http://%s:%s/ (Ctrl-C to stop)\n", shown, port)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(jsonErrorListener{ln, maxHeaderBytes}) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		// Searches still running past the grace period are stopped, and
		// their handlers reply (503) before the connections close.
		cancelRequests()
		rctx, rcancel := context.WithTimeout(context.Background(), replyGrace)
		if srv.Shutdown(rctx) != nil {
			srv.Close()
		}
		rcancel()
		fmt.Fprintf(out, "tilespace: requests still running after %s were stopped\n", shutdownGrace)
	}
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) {
		return serr
	}
	fmt.Fprintf(out, "tilespace: server stopped\n")
	return nil
}
