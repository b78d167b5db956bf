// Package submissions runs a class's programs for the COMS 4701 search
// assignment (python3 puzzle.py METHOD BOARD) on the handout's test cases
// and grades each output.txt with package classroom/grade.
//
// Each run happens in a fresh temporary copy of the submission's folder,
// under a time limit, a memory limit (the address space, RLIMIT_AS) and a
// limit on the size of any file written (RLIMIT_FSIZE), set by /bin/sh's
// ulimit before the program starts, in a process group of its own that is
// killed whole when the run ends. A run that crashes, hangs or writes
// nothing scores what the assignment gives it, and the next run goes on.
// Nothing read is trusted: a folder is copied within bounds (bytes, files,
// depth), without its symbolic links, special files or old output.txt;
// output.txt is read only as a regular file, not through a link, and only
// up to grade.MaxBytes.
//
// These limits keep a mistaken program from stopping the class; they do
// not contain a hostile one, which runs as the user who grades, with that
// user's files and network. Run students' code in a container or as a
// separate user.
//
// It knows nothing of flags or of how the results are shown beyond the
// gradebook's CSV rows.
package submissions

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tilespace/tilespace/classroom/grade"
)

// Limits bound each run of a submission.
type Limits struct {
	Time      time.Duration // wall time of a run; it is killed after
	Memory    int64         // bytes of address space (RLIMIT_AS)
	FileBytes int64         // bytes of any one file it writes (RLIMIT_FSIZE)
	CopyBytes int64         // bytes copied from a submission's folder
	CopyFiles int           // files copied from it
}

// DefaultLimits are a minute, 2 GiB of address space, files of 64 MiB,
// and folders of 64 MiB and 1,000 files: a Python DFS through every board
// of the 8-puzzle takes seconds and a few hundred MiB.
var DefaultLimits = Limits{Time: time.Minute, Memory: 2 << 30, FileBytes: 64 << 20, CopyBytes: 64 << 20, CopyFiles: 1000}

// maxDepth is how deep a submission's folder is copied.
const maxDepth = 16

// Config is what to run on what.
type Config struct {
	// Command is the program and its first arguments, as
	// ["python3", "puzzle.py"]; each run appends the method and the board.
	Command []string
	// Cases are the test runs, each with its reference.
	Cases  []grade.Reference
	Limits Limits
}

// Result is one test run of one submission.
type Result struct {
	Submission string       `json:"submission"` // the folder, as given
	Outcome    string       `json:"outcome"`    // how the run ended, for people
	Report     grade.Report `json:"report"`
}

// Run runs every case of every submission folder, in order, and hands
// each result to each as it comes. A submission's failure is a result,
// never an error: Run returns an error only when it cannot run at all
// (no shell to set the limits, no temporary folder), when each returns
// one, or when ctx ends.
func Run(ctx context.Context, cfg Config, dirs []string, each func(Result) error) error {
	if len(cfg.Command) == 0 {
		return errors.New("no command to run")
	}
	if err := probe(ctx, cfg.Limits); err != nil {
		return err
	}
	for _, dir := range dirs {
		for _, ref := range cfg.Cases {
			if err := ctx.Err(); err != nil {
				return err
			}
			r, err := runCase(ctx, cfg, dir, ref)
			if err != nil {
				return err
			}
			if err := each(r); err != nil {
				return err
			}
		}
	}
	return ctx.Err()
}

// runCase runs one case in a fresh copy of dir and grades it.
func runCase(ctx context.Context, cfg Config, dir string, ref grade.Reference) (Result, error) {
	res := Result{Submission: dir}
	tmp, err := os.MkdirTemp("", "classroom-grade-*")
	if err != nil {
		return res, err
	}
	defer removeAll(tmp)
	work := filepath.Join(tmp, "run")
	if err := copyFolder(dir, work, cfg.Limits); err != nil {
		res.Outcome = "not run: " + err.Error()
		res.Report = grade.Missing(ref, res.Outcome)
		return res, nil
	}
	argv := append(append([]string(nil), cfg.Command...), ref.Method, ref.Board.String())
	out := execute(ctx, work, argv, cfg.Limits)
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	res.Outcome = out.String()
	data, size, why := readOutput(filepath.Join(work, "output.txt"))
	switch {
	case why != "":
		res.Report = grade.Missing(ref, why)
	case size > grade.MaxBytes:
		res.Report = grade.Missing(ref, fmt.Sprintf("output.txt is %d bytes, more than the %d the longest correct one needs; not read", size, grade.MaxBytes))
		res.Report.SetRuns(true, "")
	default:
		res.Report = grade.Grade(ref, data)
	}
	if out.timedOut {
		res.Report.SetRuns(false, "killed after the time limit")
	}
	return res, nil
}

// outcome is how a run ended.
type outcome struct {
	err      error  // from waiting for it
	timedOut bool   // killed after the time limit
	stderr   string // the end of what it wrote on stdout and stderr
	elapsed  time.Duration
}

