// Board pictures as people see them: svg() of the npm package rendered by headless Chromium
// (Debian's, through playwright-core), a screenshot, and pixels sampled at the squares' centres
// and corners: square colours, the orientation, where pieces, the last move, a check, an X,
// a filled square and an arrow appear.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess, Position } from "../full.js";
import { decodePng } from "./png.mjs";
import { launchChromium } from "./chromium.mjs";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));
const SIZE = 400; // no coordinates: 50 pixels a square
let browser;

before(async () => {
  browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
});

// The picture on a page of its own, as pixels; at(square, u, v) the pixel at (u, v) of the
// square's width from its top left, the board seen from White unless `black`.
async function look(svg, name, black = false) {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  try {
    await page.setContent(`<body style="margin:0;background:#fff">${svg}</body>`);
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
    await page.screenshot({
      path: join(artifacts, `svg-${name}.png`),
      clip: { x: 0, y: 0, width: SIZE, height: SIZE },
    });
    const { pixel } = decodePng(png);
    const size = SIZE / 8;
    return (square, u = 0.5, v = 0.5) => {
      const file = square.charCodeAt(0) - 97;
      const rank = square.charCodeAt(1) - 49;
      const x = black ? 7 - file : file;
      const y = black ? rank : 7 - rank;
      return pixel(Math.floor((x + u) * size), Math.floor((y + v) * size));
    };
  } finally {
    await page.close();
  }
}

const near = (p, q, tolerance = 8) => p.every((c, i) => Math.abs(c - q[i]) <= tolerance);
const hex = (text) => [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
const LIGHT = hex("#ffce9e");
const DARK = hex("#d18b47");
// A piece's body across the middle of its square: how much is near white, how much near black.
function body(at, square) {
  const pixels = [];
  for (let v = 0.45; v <= 0.7; v += 0.05)
    for (let u = 0.4; u <= 0.6; u += 0.05) pixels.push(at(square, u, v));
  const share = (test) => pixels.filter(test).length / pixels.length;
  return {
    light: share(([r, g, b]) => Math.min(r, g, b) >= 220),
    dark: share(([r, g, b]) => Math.max(r, g, b) <= 60),
  };
}

test("the start position: square colours, a1 dark at the bottom left, the pieces where they stand", async () => {
  const at = await look(new Chess().svg({ size: SIZE, coordinates: false }), "start");
  assert.ok(near(at("a1", 0.05, 0.05), DARK), `a1 ${at("a1", 0.05, 0.05)}`);
  assert.ok(near(at("h1", 0.05, 0.05), LIGHT), `h1 ${at("h1", 0.05, 0.05)}`);
  assert.ok(near(at("d4"), DARK) && near(at("e4"), LIGHT), `d4 ${at("d4")} e4 ${at("e4")}`);
  for (const square of ["a3", "b4", "c5", "h6"]) {
    assert.ok(near(at(square), (square.charCodeAt(0) + square.charCodeAt(1)) % 2 ? LIGHT : DARK), square);
  }
  for (const square of ["a1", "e1", "d1", "c2", "g1"]) {
    const { light, dark } = body(at, square);
    assert.ok(light >= 0.5 && light >= 2 * dark, `white piece on ${square}: ${light} light, ${dark} dark`);
  }
  for (const square of ["a8", "e8", "d8", "c7", "g8"]) {
    const { light, dark } = body(at, square);
    assert.ok(dark >= 0.5 && dark >= 2 * light, `black piece on ${square}: ${light} light, ${dark} dark`);
  }
});

test("Black at the bottom: h8 bottom left, the white king at the top", async () => {
  const at = await look(
    new Position().svg({ size: SIZE, coordinates: false, orientation: "black" }),
    "black",
    true,
  );
  assert.ok(near(at("h8", 0.05, 0.05), DARK), `h8 ${at("h8", 0.05, 0.05)}`);
  assert.ok(body(at, "e1").light >= 0.5, "white king");
  assert.ok(body(at, "e8").dark >= 0.5, "black king");
});

test("last move, check, an X, a filled square and an arrow appear where they belong", async () => {
  const game = new Chess();
  for (const san of ["e4", "f6", "d4", "g5", "Qh5#"]) game.move(san);
  const at = await look(
    game.svg({
      size: SIZE,
      coordinates: false,
      squares: ["a4"],
      fill: { c4: "#0000ff" },
      arrows: [{ tail: "a6", head: "e6", color: "green" }],
    }),
    "marks",
  );
  // The last move d1-h5: both light squares in the light last-move colour.
  const lastmove = hex("#cdd16a");
  assert.ok(near(at("d1"), lastmove), `d1 ${at("d1")}`);
  assert.ok(near(at("h5", 0.05, 0.05), lastmove), `h5 ${at("h5", 0.05, 0.05)}`);
  // Black's king on e8 in check: red around it, not on the squares beside it.
  const [r, g, b] = at("e8", 0.38, 0.25);
  assert.ok(r >= 150 && g <= 80 && b <= 80, `e8 check glow ${[r, g, b]}`);
  assert.ok(near(at("d8", 0.95, 0.5), DARK) && near(at("f8", 0.05, 0.5), DARK), "no glow beside e8");
  // The X on a4 (a light square): black in its middle, the square's colour in its corner.
  assert.ok(Math.max(...at("a4")) <= 40, `a4 X ${at("a4")}`);
  assert.ok(near(at("a4", 0.05, 0.5), LIGHT), `a4 beside the X ${at("a4", 0.05, 0.5)}`);
  assert.ok(near(at("c4"), [0, 0, 255]), `c4 filled ${at("c4")}`);
  // The arrow a6-e6 (green at 0x80/255 over the squares): along its shaft on b6, c6, d6,
  // not above or below it, and its head short of e6's centre.
  const green = hex("#15781B");
  const blend = (under) => under.map((c, i) => Math.round((green[i] * 128 + c * 127) / 255));
  assert.ok(near(at("b6"), blend(DARK)), `b6 ${at("b6")} (shaft over dark ${blend(DARK)})`);
  assert.ok(near(at("c6"), blend(LIGHT)), `c6 ${at("c6")}`);
  assert.ok(near(at("d6", 0.9, 0.5), blend(DARK)), `d6 head ${at("d6", 0.9, 0.5)}`);
  assert.ok(near(at("c6", 0.5, 0.1), LIGHT), `c6 above the shaft ${at("c6", 0.5, 0.1)}`);
  assert.ok(near(at("b5"), LIGHT) && near(at("b7", 0.1, 0.1), LIGHT), "nothing beside the arrow");
});
