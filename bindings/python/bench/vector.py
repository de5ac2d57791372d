"""Environment steps a second: arbiter's vector environment (`arbiter.envs.vector_env`,
256 games stepped in Rust) side by side with OpenSpiel's TwixT stepped from Python,
arbiter's own PettingZoo environment, and pgx on CPU, in one run on one machine, the
sides alternating.

    python bindings/python/bench/vector.py [--rounds N] [--only WORD ...] [--peers PYTHON]

It runs each side as a fresh process, `nice`d alike: arbiter's in target/python-venv
(where scripts/test installs the package, or ARBITER_PYTHON), OpenSpiel's and pgx's in
`--peers PYTHON`, a Python with `open_spiel`, `pgx` and `jax[cpu]` installed (a virtual
environment outside the repository), or without it in virtual environments this
script makes under target/vecbench/. It prints every run and the medians. A side is
this file run as `python vector.py side NAME ARGS...`; it prints one JSON line: the
wall-clock, user CPU and system CPU seconds of its timed section and the steps it
took. An environment step is one action in one game: a ply, or a landing of a
draughts capture.

On a machine shared with other work the wall clock measures the neighbours too: the
ratios are taken between steps per user CPU second (every thread's time added up, so
that two threads count twice), the runs of all cases alternating round by round.

Each side picks its actions at random among the legal ones, in the way its API
offers: the vector env in NumPy over the whole batch, from `info["action_mask"]`
(the `mask` rows: the mask's set entries found with `np.flatnonzero`, one drawn a
game), from `info["legal_actions"]` (the `list` rows), or by rejection (the `reject`
rows: an action drawn among all of them, drawn again in the games whose mask says it
is not legal, which is uniform over the legal actions and cheap where most actions
are legal); OpenSpiel and PettingZoo one game at a time in Python; pgx in JAX over its batch, from its `legal_action_mask`.
The vector env draws each game as its side to move sees it, channels last (its
default), or, in the `view` rows, as Black sees it throughout, planes first
(`observer="black", planes_first=True`), which is the form of OpenSpiel's TwixT
observation tensor (the two players' pieces in planes of their own, planes first).
TwixT's rows run 1,000 steps of their 256 games, long enough for random games of a
24x24 board (500-odd plies, most filling the board) to end and start again, so that
every stage of a game is in the figure, not only the first few hundred plies.
pgx has none of arbiter's games (its list is printed): its row, Go 9x9 on CPU, is
there for scale, not as a ratio.
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
PEERS = None  # --peers: one Python for OpenSpiel and pgx

NUM_ENVS = 256
SEED = 1


def cpu_seconds():
    """User and system CPU seconds of this process, every thread's added up."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


class Timer:
    """The wall clock and the CPU time of a timed section."""

    def __enter__(self):
        self.wall, (self.user, self.system) = time.perf_counter(), cpu_seconds()
        return self

    def __exit__(self, *_):
        user, system = cpu_seconds()
        self.wall, self.user, self.system = time.perf_counter() - self.wall, user - self.user, system - self.system


def report(timer, steps, **extra):
    print(json.dumps({"wall": round(timer.wall, 4), "cpu": round(timer.user, 4), "sys": round(timer.system, 4),
                      "steps": steps, **extra}))


# ---- the sides ------------------------------------------------------------------


