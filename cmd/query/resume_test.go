package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/data/reference"
)

// Ctrl-C (the context Main cancels on SIGINT) during a search writes its
// checkpoint and exits with 130, naming -resume; the same command with
// -resume finishes with the length and node counts of an uninterrupted
// run, and removes the checkpoint.
func TestInterruptAndResume(t *testing.T) {
	cacheWith555(t)
	in := reference.Korf100()[resumeInstance-1]
	ckdir := t.TempDir()
	args := []string{"-shape", "4x4", "-goal", "first", "-json", "-checkpoint-dir", ckdir, in.Board}
	type record struct {
		Distance  int    `json:"distance"`
		Nodes     uint64 `json:"nodes"`
		Generated uint64 `json:"generated"`
	}
	solve := func(ctx context.Context, args []string) (record, int, string) {
		var out, errb strings.Builder
		code := report(&errb, run(ctx, strings.NewReader(""), &out, &errb, args))
		var r record
		if code == 0 {
			if err := json.Unmarshal([]byte(out.String()), &r); err != nil {
				t.Fatalf("%v: %s", err, out.String())
			}
		}
		return r, code, errb.String()
	}
	start := time.Now()
	want, code, stderr := solve(context.Background(), args)
	took := time.Since(start)
	if code != 0 || want.Distance != in.Optimal {
		t.Fatalf("uninterrupted: exit %d, %+v: %s", code, want, stderr)
	}

	ctx, cancel := context.WithCancel(context.Background())
	// Interrupted at two fifths of the uninterrupted run's time: inside
	// the search on a machine of any speed.
	defer time.AfterFunc(took*2/5, cancel).Stop()
	_, code, stderr = solve(ctx, args)
	if code != 130 || !strings.Contains(stderr, "-resume") {
		t.Fatalf("interrupted: exit %d (want 130), stderr %q", code, stderr)
	}
	files, _ := os.ReadDir(ckdir)
	if len(files) != 1 || !strings.HasSuffix(files[0].Name(), ".checkpoint") || !strings.Contains(stderr, files[0].Name()) {
		t.Fatalf("checkpoint folder holds %v; stderr %q", files, stderr)
	}

	got, code, stderr := solve(context.Background(), append([]string{"-resume"}, args...))
	if code != 0 || got != want {
		t.Fatalf("resumed: exit %d, %+v; uninterrupted %+v: %s", code, got, want, stderr)
	}
	if files, _ := os.ReadDir(ckdir); len(files) != 0 {
		t.Errorf("the checkpoint stays after the search ended: %v", files)
	}
}

// resumeInstance is a Korf instance that takes the 5-5-5 databases long
// enough (about 2 s here) for an interruption to fall inside its search.
const resumeInstance = 60
