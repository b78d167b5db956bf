package main

import (
	"context"
	"flag"
	"strings"

	"github.com/tilespace/tilespace/serve"
)

// serveFlags are -serve, -addr and -allow-host: the web page and its API.
type serveFlags struct {
	on    bool
	addr  string
	hosts string
}

func (s *serveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "serve", false, "serve the web page and its API (on -addr) until Ctrl-C")
	fs.StringVar(&s.addr, "addr", serve.DefaultAddr, "with -serve, the `address` to listen on (loopback unless told otherwise)")
	fs.StringVar(&s.hosts, "allow-host", "", "with -serve, more host `names` (comma-separated) the server answers besides its addresses, e.g. tiles.example.org")
}

// allowedHosts returns -allow-host's names.
func (s *serveFlags) allowedHosts() []string {
	var out []string
	for _, h := range strings.Split(s.hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// serveMode serves the page; the page asks for shapes, goals and boards
// itself, so only where to listen and where the 15-puzzle's pattern
// databases are apply.
var serveMode = mode{name: "serve", flags: []string{"addr", "allow-host", "pdb-dir", "pdb"}, check: checkServe, run: runServe}

func checkServe(f *flags) error {
	if len(f.boards) > 0 {
		return usagef("-serve takes no boards: the page asks for them")
	}
	return nil
}

// runServe serves the page until ctx is done (Ctrl-C), then stops
// gracefully; that is a normal end, exit status 0.
func runServe(ctx context.Context, e *env) error {
	cfg := serve.Config{Log: e.stderr, AllowedHosts: e.f.serve.allowedHosts(), Solver: serve.DefaultSolver(serve.SolverOptions{
		PDBDir: e.f.pdbDir, Partition: e.f.partition, Log: e.stderr, Progress: progressBars(e.stderr)})}
	err := serve.Run(ctx, cfg, e.f.serve.addr, e.stdout)
	if err == nil && ctx.Err() != nil {
		return nil // stopped by Ctrl-C as asked
	}
	return err
}
