// tilespace's page: play with exact hints, compare the classroom
// searches, and watch them expand boards one by one. Everything it shows
// comes from the server's JSON API; nothing is fetched from elsewhere.
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

// api fetches path?params as JSON. While the server is still preparing a
// shape's answers (a table read or built, pattern databases built on first
// use) it says so and asks again, for a few minutes at most.
async function api(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, v);
  for (let attempt = 0; ; attempt++) {
    const resp = await fetch(path + "?" + q.toString(), { headers: { Accept: "application/json" } });
    let body;
    try { body = await resp.json(); } catch (e) { body = { error: "the server answered " + resp.status + " without JSON" }; }
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

function showError(err) {
  const prefix = err.status === 422 ? "Unsolvable: " : "";
  showMessage(prefix + err.message, "error");
}

// ---------- drawing boards ----------

function drawBoard(el, tiles, cols, opts = {}) {
  el.replaceChildren();
  el.style.gridTemplateColumns = "repeat(" + cols + ", auto)";
  tiles.forEach((t, i) => {
    const d = document.createElement("div");
    d.className = "tile" + (t === 0 ? " blank" : "");
    d.textContent = t === 0 ? "" : String(t);
    d.dataset.cell = String(i);
    if (t === 0) d.setAttribute("aria-label", "gap");
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
  drawBoard($("board"), state.tiles, state.cols, { hints: hintTiles, movable, solved });
  $("board-input").value = boardText(state.tiles);

  const dist = $("distance"), hint = $("hint");
  if (!info) {
    dist.textContent = "…";
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
  note.textContent = info && info.limit_seconds !== undefined
    ? "Answered by " + info.solver + " in " + Number(info.seconds).toFixed(3) + " s (" + Number(info.nodes).toLocaleString() + " nodes); limit " + info.limit_seconds + " s per board." +
      (info.optimal_moves_cut ? " " + info.optimal_moves_cut : "")
    : info ? "Exact answer from the " + info.shape + " distance table (radius " + info.radius + ")." : "";
  $("undo").disabled = state.history.length === 0 || !!state.solving;
  // Without a table (the 15-puzzle) no board can be drawn at an exact
  // distance: the button scrambles the goal by that many random moves.
  const tabled = !info || info.radius !== undefined;
  $("new-depth").max = info && tabled ? info.radius : "";
  $("new-at").textContent = tabled ? "New game at this distance" : "New game: this many random moves from the goal";
  $("new-at").disabled = !info;
  const s = state.solving;
  $("pause").disabled = !s;
  $("pause").textContent = s && s.paused ? "Resume" : "Pause";
  $("solve").disabled = !!s || solved || !info;
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
  state.history.push(state.tiles);
  state.tiles = next;
  state.moves++;
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
  if (ev.target.matches("input, select, textarea") || ev.altKey || ev.ctrlKey || ev.metaKey) return;
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

async function randomGame(params) {
  showMessage("");
  try {
    const info = await api("/api/random", Object.assign({ shape: shapeText(), goal: state.goal }, params));
    newGame(parseTiles(info.board), info);
    showMessage("New game: " + info.board + " (seed " + info.seed + ")", "ok");
  } catch (err) { showError(err); }
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
  state.rows = r; state.cols = c;
  $("shape").value = text;
  updateGoalOptions();
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
  }
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

async function runCompare() {
  const btn = $("run-compare");
  btn.disabled = true;
  btn.textContent = "Running…";
  try {
    lastCompare = await api("/api/compare", { b: boardText(state.tiles), shape: shapeText(), goal: state.goal });
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
// true distance of every board along it against the optimum.
function drawPaths(c) {
  const box = $("compare-paths");
  box.replaceChildren();
  const start = parseTiles(c.board);
  const [rows, cols] = c.shape.split("x").map(Number);
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
    const shown = boards.length <= 16 ? boards.map((x, i) => [i, x]) :
      boards.slice(0, 10).map((x, i) => [i, x]).concat([[-1, null]], boards.slice(-4).map((x, i) => [boards.length - 4 + i, x]));
    for (const [i, x] of shown) {
      if (x === null) {
        const gap = document.createElement("span");
        gap.className = "gap";
        gap.textContent = "… " + fmt(boards.length - 14) + " more boards …";
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

function sparkline(p, opt) {
  const w = 640, h = 48;
  const n = p.steps[p.steps.length - 1] || 1;
  const top = Math.max(...p.distances, 1);
  const svg = svgEl("svg", { class: "spark", viewBox: "0 0 " + w + " " + h, preserveAspectRatio: "none", role: "img",
    "aria-label": "true distance along the path, from " + p.distances[0] + " to 0" });
  const pts = p.steps.map((s, i) => (s / n * w).toFixed(1) + "," + (h - 2 - p.distances[i] / top * (h - 4)).toFixed(1));
  svg.appendChild(svgEl("line", { class: "opt", x1: 0, y1: h - 2 - opt / top * (h - 4), x2: w * Math.min(1, opt / n), y2: h - 2 }));
  svg.appendChild(svgEl("polyline", { points: pts.join(" ") }));
  return svg;
}

// ---------- watch ----------

const watch = { data: null, pos: 0, timer: null, playing: false };

async function runWatch() {
  stopWatch();
  const btn = $("watch-run");
  btn.disabled = true;
  try {
    watch.data = await api("/api/watch", { b: boardText(state.tiles), shape: shapeText(), goal: state.goal,
      alg: $("watch-alg").value, steps: $("watch-steps").value });
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

function drawWatchChart(steps, pos, opt, radius) {
  const svg = $("watch-chart");
  svg.replaceChildren();
  const W = 640, L = 44, R = 48, n = steps.length;
  const x = (i) => L + (n > 1 ? i / (n - 1) : 0) * (W - L - R);
  const label = (tx, ty, s, cls, anchor) => {
    const t = svgEl("text", { x: tx, y: ty, "text-anchor": anchor || "start", class: cls || "" });
    t.textContent = s;
    svg.appendChild(t);
  };
  // Two panels: the true distance of the board expanded (0 … radius, the
  // start's distance dashed), then the depth and the frontier, each on its
  // own scale.
  const panels = [
    { top: 10, h: 90, series: [["distance", (s) => s.distance, radius]], title: "true distance to the goal", ref: opt },
    { top: 128, h: 70, series: [["depth", (s) => s.depth, null], ["frontier", (s) => s.frontier, null]], title: "depth (left) and frontier (right)" },
  ];
  const every = Math.max(1, Math.floor(n / (W - L - R)));
  for (const p of panels) {
    const bottom = p.top + p.h;
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: bottom, x2: W - R, y2: bottom }));
    svg.appendChild(svgEl("line", { class: "axis", x1: L, y1: p.top, x2: L, y2: bottom }));
    label(L + 4, p.top + 9, p.title);
    p.series.forEach(([cls, get, fixedMax], k) => {
      let top = fixedMax || 1;
      if (!fixedMax) for (const s of steps) top = Math.max(top, get(s));
      const y = (v) => bottom - v / top * p.h;
      const pts = [];
      for (let i = 0; i <= pos; i += every) pts.push(x(i).toFixed(1) + "," + y(get(steps[i])).toFixed(1));
      pts.push(x(pos).toFixed(1) + "," + y(get(steps[pos])).toFixed(1));
      svg.appendChild(svgEl("polyline", { class: cls, points: pts.join(" ") }));
      if (k === 0) { label(L - 4, p.top + 8, fmt(top), cls, "end"); label(L - 4, bottom, "0", "", "end"); }
      else label(W - R + 4, p.top + 8, fmt(top), cls);
      if (p.ref !== undefined) {
        svg.appendChild(svgEl("line", { class: "ref", x1: L, y1: y(p.ref), x2: W - R, y2: y(p.ref) }));
        label(W - R + 4, y(p.ref) + 3, "start " + p.ref, "ref");
      }
    });
  }
  label(L, 214, "expansion 1");
  label(W - R, 214, fmt(n), "", "end");
  svg.appendChild(svgEl("line", { class: "now", x1: x(pos), y1: 10, x2: x(pos), y2: 198 }));
}

// explain says in words what the numbers show, as classroom explain-dfs does.
function explain(d, pos) {
  const steps = d.trace.steps.slice(0, pos + 1);
  const s = steps[steps.length - 1];
  const opt = d.optimal_distance;
  let sum = 0, far = 0, maxDepth = 0;
  for (const x of steps) { sum += x.distance; if (x.distance > opt) far++; maxDepth = Math.max(maxDepth, x.depth); }
  const mean = (sum / steps.length).toFixed(1);
  const alg = d.trace.key;
  let text = "The start is " + opt + " moves from the goal. Over these " + fmt(steps.length) + " expansions the boards expanded were on average " + mean +
    " moves from the goal, " + fmt(far) + " of them farther than the start. ";
  if (alg === "dfs") {
    text += "DFS is " + fmt(s.depth) + " moves deep on its own path (deepest so far " + fmt(maxDepth) + ", the optimum is " + opt +
      ") and the board it stands on is " + s.distance + " moves from the goal: it dives along one branch, away from the goal, and the path it returns is the branch it is on when it meets the goal, not a short one.";
  } else if (alg === "bfs") {
    text += "BFS expands every board at depth " + s.depth + " before any deeper one: its depth never falls, it fans out over all nearby boards whatever their distance, and its frontier (" +
      fmt(s.frontier) + " boards) grows with each level until depth " + opt + " reaches the goal.";
  } else if (alg === "astar") {
    text += "A* expands the board with the least depth + Manhattan estimate (here " + s.depth + " + " + s.h + " = " + (s.depth + s.h) +
      "), so it heads for the goal: the true distance mostly falls as the depth rises, and it never expands a board with f above the optimum " + opt + ".";
  } else {
    text += "IDA* searches depth-first below the bound " + s.bound + " on depth + Manhattan estimate, raising the bound when a round fails; its frontier is only the siblings along its current path (" +
      fmt(s.frontier) + " boards), so it needs almost no memory and repeats the shallow boards each round.";
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
  $("board").addEventListener("click", onTileClick);
  document.addEventListener("keydown", onKey);
  $("setup").addEventListener("submit", onSetBoard);
  $("shape").addEventListener("change", onShapeChange);
  $("goal").addEventListener("change", onGoalChange);
  $("show-hints").addEventListener("change", render);
  $("new-at").addEventListener("click", () => {
    const n = $("new-depth").value;
    randomGame(state.info && state.info.radius === undefined ? { walk: n } : { depth: n });
  });
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

  await loadShapes();
  setShape("3x3");
  document.body.dataset.ready = "true";
  await randomGame({ depth: 10 });
}

main();
