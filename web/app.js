// The perft workbench: the state lives in the URL (?fen=...&depth=...&moves=...&chess960=1), the
// counting in a Web Worker (worker.js), the page only draws. Static files, no server code.
import { Position, FenError, IllegalMoveError } from "../js/full.js";

const PRESETS = [
  [
    "CPW 1: start",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    false,
  ],
  [
    "CPW 2: kiwipete",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    false,
  ],
  ["CPW 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false],
  [
    "CPW 4",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    false,
  ],
  ["CPW 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false],
  [
    "CPW 6",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    false,
  ],
  [
    "Chess960: BBRKRNNQ",
    "bbrkrnnq/pppppppp/8/8/8/8/PPPPPPPP/BBRKRNNQ w ECec - 0 1",
    true,
  ],
  [
    "Chess960: QRBBNKNR",
    "qrbbnknr/pppppppp/8/8/8/8/PPPPPPPP/QRBBNKNR w HBhb - 0 1",
    true,
  ],
  [
    "Chess960: RKQNBBRN",
    "rkqnbbrn/pppppppp/8/8/8/8/PPPPPPPP/RKQNBBRN w GAga - 0 1",
    true,
  ],
  ["Chess960: king between rooks", "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", true],
];
const $ = (id) => document.getElementById(id);

const state = { fen: PRESETS[1][1], chess960: false, depth: 3, moves: [] };
let worker = null;
let runId = 0;
let rows = new Map(); // uci -> { san, stats }
let selected = null;
let running = false;
let workerReady = false;
let pending = null; // the run to send once the worker has loaded the engine

function readUrl() {
  const params = new URLSearchParams(location.search);
  if (params.has("fen")) state.fen = params.get("fen");
  state.chess960 = params.get("chess960") === "1";
  const depth = Number(params.get("depth"));
  if (Number.isInteger(depth) && depth >= 1) state.depth = depth;
  state.moves = (params.get("moves") ?? "").split(",").filter(Boolean);
}

function writeUrl(replace = false) {
  const params = new URLSearchParams();
  params.set("fen", state.fen);
  params.set("depth", String(state.depth));
  if (state.moves.length) params.set("moves", state.moves.join(","));
  if (state.chess960) params.set("chess960", "1");
  const url = `${location.pathname}?${params}`;
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
}

// The position at the end of the path, or an error message.
function current() {
  const position = new Position(state.fen, { chess960: state.chess960 });
  for (const uci of state.moves) position.play(uci);
  return position;
}

// The board is the library's picture (Position.svg, the renderer every face uses: the last
// move highlighted, a check marked, the selected piece and its targets filled), with a layer
// of clear squares on top that carry the clicks and the node counts.
const SELECTED = "#f4e46a";
const TARGET = "#1e78dc73";

function drawBoard(position) {
  const svg = $("board");
  const targets = new Map();
  if (selected) {
    for (const [uci, row] of rows) {
      if (uci.slice(0, 2) === selected) {
        const to = uci.slice(2, 4);
        targets.set(to, (targets.get(to) ?? 0) + (row.stats?.nodes ?? 0));
      }
    }
  }
  const fill = {};
  if (selected) fill[selected] = SELECTED;
  for (const to of targets.keys()) fill[to] = TARGET;
  // No position (a bad FEN): the start position's squares with its pieces taken off.
  const picture = position
    ? position.svg({ coordinates: false, fill })
    : new Position()
        .svg({ coordinates: false })
        .replace(/<use href="#(white|black)-[^>]*>/g, "");
  // The picture's contents inside the board's own <svg> (360 units: 45 a square).
  let out = picture.slice(
    picture.indexOf(">") + 1,
    picture.lastIndexOf("</svg>"),
  );
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) out += square(f, r, targets);
  }
  svg.innerHTML = out;
}

function square(f, r, targets) {
  const name = "abcdefgh"[f] + (8 - r);
  const cls =
    name === selected
      ? "hit selected"
      : targets.has(name)
        ? "hit target"
        : "hit";
  let s = `<rect x="${f * 45}" y="${r * 45}" width="45" height="45" class="${cls}" data-square="${name}"/>`;
  if (targets.has(name)) {
    s += `<text x="${f * 45 + 2}" y="${r * 45 + 43}" class="count" data-square="${name}">${targets.get(name)}</text>`;
  }
  return s;
}

function drawCrumbs() {
  const nav = $("crumbs");
  const parts = [`<a data-level="0">root</a>`];
  state.moves.forEach((uci, i) =>
    parts.push(`<a data-level="${i + 1}">${uci}</a>`),
  );
  nav.innerHTML = `${parts.join(" \u203a ")} <span class="hint">(depth ${state.depth - state.moves.length} here)</span>`;
}

// Another engine's divide: Stockfish `go perft` ("e2e4: 20", "Nodes searched: 400"),
// perftree ("e2e4 20", a blank line, the total) or plain "e2e4: 20" lines.
export function parseReference(text) {
  const moves = new Map();
  let total = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const move = /^([a-h][1-8][a-h][1-8][nbrq]?)\s*:?\s+(\d+)$/i.exec(line);
    if (move) {
      moves.set(move[1].toLowerCase(), Number(move[2]));
      continue;
    }
    const sum = /^(?:nodes searched\s*:\s*|total\s*:?\s*)?(\d+)$/i.exec(line);
    if (sum && (line.match(/\d+/g) ?? []).length === 1) total = Number(sum[1]);
  }
  return { moves, total };
}

