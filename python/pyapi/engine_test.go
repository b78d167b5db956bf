package pyapi

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

func newEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(context.Background(), store.NewCache(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

type response struct {
	OK    bool            `json:"ok"`
	Error *Error          `json:"error"`
	Rec   json.RawMessage `json:"record"`
	rest  map[string]json.RawMessage
}

func do(t testing.TB, e *Engine, req string, in, out []byte) response {
	t.Helper()
	b := e.Do(NewJob(context.Background()), []byte(req), in, out)
	var r response
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: response %q: %v", req, b, err)
	}
	if err := json.Unmarshal(b, &r.rest); err != nil {
		t.Fatal(err)
	}
	if r.OK == (r.Error != nil) {
		t.Fatalf("%s: response %s is neither ok nor an error", req, b)
	}
	return r
}

// The distance and moves of answers are the table's, built here by
// breadth-first search.
func TestAnswerAgainstEnumerate(t *testing.T) {
	e := newEngine(t)
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})} {
		sp := statespace.MustSpace(goal)
		tab, err := table.Enumerate(context.Background(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 50 {
			b := sp.Random(rng)
			r := do(t, e, `{"op":"answer","board":"`+b.String()+`","goal":"`+goal.String()+`","shape":"`+goal.Shape().String()+`","path":true}`, nil, nil)
			if r.Error != nil {
				t.Fatal(r.Error)
			}
			var rec struct {
				Distance int      `json:"distance"`
				Path     []string `json:"path"`
			}
			json.Unmarshal(r.Rec, &rec)
			d, _ := tab.Lookup(b)
			if rec.Distance != d || len(rec.Path) != d {
				t.Fatalf("%s: distance %d, path of %d, want %d", b, rec.Distance, len(rec.Path), d)
			}
		}
	}
}

func TestErrorKinds(t *testing.T) {
	e := newEngine(t)
	for _, c := range []struct{ req, kind string }{
		{`{"op":"answer","board":"1,2,3"}`, KindBoard},
		{`{"op":"answer","board":"1,1,2,3,4,5,6,7,8"}`, KindBoard},
		{`{"op":"answer","board":"1,2,3,4,5,6,8,7,0"}`, KindUnsolvable},
		{`{"op":"answer","board":"1,2,3,4,5,6,7,8,0","goal":"middle"}`, KindGoal},
		{`{"op":"answer","board":"1,2,3,4,5,6,7,8,0","shape":"3y3"}`, KindShape},
		{`{"op":"space","shape":"1x9"}`, KindShape},
		{`{"op":"space"}`, KindShape},
		{`{"op":"boards","shape":"4x4"}`, KindShape},
		{`{"op":"random","shape":"4x4","n":1,"distance":3}`, KindMissing},
		{`{"op":"random","shape":"3x3","n":1,"distance":40}`, KindValue},
		{`{"op":"profile","shape":"3x3","heuristic":"bogus"}`, KindValue},
		{`{"op":"compare","board":"1,2,3,4,5,6,7,0,8","algorithms":["bogo"]}`, KindValue},
		{`{"op":"build_databases","shape":"4x4","partition":"1,2/3"}`, KindValue},
		{`{"op":"fly"}`, KindValue},
		{`{"op":"answer","bored":"x"}`, KindValue},
		// Each operation reads its own fields only.
		{`{"op":"space","shape":"3x3","board":"1,2,3,4,5,6,7,8,0"}`, KindValue},
		{`{"op":"answer","board":"1,2,3,4,5,6,7,8,0","quick":true}`, KindValue},
		{`{"op":"algorithms","shape":"3x3"}`, KindValue},
		// An array's shape is inferred from its rows' width.
		{`{"op":"distances","n":1,"cells":12}`, KindShape},
		{`{"op":"distances","shape":"3x4","n":1,"cells":9}`, KindBoard},
		{`not json`, KindValue},
		{`{"op":"answer","board":"0,3,2,1,8,7,6,5,4,11,10,9","shape":"3x4","time_limit":1e-9}`, KindTime},
	} {
		r := do(t, e, c.req, nil, make([]byte, 16))
		if r.Error == nil || r.Error.Kind != c.kind {
			t.Errorf("%s: got %+v, want kind %s", c.req, r.Error, c.kind)
		}
	}
}

// A shape no request names is inferred by Go: from a bare board's tiles,
// its rows, or the width of an array's rows.
func TestShapeInferred(t *testing.T) {
	e := newEngine(t)
	for _, c := range []struct{ req, shape string }{
		{`{"op":"answer","board":"1,2,3,4,5,6,7,8,0"}`, "3x3"},
		{`{"op":"answer","board":"1,2,3/4,0,5"}`, "2x3"},
		{`{"op":"space","cells":16}`, "4x4"},
		{`{"op":"space","cells":6,"goal":"1,2,3/4,5,0"}`, "2x3"},
	} {
		r := do(t, e, c.req, nil, nil)
		if r.Error != nil {
			t.Fatalf("%s: %v", c.req, r.Error)
		}
		var got string
		json.Unmarshal(r.rest["shape"], &got)
		if got != c.shape {
			t.Errorf("%s: shape %q, want %s", c.req, got, c.shape)
		}
	}
	rows := []byte{1, 2, 3, 4, 5, 6, 7, 8, 0, 8, 6, 7, 2, 5, 4, 3, 0, 1}
	out := make([]byte, 2)
	if r := do(t, e, `{"op":"distances","n":2,"cells":9}`, rows, out); r.Error != nil || out[0] != 0 || out[1] != 31 {
		t.Fatalf("distances of 3x3 rows without a shape: %v, %+v", out, r.Error)
	}
}

func TestCanceledJob(t *testing.T) {
	e := newEngine(t)
	j := NewJob(context.Background())
	j.Cancel()
	var r response
	json.Unmarshal(e.Do(j, []byte(`{"op":"answer","board":"8,6,7,2,5,4,3,0,1"}`), nil, nil), &r)
	if r.Error == nil || r.Error.Kind != KindCanceled {
		t.Fatalf("got %+v, want canceled", r.Error)
	}
}

// rank, unrank, boards and distances agree with statespace's ranker and
// the table, and refuse buffers of the wrong length.
func TestArrays(t *testing.T) {
	e := newEngine(t)
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3})
	sp := statespace.MustSpace(goal)
	tab, _ := table.Enumerate(context.Background(), sp, nil)
	n := sp.Size()
	every := make([]byte, n*6)
	if r := do(t, e, `{"op":"boards","shape":"2x3"}`, nil, every); r.Error != nil {
		t.Fatal(r.Error)
	}
	ranks := make([]byte, n*8)
	dist := make([]byte, n)
	if r := do(t, e, `{"op":"rank","shape":"2x3","n":360}`, every, ranks); r.Error != nil {
		t.Fatal(r.Error)
	}
	if r := do(t, e, `{"op":"distances","shape":"2x3","n":360}`, every, dist); r.Error != nil {
		t.Fatal(r.Error)
	}
	back := make([]byte, n*6)
	if r := do(t, e, `{"op":"unrank","shape":"2x3","n":360}`, ranks, back); r.Error != nil {
		t.Fatal(r.Error)
	}
	for i := range n {
		b := sp.Unrank(i)
		if string(every[i*6:(i+1)*6]) != string(b.Bytes()) || string(back[i*6:(i+1)*6]) != string(b.Bytes()) {
			t.Fatalf("board %d: %v, %v, want %v", i, every[i*6:(i+1)*6], back[i*6:(i+1)*6], b.Bytes())
		}
		if rk := binary.LittleEndian.Uint64(ranks[i*8:]); rk != i {
			t.Fatalf("rank of board %d: %d", i, rk)
		}
		if d, _ := tab.Lookup(b); int(dist[i]) != d {
			t.Fatalf("distance of board %d: %d, want %d", i, dist[i], d)
		}
	}
	if r := do(t, e, `{"op":"rank","shape":"2x3","n":361}`, every, ranks); r.Error == nil || r.Error.Kind != KindValue {
		t.Fatalf("a short buffer: %+v", r.Error)
	}
	bad := append([]byte(nil), every[:12]...)
	bad[6] = bad[7] // row 1: a tile twice
	if r := do(t, e, `{"op":"distances","shape":"2x3","n":2}`, bad, dist[:2]); r.Error == nil || r.Error.Kind != KindBoard || !strings.Contains(r.Error.Message, "row 1") {
		t.Fatalf("a bad row: %+v", r.Error)
	}
}

