package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime/debug"
	"time"
)

// DefaultAddr is where Run listens unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:8080"

// shutdownGrace is how long requests in progress may run on after Ctrl-C:
// less than the commands' own grace (internal/cli.Grace, 2 s), after which
// they exit anyway.
var shutdownGrace = 1500 * time.Millisecond

// memoryHeadroom is what the server may hold beyond its cache bound
// (Config.CacheBytes): builds and searches in progress, buffers, the
// runtime.
const memoryHeadroom = 184 << 20

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

// Run serves s on addr until ctx is done, then shuts down gracefully:
// no new connections, requests in progress get a few seconds to finish.
// It writes the address to out once listening. A loopback address only
// answers requests for loopback host names.
func Run(ctx context.Context, cfg Config, addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	ip := net.ParseIP(host)
	if ip != nil && ip.IsLoopback() && len(cfg.AllowedHosts) == 0 {
		cfg.AllowedHosts = []string{"localhost", "127.0.0.1", "::1", host}
	}
	s := New(cfg)
	defer s.Close()
	defer setMemoryLimit(s.cfg.CacheBytes + memoryHeadroom)()
	lim := s.lim
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
		MaxHeaderBytes:    8 << 10,
		BaseContext:       func(net.Listener) context.Context { return reqCtx },
	}
	shown := host
	if ip != nil && ip.To4() == nil {
		shown = "[" + host + "]"
	}
	if ip != nil && ip.IsUnspecified() {
		fmt.Fprintf(out, "tilespace: listening on every interface, reachable from the network\n")
	}
	fmt.Fprintf(out, "tilespace: serving on http://%s:%s/ (Ctrl-C to stop)\n", shown, port)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		// Searches still running past the grace period are stopped.
		cancelRequests()
		srv.Close()
		fmt.Fprintf(out, "tilespace: requests still running after %s were stopped\n", shutdownGrace)
	}
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) {
		return serr
	}
	fmt.Fprintf(out, "tilespace: server stopped\n")
	return nil
}
