"""Fairy-Stockfish's Python binding (pyffish), variant "xiangqi".

    python pyffish_side.py legal FILE [--counts OUT]
    python pyffish_side.py playout GAMES SEED PLY_CAP

pyffish keeps no position: every call reads a FEN (and plays the moves given after
it). Listing the moves of a position is `legal_moves(variant, fen, [])`, which reads
the FEN; arbiter's side reads its FEN in the timed section too. A playout carries the
position from move to move as a FEN (`get_fen` after each move), the fastest way the
binding offers: handing it the game's growing move list instead would replay the
whole game at every ply.
"""

import random
import sys

import pyffish
from common import arguments, read_lines, report, user_seconds

VARIANT = "xiangqi"


def legal(path, counts):
    fens = read_lines(path)
    start = user_seconds()
    per_position = [len(pyffish.legal_moves(VARIANT, fen, [])) for fen in fens]
    seconds = user_seconds() - start
    report(seconds, sum(per_position), counts, per_position)


def playout(games, seed, cap):
    rng = random.Random(seed)
    start_fen = pyffish.start_fen(VARIANT)
    plies = 0
    start = user_seconds()
    for _ in range(games):
        fen = start_fen
        for _ in range(cap):
            moves = pyffish.legal_moves(VARIANT, fen, [])
            if not moves:
                break
            fen = pyffish.get_fen(VARIANT, fen, [rng.choice(moves)])
            plies += 1
    seconds = user_seconds() - start
    report(seconds, plies)


def main():
    args, counts = arguments()
    if args[0] == "legal":
        legal(args[1], counts)
    elif args[0] == "playout":
        playout(int(args[1]), int(args[2]), int(args[3]))
    else:
        sys.exit(f"unknown task {args[0]}")


if __name__ == "__main__":
    main()
