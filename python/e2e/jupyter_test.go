// Package e2e opens an example notebook in a real Jupyter server (the
// classic Notebook, `jupyter-notebook`) in headless Chromium, runs the
// comparison panel's cells, clicks the panel as a student does and checks
// that it draws its figure. It is a module of its own, test files only,
// so chromedp is a dependency of this test alone and never of tilespace.
//
// The kernel is a venv's Python with tilespace installed, registered with
// the command docs/python.md gives (python -m ipykernel install --user
// --name tilespace): $TILESPACE_PYTHON names that Python, else the test
// makes the venv itself (pip install --no-build-isolation ./python, from
// the system's Python and packages). Without Chromium, Jupyter or such a
// Python it skips, or fails when CI is set.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The notebook the test opens, from python/notebooks.
const notebook = "1-uninformed-search.ipynb"

// The kernel's name and display name, as docs/python.md registers it and
// the notebooks ask for it.
const (
	kernelName    = "tilespace"
	kernelDisplay = "Python (tilespace)"
)

// need skips the test, or fails it when CI is set, for a missing tool.
func need(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatal("CI is set, so the Jupyter browser test must run: " + why)
	}
	t.Skip(why)
}

// findBrowser returns Chromium's path: $TILESPACE_CHROMIUM, else the
// first of the usual names on PATH.
func findBrowser() string {
	if p := os.Getenv("TILESPACE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// systemPython is the Python whose packages (Debian's python3-*) the
// venv sees: /usr/bin/python3 where there is one, else python3 on PATH.
func systemPython() string {
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	p, _ := exec.LookPath("python3")
	return p
}

// jupyterEnv is the environment of every command the test runs: a home
// of its own (where ipykernel install --user writes the kernel and
// Jupyter keeps its runtime files), no Jupyter settings of the caller's.
func jupyterEnv(home, cache string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "JUPYTER_") || strings.HasPrefix(kv, "HOME=") ||
			strings.HasPrefix(kv, "TILESPACE_CACHE=") || strings.HasPrefix(kv, "XDG_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+home, "TILESPACE_CACHE="+cache,
		// ipykernel's debugger warns at each start on a Python with frozen modules.
		"PYDEVD_DISABLE_FILE_VALIDATION=1")
}

// run runs a command in env and fails the test with its output on error.
func run(t *testing.T, env []string, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env, cmd.Dir = env, dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// kernelPython returns a Python that imports tilespace and its widgets:
// $TILESPACE_PYTHON, else a venv the test makes from this checkout.
func kernelPython(t *testing.T, env []string, tmp string) string {
	t.Helper()
	py := os.Getenv("TILESPACE_PYTHON")
	if py == "" {
		sys := systemPython()
		if sys == "" {
			need(t, "no python3 to make a venv with tilespace; set TILESPACE_PYTHON to a Python that has it")
		}
		if _, err := exec.LookPath("go"); err != nil {
			need(t, "no go on PATH to build tilespace's engine (pip install ./python)")
		}
		pkg, err := filepath.Abs("..")
		if err != nil {
			t.Fatal(err)
		}
		venv := filepath.Join(tmp, "venv")
		start := time.Now()
		run(t, env, tmp, sys, "-m", "venv", "--system-site-packages", venv)
		py = filepath.Join(venv, "bin", "python")
		run(t, env, tmp, py, "-m", "pip", "install", "--quiet", "--no-build-isolation", pkg)
		t.Logf("made a venv with tilespace in %s", time.Since(start).Round(time.Millisecond))
	}
	cmd := exec.Command(py, "-c", "import ipykernel, tilespace.widgets")
	cmd.Env, cmd.Dir = env, tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		need(t, fmt.Sprintf("%s cannot import ipykernel and tilespace.widgets (Debian: python3-ipykernel, python3-ipywidgets, python3-matplotlib): %v\n%s", py, err, out))
	}
	return py
}

// freePort returns a TCP port free on 127.0.0.1 a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// server is a running Jupyter Notebook server.
type server struct {
	base, token string
	log         *bytes.Buffer
}

// startJupyter starts jupyter-notebook on 127.0.0.1, a free port and a
// token of its own, serving dir, and stops it (and its kernels) when the
// test ends.
func startJupyter(t *testing.T, jupyter string, env []string, dir string) *server {
	t.Helper()
	port := freePort(t)
	token := strconv.FormatInt(time.Now().UnixNano(), 36)
	var log bytes.Buffer
	args := []string{"--no-browser", "--ip=127.0.0.1", "--port=" + strconv.Itoa(port), "--port-retries=0",
		"--NotebookApp.token=" + token, "--notebook-dir=" + dir}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root") // as CI runs it
	}
	cmd := exec.Command(jupyter, args...)
	cmd.Env, cmd.Dir = env, dir
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", jupyter, err)
	}
	s := &server{base: fmt.Sprintf("http://127.0.0.1:%d", port), token: token, log: &log}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		s.shutdownKernels()
		// SIGTERM: the server stops its kernels and removes its files.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		if t.Failed() {
			t.Logf("jupyter-notebook's log:\n%s", log.String())
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(s.base + "/api/status?token=" + token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		select {
		case <-exited:
			t.Fatalf("jupyter-notebook exited (%v):\n%s", waitErr, log.String())
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("jupyter-notebook did not answer on %s within a minute:\n%s", s.base, log.String())
		}
	}
}

