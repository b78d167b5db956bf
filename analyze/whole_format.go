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

type wholeBoundRecord struct {
	Bound     int     `json:"bound"`
	Within    int     `json:"within"`
	Measured  float64 `json:"measured"`
	StdErr    float64 `json:"stderr"`
	Largest   uint64  `json:"largest"`
	Predicted float64 `json:"predicted"`
	Ratio     float64 `json:"ratio"`
	CDP       float64 `json:"predicted_cdp,omitempty"`
	RatioCDP  float64 `json:"ratio_cdp,omitempty"`
}

type wholeRecord struct {
	Shape     string             `json:"shape"`
	Goal      string             `json:"goal"`
	Heuristic string             `json:"heuristic"`
	Drawn     string             `json:"drawn"`
	Every     bool               `json:"every"`
	Dist      string             `json:"dist"`
	DistHow   string             `json:"dist_how"`
	Samples   uint64             `json:"samples"`
	CDP       bool               `json:"cdp"`
	Engine    string             `json:"engine"`
	Boards    int                `json:"boards"`
	MeanH     float64            `json:"mean_h"`
	Bounds    []wholeBoundRecord `json:"bounds"`
}

// WriteWholeJSON writes p as one JSON object: shape, goal, heuristic,
// drawn (how the boards were chosen), every (every board of the space),
// dist, dist_how and samples (KRE's distribution, as in
// WritePredictionJSON), engine (what counted: solver or recursive),
// boards, mean_h (the boards' mean value) and bounds (bound, within: the
// boards whose own value is within it, measured: the mean nodes of a
// whole iteration over every board, stderr: its standard error, 0 over
// every board, largest: one board's most, predicted: KRE's mean, ratio:
// predicted/measured, 0 when nothing was measured; with cdp, also
// predicted_cdp and ratio_cdp, CDP's from each board's own value and its
// counted conditional distribution).
func WriteWholeJSON(w io.Writer, p *WholePrediction) error {
	r := wholeRecord{Shape: p.Goal.Shape().String(), Goal: statespace.GoalName(p.Goal), Heuristic: p.Heuristic, Drawn: p.Drawn, Every: p.Every,
		Dist: p.Dist, DistHow: p.DistHow, Samples: p.Samples, CDP: p.CDP, Engine: p.Engine, Boards: p.Boards, MeanH: p.MeanH, Bounds: []wholeBoundRecord{}}
	for _, b := range p.Bounds {
		r.Bounds = append(r.Bounds, wholeBoundRecord{b.Bound, b.Within, b.Measured, b.StdErr, b.Largest, b.Predicted, ratio(b.Predicted, b.Measured),
			b.PredictedCDP, ratio(b.PredictedCDP, b.Measured)})
	}
	return json.NewEncoder(w).Encode(r)
}

// WriteWholeCSV writes a row per bound (predicted_cdp and ratio_cdp empty
// without CDP).
func WriteWholeCSV(w io.Writer, p *WholePrediction) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"shape", "goal", "heuristic", "dist", "boards", "bound", "within", "measured", "stderr", "largest", "predicted", "ratio", "predicted_cdp", "ratio_cdp"})
	for _, b := range p.Bounds {
		cdp, rcdp := "", ""
		if p.CDP {
			cdp, rcdp = f(b.PredictedCDP), f(ratio(b.PredictedCDP, b.Measured))
		}
		cw.Write([]string{p.Goal.Shape().String(), statespace.GoalName(p.Goal), p.Heuristic, p.Dist, strconv.Itoa(p.Boards), strconv.Itoa(b.Bound),
			strconv.Itoa(b.Within), f(b.Measured), f(b.StdErr), strconv.FormatUint(b.Largest, 10), f(b.Predicted), f(ratio(b.Predicted, b.Measured)), cdp, rcdp})
	}
	cw.Flush()
	return cw.Error()
}

// WriteWholeText writes p for people.
func WriteWholeText(w io.Writer, p *WholePrediction) error {
	fmt.Fprintf(w, "%s, goal %s, whole IDA* iterations on %s: %s boards %s, mean h %.2f; nodes expanded, mean per board\n",
		p.Goal.Shape(), statespace.GoalName(p.Goal), p.Heuristic, textfmt.Commas(p.Boards), p.Drawn, p.MeanH)
	fmt.Fprintf(w, "KRE's distribution (%s): %s\n", p.Dist, p.DistHow)
	if p.CDP {
		fmt.Fprintln(w, "CDP's conditional distribution: counted over every board and move; CDP from each board's own h")
	} else {
		fmt.Fprintln(w, "CDP: left out (its conditional distribution is not counted on so many boards, and a sampled one misses the rare low values)")
	}
	fmt.Fprintln(w, "One iteration per board and bound, run whole: the goal does not end it, every node with g + h within the bound counts,")
	fmt.Fprintln(w, "only the move back is pruned; a board whose own h exceeds the bound counts 0.")
	se := "s.e. of the mean: the boards' standard deviation / √boards"
	if p.Every {
		se = "every board counted: the means are exact"
	}
	fmt.Fprintln(w, se)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "bound\th ≤ bound\tmeasured\ts.e.\tlargest\tKRE\tKRE/measured\t"
	if p.CDP {
		head += "CDP\tCDP/measured\t"
	}
	fmt.Fprintln(tw, head)
	for _, b := range p.Bounds {
		s := "-"
		if !p.Every {
			s = fmt.Sprintf("%.1f", b.StdErr)
		}
		fmt.Fprintf(tw, "%d\t%s\t%.1f\t%s\t%s\t%.1f\t%.3f\t", b.Bound, textfmt.Commas(b.Within), b.Measured, s,
			textfmt.Commas(b.Largest), b.Predicted, ratio(b.Predicted, b.Measured))
		if p.CDP {
			fmt.Fprintf(tw, "%.1f\t%.3f\t", b.PredictedCDP, ratio(b.PredictedCDP, b.Measured))
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}
