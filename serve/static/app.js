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

async function findMode() {
  if (engine.mode) return engine.mode;
  let found = "server";
  try {
    const r = await fetch("tilespace.wasm.gz", { method: "HEAD" });
    if (r.ok) found = "static";
  } catch (e) { /* no such file: the server's page */ }
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
    p.resolve({ status: ev.data.status, text: ev.data.body });
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

function showMessage(text, kind) {
  const m = $("message");
  m.textContent = text || "";
  m.className = "message" + (kind ? " " + kind : "");
}

// showError shows the server's message as it is: an unsolvable board's
// already says "board … is unsolvable: …", so nothing is prefixed.
function showError(err) {
  const m = err.message;
  showMessage(m.charAt(0).toUpperCase() + m.slice(1), "error");
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

// playCell is a tile's side in px (before projector scaling): the board
// fills about 400 px whatever its shape, so a small board does not sit
// small in an empty page.
function playCell() {
  return Math.max(56, Math.min(160, Math.floor(400 / Math.max(state.rows, state.cols))));
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
    const to = neighbour(state.tiles, m, state.rows, state.cols);
    if (to >= 0) movable.add(to);
  }
  drawBoard($("board"), state.tiles, state.cols, { hints: hintTiles, movable, solved, cell: playCell() });
  $("board-input").value = boardText(state.tiles);

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
    if (info.optimal_moves) {
      hint.textContent = "Closer: " + info.optimal_moves.map((m) => tileMove(state.tiles, m)).join(", ");
    } else {
      hint.textContent = "Closer: " + tileMove(state.tiles, info.path[0]) + " (the time limit cut the other optimal moves short)";
    }
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
  $("new-depth").max = info && tabled ? info.radius : "";
  $("new-depth-label").textContent = tabled ? "at distance" : "random moves from the goal";
  $("new-at").textContent = tabled ? "New game at this distance" : "New game: this many random moves from the goal";
  $("new-at").disabled = !info;
  const s = state.solving;
  $("pause").disabled = !s;
  $("pause").textContent = s && s.paused ? "Resume" : "Pause";
  $("solve").disabled = !!s || solved || !info;
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
}

// setGameLink puts the game (its first board, shape, goal and seed) in
// the URL's fragment and in the "Link to this game" link: opened, the
// link shows the same game.
function setGameLink(board, seed) {
  const q = new URLSearchParams({ b: board, shape: shapeText(), goal: state.goal });
  if (seed) q.set("seed", seed);
  const hash = "#" + q.toString();
  state.linkHash = hash;
  history.replaceState(null, "", hash);
  const a = $("game-link");
  a.href = hash;
  a.hidden = false;
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
  } catch (err) { showError(err); }
  return true;
}

// onNewAt draws a game at the distance (or walk length) typed, and says
// what is wrong with it instead of silently drawing something else.
function onNewAt() {
  const text = $("new-depth").value.trim();
  const tabled = isTabled();
  const hi = tabled ? (state.info && state.info.radius) || 1000 : 100000;
  const what = tabled ? "the distance" : "the number of random moves";
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || Number(text) > hi) {
    showMessage((text === "" ? "No " + what + " given" : JSON.stringify(text) + " is not a valid " + what.replace("the ", "")) +
      ": give a whole number from 1 to " + hi, "error");
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
  showMessage("Solving: " + info.path.length + " moves", "ok");
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
    showMessage("Solved along an optimal path of " + s.path.length + " moves", "ok");
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
  const l = state.limits;
  $("compare-limits").textContent = Number(l.compare_nodes).toLocaleString() + " expansions and " + l.compare_seconds + " s";
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
}

function updateGoalOptions() {
  const info = state.shapes.find((s) => s.shape === shapeText());
  for (const o of $("goal").options) o.disabled = !!info && !info.goals.includes(o.value);
}

function onShapeChange() {
  setShape($("shape").value);
  const info = state.shapes.find((s) => s.shape === shapeText());
  if (info && !info.goals.includes(state.goal)) { state.goal = info.goals[0]; $("goal").value = state.goal; }
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
  } catch (err) { showError(err); }
}

