// Command serve serves the web page and its JSON API (package serve) until
// Ctrl-C, which stops it gracefully (requests in flight get 1 s to finish,
// then a 503 reply; the exit status is 130, as for every command stopped
// by Ctrl-C): play a board with
// hints, compare the search algorithms on it, watch a search step by
// step. The page asks for shapes, goals and boards itself; only where to
// listen, how much memory the tables and databases it holds may take,
// whether it may write databases into the cache folder and, for boards
// solved by search (the 15-puzzle), which pattern databases to use are
// flags.
//
// Usage:
//
//	serve [-addr 127.0.0.1:8080] [-allow-host NAMES] [-frame-ancestors ORIGINS] [-cache-mib 1024] [-write-cache] [-pdb-dir DIR] [-pdb PARTITION]
//	serve -static DIR
//
// It listens on loopback only unless -addr says otherwise, and prints the
// page's address on stdout. It answers only requests naming its own host:
// the loopback names, the addresses it listens on (on every interface,
// each interface's and the machine's name), and -allow-host's names
// (comma-separated); others get 403, which stops DNS-rebinding pages.
// No other site's page may show it in a frame unless -frame-ancestors
// names that site's origin (or * for any), as a course page showing the
// page's #embed mode in an <iframe> needs.
// With -static it serves nothing: it writes into
// DIR a copy of the page that any static file server can serve, its
// answers computed in the browser by the same code compiled to
// WebAssembly, which the binary carries (serve.WriteStatic; no Go
// toolchain is needed, and go generate ./serve rebuilds it), and exits.
package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tilespace/tilespace/cmd/internal/boardflags"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve"
	"github.com/tilespace/tilespace/serve/api"
)

func main() { cli.Main("serve", run, "interrupted") }

const usage = "serve [-addr 127.0.0.1:8080] [-allow-host NAMES] [-frame-ancestors ORIGINS] [-cache-mib 1024] [-write-cache] [-pdb-dir DIR] [-pdb PARTITION] | serve -static DIR"

// run serves the page until ctx is done (Ctrl-C), then stops gracefully
// and returns nil: the stop was asked for. (cli.Main still ends a Ctrl-C
// with status 130, as for every command.)
func run(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
	fs := cli.NewFlagSet("serve", usage, stderr)
	addr := fs.String("addr", serve.DefaultAddr, "the `address` to listen on (loopback unless told otherwise)")
	hosts := fs.String("allow-host", "", "more host `names` (comma-separated) to answer besides the server's addresses, e.g. tiles.example.org")
	frames := fs.String("frame-ancestors", "", "`origins` (comma-separated, or *) whose pages may show the page in a frame, e.g. https://courses.example.edu for its #embed mode in an <iframe> (default: none)")
	static := fs.String("static", "", "write a copy of the page that needs no server into `folder` (for any static file server), and exit")
	cacheMiB := fs.Int64("cache-mib", resolve.DefaultCacheBytes>>20, "the `MiB` of tables and pattern databases held in memory (least recently used dropped first)")
	writeCache := fs.Bool("write-cache", false, "write the pattern databases built for requests into the cache folder (else they stay in memory)")
	var src boardflags.Source
	src.RegisterSearch(fs)
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return cli.Usagef("serve takes no boards (%s): the page asks for them", rest[0])
	}
	if *static != "" {
		return writeStatic(ctx, stdout, *static)
	}
	if *cacheMiB <= 0 {
		return cli.Usagef("-cache-mib %d: want a positive number of MiB", *cacheMiB)
	}
	if err := serve.CheckFrameAncestors(splitHosts(*frames)); err != nil {
		return cli.Usagef("-frame-ancestors: %v", err)
	}
	qc, _, err := src.Config(ctx, stderr)
	if err != nil {
		return err
	}
	logw := cli.LogWriter(stderr, "serve")
	cfg := serve.Config{Log: logw, Explain: cli.Explain, AllowedHosts: splitHosts(*hosts), FrameAncestors: splitHosts(*frames)}
	slots := api.NewSlots(cfg.Limits)
	res, err := api.NewResolver(ctx, resolve.Config{Cache: qc.Cache, Log: logw, Explain: cli.Explain, PDBDir: qc.PDBDir, Partition: qc.Partition,
		Progress: qc.Progress, CacheBytes: *cacheMiB << 20, ReadOnlyCache: !*writeCache}, slots)
	if err != nil {
		return err
	}
	defer res.Close()
	err = serve.Run(ctx, cfg, res, slots, *addr, stdout)
	if err == nil && ctx.Err() != nil {
		return nil // stopped by Ctrl-C as asked
	}
	return err
}

// splitHosts returns the names of -allow-host (and the origins of
// -frame-ancestors).
func splitHosts(list string) []string {
	var out []string
	for _, h := range strings.Split(list, ",") {
		if h = strings.TrimSpace(h); h != "" {
			out = append(out, h)
		}
	}
	return out
}

// writeStatic writes the static copy into dir and says what it wrote.
func writeStatic(ctx context.Context, stdout io.Writer, dir string) error {
	sizes, err := serve.WriteStatic(ctx, dir)
	if err != nil {
		return err
	}
	var total int64
	for name, n := range sizes {
		if name != serve.UnpackedWasm {
			total += n
		}
	}
	fmt.Fprintf(stdout, "serve: wrote the static copy to %s: %d files, %d bytes (the engine unpacks to %d in the browser)\n", dir, len(sizes)-1, total, sizes[serve.UnpackedWasm])
	fmt.Fprintf(stdout, "serve: publish the folder with any static file server, e.g. python3 -m http.server -d %s\n", dir)
	return nil
}