// shutdownKernels asks the server to stop every kernel it runs.
func (s *server) shutdownKernels() {
	resp, err := http.Get(s.base + "/api/kernels?token=" + s.token)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	var kernels []struct{ ID string }
	if json.NewDecoder(resp.Body).Decode(&kernels) != nil {
		return
	}
	for _, k := range kernels {
		req, _ := http.NewRequest(http.MethodDelete, s.base+"/api/kernels/"+k.ID+"?token="+s.token, nil)
		if r, err := http.DefaultClient.Do(req); err == nil {
			r.Body.Close()
		}
	}
}

// openChromium starts headless Chromium (no network beyond this machine
// needed: no first run, no background fetches) and returns a tab.
func openChromium(t *testing.T, path string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(1280, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	t.Cleanup(func() { cancel(); cancelBrowser(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1000)); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// eval evaluates a JavaScript expression into T.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// waitJS waits at most limit until the expression is true.
func waitJS(t *testing.T, ctx context.Context, what, js string, limit time.Duration, explain string) {
	t.Helper()
	start := time.Now()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(limit), chromedp.WithPollingInterval(200*time.Millisecond))); err != nil {
		t.Fatalf("waiting for %s: %v\nthe page: %s", what, err, eval[string](t, ctx, explain))
	}
	t.Logf("%s after %s", what, time.Since(start).Round(time.Millisecond))
}

// The cell of the notebook holding text: its index in Jupyter.notebook.
func cellIndex(t *testing.T, ctx context.Context, text string) int {
	t.Helper()
	i := eval[int](t, ctx, fmt.Sprintf(`Jupyter.notebook.get_cells().findIndex(c => c.cell_type === "code" && c.get_text().includes(%q))`, text))
	if i < 0 {
		t.Fatalf("%s has no code cell with %q", notebook, text)
	}
	return i
}

// What the page shows, for a failure's message: the kernel, the widgets'
// extension, each code cell's prompt and outputs, the panel's text, the
// errors the page logged and the images of the panel's cell.
const pageState = `JSON.stringify({
	kernel: Jupyter.notebook && Jupyter.notebook.kernel ? Jupyter.notebook.kernel.name + " " + Jupyter.notebook.kernel.is_connected() : "none",
	widgets: typeof require !== "undefined" && require.defined ? require.defined("nbextensions/jupyter-js-widgets/extension") : "no require",
	cells: Jupyter.notebook ? Jupyter.notebook.get_cells().filter(c => c.cell_type === "code").map(c => [c.input_prompt_number, c.output_area.outputs.map(o => o.output_type + (o.ename ? ": " + o.ename + " " + o.evalue : "")).join(",")]) : [],
	panel: (document.querySelector("#tilespace-panel") || {innerText: "no panel"}).innerText.slice(0, 600),
	consoleErrors: window.tilespaceErrors || [],
	imagesInCell: document.querySelector("#tilespace-panel") ? document.querySelector("#tilespace-panel").closest(".cell").querySelectorAll("img").length : -1
})`

// TestPanelInJupyter opens the notebook in Jupyter, runs its first cell
// and the panel's, chooses the Medium preset in the panel, clicks Run
// and waits for the panel's new figure: the comparison's bar charts, a
// PNG drawn by the kernel and shown in the panel's output. With
// TILESPACE_SCREENSHOTS set to a folder it saves python-panel.png there.
func TestPanelInJupyter(t *testing.T) {
	browser := findBrowser()
	if browser == "" {
		need(t, "no Chromium found ($TILESPACE_CHROMIUM, or chromium, chromium-browser, google-chrome on PATH); install Debian's chromium")
	}
	jupyter, err := exec.LookPath("jupyter-notebook")
	if err != nil {
		need(t, "no jupyter-notebook on PATH; install Debian's jupyter-notebook")
	}
	tmp := t.TempDir()
	home, dir := filepath.Join(tmp, "home"), filepath.Join(tmp, "notebooks")
	cache := os.Getenv("TILESPACE_CACHE")
	if cache == "" {
		cache = filepath.Join(tmp, "cache")
	}
	for _, d := range []string{home, dir, cache} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := jupyterEnv(home, cache)
	py := kernelPython(t, env, tmp)
	// The one kernel command of docs/python.md, into the test's home.
	run(t, env, tmp, py, "-m", "ipykernel", "install", "--user", "--name", kernelName, "--display-name", kernelDisplay)
	nb, err := os.ReadFile(filepath.Join("..", "notebooks", notebook))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, notebook), nb, 0o644); err != nil {
		t.Fatal(err)
	}

	s := startJupyter(t, jupyter, env, dir)
	ctx := openChromium(t, browser)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/notebooks/"+notebook+"?token="+s.token)); err != nil {
		t.Fatalf("opening %s: %v", notebook, err)
	}
	// The notebook asks for the kernel "tilespace" by name: the server
	// starts the venv's Python, and the widgets' extension is loaded.
	waitJS(t, ctx, "the kernel", `typeof Jupyter !== "undefined" && !!Jupyter.notebook && !!Jupyter.notebook.kernel &&
		Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel.name === "`+kernelName+`"`, 60*time.Second, `document.title`)
	waitJS(t, ctx, "the widgets' extension", `typeof require !== "undefined" && require.defined("nbextensions/jupyter-js-widgets/extension")`,
		30*time.Second, pageState)

	// The page's console errors, kept for a failure's message.
	eval[bool](t, ctx, `(() => { window.tilespaceErrors = []; const e = console.error; console.error = (...a) => { window.tilespaceErrors.push(a.map(String).join(" ").slice(0, 300)); e(...a); }; return true; })()`)
	first, panelCell := cellIndex(t, ctx, "import tilespace"), cellIndex(t, ctx, "ComparisonPanel()")
	eval[bool](t, ctx, fmt.Sprintf(`Jupyter.notebook.execute_cells([%d, %d]), true`, first, panelCell))
	// The panel's cell runs the Hard preset, then displays the panel.
	cell := fmt.Sprintf(`Jupyter.notebook.get_cell(%d)`, panelCell)
	waitJS(t, ctx, "the panel's cell", fmt.Sprintf(`(c => typeof c.input_prompt_number === "number" && !!c.element[0].querySelector(".widget-area button"))(%s)`, cell),
		90*time.Second, pageState)
	for _, i := range []int{first, panelCell} {
		if errs := eval[string](t, ctx, fmt.Sprintf(`Jupyter.notebook.get_cell(%d).output_area.outputs.filter(o => o.output_type === "error").map(o => o.ename + ": " + o.evalue).join("; ")`, i)); errs != "" {
			t.Fatalf("cell %d raised: %s", i, errs)
		}
	}
	// Name the panel's parts for the clicks: the widget area, the preset
	// menu and the Run button. The images shown before the click are marked.
	eval[bool](t, ctx, fmt.Sprintf(`(c => {
		const area = c.element[0].querySelector(".widget-area");
		area.id = "tilespace-panel";
		const run = Array.from(area.querySelectorAll("button")).find(b => b.textContent.trim() === "Run");
		if (run) run.id = "tilespace-run";
		const menu = area.querySelector("select");
		if (menu) menu.id = "tilespace-preset";
		area.querySelectorAll("img").forEach(img => img.dataset.before = "1");
		return true;
	})(%s)`, cell))
	if !eval[bool](t, ctx, `!!document.getElementById("tilespace-run") && !!document.getElementById("tilespace-preset")`) {
		t.Fatalf("the panel shows no Run button or preset menu: %s", eval[string](t, ctx, pageState))
	}

	// Choose the Medium preset (21 moves) as a user does: the menu, then Run.
	medium := eval[string](t, ctx, `Array.from(document.getElementById("tilespace-preset").options).map(o => o.value).find(v => v.startsWith("Medium")) || ""`)
	if medium == "" {
		t.Fatalf("the preset menu has no Medium: %s", eval[string](t, ctx, `document.getElementById("tilespace-preset").innerText`))
	}
	eval[bool](t, ctx, fmt.Sprintf(`(s => { s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })(document.getElementById("tilespace-preset"))`, medium))
	waitJS(t, ctx, "the Medium board in the board box", `Array.from(document.querySelectorAll("#tilespace-panel input[type=text]")).some(i => i.value === "1,2,5,3,4,0,6,7,8")`,
		30*time.Second, pageState)
	// Only the bar charts (drawing each solution's boards is the kernel's
	// slowest part), then Run.
	eval[bool](t, ctx, `(() => {
		const box = Array.from(document.querySelectorAll("#tilespace-panel .widget-checkbox")).find(b => b.innerText.includes("solutions"));
		box.querySelector("input").id = "tilespace-show-path";
		return true;
	})()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tilespace-show-path"))); err != nil {
		t.Fatalf("clicking the checkbox: %v", err)
	}
	outputs := fmt.Sprintf(`%s.output_area.outputs.length`, cell)
	before := eval[int](t, ctx, outputs)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tilespace-run"))); err != nil {
		t.Fatalf("clicking Run: %v", err)
	}
	waitJS(t, ctx, "the panel's answer", `document.getElementById("tilespace-panel").innerText.includes("optimal distance 21 moves")`,
		60*time.Second, pageState)
	// The figure: a new image in the panel, decoded and drawn: the bar
	// charts, the kernel's PNG in an Image widget.
	waitJS(t, ctx, "the panel's figure", `Array.from(document.querySelectorAll("#tilespace-panel img:not([data-before])")).some(img =>
		img.complete && img.naturalWidth > 300 && img.getBoundingClientRect().width > 100)`,
		60*time.Second, pageState)
	if stale := eval[int](t, ctx, `document.querySelectorAll("#tilespace-panel img[data-before]").length`); stale != 0 {
		t.Errorf("the panel still shows %d images from before the click; the run should replace them", stale)
	}
	if after := eval[int](t, ctx, outputs); after != before {
		t.Errorf("the run added %d outputs to the cell below the panel; they belong in the panel", after-before)
	}
	if table := eval[string](t, ctx, `(document.querySelector("#tilespace-panel table") || {innerText: ""}).innerText`); !strings.Contains(table, "BFS") || !strings.Contains(table, "optimal") {
		t.Errorf("the panel's table does not show BFS's outcome: %q", table)
	}

	if shots := os.Getenv("TILESPACE_SCREENSHOTS"); shots != "" {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1800)); err != nil {
			t.Fatal(err)
		}
		eval[bool](t, ctx, `(document.getElementById("tilespace-panel").scrollIntoView(), true)`)
		png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID("tilespace-panel")))
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(filepath.Join(shots, "python-panel.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
