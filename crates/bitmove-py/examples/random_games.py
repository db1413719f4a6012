"""Plays seeded random games to the end and counts results and terminations.

Written for python-chess; runs unchanged on bitmove (only the import differs):

    python random_games.py [games] [seed]
"""

import random
import sys
from collections import Counter

import bitmove as chess


def play(rng):
    board = chess.Board()
    sans = []
    while not board.is_game_over():
        moves = sorted(board.legal_moves, key=lambda move: move.uci())
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    outcome = board.outcome()
    return board.result(), outcome.termination.name, len(sans), sans[-1]


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2024
    rng = random.Random(seed)
    results = Counter()
    terminations = Counter()
    plies = 0
    last_moves = Counter()
    for _ in range(games):
        result, termination, length, last = play(rng)
        results[result] += 1
        terminations[termination] += 1
        plies += length
        last_moves[last[-1] == "#"] += 1
    print("games", games, "plies", plies)
    for result, count in sorted(results.items()):
        print("result", result, count)
    for termination, count in sorted(terminations.items()):
        print("termination", termination, count)
    print("mates by the last move", last_moves[True])


if __name__ == "__main__":
    main()
