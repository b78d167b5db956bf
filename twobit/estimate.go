package twobit

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// nanosPerState is the measured cost of one board on one core (the
// whole 2x7 search: 1,592 s of CPU for 43,589,145,600 boards on this
// project's 2-core reference machine, BENCHMARKS.md), for the time
// estimate.
const nanosPerState = 37

// overhead is the memory a search needs beside its codes: the Go runtime,
// the workers' partition bitmaps and batches, the file writer's block.
const overhead = 48 << 20

// Estimate is what a search of a space will take.
type Estimate struct {
	States     uint64
	Memory     uint64 // bytes of memory while searching: 2 bits a board plus fixed buffers
	Table      uint64 // bytes of the table file: 1 bit a board
	Checkpoint uint64 // bytes of one checkpoint: 2 bits a board
	// Disk is the most disk the run holds at once: a checkpoint and the
	// one replacing it (the old goes only once the new is whole), more
	// than the last checkpoint and the table beside it.
	Disk uint64
	Time time.Duration // at nanosPerState on the given workers
}

// EstimateFor returns the estimate of searching sp on the given workers.
func EstimateFor(sp *statespace.Space, workers int) Estimate {
	n := sp.Size()
	e := Estimate{
		States:     n,
		Memory:     (n+perWord-1)/perWord*8 + overhead,
		Table:      (n + 7) / 8,
		Checkpoint: (n+perWord-1)/perWord*8 + 4*((n/4)>>20+1),
		Time:       time.Duration(float64(n) * nanosPerState / float64(max(workers, 1))),
	}
	e.Disk = max(2*checkpointSize(sp, maxLevels), checkpointSize(sp, maxLevels)+e.Table)
	return e
}

// String says the estimate for people.
func (e Estimate) String() string {
	return fmt.Sprintf("%s states: about %s of memory, %s of disk for the table (and %s for a checkpoint; %s of disk at the peak, while a checkpoint replaces the last), %s",
		textfmt.Commas(e.States), Bytes(e.Memory), Bytes(e.Table), Bytes(e.Checkpoint), Bytes(e.Disk), roundDuration(e.Time))
}

// Check returns an error, saying what the search toward goal would take,
// when its memory exceeds avail bytes (0: unknown, never refused).
func (e Estimate) Check(goal statespace.Board, avail uint64) error {
	if avail == 0 || e.Memory <= avail {
		return nil
	}
	return &TooBigError{Shape: goal.Shape(), Goal: goal, Estimate: e, Available: avail}
}

// TooBigError says a search does not fit in the memory that is free (the
// commands say how to run it on a cluster instead).
type TooBigError struct {
	Shape     statespace.Shape
	Goal      statespace.Board // the goal of the search asked for
	Estimate  Estimate
	Available uint64
}

// Kind is errkind.Limit.
func (*TooBigError) Kind() errkind.Kind { return errkind.Limit }

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s has %s states: its breadth-first search needs %s of memory for 2 bits a state (and %s of disk for the table), but only %s is free here",
		e.Shape, textfmt.Commas(e.Estimate.States), Bytes(e.Estimate.Memory-overhead), Bytes(e.Estimate.Table), Bytes(e.Available))
}

// Bytes writes a byte count with a decimal unit: "163 GB", "2.6 TB".
func Bytes(n uint64) string {
	units := []string{"B", "kB", "MB", "GB", "TB", "PB"}
	v := float64(n)
	u := 0
	for v >= 1000 && u < len(units)-1 {
		v /= 1000
		u++
	}
	if v < 10 && u > 0 {
		return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[u]
	}
	return strconv.FormatFloat(v, 'f', 0, 64) + " " + units[u]
}

func roundDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return d.Round(time.Second).String()
	case d < 10*time.Hour:
		return d.Round(time.Minute).String()
	}
	return fmt.Sprintf("%.0f hours", d.Hours())
}

// AvailableMemory returns the memory free for a new process in bytes
// (MemAvailable of /proc/meminfo), or 0 where that is unknown.
func AvailableMemory() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), "MemAvailable:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
