"""Every public python-chess call, timed under python-chess and under bitmove in one run.

Not a test: it prints Markdown tables for docs/python.md. The first times each call of
python-chess's API (`Board`, `Move`, `Piece`, `SquareSet`, the module functions, the PGN tree's
node API) on a few middlegame positions, in nanoseconds per call, and bitmove's speed-up; the
second times five typical scripts (playouts, a search, notation, a puzzle tagger's queries,
reading games). Both libraries run interleaved, round after round, and each row is the median
of the per-round ratios, so that a busy shared machine blurs both sides alike.

    .venv/bin/pip install chess                 # python-chess, the reference
    (cd crates/bitmove-py && maturin develop --release)
    .venv/bin/python crates/bitmove-py/bench/bench_calls.py [--rounds 5] [--only WORD]
        [--scripts-only] [--calls-only] [--csv out.csv]

The statements are python-chess's spelling; `C` is the module (`chess` or `bitmove`), `b` a
board, `m` a legal move of it, `p` a piece, `s` a SquareSet, `g` a game and `n` a node of it.
A call that changes the board is timed with the call that undoes it (`push` with `pop`), so the
position stays the same from one call to the next.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import statistics
import sys
import time
import timeit
from pathlib import Path

import bitmove
import bitmove.pgn
import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[3]
PGN_FILE = ROOT / "tests" / "data" / "pgn" / "lichess-2021-10-30.pgn"
NOTATION_PGN = ROOT / "tests" / "data" / "pgn" / "masters-fischer-30.pgn"

# Middlegame positions: an open Sicilian, Kiwipete, a Queen's Gambit middlegame.
POSITIONS = [
    "r1bqkb1r/1p2pppp/p1np1n2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/1PN1PN2/P4PPP/R2QKB1R b KQ - 0 10",
]

# (group, statement). Extra names: `sq` an occupied square, `e` an empty square, `fen` the
# position's FEN, `cap` a capture (or `m`), `u` the UCI of `m`, `sn` its SAN, `sq2` another
# square, `x` a scratch board of the same position.
CALLS = [
    # -- Board: state attributes
    ("attr", "b.turn"),
    ("attr", "b.castling_rights"),
    ("attr", "b.ep_square"),
    ("attr", "b.halfmove_clock"),
    ("attr", "b.fullmove_number"),
    ("attr", "b.chess960"),
    ("attr", "b.pawns"),
    ("attr", "b.occupied"),
    ("attr", "b.occupied_co[C.WHITE]"),
    ("attr", "b.promoted"),
    ("attr", "b.move_stack"),
    ("attr", "m.from_square"),
    ("attr", "m.to_square"),
    ("attr", "m.promotion"),
    ("attr", "m.drop"),
    ("attr", "p.color"),
    ("attr", "p.piece_type"),
    ("attr", "s.mask"),
    # -- Board: pieces and squares
    ("board", "b.piece_at(sq)"),
    ("board", "b.piece_type_at(sq)"),
    ("board", "b.color_at(sq)"),
    ("board", "b.king(C.WHITE)"),
    ("board", "b.pieces(C.PAWN, C.WHITE)"),
    ("board", "len(b.pieces(C.PAWN, C.WHITE))"),
    ("board", "b.pieces_mask(C.PAWN, C.WHITE)"),
    ("board", "b.piece_map()"),
    ("board", "b.piece_map().values()"),
    ("board", "b.attacks(sq)"),
    ("board", "b.attacks_mask(sq)"),
    ("board", "b.attackers(C.BLACK, sq)"),
    ("board", "b.attackers_mask(C.BLACK, sq)"),
    ("board", "b.is_attacked_by(C.BLACK, sq)"),
    ("board", "b.pin(C.WHITE, sq)"),
    ("board", "b.pin_mask(C.WHITE, sq)"),
    ("board", "b.is_pinned(C.WHITE, sq)"),
    ("board", "b.checkers()"),
    ("board", "b.checkers_mask()"),
    ("board", "b.is_check()"),
    ("board", "b.set_piece_at(e, p)"),
    ("board", "x.remove_piece_at(sq); x.set_piece_at(sq, p)"),
    ("board", "x.set_piece_map(pm)"),
    ("board", "b.board_fen()"),
    ("board", "x.set_board_fen(bfen)"),
    ("board", "b.unicode()"),
    ("board", "str(b)"),
    ("board", "repr(b)"),
    ("board", "b.mirror()"),
    ("board", "x.apply_mirror()"),
    ("board", "b.transform(C.flip_vertical)"),
    ("board", "b == b"),
    ("board", "b.copy()"),
    ("board", "b.copy(stack=False)"),
    ("board", "C.Board(fen)"),
    ("board", "C.Board()"),
    ("board", "x.reset()"),
    ("board", "x.clear()"),
    ("board", "x.clear_board()"),
    ("board", "x.clear_stack()"),
    ("board", "x.reset_board()"),
    ("board", "C.Board.empty()"),
    # -- Board: moves
    ("moves", "list(b.legal_moves)"),
    ("moves", "b.legal_moves.count()"),
    ("moves", "bool(b.legal_moves)"),
    ("moves", "m in b.legal_moves"),
    ("moves", "for _ in b.legal_moves: pass"),
    ("moves", "list(b.pseudo_legal_moves)"),
    ("moves", "list(b.generate_legal_moves())"),
    ("moves", "list(b.generate_legal_captures())"),
    ("moves", "list(b.generate_pseudo_legal_moves())"),
    ("moves", "list(b.generate_pseudo_legal_captures())"),
    ("moves", "list(b.generate_legal_ep())"),
    ("moves", "list(b.generate_pseudo_legal_ep())"),
    ("moves", "list(b.generate_castling_moves())"),
    ("moves", "b.push(m); b.pop()"),
    ("moves", "b.push_san(sn); b.pop()"),
    ("moves", "b.push_uci(u); b.pop()"),
    ("moves", "b.push_xboard(sn); b.pop()"),
    ("moves", "b.san_and_push(m); b.pop()"),
    ("moves", "b.push(m); b.peek(); b.pop()"),
    ("moves", "b.is_legal(m)"),
    ("moves", "b.is_pseudo_legal(m)"),
    ("moves", "b.is_capture(cap)"),
    ("moves", "b.is_capture(m)"),
    ("moves", "b.is_en_passant(m)"),
    ("moves", "b.is_castling(m)"),
    ("moves", "b.is_kingside_castling(m)"),
    ("moves", "b.is_queenside_castling(m)"),
    ("moves", "b.is_zeroing(m)"),
    ("moves", "b.is_irreversible(m)"),
    ("moves", "b.is_into_check(m)"),
    ("moves", "b.was_into_check()"),
    ("moves", "b.gives_check(m)"),
    ("moves", "b.find_move(m.from_square, m.to_square)"),
    ("moves", "b.san(m)"),
    ("moves", "b.lan(m)"),
    ("moves", "b.uci(m)"),
    ("moves", "b.xboard(m)"),
    ("moves", "b.parse_san(sn)"),
    ("moves", "b.parse_uci(u)"),
    ("moves", "b.parse_xboard(sn)"),
    ("moves", "b.variation_san([m])"),
    ("moves", "b.ply()"),
    ("moves", "b.root()"),
    # -- Board: game state
    ("state", "b.fen()"),
    ("state", "b.epd()"),
    ("state", "b.shredder_fen()"),
    ("state", "x.set_fen(fen)"),
    ("state", "x.set_epd(epd)"),
    ("state", "C.Board.from_epd(epd)"),
    ("state", "b.castling_xfen()"),
    ("state", "b.castling_shredder_fen()"),
    ("state", "x.set_castling_fen('KQkq')"),
    ("state", "b.clean_castling_rights()"),
    ("state", "b.has_castling_rights(C.WHITE)"),
    ("state", "b.has_kingside_castling_rights(C.WHITE)"),
    ("state", "b.has_queenside_castling_rights(C.WHITE)"),
    ("state", "b.has_chess960_castling_rights()"),
    ("state", "b.has_legal_en_passant()"),
    ("state", "b.has_pseudo_legal_en_passant()"),
    ("state", "b.is_game_over()"),
    ("state", "b.is_game_over(claim_draw=True)"),
    ("state", "b.outcome()"),
    ("state", "b.result()"),
    ("state", "b.is_checkmate()"),
    ("state", "b.is_stalemate()"),
    ("state", "b.is_insufficient_material()"),
    ("state", "b.has_insufficient_material(C.WHITE)"),
    ("state", "b.is_seventyfive_moves()"),
    ("state", "b.is_fifty_moves()"),
    ("state", "b.is_fivefold_repetition()"),
    ("state", "b.is_repetition()"),
    ("state", "b.can_claim_draw()"),
    ("state", "b.can_claim_fifty_moves()"),
    ("state", "b.can_claim_threefold_repetition()"),
    ("state", "b.is_variant_end()"),
    ("state", "b.is_variant_win()"),
    ("state", "b.is_variant_loss()"),
    ("state", "b.is_variant_draw()"),
    ("state", "b.status()"),
    ("state", "b.is_valid()"),
    ("state", "b.chess960_pos()"),
    ("state", "x.set_chess960_pos(518)"),
    ("state", "C.Board.from_chess960_pos(518)"),
    # -- Move
    ("Move", "C.Move(12, 28)"),
    ("Move", "C.Move(52, 60, C.QUEEN)"),
    ("Move", "C.Move.from_uci(u)"),
    ("Move", "C.Move.null()"),
    ("Move", "m.uci()"),
    ("Move", "m.xboard()"),
    ("Move", "str(m)"),
    ("Move", "repr(m)"),
    ("Move", "m == m2"),
    ("Move", "hash(m)"),
    ("Move", "bool(m)"),
    ("Move", "{m: 1}"),
    # -- Piece
    ("Piece", "C.Piece(C.KNIGHT, C.WHITE)"),
    ("Piece", "C.Piece.from_symbol('N')"),
    ("Piece", "p.symbol()"),
    ("Piece", "p.unicode_symbol()"),
    ("Piece", "str(p)"),
    ("Piece", "repr(p)"),
    ("Piece", "p == p2"),
    ("Piece", "hash(p)"),
    # -- SquareSet
    ("SquareSet", "C.SquareSet(0xFF00)"),
    ("SquareSet", "C.SquareSet([1, 2, 3])"),
    ("SquareSet", "C.SquareSet.ray(0, 63)"),
    ("SquareSet", "C.SquareSet.between(0, 63)"),
    ("SquareSet", "C.SquareSet.from_square(sq)"),
    ("SquareSet", "list(s)"),
    ("SquareSet", "for _ in s: pass"),
    ("SquareSet", "list(reversed(s))"),
    ("SquareSet", "len(s)"),
    ("SquareSet", "sq in s"),
    ("SquareSet", "bool(s)"),
    ("SquareSet", "int(s)"),
    ("SquareSet", "s == s2"),
    ("SquareSet", "s == 0"),
    ("SquareSet", "s | s2"),
    ("SquareSet", "s & s2"),
    ("SquareSet", "s - s2"),
    ("SquareSet", "s ^ s2"),
    ("SquareSet", "s | 0xFF"),
    ("SquareSet", "~s"),
    ("SquareSet", "s << 8"),
    ("SquareSet", "s >> 8"),
    ("SquareSet", "s.union(s2)"),
    ("SquareSet", "s.intersection(s2)"),
    ("SquareSet", "s.difference(s2)"),
    ("SquareSet", "s.symmetric_difference(s2)"),
    ("SquareSet", "s.isdisjoint(s2)"),
    ("SquareSet", "s.issubset(s2)"),
    ("SquareSet", "s.issuperset(s2)"),
    ("SquareSet", "s.copy()"),
    ("SquareSet", "s.mirror()"),
    ("SquareSet", "s.tolist()"),
    ("SquareSet", "list(s.carry_rippler())"),
    ("SquareSet", "t.add(5); t.discard(5)"),
    ("SquareSet", "t.add(5); t.remove(5)"),
    ("SquareSet", "t.add(0); t.pop()"),
    ("SquareSet", "t.update(s2); t.clear()"),
    ("SquareSet", "t.intersection_update(s2)"),
    ("SquareSet", "t.difference_update(s2)"),
    ("SquareSet", "t.symmetric_difference_update(s2)"),
    ("SquareSet", "T[0] |= s2; T[0] &= s; T[0] -= s2; T[0] ^= s2"),
    ("SquareSet", "repr(s)"),
    ("SquareSet", "str(s)"),
    # -- module functions
    ("module", "C.square(4, 3)"),
    ("module", "C.square_file(sq)"),
    ("module", "C.square_rank(sq)"),
    ("module", "C.square_name(sq)"),
    ("module", "C.parse_square('e4')"),
    ("module", "C.square_distance(sq, sq2)"),
    ("module", "C.square_manhattan_distance(sq, sq2)"),
    ("module", "C.square_knight_distance(sq, sq2)"),
    ("module", "C.square_mirror(sq)"),
    ("module", "C.piece_symbol(C.KNIGHT)"),
    ("module", "C.piece_name(C.KNIGHT)"),
    ("module", "C.lsb(bb)"),
    ("module", "C.msb(bb)"),
    ("module", "list(C.scan_forward(bb))"),
    ("module", "list(C.scan_reversed(bb))"),
    ("module", "C.flip_vertical(bb)"),
    ("module", "C.flip_horizontal(bb)"),
    ("module", "C.flip_diagonal(bb)"),
    ("module", "C.flip_anti_diagonal(bb)"),
    ("module", "C.shift_down(bb)"),
    ("module", "C.shift_2_down(bb)"),
    ("module", "C.shift_up(bb)"),
    ("module", "C.shift_2_up(bb)"),
    ("module", "C.shift_right(bb)"),
    ("module", "C.shift_2_right(bb)"),
    ("module", "C.shift_left(bb)"),
    ("module", "C.shift_2_left(bb)"),
    ("module", "C.shift_up_left(bb)"),
    ("module", "C.shift_up_right(bb)"),
    ("module", "C.shift_down_left(bb)"),
    ("module", "C.shift_down_right(bb)"),
    ("module", "C.ray(0, 63)"),
    ("module", "C.between(0, 63)"),
    # -- PGN tree
    ("pgn", "g.next()"),
    ("pgn", "n.move"),
    ("pgn", "n.parent"),
    ("pgn", "n.board()"),
    ("pgn", "n.san()"),
    ("pgn", "n.uci()"),
    ("pgn", "n.ply()"),
    ("pgn", "n.turn()"),
    ("pgn", "n.comment"),
    ("pgn", "n.variations"),
    ("pgn", "n.variation(0)"),
    ("pgn", "n.is_mainline()"),
    ("pgn", "n.is_main_variation()"),
    ("pgn", "n.starts_variation()"),
    ("pgn", "n.is_end()"),
    ("pgn", "n.game()"),
    ("pgn", "n.root()"),
    ("pgn", "n.clock()"),
    ("pgn", "n.eval()"),
    ("pgn", "g.headers['White']"),
    ("pgn", "g.end()"),
    ("pgn", "list(g.mainline())"),
    ("pgn", "list(g.mainline_moves())"),
    ("pgn", "for _ in g.mainline(): pass"),
    ("pgn", "g.board()"),
    ("pgn", "C.pgn.read_game(io.StringIO(pgn_text))"),
    ("pgn", "str(g)"),
]


def load_game(lib, text):
    return lib.pgn.read_game(io.StringIO(text))


def first_game_text():
    text = PGN_FILE.read_text()
    return text.split("\n\n[Event")[0] + "\n"


def namespace(lib, fen):
    """The names a statement uses, made with `lib` for the position `fen`."""
    b = lib.Board(fen)
    moves = list(b.legal_moves)
    # A fixed move: the first in UCI order, so that both libraries time the same one.
    moves.sort(key=lambda mv: mv.uci())
    m = moves[len(moves) // 2]
    caps = [mv for mv in moves if b.is_capture(mv)]
    cap = caps[0] if caps else m
    occupied = sorted(b.piece_map())
    sq = [s for s in occupied if b.piece_at(s).piece_type != lib.KING][len(occupied) // 2]
    empty = next(s for s in range(16, 48) if b.piece_at(s) is None)
    pgn_text = first_game_text()
    g = load_game(lib, pgn_text)
    n = g
    for _ in range(20):
        n = n.next()
    return {
        "C": lib,
        "io": io,
        "b": b,
        "x": lib.Board(fen),
        "m": m,
        "m2": lib.Move.from_uci(m.uci()),
        "cap": cap,
        "u": m.uci(),
        "sn": b.san(m),
        "p": b.piece_at(sq),
        "p2": lib.Piece(b.piece_at(sq).piece_type, b.piece_at(sq).color),
        "sq": sq,
        "sq2": 63 - sq,
        "e": empty,
        "s": b.attacks(sq) | b.pieces(lib.PAWN, lib.WHITE),
        "s2": b.pieces(lib.PAWN, lib.BLACK) | b.attacks(sq),
        "t": lib.SquareSet(0xF0F0),
        "T": [lib.SquareSet(0xF0F0)],
        "bb": b.occupied,
        "fen": fen,
        "bfen": b.board_fen(),
        "epd": b.epd(),
        "pm": b.piece_map(),
        "g": g,
        "n": n,
        "pgn_text": pgn_text,
    }


def calibrate(timer, budget=0.004):
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= budget / 4:
            return max(1, int(number * budget / elapsed))
        number *= 4


def time_calls(rounds, only):
    spaces = {lib.__name__: [namespace(lib, fen) for fen in POSITIONS] for lib in (chess, bitmove)}
    rows = []
    for group, stmt in CALLS:
        if only and only not in stmt:
            continue
        ratios, ns_pc, ns_bm = [], [], []
        failed = None
        for index in range(len(POSITIONS)):
            timers = {}
            for name in ("chess", "bitmove"):
                timers[name] = timeit.Timer(stmt, globals=dict(spaces[name][index]))
            try:
                number = calibrate(timers["chess"])
                timers["bitmove"].timeit(1)
            except Exception as error:  # noqa: BLE001 - reported in the table
                failed = f"{type(error).__name__}: {error}"
                break
            for _ in range(rounds):
                pc = timers["chess"].timeit(number) / number
                bm = timers["bitmove"].timeit(number) / number
                ratios.append(pc / bm)
                ns_pc.append(pc * 1e9)
                ns_bm.append(bm * 1e9)
        if failed:
            rows.append((group, stmt, None, None, None, failed))
            print(f"  {stmt}: {failed}", file=sys.stderr)
            continue
        row = (
            group,
            stmt,
            statistics.median(ns_pc),
            statistics.median(ns_bm),
            statistics.median(ratios),
            "",
        )
        rows.append(row)
        print(f"  {stmt:60} {row[2]:10.0f} {row[3]:10.0f} {row[4]:7.2f}x", file=sys.stderr)
    return rows


# ---- the typical scripts, each written once for whichever module `C` is ----


def script_playouts(C, seed):
    """Random games to the end: list(legal_moves), push, is_game_over. Per ply."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(4):
        board = C.Board()
        while not board.is_game_over() and board.ply() < 300:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return plies


