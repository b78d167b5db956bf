package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
)

func runCmd(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), nil, &out, &errb, args)
	return out.String(), errb.String(), err
}

func TestDefaultRun(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(store.EnvCache, cache)
	out, _, err := runCmd(t)
	if err != nil {
		t.Fatal(err)
	}
	// OEIS A089473: 181,440 states, radius 31, two antipodes.
	for _, want := range []string{"3x3 puzzle, goal last", "181440 states, radius 31", "      31            2       181440", "8,6,7,2,5,4,3,0,1", "6,4,7,8,5,0,3,2,1", filepath.Join(cache, "3x3-last.tbl")} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(cache, "3x3-last.tbl")); err != nil {
		t.Error(err)
	}
}

func TestJSON(t *testing.T) {
	dir := t.TempDir()
	out, _, err := runCmd(t, "-shape", "2x4", "-goal", "first", "-out", dir, "-json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Shape     string   `json:"shape"`
		Goal      string   `json:"goal"`
		States    uint64   `json:"states"`
		Radius    int      `json:"radius"`
		Counts    []uint64 `json:"counts"`
		Antipodes []string `json:"antipodes"`
		File      string   `json:"file"`
		Bytes     int64    `json:"bytes"`
		Seconds   float64  `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// OEIS A090035 (2x4): 20,160 states, radius 36, one antipode.
	if r.Shape != "2x4" || r.Goal != "0,1,2,3,4,5,6,7" || r.States != 20160 || r.Radius != 36 || len(r.Antipodes) != 1 || len(r.Counts) != 37 {
		t.Errorf("report %+v", r)
	}
	st, err := os.Stat(r.File)
	if err != nil || st.Size() != r.Bytes || r.Seconds <= 0 {
		t.Errorf("file %s: %v, size %d vs %d, seconds %v", r.File, err, st.Size(), r.Bytes, r.Seconds)
	}
}

func TestAll(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("builds 18 tables and the 6-6-3 pattern databases")
	}
	dir := t.TempDir()
	out, stderr, err := runCmd(t, "-all", "-out", dir, "-json")
	if err != nil {
		t.Fatal(err)
	}
	// The run ends with what it wrote: the files in the folder, their bytes.
	entries, _ := os.ReadDir(dir)
	var size int64
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			size += info.Size()
		}
	}
	summary := regexp.MustCompile(`wrote (\d+) files, ([\d,]+) bytes in all, into (.+) in \S+\n$`).FindStringSubmatch(stderr)
	if summary == nil || summary[1] != strconv.Itoa(len(entries)) || strings.ReplaceAll(summary[2], ",", "") != strconv.FormatInt(size, 10) || summary[3] != dir {
		t.Errorf("stderr ends %q; want the summary of %d files, %d bytes in %s", stderr, len(entries), size, dir)
	}
	// 18 tables and the 6-6-3 pattern databases of the 15-puzzle.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 19 || !strings.Contains(lines[18], `"partition":"6-6-3"`) {
		t.Fatalf("%d reports, want 19, the last for 6-6-3", len(lines))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.tbl"))
	pdbs, _ := filepath.Glob(filepath.Join(dir, "4x4-last-pdb-*.pdb"))
	if len(files) != 18 || len(pdbs) != 3 {
		t.Errorf("%d tables and %d pattern databases written, want 18 and 3", len(files), len(pdbs))
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-shape", "1x9"}, "at least 2 rows"},
		{[]string{"-shape", "5x6"}, "at most 25"},
		{[]string{"-shape", "5x5"}, "-pdb 6-6-6-6"},
		{[]string{"databases", "-shape", "5x5", "-goal", "first", "-pdb", "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24"}, "pattern 1,2,3,4,5,6,7 has 7 tiles"},
		{[]string{"-goal", "1,2,3"}, "expected 9 tiles"},
		{[]string{"-shape", "4x4", "-out", "DIR"}, "2.6 TB"},
		{[]string{"databases", "-pdb", "6-6-4"}, "6-6-4"},
		{[]string{"databases", "-pdb", "1,2,3/4,5,6,7,7"}, "7"},
		{[]string{"databases", "-all", "-pdb", "6-6-3"}, "flag provided but not defined: -all"},
		{[]string{"-all", "-shape", "3x4"}, "a run of their own"},
		{[]string{"-all", "-shape", "2x4"}, "a run of their own"},
		{[]string{"databases", "-shape", "4x4", "-pdb", "1,2,3/4,5,6,7,8,9,10,11,12,13,14,15"}, "pattern 4,5,6,7,8,9,10,11,12,13,14,15 has 12 tiles"},
		{[]string{"-encoding", "gzip"}, "mod4-bit or bytes"},
		{[]string{"8,6,7,2,5,4,3,0,1"}, "boards go to query"},
		// Refused before the 18 small tables are built, not after them.
		{[]string{"-all", "-big", "-encoding", "bytes"}, "-encoding bytes: tables of 12 cells and more are stored in mod4-bit"},
		{[]string{"-all", "-resume"}, "-resume continues the 2-bit search of 12 cells and more, or a -pdb build; this run has neither"},
		{[]string{"-zero-aware"}, "-zero-aware is a command of its own now: enumerate databases"},
		{[]string{"-pdb", "6-6-3"}, "-pdb is a command of its own now: enumerate databases -pdb"},
		{[]string{"-verify", "x.tbl"}, "-verify is a command of its own now: enumerate verify FILE"},
		{[]string{"databases"}, "databases needs -pdb"},
		{[]string{"-resume", "-shape", "2x3"}, "2x3 takes well under a second"},
		{[]string{"-levels"}, "-levels tunes the 2-bit search of 12 cells and more; this run has none"},
		{[]string{"-all", "-workers", "2"}, "-workers tunes the 2-bit search"},
		{[]string{"databases", "-pdb", "1,2,3,4/5,6,7,8", "-checkpoint-every", "1m"}, "flag provided but not defined: -checkpoint-every"},
	}
	for i, c := range cases {
		dir := t.TempDir()
		for j, a := range c.args {
			if a == "DIR" {
				c.args[j] = dir
			}
		}
		_, _, err := runCmd(t, append(c.args, "-out", dir)...)
		if err == nil || !strings.Contains(cli.Explain(err), c.want) {
			t.Errorf("case %d %v: %v, want an error with %q", i, c.args, err, c.want)
		}
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("case %d: wrote %d files", i, len(files))
		}
	}
}

// -pdb with a custom partition on 3x3 writes one file per pattern.
func TestPDB(t *testing.T) {
	dir := t.TempDir()
	out, _, err := runCmd(t, "databases", "-pdb", "1,2,3,4/5,6,7,8", "-out", dir, "-json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Shape     string `json:"shape"`
		Partition string `json:"partition"`
		Patterns  []struct {
			Tiles   []int `json:"tiles"`
			Entries int   `json:"entries"`
			File    string
		} `json:"patterns"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// 9!/5! = 3,024 placements of 4 tiles on 9 cells, each.
	if r.Shape != "3x3" || len(r.Patterns) != 2 || r.Patterns[0].Entries != 3024 || r.Patterns[1].Entries != 3024 {
		t.Fatalf("report %+v", r)
	}
	for _, p := range r.Patterns {
		if _, err := os.Stat(p.File); err != nil {
			t.Error(err)
		}
	}
}

// Usage errors exit 2 and print one line; -h exits 0; other errors 1.
func TestExitStatus(t *testing.T) {
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"-bogus"}, 2},
		{[]string{"extra"}, 2},
		{[]string{"-shape", "1x9"}, 2},
		{[]string{"-h"}, 0},
		{[]string{"-shape", "4x4"}, 1}, // a valid request too large to run
		{[]string{"databases", "-pdb", "1,2,3,4/5,6,7,8", "-encoding", "bytes"}, 2},
	}
	for i, c := range cases {
		var out, errb bytes.Buffer
		code := report(&errb, run(context.Background(), nil, &out, &errb, append(c.args, "-out", t.TempDir())))
		if code != c.code {
			t.Errorf("case %d %v: exit %d, want %d (%s)", i, c.args, code, c.code, errb.String())
		}
		if c.code == 2 && strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("case %d: the usage error is not one line:\n%s", i, errb.String())
		}
	}
}

