// Package suite is the named set of figures cmd/plot writes: for each figure
// it gathers the data (package report/measure, from tables and searches),
// draws it (package report) and writes its files.
package suite

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tilespace/tilespace/store"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/report"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// Names lists every figure in the order they are made. The PDB heat maps
// (report.NameHeuristicPrefix + "pdb-…") come after the linear-conflict one,
// one per Options.PDB partition; "heuristic-pdb" selects them all.
var Names = []string{
	report.NameDepthHistogram,
	report.NameDepthHistogramLog,
	report.NameLayerRatio,
	report.NameSolutionStrip,
	report.NameHeuristicManhattan,
	report.NameHeuristicLinearConflict,
	NamePDBGroup,
	report.NameScalingNodes,
	report.NameScalingTime,
	report.NameScalingFrontier,
	report.NameDFSBlowup,
	report.NameDFSWalk,
	report.NameGreedyClimber,
	report.NameTextbookNodes,
	report.NameTextbookBStar,
	report.NamePrediction,
	report.NameDBSize,
	report.NameTextbookDeep,
}

// NamePDBGroup selects every PDB heat map.
const NamePDBGroup = "heuristic-pdb"

// Options choose the figures, their data and their files.
type Options struct {
	Out     string   // folder the files go to
	Only    []string // figure names (see Names); empty: all
	Formats []string // of report.Formats
	Size    report.Size

	Shape statespace.Shape // shape of the goal panel and the table figures
	Goal  statespace.Board // goal of the table figures
	// Resolver finds every table and database the figures are drawn
	// from; the command makes it (its cache folder, -table, and
	// ReadOnlyCache: databases built for the figures are not cached) and
	// closes it. Run refuses a nil one.
	Resolver *resolve.Resolver
	// Cache is the Resolver's cache folder: the depth figures read the
	// counts of its large tables (12 cells) from their files' headers,
	// without reading the tables.
	Cache store.Cache
	// Shapes are the shapes compared in the depth figures (goal last); a
	// shape whose table is neither small enough to build in memory nor in
	// the cache folder is an error.
	Shapes []statespace.Shape

	N        int   // boards per distance (scaling, dfs-blowup)
	Step     int   // distance stride for sampling (1: every distance)
	IDDFSMax int   // largest distance IDDFS runs at in the scaling figures
	Runs     int   // climber boards per mixing count
	Mixes    []int // climber mixing counts
	MaxShow  int   // boards drawn in the solution strip
	// TextbookMaxDepth is the deepest solution depth of the textbook
	// figures (package analyze: every board of each depth on shapes of at
	// most 9 cells, N boards per depth on larger ones).
	TextbookMaxDepth int
	// TextbookDeepJSON is a table written by analyze textbook -shape 4x4
	// -json to draw as the textbook-4x4 figure; empty: the figure
	// computes one (depths 30 to 30 + TextbookMaxDepth).
	TextbookDeepJSON string
	// Board is the start of the solution strip and the DFS walk; the zero
	// Board picks defaults (a board at the radius for the strip, a board
	// at distance 5 drawn with the seed for the walk).
	Board   statespace.Board
	PDB     []string // partitions for heuristic-pdb-… figures (pdb.ParsePartition text)
	Seed    uint64
	Workers int // parallel searches; 0: GOMAXPROCS
	Limits  search.Limits
	Log     io.Writer // progress bars (stderr); nil: none
}

// Defaults returns the options of a full run, or of a quick one (the whole
// set from small samples, in seconds) when quick is set.
func Defaults(quick bool) Options {
	o := Options{
		Out:              "figures",
		Formats:          slices.Clone(report.Formats),
		Size:             report.DefaultSize,
		Shape:            statespace.Shape{Rows: 3, Cols: 3},
		Shapes:           DefaultShapes(),
		N:                10,
		Step:             1,
		IDDFSMax:         22,
		Runs:             classroom.DefaultGreedyN,
		Mixes:            slices.Clone(classroom.DefaultGreedyKs),
		MaxShow:          report.DefaultMaxShow,
		TextbookMaxDepth: 20,
		PDB:              nil,
		Seed:             1,
	}
	if quick {
		o.N, o.Step, o.IDDFSMax, o.Runs = 1, 6, 13, 20
		o.TextbookMaxDepth = 12
		o.Mixes = []int{10, 50, 200, 1000}
	}
	o.Goal = statespace.GoalLast(o.Shape)
	o.PDB = DefaultPDB(o.Shape)
	return o
}

// DefaultShapes are the shapes of the shape comparisons: those enumerated
// in memory in well under a second, so that the figures depend on the
// options alone, never on which tables the cache folder holds. A 12-cell
// shape is drawn only when asked for (Options.Shapes), from its table in
// the cache folder.
func DefaultShapes() []statespace.Shape {
	return []statespace.Shape{{Rows: 2, Cols: 3}, {Rows: 2, Cols: 4}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}}
}