def options_of(words):
    options = {}
    for word in words:
        key, value = word.split("=", 1)
        booleans = {"true": True, "false": False}
        options[key] = int(value) if value.lstrip("-").isdigit() else booleans.get(value, value)
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
        # Every legal action of the batch at once (the mask's set entries, row by row),
        # then one drawn in each game's run of them.
        mask = info["action_mask"]
        where = np.flatnonzero(mask)
        counts = info["legal_count"]
        starts = np.cumsum(counts) - counts
        picks = np.minimum(starts + (rng.random(num_envs) * counts).astype(np.int64), max(len(where) - 1, 0))
        # An ended game has no legal action (its action is ignored by the autoreset).
        return np.where(counts > 0, where[picks] - rows * mask.shape[1], 0) if len(where) else np.zeros(num_envs, np.int64)

    def by_rejection(info):
        # A uniform draw among every action, drawn again in the games where it is not
        # legal: exactly uniform over each game's legal actions, and cheap where most
        # actions are legal (a placement game's empty points). An ended game has no
        # legal action: its draw is left as it is (the autoreset ignores it).
        # After four draws, the few games still without one (a nearly full board) draw
        # among their mask's set entries, which is uniform too.
        mask, counts = info["action_mask"], info["legal_count"]
        actions = rng.integers(0, mask.shape[1], num_envs)
        redraw = np.flatnonzero(~mask[rows, actions] & (counts > 0))
        for _ in range(4):
            if not len(redraw):
                return actions
            actions[redraw] = rng.integers(0, mask.shape[1], len(redraw))
            redraw = redraw[~mask[redraw, actions[redraw]]]
        if len(redraw):
            where = np.flatnonzero(mask[redraw])
            left = counts[redraw]
            picks = np.cumsum(left) - left + (rng.random(len(redraw)) * left).astype(np.int64)
            actions[redraw] = where[picks] - np.arange(len(redraw)) * mask.shape[1]
        return actions

    choose = {"list": from_list, "mask": from_mask, "reject": by_rejection}[pick]
    for _ in range(5):
        obs, rewards, terminations, truncations, info = env.step(choose(info))
    episodes = 0
    with Timer() as timer:
        for _ in range(batches):
            obs, rewards, terminations, truncations, info = env.step(choose(info))
            episodes += int(terminations.sum() + truncations.sum())
    assert not info["illegal_action"].any()
    report(timer, num_envs * batches, episodes=episodes)


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
    with Timer() as timer:
        while taken < steps:
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.reset(seed=SEED)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            taken += 1
    report(timer, taken)


def side_openspiel(steps, size):
    """OpenSpiel's TwixT from Python: `legal_actions`, `apply_action` and
    `observation_tensor` a step, a random legal action."""
    import random

    import pyspiel

    steps = int(steps)
    game = pyspiel.load_game("twixt", {"board_size": int(size)})
    rng = random.Random(SEED)
    state = game.new_initial_state()
    with Timer() as timer:
        for _ in range(steps):
            if state.is_terminal():
                state = game.new_initial_state()
            state.apply_action(rng.choice(state.legal_actions()))
            # The next player's view (a finished game's: the first player's).
            state.observation_tensor(max(state.current_player(), 0))
    report(timer, steps, version=getattr(pyspiel, "__version__", "?"))


def side_pgx(game, num_envs, batches):
    """pgx on CPU: `batches` steps of `num_envs` games, `jax.jit(jax.vmap(env.step))`,
    a random legal action of each game's `legal_action_mask` drawn in JAX, the ended
    games started again in the same compiled step (as its own examples do); the
    compilation is done before the timed section."""
    import jax
    import jax.numpy as jnp
    import pgx

    num_envs, batches = int(num_envs), int(batches)
    env = pgx.make(game)
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))

    @jax.jit
    def play(state, key):
        key, pick, fresh = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(pick, logits, axis=1)
        state = step(state, actions)
        restarted = init(jax.random.split(fresh, num_envs))
        ended = state.terminated | state.truncated
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(ended.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), state, restarted)
        return state, key, ended.sum()

    key = jax.random.PRNGKey(SEED)
    state = init(jax.random.split(key, num_envs))
    for _ in range(3):
        state, key, ended = play(state, key)
    state.observation.block_until_ready()
    episodes = 0
    with Timer() as timer:
        for _ in range(batches):
            state, key, ended = play(state, key)
            # What a learner does each step: the observations reach the host.
            state.observation.block_until_ready()
            episodes += int(ended)
    report(timer, num_envs * batches, episodes=episodes, version=pgx.__version__,
           games=sorted(pgx.available_envs()))


SIDES = {"vector": side_vector, "pettingzoo": side_pettingzoo, "openspiel": side_openspiel, "pgx": side_pgx}


# ---- the driver ----------------------------------------------------------------


def venv_python(name):
    """The Python of the peer's virtual environment (`--peers`, or one made and filled
    under target/vecbench/ if missing)."""
    if PEERS is not None:
        return PEERS
    folder = WORK / name
    python = folder / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *VENVS[name]], check=True)
    return python