// A 4x4 table (2.6 TB of memory at 2 bits a state) is refused before
// anything is allocated, saying what it would take.
func TestBigShapeRefused(t *testing.T) {
	_, _, err := runCmd(t, "-shape", "4x4", "-out", t.TempDir())
	var errb bytes.Buffer
	report(&errb, err)
	if err == nil || !strings.Contains(err.Error(), "2.6 TB") || !strings.Contains(errb.String(), "-pdb 6-6-3") {
		t.Fatalf("4x4: %v (%s)", err, errb.String())
	}
}

// -verify passes a sound table and fails (exit 1, the rank named) on a
// table with one flipped bit behind fresh checksums.
func TestVerifyCommand(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runCmd(t, "-shape", "2x4", "-out", dir); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "2x4-last.tbl")
	out, _, err := runCmd(t, "verify", path)
	if err != nil || !strings.Contains(out, "verified") {
		t.Fatalf("sound table: %v\n%s", err, out)
	}
	h, payload, err := tablefile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	payload[1000] ^= 0x10
	if err := tablefile.WriteFileV2(context.Background(), path, h, bytes.NewReader(payload), tablefile.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCmd(t, "verify", path, "-json")
	if err == nil || !strings.Contains(out, `"difference":"rank 8004 `) || report(io.Discard, err) != 1 {
		t.Fatalf("flipped bit: %v\n%s", err, out)
	}
	for _, flag := range [][]string{{"-shape", "3x3"}, {"-levels"}, {"-checkpoint-every", "1m"}} {
		if _, _, err := runCmd(t, append([]string{"verify", path}, flag...)...); report(io.Discard, err) != 2 {
			t.Errorf("-verify with %v: %v", flag, err)
		}
	}
}

