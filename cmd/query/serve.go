package main

import (
	"context"
	"flag"

	"github.com/tilespace/tilespace/serve"
)

// serveFlags are -serve, -addr, -cache-mib and -write-cache: the web page
// and its API.
type serveFlags struct {
	on         bool
	addr       string
	cacheMiB   int64
	writeCache bool
}

func (s *serveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "serve", false, "serve the web page and its API (on -addr) until Ctrl-C")
	fs.StringVar(&s.addr, "addr", serve.DefaultAddr, "with -serve, the `address` to listen on (loopback unless told otherwise)")
	fs.Int64Var(&s.cacheMiB, "cache-mib", serve.DefaultCacheBytes>>20, "with -serve, the `MiB` of tables and pattern databases held in memory (least recently used dropped first)")
	fs.BoolVar(&s.writeCache, "write-cache", false, "with -serve, write the pattern databases built for requests into the cache folder (else they stay in memory)")
}

// serveMode serves the page; the page asks for shapes, goals and boards
// itself, so only where to listen, the memory bound and where the
// 15-puzzle's pattern databases are apply.
var serveMode = mode{name: "serve", flags: []string{"addr", "cache-mib", "write-cache", "pdb-dir", "pdb"}, check: checkServe, run: runServe}

func checkServe(f *flags) error {
	if len(f.boards) > 0 {
		return usagef("-serve takes no boards: the page asks for them")
	}
	if f.serve.cacheMiB <= 0 {
		return usagef("-cache-mib %d: want a positive number of MiB", f.serve.cacheMiB)
	}
	return nil
}

// runServe serves the page until ctx is done (Ctrl-C), then stops
// gracefully; that is a normal end, exit status 0.
func runServe(ctx context.Context, e *env) error {
	cfg := serve.Config{Log: e.stderr, PDBDir: e.f.pdbDir, Partition: e.f.partition, Progress: progressBars(e.stderr),
		CacheBytes: e.f.serve.cacheMiB << 20, WriteCache: e.f.serve.writeCache}
	err := serve.Run(ctx, cfg, e.f.serve.addr, e.stdout)
	if err == nil && ctx.Err() != nil {
		return nil // stopped by Ctrl-C as asked
	}
	return err
}