def run_side(python, *args):
    # One BLAS thread in every side: no side does linear algebra, and NumPy's idle
    # OpenBLAS threads otherwise spin on the CPU (5 to 8% of a vector side's user time
    # in `perf`), which the ratios would count as work.
    environment = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run(["nice", "-n", "5", str(python), str(HERE), "side", *map(str, args)],
                         capture_output=True, text=True, check=False, env=environment)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, args))} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def cases():
    """Each row: an id, what it is, the Python to run, the side's arguments."""
    twixt = ["size=24"]
    vector = ["vector"]
    view = ["observer=black", "planes_first=true"]
    return [
        ("twixt8-openspiel", "OpenSpiel TwixT 8x8 (its default size) from Python", "openspiel",
         ["openspiel", 50_000, 8]),
        ("twixt8-vector-mask-1", "vector_env TwixT 8x8, 256 envs, 1 thread, actions from the mask", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "mask", "size=8"]),
        ("twixt8-vector-mask-2", "the same, 2 threads", "arbiter", [*vector, "twixt", NUM_ENVS, 1000, 2, "mask", "size=8"]),
        ("twixt8-vector-list-1", "the same, 1 thread, actions from legal_actions", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "list", "size=8"]),
        ("twixt-openspiel", "OpenSpiel TwixT 24x24 (arbiter's default size) from Python", "openspiel",
         ["openspiel", 10_000, 24]),
        ("twixt-pettingzoo", "arbiter's PettingZoo env, TwixT 24x24", "arbiter", ["pettingzoo", "twixt", 5_000, *twixt]),
        ("twixt-vector-mask-1", "vector_env TwixT 24x24, 256 envs, 1 thread, actions from the mask", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "mask", *twixt]),
        ("twixt-vector-mask-2", "the same, 2 threads", "arbiter", [*vector, "twixt", NUM_ENVS, 1000, 2, "mask", *twixt]),
        ("twixt-vector-reject-1", "the same, 1 thread, actions drawn from the mask by rejection", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "reject", *twixt]),
        ("twixt-vector-list-1", "the same, 1 thread, actions from legal_actions", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "list", *twixt]),
        ("twixt-vector-view-list-1", "the same from legal_actions, Black's view throughout, planes first "
         "(`observer=\"black\", planes_first=True`: OpenSpiel's form)", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "list", *twixt, *view]),
        ("twixt-vector-view-reject-1", "the same by rejection, Black's view, planes first", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "reject", *twixt, *view]),
        ("twixt-vector-view-mask-1", "the same from the mask, Black's view, planes first", "arbiter",
         [*vector, "twixt", NUM_ENVS, 1000, 1, "mask", *twixt, *view]),
        ("gomoku-pettingzoo", "arbiter's PettingZoo env, Gomoku 15x15 (standard rules)", "arbiter",
         ["pettingzoo", "gomoku", 10_000]),
        ("gomoku-vector-mask-1", "vector_env Gomoku 15x15, 256 envs, 1 thread, actions from the mask", "arbiter",
         [*vector, "gomoku", NUM_ENVS, 300, 1, "mask"]),
        ("gomoku-vector-mask-2", "the same, 2 threads", "arbiter", [*vector, "gomoku", NUM_ENVS, 300, 2, "mask"]),
        ("gomoku-vector-view-mask-1", "the same, 1 thread, Black's view, planes first", "arbiter",
         [*vector, "gomoku", NUM_ENVS, 300, 1, "mask", *view]),
        ("renju-pettingzoo", "arbiter's PettingZoo env, Renju 15x15", "arbiter",
         ["pettingzoo", "gomoku", 5_000, "rules=renju"]),
        ("renju-vector-mask-1", "vector_env Renju 15x15, 256 envs, 1 thread, actions from the mask", "arbiter",
         [*vector, "gomoku", NUM_ENVS, 100, 1, "mask", "rules=renju"]),
        ("xiangqi-pettingzoo", "arbiter's PettingZoo env, Xiangqi", "arbiter", ["pettingzoo", "xiangqi", 30_000]),
        ("xiangqi-vector-mask-1", "vector_env Xiangqi, 256 envs, 1 thread, actions from the mask", "arbiter",
         [*vector, "xiangqi", NUM_ENVS, 300, 1, "mask"]),
        ("xiangqi-vector-mask-2", "the same, 2 threads", "arbiter", [*vector, "xiangqi", NUM_ENVS, 300, 2, "mask"]),
        ("xiangqi-vector-list-1", "the same, 1 thread, actions from legal_actions", "arbiter",
         [*vector, "xiangqi", NUM_ENVS, 1500, 1, "list"]),
        ("draughts-pettingzoo", "arbiter's PettingZoo env, draughts", "arbiter", ["pettingzoo", "draughts", 10_000]),
        ("draughts-vector-mask-1", "vector_env draughts, 256 envs, 1 thread, actions from the mask", "arbiter",
         [*vector, "draughts", NUM_ENVS, 300, 1, "mask"]),
        ("go9-pgx", "pgx Go 9x9 on CPU, 256 envs (no game in common: for scale)", "pgx", ["pgx", "go_9x9", NUM_ENVS, 200]),
        ("connect4-pgx", "pgx Connect Four on CPU, 256 envs (no game in common: for scale)", "pgx",
         ["pgx", "connect_four", NUM_ENVS, 1000]),
    ]


