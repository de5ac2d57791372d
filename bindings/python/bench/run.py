"""arbiter's Python package side by side with the Python peers, on this machine, in
one run: each case runs its sides alternately (A B A B ...), each run a fresh
process in its own virtual environment, and prints every run, the median user CPU
time of each side and their ratio.

Run it as `scripts/bench-python-peers` (its `--help` tells the options). Everything
it makes is under target/pybench/: the virtual environments (one a peer, since
py-draughts and pydraughts both import as `draughts`), the positions, the counts.

Each side is a small program here (`*_side.py`) that times only its own section with
`getrusage(RUSAGE_SELF).ru_utime` and prints one JSON line: `seconds` and `count`
(the moves listed, the forbidden points found, or the plies played).

A case is one row of `CASES`; a new comparison (an environment step of
`arbiter.envs.aec_env(name)` against PettingZoo's chess, say) is one more row, with
its virtual environments in `VENVS` and a `*_side.py` for each side.
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
WORK = ROOT / "target" / "pybench"
POSITIONS = WORK / "positions"
COUNTS = WORK / "counts"

# The peers at the versions measured in docs/speed.md.
VENVS = {
    "arbiter": [str(ROOT / "bindings" / "python")],
    "pyffish": ["pyffish==0.0.90"],
    "py-draughts": ["py-draughts==1.10.1"],
    "pydraughts": ["pydraughts==0.6.7"],
    "renju": ["renju==0.1.0"],
    "arbiter-envs": [str(ROOT / "bindings" / "python") + "[envs]"],
    "pettingzoo": ["pettingzoo[classic]==1.27.0"],
}
PACKAGES = {"arbiter": "arbiter-referee", "arbiter-envs": "arbiter-referee", "pettingzoo": "pettingzoo"}

SEED = 1
POSITION_COUNT = 10_000
PLY_CAP = 300


@dataclass
class Side:
    name: str
    venv: str
    script: str
    args: list
    # Whether the side can write the count of each position (`--counts PATH`).
    per_position: bool = False


@dataclass
class Case:
    id: str
    title: str
    sides: list
    # The counts must agree between the sides (the same positions, the same work).
    same_count: bool = False
    # What `count` counts.
    unit: str = "moves"
    one: str = "move"


def positions(game):
    return str(POSITIONS / f"{game}.txt")


def legal_case(game, peer, venv, script):
    return Case(
        id=f"legal-{game}-{peer}",
        title=f"{game}: legal moves of {POSITION_COUNT:,} positions, arbiter vs {peer}",
        sides=[
            Side("arbiter", "arbiter", "arbiter_side.py", ["legal", game, positions(game)], True),
            Side(peer, venv, script, ["legal", positions(game)], True),
        ],
        same_count=True,
    )


def playout_case(game, games, peer=None, venv=None, script=None, peer_args=None):
    sides = [Side("arbiter", "arbiter", "arbiter_side.py", ["playout", game, str(games), str(SEED), str(PLY_CAP)])]
    if peer:
        sides.append(Side(peer, venv, script, ["playout", str(games), str(SEED), str(PLY_CAP)] + (peer_args or [])))
    return Case(
        id=f"playout-{game}" + (f"-{peer}" if peer else ""),
        title=f"{game}: {games:,} random games to the end (at most {PLY_CAP} plies), a random move of the "
        "list of legal moves each ply"
        + (f", arbiter vs {peer}" if peer else ", arbiter"),
        sides=sides,
        unit="plies",
        one="ply",
    )


def env_case(game, games):
    args = [str(games), str(SEED), str(PLY_CAP)]
    return Case(
        id=f"env-{game}-chess",
        title=f"{game}: {games:,} random games through arbiter.envs.aec_env (a random action of the mask "
        "a step), against PettingZoo's chess_v6 through the same loop",
        sides=[
            Side("arbiter env", "arbiter-envs", "arbiter_env_side.py", ["env", game] + args),
            Side("pettingzoo chess", "pettingzoo", "pettingzoo_side.py", ["env", "chess"] + args),
        ],
        unit="steps",
        one="step",
    )


def cases(games, slow_games):
    return [
        legal_case("xiangqi", "pyffish", "pyffish", "pyffish_side.py"),
        legal_case("draughts", "py-draughts", "py-draughts", "py_draughts_side.py"),
        legal_case("draughts", "pydraughts", "pydraughts", "pydraughts_side.py"),
        Case(
            id="forbidden-renju-renju",
            title=f"renju: forbidden points of {POSITION_COUNT:,} positions (15x15), arbiter vs renju",
            sides=[
                Side("arbiter", "arbiter", "arbiter_side.py", ["forbidden", positions("renju")], True),
                Side("renju", "renju", "renju_side.py", ["forbidden", positions("renju")], True),
            ],
            same_count=True,
            unit="forbidden points",
            one="forbidden point",
        ),
        playout_case("xiangqi", slow_games, "pyffish", "pyffish", "pyffish_side.py"),
        playout_case("draughts", games, "py-draughts", "py-draughts", "py_draughts_side.py"),
        playout_case("draughts", slow_games, "pydraughts", "pydraughts", "pydraughts_side.py"),
        Case(
            id="playout-renju-renju",
            title=f"renju: {games:,} random games to the end (15x15), a random empty point a move, "
            "arbiter vs renju",
            sides=[
                Side("arbiter", "arbiter", "arbiter_side.py", ["playout-points", str(games), str(SEED), str(PLY_CAP)]),
                Side("renju", "renju", "renju_side.py", ["playout", str(games), str(SEED), str(PLY_CAP)]),
            ],
            unit="plies",
            one="ply",
        ),
        # arbiter alone, each game's playout through legal_moves() (for the games
        # whose peer cases above play fewer games, or play otherwise).
        *([playout_case("xiangqi", games)] if slow_games != games else []),
        playout_case("renju", games),
        playout_case("twixt", games),
        # An environment step: random games through arbiter's PettingZoo environment
        # against the same loop through PettingZoo's own chess, and against arbiter's
        # bare playout of the same game (the playout rows above, a ply each).
        *[env_case(game, slow_games) for game in ["xiangqi", "draughts", "renju", "twixt"]],
    ]


def venv_python(name):
    return WORK / f"venv-{name}" / "bin" / "python"


def make_venv(name, reinstall):
    python = venv_python(name)
    installed = python.parents[1] / "installed"
    if installed.exists() and not reinstall:
        return
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(python.parents[1])], check=True)
    print(f"installing {' '.join(VENVS[name])} into {python.parents[1]}", flush=True)
    command = [str(python), "-m", "pip", "install", "--quiet"]
    if reinstall:
        command += ["--force-reinstall"]
    subprocess.run(command + VENVS[name], check=True, env=environment())
    installed.write_text(" ".join(VENVS[name]) + "\n")


def environment():
    env = dict(os.environ)
    env.setdefault("CARGO_TARGET_DIR", str(ROOT / "target"))
    env["PIP_CACHE_DIR"] = str(WORK / "pip-cache")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def version(venv):
    package = PACKAGES.get(venv, VENVS[venv][0].split("==")[0])
    out = subprocess.run([str(venv_python(venv)), "-m", "pip", "show", package], capture_output=True, text=True,
                         env=environment()).stdout
    return next((line.split()[1] for line in out.splitlines() if line.startswith("Version:")), "?")


def make_positions(fresh):
    POSITIONS.mkdir(parents=True, exist_ok=True)
    for game in ["xiangqi", "draughts", "renju"]:
        path = POSITIONS / f"{game}.txt"
        if path.exists() and not fresh:
            continue
        print(f"making {POSITION_COUNT:,} {game} positions (random games by arbiter, seed {SEED}) in {path}", flush=True)
        subprocess.run([str(venv_python("arbiter")), str(HERE / "arbiter_side.py"), "positions", game,
                        str(POSITION_COUNT), str(SEED), str(path)], check=True, env=environment())


def run_side(case, side, counts_path=None):
    command = [str(venv_python(side.venv)), str(HERE / side.script)] + side.args
    if counts_path:
        command += ["--counts", str(counts_path)]
    out = subprocess.run(command, capture_output=True, text=True, env=environment(), cwd=str(HERE))
    if out.returncode != 0:
        sys.exit(f"{case.id}: {side.name} failed:\n{' '.join(command)}\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare_counts(case):
    files = [COUNTS / f"{case.id}-{side.name}.txt" for side in case.sides]
    lists = [path.read_text().split() for path in files]
    source = case.sides[0].args[-1]
    texts = Path(source).read_text().splitlines()
    differ = [i for i, pair in enumerate(zip(*lists)) if len(set(pair)) > 1]
    if not differ:
        print(f"  every position's count agrees ({len(lists[0]):,} positions)")
        return
    names = ", ".join(side.name for side in case.sides)
    print(f"  DISAGREE on {len(differ)} of {len(lists[0]):,} positions (counts {names}); the first ones:")
    for i in differ[:5]:
        print(f"    line {i + 1}: {' vs '.join(l[i] for l in lists)}  {texts[i]}")


def fmt(seconds):
    return f"{seconds:.3f}s"


def run_case(case, runs):
    print(f"\n== {case.id}: {case.title}", flush=True)
    for side in case.sides:
        print(f"  {side.name}: {venv_python(side.venv).parents[1].name}/bin/python bindings/python/bench/"
              f"{side.script} {' '.join(os.path.relpath(a, ROOT) if a.startswith('/') else a for a in side.args)}")
    COUNTS.mkdir(parents=True, exist_ok=True)
    results = {side.name: [] for side in case.sides}
    for run in range(1, runs + 1):
        line = []
        for side in case.sides:
            counts_path = COUNTS / f"{case.id}-{side.name}.txt" if run == 1 and side.per_position else None
            result = run_side(case, side, counts_path)
            results[side.name].append(result)
            line.append(f"{side.name} {fmt(result['seconds'])} ({result['count']:,} {case.unit})")
        print(f"  run {run}: " + ", ".join(line), flush=True)
    medians = {name: statistics.median(r["seconds"] for r in rs) for name, rs in results.items()}
    counts = {name: sorted({r["count"] for r in rs}) for name, rs in results.items()}
    print("  median user time: " + ", ".join(f"{name} {fmt(m)}" for name, m in medians.items()))
    if len(case.sides) == 2:
        a, b = (side.name for side in case.sides)
        ca, cb = counts[a][0], counts[b][0]
        print(f"  {a} time / {b} time = {medians[a] / medians[b]:.4f} ({a} {medians[b] / medians[a]:.1f}x as fast)")
        if not case.same_count and ca and cb:
            per_a, per_b = medians[a] / ca * 1e6, medians[b] / cb * 1e6
            print(f"  per {case.one}: {a} {per_a:.2f} us, {b} {per_b:.2f} us, "
                  f"ratio {per_a / per_b:.4f} ({a} {per_b / per_a:.1f}x as fast)")
    if case.same_count:
        if len({c for cs in counts.values() for c in cs}) == 1:
            print(f"  counts agree: {next(iter(counts.values()))[0]:,} {case.unit}")
        else:
            print(f"  COUNTS DISAGREE: {counts}")
        if all(side.per_position for side in case.sides):
            compare_counts(case)
    return medians


def main():
    parser = argparse.ArgumentParser(prog="scripts/bench-python-peers", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating runs of each case (default 5)")
    parser.add_argument("--games", type=int, default=1000, help="games of each playout (default 1000)")
    parser.add_argument("--slow-games", type=int, default=None,
                        help="games of the playouts against pyffish and pydraughts (default: --games)")
    parser.add_argument("--only", nargs="*", default=None, help="run the cases whose id holds one of these words")
    parser.add_argument("--list", action="store_true", help="list the cases and stop")
    parser.add_argument("--reinstall", action="store_true", help="install the packages again (arbiter after a change)")
    parser.add_argument("--fresh-positions", action="store_true", help="make the positions files again")
    args = parser.parse_args()
    selected = [c for c in cases(args.games, args.slow_games or args.games)
                if args.only is None or any(word in c.id for word in args.only)]
    if args.list:
        for case in selected:
            print(f"{case.id}: {case.title}")
        return
    WORK.mkdir(parents=True, exist_ok=True)
    venvs = sorted({side.venv for case in selected for side in case.sides} | {"arbiter"})
    for name in venvs:
        make_venv(name, args.reinstall)
    make_positions(args.fresh_positions)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"machine: {os.cpu_count()} cores, {cpu}; Python {platform.python_version()}")
    print("packages: " + ", ".join(f"{PACKAGES.get(v, v)} {version(v)}" for v in venvs))
    print(f"user CPU time of each side's timed section, {args.runs} alternating runs, each a fresh process")
    for case in selected:
        run_case(case, args.runs)


if __name__ == "__main__":
    main()
