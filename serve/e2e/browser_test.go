// Package e2e drives the served page in a real headless Chromium. It is a
// module of its own, test files only, so chromedp is a dependency of this
// test alone and never of tilespace.
package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/tilespace/tilespace/serve"
	"github.com/tilespace/tilespace/statespace"
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

// The page in a browser: type a board, play a move with the keyboard and
// check the hint, solve and check the goal is reached in the optimal
// number of moves, compare the algorithms, and step a search. With
// TILESPACE_SCREENSHOTS set to a folder it saves play.png, compare.png and
// watch.png there (docs/ holds the README's).
func TestBrowser(t *testing.T) {
	browser := findBrowser()
	if browser == "" {
		msg := "no Chromium found ($TILESPACE_CHROMIUM, or chromium, chromium-browser, google-chrome on PATH); install Debian's chromium (apt-get install -y chromium) to run the browser test"
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set, so the browser test must run: " + msg)
		}
		t.Skip(msg)
	}
	t.Setenv("TILESPACE_CACHE", t.TempDir())
	srv := serve.New(serve.Config{})
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close() }()

	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	table, err := statespace.MustSpace(goal).Enumerate(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser),
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1100, 860),
	}
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium refuses to run as root with its sandbox
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	tab, cancelTab := chromedp.NewContext(actx)
	defer cancelTab()
	// The first action starts the browser, whose life is its context's: no
	// timeout there, only on what follows.
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1100, 860)); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	defer cancel()

	run := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent`, sel)))
		if err != nil {
			t.Fatalf("read %s: %v", sel, err)
		}
		return s
	}
	tiles := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](
			`Array.from(document.querySelectorAll(`+strconv.Quote(sel+" .tile")+`)).map(e => e.textContent || "0").join(",")`))
		if err != nil {
			t.Fatalf("read the tiles of %s: %v", sel, err)
		}
		return s
	}
	// waitText waits until sel's text contains want.
	waitText := func(sel, want string) {
		t.Helper()
		js := fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent.includes(%q)`, sel, want)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("waiting for %s to say %q (it says %q): %v", sel, want, text(sel), err)
		}
	}
	shots := os.Getenv("TILESPACE_SCREENSHOTS")
	screenshot := func(name string, height int64) {
		t.Helper()
		if shots == "" {
			return
		}
		run("size the window", chromedp.EmulateViewport(1100, height))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	setBoard := func(b statespace.Board) {
		t.Helper()
		run("type a board",
			setValue("board-input", ""),
			chromedp.SendKeys(chromedp.ID("board-input"), b.String()),
			chromedp.Click(chromedp.ID("set-board")))
		waitText("#message", "Board set: "+b.String())
		if got := tiles("#board"); got != b.String() {
			t.Fatalf("the board shows %s, want %s", got, b)
		}
	}
	hintText := func(b statespace.Board) string {
		arrow := map[statespace.Move]string{statespace.Up: "↑", statespace.Down: "↓", statespace.Left: "←", statespace.Right: "→"}
		var parts []string
		for _, m := range table.OptimalMoves(b).Moves() {
			parts = append(parts, fmt.Sprintf("%d %s", b.SlidingTile(m), arrow[m.Opposite()]))
		}
		return "Closer: " + strings.Join(parts, ", ")
	}

	run("load the page", chromedp.Navigate(ts.URL), chromedp.WaitVisible(chromedp.CSS("#board .tile")))
	waitText("#message", "New game")

	// Type a board and check the exact distance and hint.
	start, err := statespace.Parse("4,1,3,7,0,2,5,8,6", statespace.Shape{})
	if err != nil {
		t.Fatal(err)
	}
	setBoard(start)
	waitText("#distance", fmt.Sprintf("Distance: %d moves", table.Distance(start)))
	waitText("#hint", hintText(start))
	screenshot("play.png", 600)

	blur := script(`document.activeElement.blur();`)
	// The right arrow slides the tile left of the gap right: the blank moves left.
	run("press the right arrow", blur, chromedp.KeyEvent(kb.ArrowRight))
	after, _ := start.Apply(statespace.Left)
	waitText("#counter", "Moves made: 1")
	if got := tiles("#board"); got != after.String() {
		t.Fatalf("after the right arrow the board is %s, want %s", got, after)
	}
	waitText("#distance", fmt.Sprintf("Distance: %d moves", table.Distance(after)))
	waitText("#hint", hintText(after))

	// Bad input shows the parser's message; an unsolvable board the parity
	// explanation.
	typeBoard := func(text string) {
		t.Helper()
		run("type "+text, setValue("board-input", ""), chromedp.SendKeys(chromedp.ID("board-input"), text), chromedp.Click(chromedp.ID("set-board")))
	}
	_, perr := statespace.Parse("1,2,x", statespace.Shape{})
	typeBoard("1,2,x")
	waitText("#message", perr.Error())
	bad := statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, 1, 2, 3, 4, 5, 6, 8, 7, 0)
	typeBoard(bad.String())
	waitText("#message", "Unsolvable: board "+bad.String()+" is "+statespace.MustSpace(goal).Check(bad).Error())

	// Solve from the typed board: the goal in the optimal number of moves.
	setBoard(start)
	run("speed up and solve", setValue("speed", "30"), chromedp.Click(chromedp.ID("solve")))
	d := table.Distance(start)
	waitText("#counter", fmt.Sprintf("Solved in %d moves; the optimum was %d: optimal!", d, d))
	if got := tiles("#board"); got != goal.String() {
		t.Fatalf("after Solve the board is %s, want the goal %s", got, goal)
	}

	// Compare on a harder board: the table of every algorithm.
	hard, _ := statespace.Parse("8,6,7,2,5,4,3,0,1", statespace.Shape{})
	setBoard(hard)
	run("compare", chromedp.Click(chromedp.ID("tab-compare")), chromedp.Click(chromedp.ID("run-compare")))
	waitText("#message", "Compared")
	waitText("#compare-reference", fmt.Sprintf("Optimal distance: %d moves", table.Distance(hard)))
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#compare-table tbody tr")).map(
		tr => [tr.dataset.key].concat(Array.from(tr.children).map(c => c.textContent)))`))
	if err != nil {
		t.Fatalf("read the comparison: %v", err)
	}
	if len(rows) < 10 {
		t.Fatalf("the comparison has %d rows: %v", len(rows), rows)
	}
	found := map[string][]string{}
	for _, r := range rows {
		found[r[0]] = r
	}
	for _, key := range []string{"bfs", "ucs", "astar-manhattan", "astar-exact", "idastar"} {
		r := found[key]
		if r == nil || r[3] != strconv.Itoa(table.Distance(hard)) || r[4] != "optimal" {
			t.Errorf("%s row %v: want a path of %d moves, optimal", key, r, table.Distance(hard))
		}
	}
	if r := found["dfs"]; r == nil || r[2] != "yes" || r[4] == "optimal" {
		t.Errorf("DFS row %v: want a found path longer than the optimum", r)
	}
	bars, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#compare-charts .bar").length`))
	if err != nil {
		t.Fatalf("count bars: %v", err)
	}
	if bars != 5*len(rows) {
		t.Errorf("%d bars, want 5 charts of %d", bars, len(rows))
	}
	screenshot("compare.png", 900)

	// Watch BFS step by step on the typed board.
	setBoard(start)
	run("trace BFS", chromedp.Click(chromedp.ID("tab-watch")),
		setValue("watch-alg", "bfs"),
		chromedp.Click(chromedp.ID("watch-run")))
	waitText("#message", "BFS: ")
	waitText("#w-step", "1 of ")
	for i := 2; i <= 4; i++ {
		run("step", chromedp.Click(chromedp.ID("watch-step")))
		waitText("#w-step", fmt.Sprintf("%d of ", i))
		b, err := statespace.Parse(tiles("#watch-board"), start.Shape())
		if err != nil {
			t.Fatal(err)
		}
		if got := text("#w-distance"); got != strconv.Itoa(table.Distance(b)) {
			t.Errorf("step %d shows %s at distance %s, the table says %d", i, b, got, table.Distance(b))
		}
	}
	// DFS, moved to its 1,500th expansion, for the picture of the dive.
	run("trace DFS", setValue("watch-alg", "dfs"), chromedp.Click(chromedp.ID("watch-run")))
	waitText("#message", "DFS: ")
	run("move to expansion 1,500", script(`const r = document.getElementById("watch-pos");
		r.value = 1499; r.dispatchEvent(new Event("input"));`))
	waitText("#w-step", "1,500 of ")
	waitText("#watch-explain", "DFS is")
	screenshot("watch.png", 800)
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
