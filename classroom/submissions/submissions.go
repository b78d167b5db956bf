// Package submissions runs a class's programs for the COMS 4701 search
// assignment (python3 puzzle.py METHOD BOARD) on the handout's test cases
// and grades each output.txt with package classroom/grade.
//
// Each run happens in a box of its own, made by bubblewrap (bwrap) on
// Linux: new user, PID, mount, network, IPC, UTS and cgroup namespaces, no
// capabilities, no further user namespaces, and no controlling terminal.
// The box sees a read-only /usr (with /bin, /lib, … and the few files of
// /etc that programs and Python need), a fresh /proc of its own PIDs, a
// minimal /dev, a private /tmp, and a writable copy of the submission's
// folder as its working folder, /submission; both are tmpfs of
// Limits.DiskBytes. Nothing of the grader shows in it: not its
// environment (bwrap itself starts with an empty one), its files, the
// other submissions, the gradebook, or its terminal. When the grader runs
// as root, each worker's boxes run as a user id of their own that owns no
// file. The program runs under rlimits set by prlimit: address space,
// CPU time, the size of any file, open files, no core files, and
// processes (RLIMIT_NPROC, counted per user namespace by Linux 5.14 and
// later, and per box user id when the grader is root). The grader kills
// the box after the wall time; whatever the program started, double
// forks and new process groups included, dies with the box when its
// first program ends. output.txt comes back through a pipe after the
// program has ended, read by the box's script as a regular file (not a
// link or a pipe) and by the grader only up to grade.MaxBytes; the
// grader writes the results, and a run can reach neither them nor any
// other run.
//
// The box does not bound memory as a whole (each process has its
// address space; a cgroup would bound their sum), nor share the CPU
// fairly between runs, nor count the files and folders a run makes in
// its tmpfs, only their bytes (the wall time bounds how many it can make
// and they vanish with the box); it does not defend against a kernel
// exploit or a side channel. Where no box can be made (no bwrap, user
// namespaces turned off, not Linux) Run returns a *NoBoxError, and runs
// unboxed only when Config.Unboxed says so: then a run is a process group
// under the same rlimits, with the user's files and network.
//
// A run that crashes, hangs or writes nothing scores what the assignment
// gives it, and the next run goes on. Nothing read is trusted: a folder
// is copied within bounds (bytes, files and folders, depth), without its
// symbolic links, special files or old output.txt.
//
// It knows nothing of flags or of how the results are shown beyond the
// gradebook's CSV rows and Gradescope's results.json.
package submissions

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tilespace/tilespace/classroom/grade"
)

// Limits bound each run of a submission.
type Limits struct {
	Time      time.Duration // wall time of a run; it is killed after
	Memory    int64         // bytes of address space of each process (RLIMIT_AS)
	FileBytes int64         // bytes of any one file it writes (RLIMIT_FSIZE)
	CopyBytes int64         // bytes copied from a submission's folder
	CopyFiles int           // files and folders copied from it
	// In a box only (see the package comment):
	Processes int   // processes and threads at once (RLIMIT_NPROC); 0: DefaultLimits'
	DiskBytes int64 // bytes held by each of its two folders, its copy and /tmp (tmpfs size); 0: DefaultLimits'
}

// DefaultLimits are a minute, 2 GiB of address space, files of 64 MiB,
// folders of 64 MiB and 1,000 files and folders, 64 processes, and box
// folders of 256 MiB: a Python DFS through every board of the 8-puzzle
// takes seconds and a few hundred MiB.
var DefaultLimits = Limits{Time: time.Minute, Memory: 2 << 30, FileBytes: 64 << 20, CopyBytes: 64 << 20, CopyFiles: 1000,
	Processes: 64, DiskBytes: 256 << 20}

// withDefaults fills the box's bounds left zero.
func (l Limits) withDefaults() Limits {
	if l.Processes <= 0 {
		l.Processes = DefaultLimits.Processes
	}
	if l.DiskBytes <= 0 {
		l.DiskBytes = DefaultLimits.DiskBytes
	}
	return l
}

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
	// Jobs is how many runs go at once; below 1, one.
	Jobs int
	// Unboxed runs each program as the user who grades, with only the
	// limits of rlimits and a process group: for a machine where no box
	// can be made, and code the teacher trusts.
	Unboxed bool
	// NearMissCredit is the share of an item's points a near miss scores
	// (grade.Report.CreditNearMisses); 0 is strict.
	NearMissCredit float64
}

// Result is one test run of one submission.
type Result struct {
	Submission string       `json:"submission"` // the folder, as given
	Outcome    string       `json:"outcome"`    // how the run ended, for people
	Report     grade.Report `json:"report"`
}

// Run runs every case of every submission folder, cfg.Jobs at a time, and
// hands each result to each in order: the folders' order, then the
// cases'. A submission's failure is a result, never an error: Run returns
// an error only when it cannot run at all (no box can be made: a
// *NoBoxError; no temporary folder), when each returns one, or when ctx
// ends.
func Run(ctx context.Context, cfg Config, dirs []string, each func(Result) error) error {
	if len(cfg.Command) == 0 {
		return errors.New("no command to run")
	}
	cfg.Limits = cfg.Limits.withDefaults()
	r, err := newRunner(ctx, cfg)
	if err != nil {
		return err
	}
	jobs := max(1, cfg.Jobs)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	subs := make([]*prepared, len(dirs))
	for i, d := range dirs {
		subs[i] = &prepared{dir: d, left: int32(len(cfg.Cases))}
	}
	n := len(dirs) * len(cfg.Cases)
	var (
		mu      sync.Mutex
		results = make([]*Result, n)
		next    int
		first   error
	)
	deliver := func(i int, res Result, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			if first == nil {
				first = err
				cancel()
			}
			return
		}
		results[i] = &res
		for next < n && results[next] != nil {
			if first == nil {
				if err := each(*results[next]); err != nil {
					first = err
					cancel()
				}
			}
			results[next] = nil
			next++
		}
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for slot := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				sub := subs[i/len(cfg.Cases)]
				res, err := runCase(ctx, cfg, r, slot, sub, cfg.Cases[i%len(cfg.Cases)])
				sub.done()
				deliver(i, res, err)
			}
		}()
	}
