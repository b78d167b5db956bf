// Package e2e drives the served page in a real headless Chromium. It is a
// module of its own, test files only, so chromedp is a dependency of this
// test alone and never of tilespace.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve/api"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/tilespace/tilespace/serve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

// findBrowser returns Chromium's path: $TILESPACE_CHROMIUM, else the
// first of the usual names on PATH.
func findBrowser() string {
	if p := os.Getenv("TILESPACE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// manhattan is the 15-puzzle's partition in these tests: every tile its
// own pattern, so nothing is built and the short random walks the tests
// draw are solved at once.
var manhattan = func() pdb.Partition {
	var p pdb.Partition
	for tile := 1; tile < 16; tile++ {
		p.Patterns = append(p.Patterns, []int{tile})
	}
	return p
}()

// newServer serves the page and its API, with the 15-puzzle.
func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("TILESPACE_CACHE", cache)
	srv := newPage(t, serve.Config{}, resolve.Config{Partition: manhattan, Cache: store.NewCache(cache)})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts
}

// newPage is the page cmd/serve makes: cfg's server answering from the
// resolver of qc, closed when the test ends.
func newPage(t *testing.T, cfg serve.Config, qc resolve.Config) *serve.Server {
	t.Helper()
	slots := api.NewSlots(cfg.Limits)
	res, err := api.NewResolver(context.Background(), qc, slots)
	if err != nil {
		t.Fatal(err)
	}
	srv := serve.New(cfg, res, slots)
	t.Cleanup(func() { srv.Close(); res.Close() })
	return srv
}

// msg is the status line of the tab shown: each tab has its own.
const msg = `[role="tabpanel"]:not([hidden]) .status`

// page is one browser tab on the page, with the helpers the tests share.
type page struct {
	t     *testing.T
	ctx   context.Context
	url   string
	table *table.Table // 3x3, goal last
	shots string       // folder for screenshots, or ""
}

var table3x3 *table.Table

func goal3x3() statespace.Board { return statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}) }

// The tests share one Chromium, started on first use and stopped by
// TestMain: each test opens its own tab (its own origin too, as each
// serves on its own port, so nothing stored leaks from one to the next).
var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserErr    error
	browserCancel = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	browserCancel()
	os.Exit(code)
}

// sharedBrowser starts Chromium once.
func sharedBrowser(path string) (context.Context, error) {
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tilespace-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.UserDataDir(dir),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.WindowSize(1920, 1080),
		}
		if os.Geteuid() == 0 {
			opts = append(opts, chromedp.NoSandbox) // Chromium refuses to run as root with its sandbox
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		browserCancel = func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		// The first action starts the browser, whose life is its context's.
		browserErr = chromedp.Do(bctx, chromedp.EmulateViewport(1280, 800))
		browserCtx = bctx
	})
	return browserCtx, browserErr
}

// openBrowser opens a tab of the shared Chromium at the given viewport
// size on url; it fails under CI when there is no Chromium, else skips.
func openBrowser(t *testing.T, url string, width, height int64) *page {
	t.Helper()
	p := openTab(t, url, width, height)
	p.load(url)
	return p
}

// openTab is openBrowser without waiting for a board: the tab is blank.
func openTab(t *testing.T, url string, width, height int64) *page {
	t.Helper()
	browser := findBrowser()
	if browser == "" {
		why := "no Chromium found ($TILESPACE_CHROMIUM, or chromium, chromium-browser, google-chrome on PATH); install Debian's chromium (apt-get install -y chromium) to run the browser test"
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set, so the browser test must run: " + why)
		}
		t.Skip(why)
	}
	if table3x3 == nil {
		tab, err := table.Enumerate(context.Background(), statespace.MustSpace(goal3x3()), nil)
		if err != nil {
			t.Fatal(err)
		}
		table3x3 = tab
	}
	bctx, err := sharedBrowser(browser)
	if err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	tab, cancelTab := chromedp.NewContext(bctx)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatalf("opening a tab of %s: %v", browser, err)
	}
	ctx, cancel := context.WithTimeout(tab, 300*time.Second)
	t.Cleanup(cancel)
	return &page{t: t, ctx: ctx, url: url, table: table3x3, shots: os.Getenv("TILESPACE_SCREENSHOTS")}
}

// load navigates to url and waits for the first board.
func (p *page) load(url string) {
	p.t.Helper()
	p.run("load "+url, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#board .tile")))
}

func (p *page) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression into T.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent`, sel))
}

func (p *page) tiles(sel string) string {
	p.t.Helper()
	return eval[string](p, `Array.from(document.querySelectorAll(`+strconv.Quote(sel+" .tile")+`)).map(e => e.textContent || "0").join(",")`)
}

// waitText waits until sel's text contains want, for at most 30 s.
func (p *page) waitText(sel, want string) {
	p.t.Helper()
	p.waitTextFor(sel, want, 30*time.Second)
}

// waitTextFor waits until sel's text contains want, for at most limit.
func (p *page) waitTextFor(sel, want string, limit time.Duration) {
	p.t.Helper()
	js := fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent.includes(%q)`, sel, want)
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > 3*time.Second {
			p.t.Logf("waited %s for %s to say %q", d.Round(time.Millisecond), sel, want)
		}
	}()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(limit))); err != nil {
		p.t.Fatalf("waiting for %s to say %q (it says %q): %v", sel, want, p.text(sel), err)
	}
}

// waitJS waits until the expression is true.
func (p *page) waitJS(what, js string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s (%s): %v", what, js, err)
	}
}

