package submissions

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hostile are submissions that each try one thing a student should not be
// able to do from a run; @ROOT@ is the class's folder, @SECRET@ the
// teacher's file, @MARK@ a word that names their processes, @PORT@ a port
// the grader listens on. Each writes what it found into output.txt as a
// line that is none of the seven, which the grade keeps as a note.
var hostile = map[string]string{
	// Rewrites the other submissions' programs, and their originals.
	"vandal": `for f in ../*/puzzle.py @ROOT@/*/puzzle.py /tmp/*/src/puzzle.py /tmp/*/*/puzzle.py; do echo 'raise SystemExit(1)' > "$f"; done 2>/dev/null
echo "found: done" > output.txt`,
	// Leaves a setsid child and a double-forked one that try to overwrite
	// the other runs' output and the class's files for a minute.
	"daemon": `setsid sh -c 'for i in $(seq 600); do for f in @ROOT@/*/puzzle.py /tmp/*/output.txt /tmp/*/*/output.txt; do echo junk > "$f"; done 2>/dev/null; sleep 0.1; done # @MARK@' </dev/null >/dev/null 2>&1 &
(sh -c 'sleep 60 # @MARK@' </dev/null >/dev/null 2>&1 &)
echo "found: started" > output.txt`,
	// Kills its parents and pid 1, and signals every process it can.
	"killer": `echo "found: killing" > output.txt
kill -9 $PPID 1 2>/dev/null; kill -TERM -1 2>/dev/null; kill -9 -1 2>/dev/null; sleep 1`,
	// Reads the grader's environment, the teacher's file and the other
	// submissions.
	"spy": `if cat /proc/1/environ /proc/$PPID/environ /proc/*/environ @SECRET@ ../*/puzzle.py @ROOT@/*/puzzle.py 2>/dev/null | grep -q @MARK@; then echo "found: leaked" > output.txt; else echo "found: sealed" > output.txt; fi`,
	// Connects to the grader's port and to the Internet.
	"net": `python3 -c '
import socket
for addr in [("127.0.0.1", @PORT@), ("1.1.1.1", 53)]:
    try:
        socket.create_connection(addr, timeout=2); print("found: connected")
    except OSError as e:
        print("found: refused")
' > output.txt`,
	// Forks until it cannot.
	"bomb": `python3 -c '
import os, time
n = 0
try:
    while n < 100000:
        if os.fork() == 0:
            time.sleep(2); os._exit(0)
        n += 1
except OSError:
    pass
print("found: forked %d" % n)
' > output.txt`,
	// Makes 20,000 folders and 50,000 files.
	"folders": `python3 -c '
import os
n = 0
try:
    for i in range(20000):
        os.mkdir("d%d" % i); n += 1
    for i in range(50000):
        open("d0/f%d" % i, "w").close(); n += 1
except OSError:
    pass
print("found: made %d" % n)
' > output.txt`,
	// Writes a file as large as it can, here and in /tmp.
	"huge": `head -c 4000000000 /dev/zero > /tmp/big 2>/dev/null; s=$(stat -c %s /tmp/big)
head -c 4000000000 /dev/zero > big 2>/dev/null; echo "found: $s $(stat -c %s big)" > output.txt`,
}

