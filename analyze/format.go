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

// profileRecord is a profile as one JSON object.
type profileRecord struct {
	Heuristic         string      `json:"heuristic"`
	Shape             string      `json:"shape"`
	Goal              string      `json:"goal"`
	States            uint64      `json:"states"`
	Radius            int         `json:"radius"`
	Joint             [][3]uint64 `json:"joint"`
	Exact             uint64      `json:"exact"`
	ExactShare        float64     `json:"exact_share"`
	MeanH             float64     `json:"mean_h"`
	MeanHStar         float64     `json:"mean_hstar"`
	MeanRatio         float64     `json:"mean_ratio"`
	Gaps              [][2]int64  `json:"gaps"`
	Inadmissible      uint64      `json:"inadmissible"`
	FirstInadmissible *boardValue `json:"first_inadmissible"`
	Edges             uint64      `json:"edges"`
	InconsistentEdges uint64      `json:"inconsistent_edges"`
	MaxJump           int         `json:"max_jump"`
	MaxJumpAt         *jumpAt     `json:"max_jump_at"`
	Branching         float64     `json:"branching"`
	Eta               float64     `json:"eta"`
}

type boardValue struct {
	Board string `json:"board"`
	H     int    `json:"h"`
	HStar int    `json:"hstar"`
}

type jumpAt struct {
	Board string `json:"board"`
	Move  string `json:"move"`
}

func (p *Profile) record() profileRecord {
	r := profileRecord{
		Heuristic: p.Heuristic, Shape: p.Shape().String(), Goal: statespace.GoalName(p.Goal),
		States: p.States, Radius: len(p.Joint[0]) - 1,
		Exact: p.Exact(), ExactShare: p.ExactShare(), MeanH: p.MeanH(), MeanHStar: p.MeanHStar(),
		MeanRatio: p.MeanRatio(), Inadmissible: p.Inadmissible,
		Edges: p.Edges, InconsistentEdges: p.InconsistentEdges, MaxJump: p.MaxJump,
		Branching: p.Branching, Eta: p.Eta(),
		Joint: [][3]uint64{}, Gaps: [][2]int64{},
	}
	for h, row := range p.Joint {
		for hs, c := range row {
			if c != 0 {
				r.Joint = append(r.Joint, [3]uint64{uint64(h), uint64(hs), c})
			}
		}
	}
	lo, gaps := p.Gaps()
	for i, c := range gaps {
		if c != 0 {
			r.Gaps = append(r.Gaps, [2]int64{int64(lo + i), int64(c)})
		}
	}
	if !p.FirstInadmissible.IsZero() {
		r.FirstInadmissible = &boardValue{p.FirstInadmissible.String(), p.FirstH, p.FirstHStar}
	}
	if !p.JumpBoard.IsZero() && p.MaxJump > 1 {
		r.MaxJumpAt = &jumpAt{p.JumpBoard.String(), p.JumpMove.String()}
	}
	return r
}

// WriteJSON writes each profile as one JSON object on a line of its own.
// Its keys: heuristic, shape, goal, states, radius, joint (rows
// [h, hstar, count] for every pair some board has), exact, exact_share,
// mean_h, mean_hstar, mean_ratio (the goal left out), gaps (rows
// [hstar−h, count]), inadmissible, first_inadmissible ({board, h, hstar}
// or null), edges, inconsistent_edges, max_jump, max_jump_at ({board,
// move} of the largest jump when it is more than 1, else null),
// branching, eta.
func WriteJSON(w io.Writer, ps []*Profile) error {
	enc := json.NewEncoder(w)
	for _, p := range ps {
		if err := enc.Encode(p.record()); err != nil {
			return err
		}
	}
	return nil
}

// WriteCSV writes the profiles as CSV: with joint false a row per
// heuristic of its figures, with joint true a row per heuristic, h and h*
// of the boards that have them.
func WriteCSV(w io.Writer, ps []*Profile, joint bool) error {
	cw := csv.NewWriter(w)
	if joint {
		cw.Write([]string{"heuristic", "shape", "goal", "h", "hstar", "count"})
		for _, p := range ps {
			for h, row := range p.Joint {
				for hs, c := range row {
					if c != 0 {
						cw.Write([]string{p.Heuristic, p.Shape().String(), statespace.GoalName(p.Goal), strconv.Itoa(h), strconv.Itoa(hs), strconv.FormatUint(c, 10)})
					}
				}
			}
		}
	} else {
		cw.Write([]string{"heuristic", "shape", "goal", "states", "exact", "exact_share", "mean_h", "mean_hstar", "mean_ratio",
			"inadmissible", "first_inadmissible", "edges", "inconsistent_edges", "max_jump", "branching", "eta"})
		for _, p := range ps {
			first := ""
			if !p.FirstInadmissible.IsZero() {
				first = p.FirstInadmissible.String()
			}
			cw.Write([]string{p.Heuristic, p.Shape().String(), statespace.GoalName(p.Goal), u(p.States), u(p.Exact()),
				f(p.ExactShare()), f(p.MeanH()), f(p.MeanHStar()), f(p.MeanRatio()), u(p.Inadmissible), first,
				u(p.Edges), u(p.InconsistentEdges), strconv.Itoa(p.MaxJump), f(p.Branching), f(p.Eta())})
		}
	}
	cw.Flush()
	return cw.Error()
}

func u(x uint64) string  { return strconv.FormatUint(x, 10) }
func f(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// WriteText writes the profiles for people: a line about the space, a
// row per heuristic, and the boards where a heuristic overestimates or
// jumps by more than a move.
func WriteText(w io.Writer, lv *Levels, ps []*Profile) error {
	if len(ps) == 0 {
		return nil
	}
	p0 := ps[0]
	fmt.Fprintf(w, "%s, goal %s: %s boards at distances 0 to %d; brute-force branching factor b = %.6f\n\n",
		p0.Shape(), statespace.GoalName(p0.Goal), textfmt.Commas(p0.States), lv.Radius(), p0.Branching)
	// Names left-aligned, figures right-aligned: the names are padded.
	width := len("heuristic")
	for _, p := range ps {
		width = max(width, len(p.Heuristic))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\th = h*\tmean h\tmean h/h*\th > h*\t|Δh| > 1\tmax |Δh|\tη\t\n", width, "heuristic")
	for _, p := range ps {
		fmt.Fprintf(tw, "%-*s\t%.2f%%\t%.3f\t%.4f\t%s\t%s\t%d\t%.4g\t\n", width, p.Heuristic, 100*p.ExactShare(), p.MeanH(),
			p.MeanRatio(), textfmt.Commas(p.Inadmissible), textfmt.Commas(p.InconsistentEdges), p.MaxJump, p.Eta())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nmean h* = %.3f; mean h/h* leaves out the goal (h* = 0)\n", p0.MeanHStar())
	fmt.Fprintf(w, "|Δh| > 1: of the %s moves (each pair of neighbours once), those whose ends' values differ by more than 1\n", textfmt.Commas(p0.Edges))
	fmt.Fprintf(w, "η: the mean of b^-h over every board\n")
	for _, p := range ps {
		if p.Inadmissible != 0 {
			fmt.Fprintf(w, "%s overestimates %s boards, the first %s (h = %d, h* = %d)\n", p.Heuristic,
				textfmt.Commas(p.Inadmissible), p.FirstInadmissible, p.FirstH, p.FirstHStar)
		}
		if p.InconsistentEdges != 0 {
			fmt.Fprintf(w, "%s jumps by %d at %s, move %s\n", p.Heuristic, p.MaxJump, p.JumpBoard, p.JumpMove)
		}
	}
	return nil
}