func (o outcome) String() string {
	var s string
	switch {
	case o.timedOut:
		s = "killed after the time limit"
	case o.err == nil:
		s = "exit status 0"
	default:
		s = describe(o.err)
	}
	s += fmt.Sprintf(" (%.1f s)", o.elapsed.Seconds())
	if last := lastLine(o.stderr); last != "" && !(o.err == nil && !o.timedOut) {
		s += ": " + last
	}
	return s
}

// lastLine returns the last line of text that is not blank, quoted if it
// is not plain.
func lastLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if len(last) > 120 {
		last = last[:120] + "…"
	}
	if q := strconv.Quote(last); q[1:len(q)-1] != last {
		return q
	}
	return last
}

// tail keeps the last bytes written to it.
type tail struct{ b []byte }

const tailBytes = 4096

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*tailBytes {
		t.b = append(t.b[:0], t.b[len(t.b)-tailBytes:]...)
	}
	return len(p), nil
}

// copyFolder copies the regular files and folders of src into dst, within
// the limits, leaving out symbolic links, special files and a top-level
// output.txt.
func copyFolder(src, dst string, lim Limits) error {
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a folder", src)
	}
	c := copier{lim: lim, root: src}
	return c.folder(src, dst, 0)
}

type copier struct {
	lim   Limits
	root  string
	bytes int64
	files int
}

func (c *copier) folder(src, dst string, depth int) error {
	if depth > maxDepth {
		rel, _ := filepath.Rel(c.root, src)
		return fmt.Errorf("%s: folders nested deeper than %d", shortPath(rel), maxDepth)
	}
	if err := os.Mkdir(dst, 0o700); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		from, to := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		switch {
		case depth == 0 && e.Name() == "output.txt":
		case e.IsDir():
			if err := c.folder(from, to, depth+1); err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := c.file(from, to); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *copier) file(src, dst string) error {
	c.files++
	if c.files > c.lim.CopyFiles {
		return fmt.Errorf("more than %d files", c.lim.CopyFiles)
	}
	in, err := openRegular(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, info.Mode().Perm()&0o755|0o600)
	if err != nil {
		return err
	}
	n, err := io.Copy(out, io.LimitReader(in, c.lim.CopyBytes-c.bytes+1))
	c.bytes += n
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && c.bytes > c.lim.CopyBytes {
		err = fmt.Errorf("more than %d bytes of files", c.lim.CopyBytes)
	}
	return err
}

// kind names a file's type that is not a regular file's.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// shortPath cuts a long path for a message.
func shortPath(p string) string {
	if len(p) > 60 {
		return "…" + p[len(p)-60:]
	}
	return p
}

// readOutput reads output.txt, up to grade.MaxBytes, returning its size;
// why says why it was not read.
func readOutput(path string) (data []byte, size int64, why string) {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, 0, "no output.txt"
	case err != nil:
		return nil, 0, "output.txt not read: " + err.Error()
	case info.Mode()&os.ModeSymlink != 0:
		return nil, 0, "output.txt is a symbolic link, not followed"
	case !info.Mode().IsRegular():
		return nil, 0, "output.txt is not a regular file but " + kind(info.Mode())
	}
	f, err := openRegular(path)
	if err != nil {
		return nil, 0, "output.txt not read: " + err.Error()
	}
	defer f.Close()
	info, err = f.Stat()
	if err != nil {
		return nil, 0, "output.txt not read: " + err.Error()
	}
	if info.Size() > grade.MaxBytes {
		return nil, info.Size(), ""
	}
	data, err = io.ReadAll(io.LimitReader(f, grade.MaxBytes+1))
	if err != nil {
		return nil, 0, "output.txt not read: " + err.Error()
	}
	return data, int64(len(data)), ""
}

// removeAll removes a run's folder, first giving back the permissions a
// program may have taken from its folders.
func removeAll(dir string) {
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			_ = os.Chmod(path, 0o700)
		}
		return nil
	})
	_ = os.RemoveAll(dir)
}

// CSVHeader is the gradebook's first row.
var CSVHeader = []string{"submission", "method", "board", "item", "verdict", "points", "expected", "got", "message", "run"}

// CSVRows returns a result's rows, one per item. A cell that a
// spreadsheet would take for a formula (starting =, +, -, @) gets a
// leading apostrophe.
func CSVRows(r Result) [][]string {
	var rows [][]string
	for _, it := range r.Report.Items {
		rows = append(rows, []string{cell(r.Submission), r.Report.Method, r.Report.Board, it.Name, string(it.Verdict),
			strconv.FormatFloat(it.Points, 'f', 2, 64), cell(it.Expected), cell(it.Got), cell(it.Message), cell(r.Outcome)})
	}
	return rows
}

// WriteCSV writes rows with encoding/csv.
func WriteCSV(w io.Writer, rows ...[]string) error {
	cw := csv.NewWriter(w)
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
