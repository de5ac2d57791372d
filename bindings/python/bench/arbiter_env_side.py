"""arbiter's environment side: random games through `arbiter.envs.aec_env(GAME)`,
PettingZoo's order-enforcing wrapper included, as a learning agent's loop meets it.

    python arbiter_env_side.py env GAME GAMES SEED PLY_CAP
"""

from arbiter import envs
from common import arguments, env_playout, report

OPTIONS = {"xiangqi": {}, "draughts": {}, "renju": {"rules": "renju", "size": 15}, "twixt": {"size": 24}}


def main():
    (task, name, games, seed, cap), _ = arguments()
    assert task == "env"
    game = "gomoku" if name == "renju" else name
    seconds, steps = env_playout(envs.aec_env(game, **OPTIONS[name]), int(games), int(seed), int(cap))
    report(seconds, steps)


if __name__ == "__main__":
    main()