function drawTable() {
  const tbody = $("divide").querySelector("tbody");
  const reference = parseReference($("reference").value);
  const compare = reference.moves.size > 0;
  const html = [];
  let wrong = 0;
  let missing = 0;
  let extra = 0;
  for (const [uci, row] of rows) {
    const nodes = row.stats?.nodes;
    const ref = reference.moves.get(uci);
    let cls = "";
    let refText = "";
    if (compare && nodes !== undefined) {
      if (ref === undefined) {
        cls = "missing";
        refText = "missing";
        missing++;
      } else if (ref !== nodes) {
        cls = "wrong";
        refText = `${ref} (${ref > nodes ? "+" : ""}${ref - nodes})`;
        wrong++;
      } else {
        cls = "ok";
        refText = String(ref);
      }
    }
    const st = row.stats ?? {};
    const cell = (v) => `<td class="stat">${v ?? ""}</td>`;
    html.push(
      `<tr class="${cls}" data-uci="${uci}"><td>${row.san} <small>${uci}</small></td>` +
        `<td class="nodes">${nodes ?? "\u2026"}</td><td class="ref">${refText}</td>` +
        cell(st.captures) +
        cell(st.en_passant) +
        cell(st.castles) +
        cell(st.promotions) +
        cell(st.checks) +
        cell(st.checkmates) +
        `</tr>`,
    );
  }
  if (compare) {
    for (const [uci, count] of reference.moves) {
      if (!rows.has(uci)) {
        extra++;
        html.push(
          `<tr class="extra" data-extra="${uci}"><td>${uci}</td><td>-</td><td class="ref">${count} (extra)</td></tr>`,
        );
      }
    }
  }
  tbody.innerHTML = html.join("");
  const verdict = $("verdict");
  if (!compare) {
    verdict.textContent = "";
    verdict.className = "";
  } else if (running) {
    verdict.textContent = "waiting for the count to finish\u2026";
    verdict.className = "";
  } else if (wrong + missing + extra === 0) {
    verdict.textContent = `The pasted divide agrees: ${reference.moves.size} moves.`;
    verdict.className = "good";
  } else {
    verdict.textContent = `${wrong} wrong count(s), ${missing} move(s) missing from the paste, ${extra} extra move(s) in it.`;
    verdict.className = "bad";
  }
}

function newWorker() {
  workerReady = false;
  worker = new Worker(new URL("./worker.js", import.meta.url), {
    type: "module",
  });
  worker.onmessage = onWorker;
  worker.onerror = (event) => finish(`worker error: ${event.message}`);
}

function onWorker({ data }) {
  if (data.kind === "ready") {
    workerReady = true;
    if (pending) worker.postMessage(pending);
    pending = null;
    return;
  }
  if (data.id !== runId) return;
  if (data.kind === "start") {
    rows = new Map(data.moves.map(([uci, san]) => [uci, { san, stats: null }]));
    $("total").textContent = rows.size === 0 ? "0" : "\u2026";
  } else if (data.kind === "move") {
    rows.get(data.uci).stats = data.stats;
    const done = [...rows.values()].filter((r) => r.stats).length;
    $("status").textContent = `counting: ${done}/${rows.size} moves`;
  } else if (data.kind === "done") {
    const total = [...rows.values()].reduce((sum, r) => sum + r.stats.nodes, 0);
    $("total").textContent = String(total);
    finish(`${rows.size} moves, ${(data.ms / 1000).toFixed(2)} s`);
  } else if (data.kind === "error") {
    finish(data.message);
  }
  drawTable();
  drawBoard(safeCurrent());
}

