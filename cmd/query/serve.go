package main

import (
	"context"
	"flag"
	"io"

	"github.com/tilespace/tilespace/serve"
)

// serveFlags are -serve and -addr: the web page and its API.
type serveFlags struct {
	on   bool
	addr string
	set  bool // -addr was given
}

func (s *serveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "serve", false, "serve the web page and its API (on -addr) until Ctrl-C")
	fs.StringVar(&s.addr, "addr", serve.DefaultAddr, "with -serve, the `address` to listen on (loopback unless told otherwise)")
}

// check refuses what -serve cannot go with: boards, input and other modes.
func (s *serveFlags) check(fs *flag.FlagSet, f *flags) error {
	fs.Visit(func(fl *flag.Flag) { s.set = s.set || fl.Name == "addr" })
	switch {
	case s.set && !s.on:
		return usagef("-addr goes with -serve")
	case s.on && (len(f.boards) > 0 || f.in != "" || f.random > 0 || f.coms != "" || f.compare || f.explainDFS || f.greedy):
		return usagef("-serve takes no boards, no -in and no other mode: the page asks for boards itself")
	case s.on && (f.json || f.csv || f.table != "" || f.shape != "" || f.goalSet):
		return usagef("-serve chooses the shape, goal and format per request: -json, -csv, -table, -shape and -goal do not apply")
	}
	return nil
}

// runServe serves the page until ctx is done (Ctrl-C), then stops
// gracefully; that is a normal end, exit status 0.
func runServe(ctx context.Context, f *flags, stdout, stderr io.Writer) error {
	cfg := serve.Config{Log: stderr, Solver: serve.DefaultSolver(f.pdbDir, stderr)}
	return serve.Run(ctx, cfg, f.serve.addr, stdout)
}
