// tilespace's page: play with exact hints, compare the classroom
// searches, and watch them expand boards one by one. Everything it shows
// comes from tilespace's JSON API, answered by the server or, in the static
// copy, by the same Go code compiled to WebAssembly; nothing is fetched
// from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);
const MOVES = ["Up", "Down", "Left", "Right"];
const DELTA = { Up: [-1, 0], Down: [1, 0], Left: [0, -1], Right: [0, 1] };
const ARROW = { Up: "↑", Down: "↓", Left: "←", Right: "→" };
const OPPOSITE = { Up: "Down", Down: "Up", Left: "Right", Right: "Left" };

// The page's one palette. Outcome colours (style.css's --good, --longer,
// --stopped: optimal, longer than optimal, stopped) mean outcomes only:
// Compare's bars and table. Each algorithm keeps one style on every chart
// (Compare's solution paths, Watch, Scaling): a colour none of the
// outcomes uses, a dash and a marker, no two algorithms alike, so lines
// that overlap stay told apart. The algorithms, their names and styles
// come from the engine's one table (/api/algorithms); dashes are SVG
// stroke-dasharrays ("" is solid); markers are drawn by marker().
const algorithms = { list: [], byKey: {} };

// loadAlgorithms reads the table of algorithms once.
async function loadAlgorithms() {
  try {
    algorithms.list = (await api("/api/algorithms", {})).algorithms;
  } catch (err) { showError(err); }
  for (const a of algorithms.list) algorithms.byKey[a.key] = a;
}

// algName is an algorithm's name for people, its key if the table lacks it.
function algName(key) { return (algorithms.byKey[key] || { name: key }).name; }

// watchedKey is the algorithm /api/watch's key names (its "astar" is
// A* on Manhattan distance), drawn in that algorithm's style.
function watchedKey(watch) { return (algorithms.list.find((a) => a.watch === watch) || { key: watch }).key; }

// styleOf is an algorithm's style; an algorithm the table lacks is drawn
// in the page's ink, solid.
function styleOf(key) { return (algorithms.byKey[key] || { style: { colour: "#1d2330", dash: "", marker: "circle" } }).style; }

// styled gives an SVG line its algorithm's colour and dash.
function styled(el, key) {
  const st = styleOf(key);
  el.style.stroke = st.colour;
  el.style.strokeDasharray = st.dash || "none";
  el.dataset.alg = key;
  return el;
}

// marker draws an algorithm's marker centred at (x, y), r px across.
function marker(key, x, y, r) {
  const st = styleOf(key);
  const pts = (list) => list.map(([a, b]) => (x + a * r).toFixed(1) + "," + (y + b * r).toFixed(1)).join(" ");
  const t = r * 0.35;
  const shapes = {
    circle: () => svgEl("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r }),
    square: () => svgEl("rect", { x: (x - r * 0.9).toFixed(1), y: (y - r * 0.9).toFixed(1), width: (1.8 * r).toFixed(1), height: (1.8 * r).toFixed(1) }),
    triangle: () => svgEl("polygon", { points: pts([[0, -1.15], [1.1, 0.85], [-1.1, 0.85]]) }),
    "triangle-down": () => svgEl("polygon", { points: pts([[0, 1.15], [1.1, -0.85], [-1.1, -0.85]]) }),
    diamond: () => svgEl("polygon", { points: pts([[0, -1.25], [1.1, 0], [0, 1.25], [-1.1, 0]]) }),
    plus: () => svgEl("polygon", { points: pts([[-t / r, -1.2], [t / r, -1.2], [t / r, -t / r], [1.2, -t / r], [1.2, t / r], [t / r, t / r], [t / r, 1.2], [-t / r, 1.2], [-t / r, t / r], [-1.2, t / r], [-1.2, -t / r], [-t / r, -t / r]]) }),
    cross: () => svgEl("polygon", { points: pts([[-1, -0.6], [-0.6, -1], [0, -0.4], [0.6, -1], [1, -0.6], [0.4, 0], [1, 0.6], [0.6, 1], [0, 0.4], [-0.6, 1], [-1, 0.6], [-0.4, 0]]) }),
  };
  const e = (shapes[st.marker] || shapes.circle)();
  e.setAttribute("class", "marker");
  e.style.fill = st.colour;
  e.dataset.alg = key;
  e.dataset.marker = st.marker;
  return e;
}

// algKey draws an algorithm's key for a legend: a short line in its
// style with its marker, then its name.
function algKey(key, name) {
  const k = document.createElement("span");
  k.className = "algkey";
  k.dataset.alg = key;
  const svg = svgEl("svg", { viewBox: "0 0 36 12", width: 36, height: 12, "aria-hidden": "true" });
  svg.appendChild(styled(svgEl("line", { x1: 1, y1: 6, x2: 35, y2: 6, class: "keyline" }), key));
  svg.appendChild(marker(key, 18, 6, 3.5));
  k.append(svg, " " + name);
  return k;
}

const state = {
  rows: 3, cols: 3, goal: "last",
  tiles: [],          // current board, row-major, 0 = blank
  info: null,         // the last /api/board answer for the current board
  history: [],        // boards before each move, for Undo
  moves: 0,           // moves made since the game started
  startDistance: null,
  solving: null,      // {path, i, timer, paused}
  seq: 0,             // numbers board requests so late answers are dropped
  shapes: [], limits: {},
};

// ---------- API ----------

// The page runs in one of two ways, with the same files: served by
// tilespace's server, it asks the server's API; as the static copy (go run
// ./cmd/serve -static DIR), whose folder holds tilespace.wasm.gz, the same
// API (package serve/api) compiled to WebAssembly answers in a Web Worker.
const engine = {
  mode: null,      // "server" or "static", found on the first request
  worker: null,
  pending: new Map(),
  next: 0,
};

// WATCHDOG_SLACK is added to the longest time limit before the static
// copy's engine is taken to be stuck. Its searches yield and meet their
// limits themselves (the engine keeps the databases it built); should
// some other work never answer, the page stops the worker instead.
const WATCHDOG_SLACK = 5000;

// findMode tells the two apart without asking for a file that may be
// missing (a 404 in the console on every load): tilespace's server sends
// its own security policy with the page, which no static server copies;
// only a page without it looks for the engine beside it.
async function findMode() {
  if (engine.mode) return engine.mode;
  let found = "server";
  try {
    const page = await fetch(location.pathname, { method: "HEAD", cache: "no-store" });
    const csp = page.headers.get("Content-Security-Policy") || "";
    if (!csp.includes("connect-src 'self'")) {
      const r = await fetch("tilespace.wasm.gz", { method: "HEAD" });
      if (r.ok) found = "static";
    }
  } catch (e) { /* no answer: the server's page */ }
  engine.mode = found;
  document.body.dataset.mode = found;
  return found;
}

function startWorker() {
  engine.worker = new Worker("worker.js");
  // How many engines this page has started: one unless a request outlived
  // its limit and the engine, with the databases it built, was stopped.
  document.body.dataset.engineStarts = String(Number(document.body.dataset.engineStarts || 0) + 1);
  engine.worker.onmessage = (ev) => {
    if (ev.data.progress) {
      for (const p of engine.pending.values()) p.arm();
      return showProgress(ev.data.progress);
    }
    const p = engine.pending.get(ev.data.id);
    if (!p) return;
    engine.pending.delete(ev.data.id);
    clearTimeout(p.timer);
    const body = ev.data.body;
    if (typeof body === "string") p.resolve({ status: ev.data.status, text: body });
    else p.resolve({ status: ev.data.status, bytes: body, type: ev.data.type || "", text: "" });
  };
}

// showProgress shows how far the in-browser engine is with a build (the
// 15-puzzle's pattern databases on first use), and hides when it is done.
function showProgress({ what, done, total }) {
  const p = $("engine-progress");
  if (done >= total) {
    p.textContent = "";
    p.hidden = true;
    return;
  }
  p.hidden = false;
  p.textContent = what.charAt(0).toUpperCase() + what.slice(1) + " in this browser (once, on first use): " +
    Math.floor(100 * done / total) + "%";
}

// workerFetch sends one request to the in-browser engine. A request that
// outlives every time limit stops the engine (it is restarted for the
// next one) and answers 503 with the limit.
function workerFetch(target) {
  if (!engine.worker) startWorker();
  const id = ++engine.next;
  const l = state.limits || {};
  const solve = l.solve_seconds || 10;
  const seconds = target.startsWith("/api/compare") ? (l.compare_seconds || 2) * 12 + solve
    : target.startsWith("/api/scaling") ? (l.scaling_seconds || 20) + (l.compare_seconds || 2) + solve
    : target.startsWith("/api/watch") ? l.watch_seconds || 5 : solve;
  const limit = 1000 * seconds;
  return new Promise((resolve) => {
    const stop = () => {
      engine.pending.delete(id);
      engine.worker.terminate();
      engine.worker = null;
      for (const p of engine.pending.values()) {
        clearTimeout(p.timer);
        p.resolve({ status: 503, text: JSON.stringify({ error: "the in-browser engine was stopped" }) });
      }
      engine.pending.clear();
      resolve({ status: 503, text: JSON.stringify({ error: "time limit: no answer within " + seconds + " s (the limit for this request) in this browser; try an easier board" }) });
    };
    const p = { resolve, timer: 0 };
    // The engine's searches meet their own limits; this watchdog is for
    // work that cannot, and an engine reporting progress is not stuck.
    p.arm = () => { clearTimeout(p.timer); p.timer = setTimeout(stop, limit + WATCHDOG_SLACK); };
    p.arm();
    engine.pending.set(id, p);
    engine.worker.postMessage({ id, target });
  });
}

// request answers path?query with {status, text}, from the server or from
// the in-browser engine.
async function request(target) {
  if ((await findMode()) === "static") return workerFetch(target);
  const resp = await fetch(target, { headers: { Accept: "application/json" } });
  return { status: resp.status, text: await resp.text() };
}

// apiBytes fetches path?params as bytes (a GIF): {bytes, type}. An error
// comes as JSON, as from api.
async function apiBytes(path, params) {
  const target = path + "?" + new URLSearchParams(params).toString();
  let r;
  if ((await findMode()) === "static") {
    r = await workerFetch(target);
  } else {
    const resp = await fetch(target);
    const type = resp.headers.get("Content-Type") || "";
    r = { status: resp.status, type };
    if (type.startsWith("application/json")) r.text = await resp.text();
    else r.bytes = await resp.arrayBuffer();
  }
  if (r.status >= 200 && r.status < 300 && r.bytes) return r;
  let msg = "the answer was not an image";
  try { msg = JSON.parse(r.text).error || msg; } catch (e) { /* not JSON */ }
  const err = new Error(msg);
  err.status = r.status;
  throw err;
}

// api fetches path?params as JSON. While the server is still preparing a
// shape's answers (a table read or built, pattern databases built on first
// use) it says so and asks again, for a few minutes at most.
async function api(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, v);
  for (let attempt = 0; ; attempt++) {
    const resp = await request(path + "?" + q.toString());
    resp.ok = resp.status >= 200 && resp.status < 300;
    let body;
    try { body = JSON.parse(resp.text); } catch (e) { body = { error: "the server answered " + resp.status + " without JSON" }; }
    if (resp.ok) return body;
    const err = new Error(body.error || ("HTTP " + resp.status));
    err.status = resp.status;
    if (resp.status !== 503 || !err.message.includes("still being prepared") || attempt >= 10) throw err;
    showMessage(err.message + " (asking again)", "");
  }
}

function shapeText() { return state.rows + "x" + state.cols; }
function boardText(tiles) { return tiles.join(","); }
function parseTiles(s) { return s.split(",").map(Number); }

