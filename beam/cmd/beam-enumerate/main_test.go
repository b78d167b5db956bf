package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/exitstatus"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
	"github.com/tilespace/tilespace/twobit"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}

func runArgs(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), &stdout, &stderr, flag.NewFlagSet("beam-enumerate", flag.ContinueOnError), args, nil)
	return stdout.String(), stderr.String(), err
}

// enumerateReport is what enumerate prints for goal, and its table file.
func enumerateReport(t *testing.T, goal statespace.Board) (generate.TableReport, []byte) {
	t.Helper()
	rep, err := generate.Table(context.Background(), goal, t.TempDir(), tablefile.EncodingMod4Bit, nil)
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(rep.File)
	if err != nil {
		t.Fatal(err)
	}
	return rep, file
}

// -json prints enumerate -json's object: every key equal but the file's
// path and the seconds; the table file is enumerate's, byte for byte, and
// the working folder is gone.
func TestJSONEqualsEnumerate(t *testing.T) {
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	out := t.TempDir()
	stdout, _, err := runArgs(t, "-shape", "2x3", "-goal", "first", "-out", out, "-json")
	if err != nil {
		t.Fatal(err)
	}
	want, wantFile := enumerateReport(t, goal)
	var got, ref map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v: %q", err, stdout)
	}
	b, _ := json.Marshal(want)
	json.Unmarshal(b, &ref)
	if got["file"] != filepath.Join(out, "2x3-first.tbl") {
		t.Errorf("file %v", got["file"])
	}
	for key := range ref {
		if key == "file" || key == "seconds" {
			continue
		}
		if g, w := jsonText(got[key]), jsonText(ref[key]); g != w {
			t.Errorf("%s: %s, enumerate %s", key, g, w)
		}
	}
	if len(got) != len(ref) {
		t.Errorf("%d keys, enumerate %d", len(got), len(ref))
	}
	file, err := os.ReadFile(filepath.Join(out, "2x3-first.tbl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file, wantFile) {
		t.Error("the table file differs from enumerate's")
	}
	if _, err := os.Stat(filepath.Join(out, "beam-2x3-first")); !os.IsNotExist(err) {
		t.Errorf("the working folder is still there: %v", err)
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// The text report is enumerate's but for the time and the file's path.
func TestTextEqualsEnumerate(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	stdout, _, err := runArgs(t, "-shape", "2x3", "-out", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := enumerateReport(t, goal)
	var want strings.Builder
	rep.WriteText(&want)
	if g, w := comparable(stdout), comparable(want.String()); g != w {
		t.Errorf("text report:\n%s\nenumerate's:\n%s", g, w)
	}
}

func comparable(text string) string {
	var keep []string
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "BFS") || strings.HasPrefix(line, "wrote ") {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// dryRun is a dry run's JSON report.
type dryRun struct {
	States    uint64
	Work      string
	Published string
	Levels    []struct {
		Level         int
		States        uint64
		BytesShuffled uint64 `json:"bytes_shuffled"`
		Seconds       float64
		CPUSeconds    float64 `json:"cpu_seconds"`
		WorkBytes     int64   `json:"work_bytes"`
	}
}

// runIn runs beam-enumerate with args in the cache folder set already
// and returns its stdout and stderr.
func runIn(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), &stdout, &stderr, flag.NewFlagSet("beam-enumerate", flag.ContinueOnError), args, nil); err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String()
}

// runDry runs a dry run of the first 5 levels of 2x3 and returns its
// report and stderr.
func runDry(t *testing.T) (dryRun, string) {
	t.Helper()
	stdout, stderr := runIn(t, "-levels", "5", "-json", "-shape", "2x3")
	var dry dryRun
	if err := json.Unmarshal([]byte(stdout), &dry); err != nil {
		t.Fatal(err)
	}
	return dry, stderr
}

// A dry run reports the first levels, leaves them in the cache folder's
// working folder, and a full run resumes from them.
func TestDryRunThenFull(t *testing.T) {
	ref, _ := reference.FindDistribution("2x3", "corner")
	cache := t.TempDir()
	t.Setenv("TILESPACE_CACHE", cache)
	dry, stderr := runDry(t)
	if len(dry.Levels) != 6 || dry.States != ref.States || dry.Work != filepath.Join(cache, "beam-2x3-last") || dry.Published != ref.OEIS {
		t.Fatalf("dry run: %+v", dry)
	}
	checkWorkFolder(t, filepath.Join(cache, "beam-2x3-last"), dry, stderr)
	for d, l := range dry.Levels {
		if l.Level != d || l.States != ref.Counts[d] || (d > 0 && (l.BytesShuffled == 0 || l.Seconds <= 0 || l.CPUSeconds <= 0)) || l.WorkBytes == 0 {
			t.Errorf("level %d: %+v, published %d states", d, l, ref.Counts[d])
		}
	}
	// Run again, every level is resumed and reports what it cost when it
	// ran (level-NNNN/costs.json).
	if again, _ := runDry(t); jsonText(again.Levels) != jsonText(dry.Levels) {
		t.Errorf("resumed levels %+v, when they ran %+v", again.Levels, dry.Levels)
	}
	// The text form lists the same levels.
	text, _ := runIn(t, "-levels", "5", "-shape", "2x3")
	if !strings.Contains(text, "bytes shuffled") || !strings.Contains(text, "equals the published distribution's (OEIS "+ref.OEIS+")") || strings.Count(text, "\n") != 12 {
		t.Errorf("dry run text:\n%s", text)
	}
	stdout, _ := runIn(t, "-json", "-shape", "2x3")
	var full generate.TableReport
	if err := json.Unmarshal([]byte(stdout), &full); err != nil {
		t.Fatal(err)
	}
	if jsonText(full.Counts) != jsonText(ref.Counts) || full.File != filepath.Join(cache, "2x3-last.tbl") {
		t.Errorf("full run after the dry run: %+v", full)
	}
}

// checkWorkFolder checks what a dry run says of its working folder work
// on stderr (where, how large, how to continue or remove it), and the
// last level's size of it.
func checkWorkFolder(t *testing.T, work string, dry dryRun, stderr string) {
	t.Helper()
	size := dirSize(work)
	if size == 0 {
		t.Fatalf("nothing in %s", work)
	}
	for _, want := range []string{"the dry run's levels stay in " + work + " (" + twobit.Bytes(uint64(size)) + ")", "without -levels continues from them", "remove them with: rm -r " + work} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q lacks %q", stderr, want)
		}
	}
	// The working folder's size after the last level is what is left, but
	// for the levels' records of their costs.
	costs, _ := filepath.Glob(filepath.Join(work, "level-*", "costs.json"))
	left := size
	for _, c := range costs {
		info, _ := os.Stat(c)
		left -= info.Size()
	}
	if last := dry.Levels[len(dry.Levels)-1]; len(costs) != len(dry.Levels) || last.WorkBytes != left {
		t.Errorf("the last level's working folder: %d bytes, %d left (%d records of costs)", last.WorkBytes, left, len(costs))
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-runner", "storm"},
		{"-runner", "dataflow"},
		{"-runner", "flink", "-work", "/tmp/x"},
		{"-levels", "-2"},
		{"-chunk-states", "0"},
		{"-chunk-states", "-5"},
		{"-shape", "1x9"},
		{"-goal", "1,2,3"},
		{"-nosuchflag"},
		{"3x3"},
	} {
		_, _, err := runArgs(t, args...)
		var stderr bytes.Buffer
		if code := exitstatus.Report(&stderr, "beam-enumerate", err, "", nil); code != 2 {
			t.Errorf("%q: exit %d (%v), want 2", args, code, err)
		}
	}
}

