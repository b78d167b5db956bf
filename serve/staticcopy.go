package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

// WasmPackage is the static copy's engine, built by WriteStatic.
const WasmPackage = "github.com/tilespace/tilespace/cmd/serve/wasm"

// UnpackedWasm is the key of WriteStatic's sizes for the engine's size
// once the browser has unpacked tilespace.wasm.gz; no such file is written.
const UnpackedWasm = "tilespace.wasm (unpacked)"

// StaticError says which step of writing the static copy failed, with the
// Go tool's own output when it was a build.
type StaticError struct {
	Step   string // "write", "go env GOROOT", "go build"
	Output string // the go command's output, if any
	Err    error
}

func (e *StaticError) Error() string {
	s := "static copy: " + e.Step + ": " + e.Err.Error()
	if e.Output != "" {
		s += "\n" + strings.TrimSpace(e.Output)
	}
	return s
}

func (e *StaticError) Unwrap() error { return e.Err }

// WriteStatic writes into dir a copy of the page that needs no tilespace
// server: the page's files, worker.js, Go's wasm_exec.js, and
// tilespace.wasm.gz, this module's API (package serve/api) compiled to
// WebAssembly (GOOS=js GOARCH=wasm, by the go command on PATH) and
// gzipped. Any static
// file server can serve dir; the page finds tilespace.wasm.gz beside it
// and answers in the browser. It returns the files written and their
// sizes, and the engine's unpacked size under UnpackedWasm.
//
// Nothing is written until every file is ready, so a failed build leaves
// dir as it was. A new dir is written as a temporary folder beside it and
// renamed into place whole; in an existing dir each file is replaced
// atomically (internal/atomicfile), so no file is ever half written.
func WriteStatic(ctx context.Context, dir string) (map[string]int64, error) {
	files, err := staticFilesFor(ctx)
	if err != nil {
		return nil, err
	}
	if err := writeFolder(ctx, dir, files); err != nil {
		return nil, &StaticError{Step: "write", Err: err}
	}
	sizes := map[string]int64{}
	for name, data := range files {
		sizes[name] = int64(len(data))
	}
	sizes[UnpackedWasm] = unpackedSize(files["tilespace.wasm.gz"])
	return sizes, nil
}

// staticFilesFor computes the static copy's files, by name, in memory.
func staticFilesFor(ctx context.Context) (map[string][]byte, error) {
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
		return nil, &StaticError{Step: "write", Err: err}
	}
	goroot, err := goCommand(ctx, nil, "env", "GOROOT")
	if err != nil {
		return nil, &StaticError{Step: "go env GOROOT", Output: goroot, Err: err}
	}
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm.
	var glue []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if glue, err = os.ReadFile(filepath.Join(strings.TrimSpace(goroot), p)); err == nil {
			break
		}
	}
	if err != nil {
		return nil, &StaticError{Step: "write", Err: fmt.Errorf("wasm_exec.js is not in GOROOT %s: %w", strings.TrimSpace(goroot), err)}
	}
	files["wasm_exec.js"] = glue
	tmp, err := os.MkdirTemp("", "tilespace-wasm-")
	if err != nil {
		return nil, &StaticError{Step: "write", Err: err}
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "tilespace.wasm")
	// -s -w drop the symbol table and DWARF: the browser needs neither.
	if out, err := goCommand(ctx, []string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", bin, WasmPackage); err != nil {
		return nil, &StaticError{Step: "go build", Output: out, Err: err}
	}
	raw, err := os.ReadFile(bin)
	if err != nil {
		return nil, &StaticError{Step: "write", Err: err}
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, &StaticError{Step: "write", Err: err}
	}
	files["tilespace.wasm.gz"] = gz.Bytes()
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

// goCommand runs the go command with env added; it returns its output.
func goCommand(ctx context.Context, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.String(), err
}
