"""Board inspection: pieces, attacks, castling rights, en passant, captures and castling
moves, the mirrored board, for a few positions and the moves played from them.

Written for python-chess; runs unchanged on bitmove (only the import differs):

    python inspect_board.py
"""

import bitmove as chess

POSITIONS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 20",
]

PLAYS = {
    0: ["e4", "d5", "exd5", "c5", "dxc6", "Nf6", "Nf3", "e6", "Bc4", "Be7"],
    1: ["O-O", "Qc5", "Nd3"],
    2: ["exf6", "Nxf6"],
}

PIECE_TYPES = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING]


def describe(board):
    print("fen", board.fen())
    print("board_fen", board.board_fen())
    print("ep_square", board.ep_square)
    for color in (chess.WHITE, chess.BLACK):
        name = "white" if color == chess.WHITE else "black"
        king = board.king(color)
        print(name, "king", chess.square_name(king))
        print(name, "kingside", board.has_kingside_castling_rights(color))
        print(name, "queenside", board.has_queenside_castling_rights(color))
        for piece_type in PIECE_TYPES:
            squares = board.pieces(piece_type, color)
            print(name, piece_type, len(squares), [chess.square_name(s) for s in squares])
        attackers = board.attackers(not color, king)
        print(name, "king attackers", sorted(chess.square_name(s) for s in attackers))
    attacked = chess.SquareSet([s for s in chess.SQUARES if board.is_attacked_by(board.turn, s)])
    print("attacked by side to move", len(attacked), int(attacked))
    print("e4 in attacked", chess.E4 in attacked)
    for move in sorted(board.legal_moves, key=lambda move: move.uci()):
        flags = (board.is_capture(move), board.is_castling(move), board.is_en_passant(move))
        if any(flags):
            moved = board.piece_type_at(move.from_square)
            captured = board.piece_type_at(move.to_square)
            print("move", move.uci(), board.san(move), flags, moved, captured)
    mirrored = board.mirror()
    print("mirror", mirrored.fen())
    print(
        "mirror turn", mirrored.turn, "kingside", mirrored.has_kingside_castling_rights(chess.WHITE)
    )


def main():
    for index, fen in enumerate(POSITIONS):
        board = chess.Board(fen)
        describe(board)
        for san in PLAYS.get(index, []):
            board.push_san(san)
            describe(board)


if __name__ == "__main__":
    main()
