// Package wasmbuild builds the static copy's engine, cmd/serve/wasm
// compiled to WebAssembly, the same way every time, and lists what it is
// built from. The serve binary does not build it: `go generate ./serve`
// (serve/internal/genengine) writes the engine, Go's wasm_exec.js and a
// manifest into serve/engine, which package serve embeds; a test of
// package serve recomputes the manifest's inputs and fails when the
// committed engine no longer matches the sources.
//
// The build is reproducible: the same sources, go.mod and go.sum and the
// same Go release give the same bytes (-trimpath, no VCS stamp, no build
// ID, GOFLAGS, CGO, GOWASM and GOEXPERIMENT cleared, gzip level 9 by
// compress/gzip, whose header carries no time or name).
package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Package is the engine's main package.
const Package = "github.com/tilespace/tilespace/cmd/serve/wasm"

// module is the path of the module the engine is built from.
const module = "github.com/tilespace/tilespace"

// Dir is the folder, relative to the module's root, that holds the built
// engine (EngineFile), Go's JavaScript glue (GlueFile) and the manifest
// (ManifestFile); package serve embeds it.
const Dir = "serve/engine"

// The files in Dir.
const (
	EngineFile   = "tilespace.wasm.gz"
	GlueFile     = "wasm_exec.js"
	ManifestFile = "manifest.txt"
)

// Command is what rebuilds the files in Dir, run from the module's root.
const Command = "go generate ./serve"

// buildArgs are the go build flags of the engine: no paths of this
// machine (-trimpath), no VCS stamp, no symbol table or DWARF (the
// browser needs neither) and an empty build ID.
var buildArgs = []string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid="}

// buildEnv is the environment the engine is built in, over the caller's.
var buildEnv = []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWASM=", "GOEXPERIMENT="}

// Recipe says how the engine is built and packed. It is part of the
// inputs' sum, so changing the flags marks the committed engine stale.
var Recipe = strings.Join(buildEnv, " ") + " go " + strings.Join(buildArgs, " ") + " " + Package + "; gzip -9 (compress/gzip)"

// Input is one file the engine is built from and its SHA-256.
type Input struct {
	Path string // relative to the module's root, with slashes
	Sum  string // hex
}

// Inputs lists the files the engine is built from, sorted by path: the
// Go, assembly and embedded files of every package of this module in
// `GOOS=js GOARCH=wasm go list -deps` of the engine, and go.mod and
// go.sum. root is the module's root folder.
func Inputs(ctx context.Context, root string) ([]Input, error) {
	out, err := goCmd(ctx, root, buildEnv, "list", "-deps", "-json=Dir,ImportPath,Module,GoFiles,CgoFiles,SFiles,EmbedFiles", Package)
	if err != nil {
		return nil, err
	}
	var paths []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			Dir, ImportPath                       string
			Module                                *struct{ Path string }
			GoFiles, CgoFiles, SFiles, EmbedFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list -deps %s: %w", Package, err)
		}
		if p.Module == nil || p.Module.Path != module {
			continue
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			return nil, err
		}
		for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.SFiles, p.EmbedFiles} {
			for _, f := range list {
				paths = append(paths, filepath.ToSlash(filepath.Join(rel, f)))
			}
		}
	}
	if !slices.Contains(paths, "cmd/serve/wasm/main.go") {
		return nil, fmt.Errorf("go list -deps %s in %s did not list cmd/serve/wasm/main.go: not this module's root?", Package, root)
	}
	paths = append(paths, "go.mod", "go.sum")
	slices.Sort(paths)
	paths = slices.Compact(paths)
	inputs := make([]Input, len(paths))
	for i, p := range paths {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			return nil, err
		}
		inputs[i] = Input{p, sum(b)}
	}
	return inputs, nil
}

// InputsSum is the SHA-256 of the recipe and the inputs' lines, as the
// manifest writes them.
func InputsSum(inputs []Input) string {
	return sum([]byte(Recipe + "\n" + inputLines(inputs)))
}

