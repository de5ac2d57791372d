"""arbiter's side alone, long enough to profile (no timing of its own):

    perf record -F 999 -g target/pybench/venv-arbiter/bin/python \\
        bindings/python/bench/profile_arbiter.py legal xiangqi 20
    perf report --no-children --sort dso,symbol -g none

`legal GAME REPEATS` lists the moves of the positions file REPEATS times (the games
made once, before); `playout GAME GAMES` plays random games as the playout cases do.
"""

import random
import sys

import arbiter
from arbiter_side import START, from_text, game_name
from common import read_lines

ROOT = __file__.rsplit("/bindings/", 1)[0]


def main():
    task, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if task == "legal":
        games = [from_text(name, text) for text in read_lines(f"{ROOT}/target/pybench/positions/{name}.txt")]
        for _ in range(n):
            for game in games:
                game.legal_moves()
    else:
        rng = random.Random(1)
        for _ in range(n):
            game = arbiter.Game(game_name(name), **START[name])
            for _ in range(300):
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))


if __name__ == "__main__":
    main()
