package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
// tilespace.wasm.gz, this module's API handler compiled to WebAssembly
// (GOOS=js GOARCH=wasm, by the go command on PATH) and gzipped. Any static
// file server can serve dir; the page finds tilespace.wasm.gz beside it
// and answers in the browser. It returns the files written and their
// sizes, and the engine's unpacked size under UnpackedWasm.
func WriteStatic(ctx context.Context, dir string) (map[string]int64, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &StaticError{Step: "write", Err: err}
	}
	sizes := map[string]int64{}
	write := func(name string, data []byte) error {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return &StaticError{Step: "write", Err: err}
		}
		sizes[name] = int64(len(data))
		return nil
	}
	sub, _ := fs.Sub(staticFiles, "static")
	err := fs.WalkDir(sub, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, name)
		if err != nil {
			return err
		}
		return write(name, data)
	})
	if err != nil {
		return nil, err
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
	if err := write("wasm_exec.js", glue); err != nil {
		return nil, err
	}
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
	sizes[UnpackedWasm] = int64(len(raw))
	return sizes, write("tilespace.wasm.gz", gz.Bytes())
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