// showMessage writes a tab's status line (each tab has its own): the
// tab shown unless one is named.
function showMessage(text, kind, view) {
  const v = view || currentView();
  const m = $(v === "play" ? "message" : v + "-message");
  m.textContent = text || "";
  m.className = "message status" + (kind ? " " + kind : "");
}

// showError shows the server's message as it is: an unsolvable board's
// already says "board … is unsolvable: …", so nothing is prefixed.
function showError(err, view) {
  const m = err.message;
  showMessage(m.charAt(0).toUpperCase() + m.slice(1), "error", view);
}

// announce tells screen readers what just happened on the board.
function announce(text) { $("announce").textContent = text; }

// ---------- drawing boards ----------

function drawBoard(el, tiles, cols, opts = {}) {
  el.replaceChildren();
  el.style.gridTemplateColumns = "repeat(" + cols + ", auto)";
  if (opts.cell) el.style.setProperty("--cell", opts.cell + "px");
  tiles.forEach((t, i) => {
    const d = document.createElement("div");
    d.className = "tile" + (t === 0 ? " blank" : "");
    d.textContent = t === 0 ? "" : String(t);
    d.dataset.cell = String(i);
    if (t === 0) { d.setAttribute("role", "img"); d.setAttribute("aria-label", "gap"); }
    if (opts.hints && opts.hints.has(t)) d.classList.add("hint");
    if (opts.movable && opts.movable.has(i)) d.classList.add("movable");
    el.appendChild(d);
  });
  el.classList.toggle("solved", !!opts.solved);
}

function blankIndex(tiles) { return tiles.indexOf(0); }

// goalTiles is the current shape's goal: the blank last or first.
function goalTiles() {
  const n = state.rows * state.cols;
  const tiles = Array.from({ length: n }, (_, i) => (state.goal === "first" ? i : (i + 1) % n));
  return tiles;
}

// drawGoal draws the goal small beside the board, on every tab.
function drawGoal() {
  const el = $("goal-board");
  if (el.dataset.goal === shapeText() + state.goal) return;
  el.dataset.goal = shapeText() + state.goal;
  drawBoard(el, goalTiles(), state.cols);
  el.setAttribute("aria-label", "the goal: " + goalTiles().map((t) => t || "gap").join(" "));
}

// neighbour returns the cell the blank reaches by move m, or -1.
function neighbour(tiles, m, rows, cols) {
  const b = blankIndex(tiles);
  const r = Math.floor(b / cols) + DELTA[m][0], c = (b % cols) + DELTA[m][1];
  if (r < 0 || r >= rows || c < 0 || c >= cols) return -1;
  return r * cols + c;
}

function applyMove(tiles, m, rows, cols) {
  const to = neighbour(tiles, m, rows, cols);
  if (to < 0) return null;
  const next = tiles.slice();
  const b = blankIndex(tiles);
  next[b] = next[to];
  next[to] = 0;
  return next;
}

// tileMove names a blank move by the tile that slides: "5 ↓".
function tileMove(tiles, m) {
  const to = neighbour(tiles, m, state.rows, state.cols);
  return tiles[to] + " " + ARROW[OPPOSITE[m]];
}

// ---------- play ----------

// scaleNow is projector mode's scale of tiles and gaps (style.css's --scale).
function scaleNow() {
  return Number(getComputedStyle(document.documentElement).getPropertyValue("--scale")) || 1;
}

// playCell is a tile's side in px before projector scaling: the board is
// as large as the space left of the controls and above the fold allows,
// whatever its shape, so it neither sits small in an empty page nor runs
// past the bottom of a projector's screen.
function playCell() {
  const scale = scaleNow();
  const board = $("board"), col = board.parentElement, play = col.parentElement;
  const fallback = Math.max(56, Math.min(160, Math.floor(400 / Math.max(state.rows, state.cols))));
  if (!play.offsetParent || !state.rows) return fallback;
  const gap = 6 * scale, pad = 6 * scale;
  const side = play.querySelector(".side");
  const sideMin = parseFloat(getComputedStyle(side).minWidth) || 0;
  const playGap = parseFloat(getComputedStyle(play).columnGap) || 0;
  const beside = play.clientWidth - sideMin - playGap;
  const width = beside >= 160 ? beside : play.clientWidth;
  const top = play.getBoundingClientRect().top + window.scrollY;
  const below = col.querySelector(".small");
  // The line under the board may wrap to two once the board is narrower.
  const line = below ? parseFloat(getComputedStyle(below).fontSize) * 1.25 : 0;
  const height = window.innerHeight - top - (below ? Math.max(below.offsetHeight, 2 * line) + 16 : 0) - 8;
  const fit = (room, n) => (room - 2 * pad - (n - 1) * gap) / n;
  const cell = Math.floor(Math.min(fit(width, state.cols), fit(height, state.rows)) / scale);
  return Math.max(Math.ceil(28 / scale), Math.min(400, cell));
}

function render() {
  const info = state.info;
  const solved = info && info.distance === 0;
  const hintsOn = $("show-hints").checked;
  const hintTiles = new Set();
  if (info && hintsOn && info.optimal_moves) {
    for (const m of info.optimal_moves) hintTiles.add(state.tiles[neighbour(state.tiles, m, state.rows, state.cols)]);
  }
  const movable = new Set();
  for (const m of MOVES) {
    const to = state.tiles.length ? neighbour(state.tiles, m, state.rows, state.cols) : -1;
    if (to >= 0) movable.add(to);
  }
  drawBoard($("board"), state.tiles, state.cols, { hints: hintTiles, movable, solved, cell: playCell() });
  $("board-input").value = boardText(state.tiles);
  // The field is as wide as the board's text, at least.
  $("setup").style.setProperty("--board-chars", String(Math.max(20, $("board-input").value.length)));
  drawGoal();

  const dist = $("distance"), hint = $("hint");
  if (!info) {
    dist.textContent = "";
    hint.textContent = "";
  } else if (!hintsOn) {
    dist.textContent = solved ? "Solved!" : "Hints hidden";
    hint.textContent = "";
  } else if (solved) {
    dist.textContent = "Solved! Distance 0";
    hint.textContent = "";
  } else {
    dist.textContent = "Distance: " + info.distance + (info.distance === 1 ? " move" : " moves") + " to the goal";
    const closer = info.optimal_moves || [info.path[0]];
    hint.textContent = "Closer: " + closer.map((m) => tileMove(state.tiles, m)).join(", ") +
      (info.optimal_moves ? "" : " (the time limit cut the other optimal moves short)");
    // The page names a move by the tile that slides, the command line by
    // the gap's move: both are said here, where they meet.
    const gap = document.createElement("span");
    gap.className = "detail small";
    gap.textContent = " (the gap's " + (closer.length === 1 ? "move" : "moves") + " " + closer.join(", ") + ", as the command line names " + (closer.length === 1 ? "it" : "them") + ")";
    hint.appendChild(gap);
  }
  const c = $("counter");
  const opt = state.startDistance;
  if (solved && state.moves > 0) {
    c.textContent = "Solved in " + state.moves + " moves; the optimum was " + opt + (state.moves === opt ? ": optimal!" : ".");
  } else {
    c.textContent = "Moves made: " + state.moves + (opt !== null ? " · optimum from the start: " + opt : "");
  }
  const note = $("limit-note");
  // The limit named is the server's for a board (a new game's search may
  // have had less: its board then comes alone and is looked up).
  const limit = (state.limits && state.limits.solve_seconds) || (info && info.limit_seconds);
  note.textContent = info && info.limit_seconds !== undefined
    ? "Answered by " + info.solver + " in " + Number(info.seconds).toFixed(3) + " s (" + Number(info.nodes).toLocaleString() + " nodes); limit " + limit + " s per board." +
      (info.optimal_moves_cut ? " " + info.optimal_moves_cut : "")
    : info ? "Exact answer from the " + info.shape + " distance table (radius " + info.radius + ")." : "";
  $("undo").disabled = state.history.length === 0 || !!state.solving;
  // Without a table (the 15-puzzle) no board can be drawn at an exact
  // distance: the button scrambles the goal by that many random moves.
  const tabled = isTabled();
  const depth = $("new-depth");
  depth.max = info && tabled && info.radius ? info.radius : "";
  // The field never offers a distance beyond the shape's radius.
  if (depth.max && Number(depth.value) > Number(depth.max)) depth.value = depth.max;
  $("new-depth-label").textContent = tabled ? "at distance" : "random moves from the goal";
  $("new-at").firstChild.textContent = tabled ? "New game " : "New game: ";
  $("new-at").lastChild.textContent = tabled ? "at this distance" : "this many random moves from the goal";
  $("new-at").disabled = !info;
  $("download-gif").disabled = !info || !info.path;
  $("download-board").disabled = !state.tiles.length;
  const s = state.solving;
  $("pause").disabled = !s;
  $("pause").textContent = s && s.paused ? "Resume" : "Pause";
  $("solve").disabled = !!s || solved || !info;
  fitPlay();
}

// fitPlay shrinks the board, when it must, until every control beside it
// and the line under it end above the fold: the largest tile side (found
// by bisection, each try laid out by the browser) at which the page needs
// no scrolling, down to a tile still readable from the back of a room.
// A narrower board leaves the controls more width, so they wrap less.
function fitPlay() {
  const board = $("board");
  if (!board.offsetParent || !state.tiles.length) return;
  const col = board.parentElement, side = col.parentElement.querySelector(".side");
  // Side by side only: stacked, the page scrolls whatever the board's size.
  if (side.getBoundingClientRect().top >= col.getBoundingClientRect().bottom) return;
  const H = window.innerHeight;
  const bottom = (e) => e.getBoundingClientRect().bottom + window.scrollY;
  const fits = () => bottom(side) <= H && bottom(col) <= H;
  if (fits()) return;
  const set = (c) => board.style.setProperty("--cell", c + "px");
  let hi = parseFloat(board.style.getPropertyValue("--cell")) || 64;
  let lo = Math.ceil(28 / scaleNow());
  set(lo);
  if (!fits()) return;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    set(mid);
    if (fits()) lo = mid; else hi = mid;
  }
  set(lo);
}

// isTabled says whether the current shape answers from a distance table
// (boards at an exact distance can be drawn) rather than by search.
function isTabled() {
  const sh = state.shapes.find((s) => s.shape === shapeText());
  if (sh) return sh.kind !== "search";
  return !state.info || state.info.radius !== undefined;
}

// lookup asks for the current board's answer; late answers are dropped.
async function lookup() {
  const seq = ++state.seq;
  const tiles = state.tiles.slice();
  state.info = null;
  render();
  try {
    const info = await api("/api/board", { b: boardText(tiles), shape: shapeText(), goal: state.goal });
    if (seq !== state.seq) return;
    state.info = info;
    if (state.startDistance === null) state.startDistance = info.distance;
    render();
  } catch (err) {
    if (seq === state.seq) { showError(err); render(); }
  }
}

function newGame(tiles, info) {
  stopSolving();
  state.tiles = tiles;
  state.history = [];
  state.moves = 0;
  state.startDistance = info ? info.distance : null;
  state.info = info || null;
  render();
  if (!info) lookup();
}

function move(m, fromSolver) {
  const next = applyMove(state.tiles, m, state.rows, state.cols);
  if (!next) return false;
  if (!fromSolver) stopSolving();
  const slid = tileMove(state.tiles, m);
  state.history.push(state.tiles);
  state.tiles = next;
  state.moves++;
  announce("Tile " + slid.replace("↑", "up").replace("↓", "down").replace("←", "left").replace("→", "right").replace(" ", " slid ") +
    ". Moves made: " + state.moves + ".");
  if (!fromSolver) lookup();
  return true;
}

