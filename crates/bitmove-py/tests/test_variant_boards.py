"""`bitmove.variant`'s boards against python-chess's `chess.variant`, call by call: seeded
random games of every variant, comparing at every ply the legal moves, FEN, SAN, checks,
the variant's endings, outcome, status, pockets and check counters, then taking every move
back."""

from __future__ import annotations

import random

import bitmove
import bitmove.variant
import chess
import chess.variant
import pytest

NAMES = [
    "SuicideBoard",
    "GiveawayBoard",
    "AntichessBoard",
    "AtomicBoard",
    "KingOfTheHillBoard",
    "RacingKingsBoard",
    "HordeBoard",
    "ThreeCheckBoard",
    "CrazyhouseBoard",
]


def same(ours, theirs) -> None:
    fen = theirs.fen()
    assert ours.fen() == fen
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(
        m.uci() for m in theirs.legal_moves
    ), fen
    assert ours.legal_moves.count() == theirs.legal_moves.count(), fen
    assert ours.is_check() == theirs.is_check(), fen
    for name in ("is_variant_end", "is_variant_win", "is_variant_loss", "is_variant_draw"):
        assert getattr(ours, name)() == getattr(theirs, name)(), (name, fen)
    assert ours.is_checkmate() == theirs.is_checkmate(), fen
    assert ours.is_stalemate() == theirs.is_stalemate(), fen
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    assert ours.result() == theirs.result(), fen
    assert int(ours.status()) == int(theirs.status()), fen
    if isinstance(theirs, chess.variant.CrazyhouseBoard):
        assert [str(p) for p in ours.pockets] == [str(p) for p in theirs.pockets]
    if isinstance(theirs, chess.variant.ThreeCheckBoard):
        assert ours.remaining_checks == list(theirs.remaining_checks)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_agree_call_by_call(name, seed):
    rng = random.Random(f"{name}{seed}")
    theirs = getattr(chess.variant, name)()
    ours = getattr(bitmove.variant, name)()
    assert ours.uci_variant == theirs.uci_variant
    assert ours.starting_fen == theirs.starting_fen
    assert ours.aliases == theirs.aliases
    plies = 0
    while not theirs.is_game_over() and plies < 200:
        same(ours, theirs)
        move = rng.choice(list(theirs.legal_moves))
        ours_move = bitmove.Move.from_uci(move.uci())
        assert ours.is_legal(ours_move)
        assert ours.san(ours_move) == theirs.san(move)
        assert ours.parse_san(theirs.san(move)).uci() == move.uci()
        assert ours.gives_check(ours_move) == theirs.gives_check(move)
        assert ours.push_san(theirs.san(move)).uci() == move.uci()
        theirs.push(move)
        plies += 1
    same(ours, theirs)
    outcome = theirs.outcome()
    if outcome is None:
        assert ours.outcome() is None
    else:
        assert ours.outcome().termination.name == outcome.termination.name
        assert ours.outcome().winner == outcome.winner
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    assert ours.root().fen() == theirs.root().fen()
    copy = ours.copy()
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen() == theirs.fen()
    assert copy.fen() != ours.fen() or plies == 0
    assert type(copy) is type(ours)


def test_find_variant_and_the_list():
    assert [v.__name__ for v in bitmove.variant.VARIANTS] == [
        v.__name__ for v in chess.variant.VARIANTS
    ]
    for board in chess.variant.VARIANTS:
        for alias in board.aliases:
            assert bitmove.variant.find_variant(alias).__name__ == board.__name__
            assert bitmove.variant.find_variant(alias.upper()).__name__ == board.__name__
    with pytest.raises(ValueError):
        bitmove.variant.find_variant("Bughouse")


def test_variant_boards_hold_any_placement():
    """As python-chess's: an empty board, a horde with a white king; `status()` says what is
    wrong. A pocket of 200 pieces is still refused (at most 32)."""
    empty = bitmove.variant.AtomicBoard(None)
    assert empty.fen() == chess.variant.AtomicBoard(None).fen()
    assert empty.status() == chess.variant.AtomicBoard(None).status()
    assert list(empty.legal_moves) == []
    fen = "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1"
    horde = bitmove.variant.HordeBoard(fen)
    assert horde.status() == chess.variant.HordeBoard(fen).status()
    assert horde.fen() == fen
    with pytest.raises(bitmove.FenError):
        bitmove.variant.CrazyhouseBoard("8/8/8/8/8/8/8/K6k[" + "Q" * 200 + "] w - - 0 1")
    board = bitmove.variant.CrazyhouseBoard()
    with pytest.raises(bitmove.IllegalMoveError):
        board.push(bitmove.Move.from_uci("N@e4"))  # empty pocket
    with pytest.raises(ValueError):
        bitmove.Board().push(bitmove.Move.from_uci("N@e4"))
    assert isinstance(board, bitmove.Board)