// Any request gets a response that is ok or an error, and no panic.
func FuzzDo(f *testing.F) {
	for _, s := range []string{
		`{"op":"answer","board":"8,6,7,2,5,4,3,0,1","path":true}`,
		`{"op":"rank","shape":"2x2","n":1}`,
		`{"op":"unrank","shape":"2x2","n":1}`,
		`{"op":"space","shape":"3x4","goal":"first"}`,
		`{"op":"algorithms"}`,
	} {
		f.Add(s, []byte{1, 2, 3, 0, 0, 0, 0, 0})
	}
	e := newEngine(f)
	f.Fuzz(func(t *testing.T, req string, in []byte) {
		if strings.Contains(req, "build") || strings.Contains(req, "export") || strings.Contains(req, "profile") ||
			strings.Contains(req, "compare") || strings.Contains(req, "boards") || strings.Contains(req, "random") {
			return // the long jobs, each tested on its own
		}
		out := make([]byte, 64)
		r := do(t, e, req, in, out)
		if r.Error != nil && r.Error.Kind == KindInternal {
			t.Fatalf("%s: %s", req, r.Error.Message)
		}
	})
}

// The algorithms the engine lists are the catalog's, in its order, each
// with its style.
func TestAlgorithms(t *testing.T) {
	r := do(t, newEngine(t), `{"op":"algorithms"}`, nil, nil)
	var algs []struct {
		Key   string `json:"key"`
		Name  string `json:"name"`
		Style struct {
			Colour string `json:"colour"`
			Marker string `json:"marker"`
		} `json:"style"`
	}
	if err := json.Unmarshal(r.rest["algorithms"], &algs); err != nil {
		t.Fatal(err)
	}
	cat := search.Catalog()
	if len(algs) != len(cat) {
		t.Fatalf("%d algorithms, the catalog has %d", len(algs), len(cat))
	}
	for i, a := range algs {
		if a.Key != cat[i].Key || a.Name != cat[i].Name || a.Style.Colour == "" || a.Style.Marker == "" {
			t.Errorf("algorithm %d: %+v, the catalog's %+v", i, a, cat[i])
		}
	}
}

