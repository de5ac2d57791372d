"""py-draughts (imports as `draughts`), international draughts (`StandardBoard`).

    python py_draughts_side.py legal FILE [--counts OUT]
    python py_draughts_side.py playout GAMES SEED PLY_CAP

The boards are read from their FENs before the timed section, as arbiter's are. A
playout ends when the side to move has no move or `is_draw` says the game is drawn
(its 25-move, endgame and repetition rules), as arbiter's does.
"""

import random
import sys

from draughts import StandardBoard
from common import arguments, draughts_fen_listed, read_lines, report, user_seconds


def legal(path, counts):
    boards = [StandardBoard.from_fen(draughts_fen_listed(fen)) for fen in read_lines(path)]
    start = user_seconds()
    per_position = [len(board.legal_moves) for board in boards]
    seconds = user_seconds() - start
    report(seconds, sum(per_position), counts, per_position)


def playout(games, seed, cap):
    rng = random.Random(seed)
    plies = 0
    start = user_seconds()
    for _ in range(games):
        board = StandardBoard()
        for _ in range(cap):
            moves = board.legal_moves
            if not moves or board.is_draw:
                break
            board.push(rng.choice(moves))
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
