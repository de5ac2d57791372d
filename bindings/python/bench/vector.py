"""Environment steps a second: arbiter's vector environment (`arbiter.envs.vector_env`,
256 games stepped in Rust) side by side with OpenSpiel's TwixT stepped from Python,
arbiter's own PettingZoo environment, and pgx on CPU where it has a game arbiter has,
in one run on one machine, the sides alternating.

    python bindings/python/bench/vector.py [--rounds N] [--only WORD ...]

It runs each side as a fresh process of its own virtual environment, made under
target/vecbench/ (OpenSpiel, pgx; arbiter's is target/python-venv, where
scripts/test installs the package, or ARBITER_PYTHON), and prints every run and the
medians. A side is this file run as `python vector.py side NAME ARGS...`; it prints
one JSON line: the wall-clock and CPU seconds of its timed section and the steps it
took. An environment step is one action in one game: a ply, or a landing of a
draughts capture.

Each side picks its actions at random among the legal ones, in the way its API
offers: the vector env in NumPy over the whole batch, from `info["action_mask"]`
(the `mask` rows) or from `info["legal_actions"]` (the `list` rows); OpenSpiel and
PettingZoo one game at a time in Python.
"""

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[3]
WORK = ROOT / "target" / "vecbench"
ARBITER = Path(os.environ.get("ARBITER_PYTHON", ROOT / "target" / "python-venv" / "bin" / "python"))
VENVS = {"openspiel": ["open_spiel"], "pgx": ["pgx", "jax[cpu]"]}

NUM_ENVS = 256
SEED = 1


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def report(wall, cpu, steps, **extra):
    print(json.dumps({"wall": round(wall, 4), "cpu": round(cpu, 4), "steps": steps, **extra}))


# ---- the sides ------------------------------------------------------------------


def options_of(words):
    options = {}
    for word in words:
        key, value = word.split("=", 1)
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    return options


def side_vector(game, num_envs, batches, threads, pick, *words):
    """arbiter's vector env: `batches` steps of `num_envs` games, random legal actions
    chosen in NumPy."""
    import numpy as np

    from arbiter import envs

    num_envs, batches, threads = int(num_envs), int(batches), int(threads)
    env = envs.vector_env(game, num_envs, threads=threads, **options_of(words))
    obs, info = env.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    rows = np.arange(num_envs)

    def from_list(info):
        counts = np.maximum(info["legal_count"], 1)
        return info["legal_actions"][rows, (rng.random(num_envs) * counts).astype(np.int64)]

    def from_mask(info):
        # Every legal action of the batch at once, then one per game.
        mask = info["action_mask"]
        game_of, action = np.nonzero(mask)
        counts = np.bincount(game_of, minlength=num_envs)
        starts = np.cumsum(counts) - counts
        picks = starts + (rng.random(num_envs) * counts).astype(np.int64)
        # An ended game has no legal action (its action is ignored by the autoreset).
        return action[np.minimum(picks, len(action) - 1)]

    choose = from_list if pick == "list" else from_mask
    for _ in range(5):
        obs, rewards, terminations, truncations, info = env.step(choose(info))
    episodes = 0
    wall, cpu = time.perf_counter(), cpu_seconds()
    for _ in range(batches):
        obs, rewards, terminations, truncations, info = env.step(choose(info))
        episodes += int(terminations.sum() + truncations.sum())
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    report(wall, cpu, num_envs * batches, episodes=episodes)


def side_pettingzoo(game, steps, *words):
    """arbiter's PettingZoo AEC env, one game at a time, as the existing benchmark
    steps it: `env.last()`, a random action of the mask, `env.step`."""
    import random

    import numpy as np

    from arbiter import envs

    steps = int(steps)
    env = envs.aec_env(game, **options_of(words))
    rng = random.Random(SEED)
    env.reset(seed=SEED)
    taken = 0
    wall, cpu = time.perf_counter(), cpu_seconds()
    while taken < steps:
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.reset(seed=SEED)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        taken += 1
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    report(wall, cpu, taken)