function onTileClick(ev) {
  const cell = ev.target.closest(".tile");
  if (!cell) return;
  const i = Number(cell.dataset.cell);
  for (const m of MOVES) if (neighbour(state.tiles, m, state.rows, state.cols) === i) { move(m); return; }
}

function onKey(ev) {
  if (ev.target.matches("input, select, textarea, [role=tab]") || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (currentView() !== "play") return;
  // An arrow slides a tile that way into the gap: the blank moves the other way.
  const map = { ArrowUp: "Down", ArrowDown: "Up", ArrowLeft: "Right", ArrowRight: "Left" };
  const m = map[ev.key];
  if (!m) return;
  ev.preventDefault();
  move(m);
}

function undo() {
  if (!state.history.length) return;
  stopSolving();
  state.tiles = state.history.pop();
  state.moves = Math.max(0, state.moves - 1);
  lookup();
}

// randomGame draws a new game; the seed field, when filled, makes it
// reproducible. Seeds stay strings: a 64-bit seed does not fit a
// JavaScript number.
async function randomGame(params) {
  showMessage("");
  const seed = $("seed").value.trim();
  if (seed !== "" && !/^[0-9]+$/.test(seed)) {
    showMessage("Seed " + JSON.stringify(seed) + ": give a whole number (digits only), or leave it empty for a random one", "error");
    return;
  }
  try {
    const info = await api("/api/random", Object.assign({ shape: shapeText(), goal: state.goal, seed: seed }, params));
    // On a shape without a distance table the board may come alone (its
    // distance_note says why): it is shown at once and its distance asked
    // for as any board's, by search within the server's time limit.
    const alone = info.distance === undefined;
    newGame(parseTiles(info.board), alone ? null : info);
    markFirstBoard();
    setGameLink(info.board, info.seed);
    showMessage("New game: " + info.board + " (seed " + info.seed + ")" + (alone ? "; " + info.shape + " has no distance table, so its distance is found by search" : ""), "ok");
  } catch (err) { showError(err); }
}

// markFirstBoard notes when the first board became playable (ms since
// the page began loading), for the browser test's measurement.
function markFirstBoard() {
  if (!document.body.dataset.firstBoardMs) document.body.dataset.firstBoardMs = String(Math.round(performance.now()));
  doneLoading();
}

// doneLoading ends the page's loading state: the loading message goes and
// the views show, the board sized to the room it now has.
function doneLoading() {
  if (!document.documentElement.classList.contains("loading")) return;
  document.documentElement.classList.remove("loading");
  const p = $("engine-progress");
  if (p.textContent.startsWith("Loading") || p.textContent.startsWith("Starting")) { p.textContent = ""; p.hidden = true; }
  if (state.tiles.length) render();
}

// setGameLink puts the game (its first board, shape, goal and seed) in
// the URL's fragment and in the "Link to this game" link: opened, the
// link shows the same game.
function setGameLink(board, seed) {
  const q = new URLSearchParams({ b: board, shape: shapeText(), goal: state.goal });
  if (seed) q.set("seed", seed);
  const hash = "#" + (state.embed ? "embed&" : "") + q.toString();
  state.linkHash = hash;
  history.replaceState(null, "", hash);
  const a = $("game-link");
  a.href = hash;
  a.hidden = false;
  setEmbedCode(q);
}

// setEmbedCode writes the <iframe> that shows this game in another page:
// the page's own address with #embed and the game.
function setEmbedCode(q) {
  const src = location.origin + location.pathname + "#embed&" + q.toString();
  const attr = (v) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  $("embed-code").value = '<iframe src="' + attr(src) + '" width="720" height="600" title="tilespace: a sliding-tile puzzle" loading="lazy"></iframe>';
  $("embed-note").textContent = engine.mode === "static"
    ? "This copy runs in the browser, so any page may embed it."
    : "The server must allow the course page's site to embed it (serve -frame-ancestors).";
}

// copyEmbedCode puts the <iframe> on the clipboard, or selects it for
// Ctrl-C where the browser refuses (a page not served over HTTPS).
async function copyEmbedCode() {
  const box = $("embed-code");
  box.focus();
  box.select();
  try {
    await navigator.clipboard.writeText(box.value);
    showMessage("Copied the HTML that embeds this game", "ok", "play");
  } catch (e) {
    showMessage("The browser did not let the page copy: the HTML is selected, press Ctrl-C (⌘-C) to copy it", "", "play");
  }
}

// openLink opens the game a link's fragment names; false when it names none.
async function openLink(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (!q.get("b")) return false;
  if (q.get("shape") && state.shapes.some((s) => s.shape === q.get("shape"))) setShape(q.get("shape"));
  if (q.get("goal")) { state.goal = q.get("goal"); $("goal").value = state.goal; }
  if (q.get("seed")) $("seed").value = q.get("seed");
  try {
    const info = await api("/api/board", { b: q.get("b"), shape: q.get("shape") || undefined, goal: state.goal });
    setShape(info.shape);
    newGame(parseTiles(info.board), info);
    markFirstBoard();
    setGameLink(info.board, q.get("seed"));
    showMessage("Game from the link: " + info.board + (q.get("seed") ? " (seed " + q.get("seed") + ")" : ""), "ok");
  } catch (err) {
    // A board whose answer ran out of time (503) is still a game: it is
    // shown without its distance, with the reason, rather than no board.
    const tiles = err.status === 503 ? linkTiles(q.get("b")) : null;
    if (tiles) {
      stopSolving();
      Object.assign(state, { tiles: tiles, history: [], moves: 0, startDistance: null, info: null });
      render();
      markFirstBoard();
      setGameLink(boardText(tiles), q.get("seed"));
    }
    showError(err);
  }
  return true;
}

// linkTiles reads a link's board as the current shape's tiles, or null
// unless it is every tile once (the server has checked nothing yet).
function linkTiles(text) {
  const tiles = (text || "").split(",").map((t) => (t.trim() === "_" ? 0 : Number(t)));
  const n = state.rows * state.cols;
  if (tiles.length !== n || tiles.some((t) => !Number.isInteger(t) || t < 0 || t >= n) || new Set(tiles).size !== n) return null;
  return tiles;
}

// onNewAt draws a game at the distance (or walk length) typed, and says
// what is wrong with it instead of silently drawing something else.
function onNewAt() {
  const text = $("new-depth").value.trim();
  const tabled = isTabled();
  const hi = tabled ? (state.info && state.info.radius) || 1000 : 100000;
  const what = tabled ? "the distance" : "the number of random moves";
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || Number(text) > hi) {
    const said = text === "" ? (tabled ? "Distance" : "Random moves") + " left empty"
      : tabled && /^[0-9]+$/.test(text) && Number(text) > hi ? "No " + state.rows + "x" + state.cols + " board is " + text + " moves from the goal (the farthest are " + hi + ")"
        : JSON.stringify(text) + " is not " + (tabled ? "a distance" : "a number of moves");
    showMessage(said + ": give a whole number from 1 to " + fmt(hi), "error");
    $("new-depth").focus();
    return;
  }
  randomGame(tabled ? { depth: text } : { walk: text });
}

function randomMove() {
  const legal = MOVES.filter((m) => neighbour(state.tiles, m, state.rows, state.cols) >= 0);
  move(legal[Math.floor(Math.random() * legal.length)]);
}

// ---------- solve animation ----------

function speed() { return Number($("speed").value); }

function startSolving() {
  const info = state.info;
  if (!info || !info.path || info.distance === 0) return;
  state.solving = { path: info.path.slice(), i: 0, timer: null, paused: false };
  showMessage("Solving: " + info.path.length + " moves", "ok", "play");
  schedule();
  render();
}

function schedule() {
  const s = state.solving;
  if (!s || s.paused) return;
  clearTimeout(s.timer);
  s.timer = setTimeout(() => { solveStep(); schedule(); }, 1000 / speed());
}

function solveStep() {
  const s = state.solving;
  if (!s) return;
  const m = s.path[s.i++];
  move(m, true);
  const left = s.path.length - s.i;
  announce($("announce").textContent + " " + left + (left === 1 ? " move" : " moves") + " to the goal.");
  // The path is optimal, so each step is one closer; the hint is its next move.
  state.info = Object.assign({}, state.info, {
    board: boardText(state.tiles), distance: left,
    optimal_moves: left > 0 ? [s.path[s.i]] : [], path: s.path.slice(s.i),
  });
  if (left === 0) {
    clearTimeout(s.timer);
    state.solving = null;
    showMessage("Solved along an optimal path of " + s.path.length + " moves", "ok", "play");
    lookup();
    return;
  }
  render();
}

function stopSolving() {
  const s = state.solving;
  if (s) { clearTimeout(s.timer); state.solving = null; }
}

function pauseSolving() {
  const s = state.solving;
  if (!s) return;
  s.paused = !s.paused;
  if (s.paused) clearTimeout(s.timer); else schedule();
  render();
}

function stepSolving() {
  if (!state.solving) {
    if (!state.info || !state.info.path || state.info.distance === 0) return;
    startSolving();
    state.solving.paused = true;
    clearTimeout(state.solving.timer);
  }
  solveStep();
  render();
}

// ---------- setup: shape, goal, typed boards ----------

async function loadShapes() {
  try {
    const body = await api("/api/shapes", {});
    state.shapes = body.shapes;
    state.limits = body.limits;
  } catch (err) { showError(err); }
  const sel = $("shape");
  sel.replaceChildren();
  for (const s of state.shapes) {
    const o = document.createElement("option");
    o.value = s.shape;
    o.textContent = s.shape + (s.kind === "search" ? " (search, ≤ " + state.limits.solve_seconds + " s)" : "");
    o.title = s.note;
    sel.appendChild(o);
  }
  sel.value = "3x3";
  const l = state.limits || {};
  showLimits();
  $("watch-steps").max = l.watch_steps;
}

function setShape(text) {
  const [r, c] = text.split("x").map(Number);
  const changed = r !== state.rows || c !== state.cols;
  state.rows = r; state.cols = c;
  $("shape").value = text;
  updateGoalOptions();
  if (changed) { clearWatch(); clearCompare(); }
  updateWatchAvailability();
  updateScalingAvailability();
}

function updateGoalOptions() {
  const info = state.shapes.find((s) => s.shape === shapeText());
  for (const o of $("goal").options) o.disabled = !!info && !info.goals.includes(o.value);
}

function onShapeChange() {
  setShape($("shape").value);
  const info = state.shapes.find((s) => s.shape === shapeText());
  if (info && !info.goals.includes(state.goal)) { state.goal = info.goals[0]; $("goal").value = state.goal; }
  // The old shape's board and hints go at once: the new shape's game may
  // take a while (the static copy builds the 15-puzzle's databases first,
  // and shows its progress meanwhile).
  stopSolving();
  state.tiles = [];
  state.info = null;
  state.history = [];
  state.seq++;
  render();
  showMessage("Drawing a " + shapeText() + " game…", "");
  // A new shape starts near its goal: a short random walk answers at once,
  // even on the 15-puzzle.
  randomGame(info && info.kind === "search" ? { walk: 30 } : {});
}

// onGoalChange keeps the board when it can reach the new goal, else
// draws a new game for it.
async function onGoalChange() {
  state.goal = $("goal").value;
  stopSolving();
  clearWatch();
  clearCompare();
  try {
    const info = await api("/api/board", { b: boardText(state.tiles), shape: shapeText(), goal: state.goal });
    newGame(state.tiles, info);
    showMessage("Goal " + state.goal + ": the board is " + info.distance + " moves from it", "ok");
  } catch (err) {
    if (err.status !== 422) { showError(err); return; }
    const info = state.shapes.find((s) => s.shape === shapeText());
    await randomGame(info && info.kind === "search" ? { walk: 30 } : {});
  }
}