VALUES = [0, 1, 3, 3, 5, 9, 0]


def script_minimax(C, seed):
    """A 3-ply push/pop negamax with a piece_map() material count. Per leaf."""
    leaves = 0

    def material(board):
        score = 0
        for piece in board.piece_map().values():
            value = VALUES[piece.piece_type]
            score += value if piece.color == board.turn else -value
        return score

    def negamax(board, depth):
        nonlocal leaves
        if depth == 0:
            leaves += 1
            return material(board)
        best = -1000
        for move in board.legal_moves:
            board.push(move)
            score = -negamax(board, depth - 1)
            board.pop()
            best = max(best, score)
        return best

    negamax(C.Board(POSITIONS[seed % len(POSITIONS)]), 3)
    return leaves


def script_notation(C, seed, games=None):
    """SAN, UCI and FEN of every move of 30 master games. Per move."""
    count = 0
    for start, ucis in games[C.__name__]:
        board = C.Board(start)
        for uci in ucis:
            move = C.Move.from_uci(uci)
            board.san(move)
            move.uci()
            board.push(move)
            board.fen()
            count += 1
    return count


def script_tagger(C, seed, fens=None):
    """A puzzle tagger's questions: hanging and pinned pieces, attacked squares. Per position."""
    for fen in fens:
        board = C.Board(fen)
        hanging = pinned = 0
        reach = 0
        for square, piece in board.piece_map().items():
            enemies = board.attackers(not piece.color, square)
            if enemies and not board.attackers(piece.color, square):
                hanging += 1
            if board.is_pinned(piece.color, square):
                pinned += 1
            reach += len(board.attacks(square))
        board.checkers()
    return len(fens)


