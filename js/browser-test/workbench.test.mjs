// The web workbench (web/) in headless Chromium (Debian's `chromium`, driven by playwright-core):
// a static file server on 127.0.0.1 (a free port), stopped also on failure; chess.js as the
// oracle for every count. Screenshots go to js/artifacts/ (ignored); with
// BITMOVE_UPDATE_SCREENSHOT=1 one also to docs/img/workbench.png.
//   CHROMIUM=/path/to/chromium npm run test:browser
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { Chess as Oracle } from "chess.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const artifacts = join(root, "js", "artifacts");
const TYPES = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".json": "application/json",
};
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

let server;
let base;
let browser;

function executable() {
  const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (!found)
    throw new Error(`no Chromium found (tried ${candidates.join(", ")}): apt-get install -y chromium`);
  return found;
}

before(async () => {
  server = createServer(async (request, response) => {
    try {
      const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
      if (path.includes("..")) throw new Error("outside");
      const file = join(root, path.endsWith("/") ? path + "index.html" : path);
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}/web/index.html`;
  browser = await chromium.launch({ executablePath: executable(), args: ["--no-sandbox"], headless: true });
  await mkdir(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
});

async function open(query, viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${base}?${query}`);
  return { page, errors };
}

const waitTotal = (page, total) =>
  page.waitForFunction((want) => document.getElementById("total").textContent === want, String(total), {
    timeout: 60_000,
  });

async function divideOnPage(page) {
  return page.$$eval("#divide tbody tr[data-uci]", (trs) =>
    trs.map((tr) => [tr.dataset.uci, Number(tr.querySelector(".nodes").textContent)]),
  );
}

function oracleDivide(fen, depth, moves = []) {
  const chess = new Oracle(fen);
  for (const uci of moves) chess.move(uci);
  const split = new Map();
  for (const move of chess.moves({ verbose: true })) {
    chess.move(move.san);
    split.set(move.lan, depth > 1 ? chess.perft(depth - 1) : 1);
    chess.undo();
  }
  return split;
}

test("a link opens kiwipete at depth 3: total and divide as chess.js counts them; descend and come back", async () => {
  const { page, errors } = await open(`fen=${encodeURIComponent(KIWIPETE)}&depth=3`);
  try {
    const expected = oracleDivide(KIWIPETE, 3);
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    assert.equal(total, new Oracle(KIWIPETE).perft(3));
    await waitTotal(page, total);
    assert.deepEqual(new Map(await divideOnPage(page)), expected);
    // The per-move statistics are shown (captures column filled).
    const captures = await page.$$eval("#divide tbody tr td.stat:nth-child(4)", (tds) =>
      tds.map((t) => t.textContent),
    );
    assert.ok(captures.length === expected.size && captures.every((c) => /^\d+$/.test(c)));
    await page.screenshot({ path: join(artifacts, "kiwipete-depth3.png"), fullPage: true });

    // Descend by clicking a row: e1g1 (castling), then by clicking the board: a7 pawn... via d5e6.
    await page.click('#divide tr[data-uci="e1g1"]');
    const below = oracleDivide(KIWIPETE, 2, ["e1g1"]);
    await waitTotal(
      page,
      [...below.values()].reduce((a, b) => a + b, 0),
    );
    assert.deepEqual(new Map(await divideOnPage(page)), below);
    assert.match(page.url(), /moves=e1g1/);
    assert.match(page.url(), /depth=3/);
    assert.equal(await page.textContent("#crumbs a:last-of-type"), "e1g1");

    // On the board: click Black's a6 bishop, then e2 (Bxe2).
    await page.locator('#board [data-square="a6"]').last().click();
    await page.waitForSelector('#board rect.selected[data-square="a6"]');
    await page.locator('#board [data-square="e2"]').last().click();
    const deeper = oracleDivide(KIWIPETE, 1, ["e1g1", "a6e2"]);
    await waitTotal(
      page,
      [...deeper.values()].reduce((a, b) => a + b, 0),
    );
    assert.match(page.url(), /moves=e1g1%2Ca6e2|moves=e1g1,a6e2/);

    // Breadcrumbs back to the root.
    await page.click('#crumbs a[data-level="0"]');
    await waitTotal(page, total);
    assert.doesNotMatch(page.url(), /moves=/);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("a pasted wrong divide is flagged: wrong counts, missing and extra moves", async () => {
  const { page, errors } = await open(`fen=${encodeURIComponent(KIWIPETE)}&depth=3`);
  try {
    const expected = oracleDivide(KIWIPETE, 3);
    await waitTotal(
      page,
      [...expected.values()].reduce((a, b) => a + b, 0),
    );
    // A correct paste in Stockfish's format agrees.
    const stockfish =
      [...expected].map(([uci, n]) => `${uci}: ${n}`).join("\n") + "\n\nNodes searched: 97862\n";
    await page.fill("#reference", stockfish);
    await page.waitForSelector("#verdict.good");
    // perftree's format, with one count off, one move left out and one move too many.
    const wrong = new Map(expected);
    wrong.set("e2a6", expected.get("e2a6") + 7);
    wrong.delete("a2a3");
    wrong.set("e5e6", 1234);
    await page.fill("#reference", [...wrong].map(([uci, n]) => `${uci} ${n}`).join("\n") + "\n\n97868\n");
    await page.waitForSelector("#verdict.bad");
    assert.equal(await page.getAttribute('#divide tr[data-uci="e2a6"]', "class"), "wrong");
    assert.equal(await page.getAttribute('#divide tr[data-uci="a2a3"]', "class"), "missing");
    assert.equal(await page.getAttribute('#divide tr[data-extra="e5e6"]', "class"), "extra");
    assert.equal(
      await page.$$eval("#divide tr.wrong, #divide tr.missing, #divide tr.extra", (t) => t.length),
      3,
    );
    assert.match(await page.textContent("#verdict"), /1 wrong count.*1 move\(s\) missing.*1 extra/);
    await page.screenshot({ path: join(artifacts, "compare-flagged.png"), fullPage: true });
    // The documentation's picture, refreshed on request only (a test run leaves the tree
    // clean): BITMOVE_UPDATE_SCREENSHOT=1 npm run test:browser.
    if (process.env.BITMOVE_UPDATE_SCREENSHOT === "1") {
      await page.screenshot({ path: join(root, "docs", "img", "workbench.png"), fullPage: true });
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("a deep run can be cancelled, and the page stays responsive and usable", async () => {
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const { page, errors } = await open(`fen=${encodeURIComponent(start)}&depth=9`);
  try {
    await page.waitForFunction(() => /counting/.test(document.getElementById("status").textContent));
    // The page is not frozen while the worker counts.
    assert.equal(await page.evaluate(() => 6 * 7), 42);
    await page.click("#cancel");
    await page.waitForFunction(() => document.getElementById("status").textContent === "cancelled");
    assert.equal(await page.textContent("#total"), "-");
    // A new run afterwards works (a fresh worker).
    await page.fill("#depth", "2");
    await page.click("#run");
    await waitTotal(page, new Oracle().perft(2));
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("mobile width: no horizontal scrolling, board and total visible", async () => {
  const { page, errors } = await open(`fen=${encodeURIComponent(KIWIPETE)}&depth=2`, {
    width: 390,
    height: 844,
  });
  try {
    await waitTotal(page, new Oracle(KIWIPETE).perft(2));
    const { scroll, width, board } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      board: document.getElementById("board").getBoundingClientRect().width,
    }));
    assert.ok(scroll <= width, `page ${scroll}px wide in a ${width}px window`);
    assert.ok(board > 300, `board ${board}px`);
    await page.screenshot({ path: join(artifacts, "mobile.png"), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("a bad FEN in the link is reported, not thrown", async () => {
  const { page, errors } = await open(`fen=not-a-fen&depth=3`);
  try {
    await page.waitForFunction(() => /bad FEN/.test(document.getElementById("status").textContent));
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
