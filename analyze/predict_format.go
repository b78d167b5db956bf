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

type iterationRecord struct {
	Bound     int     `json:"bound"`
	Boards    int     `json:"boards"`
	Last      int     `json:"last"`
	Measured  float64 `json:"measured"`
	Predicted float64 `json:"predicted"`
	Ratio     float64 `json:"ratio"`
	CDP       float64 `json:"predicted_cdp"`
	RatioCDP  float64 `json:"ratio_cdp"`
}

type predictionRecord struct {
	Shape             string            `json:"shape"`
	Goal              string            `json:"goal"`
	Heuristic         string            `json:"heuristic"`
	Depth             int               `json:"depth"`
	Drawn             string            `json:"drawn,omitempty"`
	MeanDepth         float64           `json:"mean_depth"`
	Dist              string            `json:"dist"`
	DistHow           string            `json:"dist_how"`
	Samples           uint64            `json:"samples"`
	CondSamples       uint64            `json:"cond_samples"`
	Engine            string            `json:"engine"`
	Boards            int               `json:"boards"`
	Measured          float64           `json:"measured"`
	Predicted         float64           `json:"predicted"`
	Ratio             float64           `json:"ratio"`
	MeasuredComplete  float64           `json:"measured_complete"`
	PredictedComplete float64           `json:"predicted_complete"`
	RatioComplete     float64           `json:"ratio_complete"`
	CDP               float64           `json:"predicted_cdp"`
	RatioCDP          float64           `json:"ratio_cdp"`
	CDPComplete       float64           `json:"predicted_cdp_complete"`
	Iterations        []iterationRecord `json:"iterations"`
}

// WritePredictionJSON writes p as one JSON object: shape, goal,
// heuristic, depth (0 for boards of mixed depths, with drawn saying how
// they were chosen), mean_depth, dist (KRE's distribution's source:
// exact, databases, samples) and dist_how (how it was had), samples (the
// boards it was estimated from; 0 unless sampled), cond_samples (the
// boards CDP's conditional distribution was estimated from; 0: counted
// over every board), engine (what measured IDA*: solver or
// search.IDAStar), boards, the mean nodes expanded measured and
// predicted in all and over the complete iterations (measured_complete,
// predicted_complete), their ratios (predicted/measured), the same for the
// conditional-distribution prediction (predicted_cdp, ratio_cdp,
// predicted_cdp_complete), and iterations (bound, boards, last, measured,
// predicted, ratio, predicted_cdp, ratio_cdp).
func WritePredictionJSON(w io.Writer, p *Prediction) error {
	r := predictionRecord{Shape: p.Goal.Shape().String(), Goal: statespace.GoalName(p.Goal), Heuristic: p.Heuristic, Depth: p.Depth,
		Drawn: p.Drawn, MeanDepth: p.MeanDepth, Dist: p.Dist, DistHow: p.DistHow, Samples: p.Samples, CondSamples: p.CondSamples, Engine: p.Engine, Boards: p.Boards, Measured: p.Measured, Predicted: p.Predicted, Ratio: ratio(p.Predicted, p.Measured),
		MeasuredComplete: p.MeasuredComplete, PredictedComplete: p.PredictedComplete, RatioComplete: ratio(p.PredictedComplete, p.MeasuredComplete),
		CDP: p.PredictedCDP, RatioCDP: ratio(p.PredictedCDP, p.Measured), CDPComplete: p.PredictedCDPComplete,
		Iterations: []iterationRecord{}}
	for _, it := range p.Iterations {
		r.Iterations = append(r.Iterations, iterationRecord{it.Bound, it.Boards, it.Last, it.Measured, it.Predicted, it.Predicted / it.Measured,
			it.PredictedCDP, it.PredictedCDP / it.Measured})
	}
	return json.NewEncoder(w).Encode(r)
}

// ratio is a/b, 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// WritePredictionCSV writes a row per iteration, with the source of
// KRE's distribution (dist) on each.
func WritePredictionCSV(w io.Writer, p *Prediction) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"shape", "goal", "heuristic", "depth", "dist", "bound", "boards", "last", "measured", "predicted", "ratio", "predicted_cdp", "ratio_cdp"})
	for _, it := range p.Iterations {
		cw.Write([]string{p.Goal.Shape().String(), statespace.GoalName(p.Goal), p.Heuristic, strconv.Itoa(p.Depth), p.Dist, strconv.Itoa(it.Bound),
			strconv.Itoa(it.Boards), strconv.Itoa(it.Last), f(it.Measured), f(it.Predicted), f(it.Predicted / it.Measured),
			f(it.PredictedCDP), f(it.PredictedCDP / it.Measured)})
	}
	cw.Flush()
	return cw.Error()
}

// WritePredictionText writes p for people.
func WritePredictionText(w io.Writer, p *Prediction) error {
	which := fmt.Sprintf("at depth %d", p.Depth)
	if p.Drawn != "" {
		which = fmt.Sprintf("%s, mean depth %.2f", p.Drawn, p.MeanDepth)
	}
	fmt.Fprintf(w, "%s, goal %s, IDA* on %s: %s boards %s; nodes expanded, mean per board\n", p.Goal.Shape(), statespace.GoalName(p.Goal),
		p.Heuristic, textfmt.Commas(p.Boards), which)
	fmt.Fprintf(w, "KRE's distribution (%s): %s\n", p.Dist, p.DistHow)
	if p.CondSamples > 0 {
		fmt.Fprintf(w, "CDP's conditional distribution: estimated from %s boards drawn uniformly and their children\n", textfmt.Commas(p.CondSamples))
	} else {
		fmt.Fprintln(w, "CDP's conditional distribution: counted over every board and move")
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bound\tboards\tof them last\tmeasured\tKRE\tKRE/measured\tCDP\tCDP/measured\t")
	for _, it := range p.Iterations {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.1f\t%.1f\t%.3f\t%.1f\t%.3f\t\n", it.Bound, textfmt.Commas(it.Boards), textfmt.Commas(it.Last), it.Measured,
			it.Predicted, it.Predicted/it.Measured, it.PredictedCDP, it.PredictedCDP/it.Measured)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nall iterations: measured %.1f; KRE %.1f, ratio %.3f; CDP %.1f, ratio %.3f\n", p.Measured,
		p.Predicted, ratio(p.Predicted, p.Measured), p.PredictedCDP, ratio(p.PredictedCDP, p.Measured))
	fmt.Fprintf(w, "complete iterations (each search's last left out): measured %.1f; KRE %.1f, ratio %.3f; CDP %.1f, ratio %.3f\n",
		p.MeasuredComplete, p.PredictedComplete, ratio(p.PredictedComplete, p.MeasuredComplete),
		p.PredictedCDPComplete, ratio(p.PredictedCDPComplete, p.MeasuredComplete))
	return nil
}