def test_pgn_variant_games_get_their_variant_boards():
    """bitmove.pgn replays lichess variant games by their Variant tag, as chess.pgn does:
    the same mainline, end position and board class (variations of variant games are
    skipped by bitmove's reader)."""
    import io
    from pathlib import Path

    import bitmove.pgn
    import chess.pgn

    text = (Path(__file__).parents[3] / "tests/data/pgn/variants-random-14.pgn").read_text()
    ours_handle, theirs_handle = io.StringIO(text), io.StringIO(text)
    count = 0
    while True:
        theirs = chess.pgn.read_game(theirs_handle)
        ours = bitmove.pgn.read_game(ours_handle)
        if theirs is None:
            assert ours is None
            break
        assert not ours.errors, ours.errors
        assert type(ours.board()).__name__ == type(theirs.board()).__name__
        assert [m.uci() for m in ours.mainline_moves()] == [
            m.uci() for m in theirs.mainline_moves()
        ]
        assert ours.end().board().fen() == theirs.end().board().fen()
        count += 1
    assert count == 14


# Status bits for what bitmove's variant rules cannot play (no king where the variant looks
# for one, pawns on the back ranks, a side not to move in check where checks count, more
# than two checkers, pawns in racing kings): there a variant board has no legal moves, where
# python-chess still generates some. Every other position, valid or not, plays the same.
UNPLAYABLE = (
    chess.STATUS_NO_WHITE_KING
    | chess.STATUS_NO_BLACK_KING
    | chess.STATUS_TOO_MANY_KINGS
    | chess.STATUS_PAWNS_ON_BACKRANK
    | chess.STATUS_OPPOSITE_CHECK
    | chess.STATUS_TOO_MANY_CHECKERS
    | chess.STATUS_RACE_MATERIAL
)


def random_lax_position(rng: random.Random, name: str):
    """python-chess's variant board with a random placement (kings or not, pawns anywhere,
    up to 26 pieces), side, castling letters, pockets and check counters."""
    theirs = getattr(chess.variant, name)(None)
    kings = rng.random() < 0.7
    kinds = "PNBRQ" * 2 + "P" * 4 + ("" if kings else "K" * 3)
    squares = rng.sample(range(64), rng.randint(2, 26))
    for square in squares[2:]:
        symbol = rng.choice(kinds)
        theirs.set_piece_at(square, chess.Piece.from_symbol(rng.choice([symbol, symbol.lower()])))
    if kings:
        white_king = "P" if name == "HordeBoard" else "K"
        theirs.set_piece_at(squares[0], chess.Piece.from_symbol(white_king))
        theirs.set_piece_at(squares[1], chess.Piece.from_symbol("k"))
    theirs.turn = rng.random() < 0.5
    theirs.set_castling_fen(rng.choice(["-", "KQkq", "Kq", "k"]))
    if name == "CrazyhouseBoard":
        for color in chess.COLORS:
            for _ in range(rng.randint(0, 4)):
                theirs.pockets[color].add(rng.randint(1, 5))
    if name == "ThreeCheckBoard":
        theirs.remaining_checks[chess.WHITE] = rng.randint(0, 3)
        theirs.remaining_checks[chess.BLACK] = rng.randint(0, 3)
    # Through its FEN: castling rights without their rook are written as none.
    theirs.set_fen(theirs.fen())
    return theirs


def unplayable(board) -> bool:
    """Whether bitmove's rules cannot play `board` (python-chess's): the status bits above,
    or a side without the one king its variant looks for (atomic: the side to move may have
    lost it; horde: White has none; antichess: any kings)."""
    if board.status() & UNPLAYABLE:
        return True
    if isinstance(board, chess.variant.SuicideBoard):
        return False
    kings = [len(board.pieces(chess.KING, color)) for color in chess.COLORS]
    if isinstance(board, chess.variant.AtomicBoard):
        return kings[not board.turn] != 1 or kings[board.turn] > 1
    if isinstance(board, chess.variant.HordeBoard):
        return kings != [0, 1]
    return kings != [1, 1]


def same_lax(ours, theirs) -> None:
    """The calls every placement answers as python-chess; the rest where bitmove plays it."""
    fen = theirs.fen()
    assert ours.fen() == fen
    assert int(ours.status()) == int(theirs.status()), fen
    assert ours.is_valid() == theirs.is_valid(), fen
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    for color in chess.COLORS:
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color)
    moves = sorted(m.uci() for m in ours.legal_moves)
    if unplayable(theirs):
        assert moves in ([], sorted(m.uci() for m in theirs.legal_moves)), fen
        return
    same(ours, theirs)
    for move in theirs.legal_moves:
        assert ours.san(bitmove.Move.from_uci(move.uci())) == theirs.san(move), fen
    outcome = theirs.outcome()
    if outcome is None:
        assert ours.outcome() is None, fen
    else:
        assert ours.outcome().termination.name == outcome.termination.name, fen
        assert ours.outcome().winner == outcome.winner, fen