# The ratios: each vector row against the peer row of its game.
PEERS_OF = [("twixt8", "twixt8-openspiel"), ("twixt", "twixt-openspiel"), ("twixt", "twixt-pettingzoo"),
            ("gomoku", "gomoku-pettingzoo"), ("renju", "renju-pettingzoo"), ("xiangqi", "xiangqi-pettingzoo"),
            ("draughts", "draughts-pettingzoo")]


def main():
    global PEERS
    if len(sys.argv) > 1 and sys.argv[1] == "side":
        SIDES[sys.argv[2]](*sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of every case, alternating (default 3)")
    parser.add_argument("--only", nargs="*", default=[], help="the cases whose id contains one of these words")
    parser.add_argument("--peers", help="a Python with open_spiel, pgx and jax[cpu] (default: venvs under target/vecbench)")
    args = parser.parse_args()
    if args.peers:
        PEERS = Path(args.peers)
    pythons = {"arbiter": ARBITER}
    chosen = [c for c in cases() if not args.only or any(w in c[0] for w in args.only)]
    problems = {}
    for name in {c[2] for c in chosen} - {"arbiter"}:
        try:
            pythons[name] = venv_python(name)
        except subprocess.CalledProcessError as failed:
            problems[name] = f"could not be installed: {failed}"
    print(f"# {platform.platform()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()}")
    results = {c[0]: [] for c in chosen}
    for round_ in range(args.rounds):
        for case_id, title, venv, side in chosen:
            if venv in problems:
                continue
            result = run_side(pythons[venv], *side)
            results[case_id].append(result)
            print(f"round {round_ + 1} {case_id}: {result['steps'] / result['wall']:,.0f} steps/s wall, "
                  f"{result['steps'] / result['cpu']:,.0f} steps per user CPU second ({json.dumps(result)})", flush=True)
    print(f"# load average after: {os.getloadavg()}")
    print("\n| case | what | steps per user CPU second (median) | steps/s wall (median) |")
    print("| --- | --- | ---: | ---: |")
    cpu_medians, wall_medians = {}, {}
    for case_id, title, venv, _ in chosen:
        if venv in problems:
            print(f"| `{case_id}` | {title} | {problems[venv]} | |")
            continue
        runs = results[case_id]
        cpu_medians[case_id] = statistics.median(r["steps"] / r["cpu"] for r in runs)
        wall_medians[case_id] = statistics.median(r["steps"] / r["wall"] for r in runs)
        print(f"| `{case_id}` | {title} | {cpu_medians[case_id]:,.0f} | {wall_medians[case_id]:,.0f} |")
    print("\n| vector row / peer row | by user CPU | by wall clock |")
    print("| --- | ---: | ---: |")
    for game, peer in PEERS_OF:
        if peer not in cpu_medians:
            continue
        for case_id in cpu_medians:
            if case_id.startswith(f"{game}-vector"):
                print(f"| `{case_id}` / `{peer}` | {cpu_medians[case_id] / cpu_medians[peer]:,.1f}x "
                      f"| {wall_medians[case_id] / wall_medians[peer]:,.1f}x |")
    for case_id in results:
        if case_id.endswith("-pgx") and results[case_id]:
            last = results[case_id][-1]
            print(f"\npgx {last.get('version')}'s games: {', '.join(last.get('games', []))}")
            break


if __name__ == "__main__":
    main()