// ---------- views ----------

function currentView() {
  for (const v of ["play", "compare", "watch"]) if (!$("view-" + v).hidden) return v;
  return "play";
}

function showView(v) {
  for (const w of ["play", "compare", "watch"]) {
    $("view-" + w).hidden = w !== v;
    $("tab-" + w).setAttribute("aria-selected", String(w === v));
    $("tab-" + w).tabIndex = w === v ? 0 : -1;
  }
}

// onTabKey moves between the tabs with the arrow keys, Home and End, as
// a tab list does.
function onTabKey(ev) {
  const views = ["play", "compare", "watch"];
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
}

function storedProjector() {
  try { return localStorage.getItem(PROJECTOR_KEY) === "on"; } catch (e) { return false; }
}

// ---------- compare ----------

const fmt = (n) => Number(n).toLocaleString("en-US");
function fmtTime(s) {
  s = Number(s);
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

async function runCompare() {
  const btn = $("run-compare");
  btn.disabled = true;
  btn.textContent = "Running…";
  try {
    lastCompare = await api("/api/compare", { b: boardText(state.tiles), shape: shapeText(), goal: state.goal });
    $("compare-results").hidden = false;
    drawCompare(lastCompare);
    showMessage("Compared " + lastCompare.algorithms.length + " algorithms on " + lastCompare.board, "ok");
  } catch (err) { showError(err); }
  btn.disabled = false;
  btn.textContent = "Compare the algorithms on this board";
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
    cell(tr, r.found ? "yes" : "no");
    cell(tr, r.found ? fmt(r.path_length) : "–");
    if (row.excess_moves === null || row.excess_moves === undefined) cell(tr, "–");
    else if (Number(row.excess_moves) === 0) cell(tr, "optimal", "optimal");
    else cell(tr, "+" + fmt(row.excess_moves), "over");
    cell(tr, fmt(r.nodes_expanded));
    cell(tr, fmt(r.nodes_generated));
    cell(tr, fmt(r.max_frontier));
    cell(tr, fmtTime(r.seconds));
    cell(tr, r.stopped_by || "", r.stopped_by ? "stopped" : "");
    body.appendChild(tr);
  }
  drawCharts(c);
  drawPaths(c);
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
      bar.className = "bar" + (v === null ? " none" : "") + (Number(row.excess_moves) === 0 ? " opt" : "");
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
    h.textContent = r.algorithm + ": " + fmt(r.path_length) + " moves";
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
    if (row.path_profile) div.appendChild(sparkline(row.path_profile, c.optimal_distance));
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

// sparkline draws the true distance of each board along a path, with
// its axes labelled and the optimal descent dashed.
function sparkline(p, opt) {
  const w = 640, h = 96, L = 40, R = 8, T = 8, B = 30;
  const pw = w - L - R, ph = h - T - B;
  const n = p.steps[p.steps.length - 1] || 1;
  const top = Math.max(...p.distances, 1);
  const svg = svgEl("svg", { class: "spark", viewBox: "0 0 " + w + " " + h, role: "img",
    "aria-label": "true distance along the path, from " + p.distances[0] + " to 0 in " + fmt(n) + " moves" });
  const x = (s) => L + s / n * pw, y = (d) => T + ph - d / top * ph;
  svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: T, x2: L, y2: T + ph }));
  svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: T + ph, x2: L + pw, y2: T + ph }));
  svgText(svg, L - 4, T + 8, String(top), "", "end");
  svgText(svg, L - 4, T + ph, "0", "", "end");
  svgText(svg, L, T + ph + 12, "0", "", "middle");
  svgText(svg, L + pw, T + ph + 12, fmt(n), "", "end");
  svgText(svg, L + pw / 2, T + ph + 24, "moves along the path → (y: true distance to the goal; dashed: the optimal descent)", "", "middle");
  if (opt !== null && opt !== undefined) {
    svg.appendChild(svgEl("line", { class: "opt", x1: x(0), y1: y(opt), x2: x(Math.min(n, opt)), y2: y(Math.max(0, opt - n)) }));
  }
  const pts = p.steps.map((s, i) => x(s).toFixed(1) + "," + y(p.distances[i]).toFixed(1));
  svg.appendChild(svgEl("polyline", { points: pts.join(" ") }));
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
    showMessage("Expansions: give a whole number from 1 to " + fmt(state.limits.watch_steps || 5000), "error");
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
    showMessage(r.algorithm + ": " + fmt(n) + " expansions traced" +
      (r.found ? ", found a path of " + r.path_length + " moves (optimal " + watch.data.optimal_distance + ")" : "") +
      (r.stopped_by ? ", stopped by the " + r.stopped_by : ""), "ok");
    showWatch();
  } catch (err) { showError(err); }
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
  drawWatchChart(steps, watch.pos, d.optimal_distance, d.radius);
  $("watch-explain").textContent = explain(d, watch.pos);
}

