"""PettingZoo's side: random games through its own chess environment (`chess_v6`, on
python-chess), the reference of what reinforcement-learning users accept of a board
game environment.

    python pettingzoo_side.py env chess GAMES SEED PLY_CAP
"""

from common import arguments, env_playout, report
from pettingzoo.classic import chess_v6


def main():
    (task, name, games, seed, cap), _ = arguments()
    assert (task, name) == ("env", "chess")
    seconds, steps = env_playout(chess_v6.env(), int(games), int(seed), int(cap))
    report(seconds, steps)


if __name__ == "__main__":
    main()
