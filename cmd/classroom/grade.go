package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/classroom/grade"
	"github.com/tilespace/tilespace/classroom/submissions"
	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/atomicfile"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
)

// gradeFlags is grade's command line.
type gradeFlags struct {
	method, board, run, boards string
	json                       bool
	lim                        submissions.Limits
	memMiB, fileMiB            int64
	jobs                       int
	unsafeNoBox                bool
	nearMiss                   float64
	out                        string
	gradescope                 bool
	autograder                 string
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
	fs.IntVar(&f.jobs, "j", runtime.NumCPU(), "with -run: how many runs go at once")
	fs.BoolVar(&f.unsafeNoBox, "unsafe-no-box", false, "with -run: run students' programs as yourself, outside any box, with only rlimits (for code you trust, where no box can be made)")
	fs.Float64Var(&f.nearMiss, "near-miss-credit", 0, "the `share` (0 to 1) of an item's points a near miss scores, when its value is right and only its form differs (a name written 'path to goal'); 0 is strict, as the handout")
	fs.StringVar(&f.out, "o", "", "with -run: write the CSV (or -json's lines) to this `file`, whole, after the class, instead of stdout")
	fs.BoolVar(&f.gradescope, "gradescope", false, "with -run: grade Gradescope's submission (-autograder's submission folder) and write its results/results.json")
	fs.StringVar(&f.autograder, "autograder", "/autograder", "with -gradescope: Gradescope's `folder`")
	rest, err := fs.Parse(args, true)
	if err != nil {
		return err
	}
	f.rest = rest
	f.lim.Memory, f.lim.FileBytes = f.memMiB<<20, f.fileMiB<<20
	f.lim.CopyBytes, f.lim.CopyFiles = submissions.DefaultLimits.CopyBytes, submissions.DefaultLimits.CopyFiles
	if f.gradescope && f.run != "" && len(rest) == 0 {
		f.rest = []string{filepath.Join(f.autograder, "submission")}
	}
	return f.check()
}

// check refuses the flags that do not go together.
func (f *gradeFlags) check() error {
	switch {
	case f.gradescope && f.run == "":
		return usagef("-gradescope runs a program: classroom grade -gradescope -run 'python3 puzzle.py'")
	case f.gradescope && (len(f.rest) != 1 || f.json || f.out != ""):
		return usagef("-gradescope grades -autograder's submission folder and writes results.json: give no folders, -json or -o")
	case f.nearMiss < 0 || f.nearMiss > 1:
		return usagef("-near-miss-credit %g: a share from 0 to 1", f.nearMiss)
	case f.run != "" && f.jobs < 1:
		return usagef("-j %d: at least 1", f.jobs)
	case f.run == "" && (f.out != "" || f.unsafeNoBox):
		return usagef("-o and -unsafe-no-box are for -run")
	}
	switch {
	case f.run != "" && (f.method != "" || f.board != ""):
		return usagef("-run grades the handout's test cases (and -boards): give no -method or -board")
	case f.run != "" && len(f.rest) == 0:
		return usagef("-run takes the submissions' folders: classroom grade -run 'python3 puzzle.py' DIR...")
	case f.run != "" && (f.lim.Time <= 0 || f.memMiB < 1 || f.fileMiB < 1):
		return usagef("-timeout, -memory and -max-file must be positive")
	case f.run == "" && f.boards != "":
		return usagef("-boards is for -run")
	case f.run == "" && !slices.Contains(classroom.COMSMethods, f.method):
		return usagef("grade takes -method bfs, dfs or ast, -board BOARD and output.txt's name")
	case f.run == "" && (f.board == "" || len(f.rest) != 1):
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
	r.CreditNearMisses(f.nearMiss)
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
// and item and a total row per submission (or a JSON object per run),
// written whole after the class on stdout or to -o's file, or with
// -gradescope Gradescope's results.json; each submission's total on
// stderr as it is known.
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
	cfg := submissions.Config{Command: strings.Fields(f.run), Cases: refs, Limits: f.lim, Jobs: f.jobs,
		Unboxed: f.unsafeNoBox, NearMissCredit: f.nearMiss}
	book := gradebook{json: f.json, perStudent: len(refs), stderr: stderr}
	if !f.json {
		_ = submissions.WriteCSV(&book.buf, submissions.CSVHeader)
	}
	bar := progress.New(stderr, "grading", float64(len(refs)*len(f.rest)))
	bar.SetUnit("runs")
	start := time.Now()
	err = submissions.Run(ctx, cfg, f.rest, func(r submissions.Result) error {
		bar.Update(float64(book.done + 1))
		return book.add(r)
	})
	bar.Done()
	if err != nil {
		return noBox(err)
	}
	switch {
	case f.gradescope:
		path := filepath.Join(f.autograder, "results", "results.json")
		results := submissions.Gradescope(book.results, time.Since(start))
		if err := atomicfile.Write(ctx, path, results.WriteJSON); err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\nwritten to %s\n", results.Output, path)
		return err
	case f.out != "":
		return atomicfile.Write(ctx, f.out, func(w io.Writer) error { _, err := w.Write(book.buf.Bytes()); return err })
	}
	_, err = stdout.Write(book.buf.Bytes())
	return err
}

// gradebook gathers a class's results in order.
type gradebook struct {
	json          bool
	perStudent    int // runs per submission
	stderr        io.Writer
	buf           bytes.Buffer
	results       []submissions.Result
	done          int
	score, points float64
}

// add records a result; after a submission's last, its total.
func (b *gradebook) add(r submissions.Result) error {
	b.results = append(b.results, r)
	b.score, b.points, b.done = b.score+r.Report.Score, b.points+r.Report.Points, b.done+1
	if b.json {
		if err := json.NewEncoder(&b.buf).Encode(r); err != nil {
			return err
		}
	} else if err := submissions.WriteCSV(&b.buf, submissions.CSVRows(r)...); err != nil {
		return err
	}
	if b.done%b.perStudent != 0 {
		return nil
	}
	fmt.Fprintf(b.stderr, "classroom: %s: %.2f of %.2f points\n", r.Submission, b.score, b.points)
	if !b.json {
		_ = submissions.WriteCSV(&b.buf, submissions.CSVTotal(r.Submission, b.score, b.points))
	}
	b.score, b.points = 0, 0
	return nil
}

// noBox phrases the remedy when no box can be made.
func noBox(err error) error {
	var nb *submissions.NoBoxError
	if !errors.As(err, &nb) {
		return err
	}
	switch {
	case nb.OS != "":
		return fmt.Errorf("%w; boxes need Linux: grade on a Linux machine, or give -unsafe-no-box to run the students' programs as yourself", err)
	case nb.Missing:
		return fmt.Errorf("%w; install bubblewrap (Debian, Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), or give -unsafe-no-box to run the students' programs as yourself", err)
	}
	return fmt.Errorf("%w; enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 and user.max_user_namespaces above 0; on Ubuntu 24.04, kernel.apparmor_restrict_unprivileged_userns=0; in a container, allow unshare), or give -unsafe-no-box to run the students' programs as yourself", err)
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
