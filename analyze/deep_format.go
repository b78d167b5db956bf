package analyze

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// WriteDeepText writes TextbookDeep's table, a line per depth and
// algorithm.
func WriteDeepText(w io.Writer, cfg DeepConfig, rows []DeepRow) error {
	fmt.Fprintf(w, "%s, goal %s: IDA*, %d %s a depth drawn uniformly among those at the depth (seed %d); nodes generated\n\n",
		cfg.Goal.Shape(), statespace.GoalName(cfg.Goal), cfg.N, textfmt.Plural(cfg.N, "board", "boards"), cfg.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "depth\tdrawn by\talgorithm\tboards\tmean\tb*\tQ1\tmedian\tQ3\t")
	stopped := 0
	for _, r := range rows {
		for _, c := range r.Cells {
			stopped += c.Stopped
			if c.Boards == 0 {
				fmt.Fprintf(tw, "%d\t%s\t%s\t0\t—\t—\t—\t—\t—\t\n", r.Depth, r.Draw.Method, c.Algorithm)
				continue
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%.4f\t%s\t%s\t%s\t\n", r.Depth, r.Draw.Method, c.Algorithm, c.Boards,
				deepNum(c.Mean), c.BStar, deepNum(c.Q1), deepNum(c.Median), deepNum(c.Q3))
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "b*: the effective branching factor of the mean; Q1, Q3: the quartiles of the boards' counts")
	if stopped > 0 {
		fmt.Fprintf(w, "%d searches reached -max-time and are left out of the figures (boards counts those kept)\n", stopped)
	}
	return nil
}

// deepNum writes a count with thousands separators below 10⁷ and in
// scientific notation above.
func deepNum(x float64) string {
	if x >= 1e7 {
		return strconv.FormatFloat(x, 'e', 3, 64)
	}
	return textfmt.Commas(uint64(x + 0.5))
}

// WriteDeepJSON writes the table as one JSON object: shape, goal, boards
// (per depth), seed and rows (depth, draw: method, level, draws,
// searched; cells: algorithm, boards, stopped, mean, q1, median, q3,
// bstar).
func WriteDeepJSON(w io.Writer, cfg DeepConfig, rows []DeepRow) error {
	return json.NewEncoder(w).Encode(DeepTable{cfg.Goal.Shape().String(), statespace.GoalName(cfg.Goal), cfg.N, cfg.Seed, rows})
}

// WriteDeepCSV writes the table as CSV, a row per depth and algorithm:
// depth, method (how the depth's boards were drawn), algorithm, boards,
// stopped, mean, bstar, q1, median, q3 (empty when every search
// stopped).
func WriteDeepCSV(w io.Writer, rows []DeepRow) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"depth", "method", "algorithm", "boards", "stopped", "mean", "bstar", "q1", "median", "q3"})
	for _, r := range rows {
		for _, c := range r.Cells {
			rec := []string{strconv.Itoa(r.Depth), r.Draw.Method, c.Algorithm, strconv.Itoa(c.Boards), strconv.Itoa(c.Stopped), "", "", "", "", ""}
			if c.Boards > 0 {
				for i, x := range []float64{c.Mean, c.BStar, c.Q1, c.Median, c.Q3} {
					rec[5+i] = strconv.FormatFloat(x, 'g', -1, 64)
				}
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	return cw.Error()
}

// DeepTable is a table as WriteDeepJSON writes it.
type DeepTable struct {
	Shape  string    `json:"shape"`
	Goal   string    `json:"goal"`
	Boards int       `json:"boards"`
	Seed   uint64    `json:"seed"`
	Rows   []DeepRow `json:"rows"`
}

// MaxDeepJSON bounds the bytes ReadDeepJSON reads: 16 MiB.
const MaxDeepJSON = 16 << 20

// DeepJSONError reports a table that ReadDeepJSON cannot use: what is
// wrong with it.
type DeepJSONError struct{ Msg string }

// Kind is errkind.Value.
func (*DeepJSONError) Kind() errkind.Kind { return errkind.Value }

func (e *DeepJSONError) Error() string { return "textbook table: " + e.Msg }

// ReadDeepJSON reads a table written by WriteDeepJSON (at most
// MaxDeepJSON bytes) and checks it: a shape, rising depths, counts not
// negative, figures finite and not negative.
func ReadDeepJSON(r io.Reader) (*DeepTable, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxDeepJSON+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > MaxDeepJSON {
		return nil, &DeepJSONError{Msg: fmt.Sprintf("over %d bytes", MaxDeepJSON)}
	}
	var t DeepTable
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return nil, &DeepJSONError{Msg: "not a table written by analyze textbook -json: " + err.Error()}
	}
	if _, err := statespace.ParseShape(t.Shape); err != nil {
		return nil, &DeepJSONError{Msg: err.Error()}
	}
	for i, row := range t.Rows {
		if row.Depth < 0 || i > 0 && row.Depth <= t.Rows[i-1].Depth {
			return nil, &DeepJSONError{Msg: fmt.Sprintf("row %d: depth %d: the depths must rise from 0", i+1, row.Depth)}
		}
		for _, c := range row.Cells {
			ok := c.Boards >= 0 && c.Stopped >= 0
			for _, x := range []float64{c.Mean, c.Q1, c.Median, c.Q3, c.BStar} {
				ok = ok && x >= 0 && !math.IsInf(x, 0)
			}
			if !ok {
				return nil, &DeepJSONError{Msg: fmt.Sprintf("depth %d, %s: a negative or infinite figure", row.Depth, c.Algorithm)}
			}
		}
	}
	return &t, nil
}