function finish(message) {
  running = false;
  $("status").textContent = message;
  $("cancel").disabled = true;
  $("run").disabled = false;
  drawTable();
}

function safeCurrent() {
  try {
    return current();
  } catch {
    return null;
  }
}

function run() {
  syncInputs();
  selected = null;
  rows = new Map();
  $("total").textContent = "-";
  drawCrumbs();
  let position;
  try {
    position = current();
  } catch (error) {
    const what =
      error instanceof FenError
        ? "bad FEN"
        : error instanceof IllegalMoveError
          ? "bad moves"
          : "error";
    drawBoard(null);
    drawTable();
    return finish(`${what}: ${error.message}`);
  }
  drawBoard(position);
  const depth = state.depth - state.moves.length;
  if (depth < 1) {
    rows = new Map();
    drawTable();
    $("total").textContent = "1";
    return finish("depth 0 here");
  }
  running = true;
  $("cancel").disabled = false;
  $("run").disabled = true;
  $("status").textContent = "counting\u2026";
  runId++;
  if (!worker) newWorker();
  const message = {
    id: runId,
    fen: state.fen,
    chess960: state.chess960,
    moves: state.moves,
    depth,
    stats: $("stats").checked,
  };
  if (workerReady) worker.postMessage(message);
  else pending = message;
  drawTable();
}

function cancel() {
  if (!running) return;
  worker.terminate();
  worker = null;
  pending = null;
  runId++;
  $("total").textContent = "-";
  finish("cancelled");
}

function syncInputs() {
  const preset = PRESETS.findIndex(
    ([, fen, chess960]) => fen === state.fen && chess960 === state.chess960,
  );
  $("preset").value = preset < 0 ? "" : String(preset);
  $("fen").value = state.fen;
  $("chess960").checked = state.chess960;
  $("depth").value = String(state.depth);
  $("divide").classList.toggle("hidden-stats", !$("stats").checked);
}

function descend(uci) {
  if (running || state.depth - state.moves.length <= 1) return;
  state.moves = [...state.moves, uci];
  writeUrl();
  run();
}

function setup() {
  const preset = $("preset");
  preset.innerHTML =
    `<option value="">(custom)</option>` +
    PRESETS.map(([name], i) => `<option value="${i}">${name}</option>`).join(
      "",
    );
  preset.onchange = () => {
    if (preset.value === "") return;
    const [, fen, chess960] = PRESETS[Number(preset.value)];
    Object.assign(state, { fen, chess960, moves: [] });
    writeUrl();
    run();
  };
  $("run").onclick = () => {
    const fen = $("fen").value.trim();
    const depth = Number($("depth").value);
    const changed =
      fen !== state.fen || $("chess960").checked !== state.chess960;
    state.fen = fen;
    state.chess960 = $("chess960").checked;
    if (Number.isInteger(depth) && depth >= 1)
      state.depth = depth + (changed ? 0 : state.moves.length);
    if (changed) state.moves = [];
    writeUrl();
    run();
  };
  $("cancel").onclick = cancel;
  $("stats").onchange = () => syncInputs();
  $("reference").oninput = drawTable;
  $("divide").querySelector("tbody").onclick = (event) => {
    const tr = event.target.closest("tr[data-uci]");
    if (tr) descend(tr.dataset.uci);
  };
  $("crumbs").onclick = (event) => {
    const a = event.target.closest("a[data-level]");
    if (!a || running) return;
    state.moves = state.moves.slice(0, Number(a.dataset.level));
    writeUrl();
    run();
  };
  $("board").onclick = (event) => {
    const name = event.target.closest?.("[data-square]")?.dataset.square;
    if (!name || running) return;
    const matching = [...rows.keys()].filter(
      (uci) => uci.slice(0, 2) === selected && uci.slice(2, 4) === name,
    );
    if (selected && matching.length) {
      // A promotion descends into the queen's; the other pieces are rows of the table.
      descend(
        matching.find((uci) => uci.length === 4 || uci.endsWith("q")) ??
          matching[0],
      );
      return;
    }
    selected = [...rows.keys()].some((uci) => uci.slice(0, 2) === name)
      ? name
      : null;
    drawBoard(safeCurrent());
  };
  window.onpopstate = () => {
    if (running) cancel();
    readUrl();
    run();
  };
  readUrl();
  writeUrl(true);
  run();
}

setup();
