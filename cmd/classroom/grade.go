package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/classroom/grade"
	"github.com/tilespace/tilespace/classroom/submissions"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// gradeFlags is grade's command line.
type gradeFlags struct {
	method, board, run, boards string
	json                       bool
	lim                        submissions.Limits
	memMiB, fileMiB            int64
	rest                       []string
}

func (f *gradeFlags) parse(c cli.Subcommand, stderr io.Writer, args []string) error {
	fs := c.Flags(stderr)
	fs.StringVar(&f.method, "method", "", "the `method` output.txt is for: bfs, dfs or ast")
	fs.StringVar(&f.board, "board", "", "the `board` output.txt is for, as puzzle.py takes it: 1,2,5,3,4,0,6,7,8")
	fs.BoolVar(&f.json, "json", false, "write the grades as JSON (-run: a JSON object a line)")
	fs.StringVar(&f.run, "run", "", "run this `command` (e.g. 'python3 puzzle.py', split at spaces; the method and board are appended) in each folder given, on the handout's test cases, and write a CSV row per run and item")
	fs.StringVar(&f.boards, "boards", "", "with -run: a `file` of more boards to test, one a line (# starts a comment), each with the three methods")
	fs.DurationVar(&f.lim.Time, "timeout", submissions.DefaultLimits.Time, "with -run: the wall time of each run")
	fs.Int64Var(&f.memMiB, "memory", submissions.DefaultLimits.Memory>>20, "with -run: the address space of each run, in `MiB`")
	fs.Int64Var(&f.fileMiB, "max-file", submissions.DefaultLimits.FileBytes>>20, "with -run: the largest file a run may write, in `MiB`")
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	f.rest = rest
	f.lim.Memory, f.lim.FileBytes = f.memMiB<<20, f.fileMiB<<20
	f.lim.CopyBytes, f.lim.CopyFiles = submissions.DefaultLimits.CopyBytes, submissions.DefaultLimits.CopyFiles
	switch {
	case f.run != "" && (f.method != "" || f.board != ""):
		return usagef("-run grades the handout's test cases (and -boards): give no -method or -board")
	case f.run != "" && len(rest) == 0:
		return usagef("-run takes the submissions' folders: classroom grade -run 'python3 puzzle.py' DIR...")
	case f.run != "" && (f.lim.Time <= 0 || f.memMiB < 1 || f.fileMiB < 1):
		return usagef("-timeout, -memory and -max-file must be positive")
	case f.run == "" && f.boards != "":
		return usagef("-boards is for -run")
	case f.run == "" && !slices.Contains(classroom.COMSMethods, f.method):
		return usagef("grade takes -method bfs, dfs or ast, -board BOARD and output.txt's name")
	case f.run == "" && (f.board == "" || len(rest) != 1):
		return usagef("grade takes -board BOARD and one output.txt: classroom grade -method bfs -board 1,2,5,3,4,0,6,7,8 output.txt")
	}
	return nil
}

// runGrade grades one output.txt, or with -run a class's submissions.
func runGrade(ctx context.Context, c cli.Subcommand, stdout, stderr io.Writer, args []string) error {
	var f gradeFlags
	if err := f.parse(c, stderr, args); err != nil {
		return err
	}
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		return err
	}
	o, err := res.Oracle(ctx, statespace.GoalFirst(grade.Shape), resolve.Need{TableOnly: true})
	if err != nil {
		return err
	}
	table := resolve.TableOf(o)
	if f.run != "" {
		return gradeClass(ctx, f, table, stdout, stderr)
	}
	b, err := statespace.Parse(f.board, grade.Shape)
	if err != nil {
		return usagef("-board %q: %v", f.board, err)
	}
	ref, err := grade.NewReference(ctx, f.method, b, table)
	if err != nil {
		return err
	}
	data, err := readOutputFile(f.rest[0])
	if err != nil {
		return err
	}
	r := grade.Grade(ref, data)
	if f.json {
		return r.WriteJSON(stdout)
	}
	return r.WriteText(stdout, f.rest[0])
}

// readOutputFile reads an output.txt of at most grade.MaxBytes.
func readOutputFile(name string) ([]byte, error) {
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, grade.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > grade.MaxBytes {
		return nil, fmt.Errorf("%s: more than %d bytes, more than the longest correct output.txt needs", name, grade.MaxBytes)
	}
	return data, nil
}

// gradeClass runs every submission on the test cases: a CSV row per run
// and item on stdout (or a JSON object per run), each submission's total
// on stderr.
func gradeClass(ctx context.Context, f gradeFlags, table classroom.Table, stdout, stderr io.Writer) error {
	boards, err := testBoards(f.boards)
	if err != nil {
		return err
	}
	var refs []grade.Reference
	for _, b := range boards {
		for _, m := range classroom.COMSMethods {
			ref, err := grade.NewReference(ctx, m, b, table)
			if err != nil {
				return err
			}
			refs = append(refs, ref)
		}
	}
	cfg := submissions.Config{Command: strings.Fields(f.run), Cases: refs, Limits: f.lim}
	if !f.json {
		if err := submissions.WriteCSV(stdout, submissions.CSVHeader); err != nil {
			return err
		}
	}
	var score, points float64
	done := 0
	return submissions.Run(ctx, cfg, f.rest, func(r submissions.Result) error {
		score, points, done = score+r.Report.Score, points+r.Report.Points, done+1
		if done%len(refs) == 0 {
			fmt.Fprintf(stderr, "classroom: %s: %.2f of %.2f points\n", r.Submission, score, points)
			score, points = 0, 0
		}
		if f.json {
			return json.NewEncoder(stdout).Encode(r)
		}
		return submissions.WriteCSV(stdout, submissions.CSVRows(r)...)
	})
}

// testBoards returns the handout's boards and those of the file named
// (none for "").
func testBoards(name string) ([]statespace.Board, error) {
	boards, err := submissions.ReadBoards(strings.NewReader(strings.Join(submissions.HandoutBoards, "\n")), "the handout")
	if err != nil || name == "" {
		return boards, err
	}
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	more, err := submissions.ReadBoards(file, name)
	return append(boards, more...), err
}