// Two jobs whose calls make the resolver build databases at once each
// end with the progress and the notes of their own build (NewJob carries
// the job's progress and notes into the resolver).
func TestJobsOwnProgress(t *testing.T) {
	e := newEngine(t)
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	parts := []string{"1,2,3,4/5,6,7,8/9,10,11,12/13,14,15", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"}
	jobs := []*Job{NewJob(context.Background()), NewJob(context.Background())}
	var wg sync.WaitGroup
	labels := make([]string, len(parts))
	for i, text := range parts {
		part, err := pdb.ParsePartition(text, goal)
		if err != nil {
			t.Fatal(err)
		}
		labels[i] = part.Label()
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.res.Databases(jobs[i].ctx, goal, part); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i, j := range jobs {
		var p struct {
			What        string `json:"what"`
			Done, Total uint64
			Notes       []string `json:"notes"`
		}
		if err := json.Unmarshal(e.Progress(j), &p); err != nil {
			t.Fatal(err)
		}
		if p.What != "building "+labels[i] || p.Done != p.Total || p.Total == 0 {
			t.Errorf("job %d: progress %+v, want its own build of %s, done", i, p, labels[i])
		}
		// Its notes are those of its own build only.
		notes := strings.Join(p.Notes, "\n")
		if !strings.Contains(notes, "built "+labels[i]) || strings.Contains(notes, labels[1-i]) {
			t.Errorf("job %d: notes %q, want those of %s only", i, notes, labels[i])
		}
	}
}

// solvable marks exactly the rows the table has: every arrangement of
// 2x3's tiles, half of which cannot reach the goal, and rows that are no
// board.
func TestSolvable(t *testing.T) {
	e := newEngine(t)
	goal := statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 3})
	tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal), nil)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]byte
	var perm func(p []byte, k int)
	perm = func(p []byte, k int) {
		if k == len(p) {
			rows = append(rows, append([]byte(nil), p...))
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			perm(p, k+1)
			p[k], p[i] = p[i], p[k]
		}
	}
	perm([]byte{0, 1, 2, 3, 4, 5}, 0)
	rows = append(rows, []byte{1, 1, 2, 3, 4, 5}, []byte{9, 1, 2, 3, 4, 0})
	in := bytes.Join(rows, nil)
	out := make([]byte, len(rows))
	if r := do(t, e, fmt.Sprintf(`{"op":"solvable","shape":"2x3","goal":"first","n":%d}`, len(rows)), in, out); r.Error != nil {
		t.Fatal(r.Error)
	}
	n := 0
	for i, row := range rows {
		tiles := make([]int, len(row))
		for c, v := range row {
			tiles[c] = int(v)
		}
		want := byte(0)
		if b, err := statespace.NewBoard(goal.Shape(), tiles); err == nil {
			if _, err := tab.Lookup(b); err == nil {
				want = 1
			}
		}
		if out[i] != want {
			t.Errorf("row %v: solvable %d, the table says %d", row, out[i], want)
		}
		n += int(out[i])
	}
	if n != 360 {
		t.Errorf("%d solvable rows of %d, want 360", n, len(rows))
	}
}