async function onSetBoard(ev) {
  ev.preventDefault();
  const text = $("board-input").value.trim();
  // The board's own shape, unless its tile count is the chosen shape's.
  const count = text.split(/[\s,;/]+/).filter(Boolean).length;
  const params = { b: text, goal: state.goal };
  if (count === state.rows * state.cols) params.shape = shapeText();
  showMessage("");
  try {
    const info = await api("/api/board", params);
    setShape(info.shape);
    newGame(parseTiles(info.board), info);
    showMessage("Board set: " + info.board, "ok");
  } catch (err) {
    // A board not set leaves the game as it was, and the box says so too:
    // it shows the game's board again, the message what was typed.
    showError(err);
    const m = $("message");
    m.textContent = m.textContent.replace(/\.$/, "") + (err.message.includes(text) ? "" : " (typed: " + text + ")") +
      ". Not set: the board and the box show the current game.";
    $("board-input").value = boardText(state.tiles);
  }
}

// ---------- views ----------

const VIEWS = ["play", "compare", "watch", "scaling"];

function currentView() {
  for (const v of VIEWS) if (!$("view-" + v).hidden) return v;
  return "play";
}

function showView(v) {
  for (const w of VIEWS) {
    $("view-" + w).hidden = w !== v;
    $("tab-" + w).setAttribute("aria-selected", String(w === v));
    $("tab-" + w).tabIndex = w === v ? 0 : -1;
  }
  if (v === "play") render();
}

// onTabKey moves between the tabs with the arrow keys, Home and End, as
// a tab list does.
function onTabKey(ev) {
  const views = VIEWS;
  const i = views.indexOf(currentView());
  const j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: views.length - 1 }[ev.key];
  if (j === undefined) return;
  ev.preventDefault();
  const v = views[(j + views.length) % views.length];
  showView(v);
  $("tab-" + v).focus();
}

// ---------- projector mode ----------

const PROJECTOR_KEY = "tilespace.projector";

function setProjector(on) {
  document.documentElement.classList.toggle("projector", on);
  $("projector").setAttribute("aria-pressed", String(on));
  try { localStorage.setItem(PROJECTOR_KEY, on ? "on" : "off"); } catch (e) { /* storage refused: the mode still applies */ }
  if (watch.data) showWatch();
  if (lastCompare) drawCompare(lastCompare);
  if (scaling.rows.length) drawScaling();
  if (state.tiles.length) render();
}

function storedProjector() {
  try { return localStorage.getItem(PROJECTOR_KEY) === "on"; } catch (e) { return false; }
}

// ---------- compare ----------

const fmt = (n) => Number(n).toLocaleString("en-US");
// fmt1 writes a mean: thousands separated, one decimal when it has one.
const fmt1 = (n) => Number(n).toLocaleString("en-US", { maximumFractionDigits: 1 });

// clock.resolution is the step, in seconds, of the clock the engine's
// times come from: the browser's (performance.now, coarsened by the
// browser) in the static copy, 0 (negligible) on a server. A time under
// it is no measurement: it is shown as "< step" and never drawn.
const clock = { resolution: 0 };

// measureClock finds the browser clock's step: the median of the
// differences between successive distinct readings.
function measureClock() {
  const steps = [];
  let last = performance.now();
  const end = last + 50;
  while (steps.length < 41) {
    const t = performance.now();
    if (t !== last) { steps.push(t - last); last = t; }
    if (t > end) break;
  }
  steps.sort((a, b) => a - b);
  return steps.length ? steps[Math.floor(steps.length / 2)] / 1000 : 1e-3;
}

function fmtTime(s) {
  s = Number(s);
  if (clock.resolution && s < clock.resolution) return "< " + fmtTime(clock.resolution);
  if (s < 1e-3) return (s * 1e6).toFixed(0) + " µs";
  if (s < 1) return (s * 1e3).toFixed(1) + " ms";
  return s.toFixed(2) + " s";
}

let lastCompare = null;

function clearCompare() {
  lastCompare = null;
  $("compare-results").hidden = true;
  $("compare-table").tBodies[0].replaceChildren();
  $("compare-charts").replaceChildren();
  $("compare-paths").replaceChildren();
}

// DEFAULT_MAX_NODES is the bound on a comparison's expansions per
// algorithm until the server names its own (in /api/shapes or in a
// comparison's limits).
const DEFAULT_MAX_NODES = 5000000;

// maxNodes is the most expansions per algorithm the engine allows.
function maxNodes() {
  const l = state.limits || {};
  return Number(l.compare_max_nodes || l.max_nodes || DEFAULT_MAX_NODES);
}

// readLimit reads an expansions field: a whole number from 1 to the
// engine's bound, or null after saying what is wrong in view's status.
function readLimit(id, view) {
  const text = $(id).value.trim();
  const hi = maxNodes();
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || Number(text) > hi) {
    showMessage("Expansions per algorithm: " + (text === "" ? "none given" : JSON.stringify(text) + " is not allowed") +
      "; give a whole number from 1 to " + fmt(hi) + " (the " + (engine.mode === "static" ? "in-browser engine's" : "server's") + " bound)", "error", view);
    $(id).focus();
    return null;
  }
  return text;
}

// showLimits shows the bounds of a comparison beside its field.
function showLimits() {
  const l = state.limits || {};
  for (const id of ["compare-limit", "scaling-limit"]) {
    $(id).max = String(maxNodes());
    if (!$(id).value) $(id).value = String(l.compare_nodes || 200000);
  }
  $("compare-max").textContent = "at most " + fmt(maxNodes()) + " (the " + (engine.mode === "static" ? "in-browser engine's" : "server's") + " bound)";
  $("compare-seconds").textContent = String(l.compare_seconds || 2);
}

async function runCompare() {
  const limit = readLimit("compare-limit", "compare");
  if (limit === null) return;
  const btn = $("run-compare");
  btn.disabled = true;
  btn.textContent = "Running…";
  showMessage("Running the algorithms on " + boardText(state.tiles) + "…", "", "compare");
  try {
    lastCompare = await api("/api/compare", { b: boardText(state.tiles), shape: shapeText(), goal: state.goal, limit });
    if (lastCompare.limits && lastCompare.limits.max_nodes) {
      state.limits.compare_max_nodes = lastCompare.limits.max_nodes;
      showLimits();
    }
    $("compare-results").hidden = false;
    drawCompare(lastCompare);
    const n = lastCompare.algorithms.length;
    const stopped = lastCompare.algorithms.filter((row) => outcomeOf(row) === "stopped").length;
    showMessage("Compared " + n + " algorithms on " + lastCompare.board +
      (stopped ? "; " + stopped + " stopped without a path" : ""), "ok", "compare");
  } catch (err) { showError(err, "compare"); }
  btn.disabled = false;
  btn.textContent = "Compare the algorithms on this board";
}

// outcomeOf is a row's outcome: "optimal", "longer" (than optimal) or
// "stopped" (a limit or a loop ended it without a path); the engine says
// it, and a row without its word is read from its figures. A path found
// where no optimum is known is "found".
function outcomeOf(row) {
  if (row.outcome) return row.outcome;
  if (!row.result.found) return "stopped";
  if (row.excess_moves === null || row.excess_moves === undefined) return "found";
  return Number(row.excess_moves) === 0 ? "optimal" : "longer";
}

// stoppedText says what stopped a search, with the limit's figure.
function stoppedText(r, limits) {
  const why = r.stopped_by;
  if (!why || why === "none") return "";
  const l = limits || {};
  if (why === "node limit" && l.nodes) return "node limit (" + fmt(l.nodes) + " expansions)";
  if (why === "time limit" && l.seconds) return "time limit (" + l.seconds + " s)";
  return why;
}

