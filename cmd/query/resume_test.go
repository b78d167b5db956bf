package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/data/reference"
)

// Ctrl-C (the context Main cancels on SIGINT) during a search writes its
// checkpoint and exits with 130, naming -resume; the same command with
// -resume finishes with the length and node counts of an uninterrupted
// run and leaves the search's end in the checkpoint, from which a third
// run with -resume answers without searching again.
func TestInterruptAndResume(t *testing.T) {
	cacheWith555(t)
	in := reference.Korf100()[resumeInstance-1]
	ckdir := t.TempDir()
	args := []string{"-shape", "4x4", "-goal", "first", "-json", "-checkpoint-dir", ckdir, in.Board}
	solve := func(ctx context.Context, args []string) (solveRecord, int, string) { return solveJSON(ctx, t, args) }
	start := time.Now()
	want, code, stderr := solve(context.Background(), args)
	took := time.Since(start)
	if code != 0 || want.Distance != in.Optimal {
		t.Fatalf("uninterrupted: exit %d, %+v: %s", code, want, stderr)
	}

	// Interrupted inside the search: first at two fifths of the
	// uninterrupted run's time; a run that ended before the interruption
	// (the databases now in the page cache) is tried again earlier, one
	// stopped before the search had begun (no checkpoint) later, so that
	// the test does not hang on the machine's speed or load.
	frac := 0.4
	var files []os.DirEntry
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithCancel(context.Background())
		stop := time.AfterFunc(time.Duration(float64(took)*frac), cancel)
		_, code, stderr = solve(ctx, args)
		stop.Stop()
		cancel()
		files, _ = os.ReadDir(ckdir)
		interrupted := code == 130 && strings.Contains(stderr, "-resume") && len(files) == 1
		if interrupted || attempt == 5 {
			break
		}
		switch {
		case code == 0:
			frac /= 2
		case code == 130 && len(files) == 0:
			frac = (frac + 1) / 2
		default:
			t.Fatalf("interrupted: exit %d (want 130), stderr %q", code, stderr)
		}
		for _, f := range files {
			os.Remove(filepath.Join(ckdir, f.Name()))
		}
	}
	if code != 130 || !strings.Contains(stderr, "-resume") {
		t.Fatalf("interrupted: exit %d (want 130), stderr %q", code, stderr)
	}
	if len(files) != 1 || !strings.HasSuffix(files[0].Name(), ".checkpoint") || !strings.Contains(stderr, files[0].Name()) {
		t.Fatalf("checkpoint folder holds %v; stderr %q", files, stderr)
	}

	resume := append([]string{"-resume"}, args...)
	got, code, stderr := solve(context.Background(), resume)
	want.Seconds = got.Seconds // the time is the runs' own
	if code != 0 || got != want {
		t.Fatalf("resumed: exit %d, %+v; uninterrupted %+v: %s", code, got, want, stderr)
	}
	if files, _ := os.ReadDir(ckdir); len(files) != 1 {
		t.Fatalf("after the search ended the checkpoint folder holds %v, want its end", files)
	}
	// The end answers: the same record, the search time the one measured
	// (a search run again would measure its own).
	again, code, stderr := solve(context.Background(), resume)
	if code != 0 || again != got {
		t.Fatalf("resumed after the end: exit %d, %+v; the ended search %+v: %s", code, again, got, stderr)
	}
}

// solveRecord is what the resume tests read of query -json's answer.
type solveRecord struct {
	Distance  int     `json:"distance"`
	Nodes     uint64  `json:"nodes"`
	Generated uint64  `json:"generated"`
	Seconds   float64 `json:"seconds"`
}

// solveJSON runs query with args (-json among them) under ctx and returns
// its answer, its exit status and its stderr.
func solveJSON(ctx context.Context, t *testing.T, args []string) (solveRecord, int, string) {
	t.Helper()
	var out, errb strings.Builder
	code := report(&errb, run(ctx, strings.NewReader(""), &out, &errb, args))
	var r solveRecord
	if code == 0 {
		if err := json.Unmarshal([]byte(out.String()), &r); err != nil {
			t.Fatalf("%v: %s", err, out.String())
		}
	}
	return r, code, errb.String()
}

// resumeInstance is a Korf instance that takes the 5-5-5 databases long
// enough (about 2 s here) for an interruption to fall inside its search.
const resumeInstance = 60