def script_read_games(C, seed, text=None):
    """read_game over 30 lichess games, replaying each mainline. Per game."""
    handle = io.StringIO(text)
    count = 0
    while True:
        game = C.pgn.read_game(handle)
        if game is None:
            break
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        count += 1
    return count


def prepared_scripts():
    games = {}
    for lib in (chess, bitmove):
        handle = io.StringIO(NOTATION_PGN.read_text())
        out = []
        while (game := chess.pgn.read_game(handle)) is not None:
            out.append((game.board().fen(), [mv.uci() for mv in game.mainline_moves()]))
        games[lib.__name__] = out
    rng = random.Random(7)
    fens = []
    while len(fens) < 40:
        board = chess.Board()
        for _ in range(rng.randrange(16, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            fens.append(board.fen())
    text = PGN_FILE.read_text()
    return [
        ("random playouts (legal_moves, push, is_game_over)", "ply", script_playouts, {}),
        ("3-ply push/pop minimax, piece_map() material", "leaf", script_minimax, {}),
        ("SAN, UCI and FEN of every move", "move", script_notation, {"games": games}),
        ("puzzle tagger: attackers, attacks, is_pinned", "position", script_tagger, {"fens": fens}),
        ("read_game + mainline replay (lichess)", "game", script_read_games, {"text": text}),
    ]


def time_scripts(rounds):
    rows = []
    for title, unit, script, kwargs in prepared_scripts():
        ratios, us_pc, us_bm = [], [], []
        for round_ in range(rounds):
            per = {}
            for lib in (chess, bitmove):
                start = time.perf_counter()
                items = script(lib, round_, **kwargs)
                per[lib.__name__] = (time.perf_counter() - start) / items * 1e6
            ratios.append(per["chess"] / per["bitmove"])
            us_pc.append(per["chess"])
            us_bm.append(per["bitmove"])
        row = (title, unit, statistics.median(us_pc), statistics.median(us_bm))
        row += (statistics.median(ratios),)
        rows.append(row)
        print(f"  {title:55} {row[2]:9.2f} {row[3]:9.2f} {row[4]:7.1f}x", file=sys.stderr)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", help="time only the calls whose statement contains this")
    parser.add_argument("--calls-only", action="store_true")
    parser.add_argument("--scripts-only", action="store_true")
    parser.add_argument("--csv", help="also write the call rows to this file")
    args = parser.parse_args()

    print(f"python-chess {chess.__version__}, bitmove {bitmove.__version__}, {args.rounds} rounds")
    if not args.scripts_only:
        rows = time_calls(args.rounds, args.only)
        print("\n| group | call | python-chess ns | bitmove ns | speed-up |")
        print("|---|---|---:|---:|---:|")
        for group, stmt, pc, bm, ratio, failed in rows:
            if failed:
                print(f"| {group} | `{stmt}` | | | fails: {failed} |")
            else:
                print(f"| {group} | `{stmt}` | {pc:.0f} | {bm:.0f} | {ratio:.2f}x |")
        good = [r for r in rows if r[4] is not None]
        slow = [r for r in good if r[4] < 2 and r[0] != "attr"]
        slow_attr = [r for r in good if r[4] < 1 and r[0] == "attr"]
        print(
            f"\n{len(good)} calls; below 2x: {len(slow)}; attribute reads below 1x: "
            f"{len(slow_attr)}; geometric mean {math.exp(statistics.mean(math.log(r[4]) for r in good)):.1f}x"
        )
        for r in slow + slow_attr:
            print(f"  below goal: `{r[1]}` {r[4]:.2f}x")
        if args.csv:
            with open(args.csv, "w") as out:
                for group, stmt, pc, bm, ratio, failed in rows:
                    out.write(f"{group}\t{stmt}\t{pc}\t{bm}\t{ratio}\t{failed}\n")
    if not args.calls_only:
        rows = time_scripts(args.rounds)
        print("\n| script | per | python-chess µs | bitmove µs | speed-up |")
        print("|---|---|---:|---:|---:|")
        for title, unit, pc, bm, ratio in rows:
            print(f"| {title} | {unit} | {pc:.2f} | {bm:.2f} | {ratio:.1f}x |")
        geomean = math.exp(statistics.mean(math.log(r[4]) for r in rows))
        print(f"\ngeometric mean of the scripts: {geomean:.1f}x")


if __name__ == "__main__":
    main()
