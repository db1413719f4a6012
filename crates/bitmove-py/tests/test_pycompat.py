"""`import bitmove as chess`: the python-chess names bitmove has, checked against python-chess
itself (the oracle) on the same positions, and the example scripts run under both modules."""

import pickle
import subprocess
import sys
from pathlib import Path

import bitmove
import chess
import chess.polyglot
import chess.variant
import pytest
from conftest import random_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# The names the issue lists, as python-chess spells them.
MODULE_NAMES = [
    "WHITE", "BLACK", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES",
    "SQUARES", "SQUARE_NAMES", "FILE_NAMES", "RANK_NAMES", "COLORS", "A1", "E4", "H8",
    "STARTING_FEN", "square", "square_file", "square_rank", "square_name", "parse_square",
    "square_distance", "square_mirror", "piece_symbol", "piece_name", "Piece", "SquareSet",
    "Move", "Board", "Termination", "Outcome", "flip_vertical", "flip_horizontal",
    "BB_SQUARES", "BB_ALL", "BB_EMPTY",
]  # fmt: skip
BOARD_NAMES = [
    "pieces", "piece_map", "piece_type_at", "piece_at", "color_at", "occupied", "reset",
    "set_fen", "king", "ply", "is_capture", "is_castling", "is_en_passant", "attackers",
    "is_attacked_by", "root", "mirror", "transform", "peek", "board_fen", "ep_square",
    "castling_rights", "has_kingside_castling_rights", "has_queenside_castling_rights",
    "has_castling_rights", "can_claim_draw", "can_claim_fifty_moves",
    "can_claim_threefold_repetition", "is_seventyfive_moves", "is_fivefold_repetition",
    "outcome", "is_game_over", "result", "turn", "legal_moves", "push", "pop", "copy",
    "move_stack", "san", "push_san", "push_uci", "parse_san", "parse_uci", "fen",
    "is_repetition", "is_check", "is_checkmate", "is_stalemate", "is_insufficient_material",
    "gives_check", "is_legal", "halfmove_clock", "fullmove_number", "chess960",
]  # fmt: skip
MOVE_NAMES = ["from_square", "to_square", "promotion", "drop", "uci", "from_uci", "null"]
PIECE_NAMES = ["piece_type", "color", "symbol", "unicode_symbol", "from_symbol"]


def test_every_listed_name_exists_in_both():
    import chess.polyglot

    for name in MODULE_NAMES:
        assert hasattr(chess, name), name
        assert hasattr(bitmove, name), name
        if not callable(getattr(chess, name)):
            assert getattr(bitmove, name) == getattr(chess, name), name
    for name in BOARD_NAMES:
        assert hasattr(chess.Board(), name), name
        assert hasattr(bitmove.Board(), name), name
    for name in MOVE_NAMES:
        assert hasattr(chess.Move.from_uci("e2e4"), name), name
        assert hasattr(bitmove.Move.from_uci("e2e4"), name), name
    for name in PIECE_NAMES:
        assert hasattr(chess.Piece(chess.PAWN, chess.WHITE), name), name
        assert hasattr(bitmove.Piece(bitmove.PAWN, bitmove.WHITE), name), name
    assert hasattr(bitmove.polyglot, "zobrist_hash") and hasattr(chess.polyglot, "zobrist_hash")


def test_square_functions_agree():
    for sq in chess.SQUARES:
        assert bitmove.square_file(sq) == chess.square_file(sq)
        assert bitmove.square_rank(sq) == chess.square_rank(sq)
        assert bitmove.square_name(sq) == chess.square_name(sq)
        assert bitmove.parse_square(chess.square_name(sq)) == sq
        assert bitmove.square_mirror(sq) == chess.square_mirror(sq)
        assert bitmove.square(chess.square_file(sq), chess.square_rank(sq)) == sq
        for other in (0, 27, 63):
            assert bitmove.square_distance(sq, other) == chess.square_distance(sq, other)
    for bb in (0, 1, 0x8100_0000_0000_0081, 0x0000_0010_0800_FF00, 2**64 - 1):
        assert bitmove.flip_vertical(bb) == chess.flip_vertical(bb)
        assert bitmove.flip_horizontal(bb) == chess.flip_horizontal(bb)
    with pytest.raises(ValueError):
        bitmove.parse_square("e9")
    assert [bitmove.piece_symbol(t) for t in chess.PIECE_TYPES] == [
        chess.piece_symbol(t) for t in chess.PIECE_TYPES
    ]


