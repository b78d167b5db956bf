package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/csv"
	"fmt"
	"image/gif"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"

	"github.com/chromedp/chromedp"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/table"
)

// The boards on which Compare used to colour failed searches as optimal.
const (
	board3x3Deep = "1,2,5,3,4,0,6,7,8"                     // 21 moves; IDDFS needs 410,194 expansions
	board4x4Hard = "2,13,6,12,1,11,4,3,5,9,0,14,10,15,8,7" // the uninformed searches stop
)

// compareRow is one row of the page's comparison table, with the colour
// of its bars.
type compareRow struct {
	Key, Outcome, Found, Path, Versus, Expanded, StoppedBy string
	Bars                                                   []string
}

func compareRows(p *page) []compareRow {
	p.t.Helper()
	return eval[[]compareRow](p, `Array.from(document.querySelectorAll("#compare-table tbody tr")).map(tr => {
		const c = Array.from(tr.children).map(e => e.textContent);
		const i = Array.from(tr.parentNode.children).indexOf(tr);
		const bars = Array.from(document.querySelectorAll("#compare-charts .chartbox")).map(box => {
			const b = box.querySelectorAll(".bar")[i];
			return b.classList.contains("none") ? "none" : getComputedStyle(b).backgroundColor;
		});
		return {Key: tr.dataset.key, Outcome: tr.dataset.outcome, Found: c[1], Path: c[2], Versus: c[3], Expanded: c[4], StoppedBy: c[8], Bars: bars};
	})`)
}

// legendColours is the colour of each of the legend's keys.
func legendColours(p *page) map[string]string {
	return eval[map[string]string](p, `Object.fromEntries(["optimal", "longer", "stopped"].map(k =>
		[k, getComputedStyle(document.querySelector("#bar-legend .bar-" + k), "::before").backgroundColor]))`)
}

