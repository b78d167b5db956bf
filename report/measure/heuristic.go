package measure

import (
	"context"
	"fmt"
	"io"
	"runtime"

	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// heuristicChunk is how many ranks one worker takes at a time.
const heuristicChunk = 1 << 14

// MeasureHeuristic counts every state of table's space by its true distance
// and h's estimate. key and label name the figure ("manhattan", "Manhattan
// distance").
func MeasureHeuristic(ctx context.Context, table *table.Table, h pdb.Heuristic, key, label string, w io.Writer) (report.HeuristicData, error) {
	d := report.HeuristicData{Key: key, Label: label}
	if table == nil {
		return d, errNoTable
	}
	space := table.Space()
	size := space.Size()
	chunks := int((size + heuristicChunk - 1) / heuristicChunk)
	workers := min(runtime.GOMAXPROCS(0), chunks)
	partial := make([][][]uint64, workers)
	bar := progress.New(w, "heuristic "+key, float64(size))
	defer bar.Done()
	next := make(chan int)
	errs := make(chan error, workers)
	for wi := range workers {
		go func() {
			counts := make([][]uint64, table.Radius()+1)
			for c := range next {
				lo := uint64(c) * heuristicChunk
				hi := min(lo+heuristicChunk, size)
				for r := lo; r < hi; r++ {
					dist := table.DistanceAt(r)
					est := h.Distance(space.Unrank(r))
					if est < 0 {
						errs <- fmt.Errorf("measure: heuristic %s gives %d for %s", key, est, space.Unrank(r))
						return
					}
					row := counts[dist]
					if est >= len(row) {
						row = append(row, make([]uint64, est+1-len(row))...)
						counts[dist] = row
					}
					row[est]++
				}
			}
			partial[wi] = counts
			errs <- nil
		}()
	}
	var err error
feed:
	for c := range chunks {
		select {
		case next <- c:
			bar.Update(float64(min(uint64(c+1)*heuristicChunk, size)))
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		case e := <-errs:
			err = e
			workers-- // this worker has already reported
			break feed
		}
	}
	close(next)
	for range workers {
		if e := <-errs; e != nil && err == nil {
			err = e
		}
	}
	if err != nil {
		return d, err
	}
	d.Counts = make([][]uint64, table.Radius()+1)
	for _, counts := range partial {
		for dist, row := range counts {
			if len(row) > len(d.Counts[dist]) {
				d.Counts[dist] = append(d.Counts[dist], make([]uint64, len(row)-len(d.Counts[dist]))...)
			}
			for est, n := range row {
				d.Counts[dist][est] += n
			}
		}
	}
	goal := space.Goal()
	d.Note = fmt.Sprintf("Every state of %s, goal %s; true distances from the exact table.", goal.Shape(), statespace.GoalName(goal))
	return d, nil
}
