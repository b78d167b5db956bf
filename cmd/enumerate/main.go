// Command enumerate builds tilespace's data files: the exact distance of
// every reachable board from a goal, by retrograde breadth-first search,
// written to the tilespace cache folder (or -out DIR).
//
// Usage:
//
//	enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-json] [-all]
//	enumerate -pdb 6-6-3|5-5-5|7-8|PATTERNS [-shape RxC] [-goal …] [-out DIR] [-json]
//
// With no flags it builds the 8-puzzle table for the goal "last" and
// prints its depth distribution, radius and the boards at the radius.
// -pdb builds the pattern databases of a partition instead (4x4 presets,
// or patterns such as 1,2,3,4/5,6,7,8 on any shape). -all builds every
// default data file in one batch run: the tables of every shape up to 10
// cells and the 6-6-3 pattern databases of the 15-puzzle for goal last.
package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/internal/cli"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
)

func main() {
	cli.Main("enumerate", func(ctx context.Context, _ io.Reader, stdout, stderr io.Writer, args []string) error {
		return run(ctx, stdout, stderr, args)
	}, interrupted)
}

const interrupted = "interrupted; every file written is complete (each is written whole, then renamed), and none is partial"

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

// report writes err for people and returns the exit status.
func report(stderr io.Writer, err error) int {
	return cli.Report(stderr, "enumerate", err, interrupted)
}

func run(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	fs := cli.NewFlagSet("enumerate", "enumerate [-shape RxC] [-goal last|first|BOARD] [-out DIR] [-json] [-all] [-pdb PARTITION]", stderr)
	shapeFlag := fs.String("shape", "3x3", "board shape RxC: R rows, C columns, at most 16 cells")
	goalFlag := fs.String("goal", "last", "goal: last, first, or a board such as 1,2,3,4,0,5,6,7,8")
	out := fs.String("out", "", "folder to write to (default: the tilespace cache folder)")
	asJSON := fs.Bool("json", false, "print one JSON object per table instead of text")
	all := fs.Bool("all", false, "build every default file: the tables of all shapes up to 10 cells for goals last and first and of the 3x3 centre and edge goals, and the 6-6-3 pattern databases of 4x4 goal last")
	encName := fs.String("encoding", "mod4-bit", "table encoding: mod4-bit (smallest) or bytes (one byte per state)")
	pdbFlag := fs.String("pdb", "", "build pattern databases instead of a table: a 4x4 preset (6-6-3, 5-5-5, 7-8) or `patterns` such as 1,2,3,4/5,6,7,8")
	rest, err := fs.Parse(args, false)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageError{Err: fmt.Errorf("unexpected argument %q (boards go to query, not enumerate)", rest[0])}
	}
	enc, err := parseEncoding(*encName)
	if err != nil {
		return usageError{Err: err}
	}
	given := map[string]bool{}
	for _, name := range fs.Given() {
		given[name] = true
	}
	dir := *out
	if dir == "" {
		if dir, err = store.CacheDir(); err != nil {
			return err
		}
	}
	var goals []statespace.Board
	var pdbs []generate.PDBJob
	switch {
	case *all:
		if given["pdb"] || given["shape"] || given["goal"] {
			return usageError{Err: fmt.Errorf("-all builds every default file; -shape, -goal and -pdb go on a run of their own")}
		}
		goals = generate.DefaultGoals()
		pdbs = generate.DefaultPDBs()
	default:
		shapeText := *shapeFlag
		if !given["shape"] && slices.Contains(pdb.PresetNames, *pdbFlag) {
			shapeText = "4x4" // the presets are the 15-puzzle's
		}
		shape, err := statespace.ParseShape(shapeText)
		if err != nil {
			return usageError{Err: err}
		}
		goal, err := statespace.ParseGoal(*goalFlag, shape)
		if err != nil {
			return usageError{Err: err}
		}
		if *pdbFlag == "" {
			goals = []statespace.Board{goal}
			break
		}
		part, err := pdb.ParsePartition(*pdbFlag, goal)
		if err != nil {
			return usageError{Err: err}
		}
		// Refuse a pattern too large to build before building the others.
		n := shape.Cells()
		for _, p := range part.Patterns {
			if states := pdb.Placements(n, len(p)) * uint64(n-len(p)); states > pdb.MaxAbstractStates {
				return usageError{Err: fmt.Errorf("-pdb: pattern %s has %d tiles; its abstract space on %s (%s states) is larger than the %s tilespace builds: split it",
					joinTiles(p), len(p), shape, textfmt.Commas(states), textfmt.Commas(uint64(pdb.MaxAbstractStates)))}
			}
		}
		pdbs = []generate.PDBJob{{Goal: goal, Partition: part}}
	}
	var total float64
	for _, g := range goals {
		sp, err := statespace.NewSpace(g)
		if err != nil {
			return err
		}
		if sp.Size() > statespace.MaxEnumerate {
			return fmt.Errorf("%s has %s reachable boards, more than the %s (12 cells) a full table takes; larger boards are solved with pattern databases: enumerate -shape %s -pdb PATTERNS (6-6-3 on 4x4)",
				sp.Shape(), textfmt.Commas(sp.Size()), textfmt.Commas(statespace.MaxEnumerate), sp.Shape())
		}
		total += float64(sp.Size())
	}
	for _, j := range pdbs {
		total += float64(generate.PDBWork(j.Goal, j.Partition))
	}
	bar := progress.New(stderr, "enumerate", total)
	defer bar.Done()
	var done float64
	reports := 0
	write := func(r interface {
		WriteJSON(io.Writer) error
		WriteText(io.Writer) error
	}) error {
		bar.Done()
		defer func() { reports++ }()
		if *asJSON {
			return r.WriteJSON(stdout)
		}
		if reports > 0 {
			fmt.Fprintln(stdout)
		}
		return r.WriteText(stdout)
	}
	for _, g := range goals {
		r, err := generate.Table(ctx, g, dir, enc, advance(bar, done))
		if err != nil {
			return err
		}
		done += float64(r.States)
		if err := write(r); err != nil {
			return err
		}
	}
	for _, j := range pdbs {
		r, err := generate.PDBs(ctx, j.Goal, j.Partition, dir, advance(bar, done))
		if err != nil {
			return err
		}
		done += float64(generate.PDBWork(j.Goal, j.Partition))
		if err := write(r); err != nil {
			return err
		}
	}
	return nil
}

// advance returns the progress callback of one build that starts when
// done units of the whole run are behind: it moves bar from there.
func advance(bar *progress.Bar, done float64) generate.Progress {
	return func(d, _ uint64) { bar.Update(done + float64(d)) }
}

func parseEncoding(name string) (tablefile.Encoding, error) {
	switch name {
	case "mod4-bit":
		return tablefile.EncodingMod4Bit, nil
	case "bytes":
		return tablefile.EncodingBytes, nil
	}
	return 0, fmt.Errorf("-encoding %q: want mod4-bit or bytes", name)
}

func joinTiles(tiles []int) string {
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = strconv.Itoa(t)
	}
	return strings.Join(parts, ",")
}