function cell(tr, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

function drawCompare(c) {
  const opt = c.optimal_distance;
  $("compare-reference").textContent = opt !== null && opt !== undefined
    ? "Optimal distance: " + opt + " moves (from " + c.optimal_source + ")"
    : "Optimal distance unknown" + (c.optimal_note ? ": " + c.optimal_note : "");
  const body = $("compare-table").tBodies[0];
  body.replaceChildren();
  for (const row of c.algorithms) {
    const r = row.result;
    const tr = document.createElement("tr");
    tr.dataset.key = row.key;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = r.algorithm;
    tr.appendChild(th);
    const outcome = outcomeOf(row);
    tr.dataset.outcome = outcome;
    cell(tr, r.found ? "yes" : "no");
    cell(tr, r.found ? fmt(r.path_length) : "–");
    if (outcome === "optimal") cell(tr, "optimal", "optimal");
    else if (outcome === "longer") cell(tr, "+" + fmt(row.excess_moves), "longer");
    else if (outcome === "stopped") cell(tr, "stopped", "stopped");
    else if (outcome === "shorter") cell(tr, "−" + fmt(-row.excess_moves) + " (shorter than the reference)", "longer");
    else cell(tr, "– (optimum unknown)");
    cell(tr, fmt(r.nodes_expanded));
    cell(tr, fmt(r.nodes_generated));
    cell(tr, fmt(r.max_frontier));
    cell(tr, fmtTime(r.seconds));
    const why = stoppedText(r, c.limits);
    cell(tr, why, why ? "why stopped" : "why");
    body.appendChild(tr);
  }
  const l = c.limits || {};
  $("compare-limits-used").textContent = l.nodes
    ? "Each algorithm was bounded by " + fmt(l.nodes) + " expansions and " + l.seconds + " s" +
      (l.max_nodes ? "; raise the expansions up to " + fmt(l.max_nodes) + " above." : ".")
    : "";
  drawComs(c.board || boardText(state.tiles));
  drawCharts(c);
  drawPaths(c);
}

// drawComs names, for an 8-puzzle board, the commands that give the COMS
// 4701 assignment's reference counts for it and grade an output.txt
// against them.
function drawComs(board) {
  const p = $("compare-coms");
  p.replaceChildren();
  p.hidden = shapeText() !== "3x3";
  if (p.hidden) return;
  const code = (text) => { const e = document.createElement("code"); e.textContent = text; return e; };
  p.append("The COMS 4701 assignment's counts for this board (toward 0,1,…,8, by its rules): ",
    code("classroom coms bfs " + board), " (or dfs, ast); to grade an output.txt for it: ",
    code("classroom grade -method bfs -board " + board + " output.txt"), ".");
}

function drawCharts(c) {
  const box = $("compare-charts");
  box.replaceChildren();
  const log = $("log-scale").checked;
  const metrics = [
    ["Nodes expanded", (r) => r.nodes_expanded, fmt],
    ["Nodes generated", (r) => r.nodes_generated, fmt],
    ["Max frontier", (r) => r.max_frontier, fmt],
    ["Path length (moves)", (r) => (r.found ? r.path_length : null), fmt],
    ["Time", (r) => r.seconds, fmtTime],
  ];
  for (const [title, get, show] of metrics) {
    const div = document.createElement("div");
    div.className = "chartbox";
    const h = document.createElement("h3");
    h.textContent = title + (log ? " (log scale)" : "");
    div.appendChild(h);
    const vals = c.algorithms.map((row) => get(row.result));
    const top = Math.max(...vals.map((v) => Number(v) || 0), 1e-9);
    const scale = (v) => (log ? Math.log1p(v / top * 1e4) / Math.log1p(1e4) : v / top);
    c.algorithms.forEach((row, i) => {
      const v = vals[i];
      const line = document.createElement("div");
      line.className = "barrow";
      const label = document.createElement("span");
      label.textContent = row.result.algorithm;
      const track = document.createElement("div");
      track.className = "bartrack";
      const bar = document.createElement("div");
      bar.className = "bar " + outcomeOf(row) + (v === null ? " none" : "");
      bar.style.width = v === null ? "0" : (100 * scale(Number(v))).toFixed(2) + "%";
      const val = document.createElement("span");
      val.className = "barval";
      val.textContent = v === null ? "not found" : show(v);
      track.append(bar);
      line.append(label, track, val);
      div.appendChild(line);
    });
    box.appendChild(div);
  }
}

// drawPaths shows each solution: its first boards, its last ones, and the
// true distance of every board along it against the optimum. The boards
// shown are as many as fit on one line, the goal always among them.
function drawPaths(c) {
  const box = $("compare-paths");
  box.replaceChildren();
  const start = parseTiles(c.board);
  const [rows, cols] = c.shape.split("x").map(Number);
  const scale = document.documentElement.classList.contains("projector") ? 1.6 : 1;
  const boardWidth = (cols * 28 + 6) * scale + 6; // tiles of 26 px and 2 px gaps, padding, the strip's gap
  const fit = Math.max(4, Math.floor((box.clientWidth || 1000) / boardWidth));
  let any = false;
  for (const row of c.algorithms) {
    const r = row.result;
    if (!r.found) continue;
    any = true;
    const div = document.createElement("div");
    div.className = "pathrow";
    div.dataset.key = row.key;
    const h = document.createElement("h3");
    h.append(algKey(row.key, r.algorithm), ": " + fmt(r.path_length) + " moves");
    div.appendChild(h);
    const boards = [start];
    let b = start;
    for (const m of r.path) { b = applyMove(b, m, rows, cols); boards.push(b); }
    const strip = document.createElement("div");
    strip.className = "strip";
    // Room for the "… more boards …" note: about two boards' width.
    const tail = Math.min(4, Math.max(1, Math.floor((fit - 2) / 4)));
    const head = Math.max(1, fit - 2 - tail);
    const shown = boards.length <= fit ? boards.map((x, i) => [i, x]) :
      boards.slice(0, head).map((x, i) => [i, x]).concat([[-1, null]], boards.slice(-tail).map((x, i) => [boards.length - tail + i, x]));
    for (const [i, x] of shown) {
      if (x === null) {
        const gap = document.createElement("span");
        gap.className = "gap";
        gap.textContent = "… " + fmt(boards.length - head - tail) + " more …";
        strip.appendChild(gap);
        continue;
      }
      const mini = document.createElement("div");
      mini.className = "board micro";
      mini.title = "after " + i + " moves";
      drawBoard(mini, x, cols);
      strip.appendChild(mini);
    }
    div.appendChild(strip);
    if (row.path_profile) div.appendChild(sparkline(row.path_profile, c.optimal_distance, row.key));
    box.appendChild(div);
  }
  $("paths-title").hidden = !any;
}

const SVG = "http://www.w3.org/2000/svg";
function svgEl(name, attrs) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function svgText(svg, x, y, s, cls, anchor) {
  const t = svgEl("text", { x, y, "text-anchor": anchor || "start", class: cls || "" });
  t.textContent = s;
  svg.appendChild(t);
  return t;
}

// sparkline draws the true distance of each board along a path, in its
// algorithm's style, with its axes labelled and the optimal descent (from
// the start's distance straight down to 0) in dashed ink over a light
// band, drawn over the path so that an optimal path, which follows it,
// shows inside it. When the path is over four times the optimum, the
// descent would be a sliver at x = 0: it is drawn on its own scale, a top
// axis from 0 to the optimum, and the caption says so.
function sparkline(p, opt, key) {
  const w = 640, L = 40, R = 12, B = 30;
  const n = p.steps[p.steps.length - 1] || 1;
  const known = opt !== null && opt !== undefined;
  const own = known && opt > 0 && opt * 4 < n;
  const T = own ? 24 : 8, h = T + 58 + B;
  const pw = w - L - R, ph = h - T - B;
  const top = Math.max(...p.distances, known ? opt : 0, 1);
  const svg = svgEl("svg", { class: "spark", viewBox: "0 0 " + w + " " + h, role: "img", "data-alg": key,
    "aria-label": "true distance along the path, from " + p.distances[0] + " to 0 in " + fmt(n) + " moves" +
      (known ? "; the optimal descent takes " + fmt(opt) : "") });
  const x = (s) => L + s / n * pw, y = (d) => T + ph - d / top * ph;
  svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: T, x2: L, y2: T + ph }));
  svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: T + ph, x2: L + pw, y2: T + ph }));
  svgText(svg, L - 4, T + 8, String(top), "", "end");
  svgText(svg, L - 4, T + ph, "0", "", "end");
  svgText(svg, L, T + ph + 12, "0", "", "middle");
  svgText(svg, L + pw, T + ph + 12, fmt(n), "", "end");
  svgText(svg, L + pw / 2, T + ph + 24, "moves along the path → (y: true distance to the goal; dashed: the optimal descent" +
    (own ? ", on the top axis's scale)" : ")"), "", "middle");
  const pts = p.steps.map((s, i) => x(s).toFixed(1) + "," + y(p.distances[i]).toFixed(1));
  if (known) {
    // The descent's x: the path's own scale, or the top axis's.
    const xo = own ? (s) => L + s / opt * pw : x;
    const end = Math.min(own ? opt : n, opt);
    const at = { x1: xo(0), y1: y(opt), x2: xo(end), y2: y(opt - end) };
    svg.appendChild(svgEl("line", Object.assign({ class: "opt-band" }, at)));
    svg.appendChild(styled(svgEl("polyline", { class: "path", points: pts.join(" ") }), key));
    svg.appendChild(svgEl("line", Object.assign({ class: "opt" }, at)));
    if (own) {
      svg.appendChild(svgEl("line", { class: "opt-axis", x1: L, y1: T - 6, x2: L + pw, y2: T - 6 }));
      svgText(svg, L, T - 10, "0", "opt-axis", "middle");
      svgText(svg, L + pw, T - 10, fmt(opt), "opt-axis", "end");
      svgText(svg, L + pw / 2, T - 10, "optimal descent: " + fmt(opt) + " moves (top axis)", "opt-axis", "middle");
    }
  } else {
    svg.appendChild(styled(svgEl("polyline", { class: "path", points: pts.join(" ") }), key));
  }
  return svg;
}

// ---------- watch ----------

const watch = { data: null, pos: 0, timer: null, playing: false };

// clearWatch forgets the trace shown: it belongs to another shape or goal.
function clearWatch() {
  stopWatch();
  watch.data = null;
  watch.pos = 0;
  $("watch-chart").replaceChildren();
  $("watch-board").replaceChildren();
  $("watch-explain").textContent = "";
  for (const id of ["w-step", "w-depth", "w-distance", "w-frontier", "w-h", "w-bound"]) $(id).textContent = "–";
  $("watch-pos").max = 0;
  $("watch-pos").value = 0;
  for (const id of ["watch-pos", "watch-play", "watch-step"]) $(id).disabled = true;
}

// updateWatchAvailability greys out the searches the page cannot trace on
// this shape, and says why.
function updateWatchAvailability() {
  const sh = state.shapes.find((s) => s.shape === shapeText());
  const reason = sh && sh.kind === "search"
    ? "Watching a search needs each board's true distance from a distance table, and " + sh.shape +
      " has none (its boards are solved by search). Choose a shape of at most 12 cells, such as 3x3 or 2x5, to watch BFS, DFS, A* or IDA*."
    : "";
  for (const id of ["watch-alg", "watch-steps", "watch-run"]) $(id).disabled = !!reason;
  for (const o of $("watch-alg").options) o.disabled = !!reason;
  $("watch-note").textContent = reason;
  $("watch-note").hidden = !reason;
}

async function runWatch() {
  stopWatch();
  const btn = $("watch-run");
  const steps = $("watch-steps").value.trim();
  if (!/^[0-9]+$/.test(steps) || Number(steps) < 1) {
    showMessage("Expansions: give a whole number from 1 to " + fmt(state.limits.watch_steps || 5000), "error", "watch");
    return;
  }
  btn.disabled = true;
  try {
    watch.data = await api("/api/watch", { b: boardText(state.tiles), shape: shapeText(), goal: state.goal,
      alg: $("watch-alg").value, steps });
    watch.pos = 0;
    const n = watch.data.trace.steps.length;
    $("watch-pos").max = Math.max(0, n - 1);
    $("watch-pos").disabled = n === 0;
    $("watch-play").disabled = n === 0;
    $("watch-step").disabled = n === 0;
    const r = watch.data.result;
    // The trace's own length is a node limit the user chose: reaching it
    // is the trace ending where asked, not the search failing.
    const reached = !r.found && r.stopped_by === "node limit" && n >= Number(steps);
    showMessage(r.algorithm + ": " + fmt(n) + " expansions traced" +
      (r.found ? ", found a path of " + r.path_length + " moves (optimal " + watch.data.optimal_distance + ")" : "") +
      (reached ? ", trace length reached (" + fmt(steps) + " expansions asked)"
        : r.stopped_by && r.stopped_by !== "none" ? ", stopped by the " + r.stopped_by : ""), "ok", "watch");
    showWatch();
  } catch (err) { showError(err, "watch"); }
  btn.disabled = false;
}

function showWatch() {
  const d = watch.data;
  if (!d) return;
  const steps = d.trace.steps;
  const [, cols] = d.shape.split("x").map(Number);
  if (steps.length === 0) {
    drawBoard($("watch-board"), parseTiles(d.board), cols);
    $("w-step").textContent = "0 of 0 (the start is the goal)";
    return;
  }
  const s = steps[watch.pos];
  drawBoard($("watch-board"), parseTiles(s.board), cols, { solved: s.distance === 0 });
  $("w-step").textContent = fmt(watch.pos + 1) + " of " + fmt(steps.length);
  $("w-depth").textContent = fmt(s.depth);
  $("w-distance").textContent = String(s.distance);
  $("w-frontier").textContent = fmt(s.frontier);
  $("w-h").textContent = s.h !== undefined ? s.h + ", " + (s.depth + s.h) : "–";
  $("w-bound").textContent = s.bound !== undefined ? String(s.bound) : "–";
  $("watch-pos").value = watch.pos;
  drawWatchChart(steps, watch.pos, d.optimal_distance, d.radius, watchedKey(d.trace.key), d.result.algorithm);
  $("watch-explain").textContent = explain(d, watch.pos);
}

// ticks returns about n round values from 0 to at least max (1, 2 or 5
// times a power of ten apart), for an axis's labels.
function ticks(max, n = 4) {
  if (!(max > 0)) return [0, 1];
  const raw = max / n;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  // Counts (moves, boards) step by whole numbers.
  const step = Math.max(1, [1, 2, 5, 10].map((k) => k * p).find((k) => k >= raw));
  const out = [];
  for (let v = 0; v < max + step / 2; v += step) out.push(Math.round(v * 1e9) / 1e9);
  while (out[out.length - 1] < max || out.length < 3) out.push(out[out.length - 1] + step);
  return out;
}

