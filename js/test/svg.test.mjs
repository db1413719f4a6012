// Board pictures: svg() on Chess and Position draws through the Rust renderer (bitmove::svg,
// python-chess's structure), with the last move and a check marked by default.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Chess, Position, FenError } from "../full.js";

const count = (text, needle) => text.split(needle).length - 1;

test("the start position: 64 squares, 32 pieces, coordinates", () => {
  const picture = new Chess().svg();
  assert.ok(picture.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
  assert.ok(picture.includes('viewBox="0 0 390 390"'));
  assert.equal(count(picture, 'class="square '), 64);
  assert.equal(count(picture, '<use href="#'), 32);
  assert.equal(count(picture, "<text "), 32);
  assert.ok(!picture.includes("lastmove"));
  assert.ok(!picture.includes('class="check"'));
  assert.equal(new Position().svg(), picture);
});

test("the last move and a check are marked by default, and can be turned off", () => {
  const game = new Chess();
  for (const san of ["e4", "f6", "d4", "g5", "Qh5#"]) game.move(san);
  const picture = game.svg({ size: 400 });
  assert.ok(picture.includes('width="400" height="400"'));
  assert.ok(picture.includes('class="square light lastmove d1"'));
  assert.ok(picture.includes('class="square light lastmove h5"'));
  assert.ok(picture.includes('<rect x="195" y="15" width="45" height="45" class="check"'));
  const plain = game.svg({ lastMove: null, check: null });
  assert.ok(!plain.includes("lastmove") && !plain.includes('class="check"'));
  const position = new Position();
  for (const uci of ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"]) position.play(uci);
  assert.equal(position.svg({ size: 400 }), picture);
  game.undo();
  assert.ok(game.svg().includes("lastmove g5"));
});

test("orientation, arrows in every form, fill, squares, colours, borders, style", () => {
  const picture = new Position().svg({
    orientation: "black",
    coordinates: false,
    arrows: ["Re2e4", ["a1", "a1", "blue"], { tail: "g1", head: "f3" }, "d2d4"],
    fill: { e4: "#cc0000cc" },
    squares: ["b1"],
    colors: { "square light": "#ffffff" },
  });
  assert.ok(picture.includes('viewBox="0 0 360 360"'));
  assert.ok(picture.includes('<rect x="0" y="315" width="45" height="45" class="square dark h8"'));
  assert.equal(count(picture, 'class="arrow"'), 6); // three arrows: a line and a head each
  assert.equal(count(picture, 'class="circle"'), 1);
  assert.ok(picture.includes('stroke="#882020" opacity="0.5019607843137255"'));
  assert.ok(picture.includes('fill="#cc0000" opacity="0.8"'));
  assert.ok(picture.includes('<use href="#xx"'));
  assert.ok(picture.includes('fill="#ffffff"'));
  assert.ok(!picture.includes('fill="#ffce9e"'));
  const framed = new Position().svg({ borders: true, style: "rect { stroke: red }" });
  assert.ok(framed.includes('viewBox="0 0 394 394"'));
  assert.ok(framed.includes("<style>rect { stroke: red }</style>"));
  assert.equal(new Position().svg({ flipped: true }), new Position().svg({ orientation: "black" }));
});

test("variant boards draw their pieces", () => {
  const game = new Chess(undefined, { variant: "crazyhouse" });
  game.move("e4");
  assert.ok(game.svg().includes("lastmove e4"));
  assert.equal(count(new Chess(undefined, { variant: "horde" }).svg(), '<use href="#white-pawn"'), 36);
});

test("bad options are typed errors, and the module keeps working", () => {
  const p = new Position();
  assert.throws(() => p.svg({ orientation: "up" }), RangeError);
  assert.throws(() => p.svg({ arrows: [["e2", "e9"]] }), RangeError);
  assert.throws(() => p.svg({ fill: { z1: "red" } }), RangeError);
  assert.throws(() => p.svg({ squares: [42] }), RangeError);
  assert.throws(() => p.svg({ lastMove: { from: "e2" } }), RangeError);
  assert.throws(() => p.svg({ size: -1 }), RangeError);
  assert.throws(() => p.svg("big"), TypeError);
  const hostile = p.svg({ style: "</style><script>", arrows: [["e2", "e4", '"/><script>']] });
  assert.ok(!hostile.includes("<script>"));
  assert.ok(FenError);
  assert.equal(count(p.svg(), '<use href="#'), 32);
});
