"""What every side of the benchmark shares: reading the positions, the user CPU
clock, and the one line of JSON a run prints."""

import json
import resource
import sys


def user_seconds():
    """The user CPU time this process has used so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_utime


def read_lines(path):
    with open(path, encoding="utf-8") as file:
        return [line.rstrip("\n") for line in file if line.strip()]


def report(seconds, count, counts_path=None, per_position=None, **extra):
    """Prints the run's figures as one JSON line; writes the count of each
    position to `counts_path` when asked (after the timed section)."""
    if counts_path and per_position is not None:
        with open(counts_path, "w", encoding="utf-8") as file:
            file.write("".join(f"{n}\n" for n in per_position))
    print(json.dumps({"seconds": round(seconds, 4), "count": count, **extra}))


def draughts_fen_listed(fen):
    """A draughts FEN with its square ranges written out (`W:W31-33` becomes
    `W:W31,32,33`): arbiter writes ranges, the Python peers read lists only."""
    side, *colours = fen.split(":")
    parts = [side]
    for colour in colours:
        squares = []
        for token in filter(None, colour[1:].split(",")):
            king = token.startswith("K")
            body = token[1:] if king else token
            if "-" in body:
                low, high = (int(n) for n in body.split("-"))
                numbers = range(low, high + 1)
            else:
                numbers = [int(body)]
            squares += [("K" if king else "") + str(n) for n in numbers]
        parts.append(colour[0] + ",".join(squares))
    return ":".join(parts)


def arguments():
    """`TASK ARG...` and an optional `--counts PATH` anywhere after it."""
    args = sys.argv[1:]
    counts = None
    if "--counts" in args:
        i = args.index("--counts")
        counts = args[i + 1]
        del args[i : i + 2]
    return args, counts


def env_playout(env, games, seed, cap):
    """Random games through a PettingZoo AEC environment, a random action of the mask
    each step, as an agent that has learnt nothing plays: (user seconds, steps). The
    same loop for every environment measured."""
    import random

    import numpy as np

    rng = random.Random(seed)
    steps = 0
    start = user_seconds()
    for game in range(games):
        env.reset(seed=seed + game)
        for _ in range(cap):
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                break
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return user_seconds() - start, steps
