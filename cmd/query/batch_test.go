package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/store"
)

func runBatch(t *testing.T, input string, field int, opts record.Options) (stdout, stderr string, sum summary) {
	t.Helper()
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	rw := record.NewWriter(&out, &errw, opts)
	sum, err = batch(ctx, strings.NewReader(input), field, asking{res: res, want: resolve.Want{Path: opts.WantsPath()}}, rw)
	if err != nil {
		t.Fatal(err)
	}
	if err := rw.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String(), errw.String(), sum
}

// batchLines mixes good boards with the kinds of bad lines; wantFailed
// gives the 1-based line numbers that must fail.
const batchLines = `# a comment
8,6,7,2,5,4,3,0,1

1,2,3,4,5,6,7,8,9
  # an indented comment
6,4,7,8,5,0,3,2,1
8,6,7,2,5,4,1,0,3
1,2,3,4,5,6,7,8,0
1 2 3 / 4 5 6 / 7 0 8
1,2,3,0,4
`

var wantFailed = map[int]string{
	4:  "tile 9 is out of range",
	7:  "unsolvable for goal last",
	10: "5 tiles: no board has that many cells",
}

var wantBoards = []string{"8,6,7,2,5,4,3,0,1", "6,4,7,8,5,0,3,2,1", "1,2,3,4,5,6,7,8,0", "1,2,3,4,5,6,7,0,8"}

func splitMoves(field string) []string {
	return strings.Fields(field)
}

