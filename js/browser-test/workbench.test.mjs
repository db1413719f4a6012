// The web workbench (web/) in headless Chromium (Debian's `chromium`, driven by playwright-core):
// a static file server on 127.0.0.1 (a free port), stopped also on failure; chess.js as the
// oracle for every count. Screenshots go to js/artifacts/ (ignored); with
// BITMOVE_UPDATE_SCREENSHOT=1 one also to docs/img/workbench.png.
//   CHROMIUM=/path/to/chromium npm run test:browser
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess as Oracle } from "chess.js";
import { decodePng } from "./png.mjs";
import { launchChromium, serveStatic } from "./chromium.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const artifacts = join(root, "js", "artifacts");
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

let server;
let base;
let browser;

before(async () => {
  server = await serveStatic(root);
  base = `${server.origin}/web/index.html`;
  browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
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

// What a person sees, from the screenshot's pixels alone (no markup): the board's squares by
// their place from White's side (a1 bottom left), and what covers the middle of a square, where
// a piece's body is. "Light" is near white (every channel 220 or more) and "dark" near black
// (every channel 80 or less): neither square colour is either, so a piece drawn as an outline,
// whose inside is the square showing through, is neither. A white piece's body must be at least
// half light and twice as light as dark (its outline and inner lines are dark), a black piece's
// the other way round.
test("the board as a person sees it: White's pieces light, Black's dark, on both square colours; a1 dark, bottom left", async () => {
  const { page, errors } = await open(`fen=${encodeURIComponent(KIWIPETE)}&depth=1`);
  try {
    await waitTotal(page, 48);
    await page.evaluate(() => document.fonts.ready);
    const box = await page.evaluate(() => {
      const board = document.getElementById("board");
      const rect = board.getBoundingClientRect();
      return {
        x: rect.left + board.clientLeft,
        y: rect.top + board.clientTop,
        width: board.clientWidth,
        height: board.clientHeight,
      };
    });
    const png = await page.screenshot({ clip: box });
    const { width, height, pixel } = decodePng(png);
    assert.ok(Math.abs(width - height) <= 1 && width >= 200, `board ${width}x${height} pixels`);
    const size = width / 8;
    // A point of square (file 0-7 from a, rank 0-7 from 1) at (u, v) of its width, from its top left.
    const at = (file, rank, u, v) => pixel(Math.floor((file + u) * size), Math.floor((7 - rank + v) * size));
    const name = (file, rank) => "abcdefgh"[file] + (rank + 1);
    const light = ([r, g, b]) => Math.min(r, g, b) >= 220;
    const dark = ([r, g, b]) => Math.max(r, g, b) <= 80;
    const same = (p, q) => p.every((c, i) => Math.abs(c - q[i]) <= 6);
    const luma = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

    // Orientation: the corners of the board (clear of any piece) as squares of two colours, a1
    // (bottom left) and h8 dark, a8 and h1 light; the middles of empty d4 and c4 are a1's and h1's.
    // (A board turned half round has the same colours there: the pieces below tell it apart, a
    // white king at the bottom on e1 and a black one at the top on e8.)
    const corner = (file, rank) => at(file, rank, file < 4 ? 0.04 : 0.96, rank < 4 ? 0.96 : 0.04);
    const [a1, h1, a8, h8] = [corner(0, 0), corner(7, 0), corner(0, 7), corner(7, 7)];
    assert.ok(same(a1, h8) && same(h1, a8), `a1 ${a1} h8 ${h8}, h1 ${h1} a8 ${a8}`);
    assert.ok(luma(a1) + 30 < luma(h1), `a1 ${a1} is not darker than h1 ${h1}`);
    assert.ok(same(at(3, 3, 0.5, 0.5), a1), `d4 (empty, dark) is ${at(3, 3, 0.5, 0.5)}`);
    assert.ok(same(at(2, 3, 0.5, 0.5), h1), `c4 (empty, light) is ${at(2, 3, 0.5, 0.5)}`);

    // The middle of each piece's square: x 40-60%, y 45-70% (a piece stands on its square's
    // lower part). Kiwipete has kings, queens and rooks of both colours on both square colours.
    const body = (file, rank) => {
      const pixels = [];
      for (let y = Math.ceil(0.45 * size); y < 0.7 * size; y++)
        for (let x = Math.ceil(0.4 * size); x < 0.6 * size; x++)
          pixels.push(pixel(Math.floor(file * size) + x, Math.floor((7 - rank) * size) + y));
      return {
        light: pixels.filter(light).length / pixels.length,
        dark: pixels.filter(dark).length / pixels.length,
      };
    };
    const pieces = [
      ["white king", 4, 0],
      ["white rook", 0, 0],
      ["white rook", 7, 0],
      ["white queen", 5, 2],
      ["black king", 4, 7],
      ["black rook", 0, 7],
      ["black rook", 7, 7],
      ["black queen", 4, 6],
    ];
    const seen = pieces.map(([piece, file, rank]) => {
      const onDark = (file + rank) % 2 === 0;
      const { light: l, dark: d } = body(file, rank);
      // The square's own colour, in its top left corner (clear of the piece), is the one expected.
      const ok =
        same(at(file, rank, 0.04, 0.04), onDark ? a1 : h1) &&
        (piece.startsWith("white") ? l >= 0.5 && l >= 2 * d : d >= 0.5 && d >= 2 * l);
      const square = `${name(file, rank)} (${onDark ? "dark" : "light"} square)`;
      return {
        ok,
        what: `${piece} on ${square}: ${Math.round(l * 100)}% light, ${Math.round(d * 100)}% dark`,
      };
    });
    await page.screenshot({ path: join(artifacts, "board-pixels.png"), clip: box });
    assert.ok(
      seen.every((s) => s.ok),
      "a white piece's body must be mostly light and a black piece's mostly dark:\n" +
        seen.map((s) => `${s.ok ? "  ok  " : "  BAD "}${s.what}`).join("\n"),
    );
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