def side_openspiel(steps, size):
    """OpenSpiel's TwixT from Python: `legal_actions`, `apply_action` and
    `observation_tensor` a step, a random legal action."""
    import random

    import pyspiel

    steps = int(steps)
    game = pyspiel.load_game("twixt", {"board_size": int(size)})
    rng = random.Random(SEED)
    state = game.new_initial_state()
    wall, cpu = time.perf_counter(), cpu_seconds()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state()
        state.apply_action(rng.choice(state.legal_actions()))
        # The next player's view (a finished game's: the first player's).
        state.observation_tensor(max(state.current_player(), 0))
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    report(wall, cpu, steps, version=getattr(pyspiel, "__version__", "?"))


def side_pgx_games():
    """The games pgx has."""
    import pgx

    print(json.dumps({"games": sorted(pgx.available_envs()), "version": pgx.__version__}))


SIDES = {"vector": side_vector, "pettingzoo": side_pettingzoo, "openspiel": side_openspiel, "pgx-games": side_pgx_games}


# ---- the driver ----------------------------------------------------------------


def venv_python(name):
    """The Python of the peer's virtual environment, made and filled if missing."""
    folder = WORK / name
    python = folder / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *VENVS[name]], check=True)
    return python


def run_side(python, *args):
    out = subprocess.run(["nice", "-n", "5", str(python), str(HERE), "side", *map(str, args)],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, args))} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def cases():
    """Each row: an id, what it is, the Python to run, the side's arguments."""
    twixt = ["size=24"]
    return [
        ("twixt8-openspiel", "OpenSpiel TwixT 8x8 (its default size) from Python", "openspiel",
         ["openspiel", 50_000, 8]),
        ("twixt8-vector-mask-1", "vector_env TwixT 8x8, 256 envs, 1 thread, actions from the mask", "arbiter",
         ["vector", "twixt", NUM_ENVS, 1000, 1, "mask", "size=8"]),
        ("twixt8-vector-mask-2", "the same, 2 threads", "arbiter",
         ["vector", "twixt", NUM_ENVS, 1000, 2, "mask", "size=8"]),
        ("twixt8-vector-list-2", "the same, 2 threads, actions from legal_actions", "arbiter",
         ["vector", "twixt", NUM_ENVS, 1000, 2, "list", "size=8"]),
        ("twixt-openspiel", "OpenSpiel TwixT 24x24 from Python", "openspiel", ["openspiel", 10_000, 24]),
        ("twixt-vector-mask-1", "vector_env TwixT 24x24, 256 envs, 1 thread, actions from the mask", "arbiter",
         ["vector", "twixt", NUM_ENVS, 200, 1, "mask", *twixt]),
        ("twixt-vector-mask-2", "the same, 2 threads", "arbiter", ["vector", "twixt", NUM_ENVS, 200, 2, "mask", *twixt]),
        ("twixt-vector-list-2", "the same, 2 threads, actions from legal_actions", "arbiter",
         ["vector", "twixt", NUM_ENVS, 200, 2, "list", *twixt]),
        ("twixt-pettingzoo", "arbiter's PettingZoo env, TwixT 24x24", "arbiter", ["pettingzoo", "twixt", 5_000, *twixt]),
        ("gomoku-pettingzoo", "arbiter's PettingZoo env, Gomoku 15x15 (freestyle)", "arbiter",
         ["pettingzoo", "gomoku", 10_000]),
        ("gomoku-vector-mask-1", "vector_env Gomoku 15x15, 256 envs, 1 thread, actions from the mask", "arbiter",
         ["vector", "gomoku", NUM_ENVS, 200, 1, "mask"]),
        ("gomoku-vector-mask-2", "the same, 2 threads", "arbiter", ["vector", "gomoku", NUM_ENVS, 200, 2, "mask"]),
        ("renju-pettingzoo", "arbiter's PettingZoo env, Renju 15x15", "arbiter",
         ["pettingzoo", "gomoku", 5_000, "rules=renju"]),
        ("renju-vector-mask-2", "vector_env Renju 15x15, 256 envs, 2 threads, actions from the mask", "arbiter",
         ["vector", "gomoku", NUM_ENVS, 100, 2, "mask", "rules=renju"]),
        ("xiangqi-pettingzoo", "arbiter's PettingZoo env, Xiangqi", "arbiter", ["pettingzoo", "xiangqi", 10_000]),
        ("xiangqi-vector-mask-1", "vector_env Xiangqi, 256 envs, 1 thread, actions from the mask", "arbiter",
         ["vector", "xiangqi", NUM_ENVS, 200, 1, "mask"]),
        ("xiangqi-vector-mask-2", "the same, 2 threads", "arbiter", ["vector", "xiangqi", NUM_ENVS, 200, 2, "mask"]),
        ("xiangqi-vector-list-2", "the same, 2 threads, actions from legal_actions", "arbiter",
         ["vector", "xiangqi", NUM_ENVS, 200, 2, "list"]),
        ("draughts-pettingzoo", "arbiter's PettingZoo env, draughts", "arbiter", ["pettingzoo", "draughts", 10_000]),
        ("draughts-vector-mask-2", "vector_env draughts, 256 envs, 2 threads, actions from the mask", "arbiter",
         ["vector", "draughts", NUM_ENVS, 200, 2, "mask"]),
    ]


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "side":
        SIDES[sys.argv[2]](*sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of every case, alternating (default 3)")
    parser.add_argument("--only", nargs="*", default=[], help="the cases whose id contains one of these words")
    args = parser.parse_args()
    pythons = {"arbiter": ARBITER}
    chosen = [c for c in cases() if not args.only or any(w in c[0] for w in args.only)]
    problems = {}
    for name in {c[2] for c in chosen} - {"arbiter"}:
        try:
            pythons[name] = venv_python(name)
        except subprocess.CalledProcessError as failed:
            problems[name] = f"could not be installed: {failed}"
    print(f"# {platform.platform()}, Python {platform.python_version()}, load average {os.getloadavg()}")
    results = {c[0]: [] for c in chosen}
    for round_ in range(args.rounds):
        for case_id, title, venv, side in chosen:
            if venv in problems:
                continue
            result = run_side(pythons[venv], *side)
            results[case_id].append(result)
            rate = result["steps"] / result["wall"]
            print(f"round {round_ + 1} {case_id}: {rate:,.0f} steps/s wall, "
                  f"{result['steps'] / result['cpu']:,.0f} steps per CPU second ({json.dumps(result)})", flush=True)
    print(f"# load average after: {os.getloadavg()}")
    print("\n| case | what | steps/s (wall, median) | steps per CPU second (median) |")
    print("| --- | --- | --- | --- |")
    medians = {}
    for case_id, title, venv, _ in chosen:
        if venv in problems:
            print(f"| `{case_id}` | {title} | {problems[venv]} | |")
            continue
        runs = results[case_id]
        wall = statistics.median(r["steps"] / r["wall"] for r in runs)
        cpu = statistics.median(r["steps"] / r["cpu"] for r in runs)
        medians[case_id] = wall
        print(f"| `{case_id}` | {title} | {wall:,.0f} | {cpu:,.0f} |")
    print()
    for game, peer in [("twixt8", "twixt8-openspiel"), ("twixt", "twixt-openspiel"), ("twixt", "twixt-pettingzoo"), ("gomoku", "gomoku-pettingzoo"),
                       ("renju", "renju-pettingzoo"), ("xiangqi", "xiangqi-pettingzoo"),
                       ("draughts", "draughts-pettingzoo")]:
        if peer not in medians:
            continue
        for case_id in medians:
            if case_id.startswith(f"{game}-vector"):
                print(f"{case_id} / {peer}: {medians[case_id] / medians[peer]:,.1f}x")
    if "pgx" not in problems and any("pgx" in w for w in args.only or ["pgx"]):
        try:
            print("pgx:", json.dumps(run_side(venv_python("pgx"), "pgx-games")))
        except (RuntimeError, subprocess.CalledProcessError) as failed:
            print(f"pgx: {failed}")


if __name__ == "__main__":
    main()