def test_square_set_agrees():
    for mask in (0, 1, 0x8100_0000_0000_0081, 0x0000_0010_0800_FF00, 2**64 - 1):
        ours, theirs = bitmove.SquareSet(mask), chess.SquareSet(mask)
        assert list(ours) == list(theirs)
        assert list(reversed(ours)) == list(reversed(theirs))
        assert len(ours) == len(theirs) and int(ours) == int(theirs) == mask
        assert [sq in ours for sq in chess.SQUARES] == [sq in theirs for sq in chess.SQUARES]
        assert str(ours) == str(theirs) and repr(ours) == repr(theirs)
        assert int(~ours) == int(~theirs)
        assert int(ours & 0xFF) == int(theirs & 0xFF) and int(ours | 1) == int(theirs | 1)
        assert bool(ours) == bool(theirs) and ours == theirs.mask
        assert int(ours.mirror()) == int(theirs.mirror())
    assert bitmove.SquareSet([0, 9, 63]) == chess.SquareSet([0, 9, 63]).mask


def test_piece_agrees():
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = bitmove.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert (ours.piece_type, ours.color) == (theirs.piece_type, theirs.color)
        assert ours.symbol() == theirs.symbol() == symbol
        assert ours.unicode_symbol() == theirs.unicode_symbol()
        assert ours.unicode_symbol(invert_color=True) == theirs.unicode_symbol(invert_color=True)
        assert bitmove.Piece(theirs.piece_type, theirs.color) == ours
        assert pickle.loads(pickle.dumps(ours)) == ours


def test_termination_names_and_values_are_python_chess_ones():
    for name in (
        "CHECKMATE", "STALEMATE", "INSUFFICIENT_MATERIAL", "SEVENTYFIVE_MOVES",
        "FIVEFOLD_REPETITION", "FIFTY_MOVES", "THREEFOLD_REPETITION",
    ):  # fmt: skip
        ours, theirs = getattr(bitmove.Termination, name), getattr(chess.Termination, name)
        assert (ours.name, ours.value) == (theirs.name, theirs.value)


def test_piece_map_is_in_python_chess_order():
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    ours, theirs = bitmove.Board(fen), chess.Board(fen)
    for mask in (chess.BB_ALL, chess.BB_RANK_2 | chess.BB_FILE_C, 0, chess.BB_E4):
        assert [(sq, p.symbol()) for sq, p in ours.piece_map(mask=mask).items()] == [
            (sq, p.symbol()) for sq, p in theirs.piece_map(mask=mask).items()
        ]


def compare_position(ours, theirs):
    assert ours.fen() == theirs.fen()
    assert ours.board_fen() == theirs.board_fen()
    assert ours.ply() == theirs.ply()
    assert ours.ep_square == theirs.ep_square
    assert ours.castling_rights == theirs.castling_rights
    assert ours.occupied == theirs.occupied
    # As lists: a dict's order is part of what a program sees (python-chess's runs from h8 down).
    assert [(sq, p.symbol()) for sq, p in ours.piece_map().items()] == [
        (sq, p.symbol()) for sq, p in theirs.piece_map().items()
    ]
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color)
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(
            color
        )
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(
            color
        )
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(color)
        for piece_type in chess.PIECE_TYPES:
            assert int(ours.pieces(piece_type, color)) == int(theirs.pieces(piece_type, color))
        for sq in (0, 12, 27, 36, 60, ours.king(color)):
            assert int(ours.attackers(color, sq)) == int(theirs.attackers(color, sq))
            assert ours.is_attacked_by(color, sq) == theirs.is_attacked_by(color, sq)
    for sq in chess.SQUARES:
        assert ours.piece_type_at(sq) == theirs.piece_type_at(sq)
        assert ours.color_at(sq) == theirs.color_at(sq)
    for move in theirs.legal_moves:
        mine = bitmove.Move.from_chess(move)
        assert ours.is_capture(mine) == theirs.is_capture(move), move
        assert ours.is_castling(mine) == theirs.is_castling(move), move
        assert ours.is_en_passant(mine) == theirs.is_en_passant(move), move
        assert move in ours.legal_moves
    assert ours.mirror().fen() == theirs.mirror().fen()
    assert bitmove.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs)
    assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves()
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
    assert ours.can_claim_draw() == theirs.can_claim_draw()
    assert ours.is_repetition(3) == theirs.is_repetition(3)
    for claim in (False, True):
        a, b = ours.outcome(claim_draw=claim), theirs.outcome(claim_draw=claim)
        assert (a is None) == (b is None), (claim, a, b)
        if a is not None:
            assert (a.termination.name, a.winner) == (b.termination.name, b.winner)
        assert ours.result(claim_draw=claim) == theirs.result(claim_draw=claim)