// drawWatchChart draws three panels over the expansions shown so far (the
// x-axis ends at the one shown): the true distance of the board expanded,
// its depth on the search's path, and the frontier's size, each on its own
// labelled axis, with each panel's title above its plot, off the traces.
function drawWatchChart(steps, pos, opt, radius) {
  const svg = $("watch-chart");
  svg.replaceChildren();
  const W = 640, L = 52, R = 60;
  const shown = steps.slice(0, pos + 1);
  const span = Math.max(1, pos);
  const x = (i) => L + i / span * (W - L - R);
  const maxOf = (get) => shown.reduce((m, s) => Math.max(m, get(s)), 1);
  const panels = [
    { top: 26, h: 70, cls: "distance", get: (s) => s.distance, max: radius, title: "true distance to the goal (moves)", ref: opt },
    { top: 140, h: 70, cls: "depth", get: (s) => s.depth, max: maxOf((s) => s.depth), title: "depth on the search's path (moves)" },
    { top: 254, h: 70, cls: "frontier", get: (s) => s.frontier, max: maxOf((s) => s.frontier), title: "frontier size (boards)" },
  ];
  const every = Math.max(1, Math.floor(shown.length / (W - L - R)));
  for (const p of panels) {
    const bottom = p.top + p.h;
    const y = (v) => bottom - v / p.max * p.h;
    svgText(svg, L, p.top - 8, p.title, "title " + p.cls);
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: bottom, x2: W - R, y2: bottom }));
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: p.top, x2: L, y2: bottom }));
    svgText(svg, L - 5, p.top + 4, fmt(p.max), "", "end");
    svgText(svg, L - 5, bottom + 3, "0", "", "end");
    if (p.ref !== undefined) {
      svg.appendChild(svgEl("line", { class: "ref", x1: L, y1: y(p.ref), x2: W - R, y2: y(p.ref) }));
      svgText(svg, W - R + 4, y(p.ref) + 3, "start " + p.ref, "ref");
    }
    const pts = [];
    for (let i = 0; i <= pos; i += every) pts.push(x(i).toFixed(1) + "," + y(p.get(steps[i])).toFixed(1));
    pts.push(x(pos).toFixed(1) + "," + y(p.get(steps[pos])).toFixed(1));
    svg.appendChild(svgEl("polyline", { class: p.cls, points: pts.join(" ") }));
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

// ---------- start ----------

async function main() {
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
  for (const v of ["play", "compare", "watch"]) $("tab-" + v).addEventListener("click", () => showView(v));
  $("run-compare").addEventListener("click", runCompare);
  $("log-scale").addEventListener("change", () => { if (lastCompare) drawCharts(lastCompare); });
  $("watch-run").addEventListener("click", runWatch);
  $("watch-step").addEventListener("click", () => { stopWatch(); stepWatch(); });
  $("watch-play").addEventListener("click", playWatch);
  $("watch-pos").addEventListener("input", () => { stopWatch(); watch.pos = Number($("watch-pos").value); showWatch(); });
  window.addEventListener("hashchange", () => { if (location.hash !== state.linkHash) openLink(location.hash); });

  await loadShapes();
  setShape("3x3");
  document.body.dataset.ready = "true";
  if (!(await openLink(location.hash))) await randomGame({ depth: 10 });
}

main();