// checkOutcomes checks each row of the page's comparison against the same
// algorithms run here (classroom.Compare, the command line's code) with
// the page's node limit: a search that found no path is "stopped", says
// which limit stopped it and has the stopped colour in every chart; one
// that found the optimum is "optimal" and green; a longer one "longer".
func checkOutcomes(p *page, board string, goal statespace.Board, tab *table.Table, optimal, nodes int) map[string]compareRow {
	t := p.t
	t.Helper()
	b, err := statespace.Parse(board, goal.Shape())
	if err != nil {
		t.Fatal(err)
	}
	var dist classroom.Table // nil, not a nil *Table, without a table
	if tab != nil {
		dist = tab
	}
	want, err := classroom.Compare(context.Background(), b, goal, dist, search.Limits{MaxExpanded: int64(nodes), MaxTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	legend := legendColours(p)
	if legend["optimal"] == legend["longer"] || legend["longer"] == legend["stopped"] || legend["optimal"] == legend["stopped"] {
		t.Errorf("the legend's colours are not three: %v", legend)
	}
	if n := eval[int](p, `document.querySelectorAll("#bar-legend .key").length`); n != 3 {
		t.Errorf("the legend has %d keys, want 3 (optimal, longer, stopped)", n)
	}
	rows := map[string]compareRow{}
	for _, r := range compareRows(p) {
		rows[r.Key] = r
	}
	if len(rows) != len(want.Rows) {
		t.Errorf("the page compares %d algorithms, the command line %d", len(rows), len(want.Rows))
	}
	for _, w := range want.Rows {
		r, ok := rows[w.Key]
		if !ok {
			t.Errorf("no row for %s", w.Key)
			continue
		}
		outcome := "stopped"
		switch {
		case w.Result.Found && optimal >= 0 && len(w.Result.Path) == optimal:
			outcome = "optimal"
		case w.Result.Found && optimal >= 0:
			outcome = "longer"
		case w.Result.Found:
			outcome = "found"
		}
		if r.Outcome != outcome {
			// Only the clock may differ between two runs.
			if !(r.Outcome == "stopped" && strings.HasPrefix(r.StoppedBy, "time limit")) {
				t.Errorf("%s: the page says %q (%+v), the same search here %q (found %v, %d moves, stopped by %s)", w.Key, r.Outcome, r, outcome, w.Result.Found, len(w.Result.Path), w.Result.StoppedBy)
			}
			continue
		}
		// The page's clock may stop a search the run here did not (the
		// page's limit is 2 s, on a machine that may be loaded): the
		// row then names the time limit, and its figures are the clock's.
		pageClock := strings.HasPrefix(r.StoppedBy, "time limit") && w.Result.StoppedBy != search.StopTimeLimit
		if pageClock && r.Outcome == "stopped" {
			t.Logf("%s: stopped by the page's %s, here by %s", w.Key, r.StoppedBy, w.Result.StoppedBy)
		}
		switch {
		case pageClock && r.Outcome == "stopped":
		case outcome == "stopped":
			why := w.Result.StoppedBy.String()
			if r.Versus != "stopped" || r.Found != "no" || !strings.HasPrefix(r.StoppedBy, why) {
				t.Errorf("%s stopped by the %s: the row says %+v", w.Key, why, r)
			}
			if why == "node limit" && !strings.Contains(r.StoppedBy, thousands(nodes)+" expansions") {
				t.Errorf("%s: stopped by %q, want the limit's figure %s", w.Key, r.StoppedBy, thousands(nodes))
			}
		case outcome == "optimal":
			if r.Versus != "optimal" || r.Path != strconv.Itoa(optimal) {
				t.Errorf("%s optimal: the row says %+v", w.Key, r)
			}
		case outcome == "longer":
			if r.Versus != "+"+thousands(len(w.Result.Path)-optimal) {
				t.Errorf("%s longer by %d: the row says %+v", w.Key, len(w.Result.Path)-optimal, r)
			}
		}
		if w.Result.StoppedBy != search.StopTimeLimit && !pageClock && r.Expanded != thousands(int(w.Result.Expanded)) {
			t.Errorf("%s: %s expansions on the page, %d here", w.Key, r.Expanded, w.Result.Expanded)
		}
		if c, ok := legend[outcome]; ok {
			for i, bar := range r.Bars {
				if bar != "none" && bar != c {
					t.Errorf("%s (%s): bar %d is %s, the legend's %s colour is %s", w.Key, outcome, i, bar, outcome, c)
				}
			}
		}
	}
	return rows
}

// runCompare runs Compare with the expansions field set to limit.
func (p *page) runCompare(limit int) {
	p.t.Helper()
	p.run("compare", chromedp.Click(chromedp.ID("tab-compare")), setValue("compare-limit", strconv.Itoa(limit)),
		script(`document.getElementById("compare-message").textContent = "";`), chromedp.Click(chromedp.ID("run-compare")))
	p.waitTextFor(msg, "Compared", 2*time.Minute)
}

// Compare: three outcomes, three colours, one legend; the limit beside
// the results, raised by the teacher within the server's bound; each tab
// its own status line; the goal drawn on every tab; the watch chart's
// ticks and IDA*'s bound; the distance field bounded by the radius; no
// failed request on load.
func TestBrowserFront(t *testing.T) {
	ts := newServer(t)
	p := openBrowser(t, ts.URL, 1280, 800)
	p.waitText(msg, "New game")
	// Loading the served page asks for nothing that is not there.
	failed := eval[[]string](p, `performance.getEntriesByType("resource").filter(e => e.responseStatus >= 400 || e.name.includes("wasm")).map(e => e.name + " " + e.responseStatus)`)
	if len(failed) > 0 {
		t.Errorf("loading the served page: %v", failed)
	}
	frontFlows(p)
}

// frontFlows drives what a class sees on p, served or static, at 1280x800.
func frontFlows(p *page) {
	t := p.t
	table := p.table
	p.run("1280x800", chromedp.EmulateViewport(1280, 800), chromedp.Click(chromedp.ID("tab-play")))

	// The goal, drawn small beside the board on every tab.
	for _, view := range []string{"play", "compare", "watch", "scaling"} {
		p.run("show "+view, chromedp.Click(chromedp.ID("tab-"+view)))
		g := eval[map[string]any](p, `(() => { const e = document.getElementById("goal-board"); const r = e.getBoundingClientRect();
			return {tiles: Array.from(e.querySelectorAll(".tile")).map(x => x.textContent || "0").join(","), w: r.width, bottom: r.bottom, right: r.right}; })()`)
		if g["tiles"] != goal3x3().String() || g["w"].(float64) < 30 || g["bottom"].(float64) > 800 || g["right"].(float64) > 1280 {
			t.Errorf("%s: the goal shows %v, want %s drawn in view", view, g, goal3x3())
		}
	}
	p.run("back to Play", chromedp.Click(chromedp.ID("tab-play")))
	p.run("goal first", script(`const s = document.getElementById("goal"); s.value = "first"; s.dispatchEvent(new Event("change"));`))
	p.waitText(msg, "Goal first")
	if got := p.tiles("#goal-board"); got != statespace.GoalFirst(statespace.Shape{Rows: 3, Cols: 3}).String() {
		t.Errorf("goal first: the goal shows %s", got)
	}
	p.run("goal last", script(`const s = document.getElementById("goal"); s.value = "last"; s.dispatchEvent(new Event("change"));`))
	p.waitText(msg, "Goal last")

	// The distance field offers no distance beyond the radius, and says
	// what is wrong in words.
	p.run("distance 40", setValue("new-depth", "40"), chromedp.Click(chromedp.ID("new-at")))
	p.waitText(msg, "No 3x3 board is 40 moves from the goal (the farthest are 31): give a whole number from 1 to 31")
	if max := eval[string](p, `document.getElementById("new-depth").max`); max != "31" {
		t.Errorf("the distance field's max is %q, want 31 (3x3's radius)", max)
	}
	p.run("no distance", setValue("new-depth", ""), chromedp.Click(chromedp.ID("new-at")))
	p.waitText(msg, "Distance left empty: give a whole number from 1 to 31")

	// Compare on 3x3 at the default limit: IDDFS stops at the node limit
	// and is coloured so; raised to 500,000 it finds the optimum in
	// 410,194 expansions, as the command line does.
	deep, _ := statespace.Parse(board3x3Deep, statespace.Shape{})
	p.setBoard(deep)
	limits := eval[map[string]float64](p, `state.limits`)
	nodes := int(limits["compare_nodes"])
	if p.text("#compare-max") == "" || eval[string](p, `document.getElementById("compare-limit").value`) != strconv.Itoa(nodes) {
		t.Errorf("the limit beside Compare: %q, field %q; want the default %d and the bound", p.text("#compare-max"), eval[string](p, `document.getElementById("compare-limit").value`), nodes)
	}
	p.runCompare(nodes)
	rows := checkOutcomes(p, board3x3Deep, goal3x3(), table, fixture.Dist(t, table, deep), nodes)
	if r := rows["iddfs"]; r.Outcome != "stopped" || !strings.HasPrefix(r.StoppedBy, "node limit") {
		t.Errorf("IDDFS at %d expansions: %+v, want stopped by the node limit", nodes, r)
	}
	if used := p.text("#compare-limits-used"); !strings.Contains(used, thousands(nodes)+" expansions") {
		t.Errorf("the limits used say %q", used)
	}
	// Beyond the bound: refused, with the bound named.
	bound := eval[int](p, `maxNodes()`)
	p.run("too many", chromedp.Click(chromedp.ID("tab-compare")), setValue("compare-limit", strconv.Itoa(bound+1)), chromedp.Click(chromedp.ID("run-compare")))
	p.waitText(msg, "give a whole number from 1 to "+thousands(bound))
	if max := eval[string](p, `document.getElementById("compare-limit").max`); max != strconv.Itoa(bound) {
		t.Errorf("the expansions field's max is %q, want %d", max, bound)
	}
	p.runCompare(500000)
	rows = checkOutcomes(p, board3x3Deep, goal3x3(), table, fixture.Dist(t, table, deep), 500000)
	if r := rows["iddfs"]; r.Outcome != "optimal" || r.Expanded != "410,194" {
		t.Errorf("IDDFS at 500,000 expansions: %+v, want optimal in 410,194", r)
	}
	checkTakeAwayCompare(p)
	checkGIF(p, fixture.Dist(t, table, deep))

	// Each tab its own status: Compare's stays on Compare; a trace that
	// reaches the length asked says so.
	p.run("trace BFS", chromedp.Click(chromedp.ID("tab-watch")), setValue("watch-alg", "bfs"), setValue("watch-steps", "300"), chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "BFS: ")
	if s := p.text(msg); !strings.Contains(s, "trace length reached (300 expansions asked)") || strings.Contains(s, "stopped") {
		t.Errorf("a trace of the length asked says %q", s)
	}
	statuses := eval[map[string]string](p, `({play: document.getElementById("message").textContent, compare: document.getElementById("compare-message").textContent, watch: document.getElementById("watch-message").textContent})`)
	if !strings.Contains(statuses["compare"], "Compared") || strings.Contains(statuses["compare"], "BFS") || strings.Contains(statuses["play"], "BFS") || strings.Contains(statuses["play"], "Compared") {
		t.Errorf("the status lines mix: %v", statuses)
	}
	checkWatchTicks(p)
	// IDA*'s bound is drawn: the dashed line ends at the bound shown.
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	p.setBoard(hard)
	p.run("trace IDA*", setValue("watch-alg", "idastar"), setValue("watch-steps", "2000"), chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "IDA* (Manhattan): ")
	p.run("move to expansion 1,500", script(`const r = document.getElementById("watch-pos"); r.value = 1499; r.dispatchEvent(new Event("input"));`))
	p.waitText("#w-step", "1,500 of ")
	bnd := eval[map[string]any](p, `(() => { const l = document.querySelector("#watch-chart polyline.bound"); const t = Array.from(document.querySelectorAll("#watch-chart text.bound")).map(e => e.textContent);
		return {line: !!l && l.getAttribute("points").split(" ").length > 1, labels: t, shown: document.getElementById("w-bound").textContent}; })()`)
	if bnd["line"] != true || fmt.Sprint(bnd["labels"]) != "[bound "+bnd["shown"].(string)+"]" {
		t.Errorf("IDA*'s bound on the chart: %v", bnd)
	}
	checkWatchTicks(p)

	// 4x4: the searches that stop are coloured as stopped.
	p.run("back to Play", chromedp.Click(chromedp.ID("tab-play")))
	p.chooseShape("4x4")
	hard4, _ := statespace.Parse(board4x4Hard, statespace.Shape{})
	p.setBoard(hard4)
	p.runCompare(nodes)
	opt := -1
	if ref := p.text("#compare-reference"); strings.HasPrefix(ref, "Optimal distance: ") {
		opt, _ = strconv.Atoi(strings.Fields(ref)[2])
		// The reference is an optimal search's: IDA* on Manhattan finds the same length.
		goal := statespace.GoalLast(hard4.Shape())
		r, err := search.IDAStar(context.Background(), search.Problem{Start: hard4, Goal: goal, Limits: search.Limits{MaxTime: 2 * time.Minute, MaxExpanded: 1 << 40}}, pdb.NewManhattan(goal))
		if err != nil || !r.Found || len(r.Path) != opt {
			t.Errorf("the page's optimal distance %d; IDA* here: %+v %v", opt, r, err)
		}
	}
	rows = checkOutcomes(p, board4x4Hard, statespace.GoalLast(hard4.Shape()), nil, opt, nodes)
	for _, k := range []string{"bfs", "dfs", "iddfs", "ucs", "astar-misplaced", "climber"} {
		if rows[k].Outcome != "stopped" {
			t.Errorf("4x4 %s: %+v, want stopped", k, rows[k])
		}
	}
	// Scaling draws boards at exact distances: not on a shape without a table.
	p.run("scaling on 4x4", chromedp.Click(chromedp.ID("tab-scaling")))
	if off := eval[bool](p, `document.getElementById("scaling-run").disabled && !document.getElementById("scaling-note").hidden`); !off || !strings.Contains(p.text("#scaling-note"), "4x4 has none") {
		t.Errorf("Scaling on 4x4: run disabled %v, note %q", off, p.text("#scaling-note"))
	}
	p.run("back to Play", chromedp.Click(chromedp.ID("tab-play")))
	p.chooseShape("3x3")

	checkScaling(p)
	checkEmbed(p)
}

// checkWatchTicks checks each panel of the watch chart has at least three
// tick labels on its y-axis, round numbers rising upwards.
func checkWatchTicks(p *page) {
	t := p.t
	ticks := eval[[][]float64](p, `(() => { const ts = Array.from(document.querySelectorAll("#watch-chart text.tick"));
		const panels = [[], [], []];
		for (const e of ts) { const y = Number(e.getAttribute("y")); panels[y < 110 ? 0 : y < 224 ? 1 : 2].push([Number(e.textContent.replace(/,/g, "")), y]); }
		return panels.map(p => p.map(v => v[0]).concat(p.map(v => v[1]))); })()`)
	for i, tk := range ticks {
		n := len(tk) / 2
		vals, ys := tk[:n], tk[n:]
		if n < 3 {
			t.Errorf("watch panel %d has %d ticks %v, want at least 3", i, n, vals)
			continue
		}
		step := vals[1] - vals[0]
		for j := 1; j < n; j++ {
			if vals[j]-vals[j-1] != step || ys[j] >= ys[j-1] {
				t.Errorf("watch panel %d ticks %v at %v: not evenly spaced upwards", i, vals, ys)
				break
			}
		}
		mant := step / math.Pow(10, math.Floor(math.Log10(step)))
		if vals[0] != 0 || (math.Abs(mant-1) > 1e-9 && math.Abs(mant-2) > 1e-9 && math.Abs(mant-5) > 1e-9) {
			t.Errorf("watch panel %d ticks %v: want 0 and steps of 1, 2 or 5 times a power of ten", i, vals)
		}
	}
}

// catchDownloads makes the page keep each file it offers, for the test
// to read (the download itself still happens).
func catchDownloads(p *page) {
	p.run("catch downloads", script(`if (!window.caught) { window.caught = []; const o = URL.createObjectURL;
		URL.createObjectURL = (b) => { window.caught.push(b); return o.call(URL, b); }; }`))
}

// downloaded clicks id and returns the bytes of the file the page offers.
func downloaded(p *page, id string) []byte {
	p.t.Helper()
	catchDownloads(p)
	n := eval[int](p, `window.caught.length`)
	p.run("click "+id, chromedp.Click(chromedp.ID(id)))
	p.waitJS("a download from "+id, fmt.Sprintf(`window.caught.length > %d`, n))
	b64 := eval[string](p, fmt.Sprintf(`(async () => { const b = new Uint8Array(await window.caught[%d].arrayBuffer()); let s = ""; for (const x of b) s += String.fromCharCode(x); return btoa(s); })()`, n))
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		p.t.Fatal(err)
	}
	return b
}

// checkTakeAwayCompare downloads Compare's charts as PNG and its numbers
// as CSV, and checks them against the table shown.
func checkTakeAwayCompare(p *page) {
	t := p.t
	img, err := png.Decode(bytes.NewReader(downloaded(p, "compare-png")))
	if err != nil || img.Bounds().Dx() < 600 || img.Bounds().Dy() < 400 {
		t.Errorf("Compare's PNG: %v %v", err, img)
	}
	recs, err := csv.NewReader(bytes.NewReader(downloaded(p, "compare-csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rows := compareRows(p)
	if len(recs) != len(rows)+1 {
		t.Fatalf("Compare's CSV has %d lines, the table %d rows", len(recs), len(rows))
	}
	for i, r := range rows {
		rec := recs[i+1]
		if rec[4] != r.Outcome || thousands(atoi(t, rec[8])) != r.Expanded {
			t.Errorf("CSV line %v, table row %+v", rec, r)
		}
	}
}

// mean1 writes a mean as the page does: thousands separated, one
// decimal when it has one (27,432 or 13.5).
func mean1(v float64) string {
	whole := math.Floor(v)
	s := thousands(int(whole))
	if d := int(math.Round((v - whole) * 10)); d == 10 {
		s = thousands(int(whole) + 1)
	} else if d > 0 {
		s += "." + strconv.Itoa(d)
	}
	return s
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return n
}

// checkScaling runs the scaling view on 3x3 (BFS and A* on Manhattan, at
// distances 4, 8 and 12, two boards each) and checks its numbers against
// the same boards, drawn by the API's scaling run with the same seed,
// searched here.
func checkScaling(p *page) {
	t := p.t
	algs := map[string]search.Algorithm{}
	for _, a := range search.Standard(goal3x3(), p.table) {
		algs[a.Key] = a
	}
	p.run("open Scaling", chromedp.Click(chromedp.ID("tab-scaling")),
		script(`for (const c of document.querySelectorAll("#scaling-algs input")) c.checked = c.value === "bfs" || c.value === "astar-manhattan";`),
		setValue("scaling-distances", "4,8,12"), setValue("scaling-boards", "2"), setValue("scaling-limit", "200000"))
	// Bounded: too many boards are refused.
	p.run("too many", setValue("scaling-boards", "1000"), chromedp.Click(chromedp.ID("scaling-run")))
	p.waitText(msg, "at most 200 in one run")
	// The curves are drawn as the answers arrive: after each board, with
	// the boards so far.
	p.run("count the drawings", script(`window.drawings = []; new MutationObserver(() => {
		const rows = document.querySelectorAll("#scaling-table tbody tr").length;
		if (window.drawings[window.drawings.length - 1] !== rows) window.drawings.push(rows); }).observe(document.getElementById("scaling-charts"), {childList: true});`))
	p.run("run", setValue("scaling-boards", "2"), chromedp.Click(chromedp.ID("scaling-run")))
	p.waitTextFor(msg, "Scaling: 6 boards", 2*time.Minute)
	if d := eval[[]int](p, `window.drawings`); len(d) < 3 || d[len(d)-1] != 6 {
		t.Errorf("the scaling curves were drawn with %v rows of numbers: want drawings as the boards arrive, the last with 6", d)
	}
	type row struct {
		Alg, Distance, Boards, Stopped, Mean, Q1, Q3, Path string
	}
	rows := eval[[]row](p, `Array.from(document.querySelectorAll("#scaling-table tbody tr")).map(tr => { const c = Array.from(tr.children).map(e => e.textContent);
		return {Alg: tr.dataset.alg, Distance: c[1], Boards: c[2], Stopped: c[3], Mean: c[4], Q1: c[5], Q3: c[6], Path: c[7]}; })`)
	if len(rows) != 6 {
		t.Fatalf("the scaling table has %d rows, want 2 algorithms × 3 distances: %v", len(rows), rows)
	}
	for _, r := range rows {
		d := atoi(t, r.Distance)
		var nodes, paths []float64
		// The boards the page's run drew: the API draws the same ones for
		// the same request.
		var run struct{ Boards []struct{ Boards []string } }
		getJSONAt(t, p, "/api/scaling", fmt.Sprintf(`{shape: "3x3", goal: "last", distances: "%d", boards: "2", algs: "bfs,astar-manhattan", limit: "200000", seed: SCALING_SEED}`, d), &run)
		if len(run.Boards) != 1 || len(run.Boards[0].Boards) != 2 {
			t.Fatalf("distance %d: %+v, want 2 boards", d, run)
		}
		for _, text := range run.Boards[0].Boards {
			start, err := statespace.Parse(text, statespace.Shape{})
			if err != nil {
				t.Fatal(err)
			}
			if fixture.Dist(t, p.table, start) != d {
				t.Fatalf("board %s drawn at distance %d is %d away", text, d, fixture.Dist(t, p.table, start))
			}
			res, err := algs[r.Alg].Run(context.Background(), search.Problem{Start: start, Goal: goal3x3(), Limits: search.Limits{MaxExpanded: 200000, MaxTime: time.Minute}})
			if err != nil {
				t.Fatal(err)
			}
			nodes = append(nodes, float64(res.Expanded))
			paths = append(paths, float64(len(res.Path)))
		}
		sort.Float64s(nodes)
		mean := (nodes[0] + nodes[1]) / 2
		q1, q3 := nodes[0]+(nodes[1]-nodes[0])*0.25, nodes[0]+(nodes[1]-nodes[0])*0.75
		want := row{Alg: r.Alg, Distance: r.Distance, Boards: "2", Stopped: "0", Mean: thousands(int(math.Round(mean))), Q1: thousands(int(math.Round(q1))), Q3: thousands(int(math.Round(q3))),
			Path: mean1((paths[0] + paths[1]) / 2)}
		if r != want {
			t.Errorf("scaling row %+v, want %+v", r, want)
		}
	}
	// Three charts, a mean line and a band for each algorithm, on a log scale.
	charts := eval[[]map[string]any](p, `Array.from(document.querySelectorAll("#scaling-charts svg")).map(s => ({
		measure: s.dataset.measure, means: s.querySelectorAll("polyline.mean").length, bands: s.querySelectorAll("polygon.band").length,
		title: s.querySelector("text.title").textContent, ticks: Array.from(s.querySelectorAll("text.tick")).map(e => e.textContent) }))`)
	if len(charts) != 3 {
		t.Fatalf("%d scaling charts, want 3", len(charts))
	}
	for _, c := range charts {
		if c["means"].(float64) != 2 || c["bands"].(float64) != 2 || !strings.Contains(c["title"].(string), "log scale") {
			t.Errorf("scaling chart %v: want a mean and a band for each of 2 algorithms, log scale", c)
		}
	}
	// The CSV holds the table's numbers.
	recs, err := csv.NewReader(bytes.NewReader(downloaded(p, "scaling-csv"))).ReadAll()
	if err != nil || len(recs) != 7 {
		t.Fatalf("scaling CSV: %v, %d lines", err, len(recs))
	}
	for i, r := range rows {
		mean, _ := strconv.ParseFloat(recs[i+1][7], 64)
		if recs[i+1][3] != r.Distance || thousands(int(math.Round(mean))) != r.Mean {
			t.Errorf("scaling CSV line %v, table row %+v", recs[i+1], r)
		}
	}
	img, err := png.Decode(bytes.NewReader(downloaded(p, "scaling-png")))
	if err != nil || img.Bounds().Dx() < 480 {
		t.Errorf("scaling PNG: %v", err)
	}
}

// checkGIF downloads the solution of the board shown as a GIF and checks
// it has a frame per board from it to the goal.
func checkGIF(p *page, distance int) {
	t := p.t
	p.run("back to Play", chromedp.Click(chromedp.ID("tab-play")))
	p.waitJS("the GIF button", `!document.getElementById("download-gif").disabled`)
	g, err := gif.DecodeAll(bytes.NewReader(downloaded(p, "download-gif")))
	if err != nil {
		t.Fatalf("the downloaded GIF: %v", err)
	}
	if len(g.Image) != distance+1 {
		t.Errorf("the GIF has %d frames, want the distance %d + 1", len(g.Image), distance)
	}
	t.Logf("the solution's GIF (%s): %d frames for a board %d moves from the goal", eval[string](p, `document.body.dataset.mode`), len(g.Image), distance)
	img, err := png.Decode(bytes.NewReader(downloaded(p, "download-board")))
	if err != nil || img.Bounds().Dx() < 200 {
		t.Errorf("the board's PNG: %v", err)
	}
}

// checkEmbed opens a game with #embed: the board and its controls alone.
func checkEmbed(p *page) {
	t := p.t
	b := "4,1,3,7,0,2,5,8,6"
	// The page offers the <iframe> that embeds the game shown, to copy.
	p.run("back to Play", chromedp.Click(chromedp.ID("tab-play")))
	start, err := statespace.Parse(b, statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	p.setBoard(start)
	p.run("set the link", script(`setGameLink(boardText(state.tiles), "");`))
	p.run("open Embed", chromedp.Click(chromedp.CSS("#embed-box summary")), chromedp.Click(chromedp.ID("embed-copy")))
	p.waitJS("the copy's answer", `/Copied|Ctrl-C/.test(document.getElementById("message").textContent)`)
	code := eval[string](p, `document.getElementById("embed-code").value`)
	m := regexp.MustCompile(`^<iframe src="([^"]+)" width="\d+" height="\d+" title="[^"]+"[^>]*></iframe>$`).FindStringSubmatch(code)
	if m == nil || !strings.Contains(m[1], "#embed&amp;b="+strings.ReplaceAll(b, ",", "%2C")) {
		t.Fatalf("the embed code is %q, want an <iframe> of this page with #embed and the board %s", code, b)
	}
	if sel := eval[string](p, `(() => { const e = document.getElementById("embed-code"); return e.value.slice(e.selectionStart, e.selectionEnd); })()`); sel != code {
		t.Errorf("after Copy the selection is %q, want the whole code", sel)
	}
	src := strings.ReplaceAll(m[1], "&amp;", "&")
	p.run("leave", chromedp.Navigate("about:blank"))
	p.load(src)
	p.waitText(msg, "Game from the link")
	got := eval[map[string]any](p, `(() => { const shown = (id) => { const e = document.querySelector(id); return !!e && e.getClientRects().length > 0; };
		return {header: shown("header"), setup: shown("#set-board") || shown("#board-input"), tabs: shown("#tabs"), board: shown("#board"), solve: shown("#solve"), newgame: shown("#new-at"),
			goal: shown("#goal-board") ? Array.from(document.querySelectorAll("#goal-board .tile")).map(e => e.textContent || "0").join(",") : "",
			embed: shown("#embed-box"),
			tiles: Array.from(document.querySelectorAll("#board .tile")).map(e => e.textContent || "0").join(",")}; })()`)
	if got["header"] != false || got["setup"] != false || got["tabs"] != false || got["embed"] != false || got["board"] != true || got["solve"] != true || got["newgame"] != true || got["tiles"] != b ||
		got["goal"] != goal3x3().String() {
		t.Errorf("#embed shows %v, want the board %s, the goal %s and the board's controls alone", got, b, goal3x3())
	}
	// Its buttons work there: a move, then the solution to the goal.
	p.run("solve", setValue("speed", "30"), chromedp.Click(chromedp.ID("solve")))
	p.waitText("#counter", "optimal!")
	p.run("leave", chromedp.Navigate("about:blank"))
	p.load(p.url)
}

// The three screens a class meets (1024x768, 1280x800, 1920x1080), in
// both modes: every control and every column inside the viewport with no
// sideways scrolling, the board as large as the room beside the controls
// and above the fold allows, New game and Solve above the fold, and on
// Watch at 1280x800 the explanation and the frontier panel in view.
func TestBrowserLayout(t *testing.T) {
	p := openBrowser(t, newServer(t).URL, 1280, 800)
	p.waitText(msg, "New game")
	checkLayouts(p)
	// Every shape fills the room: the 2x5 board, 440 px wide at 1920 px
	// when it had a fixed size, and the 15-puzzle.
	for _, shape := range []string{"2x5", "4x4", "2x2"} {
		p.chooseShape(shape)
		for _, mode := range []string{"normal", "projector"} {
			for _, sz := range screens {
				name := fmt.Sprintf("%s %s %dx%d", shape, mode, sz[0], sz[1])
				p.run("size "+name, chromedp.EmulateViewport(sz[0], sz[1]), script(fmt.Sprintf(`setProjector(%v); window.scrollTo(0, 0);`, mode == "projector")))
				p.settle()
				checkInView(p, name+" play", "play")
			}
		}
		p.run("normal", chromedp.EmulateViewport(1280, 800), script(`setProjector(false);`))
	}
}

// screens are the resolutions checked.
var screens = [][2]int64{{1024, 768}, {1280, 800}, {1920, 1080}}

// checkLayouts fills Compare and Watch on the 8-puzzle's hardest board and
// checks every view at each screen size, in both modes.
func checkLayouts(p *page) {
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	p.setBoard(hard)
	p.runCompare(eval[int](p, `Number(state.limits.compare_nodes)`))
	p.run("trace", chromedp.Click(chromedp.ID("tab-watch")), setValue("watch-alg", "dfs"), setValue("watch-steps", "2000"), chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "DFS: ")
	p.run("scaling", chromedp.Click(chromedp.ID("tab-scaling")),
		script(`for (const c of document.querySelectorAll("#scaling-algs input")) c.checked = ["bfs", "dfs", "ucs", "astar-manhattan"].includes(c.value);`),
		setValue("scaling-distances", "2,4"), setValue("scaling-boards", "1"), chromedp.Click(chromedp.ID("scaling-run")))
	p.waitTextFor(msg, "Scaling: 2 boards", time.Minute)
	checkPalette(p)
	checkScalingNumbers(p)
	for _, mode := range []string{"normal", "projector"} {
		for _, sz := range screens {
			w, h := sz[0], sz[1]
			name := fmt.Sprintf("%s %dx%d", mode, w, h)
			p.run("size "+name, chromedp.EmulateViewport(w, h),
				script(fmt.Sprintf(`setProjector(%v); window.scrollTo(0, 0);`, mode == "projector")))
			for _, view := range []string{"play", "compare", "watch", "scaling"} {
				p.run("show "+view, chromedp.Click(chromedp.ID("tab-"+view)), script(`window.scrollTo(0, 0);`))
				p.settle()
				if p.shots != "" && os.Getenv("TILESPACE_LAYOUT_SHOTS") != "" {
					p.screenshotAs(fmt.Sprintf("layout-%s-%dx%d-%s.png", mode, w, h, view))
				}
				checkInView(p, name+" "+view, view)
			}
		}
	}
	p.run("normal size", chromedp.EmulateViewport(1280, 800), script(`setProjector(false);`), chromedp.Click(chromedp.ID("tab-play")))
}

// checkInView checks what a view shows fits the viewport.
func checkInView(p *page, name, view string) {
	t := p.t
	t.Helper()
	r := eval[map[string]any](p, `(() => {
		const W = window.innerWidth, H = window.innerHeight;
		const box = (e) => e.getBoundingClientRect();
		const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
		const out = Array.from(document.querySelectorAll("button, input, select, a[href], th, td, svg.chart, .chartbox, .board, legend"))
			.filter(shown).filter(e => { const b = box(e); return b.left < -0.5 || b.right > W + 0.5; })
			.map(e => (e.id || e.tagName + "." + e.className + ":" + e.textContent.trim().slice(0, 20)) + " [" + Math.round(box(e).left) + ", " + Math.round(box(e).right) + "]");
		const r = {W, H, scroll: document.scrollingElement.scrollWidth, out};
		// Each chart's labels drawn whole inside it; each field wide
		// enough for its value.
		r.clipped = Array.from(document.querySelectorAll("svg.chart text, svg.spark text")).filter(shown).filter(e => {
			const b = box(e), s = box(e.closest("svg"));
			return b.width > 0 && (b.left < s.left - 0.5 || b.right > s.right + 0.5 || b.top < s.top - 0.5 || b.bottom > s.bottom + 0.5);
		}).map(e => e.closest("svg").id + (e.closest("svg").dataset.measure || "") + ": " + JSON.stringify(e.textContent));
		r.narrow = Array.from(document.querySelectorAll("input:not([type=range]):not([type=checkbox])")).filter(shown)
			.filter(e => e.value && e.scrollWidth > e.clientWidth + 1).map(e => e.id + " (" + JSON.stringify(e.value) + ": " + e.scrollWidth + " px of text in " + e.clientWidth + ")");
		const b = box(document.getElementById("board"));
		r.board = [b.left, b.top, b.right, b.bottom];
		r.side = box(document.querySelector(".side")).left;
		r.tile = box(document.querySelector("#board .tile") || document.body).width;
		r.below = box(document.querySelector(".board-col .small")).height;
		for (const id of ["new-at", "new-random", "solve"]) r[id] = box(document.getElementById(id)).bottom;
		// Every control of Play, and the lines a class reads beside the
		// board, each whole inside the window.
		r.below_fold = Array.from(document.querySelectorAll("header button, #setup input, #setup select, #setup button, #goal-board, " +
			"#view-play button, #view-play input, #view-play select, #view-play a[href], #view-play summary, #view-play label, #distance, #hint, #counter, #board"))
			.filter(shown).filter(e => { const b = box(e); return b.bottom > H + 0.5 || b.right > W + 0.5 || b.top < -0.5; })
			.map(e => (e.id || e.tagName + ":" + e.textContent.trim().slice(0, 24)) + " [" + Math.round(box(e).top) + ", " + Math.round(box(e).bottom) + "]");
		const ex = document.getElementById("watch-explain");
		r.explain = ex.getClientRects().length ? box(ex).bottom : 0;
		const lines = document.querySelectorAll("#watch-chart polyline.frontier");
		r.frontier = lines.length ? box(lines[0]).bottom : 0;
		const chart = document.getElementById("watch-chart");
		r.chart = chart.getClientRects().length ? box(chart).bottom : 0;
		return r;
	})()`)
	W, H := r["W"].(float64), r["H"].(float64)
	if sw := r["scroll"].(float64); sw > W+0.5 {
		t.Errorf("%s: the page scrolls sideways (%.0f px wide in %.0f)", name, sw, W)
	}
	for _, o := range r["out"].([]any) {
		t.Errorf("%s: outside the viewport's width: %v", name, o)
	}
	for _, o := range r["clipped"].([]any) {
		t.Errorf("%s: a chart's label is cut off: %v", name, o)
	}
	for _, o := range r["narrow"].([]any) {
		t.Errorf("%s: a field too narrow for its value: %v", name, o)
	}
	switch view {
	case "play":
		b := r["board"].([]any)
		right, bottom := b[2].(float64), b[3].(float64)
		if bottom > H+0.5 || right > W+0.5 {
			t.Errorf("%s: the board ends at (%.0f, %.0f), outside %.0fx%.0f", name, right, bottom, W, H)
		}
		// As large as the room allows: it reaches the fold (less the line
		// under it) or the controls beside it, within a tile's rounding.
		slack := r["tile"].(float64)/4 + 40
		if bottom+r["below"].(float64) < H-slack && right < r["side"].(float64)-slack {
			t.Errorf("%s: the board ends at (%.0f, %.0f): room is left below (to %.0f) and beside (to %.0f)", name, right, bottom, H, r["side"])
		}
		for _, id := range []string{"new-at", "new-random", "solve"} {
			if r[id].(float64) > H+0.5 {
				t.Errorf("%s: #%s ends at %.0f, below the fold %.0f", name, id, r[id], H)
			}
		}
		for _, o := range r["below_fold"].([]any) {
			t.Errorf("%s: not whole inside the %.0fx%.0f window: %v", name, W, H, o)
		}
	case "watch":
		// At 1280x800, and on a projector at 1920x1080, the whole view.
		if (name == "normal 1280x800 watch" || name == "normal 1920x1080 watch" || name == "projector 1920x1080 watch") &&
			(r["explain"].(float64) > H+0.5 || r["frontier"].(float64) > H+0.5 || r["chart"].(float64) > H+0.5) {
			t.Errorf("%s: the explanation ends at %.0f, the frontier panel at %.0f, the chart at %.0f: below the fold %.0f", name, r["explain"], r["frontier"], r["chart"], H)
		}
	}
}

// screenshotAs saves the viewport as it is as name in $TILESPACE_SCREENSHOTS.
func (p *page) screenshotAs(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(p.shots, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}