// drawWatchChart draws three panels over the expansions shown so far (the
// x-axis ends at the one shown): the true distance of the board expanded,
// its depth on the search's path (with IDA*'s bound on depth + h, when the
// search has one), and the frontier's size, each on its own labelled axis
// with round ticks and light grid lines, each panel's title above its plot,
// off the traces.
function drawWatchChart(steps, pos, opt, radius, key, name) {
  const svg = $("watch-chart");
  svg.replaceChildren();
  const W = 640, L = 52, R = 60;
  // The search's key, top right: its line, marker and name, as on
  // Compare's paths and Scaling.
  svg.appendChild(styled(svgEl("line", { class: "keyline", x1: W - R - 110, y1: 12, x2: W - R - 80, y2: 12 }), key));
  svg.appendChild(marker(key, W - R - 95, 12, 3.5));
  svgText(svg, W - R - 74, 16, name || key, "key");
  const shown = steps.slice(0, pos + 1);
  const span = Math.max(1, pos);
  const x = (i) => L + i / span * (W - L - R);
  const maxOf = (get) => shown.reduce((m, s) => Math.max(m, get(s)), 1);
  const bounded = shown.some((s) => s.bound !== undefined);
  const panels = [
    { top: 26, h: 70, cls: "distance", get: (s) => s.distance, max: radius, title: "true distance to the goal (moves)", ref: opt },
    { top: 140, h: 70, cls: "depth", get: (s) => s.depth, max: maxOf((s) => Math.max(s.depth, s.bound || 0)),
      title: bounded ? "depth on the search's path (moves); dashed: IDA*'s bound on depth + h" : "depth on the search's path (moves)" },
    { top: 254, h: 70, cls: "frontier", get: (s) => s.frontier, max: maxOf((s) => s.frontier), title: "frontier size (boards)" },
  ];
  const every = Math.max(1, Math.floor(shown.length / (W - L - R)));
  for (const p of panels) {
    const bottom = p.top + p.h;
    const marks = ticks(p.max, 3);
    const top = marks[marks.length - 1];
    const y = (v) => bottom - v / top * p.h;
    svgText(svg, L, p.top - 10, p.title, "title");
    for (const v of marks) {
      if (v > 0) svg.appendChild(svgEl("line", { class: "grid", x1: L, y1: y(v), x2: W - R, y2: y(v) }));
      svg.appendChild(svgEl("line", { class: "axis", x1: L - 4, y1: y(v), x2: L, y2: y(v) }));
      svgText(svg, L - 6, y(v) + 3, fmt(v), "tick", "end");
    }
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: bottom, x2: W - R, y2: bottom }));
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: p.top, x2: L, y2: bottom }));
    if (p.ref !== undefined) {
      svg.appendChild(svgEl("line", { class: "ref", x1: L, y1: y(p.ref), x2: W - R, y2: y(p.ref) }));
      svgText(svg, W - R + 4, y(p.ref) + 3, "start " + p.ref, "ref");
    }
    const line = (get, cls) => {
      const pts = [];
      for (let i = 0; i <= pos; i += every) pts.push(x(i).toFixed(1) + "," + y(get(steps[i])).toFixed(1));
      pts.push(x(pos).toFixed(1) + "," + y(get(steps[pos])).toFixed(1));
      return svg.appendChild(svgEl("polyline", { class: cls, points: pts.join(" ") }));
    };
    if (p.cls === "depth" && bounded) {
      line((s) => (s.bound !== undefined ? s.bound : 0), "bound");
      const b = steps[pos].bound;
      if (b !== undefined) svgText(svg, W - R + 4, y(b) + 3, "bound " + b, "bound");
    }
    styled(line(p.get, p.cls), key);
    svg.appendChild(svgEl("line", { class: "now", x1: x(pos), y1: p.top, x2: x(pos), y2: bottom }));
  }
  const base = panels[panels.length - 1].top + panels[panels.length - 1].h;
  svgText(svg, L, base + 14, "1", "", "middle");
  svgText(svg, W - R, base + 14, fmt(pos + 1), "", "middle");
  svgText(svg, (L + W - R) / 2, base + 30, "expansion (the axis ends at the one shown)", "", "middle");
}

// explain says in words what the trace's own figures show up to pos, as
// classroom explain-dfs does: every comparison in it (closer, farther,
// rising, falling) is computed from those figures, never assumed from the
// algorithm's name.
function explain(d, pos) {
  const steps = d.trace.steps.slice(0, pos + 1);
  const s = steps[steps.length - 1];
  const opt = d.optimal_distance;
  let sum = 0, far = 0, near = opt, maxDepth = 0, maxFrontier = 0, depthFell = false, maxF = -1, bounds = new Set();
  steps.forEach((x, i) => {
    sum += x.distance;
    if (x.distance > opt) far++;
    near = Math.min(near, x.distance);
    maxDepth = Math.max(maxDepth, x.depth);
    maxFrontier = Math.max(maxFrontier, x.frontier);
    if (i > 0 && x.depth < steps[i - 1].depth) depthFell = true;
    if (x.h !== undefined) maxF = Math.max(maxF, x.depth + x.h);
    if (x.bound !== undefined) bounds.add(x.bound);
  });
  const n = steps.length;
  const mean = (sum / n).toFixed(1);
  const moves = (k) => fmt(k) + (k === 1 ? " move" : " moves");
  const cmp = (now, then) => (now < then ? "closer to the goal than" : now > then ? "farther from the goal than" : "as far from the goal as");
  let text = "The start is " + moves(opt) + " from the goal. Over these " + fmt(n) + " expansions the boards expanded were on average " + mean +
    " moves from the goal, " + fmt(far) + " of them farther than the start; the closest was " + moves(near) + " away. " +
    "The board expanded now is " + moves(s.distance) + " from the goal, " + cmp(s.distance, opt) + " the start. ";
  const alg = d.trace.key;
  if (alg === "dfs") {
    text += "DFS is " + moves(s.depth) + " deep on its own path (deepest so far " + fmt(maxDepth) + ", the optimum is " + opt + "): " +
      (s.depth > opt ? "its path is already " + moves(s.depth - opt) + " longer than an optimal one, so the path it returns, the branch it is on when it meets the goal, cannot be the shortest. "
        : "its path is not yet longer than the optimum. ") +
      "Its frontier holds " + fmt(s.frontier) + " boards (at most " + fmt(maxFrontier) + " so far): the siblings left along one deep branch.";
  } else if (alg === "bfs") {
    text += "BFS is at depth " + s.depth + "; " + (depthFell ? "its depth fell at some expansion here. " :
      "its depth has never fallen over these expansions: it finishes every board at one depth before any deeper one, whatever their distance. ") +
      "Its frontier holds " + fmt(s.frontier) + " boards (at most " + fmt(maxFrontier) + " so far)" +
      (s.depth < opt ? ", and it reaches the goal only at depth " + opt + "." : ".");
  } else if (alg === "astar") {
    text += "A* expands the board with the least depth + Manhattan estimate, here " + s.depth + " + " + s.h + " = " + (s.depth + s.h) + ". " +
      "The largest f so far is " + maxF + (maxF <= opt ? ", never above the optimum " + opt + ", as an admissible estimate ensures." : ", above the optimum " + opt + ".") +
      " Its frontier holds " + fmt(s.frontier) + " boards.";
  } else {
    text += "IDA* searches depth-first below the bound " + s.bound + " on depth + Manhattan estimate; " +
      (bounds.size > 1 ? "it has raised the bound " + (bounds.size - 1) + (bounds.size === 2 ? " time" : " times") + " so far, repeating the shallow boards each round. " :
        "this is its first round. ") +
      "Its frontier is only the siblings along its current path (" + fmt(s.frontier) + " boards, at most " + fmt(maxFrontier) + " so far).";
  }
  return text;
}

function stepWatch() {
  const d = watch.data;
  if (!d || watch.pos >= d.trace.steps.length - 1) { stopWatch(); return; }
  watch.pos++;
  showWatch();
}

function playWatch() {
  if (watch.playing) { stopWatch(); return; }
  if (watch.data && watch.pos >= watch.data.trace.steps.length - 1) watch.pos = 0;
  watch.playing = true;
  $("watch-play").textContent = "Pause";
  const tick = () => {
    if (!watch.playing) return;
    const perTick = Math.max(1, Math.round(Number($("watch-speed").value) / 10));
    for (let k = 0; k < perTick; k++) stepWatch();
    if (watch.playing) watch.timer = setTimeout(tick, 1000 / Math.min(30, Number($("watch-speed").value)));
  };
  tick();
}

function stopWatch() {
  watch.playing = false;
  clearTimeout(watch.timer);
  $("watch-play").textContent = "Play";
}

// ---------- take-away: downloads and the embed mode ----------