// DefaultPDB is the partition drawn by default: tiles 1–4 and 5–8 on 3x3
// (built in memory in milliseconds), none on other shapes.
func DefaultPDB(sh statespace.Shape) []string {
	if sh == (statespace.Shape{Rows: 3, Cols: 3}) {
		return []string{"1,2,3,4/5,6,7,8"}
	}
	return nil
}

// largeBoardLimits bound each search on boards of more than 9 cells when
// Options.Limits is zero: the 3x3 defaults of the search package.
var largeBoardLimits = search.Limits{MaxExpanded: search.DefaultMaxExpanded, MaxTime: search.DefaultMaxTime}

// Written is one figure's files.
type Written struct {
	Figure string        `json:"figure"`
	Paths  []string      `json:"paths"`
	Took   time.Duration `json:"took_ns"`
}

// Selected reports which of the known names only selects, and rejects
// names that are not figures.
func Selected(only []string) (func(name string) bool, error) {
	if len(only) == 0 {
		return func(string) bool { return true }, nil
	}
	want := map[string]bool{}
	for _, n := range only {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if !slices.Contains(Names, n) && !strings.HasPrefix(n, NamePDBGroup+"-") {
			return nil, fmt.Errorf("unknown figure %q (figures: %s)", n, strings.Join(Names, ", "))
		}
		want[n] = true
	}
	return func(name string) bool {
		if want[name] {
			return true
		}
		return strings.HasPrefix(name, NamePDBGroup+"-") && want[NamePDBGroup]
	}, nil
}

// CheckShape reports why no figure can be drawn for shape: each figure is
// drawn from the exact distance table of shape's goals, and statespace
// enumerates tables of at most table.MaxEnumerate boards (12 cells:
// 3x4 and 2x6, from tables built by cmd/enumerate; up to 10 cells in
// memory). The 15-puzzle's 10¹³ boards have no table.
func CheckShape(shape statespace.Shape) error {
	sp, err := statespace.NewSpace(statespace.GoalLast(shape))
	if err != nil {
		return err
	}
	if sp.Size() > table.MaxEnumerate {
		return fmt.Errorf("%s has %s reachable boards, too many for the exact distance table every figure is drawn from (tables go up to %s boards: 12 cells, 3x4 or 2x6); for %s boards use query, which solves them by search",
			shape, textfmt.Commas(sp.Size()), textfmt.Commas(uint64(table.MaxEnumerate)), shape)
	}
	return nil
}

// Run makes the selected figures and writes their files. A figure whose data
// cannot be drawn, or cannot be gathered, is reported in the returned error
// (all such errors joined) while the other figures are still made; a
// cancelled ctx stops at once.
func Run(ctx context.Context, o Options) ([]Written, error) {
	want, err := Selected(o.Only)
	if err != nil {
		return nil, err
	}
	if err := o.Size.Validate(); err != nil {
		return nil, err
	}
	for _, f := range o.Formats {
		if !slices.Contains(report.Formats, f) {
			return nil, fmt.Errorf("unknown format %q (formats: %s)", f, strings.Join(report.Formats, ", "))
		}
	}
	if len(o.Formats) == 0 {
		return nil, errors.New("no formats")
	}
	if err := CheckShape(o.Shape); err != nil {
		return nil, err
	}
	if o.Resolver == nil {
		return nil, errors.New("suite: no Resolver to find the tables and databases")
	}
	if o.Goal.IsZero() {
		o.Goal = statespace.GoalLast(o.Shape)
	}
	if o.Goal.Shape() != o.Shape {
		return nil, fmt.Errorf("goal %s is not a %s board", o.Goal, o.Shape)
	}
	if o.Limits == (search.Limits{}) && o.Shape.Cells() > search.SmallBoardCells {
		// The search package sets no default limits beyond 9 cells.
		o.Limits = largeBoardLimits
	}
	g := newGatherer(o)
	var written []Written
	var errs []error
	for _, job := range g.jobs() {
		if !slices.ContainsFunc(job.names, want) {
			continue
		}
		t0 := time.Now()
		figs, err := job.make(ctx)
		if ctx.Err() != nil {
			return written, ctx.Err()
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("figure %s: %w", strings.Join(job.names, ", "), err))
			continue
		}
		for _, f := range figs {
			if !want(f.Name) {
				continue
			}
			paths, err := f.Write(ctx, o.Out, o.Size, o.Formats)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			written = append(written, Written{Figure: f.Name, Paths: paths, Took: time.Since(t0)})
			t0 = time.Now()
		}
	}
	return written, errors.Join(errs...)
}
