package main

import (
	"context"
	"flag"

	"github.com/tilespace/tilespace/internal/cli"
	"github.com/tilespace/tilespace/serve"
)

// serveFlags are -serve and -addr: the web page and its API.
type serveFlags struct {
	on   bool
	addr string
}

func (s *serveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "serve", false, "serve the web page and its API (on -addr) until Ctrl-C")
	fs.StringVar(&s.addr, "addr", serve.DefaultAddr, "with -serve, the `address` to listen on (loopback unless told otherwise)")
}

// serveMode serves the page; the page asks for shapes, goals and boards
// itself, so only where to listen and where the 15-puzzle's pattern
// databases are apply.
var serveMode = mode{name: "serve", flags: []string{"addr", "pdb-dir", "pdb"}, check: checkServe, run: runServe}

func checkServe(f *flags) error {
	if len(f.boards) > 0 {
		return usagef("-serve takes no boards: the page asks for them")
	}
	return nil
}

// runServe serves the page until ctx is done (Ctrl-C), then stops
// gracefully; that is a normal end, exit status 0.
func runServe(ctx context.Context, e *env) error {
	cfg := serve.Config{Log: e.stderr, Explain: cli.Explain, Solver: serve.DefaultSolver(serve.SolverOptions{
		PDBDir: e.f.pdbDir, Partition: e.f.partition, Log: e.stderr, Explain: cli.Explain, Progress: progressBars(e.stderr)})}
	err := serve.Run(ctx, cfg, e.f.serve.addr, e.stdout)
	if err == nil && ctx.Err() != nil {
		return nil // stopped by Ctrl-C as asked
	}
	return err
}