@pytest.mark.parametrize("seed", range(12))
def test_positions_of_random_games_agree(seed):
    boards = random_game(seed, max_plies=220)
    ours = bitmove.Board(boards[0].fen())
    compare_position(ours, boards[0])
    for theirs in boards[1:]:
        ours.push(theirs.peek())  # a python-chess Move
        compare_position(ours, theirs)
        assert ours.peek() == bitmove.Move.from_chess(theirs.peek())


def test_fifty_move_claims_agree():
    # Halfmove clock 99 and 100, with and without a quiet move available.
    for fen in (
        "8/8/8/4k3/8/8/8/R3K3 w - - 99 80",
        "8/8/8/4k3/8/8/8/R3K3 w - - 100 80",
        "8/8/8/4k3/8/8/4p3/4K3 w - - 99 80",
        "k7/P7/1K6/8/8/8/8/8 b - - 100 90",
        "8/8/8/4k3/8/8/8/R3K3 w - - 98 80",
    ):
        ours, theirs = bitmove.Board(fen), chess.Board(fen)
        compare_position(ours, theirs)


def test_threefold_claim_by_the_next_move_agrees():
    ours, theirs = bitmove.Board(), chess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
        ours.push_san(san)
        theirs.push_san(san)
        compare_position(ours, theirs)
    assert ours.can_claim_threefold_repetition() and not ours.is_repetition(3)
    assert ours.outcome(claim_draw=True).termination == bitmove.Termination.THREEFOLD_REPETITION


def test_repetition_ignores_an_illegal_en_passant_capture():
    # The game: after ...d5, exd6 would leave the white king on h5 to the a5 rook.
    start = "4k3/3p4/8/r3P2K/8/8/8/6N1 b - - 0 1"
    ours, theirs = bitmove.Board(start), chess.Board(start)
    for san in ["d5", "Nf3", "Kf8", "Ng1", "Ke8", "Nf3", "Kf8", "Ng1", "Ke8"]:
        ours.push_san(san)
        theirs.push_san(san)
        assert ours.is_repetition(3) == theirs.is_repetition(3)
    assert ours.is_repetition(3) and theirs.is_repetition(3)


def test_transform_agrees():
    for fen in (
        chess.STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ):
        for f in ("flip_vertical", "flip_horizontal"):
            theirs = chess.Board(fen).transform(getattr(chess, f))
            ours = bitmove.Board(fen).transform(getattr(bitmove, f))
            assert ours.board_fen() == theirs.board_fen(), f
            assert ours.castling_rights == theirs.castling_rights, f
            assert ours.clean_castling_rights() == theirs.clean_castling_rights(), f
            assert ours.fen() == theirs.fen(), f


def test_board_and_move_pickle():
    board = bitmove.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]:
        board.push_san(san)
    again = pickle.loads(pickle.dumps(board))
    assert again.fen() == board.fen() and again.move_stack == board.move_stack
    assert again.root().fen() == board.root().fen()
    c960 = bitmove.Board(
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess960=True
    )
    c960.push_uci("g1h1") if c960.is_legal(bitmove.Move.from_uci("g1h1")) else None
    assert pickle.loads(pickle.dumps(c960)).fen() == c960.fen()
    move = bitmove.Move.from_uci("e7e8q")
    assert pickle.loads(pickle.dumps(move)) == move
    assert pickle.loads(pickle.dumps(bitmove.Move.null())) == bitmove.Move.null()


