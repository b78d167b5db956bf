// Command genengine writes the static copy's engine into serve/engine:
// cmd/serve/wasm built for GOOS=js GOARCH=wasm and gzipped, Go's
// wasm_exec.js beside it, and a manifest of the Go release and of every
// input's SHA-256 (package wasmbuild). Package serve embeds the folder,
// so the serve binary writes the static copy with no Go toolchain. It is
// run by go generate:
//
//	go generate ./serve
//
// after a change to a package the engine is built from (package serve's
// TestEngineUpToDate names the files that changed). Each file is
// replaced atomically; the build is reproducible, so running it twice
// writes the same bytes.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/serve/internal/wasmbuild"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "genengine:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, stdout io.Writer) error {
	gomod, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	e, err := wasmbuild.Build(ctx, root)
	if err != nil {
		return err
	}
	dir := filepath.Join(root, filepath.FromSlash(wasmbuild.Dir))
	// The manifest last: it vouches for the files before it.
	for _, name := range []string{wasmbuild.EngineFile, wasmbuild.GlueFile, wasmbuild.ManifestFile} {
		data := e.Files[name]
		err := atomicfile.Write(ctx, filepath.Join(dir, name), func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "genengine: wrote %s with %s: %s %d bytes (%d unpacked), %s %d bytes\n", wasmbuild.Dir, e.GoVersion,
		wasmbuild.EngineFile, len(e.Files[wasmbuild.EngineFile]), e.Unpacked, wasmbuild.GlueFile, len(e.Files[wasmbuild.GlueFile]))
	return nil
}
