//go:build !(js && wasm)

package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The engine links no net/http, and with it no TLS and its crypto (about
// 850 KB of the static copy once): the page's API is package serve/api,
// which knows nothing of HTTP.
func TestNoNetHTTP(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the engine's dependencies: %v", err)
	}
	cmd := exec.Command(gobin, "list", "-deps", ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 || !slices.Contains(deps, "github.com/tilespace/tilespace/serve/api") {
		t.Fatalf("GOOS=js GOARCH=wasm go list -deps listed %d packages, without serve/api: %q", len(deps), out)
	}
	for _, banned := range []string{"net/http", "crypto/tls", "net", "os/exec", "github.com/tilespace/tilespace/serve"} {
		if slices.Contains(deps, banned) {
			t.Errorf("the static copy's engine depends on %s", banned)
		}
	}
}