def test_legal_moves_view_behaves_like_python_chess():
    ours, theirs = bitmove.Board(), chess.Board()
    ours.push_san("e4")
    theirs.push_san("e4")
    moves = list(ours.legal_moves)
    assert list(reversed(ours.legal_moves)) == moves[::-1]
    assert ours.legal_moves[2:5] == moves[2:5]
    assert ours.legal_moves[-1] == moves[-1]
    assert ours.legal_moves.count() == theirs.legal_moves.count() == len(moves)
    assert chess.Move.from_uci("e7e5") in ours.legal_moves
    assert chess.Move.from_uci("e7e4") not in ours.legal_moves
    assert "e7e5" not in ours.legal_moves


def test_copy_turn_reset_set_fen_root_null_move():
    ours, theirs = bitmove.Board(), chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6"]:
        ours.push_san(san)
        theirs.push_san(san)
    for n in (0, 1, 3, 10):
        assert [m.uci() for m in ours.copy(stack=n).move_stack] == [
            m.uci() for m in theirs.copy(stack=n).move_stack
        ]
        assert ours.copy(stack=n).fen() == theirs.copy(stack=n).fen()
    assert ours.copy(stack=False).move_stack == []
    assert ours.root().fen() == theirs.root().fen()
    ours.turn = chess.BLACK
    theirs.turn = chess.BLACK
    assert ours.fen() == theirs.fen()
    ours.set_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
    theirs.set_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
    assert ours.fen() == theirs.fen() and ours.move_stack == []
    ours.reset()
    theirs.reset()
    assert ours.fen() == theirs.fen()
    null = bitmove.Move.null()
    assert null.uci() == chess.Move.null().uci() == "0000" and not null
    assert bitmove.Move.from_uci("0000") == null


@pytest.mark.parametrize(
    "fen",
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "r3k3/8/8/8/8/8/8/4K2R w KQkq - 3 7",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    ],
)
def test_lenient_fen_reads_as_python_chess_does(fen):
    with pytest.raises(bitmove.FenError):
        bitmove.Board(fen, strict=True)
    ours, theirs = bitmove.Board(fen), chess.Board(fen)
    assert ours.fen() == theirs.fen() and ours.status() == theirs.status()
    assert ours.castling_rights == theirs.castling_rights
    assert ours.clean_castling_rights() == theirs.clean_castling_rights()


@pytest.mark.parametrize(
    "script, args",
    [("random_games.py", ["150", "11"]), ("encoder.py", ["300", "5"]), ("inspect_board.py", [])],
)
def test_example_scripts_print_the_same_under_both_modules(script, args, tmp_path):
    text = (EXAMPLES / script).read_text()
    assert "import bitmove as chess\n" in text
    outputs = []
    for module_line in ("import bitmove as chess\n", "import chess\n"):
        path = tmp_path / script
        path.write_text(text.replace("import bitmove as chess\n", module_line))
        done = subprocess.run(
            [sys.executable, str(path), *args],
            check=False,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].strip()


_STATE = (
    "turn",
    "castling_rights",
    "ep_square",
    "halfmove_clock",
    "fullmove_number",
    "chess960",
    "promoted",
    "pawns",
    "knights",
    "bishops",
    "rooks",
    "queens",
    "kings",
    "occupied",
)


def _state(board, read=getattr):
    """python-chess's state attributes of `board` as plain values, read by `read`."""
    values = {name: read(board, name) for name in _STATE}
    values["occupied_co"] = list(read(board, "occupied_co"))
    values["move_stack"] = [move.uci() for move in read(board, "move_stack")]
    return values