// download offers blob (or a promise of one) as a file named name.
async function download(name, blob) {
  const b = await blob;
  const url = URL.createObjectURL(b);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function csvBlob(rows) {
  const quote = (v) => {
    const t = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t;
  };
  return new Blob([rows.map((r) => r.map(quote).join(",")).join("\n") + "\n"], { type: "text/csv" });
}

function canvasBlob(canvas) {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

function fileBoard(tiles) { return tiles.join("-"); }

// downloadGIF fetches the animated optimal solution of the board shown
// (/api/gif: a frame per board from it to the goal) and offers it.
async function downloadGIF() {
  const btn = $("download-gif");
  btn.disabled = true;
  const tiles = state.tiles.slice();
  try {
    const r = await apiBytes("/api/gif", { b: boardText(tiles), shape: shapeText(), goal: state.goal, size: "480" });
    await download("tilespace-" + shapeText() + "-" + fileBoard(tiles) + ".gif", new Blob([r.bytes], { type: "image/gif" }));
    showMessage("Downloaded the optimal solution of " + boardText(tiles) + " as a GIF", "ok", "play");
  } catch (err) { showError(err, "play"); }
  btn.disabled = false;
}

// boardCanvas draws tiles as the page does, cell px a tile, on a canvas.
function boardCanvas(tiles, rows, cols, cell) {
  const css = getComputedStyle(document.documentElement);
  const gap = Math.round(cell / 10), pad = gap;
  const c = document.createElement("canvas");
  c.width = cols * cell + (cols - 1) * gap + 2 * pad;
  c.height = rows * cell + (rows - 1) * gap + 2 * pad;
  const g = c.getContext("2d");
  g.fillStyle = "#cfd6e2";
  g.fillRect(0, 0, c.width, c.height);
  g.font = "700 " + Math.round(cell * 0.42) + "px " + css.fontFamily;
  g.textAlign = "center";
  g.textBaseline = "middle";
  tiles.forEach((t, i) => {
    if (t === 0) return;
    const x = pad + (i % cols) * (cell + gap), y = pad + Math.floor(i / cols) * (cell + gap);
    g.fillStyle = css.getPropertyValue("--tile").trim() || "#2f5d8a";
    g.beginPath();
    g.roundRect(x, y, cell, cell, Math.round(cell / 10));
    g.fill();
    g.fillStyle = "#fff";
    g.fillText(String(t), x + cell / 2, y + cell / 2 + 1);
  });
  return c;
}

function downloadBoardPNG() {
  if (!state.tiles.length) return;
  download("tilespace-" + shapeText() + "-" + fileBoard(state.tiles) + ".png", canvasBlob(boardCanvas(state.tiles, state.rows, state.cols, 96)));
}

function comparePNGName() { return "tilespace-compare-" + lastCompare.shape + "-" + lastCompare.board.replace(/,/g, "-") + ".png"; }

// compareCSV is the comparison's table, a row per algorithm.
function compareCSV(c) {
  const rows = [["board", "shape", "optimal_distance", "algorithm", "outcome", "found", "path_length", "excess_moves",
    "nodes_expanded", "nodes_generated", "max_frontier", "seconds", "stopped_by", "node_limit", "time_limit_seconds"]];
  const l = c.limits || {};
  for (const row of c.algorithms) {
    const r = row.result;
    rows.push([c.board, c.shape, c.optimal_distance, r.algorithm, outcomeOf(row), r.found, r.found ? r.path_length : "",
      row.excess_moves === null || row.excess_moves === undefined ? "" : row.excess_moves,
      r.nodes_expanded, r.nodes_generated, r.max_frontier, r.seconds, r.stopped_by || "", l.nodes || "", l.seconds || ""]);
  }
  return rows;
}

// compareCanvasBlob draws the comparison's bar charts, with their legend,
// on a canvas, as the page shows them, and answers its PNG.
function compareCanvasBlob(c) {
  const css = getComputedStyle(document.documentElement);
  const colour = (name) => css.getPropertyValue(name).trim();
  const fill = { optimal: colour("--good"), longer: colour("--longer"), stopped: colour("--stopped"), found: colour("--tile") };
  const boxes = Array.from($("compare-charts").querySelectorAll(".chartbox"));
  const rowH = 22, W = 720, labelW = 170, valW = 110;
  const H = 70 + boxes.length * (34 + c.algorithms.length * rowH);
  const cv = document.createElement("canvas");
  cv.width = W; cv.height = H;
  const g = cv.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, W, H);
  g.fillStyle = colour("--ink");
  g.font = "600 16px " + css.fontFamily;
  g.fillText("Compare on " + c.board + " (" + c.shape + "), optimal " + (c.optimal_distance ?? "unknown"), 12, 24);
  g.font = "13px " + css.fontFamily;
  let lx = 12;
  for (const [k, text] of [["optimal", "optimal path"], ["longer", "longer than optimal"], ["stopped", "stopped: no path"]]) {
    g.fillStyle = fill[k]; g.fillRect(lx, 38, 18, 10);
    g.fillStyle = colour("--ink"); g.fillText(text, lx + 24, 48);
    lx += 40 + g.measureText(text).width;
  }
  let y = 74;
  for (const box of boxes) {
    g.font = "600 14px " + css.fontFamily;
    g.fillStyle = colour("--ink");
    g.fillText(box.querySelector("h3").textContent, 12, y);
    y += 10;
    g.font = "12px " + css.fontFamily;
    for (const line of box.querySelectorAll(".barrow")) {
      const [label, track, val] = line.children;
      const bar = track.firstChild;
      g.fillStyle = colour("--ink");
      g.fillText(label.textContent, 12, y + 14);
      g.fillStyle = "#eef1f6"; g.fillRect(labelW, y + 4, W - labelW - valW - 20, 14);
      const frac = parseFloat(bar.style.width) / 100 || 0;
      const k = ["optimal", "longer", "stopped", "found"].find((x) => bar.classList.contains(x)) || "found";
      g.fillStyle = fill[k]; g.fillRect(labelW, y + 4, Math.max(frac > 0 ? 2 : 0, frac * (W - labelW - valW - 20)), 14);
      g.fillStyle = colour("--ink"); g.textAlign = "right";
      g.fillText(val.textContent, W - 12, y + 15);
      g.textAlign = "left";
      y += rowH;
    }
    y += 24;
  }
  return canvasBlob(cv);
}

// svgCanvasBlob draws the page's own SVG charts inside box (lines,
// polylines, polygons, rectangles and text, with their computed
// colours) onto one canvas, one under another, and answers its PNG.
// (The page's security policy loads no images from data: or blob: URLs,
// so an SVG is redrawn rather than loaded as an image.)
function svgCanvasBlob(box, legend = [], scale = 2) {
  const svgs = Array.from(box.querySelectorAll("svg"));
  const sizes = svgs.map((s) => s.viewBox.baseVal);
  const W = Math.max(...sizes.map((v) => v.width), 100);
  const head = legend.length ? 24 : 0;
  const H = head + (sizes.reduce((h, v) => h + v.height, 0) || 100);
  const cv = document.createElement("canvas");
  cv.width = W * scale; cv.height = H * scale;
  const g = cv.getContext("2d");
  g.scale(scale, scale);
  g.fillStyle = "#fff"; g.fillRect(0, 0, W, H);
  // The key of the colours, above the charts.
  g.font = "12px " + getComputedStyle(document.documentElement).fontFamily;
  let lx = 8;
  for (const [colour, name] of legend) {
    g.fillStyle = colour; g.fillRect(lx, 8, 16, 10);
    g.fillStyle = "#1d2330"; g.fillText(name, lx + 20, 17);
    lx += 34 + g.measureText(name).width;
  }
  let top = head;
  svgs.forEach((svg, i) => {
    g.save();
    g.translate(0, top);
    for (const e of svg.querySelectorAll("*")) {
      const st = getComputedStyle(e);
      const pts = () => (e.getAttribute("points") || "").trim().split(/\s+/).map((p) => p.split(",").map(Number));
      g.globalAlpha = Number(st.opacity) * (st.fillOpacity ? Number(st.fillOpacity) : 1);
      g.setLineDash(st.strokeDasharray && st.strokeDasharray !== "none" ? st.strokeDasharray.split(/[ ,]+/).map(parseFloat) : []);
      g.lineWidth = parseFloat(st.strokeWidth) || 1;
      g.strokeStyle = st.stroke;
      g.fillStyle = st.fill;
      const n = e.localName;
      if (n === "line") {
        g.beginPath();
        g.moveTo(+e.getAttribute("x1"), +e.getAttribute("y1"));
        g.lineTo(+e.getAttribute("x2"), +e.getAttribute("y2"));
        if (st.stroke !== "none") g.stroke();
      } else if (n === "polyline" || n === "polygon") {
        const p = pts();
        if (!p.length || isNaN(p[0][0])) continue;
        g.beginPath();
        p.forEach(([x, y], j) => (j ? g.lineTo(x, y) : g.moveTo(x, y)));
        if (n === "polygon") { g.closePath(); if (st.fill !== "none") g.fill(); }
        if (st.stroke !== "none") { g.globalAlpha = Number(st.opacity); g.stroke(); }
      } else if (n === "rect") {
        if (st.fill !== "none") g.fillRect(+e.getAttribute("x"), +e.getAttribute("y"), +e.getAttribute("width"), +e.getAttribute("height"));
      } else if (n === "circle") {
        g.beginPath();
        g.arc(+e.getAttribute("cx"), +e.getAttribute("cy"), +e.getAttribute("r"), 0, 2 * Math.PI);
        if (st.fill !== "none") g.fill();
      } else if (n === "text") {
        g.globalAlpha = 1;
        g.font = st.fontWeight + " " + st.fontSize + " " + st.fontFamily;
        g.textAlign = { middle: "center", end: "right" }[e.getAttribute("text-anchor")] || "left";
        g.fillText(e.textContent, +e.getAttribute("x"), +e.getAttribute("y"));
      }
    }
    g.restore();
    top += sizes[i].height;
  });
  return canvasBlob(cv);
}

// setEmbed shows the board and its controls alone when the URL's
// fragment holds "embed" (#embed, or #embed&b=…&shape=…), for an iframe
// in a course page or slides.
function setEmbed(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  state.embed = q.has("embed");
  document.documentElement.classList.toggle("embed", state.embed);
  if (state.embed) showView("play");
}

// ---------- scaling ----------

// The scaling view asks the engine's one scaling run (/api/scaling) a
// distance at a time, so that the curves are drawn as the answers
// arrive. Each answer has a row per algorithm at its distance: the
// boards, the searches a limit stopped, and each measure's mean and
// quartiles, which this page only draws.
const SCALING_MEASURES = [
  { key: "nodes", title: "Nodes expanded" },
  { key: "path", title: "Path length (moves)" },
  { key: "time", title: "Time" },
];

const scaling = { rows: [], running: false, stop: false, algs: [], distances: [] };

// buildAlgorithmChoices offers the table's algorithms: every one in
// Scaling's form (those the table marks chosen checked), those /api/watch
// traces in Watch's.
function buildAlgorithmChoices() {
  const box = $("scaling-algs");
  for (const a of algorithms.list) {
    const l = document.createElement("label");
    l.className = "alg";
    const c = document.createElement("input");
    c.type = "checkbox";
    c.value = a.key;
    c.checked = a.chosen;
    l.append(c, " " + a.name);
    box.appendChild(l);
  }
  const sel = $("watch-alg");
  sel.replaceChildren();
  for (const a of algorithms.list.filter((x) => x.watch)) {
    const o = document.createElement("option");
    o.value = a.watch;
    o.textContent = a.name;
    sel.appendChild(o);
  }
}

// updateScalingAvailability greys the view out on a shape without a
// table: boards at an exact distance cannot be drawn there.
function updateScalingAvailability() {
  const sh = state.shapes.find((s) => s.shape === shapeText());
  const reason = sh && sh.kind === "search"
    ? "Scaling draws boards at exact distances, which needs a distance table, and " + sh.shape + " has none. Choose a shape of at most 12 cells, such as 3x3 or 2x5." : "";
  $("scaling-run").disabled = !!reason || scaling.running;
  $("scaling-note").textContent = reason;
  $("scaling-note").hidden = !reason;
}

// readScaling reads the form: {algs, distances, boards, limit}, or null
// after saying what is wrong. The boards of one run are bounded by the
// engine's limit (/api/shapes's scaling_boards).
function readScaling() {
  const algs = Array.from($("scaling-algs").querySelectorAll("input:checked")).map((c) => c.value);
  const radius = (state.info && state.info.radius) || 31;
  const most = (state.limits && state.limits.scaling_boards) || 200;
  const say = (t) => { showMessage(t, "error", "scaling"); return null; };
  if (!algs.length) return say("Choose at least one algorithm");
  const parts = $("scaling-distances").value.split(/[\s,;]+/).filter(Boolean);
  const distances = [];
  for (const p of parts) {
    const m = /^([0-9]+)(?:-([0-9]+))?$/.exec(p);
    if (!m) return say("Distances: " + JSON.stringify(p) + " is not a distance; give whole numbers from 1 to " + radius + " (such as 2,4,6 or 2-10)");
    const a = Number(m[1]), b = m[2] === undefined ? a : Number(m[2]);
    for (let d = a; d <= b; d++) {
      if (d < 1 || d > radius) return say("Distances: no " + shapeText() + " board is " + d + " moves from the goal; give whole numbers from 1 to " + radius);
      if (!distances.includes(d)) distances.push(d);
    }
  }
  if (!distances.length) return say("Distances: give at least one, from 1 to " + radius);
  distances.sort((x, y) => x - y);
  const bt = $("scaling-boards").value.trim();
  if (!/^[0-9]+$/.test(bt) || Number(bt) < 1) return say("Boards per distance: give a whole number from 1 to " + Math.floor(most / distances.length));
  const boards = Number(bt);
  if (distances.length * boards > most) {
    return say(distances.length + " distances × " + boards + " boards is " + distances.length * boards + " boards; at most " + most + " in one run");
  }
  const limit = readLimit("scaling-limit", "scaling");
  if (limit === null) return null;
  return { algs, distances, boards, limit };
}

// SCALING_SEED draws the boards: the same run draws the same boards.
const SCALING_SEED = "1";

async function runScaling() {
  const cfg = readScaling();
  if (!cfg) return;
  Object.assign(scaling, { rows: [], running: true, stop: false, algs: cfg.algs, distances: cfg.distances, limit: cfg.limit, shape: shapeText(), goal: state.goal });
  $("scaling-run").disabled = true;
  $("scaling-stop").disabled = false;
  let boards = 0;
  drawScaling();
  try {
    for (const [i, d] of cfg.distances.entries()) {
      if (scaling.stop) throw new Error("stopped after " + i + " of " + cfg.distances.length + " distances (" + boards + " boards)");
      showMessage("Distance " + d + " (" + (i + 1) + " of " + cfg.distances.length + "): " + cfg.boards + " " + (cfg.boards === 1 ? "board" : "boards") + "…", "", "scaling");
      const r = await api("/api/scaling", { shape: scaling.shape, goal: scaling.goal, distances: String(d), boards: String(cfg.boards),
        algs: cfg.algs.join(","), limit: cfg.limit, seed: SCALING_SEED });
      for (const b of r.boards) boards += b.boards.length;
      for (const row of r.rows) {
        scaling.rows.push({ alg: row.key, name: row.name, distance: row.distance, boards: row.boards, stopped: row.stopped,
          nodes: row.nodes, path: row.path_length, time: row.seconds });
      }
      drawScaling();
    }
    showMessage("Scaling: " + boards + " boards, " + cfg.distances.length + " distances, " + cfg.algs.length + " algorithms", "ok", "scaling");
  } catch (err) { showError(err, "scaling"); }
  scaling.running = false;
  $("scaling-stop").disabled = true;
  updateScalingAvailability();
}

function stopScaling() { scaling.stop = true; }

// scalingStats is the engine's rows so far, by algorithm in the form's
// order, then by distance.
function scalingStats() {
  const order = (r) => scaling.algs.indexOf(r.alg) * 1e6 + r.distance;
  return scaling.rows.slice().sort((a, b) => order(a) - order(b));
}

function scalingCSV() {
  const rows = [["shape", "goal", "algorithm", "distance", "boards", "stopped", "node_limit",
    "nodes_mean", "nodes_q1", "nodes_q3", "path_mean", "path_q1", "path_q3", "seconds_mean", "seconds_q1", "seconds_q3"]];
  const num = (m, k) => (m ? m[k] : "");
  for (const r of scalingStats()) {
    rows.push([scaling.shape, scaling.goal, r.name, r.distance, r.boards, r.stopped, scaling.limit,
      num(r.nodes, "mean"), num(r.nodes, "q1"), num(r.nodes, "q3"), num(r.path, "mean"), num(r.path, "q1"), num(r.path, "q3"),
      num(r.time, "mean"), num(r.time, "q1"), num(r.time, "q3")]);
  }
  return rows;
}

// drawScaling draws a chart per measure (a curve per algorithm: the mean
// at each distance, the interquartile range shaded, a logarithmic y-axis)
// and the table of the numbers, from the runs so far.
function drawScaling() {
  const stats = scalingStats();
  const box = $("scaling-charts");
  box.replaceChildren();
  const W = 480, H = 300, R = 12, T = 30, B = 44;
  const d0 = scaling.distances[0], d1 = scaling.distances[scaling.distances.length - 1];
  // A tick's label is as wide as it is drawn: the plot starts right of
  // the widest (a projector's labels are larger).
  const tickPx = document.documentElement.classList.contains("projector") ? 13 : 10;
  const measure = document.createElement("canvas").getContext("2d");
  measure.font = tickPx + "px " + getComputedStyle(document.documentElement).fontFamily;
  for (const m of SCALING_MEASURES) {
    // A log axis has no 0: a value at or under the floor (no expansions,
    // or a time under the clock's step) is not drawn; the table says it.
    const floor = m.key === "time" ? clock.resolution : 0;
    const vals = stats.flatMap((r) => (r[m.key] ? [r[m.key].q1, r[m.key].q3, r[m.key].mean] : [])).filter((v) => v > floor);
    const lo = Math.pow(10, Math.floor(Math.log10(Math.min(...vals, 1e9) || 1)));
    const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...vals, lo * 10))));
    const top = Math.max(hi, lo * 10);
    const marks = [];
    for (let v = lo; v <= top * 1.0001; v *= 10) marks.push([v, m.key === "time" ? fmtTime(v) : fmt(v)]);
    const L = Math.max(48, 12 + Math.ceil(Math.max(...marks.map(([, s]) => measure.measureText(s).width))));
    const x = (d) => L + (d1 === d0 ? 0.5 : (d - d0) / (d1 - d0)) * (W - L - R);
    const y = (v) => T + (H - T - B) * (1 - (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(top) - Math.log10(lo)));
    const svg = svgEl("svg", { class: "chart scaling", viewBox: "0 0 " + W + " " + H, role: "img", "data-measure": m.key,
      "aria-label": m.title + " against the distance, mean and interquartile range of each algorithm, logarithmic scale (the numbers are in the table below)" });
    svgText(svg, L, 18, m.title + " (log scale)", "title");
    for (const [v, label] of marks) {
      svg.appendChild(svgEl("line", { class: "grid", x1: L, y1: y(v), x2: W - R, y2: y(v) }));
      svgText(svg, L - 6, y(v) + 3, label, "tick", "end");
    }
    for (const d of scaling.distances) {
      svg.appendChild(svgEl("line", { class: "axis", x1: x(d), y1: H - B, x2: x(d), y2: H - B + 4 }));
      svgText(svg, x(d), H - B + 16, String(d), "tick", "middle");
    }
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B }));
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: H - B, x2: W - R, y2: H - B }));
    svgText(svg, (L + W - R) / 2, H - 8, "distance from the goal (moves)", "", "middle");
    for (const alg of scaling.algs) {
      const rows = stats.filter((r) => r.alg === alg && r[m.key]);
      if (!rows.length) continue;
      const inBand = rows.filter((r) => r[m.key].mean > floor);
      const band = inBand.map((r) => x(r.distance).toFixed(1) + "," + y(Math.max(r[m.key].q3, floor)).toFixed(1))
        .concat(inBand.slice().reverse().map((r) => x(r.distance).toFixed(1) + "," + y(Math.max(r[m.key].q1, floor)).toFixed(1)));
      const band2 = svgEl("polygon", { class: "band", points: band.join(" "), "data-alg": alg });
      band2.style.fill = styleOf(alg).colour;
      svg.appendChild(band2);
      // A mean under the floor is left out of the line.
      const shown = inBand;
      svg.appendChild(styled(svgEl("polyline", { class: "mean", points: shown.map((r) => x(r.distance).toFixed(1) + "," + y(r[m.key].mean).toFixed(1)).join(" ") }), alg));
      for (const r of shown) {
        const mk = marker(alg, x(r.distance), y(r[m.key].mean), 3.5);
        mk.dataset.value = String(r[m.key].mean);
        svg.appendChild(mk);
      }
    }
    box.appendChild(svg);
  }
  const legend = $("scaling-legend");
  legend.replaceChildren();
  for (const alg of scaling.algs) legend.appendChild(algKey(alg, algName(alg)));
  if (scaling.algs.length) {
    legend.append("line: the mean; shaded: the middle half of the boards (Q1 to Q3); stopped searches count their expansions up to the limit and have no path");
    if (clock.resolution) {
      legend.append(". Times come from this browser's clock, which ticks every " + fmtTime(clock.resolution).replace("< ", "") +
        ": a time under one tick shows as \u201c< " + fmtTime(clock.resolution).replace("< ", "") + "\u201d and is not drawn.");
    }
  }
  const body = $("scaling-table").tBodies[0];
  body.replaceChildren();
  for (const r of stats) {
    const tr = document.createElement("tr");
    tr.dataset.alg = r.alg;
    tr.dataset.distance = String(r.distance);
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = r.name;
    tr.appendChild(th);
    const mean = (m, show) => (m ? show(m.mean) : "–");
    for (const v of [String(r.distance), String(r.boards), String(r.stopped), mean(r.nodes, (v) => fmt(Math.round(v))),
      r.nodes ? fmt(Math.round(r.nodes.q1)) : "–", r.nodes ? fmt(Math.round(r.nodes.q3)) : "–",
      mean(r.path, fmt1), mean(r.time, fmtTime)]) cell(tr, v);
    body.appendChild(tr);
  }
  $("scaling-table").hidden = stats.length === 0;
  $("scaling-png").disabled = $("scaling-csv").disabled = stats.length === 0;
}