// TestHostileClass grades a class where each of eight submissions tries
// one hostile thing (hostile) beside honest ones (testdata/python's
// plain-Python puzzle.py), three runs at a time, and checks that every
// honest student gets full marks, that no process of any run is alive
// after the class, that nothing outside the runs was read or written, that
// no connection was made, that the fork bomb is held to its limit, and
// that killing its parents changes nothing for the others.
func TestHostileClass(t *testing.T) {
	needBox(t)
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	mark := fmt.Sprintf("mark%d", time.Now().UnixNano())
	t.Setenv("CLASSROOM_TEST_SECRET", mark) // in the grader's environment
	root := t.TempDir()
	teacher := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(teacher, []byte(mark+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
			accepted <- struct{}{}
		}
	}()
	honest, err := os.ReadFile("testdata/python/puzzle.py")
	if err != nil {
		t.Fatal(err)
	}
	honest = append(honest, []byte("# "+mark+"\n")...)
	var dirs []string
	files := map[string][]byte{}
	add := func(name, file string, data []byte) {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
			t.Fatal(err)
		}
		files[filepath.Join(dir, file)] = data
		dirs = append(dirs, dir)
	}
	sh := "if [ -f puzzle.py ]; then exec python3 puzzle.py \"$@\"; fi\n"
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	for name, script := range hostile {
		script = strings.NewReplacer("@ROOT@", root, "@SECRET@", teacher, "@MARK@", mark, "@PORT@", port).Replace(script)
		add("honest-"+name, "puzzle.py", honest)
		add(name, "puzzle.sh", []byte(sh+script+"\n"))
	}
	for _, d := range dirs {
		if strings.HasPrefix(filepath.Base(d), "honest-") {
			files[filepath.Join(d, "puzzle.sh")] = []byte(sh)
			if err := os.WriteFile(filepath.Join(d, "puzzle.sh"), []byte(sh), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	lim := DefaultLimits
	lim.Time, lim.Processes, lim.FileBytes, lim.DiskBytes = 20*time.Second, 32, 8<<20, 32<<20
	cfg := Config{Command: []string{"sh", "puzzle.sh"}, Limits: lim, Jobs: 3,
		Cases: refs(t, "bfs 1,2,5,3,4,0,6,7,8", "dfs 3,1,2,0,4,5,6,7,8", "ast 1,2,5,3,4,0,6,7,8")}
	start := time.Now()
	got := run(t, cfg, dirs)
	elapsed := time.Since(start)
	checkNoneLeft(t, mark)
	for name := range hostile {
		for _, r := range got["honest-"+name] {
			if r.Report.Score != r.Report.Points {
				t.Errorf("honest-%s: %s %s: %.2f of %.2f, %s", name, r.Report.Method, r.Report.Board, r.Report.Score, r.Report.Points, r.Outcome)
			}
		}
	}
	found := func(name string) []string {
		var out []string
		for _, r := range got[name] {
			var f string
			for _, n := range r.Report.Notes {
				if _, after, ok := strings.Cut(n, `"found: `); ok {
					f = strings.TrimSuffix(after, `"`)
				}
			}
			out = append(out, f)
		}
		return out
	}
	for _, f := range found("spy") {
		if f != "sealed" {
			t.Errorf("spy: %q, want sealed", f)
		}
	}
	for _, f := range found("net") {
		if f != "" && f != "refused" {
			t.Errorf("net: %q, want refused", f)
		}
	}
	if len(accepted) > 0 {
		t.Errorf("net: %d connections to the grader's port", len(accepted))
	}
	for _, f := range found("bomb") {
		n, err := strconv.Atoi(strings.TrimPrefix(f, "forked "))
		if err != nil || n <= 0 || n >= lim.Processes {
			t.Errorf("bomb: %q, want between 1 and %d processes", f, lim.Processes)
		}
	}
	for _, f := range found("huge") {
		var tmp, here int64
		if _, err := fmt.Sscanf(f, "%d %d", &tmp, &here); err != nil || tmp > lim.DiskBytes || here > lim.FileBytes || here == 0 {
			t.Errorf("huge: %q: want /tmp at most %d bytes and a file of at most %d", f, lim.DiskBytes, lim.FileBytes)
		}
	}
	for _, f := range found("folders") {
		if !strings.HasPrefix(f, "made ") {
			t.Errorf("folders: %q", f)
		}
	}
	for _, r := range got["killer"] {
		if r.Report.Score != 0 {
			t.Errorf("killer: %.2f points: %s", r.Report.Score, r.Outcome)
		}
	}
	for path, data := range files {
		now, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(now, data) {
			t.Errorf("%s changed (%v)", path, err)
		}
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != len(dirs) {
		t.Errorf("the class folder holds %d entries, want %d", len(entries), len(dirs))
	}
	for _, d := range dirs {
		entries, _ := os.ReadDir(d)
		if len(entries) != 2 && len(entries) != 1 {
			t.Errorf("%s holds %d entries after the class", d, len(entries))
		}
	}
	t.Logf("%d submissions, %d runs, 3 at a time: %.1f s", len(dirs), len(dirs)*len(cfg.Cases), elapsed.Seconds())
	for _, r := range got["folders"] {
		if !strings.HasPrefix(r.Outcome, "exit status 0") {
			t.Errorf("folders: %s", r.Outcome)
		}
	}
}