def test_state_attributes_are_plain_attributes_kept_in_step():
    # `board.turn`, `board.pawns`, `board.occupied_co`, `board.move_stack`, ... are read as
    # struct members (as fast as python-chess's plain attributes); the native side updates
    # them after every change. Each step runs on both libraries and every attribute must
    # agree with python-chess's and with the native getter behind it.
    import pickle

    import bitmove.variant
    from bitmove import _bitmove

    def native(board, name):
        return _bitmove.Board.__dict__[name].__get__(board)

    def null(b):
        return chess.Move.null() if isinstance(b, chess.Board) else bitmove.Move.null()

    def piece(b, symbol):
        return (chess if isinstance(b, chess.Board) else bitmove).Piece.from_symbol(symbol)

    steps = [
        lambda b: b.push_san("e4"),
        lambda b: b.push_uci("e7e5"),
        lambda b: b.push(b.parse_san("Nf3")),
        lambda b: b.push_xboard("Nc6"),
        lambda b: b.san_and_push(b.parse_san("Bb5")),
        lambda b: b.pop(),
        lambda b: b.push_san("Bc4"),
        lambda b: b.push_san("Nf6"),
        lambda b: b.push_san("O-O"),
        lambda b: b.push_san("Nxe4"),
        lambda b: b.push(null(b)),
        lambda b: b.pop(),
        lambda b: b.pop(),
        lambda b: b.apply_mirror(),
        lambda b: b.set_fen("8/8/8/8/8/8/8/K1k5 b - - 0 1"),
        lambda b: b.reset(),
        lambda b: b.push_san("d4"),
        lambda b: b.set_piece_at(chess.E5, piece(b, "Q"), promoted=True),
        lambda b: b.remove_piece_at(chess.D4),
        lambda b: b.apply_transform(chess.flip_horizontal),
        lambda b: b.set_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - hmvc 3;"),
        lambda b: b.push_san("e5"),
        lambda b: b.set_castling_fen("Qk"),
        lambda b: b.set_board_fen("8/8/3k4/8/8/4K3/8/8"),
        lambda b: b.set_piece_map({chess.A1: piece(b, "K"), chess.H8: piece(b, "k")}),
        lambda b: b.reset_board(),
        lambda b: b.clear_board(),
        lambda b: b.clear(),
        lambda b: b.set_chess960_pos(3),
        lambda b: setattr(b, "turn", False),
        lambda b: b.push_san("e6"),
        lambda b: b.clear_stack(),
        lambda b: setattr(b, "turn", True),
        lambda b: setattr(b, "castling_rights", chess.BB_H1),
        lambda b: setattr(b, "ep_square", chess.E3),
        lambda b: setattr(b, "ep_square", None),
        lambda b: setattr(b, "halfmove_clock", 40),
        lambda b: setattr(b, "fullmove_number", 7),
        lambda b: setattr(b, "promoted", chess.BB_RANK_1),
        lambda b: setattr(b, "chess960", False),
        lambda b: b.push_san("d4"),
    ]
    ours, theirs = bitmove.Board(), chess.Board()
    occupied_co, move_stack = ours.occupied_co, ours.move_stack
    for step in steps:
        step(ours)
        step(theirs)
        assert _state(ours) == _state(theirs) == _state(ours, native), steps.index(step)
        assert ours.fen() == theirs.fen()
        for made in (ours.copy(), ours.root(), ours.mirror(), pickle.loads(pickle.dumps(ours))):
            assert _state(made) == _state(made, native)
            assert made.occupied_co is not ours.occupied_co
            assert made.move_stack is not ours.move_stack
    # The lists are python-chess's: the same objects, changed in place.
    assert occupied_co is ours.occupied_co and move_stack is ours.move_stack
    # Set by a program, it changes the moves, as python-chess's does.
    board = bitmove.Board()
    board.turn = False
    assert all(uci[1] in "78" for uci in board.legal_moves_uci())
    assert pickle.loads(pickle.dumps(board)).turn is False
    board.some_flag = 1  # other attributes still work, and pickle keeps them
    assert vars(board) == {"some_flag": 1}
    assert pickle.loads(pickle.dumps(board)).some_flag == 1
    with pytest.raises(AttributeError):
        board.pawns = 0  # no setter, as the native getter has none
    # Boards made by the package are bitmove.Board instances; variants and subclasses keep it.
    for made in (
        bitmove.Board.from_chess(chess.Board("8/8/8/8/8/8/8/K1k5 b - - 0 1")),
        bitmove.Board.from_epd("8/8/8/8/8/8/8/K1k5 b - -")[0],
        bitmove.pgn.read_game(__import__("io").StringIO("1. e4 *")).end().board(),
        bitmove.variant.AtomicBoard(),
        bitmove.variant.CrazyhouseBoard(),
        bitmove.BaseBoard(),
    ):
        assert isinstance(made, bitmove.Board)
        assert _state(made) == _state(made, native)
    atomic = bitmove.variant.AtomicBoard()
    atomic.push_san("e4")
    atomic.push_san("d5")
    atomic.push_san("exd5")
    assert atomic.turn is False and _state(atomic) == _state(atomic, native)
    assert atomic.move_stack == [bitmove.Move.from_uci(u) for u in ("e2e4", "d7d5", "e4d5")]
    house = bitmove.variant.CrazyhouseBoard()
    for san in ("e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e6"):
        house.push_san(san)
    assert _state(house) == _state(house, native)
    house.pop()
    assert _state(house) == _state(house, native)

    class Mine(bitmove.Board):
        pass

    mine = Mine()
    mine.push_san("e4")
    assert mine.turn is False and mine.copy().turn is False
    assert _state(mine.copy()) == _state(mine, native)


