package analyze

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

type dbsizeRecord struct {
	Shape        string  `json:"shape"`
	Goal         string  `json:"goal"`
	Partition    string  `json:"partition"`
	Patterns     int     `json:"patterns"`
	Entries      uint64  `json:"entries"`
	Boards       int     `json:"boards"`
	Seed         uint64  `json:"seed"`
	MeanDepth    float64 `json:"mean_depth"`
	MeanH        float64 `json:"mean_h"`
	MeanExpanded float64 `json:"mean_expanded"`
	MeanBrute    float64 `json:"mean_brute"`
	Fraction     float64 `json:"fraction"`
	Predicted    float64 `json:"predicted_fraction"`
	Ratio        float64 `json:"ratio"`
	Branching    float64 `json:"b"`
}

func dbsizeRecords(t *DBSizeTable) []dbsizeRecord {
	var out []dbsizeRecord
	for _, r := range t.Rows {
		out = append(out, dbsizeRecord{t.Goal.Shape().String(), statespace.GoalName(t.Goal), r.Partition, r.Patterns, r.Entries, r.Boards, t.Seed,
			r.MeanDepth, r.MeanH, r.MeanExpanded, r.MeanBrute, r.Fraction, r.Predicted, ratio(r.Predicted, r.Fraction), t.Branching})
	}
	return out
}

// WriteDBSizeJSON writes an object per partition: shape, goal, partition,
// patterns, entries (s), boards, seed, mean_depth, mean_h,
// mean_expanded, mean_brute (the brute-force tree to each board's
// depth), fraction (mean_expanded / mean_brute), predicted_fraction
// (Korf's (log_b s + 1)/s), ratio (predicted over measured fraction) and b.
func WriteDBSizeJSON(w io.Writer, t *DBSizeTable) error {
	enc := json.NewEncoder(w)
	for _, r := range dbsizeRecords(t) {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// WriteDBSizeCSV writes a row per partition, the JSON keys as columns.
func WriteDBSizeCSV(w io.Writer, t *DBSizeTable) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"shape", "goal", "partition", "patterns", "entries", "boards", "seed", "mean_depth", "mean_h", "mean_expanded",
		"mean_brute", "fraction", "predicted_fraction", "ratio", "b"})
	for _, r := range dbsizeRecords(t) {
		cw.Write([]string{r.Shape, r.Goal, r.Partition, strconv.Itoa(r.Patterns), strconv.FormatUint(r.Entries, 10), strconv.Itoa(r.Boards),
			strconv.FormatUint(r.Seed, 10), f(r.MeanDepth), f(r.MeanH), f(r.MeanExpanded), f(r.MeanBrute), f(r.Fraction), f(r.Predicted),
			f(r.Ratio), f(r.Branching)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteDBSizeText writes t for people.
func WriteDBSizeText(w io.Writer, t *DBSizeTable) error {
	fmt.Fprintf(w, "%s, goal %s: IDA* on additive pattern databases, %s boards drawn uniformly (seed %d), b = %.4f\n\n",
		t.Goal.Shape(), statespace.GoalName(t.Goal), textfmt.Commas(t.Boards), t.Seed, t.Branching)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "partition\tentries s\tmean depth\tmean h\texpanded\tbrute force\tshare\t(log_b s + 1)/s\tpredicted/measured\t")
	for _, r := range t.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%.2f\t%.2f\t%.1f\t%.4g\t%.3g\t%.3g\t%.3g\t\n", r.Partition, textfmt.Commas(r.Entries), r.MeanDepth, r.MeanH,
			r.MeanExpanded, r.MeanBrute, r.Fraction, r.Predicted, ratio(r.Predicted, r.Fraction))
	}
	return tw.Flush()
}
