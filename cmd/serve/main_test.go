package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/serve"
)

// Boards and flags the page does not take are usage errors (exit 2),
// before anything listens.
func TestServeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"8,6,7,2,5,4,3,0,1"},
		{"-addr", "127.0.0.1:0", "8,6,7,2,5,4,3,0,1"},
		{"-serve"},
		{"-compare", "8,6,7,2,5,4,3,0,1"},
		{"-json"},
		{"-shape", "2x4"},
		{"-goal", "first"},
		{"-pdb-dir", "/nonexistent/folder"},
		{"-allow-host", "tiles.example", "8,6,7,2,5,4,3,0,1"},
		{"-cache-mib", "0"},
		{"-cache-mib", "-5"},
		{"-frame-ancestors", "courses.example.edu"},
		{"-frame-ancestors", "https://a.example;script-src *"},
	} {
		var stderr bytes.Buffer
		err := run(context.Background(), strings.NewReader(""), io.Discard, &stderr, args)
		if code := report(&stderr, err); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr.String())
		}
	}
	var stderr bytes.Buffer
	if code := report(&stderr, run(context.Background(), nil, io.Discard, &stderr, []string{"-h"})); code != 0 || !strings.Contains(stderr.String(), "-addr") {
		t.Errorf("-h: exit %d, %q", code, stderr.String())
	}
}

// serve prints its address, answers, and stops cleanly when interrupted:
// run returns nil (exit status 0 from Report; cli.Main makes a Ctrl-C 130).
func TestServe(t *testing.T) {
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	var stderr lockedBuffer
	go func() {
		err := run(ctx, strings.NewReader(""), pw, &stderr, []string{"-addr", "127.0.0.1:0", "-allow-host", "tiles.example, other.example"})
		pw.Close()
		done <- report(io.Discard, err)
	}()
	line := make([]byte, 200)
	n, err := pr.Read(line)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).Find(line[:n])
	if m == nil {
		t.Fatalf("no address in %q", line[:n])
	}
	go io.Copy(io.Discard, pr)
	resp, err := http.Get(string(m) + "api/board?b=8,6,7,2,5,4,3,0,1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"distance":31`)) {
		t.Errorf("%d %s", resp.StatusCode, body)
	}
	// A 3x4 board without its table: the resolver's notes carry serve's
	// name.
	resp, err = http.Get(string(m) + "api/board?b=1,2,3,4,5,6,7,8,9,10,0,11&shape=3x4")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	notes := stderr.String()
	if !strings.Contains(notes, "no distance table for 3x4") {
		t.Errorf("stderr %q: want the note of a missing table", notes)
	}
	for _, l := range strings.Split(strings.TrimSuffix(notes, "\n"), "\n") {
		if !strings.HasPrefix(l, "serve: ") {
			t.Errorf("a line without serve's name: %q", l)
		}
	}
	// -allow-host's names are answered, others are not.
	for host, want := range map[string]int{"tiles.example": 200, "other.example": 200, "attacker.example": 403} {
		req, _ := http.NewRequest("GET", string(m)+"api/shapes", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s with -allow-host tiles.example,other.example: %d, want %d", host, resp.StatusCode, want)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit status %d after Ctrl-C, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
}

// -static writes the page, its worker, Go's wasm_exec.js and the engine
// compiled to WebAssembly, as serve.StaticFiles holds them, and serves
// nothing (serve/e2e's TestStaticCopy runs the folder in a browser).
func TestStatic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	var stdout, stderr bytes.Buffer
	if code := report(&stderr, run(context.Background(), nil, &stdout, &stderr, []string{"-static", dir})); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	checkStaticCopy(t, dir)
	if !strings.Contains(stdout.String(), "wrote the static copy to "+dir) {
		t.Errorf("stdout: %q", stdout.String())
	}
}

// The built binary writes the static copy with nothing else: run from a
// folder outside the module, with no go command on PATH (no PATH at all),
// it writes every file, the engine's bytes those the binary embeds.
func TestStaticBinaryAlone(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build serve: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "serve")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	home := t.TempDir()
	cmd := exec.Command(bin, "-static", "site")
	cmd.Dir = home
	cmd.Env = []string{"HOME=" + home}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("serve -static site in %s: %v\n%s", home, err, out)
	}
	if !strings.Contains(string(out), "wrote the static copy to site") {
		t.Errorf("serve -static site said %q", out)
	}
	checkStaticCopy(t, filepath.Join(home, "site"))
}

// checkStaticCopy checks that dir holds the static copy's files, each as
// serve.StaticFiles holds it, and no other.
func checkStaticCopy(t *testing.T, dir string) {
	t.Helper()
	want, err := serve.StaticFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "style.css", "worker.js", "wasm_exec.js", "tilespace.wasm.gz"} {
		if len(want[name]) == 0 {
			t.Errorf("serve.StaticFiles has no %s", name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Errorf("%s holds %d files, want %d", dir, len(entries), len(want))
	}
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: %d bytes (%v), want the %d embedded", name, len(got), err, len(data))
		}
	}
}

// lockedBuffer is a bytes.Buffer the server writes to while the test
// reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