@pytest.mark.parametrize(
    "change",
    [
        lambda b, m: b.clear_stack(),
        lambda b, m: b.set_board_fen("8/8/3k4/8/8/4K3/8/8"),
        lambda b, m: b.set_castling_fen("Kq"),
        lambda b, m: b.set_piece_map(
            {chess.A1: m.Piece.from_symbol("K"), chess.H8: m.Piece.from_symbol("k")}
        ),
        lambda b, m: b.clear_board(),
        lambda b, m: b.reset_board(),
        lambda b, m: b.clear(),
        lambda b, m: b.apply_transform(chess.flip_horizontal),
        lambda b, m: b.apply_mirror(),
        lambda b, m: b.set_piece_at(chess.E3, m.Piece.from_symbol("Q")),
        lambda b, m: b.remove_piece_at(chess.E4),
    ],
)
def test_changes_that_clear_the_stack_clear_a_variant_games_too(change):
    # python-chess's editing methods clear the move stack of every board; a variant board's
    # moves are the variant game's, which these must clear as well.
    import bitmove.variant
    import chess.variant

    ours, theirs = bitmove.variant.CrazyhouseBoard(), chess.variant.CrazyhouseBoard()
    for board in (ours, theirs):
        board.push_san("e4")
    change(ours, bitmove)
    change(theirs, chess)
    # (All but ep_square: a variant board keeps it only when a capture is legal, unlike
    # python-chess's, which keeps it after every double step; the FEN agrees.)
    ours_state, theirs_state = _state(ours), _state(theirs)
    del ours_state["ep_square"], theirs_state["ep_square"]
    assert ours_state == theirs_state
    assert ours.fen() == theirs.fen()


@pytest.mark.skipif(sys.version_info < (3, 11), reason="specialisation is CPython 3.11's")
def test_state_attributes_are_read_as_specialised_slots():
    # Not a timing: CPython rewrites an attribute read it can serve without a call (a struct
    # member: LOAD_ATTR_SLOT); a getter would stay a generic LOAD_ATTR.
    import dis

    board = bitmove.Board()

    def read(b):
        return b.turn, b.pawns, b.occupied_co, b.move_stack

    for _ in range(100):
        read(board)
    ops = [i.opname for i in dis.get_instructions(read, adaptive=True) if "LOAD_ATTR" in i.opname]
    assert ops == ["LOAD_ATTR_SLOT"] * 4, ops