// settle waits until the page has drawn two frames: the resize handler
// (which sizes the board in an animation frame) has run and the browser
// has laid out what it drew.
func (p *page) settle() {
	p.t.Helper()
	eval[bool](p, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// screenshot saves the viewport as name in $TILESPACE_SCREENSHOTS.
func (p *page) screenshot(name string, width, height int64) {
	p.t.Helper()
	if p.shots == "" {
		return
	}
	p.run("size the window", chromedp.EmulateViewport(width, height))
	p.settle()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(p.shots, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// screenshotOf saves the viewport, scrolled to the element sel, as name
// in $TILESPACE_SCREENSHOTS.
func (p *page) screenshotOf(name, sel string, width, height int64) {
	p.t.Helper()
	if p.shots == "" {
		return
	}
	p.run("size the window", chromedp.EmulateViewport(width, height))
	p.settle()
	p.run("scroll to "+sel, script(`document.querySelector(`+strconv.Quote(sel)+`).scrollIntoView();`))
	p.settle()
	p.screenshotAs(name)
	p.run("scroll back", script(`window.scrollTo(0, 0);`))
}

func (p *page) typeBoard(text string) {
	p.t.Helper()
	p.run("type "+text, setValue("board-input", ""), chromedp.SendKeys(chromedp.ID("board-input"), text), chromedp.Click(chromedp.ID("set-board")))
}

func (p *page) setBoard(b statespace.Board) {
	p.t.Helper()
	p.typeBoard(b.String())
	p.waitText(msg, "Board set: "+b.String())
	if got := p.tiles("#board"); got != b.String() {
		p.t.Fatalf("the board shows %s, want %s", got, b)
	}
}

// chooseShape picks a shape in the menu as a user does.
func (p *page) chooseShape(shape string) {
	p.t.Helper()
	p.chooseShapeWithin(shape, 30*time.Second)
}

// chooseShapeWithin picks a shape and waits at most limit for its game.
func (p *page) chooseShapeWithin(shape string, limit time.Duration) {
	p.t.Helper()
	p.run("choose "+shape, script(fmt.Sprintf(`const s = document.getElementById("shape"); s.value = %q; s.dispatchEvent(new Event("change"));`, shape)))
	p.waitTextFor(msg, "New game", limit)
	p.waitJS("a "+shape+" board", fmt.Sprintf(`document.querySelectorAll("#board .tile").length === %d`, cells(shape)))
}

func cells(shape string) int {
	sh, err := statespace.ParseShape(shape)
	if err != nil {
		panic(err)
	}
	return sh.Rows * sh.Cols
}

func hintText(table *table.Table, b statespace.Board) string {
	arrow := map[statespace.Move]string{statespace.Up: "↑", statespace.Down: "↓", statespace.Left: "←", statespace.Right: "→"}
	var parts []string
	_, closer, err := table.LookupMoves(b)
	if err != nil {
		return "Closer: " + err.Error()
	}
	for _, m := range closer.Moves() {
		parts = append(parts, fmt.Sprintf("%d %s", b.SlidingTile(m), arrow[m.Opposite()]))
	}
	return "Closer: " + strings.Join(parts, ", ")
}

// gapText is the hint's note of the closer moves as the command line
// names them: the gap's moves.
func gapText(table *table.Table, b statespace.Board) string {
	_, closer, err := table.LookupMoves(b)
	if err != nil {
		return err.Error()
	}
	var names []string
	for _, m := range closer.Moves() {
		names = append(names, m.String())
	}
	what, pron := "moves", "them"
	if len(names) == 1 {
		what, pron = "move", "it"
	}
	return fmt.Sprintf("(the gap's %s %s, as the command line names %s)", what, strings.Join(names, ", "), pron)
}

// The flows of the page: type a board, play a move with the keyboard and
// check the hint, solve and check the goal is reached in the optimal
// number of moves, compare the algorithms, and step a search. With
// TILESPACE_SCREENSHOTS set to a folder it saves play.png, compare.png and
// watch.png there (docs/ holds the README's).
func TestBrowser(t *testing.T) {
	p := openBrowser(t, newServer(t).URL, 1280, 860)
	flows(p, true)
}

// flows runs the page's flows on p; the static copy runs them too.
func flows(p *page, screenshots bool) {
	t := p.t
	table := p.table
	p.waitText(msg, "New game")
	if !screenshots {
		p.shots = ""
	}

	// Type a board and check the exact distance and hint.
	start, err := statespace.Parse("4,1,3,7,0,2,5,8,6", statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	p.setBoard(start)
	p.waitText("#distance", fmt.Sprintf("Distance: %d moves", fixture.Dist(t, table, start)))
	p.waitText("#hint", hintText(table, start))
	// The hint names each move by its tile, as the page does, and by the
	// gap's move, as the command line does.
	p.waitText("#hint", gapText(table, start))
	p.screenshot("play.png", 1280, 640)

	blur := script(`document.activeElement.blur();`)
	// The right arrow slides the tile left of the gap right: the blank moves left.
	p.run("press the right arrow", blur, chromedp.KeyEvent(kb.ArrowRight))
	after, _ := start.Apply(statespace.Left)
	p.waitText("#counter", "Moves made: 1")
	if got := p.tiles("#board"); got != after.String() {
		t.Fatalf("after the right arrow the board is %s, want %s", got, after)
	}
	p.waitText("#distance", fmt.Sprintf("Distance: %d moves", fixture.Dist(t, table, after)))
	p.waitText("#hint", hintText(table, after))
	// The move is announced to screen readers, the distance too.
	p.waitText("#announce", fmt.Sprintf("Tile %d slid right. Moves made: 1.", start.SlidingTile(statespace.Left)))
	for _, id := range []string{"announce", "distance"} {
		if live := eval[string](p, `document.getElementById("`+id+`").getAttribute("aria-live") || ""`); live != "polite" {
			t.Errorf("#%s has aria-live %q, want polite", id, live)
		}
	}

	// Bad input shows the parser's message; an unsolvable board the parity
	// explanation, saying "unsolvable" once.
	_, perr := statespace.Parse("1,2,x", statespace.Shape{})
	p.typeBoard("1,2,x")
	p.waitText(msg, perr.Error())
	bad := statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	p.typeBoard(bad.String())
	p.waitText(msg, "Board "+bad.String()+" is "+statespace.MustSpace(goal3x3()).Check(bad).Error())
	if m := p.text(msg); strings.Count(strings.ToLower(m), "unsolvable") != 1 {
		t.Errorf("the message says unsolvable %d times: %q", strings.Count(strings.ToLower(m), "unsolvable"), m)
	}
	// A board not set leaves the game as it was, and the box agrees with
	// the board shown: it shows the game's board again, and the message
	// says what was typed and that it was not set.
	for _, typed := range []string{"1,2,x", bad.String()} {
		p.typeBoard(typed)
		p.waitText(msg, "Not set: the board and the box show the current game.")
		if m := p.text(msg); !strings.Contains(m, typed) {
			t.Errorf("after %s was refused the message %q does not say what was typed", typed, m)
		}
		box := eval[string](p, `document.getElementById("board-input").value`)
		if got := p.tiles("#board"); got != after.String() || box != after.String() {
			t.Errorf("after %s was refused the board shows %s and the box %q, want the game's %s in both", typed, got, box, after)
		}
		p.waitText("#distance", fmt.Sprintf("Distance: %d moves", fixture.Dist(t, table, after)))
	}

	// Solve from the typed board: the goal in the optimal number of moves.
	p.setBoard(start)
	p.run("speed up and solve", setValue("speed", "30"), chromedp.Click(chromedp.ID("solve")))
	d := fixture.Dist(t, table, start)
	p.waitText("#counter", fmt.Sprintf("Solved in %d moves; the optimum was %d: optimal!", d, d))
	if got := p.tiles("#board"); got != goal3x3().String() {
		t.Fatalf("after Solve the board is %s, want the goal %s", got, goal3x3())
	}

	// Compare on a harder board: the table of every algorithm.
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	p.setBoard(hard)
	p.run("open Compare", chromedp.Click(chromedp.ID("tab-compare")))
	// Before the first run: no table, not even its header.
	if vis := eval[bool](p, `document.getElementById("compare-table").offsetParent !== null`); vis {
		t.Errorf("the comparison table shows before any comparison was run")
	}
	p.run("compare", chromedp.Click(chromedp.ID("run-compare")))
	p.waitText(msg, "Compared")
	p.waitText("#compare-reference", fmt.Sprintf("Optimal distance: %d moves", fixture.Dist(t, table, hard)))
	// An 8-puzzle board names the COMS 4701 reference and grader for it.
	if coms := p.text("#compare-coms"); !strings.Contains(coms, "classroom coms bfs "+hard.String()) ||
		!strings.Contains(coms, "classroom grade -method bfs -board "+hard.String()+" output.txt") {
		t.Errorf("the COMS 4701 line is %q", coms)
	}
	rows := eval[[][]string](p, `Array.from(document.querySelectorAll("#compare-table tbody tr")).map(
		tr => [tr.dataset.key].concat(Array.from(tr.children).map(c => c.textContent)))`)
	if len(rows) < 10 {
		t.Fatalf("the comparison has %d rows: %v", len(rows), rows)
	}
	found := map[string][]string{}
	for _, r := range rows {
		found[r[0]] = r
	}
	for _, key := range []string{"bfs", "ucs", "astar-manhattan", "astar-exact", "idastar"} {
		r := found[key]
		if r == nil || r[3] != strconv.Itoa(fixture.Dist(t, table, hard)) || r[4] != "optimal" {
			t.Errorf("%s row %v: want a path of %d moves, optimal", key, r, fixture.Dist(t, table, hard))
		}
	}
	if r := found["dfs"]; r == nil || r[2] != "yes" || r[4] == "optimal" {
		t.Errorf("DFS row %v: want a found path longer than the optimum", r)
	}
	if bars := eval[int](p, `document.querySelectorAll("#compare-charts .bar").length`); bars != 5*len(rows) {
		t.Errorf("%d bars, want 5 charts of %d", bars, len(rows))
	}
	checkCompareFigures(p)
	p.screenshot("compare.png", 1280, 1000)
	p.screenshotOf("paths.png", "#paths-title", 1280, 760)

	// Watch BFS step by step on the typed board.
	p.setBoard(start)
	p.run("trace BFS", chromedp.Click(chromedp.ID("tab-watch")),
		setValue("watch-alg", "bfs"),
		chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "BFS: ")
	p.waitText("#w-step", "1 of ")
	for i := 2; i <= 4; i++ {
		p.run("step", chromedp.Click(chromedp.ID("watch-step")))
		p.waitText("#w-step", fmt.Sprintf("%d of ", i))
		b, err := statespace.Parse(p.tiles("#watch-board"), start.Shape())
		if err != nil {
			t.Fatal(err)
		}
		if got := p.text("#w-distance"); got != strconv.Itoa(fixture.Dist(t, table, b)) {
			t.Errorf("step %d shows %s at distance %s, the table says %d", i, b, got, fixture.Dist(t, table, b))
		}
	}
	checkWatchChart(p, 4)
	// DFS on the hardest board, moved to its 1,500th expansion, for the
	// picture of the dive.
	p.setBoard(hard)
	p.run("trace DFS", setValue("watch-alg", "dfs"), chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "DFS: ")
	p.run("move to expansion 1,500", script(`const r = document.getElementById("watch-pos");
		r.value = 1499; r.dispatchEvent(new Event("input"));`))
	p.waitText("#w-step", "1,500 of ")
	checkWatchChart(p, 1500)
	p.screenshot("watch.png", 1280, 1020)

	// The picture of Scaling: its four algorithms from distance 2 to 12.
	if p.shots != "" {
		p.run("scaling", chromedp.Click(chromedp.ID("tab-scaling")), setValue("scaling-distances", "2,4,6,8,10,12"), setValue("scaling-boards", "2"),
			chromedp.Click(chromedp.ID("scaling-run")))
		p.waitTextFor(msg, "Scaling: 12 boards", 5*time.Minute)
		p.screenshotOf("scaling.png", "#scaling-charts", 1280, 900)
	}
}

// checkCompareFigures checks the comparison's figures carry their keys: a
// legend for the bar colours, axes and labels on each distance line, mini
// boards large enough to read and each strip on one line ending at the goal.
func checkCompareFigures(p *page) {
	t := p.t
	legend := p.text("#bar-legend")
	if !strings.Contains(legend, "optimal") || eval[int](p, `document.querySelectorAll("#bar-legend .key").length`) != 3 {
		t.Errorf("bar legend %q: want a key for each bar colour", legend)
	}
	colours := eval[[]string](p, `[".bar.optimal", ".bar.longer"].map(s => { const e = document.querySelector("#compare-charts " + s); return e ? getComputedStyle(e).backgroundColor : ""; })
		.concat([".bar-optimal", ".bar-longer"].map(s => getComputedStyle(document.querySelector("#bar-legend " + s), "::before").backgroundColor))`)
	if colours[0] == "" || colours[0] != colours[2] || colours[1] != colours[3] {
		t.Errorf("bar colours %v do not match the legend's", colours)
	}
	sparks := eval[[]string](p, `Array.from(document.querySelectorAll("#compare-paths .spark")).map(s => Array.from(s.querySelectorAll("text")).map(e => e.textContent).join("|") + "#" + s.querySelectorAll("line.axis").length)`)
	if len(sparks) == 0 {
		t.Fatal("no distance lines under the solution strips")
	}
	for _, s := range sparks {
		if !strings.Contains(s, "moves along the path") || !strings.Contains(s, "true distance") || !strings.HasSuffix(s, "#2") {
			t.Errorf("distance line without labelled axes: %s", s)
		}
	}
	if w := eval[float64](p, `document.querySelector("#compare-paths .board.micro .tile").getBoundingClientRect().width`); w < 24 {
		t.Errorf("mini boards' tiles are %.0f px wide, want at least 24", w)
	}
	checkStripsOneLine(p, goal3x3())
}

// checkStripsOneLine checks every solution strip sits on one line and
// shows the goal last.
func checkStripsOneLine(p *page, goal statespace.Board) {
	t := p.t
	strips := eval[[]map[string]any](p, `Array.from(document.querySelectorAll("#compare-paths .strip")).map(s => {
		const bs = Array.from(s.querySelectorAll(".board"));
		const tops = new Set(bs.map(b => Math.round(b.getBoundingClientRect().top)));
		const right = Math.max(...bs.map(b => b.getBoundingClientRect().right));
		const last = Array.from(bs[bs.length - 1].querySelectorAll(".tile")).map(e => e.textContent || "0").join(",");
		return {lines: tops.size, overflow: right > s.getBoundingClientRect().right + 1, last};
	})`)
	for i, s := range strips {
		if s["lines"].(float64) != 1 || s["overflow"].(bool) || s["last"] != goal.String() {
			t.Errorf("strip %d: %v (want one line, nothing cut off, the goal last)", i, s)
		}
	}
}

// checkWatchChart checks the chart after n expansions are shown: three
// panels, each trace spanning the x-axis (scaled to the steps shown), each
// panel's title above its plot and off its trace, every axis labelled.
func checkWatchChart(p *page, n int) {
	t := p.t
	c := eval[map[string]any](p, `(() => {
		const svg = document.getElementById("watch-chart");
		const lines = Array.from(svg.querySelectorAll("polyline:not(.bound)"));
		const titles = Array.from(svg.querySelectorAll("text.title"));
		const xs = lines.map(l => Math.max(...l.getAttribute("points").split(" ").map(pt => Number(pt.split(",")[0]))));
		const clear = titles.map((tt, i) => { const a = tt.getBBox(), b = lines[i].getBBox(); return a.y + a.height <= b.y + 0.5; });
		return {lines: lines.length, titles: titles.map(e => e.textContent), xs, clear,
			texts: Array.from(svg.querySelectorAll("text")).map(e => e.textContent)};
	})()`)
	if c["lines"].(float64) != 3 {
		t.Fatalf("the chart has %v traces, want 3 (distance, depth, frontier): %v", c["lines"], c)
	}
	for i, x := range c["xs"].([]any) {
		if x.(float64) < 570 {
			t.Errorf("after %d expansions trace %d ends at x=%.0f: the x-axis is not scaled to the steps shown", n, i, x)
		}
	}
	for i, ok := range c["clear"].([]any) {
		if !ok.(bool) {
			t.Errorf("panel %d's title %v overlaps its trace", i, c["titles"].([]any)[i])
		}
	}
	texts := fmt.Sprint(c["texts"])
	for _, want := range []string{"true distance", "depth", "frontier", "expansion", thousands(n)} {
		if !strings.Contains(texts, want) {
			t.Errorf("chart labels %s lack %q", texts, want)
		}
	}
}

// The selected tab stays readable under the mouse; a seed typed or shown
// reproduces its game, and a game's link reopens it; the 15-puzzle's
// button says random moves; a bad distance says what is wrong; no frame
// shows before a board; the board fills the page at 1280 px.
func TestBrowserClassroom(t *testing.T) {
	ts := newServer(t)
	p := openBrowser(t, ts.URL, 1280, 860)
	p.waitText(msg, "New game")

	// Hover the selected tab: its label keeps its contrast.
	for _, tab := range []string{"tab-compare", "tab-play"} {
		p.run("click "+tab, chromedp.Click(chromedp.ID(tab)))
		r := eval[[]float64](p, `(() => { const r = document.getElementById("`+tab+`").getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
		p.run("hover "+tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, r[0], r[1]))
		hovered := eval[bool](p, `document.getElementById("`+tab+`").matches(":hover")`)
		fg := eval[string](p, `getComputedStyle(document.getElementById("`+tab+`")).color`)
		bg := eval[string](p, `getComputedStyle(document.getElementById("`+tab+`")).backgroundColor`)
		if !hovered || contrast(fg, bg) < 4.5 {
			t.Errorf("selected %s under the mouse (hovered %v): text %s on %s, contrast %.1f, want at least 4.5", tab, hovered, fg, bg, contrast(fg, bg))
		}
	}

	// A 64-bit seed reproduces its board, and comes back whole.
	const seed = "18446744073709551557"
	newGame := func() string {
		p.run("clear the message", script(`document.getElementById("message").textContent = "";`))
		p.run("new game", chromedp.Click(chromedp.ID("new-random")))
		p.waitText(msg, "New game: ")
		return p.text(msg)
	}
	p.run("type the seed", setValue("seed", seed))
	first, second := newGame(), newGame()
	if first != second || !strings.Contains(first, "(seed "+seed+")") {
		t.Errorf("seed %s: %q, then %q; want the same board and the seed whole", seed, first, second)
	}
	board := p.tiles("#board")
	// The same seed from the API draws the same board.
	var rec struct{ Board, Seed string }
	getJSON(t, ts.URL+"/api/random?shape=3x3&goal=last&seed="+seed, &rec)
	if rec.Board != board || rec.Seed != seed {
		t.Errorf("the API draws %s with seed %q for seed %s; the page showed %s", rec.Board, rec.Seed, seed, board)
	}
	// The game's link, opened afresh, shows the same game.
	link := eval[string](p, `document.getElementById("game-link").href`)
	if !strings.Contains(link, "seed="+seed) || !strings.Contains(link, "shape=3x3") {
		t.Errorf("game link %s lacks the seed or the shape", link)
	}
	p.run("clear the seed", setValue("seed", ""))
	p.run("leave the page", chromedp.Navigate("about:blank"))
	p.load(link)
	p.waitText(msg, "Game from the link")
	if got := p.tiles("#board"); got != board {
		t.Errorf("the link %s opens %s, want %s", link, got, board)
	}
	if got := eval[string](p, `document.getElementById("seed").value`); got != seed {
		t.Errorf("the link's seed field says %q, want %s", got, seed)
	}
	// A 4x4 game's link keeps its shape.
	p.chooseShape("4x4")
	link4 := eval[string](p, `document.getElementById("game-link").href`)
	board4 := p.tiles("#board")
	p.run("leave the page", chromedp.Navigate("about:blank"))
	p.load(link4)
	p.waitText(msg, "Game from the link")
	if got := p.tiles("#board"); got != board4 || eval[string](p, `document.getElementById("shape").value`) != "4x4" {
		t.Errorf("the 4x4 link %s opens %s, want %s", link4, got, board4)
	}

	// On the 15-puzzle the field is a number of random moves.
	if got := p.text("#new-depth-label"); !strings.Contains(got, "random moves") {
		t.Errorf("4x4 label %q, want random moves from the goal", got)
	}
	p.run("walk 5", setValue("new-depth", "5"), chromedp.Click(chromedp.ID("new-at")))
	p.waitText(msg, "New game: ")

	// Back on 3x3: the label is a distance, and a bad one says so.
	p.chooseShape("3x3")
	if got := p.text("#new-depth-label"); got != "at distance" {
		t.Errorf("3x3 label %q, want at distance", got)
	}
	before := p.tiles("#board")
	for _, bad := range []string{"", "abc", "0", "99"} {
		p.run("distance "+bad, setValue("new-depth", bad), chromedp.Click(chromedp.ID("new-at")))
		p.waitText(msg, "give a whole number from 1 to 31")
		if got := p.tiles("#board"); got != before {
			t.Errorf("distance %q drew a new board %s", bad, got)
		}
	}
	p.run("distance 7", setValue("new-depth", "7"), chromedp.Click(chromedp.ID("new-at")))
	p.waitText("#distance", "Distance: 7 moves")

	// An empty board (before the first answer) draws nothing, and no
	// placeholder dot stands in for the distance.
	if d := eval[string](p, `(() => { const b = document.createElement("div"); b.className = "board"; document.body.appendChild(b); const d = getComputedStyle(b).display; b.remove(); return d; })()`); d != "none" {
		t.Errorf("an empty board displays as %q, want none", d)
	}
	if html := getText(t, ts.URL+"/"); strings.Contains(html, `class="big" aria-live="polite">…`) {
		t.Errorf("the page shows a placeholder dot before the first board")
	}

	// At 1280 px the board is large, not lost in empty space.
	for _, shape := range []string{"3x3", "2x2"} {
		p.chooseShape(shape)
		w := eval[float64](p, `document.getElementById("board").getBoundingClientRect().width`)
		if w < 300 {
			t.Errorf("at 1280 px the %s board is %.0f px wide, want at least 300", shape, w)
		}
	}
}

// The trace follows the shape: switching to the 15-puzzle clears it and
// greys out the searches with the reason; the explanation's figures are
// the trace's own; the 15-puzzle's solution strips stay on one line.
func TestBrowserWatchAndCompare(t *testing.T) {
	ts := newServer(t)
	p := openBrowser(t, ts.URL, 1280, 860)
	p.waitText(msg, "New game")
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	p.setBoard(hard)
	p.run("trace DFS", chromedp.Click(chromedp.ID("tab-watch")), setValue("watch-alg", "dfs"), setValue("watch-steps", "2000"), chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "DFS: ")
	p.run("move to expansion 1,500", script(`const r = document.getElementById("watch-pos"); r.value = 1499; r.dispatchEvent(new Event("input"));`))
	p.waitText("#w-step", "1,500 of ")

	// The same trace from the API, to check the explanation's figures.
	var tr struct {
		Optimal int `json:"optimal_distance"`
		Trace   struct {
			Steps []struct{ Depth, Distance, Frontier int }
		}
	}
	getJSON(t, ts.URL+"/api/watch?alg=dfs&steps=2000&b="+hard.String(), &tr)
	steps := tr.Trace.Steps[:1500]
	sum, far, near := 0, 0, tr.Optimal
	for _, s := range steps {
		sum += s.Distance
		if s.Distance > tr.Optimal {
			far++
		}
		near = min(near, s.Distance)
	}
	now := steps[len(steps)-1]
	rel := "as far from the goal as"
	if now.Distance < tr.Optimal {
		rel = "closer to the goal than"
	} else if now.Distance > tr.Optimal {
		rel = "farther from the goal than"
	}
	explain := p.text("#watch-explain")
	for _, want := range []string{
		fmt.Sprintf("The start is %d moves from the goal.", tr.Optimal),
		fmt.Sprintf("were on average %.1f moves from the goal, %d of them farther than the start; the closest was %d moves away.", float64(sum)/1500, far, near),
		fmt.Sprintf("The board expanded now is %d moves from the goal, %s the start.", now.Distance, rel),
		fmt.Sprintf("DFS is %s moves deep on its own path", thousands(now.Depth)),
	} {
		if !strings.Contains(explain, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, explain)
		}
	}
	if now.Distance < tr.Optimal && strings.Contains(explain, "away from the goal") {
		t.Errorf("the distance fell from %d to %d, yet the explanation says away from the goal:\n%s", tr.Optimal, now.Distance, explain)
	}

	// Switching to the 15-puzzle clears the trace and says why none can be made.
	p.chooseShape("4x4")
	if n := eval[int](p, `document.querySelectorAll("#watch-chart *").length`); n != 0 || p.text("#watch-explain") != "" || p.text("#w-step") != "–" {
		t.Errorf("after switching to 4x4 the old trace stays: %d chart elements, explanation %q, step %q", n, p.text("#watch-explain"), p.text("#w-step"))
	}
	if dis := eval[bool](p, `["watch-run", "watch-alg"].every(id => document.getElementById(id).disabled)`); !dis {
		t.Errorf("on 4x4 the searches are not greyed out")
	}
	if note := p.text("#watch-note"); !strings.Contains(note, "4x4 has none") {
		t.Errorf("on 4x4 the reason is %q", note)
	}
	p.chooseShape("3x3")
	if dis := eval[bool](p, `document.getElementById("watch-run").disabled`); dis || eval[bool](p, `!document.getElementById("watch-note").hidden`) {
		t.Errorf("back on 3x3 the searches stay greyed out")
	}

	// Compare on the 15-puzzle: every strip on one line, the goal last.
	p.chooseShape("4x4")
	p.run("compare", chromedp.Click(chromedp.ID("tab-compare")), chromedp.Click(chromedp.ID("run-compare")))
	p.waitText(msg, "Compared")
	if n := eval[int](p, `document.querySelectorAll("#compare-paths .strip").length`); n < 3 {
		t.Fatalf("%d solution strips on 4x4", n)
	}
	checkStripsOneLine(p, statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}))
}

// thousands writes n as the page does, with commas: 1,500.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// getJSON decodes url's JSON answer into v.
func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}

func getText(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// contrast is the WCAG contrast ratio of two CSS rgb() colours.
func contrast(a, b string) float64 {
	lum := func(c string) float64 {
		var r, g, bl float64
		fmt.Sscanf(strings.NewReplacer("rgba(", "", "rgb(", "", ",", " ", ")", "").Replace(c), "%g %g %g", &r, &g, &bl)
		ch := func(v float64) float64 {
			v /= 255
			if v <= 0.03928 {
				return v / 12.92
			}
			return math.Pow((v+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(bl)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// script runs JavaScript for its effect.
func script(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any]("(() => { "+js+" })()")(ctx, t)
		return err
	})
}

// setValue sets the value of the element with the given id.
func setValue(id, value string) chromedp.Action[chromedp.Void] {
	return script(fmt.Sprintf(`document.getElementById(%q).value = %q;`, id, value))
}

// sizes measures what a class reads from afar: a tile's side and its
// number, the text, a chart's label as drawn, a bar chart's row.
func sizes(p *page) map[string]float64 {
	return eval[map[string]float64](p, `(() => {
		const px = (sel, f) => { const e = document.querySelector(sel); return e ? f(e) : 0; };
		const font = (e) => parseFloat(getComputedStyle(e).fontSize);
		return {
			tile: px("#board .tile", (e) => e.getBoundingClientRect().width),
			number: px("#board .tile", font),
			text: px("#counter", font),
			message: px("#message", font),
			chart: px("#watch-chart text", (e) => e.getBoundingClientRect().height),
			bars: px("#compare-charts .barrow", font),
			spark: px("#compare-paths .spark text", (e) => e.getBoundingClientRect().height),
			mini: px("#compare-paths .board.micro .tile", (e) => e.getBoundingClientRect().width),
		};
	})()`)
}

// Projector mode makes tiles, numbers, charts and text at least 1.5 times
// larger with high contrast, and is remembered across visits. With
// TILESPACE_SCREENSHOTS set it saves projector.png at 1920x1080.
func TestBrowserProjector(t *testing.T) {
	p := openBrowser(t, newServer(t).URL, 1920, 1080)
	p.waitText(msg, "New game")
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	p.setBoard(hard)
	fill := func() {
		p.run("compare", chromedp.Click(chromedp.ID("tab-compare")), chromedp.Click(chromedp.ID("run-compare")))
		p.waitText(msg, "Compared")
		p.run("trace", chromedp.Click(chromedp.ID("tab-watch")), setValue("watch-alg", "astar"), chromedp.Click(chromedp.ID("watch-run")))
		p.waitText(msg, "A* (Manhattan): ")
		p.run("show every view", script(`for (const v of ["play", "compare", "watch"]) document.getElementById("view-" + v).hidden = false;`))
	}
	fill()
	normal := sizes(p)
	p.run("projector mode on", chromedp.Click(chromedp.ID("projector")))
	big := sizes(p)
	for k, v := range normal {
		if k == "tile" || k == "number" {
			// The board fills the room left in either mode
			// (TestBrowserLayout), so its tiles are as large as they can be
			// in both; its numbers scale with its tiles.
			continue
		}
		if v == 0 || big[k] < 1.5*v {
			t.Errorf("projector mode: %s is %.1f px, normally %.1f: want at least 1.5 times", k, big[k], v)
		}
	}
	for _, sel := range []string{"#counter", ".small", "#watch-explain"} {
		fg := eval[string](p, `getComputedStyle(document.querySelector("`+sel+`")).color`)
		bg := eval[string](p, `getComputedStyle(document.documentElement).backgroundColor`)
		if c := contrast(fg, bg); c < 7 {
			t.Errorf("projector mode: %s is %s on %s, contrast %.1f, want at least 7", sel, fg, bg, c)
		}
	}
	// Remembered: a new visit opens in projector mode.
	p.load(p.url)
	p.waitText(msg, "New game")
	if on := eval[bool](p, `document.documentElement.classList.contains("projector") && document.getElementById("projector").getAttribute("aria-pressed") === "true"`); !on {
		t.Fatal("projector mode is forgotten on the next visit")
	}
	p.setBoard(hard)
	p.screenshot("projector.png", 1920, 1080)
	fill()
	if again := sizes(p); again["text"] != big["text"] || again["chart"] != big["chart"] {
		t.Errorf("after a new visit: %v, want %v", again, big)
	}
	p.run("projector mode off", chromedp.Click(chromedp.ID("projector")))
	p.load(p.url)
	p.waitText(msg, "New game")
	if on := eval[bool](p, `document.documentElement.classList.contains("projector")`); on {
		t.Error("projector mode switched off comes back on the next visit")
	}
}

// axeSource returns axe-core's script: $TILESPACE_AXE (.ci/run installs
// the npm package axe-core and sets it).
func axeSource(t *testing.T) string {
	path := os.Getenv("TILESPACE_AXE")
	if path == "" {
		msg := "TILESPACE_AXE is not set: install axe-core (npm install axe-core) and set TILESPACE_AXE to node_modules/axe-core/axe.min.js to check accessibility"
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set, so the accessibility check must run: " + msg)
		}
		t.Skip(msg)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("axe-core: %v", err)
	}
	return string(b)
}

// Every control is reached with Tab and shows its focus; the tabs move
// with the arrow keys and the board with the arrow keys; axe-core finds
// no violation on any tab, in either mode.
func TestBrowserAccessible(t *testing.T) {
	p := openBrowser(t, newServer(t).URL, 1280, 900)
	p.waitText(msg, "New game")
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	p.setBoard(hard)
	p.run("compare", chromedp.Click(chromedp.ID("tab-compare")), chromedp.Click(chromedp.ID("run-compare")))
	p.waitText(msg, "Compared")
	p.run("trace", chromedp.Click(chromedp.ID("tab-watch")), chromedp.Click(chromedp.ID("watch-run")))
	p.waitText(msg, "BFS: ")
	p.run("scaling", chromedp.Click(chromedp.ID("tab-scaling")), setValue("scaling-distances", "2,4"), setValue("scaling-boards", "1"), chromedp.Click(chromedp.ID("scaling-run")))
	p.waitTextFor(msg, "Scaling: 2 boards", time.Minute)

	// Tab through each view: every visible, enabled control is reached, and
	// each shows a focus outline. (The tabs not selected are reached with
	// the arrow keys from the selected one, as in any tab list.)
	controls := `Array.from(document.querySelectorAll("button, input, select, a[href], [tabindex='0']")).filter(e => e.offsetParent !== null && !e.disabled && !e.hidden && e.tabIndex >= 0).map(e => e.id || e.tagName + ":" + e.textContent.trim().slice(0, 20))`
	for _, view := range []string{"play", "compare", "watch", "scaling"} {
		p.run("show "+view, chromedp.Click(chromedp.ID("tab-"+view)), script(`document.activeElement.blur(); window.scrollTo(0, 0);`))
		want := eval[[]string](p, controls)
		reached := map[string]bool{}
		for range len(want) + 5 {
			p.run("press Tab", chromedp.KeyEvent(kb.Tab))
			f := eval[map[string]string](p, `(() => { const e = document.activeElement; const s = getComputedStyle(e);
				return {id: e.id || e.tagName + ":" + e.textContent.trim().slice(0, 20), outline: s.outlineStyle, width: s.outlineWidth}; })()`)
			if strings.HasPrefix(f["id"], "BODY:") {
				continue // past the last control, focus leaves the page
			}
			reached[f["id"]] = true
			if f["outline"] == "none" || f["width"] == "0px" {
				t.Errorf("%s: %s has focus but no visible outline (%s %s)", view, f["id"], f["outline"], f["width"])
			}
		}
		for _, id := range want {
			if !reached[id] {
				t.Errorf("%s: %s is not reached with Tab", view, id)
			}
		}
	}
	// The tab list moves with the arrow keys; the focused board with arrows too.
	p.run("focus Play", chromedp.Click(chromedp.ID("tab-play")), chromedp.KeyEvent(kb.ArrowRight))
	if v := eval[string](p, `document.activeElement.id + " " + !document.getElementById("view-compare").hidden`); v != "tab-compare true" {
		t.Errorf("ArrowRight on the Play tab: %s, want the Compare tab focused and shown", v)
	}
	p.run("back to Play", chromedp.KeyEvent(kb.ArrowLeft), script(`document.getElementById("board").focus();`), chromedp.KeyEvent(kb.ArrowDown))
	p.waitText("#counter", "Moves made: 1")
	p.waitText("#announce", "Tile ")

	// axe-core on every tab, normal and projector.
	src := axeSource(t)
	p.run("inject axe-core", script(src))
	for _, mode := range []string{"normal", "projector"} {
		if mode == "projector" {
			p.run("projector mode on", chromedp.Click(chromedp.ID("projector")))
		}
		for _, view := range []string{"play", "compare", "watch", "scaling"} {
			p.run("show "+view, chromedp.Click(chromedp.ID("tab-"+view)))
			r := eval[map[string][]string](p, `axe.run(document).then(r => ({
				violations: r.violations.map(v => v.id + " (" + v.impact + "): " + v.help + " at " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")),
				incomplete: r.incomplete.filter(v => v.id === "color-contrast").flatMap(v => v.nodes.map(n => {
					// axe-core leaves undecided the text of the page's SVG
					// charts (a short label, or a background it cannot see
					// through the SVG's shapes): measured here instead, the
					// text's fill against the chart's own background.
					const e = document.querySelector(n.target[0]);
					const svg = e && e.closest("svg");
					let bg = "";
					for (let a = svg; a && (!bg || bg === "rgba(0, 0, 0, 0)"); a = a.parentElement) bg = getComputedStyle(a).backgroundColor;
					return svg ? "svg|" + getComputedStyle(e).fill + "|" + bg + "|" + n.target.join(" ") :
						n.target.join(" ") + ": " + n.any.map(a => a.message).join(" ");
				}))}))`)
			for _, s := range r["violations"] {
				t.Errorf("axe-core, %s mode, %s: %s", mode, view, s)
			}
			svgText := 0
			for _, s := range r["incomplete"] {
				f := strings.SplitN(s, "|", 4)
				if len(f) != 4 || f[0] != "svg" {
					t.Errorf("axe-core, %s mode, %s: colour contrast it could not decide: %s", mode, view, s)
					continue
				}
				svgText++
				if c := contrast(f[1], f[2]); c < 4.5 {
					t.Errorf("%s mode, %s: chart text %s is %s on %s, contrast %.1f, want at least 4.5", mode, view, f[3], f[1], f[2], c)
				}
			}
			t.Logf("%s mode, %s: %d chart labels axe-core left undecided, each at least 4.5:1 here", mode, view, svgText)
		}
	}
}

// A new game on a shape without a distance table (3x5: no table and, with
// no partition given, no pattern databases: searched on linear conflict)
// comes as the board alone: the page shows it at once,
// says why it has no distance yet, and asks for it as for any board,
// which ends in the distance or the time limit's message, the board kept.
func TestBrowserRandomWithoutTable(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("TILESPACE_CACHE", cache)
	srv := newPage(t, serve.Config{Limits: serve.Limits{SolveTime: 2 * time.Second}}, resolve.Config{Cache: store.NewCache(cache)})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	var want struct {
		Board string
		Note  string `json:"distance_note"`
	}
	getJSON(t, ts.URL+"/api/random?shape=3x5&seed=1", &want)
	if want.Board == "" || want.Note == "" {
		t.Fatalf("/api/random?shape=3x5 answered %+v, want the board alone with its note", want)
	}
	p := openBrowser(t, ts.URL+"/", 1280, 860)
	p.waitText(msg, "New game")
	p.run("a 3x5 game", setValue("seed", "1"), script(`setShape("3x5"); randomGame({});`))
	p.waitText(msg, "3x5 has no distance table, so its distance is found by search")
	if got := p.tiles("#board"); got != want.Board {
		t.Fatalf("the page shows %s, the API drew %s", got, want.Board)
	}
	if d := p.text("#distance") + p.text("#hint") + p.text("#limit-note"); strings.Contains(d, "undefined") {
		t.Errorf("a board without its distance shows %q", d)
	}
	p.waitJS("the distance or the time limit, not "+strconv.Quote(p.text(msg)), `document.getElementById("distance").textContent.includes("Distance") ||
		document.getElementById("message").textContent.includes("Time limit")`)
	t.Logf("3x5 game without a table: %q %q", p.text("#distance"), p.text(msg))
	if got := p.tiles("#board"); got != want.Board {
		t.Errorf("after its lookup the page shows %s, want the game's %s", got, want.Board)
	}
}

// A link to a board whose answer runs out of time still opens the game:
// the board is shown without its distance, the status line says why.
func TestBrowserLinkPastTimeLimit(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("TILESPACE_CACHE", cache)
	srv := newPage(t, serve.Config{Limits: serve.Limits{SolveTime: 100 * time.Millisecond}}, resolve.Config{Partition: manhattan, Cache: store.NewCache(cache)})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	const hard = "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1" // 80 moves from goal last
	p := openBrowser(t, ts.URL+"/#b="+hard+"&shape=4x4", 1280, 800)
	p.waitText(msg, "time limit")
	if got := p.tiles("#board"); got != hard {
		t.Errorf("the link's board past the time limit shows %q, want %s", got, hard)
	}
	if d := p.text("#distance"); strings.Contains(d, "undefined") || strings.Contains(d, "NaN") {
		t.Errorf("a board without its distance shows %q", d)
	}
}
