package generate

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/twobit"
)

// A disk that fills up at the second checkpoint stops the run with the
// figures (a *twobit.NoSpaceError: path, need, free) and leaves the first
// checkpoint; a -resume once there is room finishes with a table equal,
// byte for byte, to an uninterrupted run's. A disk too small for the
// run's peak refuses it before it starts.
func TestDiskFullResume(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 5})
	sp := statespace.MustSpace(goal)
	est := twobit.EstimateFor(sp, 2)
	plenty := func(string) (uint64, error) { return 1 << 40, nil }

	clean := t.TempDir()
	if _, err := bigTable(context.Background(), goal, clean, bigOptions{Workers: 2, FreeSpace: plenty}); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(clean, store.TableFile(goal).Name()))
	if err != nil {
		t.Fatal(err)
	}

	// Too small for the peak: refused before any level.
	dir := t.TempDir()
	levels := 0
	small := func(string) (uint64, error) { return est.Disk - 1, nil }
	_, err = bigTable(context.Background(), goal, dir, bigOptions{Workers: 2, FreeSpace: small, CheckpointEvery: time.Nanosecond,
		Levels: &levelCounter{&levels}})
	var ns *twobit.NoSpaceError
	if !errors.As(err, &ns) || !ns.Start || ns.Need != est.Disk || ns.Free != est.Disk-1 || levels != 0 {
		t.Fatalf("a disk of peak-1 bytes: %v (%+v) after %d levels, want a refusal at the start naming %d bytes", err, ns, levels, est.Disk)
	}

	// Room at the start and the first checkpoint, then the disk is full.
	calls := 0
	const left = 1000
	fills := func(string) (uint64, error) {
		calls++
		if calls >= 3 {
			return left, nil
		}
		return est.Disk, nil
	}
	_, err = bigTable(context.Background(), goal, dir, bigOptions{Workers: 2, FreeSpace: fills, CheckpointEvery: time.Nanosecond})
	checkpoint := filepath.Join(dir, store.CheckpointFile(goal).Name())
	if !errors.As(err, &ns) || ns.Start || ns.Path != checkpoint || ns.Free != left || ns.Need < est.Checkpoint {
		t.Fatalf("a disk full at the second checkpoint: %v (%+v), want a *twobit.NoSpaceError for %s", err, ns, checkpoint)
	}
	if !strings.Contains(err.Error(), checkpoint) || !strings.Contains(err.Error(), "1000 bytes") {
		t.Errorf("the error does not give the figures: %v", err)
	}
	if calls != 3 {
		t.Errorf("free space asked %d times, want 3 (start, two checkpoints)", calls)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != filepath.Base(checkpoint) {
		t.Fatalf("after the full disk the folder holds %v, want the first checkpoint alone", ents)
	}

	// Every resume on the full disk stops (at its start: the checkpoint
	// plus what remains does not fit); with room it finishes.
	if _, err := bigTable(context.Background(), goal, dir, bigOptions{Workers: 2, Resume: true, FreeSpace: func(string) (uint64, error) { return left, nil }}); !errors.As(err, &ns) {
		t.Fatalf("a resume on the full disk: %v", err)
	}
	resumed := 0
	if _, err := bigTable(context.Background(), goal, dir, bigOptions{Workers: 2, Resume: true, FreeSpace: plenty, Levels: &resumedCounter{&resumed}}); err != nil {
		t.Fatalf("the resume with room: %v", err)
	}
	if resumed != 1 {
		t.Errorf("the resume read %d levels from the checkpoint, want 1", resumed)
	}
	got, err := os.ReadFile(filepath.Join(dir, store.TableFile(goal).Name()))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the resumed table (%d bytes) differs from an uninterrupted run's (%d bytes)", len(got), len(want))
	}
	if _, err := os.Stat(checkpoint); !os.IsNotExist(err) {
		t.Errorf("checkpoint left after the table: %v", err)
	}
}

// levelCounter counts the level lines bigTable writes.
type levelCounter struct{ n *int }

func (c *levelCounter) Write(p []byte) (int, error) {
	*c.n += bytes.Count(p, []byte("\n"))
	return len(p), nil
}

// resumedCounter counts the levels read from a checkpoint.
type resumedCounter struct{ n *int }

func (c *resumedCounter) Write(p []byte) (int, error) {
	*c.n += bytes.Count(p, []byte("(from the checkpoint)"))
	return len(p), nil
}