@pytest.mark.parametrize("name", NAMES)
def test_random_impossible_positions_agree_call_by_call(name):
    """Random placements (no kings, 26 pieces, pawns on the back ranks, kings in check),
    read from python-chess's FEN and built piece by piece on an empty board, then two
    random moves into each, against python-chess."""
    rng = random.Random(f"lax{name}")
    playable = 0
    for _ in range(300):
        theirs = random_lax_position(rng, name)
        fen = theirs.fen()
        ours = getattr(bitmove.variant, name)(fen)
        same_lax(ours, theirs)
        built = getattr(bitmove.variant, name)(None)
        for square, piece in theirs.piece_map().items():
            built.set_piece_at(square, bitmove.Piece.from_symbol(piece.symbol()))
        built.turn = theirs.turn
        built.castling_rights = theirs.castling_rights
        if name == "CrazyhouseBoard":
            for color in chess.COLORS:
                for piece_type in range(1, 6):
                    for _ in range(theirs.pockets[color].count(piece_type)):
                        built.pockets[color].add(piece_type)
        if name == "ThreeCheckBoard":
            built.set_fen(fen)
        same_lax(built, theirs)
        for _ in range(2):
            moves = list(theirs.legal_moves)
            if unplayable(theirs) or not moves:
                break
            playable += 1
            move = rng.choice(moves)
            assert ours.push_san(theirs.san(move)).uci() == move.uci()
            theirs.push(move)
            same_lax(ours, theirs)
        while ours.move_stack:
            ours.pop()
        assert ours.fen() == fen
    assert playable > 20


@pytest.mark.parametrize("name", NAMES)
def test_hostile_placements_never_crash(name):
    """Forty queens, pieces everywhere, junk pockets and counters: answers or Python errors,
    never a crash; a position with more moves than a move list holds has none."""
    rng = random.Random(f"hostile{name}")
    cls = getattr(bitmove.variant, name)
    fens = [
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/k6K w - - 0 1",
        "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/k6K b - - 0 1",
        "q1q1q1q1/1Q1Q1Q1Q/q1q1q1q1/1Q1Q1Q1Q/q1q1q1q1/1Q1Q1Q1Q/q1q1q1q1/KQ1Q1Q1k w - - 0 1",
        "PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp w KQkq e3 0 1",
        "8/PPPPPPPP/8/8/8/8/pppppppp/K6k w - - 0 1",
        "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w KQkq - 0 1",
    ]
    for _ in range(40):
        board = chess.Board(None)
        for square in rng.sample(range(64), rng.randint(30, 64)):
            board.set_piece_at(square, chess.Piece(rng.randint(1, 6), rng.random() < 0.5))
        fens.append(board.fen())
    for fen in fens:
        ours = cls(fen)
        ours.status()
        ours.outcome()
        ours.is_insufficient_material()
        for move in list(ours.legal_moves)[:20]:
            ours.san(move)
            ours.push(move)
            list(ours.legal_moves)
            ours.fen()
            ours.pop()
        assert ours.fen().split()[0].split("[")[0] == fen.split()[0]
    for junk in ["8/8/8/8/8/8/8/8[KKk] w - - 0 1", "8/8/8/8/8/8/8/8[" + "q" * 40 + "] w"]:
        with pytest.raises(ValueError):
            bitmove.variant.CrazyhouseBoard(junk)
    for junk in ["8/8/8/8/8/8/8/8 w - - 9+9 0 1", "8/8/8/8/8/8/8/8 w - - 0 1 +x+1"]:
        with pytest.raises(ValueError):
            bitmove.variant.ThreeCheckBoard(junk)
    board = bitmove.variant.CrazyhouseBoard(None)
    with pytest.raises(ValueError):
        board.pockets[chess.WHITE].remove(chess.QUEEN)
    with pytest.raises((ValueError, IndexError)):
        board._pocket_change(True, 6)


@pytest.mark.parametrize(
    ("name", "fen"),
    [
        ("AtomicBoard", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"),
        ("CrazyhouseBoard", "4k3/8/8/8/8/8/8/4R1K1[Nn] b - - 0 1"),
        ("ThreeCheckBoard", "4k3/8/8/8/8/8/8/4R1K1 b - - 2+1 0 1"),
        ("AntichessBoard", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"),
    ],
)
def test_null_move_pushes_in_check_as_python_chess(name, fen):
    """push(Move.null()) passes the turn also in check, as python-chess's does; the position
    after it (the side not to move in check) has no moves in bitmove when it is not valid
    (see docs/variants.md, Any placement), and pop() brings the game back."""
    ours = getattr(bitmove.variant, name)(fen)
    theirs = getattr(chess.variant, name)(fen)
    assert ours.san(bitmove.Move.null()) == theirs.san(chess.Move.null()) == "--"
    ours.push(bitmove.Move.null())
    theirs.push(chess.Move.null())
    assert ours.fen() == theirs.fen()
    assert ours.move_stack[-1] == bitmove.Move.null()
    assert ours.is_valid() == theirs.is_valid()
    if theirs.is_valid():  # antichess has no checks; atomic allows the other side in check
        assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}
    else:
        assert list(ours.legal_moves) == []
    assert ours.pop() == bitmove.Move.null()
    assert ours.fen() == fen
    assert theirs.pop() == chess.Move.null()
    assert ours.is_check() == theirs.is_check()
    assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}
