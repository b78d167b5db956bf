package suite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/statespace"
)

// textbook draws the textbook table (analyze.Textbook): on shapes of at
// most 9 cells every board of each depth with the book's algorithms and
// IDA*, on larger ones o.N boards per depth with A* on Manhattan distance
// and linear conflict.
func (g *gatherer) textbook(ctx context.Context) ([]*report.Figure, error) {
	o := g.o
	cfg := analyze.TextbookConfig{Goal: o.Goal, MaxDepth: o.TextbookMaxDepth, Seed: o.Seed}
	caption := fmt.Sprintf("%s, goal %s: every board at each depth.", o.Shape, statespace.GoalName(o.Goal))
	if o.Shape.Cells() > 9 {
		cfg.Algorithms = []string{"astar:manhattan", "astar:linear-conflict"}
		cfg.Sample = max(1, o.N)
		caption = fmt.Sprintf("%s, goal %s: %d boards drawn uniformly at each depth (seed %d).", o.Shape, statespace.GoalName(o.Goal), cfg.Sample, o.Seed)
	}
	t, err := analyze.Textbook(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return report.Effort(effortData(t, caption))
}

// effortData is t in the form report.Effort draws, with the book's figures
// where the table is the book's (the 8-puzzle).
func effortData(t *analyze.Table, caption string) report.EffortData {
	d := report.EffortData{Caption: caption + " Nodes generated as package search counts them; ids and ids-book counted exactly (package analyze).",
		Branching: analyze.NewBruteForce(t.Goal.Shape()).Factor()}
	for i, a := range t.Algorithms {
		s := report.EffortSeries{Label: a}
		for _, row := range t.Rows {
			c := row.Cells[i]
			if c.Boards == 0 {
				continue
			}
			s.Depth = append(s.Depth, row.Depth)
			s.Mean, s.Max, s.BStar = append(s.Mean, c.Mean), append(s.Max, float64(c.Max)), append(s.BStar, c.BStar)
		}
		d.Series = append(d.Series, s)
	}
	if t.Goal.Shape() == (statespace.Shape{Rows: 3, Cols: 3}) {
		for _, c := range analyze.Book {
			if c.Depth <= len(t.Rows) {
				d.Book = append(d.Book, report.EffortPoint{Label: c.Algorithm, Depth: c.Depth, Nodes: c.Nodes, BStar: analyze.EffectiveBranching(c.Nodes, c.Depth)})
			}
		}
		d.BookNote = "Crosses: " + analyze.BookSource + "."
	}
	return d
}

// prediction draws IDA*'s expansions on Manhattan distance against Korf,
// Reid & Edelkamp's prediction (analyze.Predict) for the boards at
// TextbookMaxDepth − 2: every one on shapes of at most 9 cells, o.N on
// larger ones.
func (g *gatherer) prediction(ctx context.Context) ([]*report.Figure, error) {
	o := g.o
	cfg := analyze.PredictConfig{Goal: o.Goal, Heuristic: "manhattan", Depth: max(1, o.TextbookMaxDepth-2), Seed: o.Seed}
	what := "every board"
	if o.Shape.Cells() > 9 {
		cfg.Sample = max(1, o.N)
		what = fmt.Sprintf("%d boards drawn uniformly (seed %d)", cfg.Sample, o.Seed)
	}
	p, err := analyze.Predict(ctx, cfg)
	if err != nil {
		return nil, err
	}
	d := report.PredictionData{Label: "KRE", Label2: "CDP",
		Caption: fmt.Sprintf("%s, goal %s, IDA* on Manhattan distance, %s at depth %d (%d boards). Prediction: Korf, Reid & Edelkamp (2001), "+
			"the blank's cell as the type, from the exact distribution of h by cell; CDP: Zahavi, Felner, Burch & Holte (2010), from the exact "+
			"conditional distribution. In all: measured %.1f, KRE %.1f, CDP %.1f a board.",
			o.Shape, statespace.GoalName(o.Goal), what, p.Depth, p.Boards, p.Measured, p.Predicted, p.PredictedCDP)}
	for _, it := range p.Iterations {
		d.Iterations = append(d.Iterations, report.PredictionIteration{Bound: it.Bound, Boards: it.Boards, Measured: it.Measured, Predicted: it.Predicted, Predicted2: it.PredictedCDP})
	}
	f, err := report.Prediction(d)
	if err != nil {
		return nil, err
	}
	return []*report.Figure{f}, nil
}

// dbsize draws IDA*'s expansions against the pattern databases' size
// (analyze.DBSize) on 10·o.N boards drawn uniformly, with the default
// partitions, beside Korf's (log_b s + 1)/s.
func (g *gatherer) dbsize(ctx context.Context) ([]*report.Figure, error) {
	o := g.o
	t, err := analyze.DBSize(ctx, analyze.DBSizeConfig{Goal: o.Goal, Boards: 10 * max(1, o.N), Seed: o.Seed})
	if err != nil {
		return nil, err
	}
	d := report.DBSizeData{Label: "Korf (2007): (log_b s + 1)/s",
		Caption: fmt.Sprintf("%s, goal %s, IDA* on additive pattern databases (tiles in order cut into patterns of 1, 2, … tiles; s their entries together), "+
			"%d boards drawn uniformly (seed %d), b = %.4f.", o.Shape, statespace.GoalName(o.Goal), t.Boards, t.Seed, t.Branching)}
	for _, r := range t.Rows {
		d.Points = append(d.Points, report.DBSizePoint{Partition: r.Partition, Entries: float64(r.Entries), Measured: r.Fraction, Predicted: r.Predicted})
	}
	f, err := report.DBSize(d)
	if err != nil {
		return nil, err
	}
	return []*report.Figure{f}, nil
}

// textbookDeep draws the textbook's table on the 15-puzzle
// (report.TextbookDeep): read from o.TextbookDeepJSON (analyze textbook
// -shape 4x4 -json) when given, else computed (analyze.TextbookDeep) on
// o.N boards drawn at every other depth from 30 to 30 + TextbookMaxDepth
// (drawn cheaply: from 30 on, a board at the depth takes 17,000 random
// boards or fewer, most cut by Manhattan distance alone), with Manhattan
// distance, linear conflict and the 5-5-5 databases (from the resolver).
func (g *gatherer) textbookDeep(ctx context.Context) ([]*report.Figure, error) {
	o := g.o
	t, err := g.deepTable(ctx)
	if err != nil {
		return nil, err
	}
	d := report.DeepData{Caption: fmt.Sprintf("%s, goal %s: IDA*, %d %s a depth drawn uniformly among those at the depth (seed %d); nodes generated as package search counts them (analyze textbook).",
		t.Shape, t.Goal, t.Boards, textfmt.Plural(t.Boards, "board", "boards"), t.Seed)}
	if o.TextbookDeepJSON != "" {
		d.Caption += " From " + filepath.Base(o.TextbookDeepJSON) + "."
	}
	index := map[string]int{}
	for _, row := range t.Rows {
		for _, c := range row.Cells {
			i, ok := index[c.Algorithm]
			if !ok {
				i = len(d.Series)
				index[c.Algorithm] = i
				d.Series = append(d.Series, report.DeepSeries{Label: deepLabel(c.Algorithm, t)})
			}
			p := report.DeepPoint{Depth: row.Depth, Boards: c.Boards, Stopped: c.Stopped, Mean: c.Mean, Q1: c.Q1, Median: c.Median, Q3: c.Q3, BStar: c.BStar}
			if c.Boards > 0 {
				p.BStarQ1, p.BStarQ3 = analyze.EffectiveBranching(c.Q1, row.Depth), analyze.EffectiveBranching(c.Q3, row.Depth)
			}
			d.Series[i].Points = append(d.Series[i].Points, p)
		}
	}
	f, err := report.TextbookDeep(d)
	if err != nil {
		return nil, err
	}
	return []*report.Figure{f}, nil
}

// deepLabel names an algorithm of t in the legend: its databases by
// their preset's name when they are one ("ida:pdb:7-8"), else as t does.
func deepLabel(alg string, t *analyze.DeepTable) string {
	arg, ok := strings.CutPrefix(alg, "ida:pdb:")
	sh, err := statespace.ParseShape(t.Shape)
	if !ok || err != nil {
		return alg
	}
	goal, err := statespace.ParseGoal(t.Goal, sh)
	if err != nil {
		return alg
	}
	part, err := pdb.ParsePartition(arg, goal)
	if err != nil {
		return alg
	}
	return "ida:pdb:" + part.Label()
}

// deepTable is textbookDeep's table: read, or computed.
func (g *gatherer) deepTable(ctx context.Context) (*analyze.DeepTable, error) {
	o := g.o
	if o.TextbookDeepJSON != "" {
		f, err := os.Open(o.TextbookDeepJSON)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		t, err := analyze.ReadDeepJSON(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.TextbookDeepJSON, err)
		}
		return t, nil
	}
	cfg := analyze.DeepConfig{Goal: statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}), N: max(1, o.N), Seed: o.Seed, BFSDepth: 20,
		Algorithms: []string{"ida:manhattan", "ida:linear-conflict", "ida:pdb:5-5-5"}, Databases: g.res.Databases}
	for dep := 30; dep <= 30+o.TextbookMaxDepth; dep += 2 {
		cfg.Depths = append(cfg.Depths, dep)
	}
	rows, err := analyze.TextbookDeep(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &analyze.DeepTable{Shape: cfg.Goal.Shape().String(), Goal: statespace.GoalName(cfg.Goal), Boards: cfg.N, Seed: cfg.Seed, Rows: rows}, nil
}
