package analyze

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// KorfInstance is one instance of a published table of IDA*'s generated
// nodes: its number, its board and the published count.
type KorfInstance struct {
	ID        int
	Board     statespace.Board
	Published uint64
}

// KorfConfig is a reconciliation of a published table with KorfIDA.
type KorfConfig struct {
	Goal      statespace.Board
	Instances []KorfInstance
	// Done holds runs kept from before (a run log's, Index = ID − 1),
	// taken instead of searching again; OnRun, if not nil, receives each
	// new one as it finishes (one call at a time).
	Done  []BoardRun
	OnRun func(BoardRun) error
	// Progress, if not nil, receives the instances done ("searches").
	Progress ProgressFunc
}

// KorfRecord is one instance reconciled. Every count is of nodes
// generated as Korf's table counts them: the start board, and each child
// made but the one undoing the previous move (KorfRun). Complete covers
// the start and the complete iterations, which no move order changes;
// Rerun adds the last iteration in Korf's move order, and Top the last
// iteration run whole, so that a count of the same search in any move
// order lies between Complete and Top.
type KorfRecord struct {
	ID        int    `json:"instance"`
	Board     string `json:"board"`
	Length    int    `json:"length"`
	Bounds    []int  `json:"bounds"`
	Complete  uint64 `json:"complete"`
	Last      uint64 `json:"last"`
	LastWhole uint64 `json:"last_whole"`
	Rerun     uint64 `json:"rerun"`
	Top       uint64 `json:"top"`
	Published uint64 `json:"published"`
	Verdict   string `json:"verdict"`
}

// The verdicts of a KorfRecord.
const (
	// VerdictReproduced: the published count is the re-run's.
	VerdictReproduced = "reproduced"
	// VerdictInside: within the bracket but not the re-run's count: a
	// slip in the copy, or the same search in another order.
	VerdictInside = "inside"
	// VerdictBelow: below what the complete iterations alone generate,
	// which no order or stopping rule changes: a transcription error.
	VerdictBelow = "below"
	// VerdictAbove: above the whole last iteration's bracket: another
	// convention of counting (or a transcription error).
	VerdictAbove = "above"
)

// KorfRecordOf reconciles a published count with a run of KorfIDA.
func KorfRecordOf(in KorfInstance, r *KorfRun) KorfRecord {
	rec := KorfRecord{ID: in.ID, Board: in.Board.String(), Length: r.Length, Bounds: slices.Clone(r.Bounds), Published: in.Published}
	rec.Complete = 1 + r.Complete()
	rec.Last = r.Generated[len(r.Generated)-1]
	rec.LastWhole = r.LastWhole
	rec.Rerun = rec.Complete + rec.Last
	rec.Top = rec.Complete + rec.LastWhole
	switch p := in.Published; {
	case p == rec.Rerun:
		rec.Verdict = VerdictReproduced
	case p < rec.Complete:
		rec.Verdict = VerdictBelow
	case p > rec.Top:
		rec.Verdict = VerdictAbove
	default:
		rec.Verdict = VerdictInside
	}
	return rec
}

// ReconcileKorf runs KorfIDA on every instance not in cfg.Done, several
// at a time (one core each), and reconciles each with its published
// count, in the instances' order. It stops with ctx's error when ctx is
// done; the runs finished by then have gone to OnRun.
func ReconcileKorf(ctx context.Context, cfg KorfConfig) ([]KorfRecord, error) {
	n := len(cfg.Instances)
	runs := make([]*KorfRun, n)
	for _, d := range cfg.Done {
		k := slices.IndexFunc(cfg.Instances, func(in KorfInstance) bool { return in.ID-1 == d.Index })
		if k < 0 {
			continue
		}
		if b := cfg.Instances[k].Board.String(); b != d.Board {
			return nil, &RunMismatchError{Index: d.Index, Board: d.Board, Want: b}
		}
		if len(d.Generated) == 0 {
			continue // kept by another comparison: searched again
		}
		runs[k] = &KorfRun{Bounds: slices.Clone(d.Bounds), Expanded: slices.Clone(d.Expanded), Generated: slices.Clone(d.Generated), LastWhole: d.LastWhole, Length: d.Bounds[len(d.Bounds)-1]}
	}
	var done int
	for _, r := range runs {
		if r != nil {
			done++
		}
	}
	var mu sync.Mutex
	err := forEach(ctx, n, func(k int) error {
		if runs[k] != nil {
			return nil
		}
		in := cfg.Instances[k]
		r, err := KorfIDA(ctx, in.Board, cfg.Goal)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		runs[k] = r
		done++
		if cfg.Progress != nil {
			cfg.Progress("searches", uint64(done), uint64(n))
		}
		if cfg.OnRun == nil {
			return nil
		}
		return cfg.OnRun(BoardRun{Index: in.ID - 1, Board: in.Board.String(), Bounds: r.Bounds, Expanded: r.Expanded, Generated: r.Generated, LastWhole: r.LastWhole})
	})
	if err != nil {
		return nil, err
	}
	out := make([]KorfRecord, n)
	for k, in := range cfg.Instances {
		out[k] = KorfRecordOf(in, runs[k])
	}
	return out, nil
}

// WriteKorfText writes the reconciliation as a table, a row per instance,
// with the totals and the verdicts counted below it.
func WriteKorfText(w io.Writer, goal statespace.Board, recs []KorfRecord) error {
	fmt.Fprintf(w, "Korf's 1985 table against IDA* on Manhattan distance run as Korf's program runs it (%s, goal %s); nodes generated:\n", goal.Shape(), statespace.GoalName(goal))
	fmt.Fprintln(w, "the start board and every child made but the one undoing the previous move, counted as it is made")
	fmt.Fprintln(w)
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "instance\tlength\tcomplete iterations\t+ last, Korf's order\t+ last, whole\tpublished\tverdict\t")
	var sum KorfRecord
	count := map[string]int{}
	for _, r := range recs {
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\t%s\t\n", r.ID, r.Length, textfmt.Commas(r.Complete), textfmt.Commas(r.Rerun), textfmt.Commas(r.Top), textfmt.Commas(r.Published), r.Verdict)
		sum.Complete += r.Complete
		sum.Rerun += r.Rerun
		sum.Top += r.Top
		sum.Published += r.Published
		count[r.Verdict]++
	}
	fmt.Fprintf(tw, "all %d\t\t%s\t%s\t%s\t%s\t\t\n", len(recs), textfmt.Commas(sum.Complete), textfmt.Commas(sum.Rerun), textfmt.Commas(sum.Top), textfmt.Commas(sum.Published))
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		if line != "" {
			fmt.Fprintln(w, strings.TrimRight(line, " \n"))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "complete iterations: the start and every iteration but the last, the same in any move order")
	fmt.Fprintln(w, "+ last, Korf's order: the re-run, the last iteration in Korf's order (blank up, left, right, down) stopped at the goal")
	fmt.Fprintln(w, "+ last, whole: the last iteration not stopped at the goal, the most any order can generate")
	fmt.Fprintf(w, "verdicts: %d reproduced, %d inside the bracket but not the re-run's, %d below it (a transcription error), %d above it\n",
		count[VerdictReproduced], count[VerdictInside], count[VerdictBelow], count[VerdictAbove])
	return nil
}

// WriteKorfJSON writes one JSON object per instance, a line each: instance,
// board, length, bounds, complete, last (the last iteration in Korf's
// order), last_whole (the last iteration run whole), rerun (complete +
// last), top (complete + last_whole), published and verdict.
func WriteKorfJSON(w io.Writer, recs []KorfRecord) error {
	enc := json.NewEncoder(w)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}
