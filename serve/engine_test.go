package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/serve/internal/wasmbuild"
)

// unpackedLen is the length of gzipped data once unpacked, streamed.
func unpackedLen(t *testing.T, b []byte) int64 {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, zr)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The embedded engine is the one the manifest describes, and the
// manifest's inputs are today's sources: a change to a package the
// engine is built from (or to go.mod, go.sum or the build's recipe)
// without rebuilding it fails here, naming the files and the command.
// Nothing is compiled: the inputs are listed (go list) and hashed.
func TestEngineUpToDate(t *testing.T) {
	manifest, err := os.ReadFile(filepath.Join("engine", wasmbuild.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	// Streamed, not read whole: the test binary's memory is measured
	// (TestMemoryCostsWithinBudget).
	open := func(name string) io.ReadCloser {
		f, err := engineFiles.Open("engine/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	unpacked := func() io.Reader {
		zr, err := gzip.NewReader(open(wasmbuild.EngineFile))
		if err != nil {
			t.Fatal(err)
		}
		return zr
	}
	magic := make([]byte, 4)
	if _, err := io.ReadFull(unpacked(), magic); err != nil || string(magic) != "\x00asm" {
		t.Errorf("the embedded %s does not unpack to WebAssembly: it begins %q (%v)", wasmbuild.EngineFile, magic, err)
	}
	for name, r := range map[string]io.Reader{
		wasmbuild.EngineFile:   open(wasmbuild.EngineFile),
		wasmbuild.UnpackedName: unpacked(),
		wasmbuild.GlueFile:     open(wasmbuild.GlueFile),
	} {
		line, err := wasmbuild.FileLine(name, r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Contains(manifest, []byte(line)) {
			t.Errorf("the embedded files are not the manifest's: it lacks %q; rebuild them with %s", line, wasmbuild.Command)
		}
	}
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	inputs, err := wasmbuild.Inputs(context.Background(), filepath.Dir(strings.TrimSpace(string(out))))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 20 {
		t.Fatalf("the engine is built from %d files, want the module's packages it imports", len(inputs))
	}
	if !bytes.Contains(manifest, []byte(wasmbuild.InputsBlock(inputs))) {
		t.Errorf("the static copy's engine (serve/engine) is stale: %s changed since it was built; rebuild it with %s (from the module's root) and commit serve/engine",
			strings.Join(staleInputs(string(manifest), inputs), ", "), wasmbuild.Command)
	}
}

// staleInputs returns the paths a manifest lists with another sum than
// inputs', or lists and inputs lack, or the reverse; "the build's recipe"
// when every file agrees.
func staleInputs(manifest string, inputs []wasmbuild.Input) []string {
	listed := map[string]string{}
	for _, line := range strings.Split(manifest, "\n") {
		if sum, path, ok := strings.Cut(line, "  "); ok && len(sum) == 64 {
			listed[path] = sum
		}
	}
	var stale []string
	for _, in := range inputs {
		if listed[in.Path] != in.Sum {
			stale = append(stale, in.Path)
		}
		delete(listed, in.Path)
	}
	for path := range listed {
		stale = append(stale, path+" (no longer an input)")
	}
	if len(stale) == 0 {
		return []string{"the build's recipe"}
	}
	slices.Sort(stale)
	return stale
}

// staleInputs names what changed.
func TestStaleInputs(t *testing.T) {
	a, b, c := strings.Repeat("a", 64), strings.Repeat("b", 64), strings.Repeat("c", 64)
	manifest := wasmbuild.InputsBlock([]wasmbuild.Input{{Path: "go.mod", Sum: a}, {Path: "x/old.go", Sum: b}, {Path: "y/y.go", Sum: c}})
	now := []wasmbuild.Input{{Path: "go.mod", Sum: a}, {Path: "y/y.go", Sum: a}, {Path: "z/new.go", Sum: b}}
	if got, want := staleInputs(manifest, now), []string{"x/old.go (no longer an input)", "y/y.go", "z/new.go"}; !slices.Equal(got, want) {
		t.Errorf("staleInputs = %q, want %q", got, want)
	}
	same := []wasmbuild.Input{{Path: "go.mod", Sum: a}, {Path: "x/old.go", Sum: b}, {Path: "y/y.go", Sum: c}}
	if got := staleInputs(manifest, same); !slices.Equal(got, []string{"the build's recipe"}) {
		t.Errorf("staleInputs of the same files = %q", got)
	}
	if strings.Contains(manifest, wasmbuild.InputsBlock(now)) || !strings.Contains(manifest, wasmbuild.InputsBlock(same)) {
		t.Error("InputsBlock does not tell the changed inputs from the same ones")
	}
}