// ---------- start ----------

async function main() {
  // Opened as a file, the page can fetch nothing and start no worker: it
  // says so, and how to serve it, instead of failing.
  if (location.protocol === "file:") {
    document.documentElement.classList.add("unserved");
    $("unserved").hidden = false;
    return;
  }
  setProjector(storedProjector());
  $("projector").addEventListener("click", () => setProjector(!document.documentElement.classList.contains("projector")));
  $("board").addEventListener("click", onTileClick);
  document.addEventListener("keydown", onKey);
  $("tabs").addEventListener("keydown", onTabKey);
  $("setup").addEventListener("submit", onSetBoard);
  $("shape").addEventListener("change", onShapeChange);
  $("goal").addEventListener("change", onGoalChange);
  $("show-hints").addEventListener("change", render);
  $("new-at").addEventListener("click", onNewAt);
  $("new-random").addEventListener("click", () => randomGame({}));
  $("random-move").addEventListener("click", randomMove);
  $("undo").addEventListener("click", undo);
  $("solve").addEventListener("click", startSolving);
  $("pause").addEventListener("click", pauseSolving);
  $("step").addEventListener("click", stepSolving);
  const speedLabel = () => { $("speed-label").textContent = speed() + " moves/s"; };
  $("speed").addEventListener("input", () => { speedLabel(); schedule(); });
  speedLabel();
  for (const v of VIEWS) $("tab-" + v).addEventListener("click", () => showView(v));
  let resizing = 0;
  window.addEventListener("resize", () => { cancelAnimationFrame(resizing); resizing = requestAnimationFrame(() => { if (state.tiles.length) render(); }); });
  $("download-gif").addEventListener("click", downloadGIF);
  $("download-board").addEventListener("click", downloadBoardPNG);
  $("compare-png").addEventListener("click", () => { if (lastCompare) download(comparePNGName(), compareCanvasBlob(lastCompare)); });
  $("compare-csv").addEventListener("click", () => { if (lastCompare) download(comparePNGName().replace(/png$/, "csv"), csvBlob(compareCSV(lastCompare))); });
  $("scaling-form").addEventListener("submit", (ev) => { ev.preventDefault(); runScaling(); });
  $("scaling-stop").addEventListener("click", stopScaling);
  $("scaling-png").addEventListener("click", () => download("tilespace-scaling-" + shapeText() + ".png",
    svgCanvasBlob($("scaling-charts"), scaling.algs.map((a) => [styleOf(a).colour, algName(a)]))));
  $("scaling-csv").addEventListener("click", () => download("tilespace-scaling-" + shapeText() + ".csv", csvBlob(scalingCSV())));
  $("run-compare").addEventListener("click", runCompare);
  $("log-scale").addEventListener("change", () => { if (lastCompare) drawCharts(lastCompare); });
  $("watch-run").addEventListener("click", runWatch);
  $("watch-step").addEventListener("click", () => { stopWatch(); stepWatch(); });
  $("watch-play").addEventListener("click", playWatch);
  $("watch-pos").addEventListener("input", () => { stopWatch(); watch.pos = Number($("watch-pos").value); showWatch(); });
  window.addEventListener("hashchange", () => { setEmbed(location.hash); if (location.hash !== state.linkHash) openLink(location.hash); });

  $("embed-copy").addEventListener("click", copyEmbedCode);

  setEmbed(location.hash);
  if ((await findMode()) === "static") {
    $("engine-progress").textContent = "Starting the puzzle engine in this browser…";
    clock.resolution = measureClock();
  }
  await Promise.all([loadShapes(), loadAlgorithms()]);
  buildAlgorithmChoices();
  setShape("3x3");
  document.body.dataset.ready = "true";
  if (!(await openLink(location.hash))) await randomGame({ depth: 10 });
  doneLoading();
}

main();