// Off a terminal, a run writes a progress line at the interval (30 s by
// default; here a few ms) with the level, the states, the time elapsed and
// the estimate left.
func TestProgressLines(t *testing.T) {
	t.Setenv(progress.EnvEvery, "5ms")
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	var stdout bytes.Buffer
	var stderr fixture.LockedBuffer
	if err := run(context.Background(), &stdout, &stderr, flag.NewFlagSet("beam-enumerate", flag.ContinueOnError), []string{"-shape", "2x3"}, nil); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^beam-enumerate: level \d+, [\d,]+ of 360 states \(\d+\.\d%\), \d+s elapsed, (about \w+ left|time left not yet known)$`)
	if !line.MatchString(stderr.String()) {
		t.Errorf("no progress line in %q", stderr.String())
	}
}

// -cpuprofile writes a profile go tool pprof reads (gzipped protobuf).
func TestCPUProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	if _, _, err := runArgs(t, "-shape", "2x3", "-levels", "3", "-cpuprofile", prof); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(prof)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("the profile: %d bytes, %v", len(data), err)
	}
}

// TestProgressTotal checks that a run bounded by -levels measures its
// progress against the published states of those levels (3x5, OEIS
// A346737: 470,736 states through level 18), and a full run against the
// whole space.
func TestProgressTotal(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 5})
	size := statespace.MustSpace(goal).Size()
	ref, ok := reference.FindDistribution("3x5", "corner")
	if !ok {
		t.Fatal("no published distribution for 3x5")
	}
	var want uint64
	for _, c := range ref.Counts[:19] {
		want += c
	}
	if got := progressTotal(goal, size, 18); got != float64(want) || want != 470736 {
		t.Errorf("-levels 18: total %v, want %d (published through level 18: 470,736)", got, want)
	}
	if got := progressTotal(goal, size, 0); got != float64(size) {
		t.Errorf("full run: total %v, want %d", got, size)
	}
}

// -chunk-states splits the levels and -memprofile writes a heap profile:
// the chunked run prints the same counts as the whole one.
func TestChunkStatesAndMemProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "heap.prof")
	whole, _, err := runArgs(t, "-shape", "2x3", "-levels", "21", "-json")
	if err != nil {
		t.Fatal(err)
	}
	chunked, _, err := runArgs(t, "-shape", "2x3", "-levels", "21", "-json", "-chunk-states", "10", "-memprofile", prof)
	if err != nil {
		t.Fatal(err)
	}
	type levels struct {
		Levels []struct {
			States uint64 `json:"states"`
			Chunks int    `json:"chunks"`
		} `json:"levels"`
	}
	var w, c levels
	if err := json.Unmarshal([]byte(whole), &w); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(chunked), &c); err != nil {
		t.Fatal(err)
	}
	split := false
	for i := range c.Levels {
		if c.Levels[i].States != w.Levels[i].States {
			t.Errorf("level %d: %d states in chunks, %d whole", i, c.Levels[i].States, w.Levels[i].States)
		}
		split = split || c.Levels[i].Chunks > 1
	}
	if len(c.Levels) != len(w.Levels) || !split {
		t.Errorf("%d levels chunked, %d whole; a level split: %v", len(c.Levels), len(w.Levels), split)
	}
	if _, err := os.Stat(prof); err != nil {
		t.Errorf("no heap profile: %v", err)
	}
}