func TestPlainRecords(t *testing.T) {
	for _, withPath := range []bool{false, true} {
		out, errs, sum := runBatch(t, batchLines, 0, record.Options{Path: withPath})
		if sum.Boards != 7 || sum.Failed != 3 {
			t.Errorf("summary %+v, want 7 boards, 3 failed", sum)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(wantBoards) {
			t.Fatalf("%d lines:\n%s", len(lines), out)
		}
		for i, line := range lines {
			f := strings.Split(line, "\t")
			if len(f) != 3+btoi(withPath) || f[0] != wantBoards[i] {
				t.Fatalf("line %d: %q", i+1, line)
			}
			d, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			var path []string
			if withPath {
				path = splitMoves(f[3])
			}
			fixture.CheckRecord(t, f[0], d, splitMoves(f[2]), path, withPath, false)
		}
		errLines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if len(errLines) != len(wantFailed) {
			t.Fatalf("errors:\n%s", errs)
		}
		for _, e := range errLines {
			var n int
			if _, err := fmt.Sscanf(e, "line %d:", &n); err != nil || !strings.Contains(e, wantFailed[n]) || wantFailed[n] == "" {
				t.Errorf("error line %q", e)
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestJSONRecords(t *testing.T) {
	for _, tile := range []bool{false, true} {
		out, errs, sum := runBatch(t, batchLines, 0, record.Options{Format: record.JSON, TileMoves: tile})
		if errs != "" || sum.Failed != 3 {
			t.Errorf("stderr %q, summary %+v", errs, sum)
		}
		dec := json.NewDecoder(strings.NewReader(out))
		dec.DisallowUnknownFields()
		answers, failures := 0, 0
		for i := 0; dec.More(); i++ {
			var r struct {
				Board    *string   `json:"board"`
				Distance *int      `json:"distance"`
				Optimal  *[]string `json:"optimal_moves"`
				Path     *[]string `json:"path"`
				Heur     *string   `json:"heuristic"`
				Line     int       `json:"line"`
				Input    string    `json:"input"`
				Error    string    `json:"error"`
			}
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
			if r.Error != "" {
				if !strings.Contains(r.Error, wantFailed[r.Line]) || wantFailed[r.Line] == "" || r.Board != nil ||
					r.Input != strings.Split(batchLines, "\n")[r.Line-1] {
					t.Errorf("record %d: %+v", i, r)
				}
				failures++
				continue
			}
			if r.Board == nil || r.Distance == nil || r.Optimal == nil || r.Path == nil || r.Line != 0 {
				t.Fatalf("record %d lacks a key: %+v", i, r)
			}
			if r.Heur == nil || *r.Heur != resolve.HeuristicTable {
				t.Errorf("record %d: heuristic %v, want %q", i, r.Heur, resolve.HeuristicTable)
			}
			if *r.Board != wantBoards[answers] {
				t.Errorf("record %d: board %s, want %s", i, *r.Board, wantBoards[answers])
			}
			fixture.CheckRecord(t, *r.Board, *r.Distance, *r.Optimal, *r.Path, true, tile)
			answers++
		}
		if answers != 4 || failures != 3 {
			t.Errorf("%d answers, %d failures", answers, failures)
		}
	}
}

func TestCSVRecords(t *testing.T) {
	out, errs, _ := runBatch(t, batchLines, 0, record.Options{Format: record.CSV})
	if errs != "" {
		t.Errorf("stderr %q", errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "board,distance,optimal_moves,path,error" || len(rows) != 1+4+3 {
		t.Fatalf("rows %q", rows)
	}
	inputs := strings.Split(batchLines, "\n")
	answers := 0
	for i, r := range rows[1:] {
		if r[4] != "" {
			ok := false
			for n, msg := range wantFailed {
				ok = ok || (r[0] == inputs[n-1] && strings.Contains(r[4], msg))
			}
			if !ok || r[1] != "" || r[2] != "" || r[3] != "" {
				t.Errorf("row %d: %q", i+1, r)
			}
			continue
		}
		if r[0] != wantBoards[answers] {
			t.Errorf("row %d: board %s, want %s", i+1, r[0], wantBoards[answers])
		}
		answers++
		d, err := strconv.Atoi(r[1])
		if err != nil {
			t.Fatal(err)
		}
		fixture.CheckRecord(t, r[0], d, splitMoves(r[2]), splitMoves(r[3]), true, false)
	}
}

func TestField(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	in := "id\tboard\tnote\r\n" + // a header line: its board column fails
		"1\t8,6,7,2,5,4,3,0,1\t31\r\n" +
		"# skipped\n" +
		"2\t1,2,3,4,5,6,7,0,8\n" +
		"3\n" +
		"4\t6,4,7,8,5,0,3,2,1" // no final newline
	out, _, sum := runBatch(t, in, 2, record.Options{Format: record.JSON})
	want := []string{
		`{"line":1,"input":"board","error":"`,
		`{"board":"8,6,7,2,5,4,3,0,1","distance":31,`,
		`{"board":"1,2,3,4,5,6,7,0,8","distance":1,"optimal_moves":["Right"],"path":["Right"],"heuristic":"table"}`,
		`{"line":5,"input":"3","error":"1 tab-separated field, and the board is to be in column 2"}`,
		`{"board":"6,4,7,8,5,0,3,2,1","distance":31,`,
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) || sum.Boards != 5 || sum.Failed != 2 {
		t.Fatalf("summary %+v, output:\n%s", sum, out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %s\nwant %s", i+1, lines[i], w)
		}
	}
}

func TestLongLines(t *testing.T) {
	long := "# " + strings.Repeat("x", 200_000) + "\n"
	bad := strings.Repeat("1,", 50_000) + "0\n"
	out, errs, sum := runBatch(t, long+"8,6,7,2,5,4,3,0,1\n"+bad+"1,2,3,4,5,6,7,0,8\n", 0, record.Options{})
	if out != "8,6,7,2,5,4,3,0,1\t31\tUp Left Right\n1,2,3,4,5,6,7,0,8\t1\tRight\n" || sum.Failed != 1 ||
		!strings.HasPrefix(errs, "line 3: longer than 65,536 bytes") {
		t.Errorf("summary %+v, output:\n%s\nerrors: %.200s", sum, out, errs)
	}
}

// endless yields n bytes of "1," and then tail, without holding them.
type endless struct {
	n    int
	tail string
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n == 0 {
		if e.tail == "" {
			return 0, io.EOF
		}
		k := copy(p, e.tail)
		e.tail = e.tail[k:]
		return k, nil
	}
	k := min(len(p), e.n)
	for i := range p[:k] {
		p[i] = ",1"[i&1^1]
	}
	e.n -= k
	return k, nil
}

// A 200 MB line is refused in bounded memory, and the
// next line is still answered: the batch allocates a few buffers, not the
// line.
func TestHugeLineBoundedMemory(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	res, err := resolve.NewResolver(context.Background(), resolve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out, errs strings.Builder
	w := record.NewWriter(&out, &errs, record.Options{Format: record.JSON})
	in := &endless{n: 200 << 20, tail: "\n1,2,3,4,5,6,7,0,8\n"}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sum, err := batch(context.Background(), in, 0, asking{res: res, want: resolve.Want{Path: true}}, w)
	runtime.ReadMemStats(&after)
	if err != nil || w.Flush() != nil {
		t.Fatal(err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("a 200 MB line allocated %d bytes", alloc)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if sum.Boards != 2 || sum.Failed != 1 || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], `{"line":1,"input":"1,1,1,`) || !strings.Contains(lines[0], `"error":"longer than 65,536 bytes"`) ||
		!strings.HasPrefix(lines[1], `{"board":"1,2,3,4,5,6,7,0,8","distance":1`) {
		t.Errorf("summary %+v, output:\n%.400s", sum, out.String())
	}
}

// An endless line stops when the context is canceled.
func TestEndlessLineCanceled(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	res, err := resolve.NewResolver(context.Background(), resolve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	in := &cancelAfter{r: &endless{n: 1 << 62}, left: 10 << 20, cancel: cancel}
	_, err = batch(ctx, in, 0, asking{res: res}, record.NewWriter(io.Discard, io.Discard, record.Options{}))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// cancelAfter cancels once left bytes have been read.
type cancelAfter struct {
	r      io.Reader
	left   int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if c.left -= n; c.left <= 0 {
		c.cancel()
	}
	return n, err
}

// query's own plain output reads back: the first tab-separated column is
// the board.
func TestOwnOutputReadsBack(t *testing.T) {
	out, _, sum := runBatch(t, "8,6,7,2,5,4,3,0,1\t31\tUp Left Right\n", 0, record.Options{})
	if sum.Failed != 0 || out != "8,6,7,2,5,4,3,0,1\t31\tUp Left Right\n" {
		t.Errorf("summary %+v, output %q", sum, out)
	}
}

func TestBoardsArguments(t *testing.T) {
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	rw := record.NewWriter(&out, &errw, record.Options{})
	rw.Unit = "argument"
	sum, err := boards(ctx, []string{"8,6,7,2,5,4,3,0,1", "# not a comment", "1,2,3,4,5,6,7,0,8"}, asking{res: res}, rw)
	if err != nil {
		t.Fatal(err)
	}
	rw.Flush()
	if sum.Boards != 3 || sum.Failed != 1 || !strings.HasPrefix(errw.String(), "argument 2: ") ||
		strings.Count(out.String(), "\n") != 2 {
		t.Errorf("summary %+v, output %q, errors %q", sum, out.String(), errw.String())
	}
}