feed:
	for i := range n {
		select {
		case work <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	for _, s := range subs {
		s.remove()
	}
	if first != nil {
		return first
	}
	return ctx.Err()
}

// newRunner makes the runner cfg asks for: a box for each run, unless
// cfg.Unboxed.
func newRunner(ctx context.Context, cfg Config) (runner, error) {
	if cfg.Unboxed {
		return newUnboxed(ctx, cfg.Limits)
	}
	return newBox(ctx, cfg.Limits)
}

// runner runs one program on a prepared copy of a folder.
type runner interface {
	// run runs argv on a fresh copy of p's folder, as worker slot, and
	// returns how it ended and its output.txt.
	run(ctx context.Context, slot int, p *prepared, argv []string, lim Limits) (outcome, output)
	// prepare readies p's copy for the runs.
	prepare(p *prepared) error
}

// output is a run's output.txt as read after the run: its bytes (at most
// grade.MaxBytes), its size, or why it was not read.
type output struct {
	data []byte
	size int64
	why  string
}

// prepared is a submission's folder, copied once for all its runs.
type prepared struct {
	dir  string
	once sync.Once
	tmp  string // the temporary folder holding src
	src  string // the copy
	tar  []byte // the copy as a tar archive, for a box
	err  error  // why it could not be copied
	left int32  // runs still to end
}

func (p *prepared) copy(r runner, lim Limits) error {
	p.once.Do(func() {
		tmp, err := os.MkdirTemp("", "classroom-grade-*")
		if err != nil {
			p.err = err
			return
		}
		p.tmp, p.src = tmp, filepath.Join(tmp, "src")
		if p.err = copyFolder(p.dir, p.src, lim); p.err == nil {
			p.err = r.prepare(p)
		}
	})
	return p.err
}

// done records a run's end, removing the copy after the last.
func (p *prepared) done() {
	if atomic.AddInt32(&p.left, -1) == 0 {
		p.remove()
	}
}

func (p *prepared) remove() {
	if p.tmp != "" {
		removeAll(p.tmp)
	}
	p.tar = nil
}

// tarFolder returns the copy src (regular files and folders only) as a
// tar archive.
func tarFolder(src string) ([]byte, error) {
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || path == src {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		h := &tar.Header{Name: filepath.ToSlash(rel), Mode: int64(info.Mode().Perm()), Typeflag: tar.TypeReg, Size: info.Size(), Format: tar.FormatPAX}
		if d.IsDir() {
			h.Name, h.Typeflag, h.Size = h.Name+"/", tar.TypeDir, 0
			return tw.WriteHeader(h)
		}
		f, err := openRegular(path)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		_, err = io.Copy(tw, f)
		return err
	})
	if err == nil {
		err = tw.Close()
	}
	return b.Bytes(), err
}

// runCase runs one case in a fresh copy of the submission and grades it.
func runCase(ctx context.Context, cfg Config, r runner, slot int, sub *prepared, ref grade.Reference) (Result, error) {
	res := Result{Submission: sub.dir}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if err := sub.copy(r, cfg.Limits); err != nil {
		if sub.tmp == "" {
			return res, err // no temporary folder
		}
		res.Outcome = "not run: " + err.Error()
		res.Report = grade.Missing(ref, res.Outcome)
		return res, nil
	}
	argv := append(append([]string(nil), cfg.Command...), ref.Method, ref.Board.String())
	out, got := r.run(ctx, slot, sub, argv, cfg.Limits)
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	res.Outcome = out.String()
	switch {
	case got.why != "":
		res.Report = grade.Missing(ref, got.why)
	case got.size > grade.MaxBytes:
		res.Report = grade.Missing(ref, fmt.Sprintf("output.txt is %d bytes, more than the %d the longest correct one needs; not read", got.size, grade.MaxBytes))
		res.Report.SetRuns(true, "")
	default:
		res.Report = grade.Grade(ref, got.data)
	}
	if out.timedOut {
		res.Report.SetRuns(false, "killed after the time limit")
	}
	res.Report.CreditNearMisses(cfg.NearMissCredit)
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

// exitStatus is a program's exit status in a box, 128+N for signal N
// as the shell reports it.
type exitStatus int

func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

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
			if c.files++; c.files > c.lim.CopyFiles {
				return fmt.Errorf("more than %d files and folders", c.lim.CopyFiles)
			}
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
	if c.files++; c.files > c.lim.CopyFiles {
		return fmt.Errorf("more than %d files and folders", c.lim.CopyFiles)
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

// readOutput reads output.txt, up to grade.MaxBytes.
func readOutput(path string) output {
	data, size, why := readOutputFile(path)
	return output{data: data, size: size, why: why}
}

// readOutputFile reads output.txt, up to grade.MaxBytes, returning its
// size; why says why it was not read.
func readOutputFile(path string) (data []byte, size int64, why string) {
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

// CSVTotal is a submission's total row, after its per-item rows: the item
// "total", its score in the points column and what it could score in the
// expected column.
func CSVTotal(submission string, score, points float64) []string {
	return []string{cell(submission), "", "", "total", "", strconv.FormatFloat(score, 'f', 2, 64),
		strconv.FormatFloat(points, 'f', 2, 64), "", "", ""}
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