// -verify rebuilds a pattern database: it passes a sound one and fails
// (exit 1, the placement named, the rebuild command given) on one whose
// values were swapped behind fresh counts and checksums.
func TestVerifyPDBCommand(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runCmd(t, "databases", "-shape", "3x3", "-pdb", "1,2,3,4/5,6,7,8", "-out", dir); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, store.PDBFile(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), []int{1, 2, 3, 4}).Name())
	out, _, err := runCmd(t, "verify", path)
	if err != nil || !strings.Contains(out, "verified") || !strings.Contains(out, "tiles 1,2,3,4") {
		t.Fatalf("sound database: %v\n%s", err, out)
	}
	h, payload, err := tablefile.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	j := 101 // rank 0 is the goal's placement, which decoding checks
	for payload[j] == payload[100] {
		j++
	}
	payload[100], payload[j] = payload[j], payload[100]
	if err := tablefile.WriteFileV2(context.Background(), path, h, bytes.NewReader(payload), tablefile.WriteOptions{Storage: tablefile.StorageRaw}); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCmd(t, "verify", path, "-json")
	if err == nil || !strings.Contains(out, `"difference":"placement [`) || !strings.Contains(out, `(rank 100) is stored`) || report(io.Discard, err) != 1 ||
		!strings.Contains(cli.Explain(err), "-pdb 1,2,3,4") {
		t.Fatalf("swapped values: %v\n%s", err, out)
	}
}

// export -format npy writes the array; flags that do not apply are refused.
func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	out, _, err := runCmd(t, "export", "-format", "npy", "-shape", "2x3", "-out", dir)
	if err != nil || !strings.Contains(out, "2x3-last.npy") {
		t.Fatalf("%v\n%s", err, out)
	}
	if st, err := os.Stat(filepath.Join(dir, "2x3-last.npy")); err != nil || st.Size() <= 360 {
		t.Errorf("npy file: %v", err)
	}
	for _, args := range [][]string{{"export", "-format", "csv"}, {"export", "-format", "npy", "-all"}, {"-big"}, {"-resume", "-shape", "2x3"}, {"-workers", "-1"}, {"export", "-format", "npy", "-levels"}, {"export", "-format", "npy", "-checkpoint-every", "1m"}} {
		if _, _, err := runCmd(t, args...); report(io.Discard, err) != 2 {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// TestProgressLines: a build whose stderr is not a terminal writes a
// progress line at the interval (30 s by default; here a few ms) with the
// level, the states, the time elapsed and the estimate left.
func TestProgressLines(t *testing.T) {
	t.Setenv(progress.EnvEvery, "2ms")
	var out bytes.Buffer
	var errb fixture.LockedBuffer
	if err := run(context.Background(), nil, &out, &errb, []string{"-shape", "2x5", "-out", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^enumerate: level \d+, [\d,]+ of 1,814,400 states \(\d+\.\d%\), \d+s elapsed, (about \w+ left|time left not yet known)$`)
	if !line.MatchString(errb.String()) {
		t.Errorf("no progress line in stderr %q", errb.String())
	}
	if strings.Contains(errb.String(), "\r") {
		t.Errorf("a terminal's redraw in a log: %q", errb.String())
	}
}

// A 2-bit search stopped by Ctrl-C names its last checkpoint and how to
// continue, and ends as interrupted (exit 130).
func TestInterruptedNamesCheckpoint(t *testing.T) {
	dir := t.TempDir()
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4})
	cp := filepath.Join(dir, store.CheckpointFile(goal).Name())
	if err := os.WriteFile(cp, []byte("an earlier run's checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := report(&errb, run(ctx, nil, &out, &errb, []string{"-shape", "3x4", "-out", dir, "-workers", "1"}))
	if want := "the search's last checkpoint is " + cp + "; continue it with the same command and -resume"; code != 130 || !strings.Contains(errb.String(), want) {
		t.Errorf("exit %d, stderr %q; want 130 and %q", code, errb.String(), want)
	}
}

// -cpuprofile writes a whole profile when the run succeeds and nothing
// when it fails.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "run.pprof")
	if _, _, err := runCmd(t, "-shape", "2x4", "-out", dir, "-cpuprofile", prof); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(prof)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f) // a pprof profile is a gzipped protocol buffer
	if err != nil {
		t.Fatalf("the profile is not gzipped: %v", err)
	}
	if n, err := io.Copy(io.Discard, zr); err != nil || n == 0 {
		t.Fatalf("the profile reads %d bytes: %v", n, err)
	}
	failed := filepath.Join(dir, "failed.pprof")
	if _, _, err := runCmd(t, "-goal", "1,2,3", "-out", dir, "-cpuprofile", failed); err == nil {
		t.Fatal("a bad goal was accepted")
	}
	if _, err := os.Stat(failed); !os.IsNotExist(err) {
		t.Errorf("a failed run left a profile: %v", err)
	}
}