@pytest.mark.skipif(sys.version_info < (3, 11), reason="specialisation is CPython 3.11's")
def test_native_method_calls_are_specialised_and_python_methods_stay():
    # Not a timing: CPython rewrites a call of a method descriptor of the object's own class
    # (PRECALL_METHOD_DESCRIPTOR_... in 3.11, CALL_METHOD_DESCRIPTOR_... later); a descriptor
    # of the native base class, called on a bitmove.Board, stays a generic call.
    import dis

    from bitmove.variant import CrazyhouseBoard

    def ask(b):
        return b.king(True), b.attackers(False, 28), b.checkers(), b.is_check()

    for board in (bitmove.Board(), CrazyhouseBoard()):
        # Long enough for a specialisation that misses every time to be dropped again.
        for _ in range(3000):
            ask(board)
        ops = [i.opname for i in dis.get_instructions(ask, adaptive=True) if "CALL" in i.opname]
        assert sum("METHOD_DESCRIPTOR" in op for op in ops) == 4, (type(board), ops)
        theirs = chess.Board() if type(board) is bitmove.Board else chess.variant.CrazyhouseBoard()
        assert [int(x) for x in ask(board)] == [int(x) for x in ask(theirs)]
    # The package's Python methods are not replaced (CrazyhouseBoard.reset keeps its pockets),
    # and a program's subclass overrides as on python-chess's plain class.
    board = CrazyhouseBoard("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1")
    board.reset()
    assert board.fen() == CrazyhouseBoard().fen()

    class Mine(bitmove.Board):
        def king(self, color):
            return "mine"

    assert Mine().king(True) == "mine" and Mine().queens == chess.Board().queens
    assert bitmove.Board.king(bitmove.Board(), True) == chess.E1
    with pytest.raises(TypeError):
        bitmove.Board.king(chess.Board(), True)


def test_copies_made_natively_are_their_own_boards_of_the_same_class():
    # copy() makes the subclass's object from Rust (no __new__ call): each copy has its own
    # state and its own attribute objects, which follow the copy, not the original.
    class Mine(bitmove.Board):
        pass

    for ours, theirs in ((Mine(), chess.Board()), (bitmove.Board(), chess.Board())):
        for san in ("e4", "e5", "Nf3"):
            ours.push_san(san)
            theirs.push_san(san)
        for keep in (None, False, 1):
            made = ours.copy() if keep is None else ours.copy(stack=keep)
            expected = theirs.copy() if keep is None else theirs.copy(stack=keep)
            assert type(made) is type(ours)
            assert made.turn is expected.turn is False and vars(made) == {}
            assert [m.uci() for m in made.move_stack] == [m.uci() for m in expected.move_stack]
            made.push_san("Nc6")
            expected.push_san("Nc6")
            assert made.turn is expected.turn is True and ours.turn is theirs.turn is False
            assert made.fen() == expected.fen() and ours.fen() == theirs.fen()
    with pytest.raises(TypeError):
        bitmove._bitmove.Board.__dict__["from_chess"].__get__(None, int)(chess.Board())


def test_move_hashes_are_equal_for_equal_moves_and_distinct_otherwise():
    # A move hashes as its number (one per distinct move): equal moves as python-chess's do,
    # and no two different moves alike, so sets and dicts of moves stay as python-chess's.
    def both(make):
        return make(bitmove.Move), make(chess.Move)

    made = [
        both(lambda M, f=f, t=t, p=p: M(f, t, p))
        for f in range(0, 64, 3)
        for t in range(64)
        for p in (None, 2, 5, 6)
        if f != t
    ]
    made += [both(lambda M, t=t, d=d: M(t, t, drop=d)) for t in range(64) for d in range(1, 7)]
    made += [both(lambda M: M(8, 16, drop=1)), both(lambda M: M(9, 16, drop=1))]
    made.append(both(lambda M: M.null()))
    ours = [o for o, _ in made]
    assert len({hash(o) for o in ours}) == len(set(ours)) == len({t for _, t in made})
    for o, t in made:
        again = bitmove.Move(o.from_square, o.to_square, o.promotion, o.drop)
        assert o == again and hash(o) == hash(again) and o.uci() == t.uci()
    assert {m: 1 for m in ours}[bitmove.Move.from_uci("a1b1")] == 1


def test_a_move_from_a_square_to_itself_is_not_the_null_move():
    # python-chess's null move is the one false move: from a1 to a1, no promotion, no drop.
    # Move(3, 3) is a (meaningless) move that writes d1d1, Move(0, 0, KNIGHT) a1a1n.
    for args in [(3, 3), (0, 0, 2), (63, 63, 5), (0, 0), (12, 12, None)]:
        ours, theirs = bitmove.Move(*args), chess.Move(*args)
        assert (ours.uci(), str(ours), repr(ours), bool(ours)) == (
            theirs.uci(),
            str(theirs),
            repr(theirs),
            bool(theirs),
        ), args
