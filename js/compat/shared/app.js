// A small program written for chess.js 1.4.0 (its README's API, nothing of bitmove's own),
// shared by the bundle and browser projects of js/compat: scripts/compat.mjs copies this
// folder into each project, which bundles or loads it with `chess.js` installed once as
// chess.js itself and once as the packed bitmove tarball; the reports must be equal.
import { Chess, validateFen, SQUARES, DEFAULT_POSITION, WHITE, BLACK } from "chess.js";

const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const PGN = [
  '[Event "Casual Game"]',
  '[Site "Berlin GER"]',
  '[Date "1852.??.??"]',
  '[White "Adolf Anderssen"]',
  '[Black "Jean Dufresne"]',
  '[Result "1-0"]',
  "",
  "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 {the Evans gambit} Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O",
  "d3 8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7",
  "15. Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7 21.",
  "Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0",
].join("\n");

function moveFields(move) {
  const { color, from, to, piece, captured, promotion, flags, san, lan, before, after } = move;
  return {
    color,
    from,
    to,
    piece,
    captured,
    promotion,
    flags,
    san,
    lan,
    before,
    after,
    capture: move.isCapture(),
    promotes: move.isPromotion(),
    enPassant: move.isEnPassant(),
    castle: [move.isKingsideCastle(), move.isQueensideCastle()],
    bigPawn: move.isBigPawn(),
  };
}

function state(chess) {
  return {
    fen: chess.fen(),
    turn: chess.turn(),
    moveNumber: chess.moveNumber(),
    check: chess.inCheck(),
    checkmate: chess.isCheckmate(),
    stalemate: chess.isStalemate(),
    insufficient: chess.isInsufficientMaterial(),
    threefold: chess.isThreefoldRepetition(),
    draw: chess.isDraw(),
    gameOver: chess.isGameOver(),
  };
}

const errorOf = (f) => {
  try {
    f();
    return null;
  } catch (error) {
    return error.message;
  }
};

/** Everything the program prints, as one JSON-able object. */
export function report() {
  const out = { squares: SQUARES.length, start: DEFAULT_POSITION === new Chess().fen() };

  const mate = new Chess();
  for (const san of ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]) mate.move(san);
  out.scholar = { ...state(mate), pgn: mate.pgn(), ascii: mate.ascii() };

  const kiwipete = new Chess(KIWIPETE);
  out.kiwipete = {
    moves: kiwipete.moves(),
    verbose: kiwipete.moves({ verbose: true }).map(moveFields),
    knight: kiwipete.moves({ square: "e5" }),
    pawns: kiwipete.moves({ piece: "p" }),
    perft: kiwipete.perft(2),
    attackers: kiwipete.attackers("e4", BLACK),
    attacked: kiwipete.isAttacked("d5", WHITE),
    rights: [kiwipete.getCastlingRights(WHITE), kiwipete.getCastlingRights(BLACK)],
    kings: kiwipete.findPiece({ type: "k", color: "b" }),
    board: kiwipete.board()[0],
  };

  const game = new Chess();
  game.loadPgn(PGN);
  out.immortal = {
    ...state(game),
    headers: game.getHeaders(),
    history: game.history(),
    last: moveFields(game.history({ verbose: true }).at(-1)),
    comments: game.getComments(),
    pgn: game.pgn({ maxWidth: 60, newline: "\n" }),
  };
  const undone = [];
  for (let i = 0; i < 5; i++) undone.push(game.undo().san);
  out.immortal.undone = undone;
  out.immortal.afterUndo = state(game);

  // A game played by index into the sorted move list: the same game for any library that
  // lists the same moves.
  const walk = new Chess();
  const plies = [];
  for (let i = 0; i < 120 && !walk.isGameOver(); i++) {
    const moves = walk.moves().sort();
    const san = moves[(i * 7 + 3) % moves.length];
    plies.push(walk.move(san).lan);
  }
  out.walk = { plies, ...state(walk), pgn: walk.pgn() };

  const edit = new Chess();
  edit.clear();
  edit.put({ type: "k", color: "w" }, "e1");
  edit.put({ type: "k", color: "b" }, "e8");
  edit.put({ type: "q", color: "w" }, "d7");
  edit.setTurn("b");
  out.edit = {
    ...state(edit),
    squareColors: ["a1", "h1", "e4"].map((s) => edit.squareColor(s)),
    got: edit.get("d7"),
    removed: edit.remove("d7"),
    insufficient: edit.isInsufficientMaterial(),
  };

  out.errors = {
    illegal: errorOf(() => new Chess().move("e5")),
    badFen: errorOf(() => new Chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")),
    validate: [
      DEFAULT_POSITION,
      "8/8/8/8/8/8/8/8 w - - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    ].map((fen) => validateFen(fen)),
  };

  const commented = new Chess();
  commented.move("d4");
  commented.setComment("queen's pawn");
  commented.move("d5");
  commented.setHeader("White", "Me");
  out.commented = { pgn: commented.pgn(), comments: commented.getComments() };
  return out;
}