// inputLines are the manifest's lines of the inputs: "sum path" each.
func inputLines(inputs []Input) string {
	var b strings.Builder
	for _, in := range inputs {
		fmt.Fprintf(&b, "%s  %s\n", in.Sum, in.Path)
	}
	return b.String()
}

// InputsBlock is the part of the manifest that depends on the sources
// alone: the recipe, the inputs' sum and one line per input. A manifest
// that does not contain the block of today's inputs is stale.
func InputsBlock(inputs []Input) string {
	return "recipe " + Recipe + "\n" +
		"inputs sha256 " + InputsSum(inputs) + " (" + fmt.Sprint(len(inputs)) + " files)\n" +
		inputLines(inputs)
}

// FileLine is the manifest's line for a file written into Dir, whose
// bytes r reads.
func FileLine(name string, r io.Reader) (string, error) {
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("file %s sha256 %s %d bytes\n", name, hex.EncodeToString(h.Sum(nil)), n), nil
}

// Engine is a built engine: the files of Dir, by name.
type Engine struct {
	Files     map[string][]byte // EngineFile, GlueFile and ManifestFile
	GoVersion string            // of the go command that built it
	Unpacked  int               // bytes of the WebAssembly before gzip
}

// Build builds the engine from the module at root with the go command on
// PATH, and returns the files of Dir. Two builds of the same inputs with
// the same Go release give the same bytes.
func Build(ctx context.Context, root string) (*Engine, error) {
	inputs, err := Inputs(ctx, root)
	if err != nil {
		return nil, err
	}
	version, err := goCmd(ctx, root, nil, "env", "GOVERSION")
	if err != nil {
		return nil, err
	}
	goroot, err := goCmd(ctx, root, nil, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm; the engine
	// and its glue must come from one release.
	glue, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("wasm_exec.js of the go command's release: %w", err)
	}
	tmp, err := os.MkdirTemp("", "tilespace-wasm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "tilespace.wasm")
	if _, err := goCmd(ctx, root, buildEnv, append(slices.Clone(buildArgs), "-o", bin, Package)...); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	e := &Engine{GoVersion: strings.TrimSpace(string(version)), Unpacked: len(raw),
		Files: map[string][]byte{EngineFile: gz.Bytes(), GlueFile: glue}}
	e.Files[ManifestFile] = []byte(Manifest(e.GoVersion, inputs, e.Files[EngineFile], raw, glue))
	return e, nil
}

// UnpackedName is the name the manifest gives the engine before gzip.
const UnpackedName = "tilespace.wasm (unpacked)"

// Manifest is the text of ManifestFile: what built the engine and from
// what, and the sums of the files written.
func Manifest(goVersion string, inputs []Input, engine, unpacked, glue []byte) string {
	m := "# The static copy's engine (" + Dir + "), built by " + Command + "; do not edit.\n" +
		"go " + goVersion + "\n"
	for _, f := range []struct {
		name string
		data []byte
	}{{EngineFile, engine}, {UnpackedName, unpacked}, {GlueFile, glue}} {
		line, _ := FileLine(f.name, bytes.NewReader(f.data)) // a bytes.Reader does not fail
		m += line
	}
	return m + InputsBlock(inputs)
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// BuildError is a failed go command, with its output.
type BuildError struct {
	Args   []string
	Output string
	Err    error
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("go %s: %v\n%s", strings.Join(e.Args, " "), e.Err, strings.TrimSpace(e.Output))
}

func (e *BuildError) Unwrap() error { return e.Err }

// goCmd runs the go command in dir with env over the caller's
// environment, and returns its standard output.
func goCmd(ctx context.Context, dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, &BuildError{Args: args, Output: stderr.String(), Err: err}
	}
	if stdout.Len() == 0 && len(args) > 0 && args[0] != "build" {
		return nil, &BuildError{Args: args, Err: errors.New("no output")}
	}
	return stdout.Bytes(), nil
}
