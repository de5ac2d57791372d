"""Where arbiter and the `renju` package disagree on forbidden points, whether it is
the one rule told apart below. Run after the forbidden-points case (it reads the
counts that case wrote), in the renju package's environment:

    target/pybench/venv-renju/bin/python bindings/python/bench/renju_disagreement.py

The package's test is Piskvork's: a three counts only if the point that makes it a
straight four is not itself foul, and in that inner test a point that makes a five
counts as foul (`foulr(..., five=1)`). By the rules a five is never forbidden, so
such a three is a three. This counts each position's forbidden points again with a
five allowed in the inner test and says how many positions still disagree.
"""

from pathlib import Path

import renju.check_forbid as check_forbid
from renju_side import grid

ROOT = Path(__file__).resolve().parents[3]
WORK = ROOT / "target" / "pybench"


def count(board, inner_five):
    checker = check_forbid.ForbidChecker(board, 0, 0)
    if inner_five is not None:
        outer = check_forbid.ForbidChecker.foulr
        checker.foulr = lambda x, y, five: outer(checker, x, y, inner_five)
    n = len(board)
    return sum(1 for x in range(n) for y in range(n) if board[x][y] == 0 and checker.foulr(x, y, 0))


def main():
    texts = (WORK / "positions" / "renju.txt").read_text().splitlines()
    counts = WORK / "counts"
    ours = (counts / "forbidden-renju-renju-arbiter.txt").read_text().split()
    theirs = (counts / "forbidden-renju-renju-renju.txt").read_text().split()
    differ = [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    print(f"{len(differ)} of {len(texts)} positions disagree (arbiter {sum(map(int, ours))} points, "
          f"renju {sum(map(int, theirs))})")
    still = [i for i in differ if count(grid(texts[i]), 0) != int(ours[i])]
    print(f"with a five allowed in the inner test: {len(still)} still disagree")
    for i in still[:5]:
        print(f"  line {i + 1}: {texts[i]}")


if __name__ == "__main__":
    main()
