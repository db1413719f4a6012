"""An ML encoder: a board as a (12, 8, 8) array of piece planes and a (64, 64) legal-move
mask, walking the pieces python-chess's way.

Written for python-chess; runs unchanged on bitmove (only the import differs):

    python encoder.py [positions] [seed]
"""

import random
import sys

import bitmove as chess
import numpy as np


def encode_planes(board):
    planes = np.zeros((12, 8, 8), dtype=np.float32)
    for square, piece in board.piece_map().items():
        offset = 0 if piece.color == chess.WHITE else 6
        plane = offset + piece.piece_type - 1
        planes[plane, chess.square_rank(square), chess.square_file(square)] = 1.0
    return planes


def encode_mask(board):
    mask = np.zeros((64, 64), dtype=np.float32)
    for move in board.legal_moves:
        mask[move.from_square, move.to_square] = 1.0
    return mask


def main():
    positions = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rng = random.Random(seed)
    board = chess.Board()
    planes_sum = np.zeros((12, 8, 8), dtype=np.float64)
    mask_sum = np.zeros((64, 64), dtype=np.float64)
    checksum = 0
    for index in range(positions):
        if board.is_game_over():
            board.reset()
        planes = encode_planes(board)
        mask = encode_mask(board)
        planes_sum += planes
        mask_sum += mask
        checksum = (checksum * 31 + int(planes.sum()) * 4099 + int(mask.sum())) % 1_000_000_007
        moves = sorted(board.legal_moves, key=lambda move: move.uci())
        board.push(rng.choice(moves))
        if index % 50 == 0:
            print(index, board.fen())
    print("planes per piece", [int(x) for x in planes_sum.sum(axis=(1, 2))])
    print("moves per from-square", [int(x) for x in mask_sum.sum(axis=1)])
    print("checksum", checksum)


if __name__ == "__main__":
    main()
