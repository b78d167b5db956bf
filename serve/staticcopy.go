package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

// UnpackedWasm is the key of WriteStatic's sizes for the engine's size
// once the browser has unpacked tilespace.wasm.gz; no such file is written.
const UnpackedWasm = "tilespace.wasm (unpacked)"

// StaticError says the static copy could not be written into Dir.
type StaticError struct {
	Dir string
	Err error
}

func (e *StaticError) Error() string { return "static copy into " + e.Dir + ": " + e.Err.Error() }

func (e *StaticError) Unwrap() error { return e.Err }

// WriteStatic writes into dir a copy of the page that needs no tilespace
// server: the page's files, worker.js, and the engine this binary
// carries (go generate ./serve builds it: cmd/serve/wasm, this module's
// API, package serve/api, compiled to WebAssembly and gzipped as
// tilespace.wasm.gz, with Go's wasm_exec.js of the same release). It
// needs no Go toolchain. Any static file server can serve dir; the page
// finds tilespace.wasm.gz beside it and answers in the browser. It
// returns the files written and their sizes, and the engine's unpacked
// size under UnpackedWasm.
//
// A new dir is written as a temporary folder beside it and renamed into
// place whole, so a failure leaves nothing; in an existing dir each file
// is replaced atomically (internal/atomicfile), so no file is ever half
// written.
func WriteStatic(ctx context.Context, dir string) (map[string]int64, error) {
	files, err := StaticFiles()
	if err != nil {
		return nil, &StaticError{Dir: dir, Err: err}
	}
	if err := writeFolder(ctx, dir, files); err != nil {
		return nil, &StaticError{Dir: dir, Err: err}
	}
	sizes := map[string]int64{}
	for name, data := range files {
		sizes[name] = int64(len(data))
	}
	sizes[UnpackedWasm] = unpackedSize(files["tilespace.wasm.gz"])
	return sizes, nil
}

// StaticFiles returns the static copy's files by name, as WriteStatic
// writes them: the page's files and the embedded engine.
func StaticFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	sub, _ := fs.Sub(staticFiles, "static")
	err := fs.WalkDir(sub, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files[name], err = fs.ReadFile(sub, name)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"tilespace.wasm.gz", "wasm_exec.js"} {
		files[name] = engineFile(name)
	}
	return files, nil
}

// unpackedSize is the length of gzipped data once unpacked.
func unpackedSize(gzipped []byte) int64 {
	zr, err := gzip.NewReader(bytes.NewReader(gzipped))
	if err != nil {
		return 0
	}
	n, _ := io.Copy(io.Discard, zr)
	return n
}

// writeFolder writes files into dir with no partial output: a dir that
// does not exist yet appears whole or not at all, and in an existing dir
// each file is replaced atomically.
func writeFolder(ctx context.Context, dir string, files map[string][]byte) error {
	if _, err := os.Stat(dir); err == nil {
		for name, data := range files {
			err := atomicfile.Write(ctx, filepath.Join(dir, name), func(w io.Writer) error {
				_, err := w.Write(data)
				return err
			})
			if err != nil {
				return err
			}
		}
		return nil
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	for name, data := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	// MkdirTemp makes the folder 0700; a static file server's readers need more.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return err
	}
	done = true
	return nil
}
