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

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
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
	engine, glue := engineFile(wasmbuild.EngineFile), engineFile(wasmbuild.GlueFile)
	unpacked := gunzip(t, engine)
	if !bytes.HasPrefix(unpacked, []byte("\x00asm")) {
		t.Errorf("the embedded %s unpacks to %d bytes that are not WebAssembly", wasmbuild.EngineFile, len(unpacked))
	}
	for _, line := range []string{
		wasmbuild.FileLine(wasmbuild.EngineFile, engine),
		wasmbuild.FileLine("tilespace.wasm (unpacked)", unpacked),
		wasmbuild.FileLine(wasmbuild.GlueFile, glue),
	} {
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
