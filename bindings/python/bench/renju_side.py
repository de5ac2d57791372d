"""The `renju` package from PyPI (wind23/renju-python): its forbidden-point test is
a port of the Piskvork judge's (`renju.check_forbid`).

    python renju_side.py forbidden FILE [--counts OUT]
    python renju_side.py playout GAMES SEED PLY_CAP

Forbidden points: the package tests one point at a time (`get_foul_type(board, x,
y)`, which builds the four line arrays of the whole board for that one point). The
timed section here asks one `ForbidChecker` per position about every empty point
(`foulr(x, y, 0)`, what `get_foul_type` calls), so the line arrays are built once a
position; the boards and their lists of empty points are made before it, as
arbiter's positions are read before its timed section.

A playout picks a random empty point and plays it with `RenjuBoard.play_move` until
the game is over. Under this package's rules a forbidden point may be played and
Black loses by it (arbiter refuses it, so arbiter's playout picks among the moves
it allows): the games are not the same games, and the plies are printed.
"""

import random
import sys

from renju import BoardStatus, RenjuBoard, Rule
from renju.check_forbid import ForbidChecker
from common import arguments, read_lines, report, user_seconds


def grid(text):
    """arbiter's board text (rows from the top, `x` Black, `o` White) as the
    package's board[x][y] (x the column, y the row from the bottom; 1 Black, 2 White)."""
    rows = text.split("/")
    size = len(rows)
    board = [[0] * size for _ in range(size)]
    for r, row in enumerate(rows):
        y = size - 1 - r
        for x, cell in enumerate(row):
            board[x][y] = {"x": 1, "o": 2}.get(cell, 0)
    return board


def forbidden(path, counts):
    boards = [grid(text) for text in read_lines(path)]
    empties = [[(x, y) for x in range(len(b)) for y in range(len(b)) if b[x][y] == 0] for b in boards]
    start = user_seconds()
    per_position = []
    for board, points in zip(boards, empties):
        checker = ForbidChecker(board, 0, 0)
        per_position.append(sum(1 for x, y in points if checker.foulr(x, y, 0)))
    seconds = user_seconds() - start
    report(seconds, sum(per_position), counts, per_position)


def playout(games, seed, cap):
    rng = random.Random(seed)
    plies = 0
    start = user_seconds()
    for _ in range(games):
        board = RenjuBoard(board_size=15, rule=Rule.RENJU)
        empty = [(x, y) for x in range(15) for y in range(15)]
        for _ in range(cap):
            if board.status != BoardStatus.ONGOING:
                break
            i = rng.randrange(len(empty))
            empty[i], empty[-1] = empty[-1], empty[i]
            board.play_move(*empty.pop())
            plies += 1
    seconds = user_seconds() - start
    report(seconds, plies)


def main():
    args, counts = arguments()
    if args[0] == "forbidden":
        forbidden(args[1], counts)
    elif args[0] == "playout":
        playout(int(args[1]), int(args[2]), int(args[3]))
    else:
        sys.exit(f"unknown task {args[0]}")


if __name__ == "__main__":
    main()
