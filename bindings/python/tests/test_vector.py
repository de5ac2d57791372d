"""The vector environments stepped in Rust (`arbiter.envs.vector_env`) and the
positions for tree search (`arbiter.PositionBatch`): every array checked against
`arbiter.Game` played the same way, Gymnasium's autoreset modes, the masks, the
seeds, the rules that look back, the illegal-action policies, the Gymnasium ids."""

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode

import arbiter
from arbiter import envs

GAMES = [
    ("xiangqi", {}),
    ("xiangqi", {"rules": "chinese"}),
    ("draughts", {}),
    ("gomoku", {"rules": "renju", "size": 15}),
    ("gomoku", {"rules": "freestyle", "rows": 7, "cols": 9}),
    ("gomoku", {"size": 9}),
    ("gomoku", {"rules": "renju", "opening": "soosorv-8", "size": 15}),
    ("gomoku", {"opening": "swap2", "size": 15}),
    ("twixt", {"size": 12, "swap": True}),
    ("twixt", {"rules": "pp", "size": 10}),
    ("twixt", {"size": 8}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in GAMES]

CHASE_FEN = "4k4/9/1c7/9/R8/9/9/9/9/3K5 w"
CHASE = "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7".split()


def random_actions(info: dict, rng: np.random.Generator) -> np.ndarray:
    """A random legal action in each game, chosen in NumPy from the legal actions."""
    counts = info["legal_count"]
    picks = (rng.random(len(counts)) * np.maximum(counts, 1)).astype(np.int64)
    return info["legal_actions"][np.arange(len(counts)), picks].astype(np.int64)


def masked_random_actions(info: dict, rng: np.random.Generator) -> np.ndarray:
    """A random action of each mask, as a learner samples one (an ended game's is any)."""
    keys = rng.random(info["action_mask"].shape) * info["action_mask"]
    return keys.argmax(axis=1)


def planes(game: arbiter.Game, side: str, route: list) -> np.ndarray:
    return np.frombuffer(game.observation(side, route), dtype=np.uint8).reshape(game.observation_shape)


def mask_of(game: arbiter.Game, route: list) -> np.ndarray:
    return np.frombuffer(game.action_mask(route), dtype=np.uint8).astype(bool)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_every_array_is_what_arbiter_game_says(name, options):
    """Self-play through the vector env and through `Game` side by side: the same
    observations, masks, legal actions, rewards, ends and autoresets."""
    n = 6
    env = envs.vector_env(name, n, threads=2, **options)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = env.reset(seed=3)
    shape = arbiter.Game(name, **options).observation_shape
    assert obs.shape == (n, *shape) and obs.dtype == np.uint8
    assert info["action_mask"].shape == (n, env.single_action_space.n) and info["action_mask"].dtype == np.bool_
    assert env.observation_space.contains(obs)
    games = [arbiter.Game(name, **options) for _ in range(n)]
    routes: list[list[int]] = [[] for _ in range(n)]
    ended = [False] * n
    rng = np.random.default_rng(5)
    endings = 0
    for step in range(160):
        for i, game in enumerate(games):
            side = game.side_to_move
            assert info["to_move"][i] == game.colors.index(side)
            assert np.array_equal(obs[i], planes(game, side, routes[i])), (name, step, i)
            assert np.array_equal(info["action_mask"][i], mask_of(game, routes[i]))
            count = info["legal_count"][i]
            assert sorted(info["legal_actions"][i, :count].tolist()) == game.legal_actions(routes[i])
        actions = random_actions(info, rng) if step % 2 else masked_random_actions(info, rng)
        obs, rewards, terminations, truncations, info = env.step(actions)
        assert not truncations.any()
        for i in range(n):
            if ended[i]:
                # Next-step autoreset: the game starts again and the action is ignored.
                games[i], routes[i], ended[i] = arbiter.Game(name, **options), [], False
                assert rewards[i] == 0 and not terminations[i] and info["termination"][i] == -1
                continue
            game = games[i]
            mover = game.side_to_move
            played = game.play_action(int(actions[i]), routes[i])
            if played is None:
                routes[i].append(int(actions[i]))
            else:
                routes[i] = []
            outcome = game.outcome
            assert terminations[i] == (outcome is not None)
            if outcome is None:
                assert rewards[i] == 0 and info["winner"][i] == -1
            else:
                endings += 1
                ended[i] = True
                expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == mover else -1.0)
                assert rewards[i] == expected
                assert env.termination_codes[info["termination"][i]] == outcome.termination
                assert info["winner"][i] == (-1 if outcome.winner is None else game.sides.index(outcome.winner))
                assert not info["action_mask"][i].any()
    if name == "gomoku" and options.get("rows") == 7:
        assert endings > 0


VIEWS = [(None, True), (0, False), (1, True), (0, True), (None, False)]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
@pytest.mark.parametrize(("observer", "planes_first"), VIEWS, ids=["to-move-planes-first", "first-side",
                                                                   "second-side-planes-first", "first-side-planes-first", "to-move"])
def test_one_side_s_view_and_planes_first_are_what_arbiter_game_says(name, options, observer, planes_first):
    """With `observer` (a side's view at every step, changed in place move by move
    in the observation rows themselves) and `planes_first` (`(planes, rows,
    columns)`), every observation is `Game.observation` of that side, its axes moved,
    through games that end and start again in both autoreset modes that write
    them; and the rows cannot be made writable, so nothing but a step changes them."""
    n = 5
    sides = arbiter.Game(name, **options).sides
    side = None if observer is None else sides[observer]
    for mode in ("next_step", "same_step"):
        env = envs.vector_env(name, n, threads=2, observer=side, planes_first=planes_first,
                              autoreset_mode=mode, **options)
        obs, info = env.reset(seed=11)
        shape = arbiter.Game(name, **options).observation_shape
        assert obs.shape == (n, *((shape[2], shape[0], shape[1]) if planes_first else shape))
        assert env.observation_space.contains(obs) and env.core.planes_first == planes_first
        with pytest.raises(ValueError):
            obs.flags.writeable = True

        def seen(game, route):
            # A player is named by the colour it plays now (an opening's swap
            # exchanges them); `observer` names the player by its colour at the start.
            view = planes(game, game.side_to_move if side is None else game.colors[observer], route)
            return view.transpose(2, 0, 1) if planes_first else view

        games = [arbiter.Game(name, **options) for _ in range(n)]
        routes: list[list[int]] = [[] for _ in range(n)]
        ended = [False] * n
        rng = np.random.default_rng(7)
        restarts = 0
        for step in range(120):
            for i, game in enumerate(games):
                assert np.array_equal(obs[i], seen(game, routes[i])), (name, mode, step, i)
            actions = random_actions(info, rng)
            obs, rewards, terminations, truncations, info = env.step(actions)
            for i in range(n):
                if ended[i]:
                    games[i], routes[i], ended[i] = arbiter.Game(name, **options), [], False
                    restarts += 1
                    continue
                move = games[i].play_action(int(actions[i]), routes[i])
                routes[i] = routes[i] + [int(actions[i])] if move is None else []
                if games[i].is_over():
                    if mode == "same_step":
                        assert np.array_equal(info["final_obs"][i], seen(games[i], routes[i]))
                        games[i], routes[i] = arbiter.Game(name, **options), []
                        restarts += 1
                    else:
                        ended[i] = True
        if name == "gomoku" and options.get("rows") == 7 or options.get("size") == 8:
            assert restarts > 0


def test_arrays_given_other_memory_or_another_type_stop_the_environment():
    """A step trusts what it wrote in the step before, and NumPy lets Python change an
    array's memory (`__setstate__`) or its type in place, though not make it writable:
    the next step refuses, and nothing is written."""
    env = envs.vector_env("twixt", 2, observer="black", planes_first=True, size=8)
    obs, info = env.reset(seed=0)
    env.step(random_actions(info, np.random.default_rng(0)))
    obs.__setstate__((1, obs.shape, obs.dtype, False, bytes(obs.nbytes)))
    with pytest.raises(RuntimeError, match="make a new environment"):
        env.step([0, 0])
    env = envs.vector_env("gomoku", 2, size=9)
    obs, info = env.reset(seed=0)
    info["legal_actions"].dtype = np.int8
    with pytest.raises(RuntimeError, match="make a new environment"):
        env.step([0, 0])
    with pytest.raises(RuntimeError, match="make a new environment"):
        env.reset(seed=1)


def test_a_side_s_view_against_the_engine_must_be_the_agent_s():
    with pytest.raises(ValueError, match="agent's side"):
        envs.vector_env("gomoku", 2, side="black", observer="white", size=9)
    with pytest.raises(ValueError, match="no side"):
        envs.vector_env("gomoku", 2, observer="red", size=9)
    env = envs.vector_env("gomoku", 2, side="white", observer="white", opponent_depth=0, size=9, planes_first=True)
    obs, info = env.reset(seed=1)
    assert obs.shape == (2, 4, 9, 9)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_the_vector_env_keeps_gymnasium_s_contract(name, options):
    """Gymnasium has no checker of vector environments (1.4 has `check_env` for single
    ones): the points of its single checker, asked of the vector env. The single
    environments pass `check_env` itself."""
    env = envs.vector_env(name, 4, **options)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.num_envs == 4
    assert env.single_observation_space.shape == arbiter.Game(name, **options).observation_shape
    assert env.action_space.shape == (4,)
    obs, info = env.reset(seed=123)
    assert env.observation_space.contains(obs) and isinstance(info, dict)
    assert env.np_random_seed == 123
    first = obs.copy()
    # The arrays are handed over without a copy, read-only, rewritten in place.
    assert not obs.flags.writeable
    with pytest.raises(ValueError):
        obs[0, 0, 0, 0] = 1
    actions = env.action_space.sample(mask=tuple(info["action_mask"].astype(np.int8)))
    obs2, rewards, terminations, truncations, info = env.step(actions)
    assert obs2 is obs and env.observation_space.contains(obs2)
    assert rewards.shape == terminations.shape == truncations.shape == (4,)
    assert terminations.dtype == truncations.dtype == np.bool_
    # copy=True: fresh arrays, as Gymnasium's own vector envs give by default.
    copied = envs.vector_env(name, 4, copy=True, **options)
    obs3, _ = copied.reset(seed=123)
    assert np.array_equal(obs3, first) and obs3.flags.writeable
    obs4, *_ = copied.step(actions)
    assert obs4 is not obs3
    env.close()
    # The single-agent environment of every game passes Gymnasium's checker.
    check_env(gymnasium.make(f"arbiter/{name}-v0", opponent_depth=0, **options).unwrapped, skip_render_check=True)


def test_gymnasium_s_vector_wrappers_run_over_it():
    """Gymnasium's own vector wrappers read the autoreset mode and the arrays."""
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(envs.vector_env("gomoku", 8, size=7))
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    lengths = []
    for _ in range(60):
        obs, rewards, terminations, truncations, info = env.step(random_actions(info, rng))
        if "episode" in info:
            lengths += info["episode"]["l"][info["_episode"]].tolist()
    assert lengths and all(9 <= n <= 49 for n in lengths)
    listed = gymnasium.wrappers.vector.DictInfoToList(envs.vector_env("gomoku", 3, size=7))
    obs, infos = listed.reset(seed=0)
    assert len(infos) == 3 and infos[0]["action_mask"].shape == (49,)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_the_same_seed_and_actions_give_the_same_arrays(name, options):
    def run(threads: int, seed: int) -> list:
        env = envs.vector_env(name, 5, side=arbiter.Game(name, **options).sides[1], opponent_depth=0,
                              threads=threads, copy=True, **options)
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [obs]
        for _ in range(30):
            obs, rewards, terminations, truncations, info = env.step(random_actions(info, rng))
            seen += [obs, rewards, terminations, info["action_mask"]]
        return seen

    one, again, threaded, other = run(1, 7), run(1, 7), run(2, 7), run(1, 8)
    assert all(np.array_equal(a, b) for a, b in zip(one, again))
    assert all(np.array_equal(a, b) for a, b in zip(one, threaded))
    # The random opponent (playing first here) differs with another seed.
    assert not all(np.array_equal(a, b) for a, b in zip(one, other))


def test_the_engine_opponent_is_seeded():
    def run(seed: int) -> np.ndarray:
        env = envs.vector_env("xiangqi", 3, side="black", opponent_depth=1, copy=True)
        obs, info = env.reset(seed=seed)
        return obs

    assert np.array_equal(run(1), run(1))
    first = arbiter.Game("xiangqi")
    # The engine has played Red's first move: Black is to move in every game.
    env = envs.vector_env("xiangqi", 3, side="black", opponent_depth=1)
    obs, info = env.reset(seed=1)
    assert (info["to_move"] == 1).all() and not np.array_equal(obs[0], planes(first, "black", []))


def test_next_step_autoreset():
    # Black makes five on a 9x9 board: the game ends on Black's fifth stone.
    env = envs.vector_env("gomoku", 2, size=9)
    env.reset(seed=0)
    game = arbiter.Game("gomoku", size=9)
    texts = ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e1"]
    for k, text in enumerate(texts):
        (action,) = game.actions_of(text)
        game.play(text)
        obs, rewards, terminations, truncations, info = env.step([action, action])
    assert terminations.all() and (rewards == 1).all() and (info["winner"] == 0).all()
    assert env.termination_codes[info["termination"][0]] == "five_in_a_row"
    assert not info["action_mask"].any()
    final = obs.copy()
    # The next step starts every ended game again, whatever its action.
    obs, rewards, terminations, truncations, info = env.step([5, 10**9])
    start = planes(arbiter.Game("gomoku", size=9), "black", [])
    assert (obs == start).all() and not terminations.any() and (rewards == 0).all()
    assert info["action_mask"].all() and not np.array_equal(final[0], obs[0])


def test_same_step_autoreset_and_disabled():
    game = arbiter.Game("gomoku", size=9)
    texts = ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e1"]
    actions = [game.actions_of(text)[0] for text in texts]
    same = envs.vector_env("gomoku", 2, size=9, autoreset_mode=AutoresetMode.SAME_STEP)
    assert same.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    same.reset(seed=0)
    for action in actions:
        obs, rewards, terminations, truncations, info = same.step([action, action])
    start = planes(arbiter.Game("gomoku", size=9), "black", [])
    assert terminations.all() and (rewards == 1).all() and info["_final_obs"].all()
    # The observation is the new game's; the final one is in the info.
    assert (obs == start).all() and info["action_mask"].all()
    assert info["final_obs"][0, :, :, 0].sum() == 4 and info["final_obs"][0, :, :, 1].sum() == 5

    disabled = envs.vector_env("gomoku", 2, size=9, autoreset_mode="disabled")
    disabled.reset(seed=0)
    for action in actions:
        disabled.step([action, action])
    with pytest.raises(ValueError, match="reset it first"):
        disabled.step([0, 0])
    obs, info = disabled.reset(options={"reset_mask": [True, False]})
    assert (obs[0] == start).all() and not (obs[1] == start).all()
    assert info["action_mask"][0].all() and not info["action_mask"][1].any()


def test_a_perpetual_chase_loses_through_the_vector_env():
    env = envs.vector_env("xiangqi", 2, fen=CHASE_FEN, move_limit=0)
    obs, info = env.reset(seed=0)
    game = arbiter.Game("xiangqi", fen=CHASE_FEN, move_limit=0)
    for text in CHASE:
        (action,) = game.actions_of(text)
        mover = game.side_to_move
        game.play(text)
        assert info["action_mask"][0, action]
        obs, rewards, terminations, truncations, info = env.step([action, action])
    # Red's eighth move... Black's last move completes Red's perpetual chase: Black,
    # who moved, wins.
    assert game.outcome.termination == "perpetual_chase" and game.outcome.winner == "black"
    assert terminations.all() and env.termination_codes[info["termination"][0]] == "perpetual_chase"
    assert info["winner"][0] == 1 and rewards[0] == (1.0 if mover == "black" else -1.0)


def test_a_draughts_draw_and_a_move_limit_through_the_vector_env():
    # A king each: they shuttle until the position has occurred a third time.
    fen = "W:WK50:BK6"
    env = envs.vector_env("draughts", 1, fen=fen)
    obs, info = env.reset(seed=0)
    game = arbiter.Game("draughts", fen=fen)
    cycle = ["50-45", "6-1", "45-50", "1-6"]
    steps = 0
    while not game.is_over():
        text = cycle[steps % 4]
        (action,) = game.actions_of(text)
        game.play(text)
        obs, rewards, terminations, truncations, info = env.step([action])
        steps += 1
    assert terminations[0] and rewards[0] == 0 and info["winner"][0] == -1
    assert env.termination_codes[info["termination"][0]] == game.outcome.termination
    assert game.outcome.result == "draw"

    # Xiangqi's move limit: moves without a capture, as the rules count them.
    fen = "3k5/9/9/9/9/9/9/9/9/N3K4 w"
    env = envs.vector_env("xiangqi", 1, fen=fen, move_limit=4)
    obs, info = env.reset(seed=0)
    game = arbiter.Game("xiangqi", fen=fen, move_limit=4)
    rng = np.random.default_rng(1)
    while not game.is_over():
        action = int(rng.choice(game.legal_actions()))
        game.play_action(action)
        obs, rewards, terminations, truncations, info = env.step([action])
        assert terminations[0] == game.is_over()
    assert game.outcome.termination == "move_limit" and len(game.moves) == 8
    assert env.termination_codes[info["termination"][0]] == "move_limit" and rewards[0] == 0


def test_an_illegal_action_loses_or_is_refused_never_silent():
    env = envs.vector_env("xiangqi", 3)
    obs, info = env.reset(seed=0)
    legal = int(np.flatnonzero(info["action_mask"][0])[0])
    obs, rewards, terminations, truncations, info = env.step([legal, 0, -5])
    assert list(terminations) == [False, True, True] and list(info["illegal_action"]) == [False, True, True]
    assert list(rewards) == [0, -1, -1] and list(info["winner"]) == [-1, 1, 1]
    assert env.termination_codes[info["termination"][1]] == "illegal_move"

    strict = envs.vector_env("xiangqi", 3, illegal="refuse", illegal_reward=-2.0)
    obs, info = strict.reset(seed=0)
    before = obs.copy()
    (cannon,) = arbiter.Game("xiangqi").actions_of("h2e2")
    bad = 10 * 90 + 19  # b1 to b2: no piece on b1
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        strict.step([cannon, bad, cannon])
    assert refused.value.index == 1 and refused.value.action == bad and refused.value.reason == "no_piece"
    assert np.array_equal(strict.core.observations, before)  # no game changed
    obs, rewards, *_ = strict.step([cannon, cannon, cannon])
    assert (rewards == 0).all()


def test_max_steps_truncates():
    env = envs.vector_env("twixt", 2, size=8, max_steps=3)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for step in range(3):
        obs, rewards, terminations, truncations, info = env.step(random_actions(info, rng))
    assert truncations.all() and not terminations.any()
    obs, rewards, terminations, truncations, info = env.step(random_actions(info, rng))
    assert not truncations.any() and (obs == planes(arbiter.Game("twixt", size=8), "black", [])).all()


def test_the_agent_plays_the_engine_in_the_vector_env():
    env = envs.vector_env("gomoku", 4, side="black", opponent_depth=1, rules="renju", size=9)
    obs, info = env.reset(seed=42)
    rng = np.random.default_rng(42)
    ended = np.zeros(4, dtype=bool)
    for _ in range(60):
        obs, rewards, terminations, truncations, info = env.step(masked_random_actions(info, rng))
        ended |= terminations
        assert set(rewards.tolist()) <= {-1.0, 0.0, 1.0}
    assert ended.any()


def test_positions_for_tree_search():
    env = envs.vector_env("draughts", 2)
    obs, info = env.reset(seed=0)
    env.step(random_actions(info, np.random.default_rng(0)))
    tree = arbiter.PositionBatch("draughts", 64)
    tree.load(env.core, [0, 1], [0, 1])
    masks, to_move, terminated, winners, rewards = tree.status([0, 1])
    assert np.array_equal(masks, env.core.action_masks) and np.array_equal(to_move, env.core.to_move)
    # Expand every child of the root: slot 0 copied into a slot a child, an action each.
    children = np.flatnonzero(masks[0])
    slots = np.arange(2, 2 + len(children))
    masks, to_move, terminated, winners, rewards = tree.play(slots, children, parents=np.zeros_like(slots))
    assert masks.shape == (len(children), 2500) and masks.any(axis=1).all()
    assert (to_move == 0).all() and not terminated.any()
    planes_of_children = tree.observe(slots)
    assert planes_of_children.shape == (len(children), 10, 10, 8)
    # The same planes first, and as one side sees them.
    assert np.array_equal(tree.observe(slots, planes_first=True), planes_of_children.transpose(0, 3, 1, 2))
    assert np.array_equal(tree.observe(slots, "black", planes_first=True),
                          tree.observe(slots, "black").transpose(0, 3, 1, 2))
    # The root is unchanged, and an illegal action is refused before any change.
    again, *_ = tree.status([0])
    assert np.array_equal(again[0], env.core.action_masks[0])
    with pytest.raises(arbiter.IllegalMoveError):
        tree.play([40, 41], [int(children[0]), 0], parents=[0, 0])
    with pytest.raises(ValueError, match="written twice"):
        tree.play([40, 40], [int(children[0]), int(children[0])], parents=[0, 0])
    tree.copy([2], [50])
    assert np.array_equal(tree.observe([50]), tree.observe([2]))
    tree.reset([50])
    assert np.array_equal(tree.observe([50])[0], planes(arbiter.Game("draughts"), "white", []))


def test_positions_match_game_along_random_games():
    for name, options in GAMES:
        tree = arbiter.PositionBatch(name, 2, **options)
        game = arbiter.Game(name, **options)
        route: list[int] = []
        rng = np.random.default_rng(len(name))
        for _ in range(40):
            masks, to_move, terminated, winners, rewards = tree.status([0])
            assert np.array_equal(masks[0], mask_of(game, route))
            assert terminated[0] == game.is_over()
            if game.is_over():
                break
            action = int(rng.choice(game.legal_actions(route)))
            mover = game.side_to_move
            move = game.play_action(action, route)
            route = route + [action] if move is None else []
            masks, to_move, terminated, winners, rewards = tree.play([1], [action], parents=[0])
            tree.copy([1], [0])
            assert np.array_equal(tree.observe([0])[0], planes(game, game.side_to_move, route))
            if game.outcome is not None and game.outcome.winner is not None:
                assert rewards[0] == (1.0 if game.outcome.winner == mover else -1.0)


def test_make_and_make_vec_and_the_ids_in_a_fresh_interpreter():
    vec = gymnasium.make_vec("arbiter/gomoku-v0", num_envs=3, vectorization_mode="vector_entry_point", size=9)
    assert isinstance(vec.unwrapped, envs.ArbiterVectorEnv) and vec.num_envs == 3
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('arbiter.envs:arbiter/xiangqi-v0', opponent_depth=0)\n"
        "obs, info = env.reset(seed=0)\n"
        "assert obs['action_mask'].sum() == 44\n"
        # What Gymnasium before 1.0 does when it is imported: call the package's
        # `gymnasium.envs` entry point, which registers every game's id.
        "from importlib.metadata import entry_points\n"
        "(point,) = [p for p in entry_points(group='gymnasium.envs') if p.name == 'arbiter']\n"
        "point.load()()\n"
        "import arbiter\n"
        "for name in arbiter.games():\n"
        "    assert f'arbiter/{name}-v0' in gymnasium.registry\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_bare_id_in_a_fresh_interpreter_as_each_gymnasium_allows():
    # Gymnasium before 1.0 calls every `gymnasium.envs` entry point when it is imported,
    # so the bare id works with nothing else imported; Gymnasium 1.0 and later dropped
    # that plugin system and ask for the module that registers the ids to be imported,
    # naming it in `gymnasium.register_envs` (which does nothing but keep the import).
    major = int(gymnasium.__version__.split(".")[0])
    code = "import gymnasium\n"
    if major >= 1:
        code += "import arbiter.envs\ngymnasium.register_envs(arbiter.envs)\n"
    code += (
        "env = gymnasium.make('arbiter/xiangqi-v0', opponent_depth=0)\n"
        "obs, info = env.reset(seed=0)\n"
        "assert obs['action_mask'].sum() == 44, obs['action_mask'].sum()\n"
        "assert type(env.unwrapped).__name__ == 'ArbiterGym'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_envs_without_the_extra_says_what_to_install():
    code = (
        "import sys\n"
        "sys.modules['gymnasium'] = None\n"
        "try:\n"
        "    from arbiter import envs\n"
        "except ImportError as e:\n"
        "    assert 'pip install \"arbiter-referee[envs]\"' in str(e), str(e)\n"
        "    assert 'gymnasium' in str(e), str(e)\n"
        "else:\n"
        "    raise SystemExit('no ImportError')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


class OneGame(gymnasium.Env):
    """Environment 0 of a vector env of one, as a single Gymnasium environment: what
    Gymnasium's `check_env` takes (it has no checker of vector environments). Every
    call goes straight to the vector env's `reset` and `step`."""

    metadata = {"render_modes": []}

    def __init__(self, name, **options):
        self.vec = envs.vector_env(name, 1, copy=True, **options)
        self.observation_space = self.vec.single_observation_space
        self.action_space = self.vec.single_action_space

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        obs, info = self.vec.reset(seed=seed, options=options)
        return obs[0], {key: value[0] for key, value in info.items()}

    def step(self, action):
        obs, rewards, terminations, truncations, info = self.vec.step(np.array([action]))
        info = {key: value[0] for key, value in info.items()}
        return obs[0], float(rewards[0]), bool(terminations[0]), bool(truncations[0]), info


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_gymnasium_s_checkers_pass_over_the_vector_env(name, options):
    """Gymnasium's `env_checker`: its checks that take any environment, asked of the
    vector env made by `gymnasium.make_vec` (so that it has a spec, and the checks of
    seeded determinism compare observations); and `check_env` whole over one game of
    it, self-play and against a random opponent (each call goes to the vector env)."""
    from gymnasium.utils import env_checker, passive_env_checker

    vec = gymnasium.make_vec(f"arbiter/{name}-v0", num_envs=3, vectorization_mode="vector_entry_point",
                             copy=True, **options)
    assert vec.spec is not None and not vec.spec.nondeterministic
    env_checker.check_reset_seed_determinism(vec)
    env_checker.check_reset_options(vec)
    env_checker.check_reset_return_type(vec)
    env_checker.check_reset_return_info_deprecation(vec)
    env_checker.check_seed_deprecation(vec)
    env_checker.check_space_limit(vec.single_observation_space, "observation")
    env_checker.check_space_limit(vec.single_action_space, "action")
    passive_env_checker.check_observation_space(vec.observation_space)
    passive_env_checker.check_action_space(vec.action_space)
    passive_env_checker.env_reset_passive_checker(vec, seed=0)
    # `check_step_determinism` for a batch: the same seed and actions, the same step.
    vec.action_space.seed(5)
    actions = vec.action_space.sample()
    vec.reset(seed=5)
    first = vec.step(actions)
    vec.reset(seed=5)
    again = vec.step(actions)
    assert gymnasium.utils.env_checker.data_equivalence(first, again, exact=True)
    vec.close()

    check_env(OneGame(name, **options), skip_render_check=True)
    second = arbiter.Game(name, **options).sides[1]
    check_env(OneGame(name, side=second, opponent_depth=0, **options), skip_render_check=True)


def test_a_step_releases_the_interpreter_s_lock():
    """While one Python thread is in `step` (a long one: the engine answers in 24 games),
    another runs Python: it would wait the whole step if the lock were held."""
    import threading
    import time

    env = envs.vector_env("xiangqi", 24, threads=1, side="red", opponent_depth=3)
    obs, info = env.reset(seed=0)
    actions = random_actions(info, np.random.default_rng(0))
    took = []

    def step():
        start = time.perf_counter()
        env.step(actions)
        took.append(time.perf_counter() - start)

    thread = threading.Thread(target=step)
    ticks = [time.perf_counter()]
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    thread.join()
    gaps = np.diff(ticks)
    assert took and took[0] > 0.05, f"the step took {took}: too short to tell"
    assert len(ticks) > 10 and gaps.max() < took[0] / 2, (took, gaps.max(), len(ticks))


@pytest.mark.parametrize(("name", "options", "side"), [
    ("xiangqi", {}, "black"),
    # Games whose planes are kept from step to step and changed by each move, the
    # engine's answer included.
    ("gomoku", {"size": 9}, "white"),
    ("twixt", {"size": 8}, "white"),
], ids=["xiangqi", "gomoku", "twixt"])
def test_the_agent_s_side_is_to_move_after_every_step_against_the_engine(name, options, side):
    """Against the engine, every step is the agent's move and the engine's answer: the
    agent is to move again, its observation drawn as it sees the game, its reward its
    own."""
    tree = arbiter.PositionBatch(name, 8, **options)
    env = envs.vector_env(name, 8, side=side, opponent_depth=1, **options)
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(12):
        assert (info["to_move"] == 1).all()
        tree.load(env.core, np.arange(8), np.arange(8))
        assert np.array_equal(tree.observe(np.arange(8), observer=side), obs)
        obs, rewards, terminations, truncations, info = env.step(random_actions(info, rng))
        live = ~(terminations | truncations)
        assert (info["to_move"][live] == 1).all()
        assert set(rewards.tolist()) <= {-1.0, 0.0, 1.0}


def play_alongside(name, options, seed):
    """Random legal actions in a vector env of one and in `arbiter.Game`, until the game
    ends: the termination code and winner each gives."""
    env = envs.vector_env(name, 1, autoreset_mode="disabled", **options)
    obs, info = env.reset(seed=seed)
    game = arbiter.Game(name, **options)
    rng = np.random.default_rng(seed)
    route: list[int] = []
    while not game.is_over():
        action = int(rng.choice(game.legal_actions(route)))
        assert info["action_mask"][0, action]
        move = game.play_action(action, route)
        route = route + [action] if move is None else []
        obs, rewards, terminations, truncations, info = env.step([action])
        assert terminations[0] == game.is_over()
    code = env.termination_codes[info["termination"][0]]
    assert code == game.outcome.termination
    assert info["winner"][0] == (-1 if game.outcome.winner is None else game.sides.index(game.outcome.winner))
    return code


def test_the_draughts_endgame_count_through_the_vector_env():
    # Two kings against two: the endgame count ends some random games as a draw.
    codes = [play_alongside("draughts", {"fen": "W:WK46,K50:BK5,K1"}, seed) for seed in range(10)]
    assert "endgame_count" in codes and set(codes) <= {"endgame_count", "no_legal_move"}


def test_bad_input_to_the_batches_raises_and_never_panics():
    with pytest.raises(ValueError, match="num_envs"):
        envs.vector_env("gomoku", 0)
    with pytest.raises(ValueError, match="num_envs"):
        envs.vector_env("gomoku", 2**21)
    with pytest.raises(OverflowError):
        envs.vector_env("gomoku", -1)
    # 512 games of 1024 x 1024 x 13 planes: refused before anything is made.
    with pytest.raises(ValueError, match="more than this batch may hold"):
        envs.vector_env("twixt", 512, size=1024)
    with pytest.raises(ValueError, match="threads"):
        envs.vector_env("gomoku", 2, threads=0)
    with pytest.raises(ValueError, match="capacity"):
        arbiter.PositionBatch("gomoku", 2**25)
    with pytest.raises(ValueError, match="more than this batch may hold"):
        arbiter.PositionBatch("gomoku", 2**24, size=1024)
    env = envs.vector_env("gomoku", 2, size=7)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="expected 2 actions"):
        env.step([1])
    with pytest.raises(TypeError):
        env.step(np.zeros((2, 2), dtype=np.int64))
    # Floats are refused, not truncated: 1.5 is no action, NaN no index.
    for floats in (np.array([1.5, 2.0]), [1.5, 2.0], np.array([np.nan, 0.0])):
        with pytest.raises(TypeError, match="expected integers"):
            env.step(floats)
    env.step(np.array([1, 2], dtype=np.int32))  # any integer type is taken
    tree = arbiter.PositionBatch("gomoku", 4, size=7)
    # A game of another size, or another game, is not loaded into these slots.
    with pytest.raises(ValueError, match="other options"):
        tree.load(envs.vector_env("gomoku", 1, size=9).core, [0], [0])
    with pytest.raises(TypeError, match="plays xiangqi"):
        tree.load(envs.vector_env("xiangqi", 1).core, [0], [0])
    tree.load(env.core, [0, 1], [2, 3])
    with pytest.raises(IndexError):
        tree.play([9], [0])
    with pytest.raises(TypeError, match="expected integers"):
        tree.play([0], [0.5])
    with pytest.raises(IndexError):
        tree.play([0], [0], parents=[-1])
    with pytest.raises(arbiter.IllegalMoveError):
        tree.play([0], [999])
    with pytest.raises(IndexError):
        tree.observe([4])
    with pytest.raises(ValueError, match="no side"):
        tree.observe([0], observer="red")
    with pytest.raises(IndexError):
        tree.legal_actions(4)
    with pytest.raises(ValueError, match="differ in length"):
        tree.copy([0, 1], [2])


def mask_from_planes(name, obs, to_move, swap_plane, count):
    """The legal placements that the planes show, for a game whose moves are
    placements: Gomoku's empty points; TwixT's empty points off the other side's edge
    lines (Black's are the rows at the top and bottom, White's the columns at the left
    and right), and the swap while its plane is set."""
    empty = (obs[..., 0] == 0) & (obs[..., 1] == 0)
    if name == "twixt":
        if to_move == 0:
            empty[[0, -1], :] = False
        else:
            empty[:, [0, -1]] = False
        # The swap's action, after the points, when the swap rule is on.
        return np.append(empty.ravel(), swap_plane)[:count]
    return empty.ravel()


@pytest.mark.parametrize(("name", "options"), [
    ("twixt", {"size": 12, "swap": True}),
    ("twixt", {"rules": "pp", "size": 10}),
    # Small enough that random games fill it: the side to move with no room left.
    ("twixt", {"size": 5}),
    ("gomoku", {"size": 9}),
    ("gomoku", {"rules": "freestyle", "rows": 7, "cols": 9}),
], ids=["twixt-swap", "twixt-pp", "twixt-5", "gomoku", "gomoku-freestyle"])
@pytest.mark.parametrize("opponent", [None, 0, 1], ids=["self-play", "random", "engine"])
def test_the_masks_kept_move_by_move_are_the_empty_points(name, options, opponent):
    """A placement game's actions and masks are kept move by move, each side's apart,
    instead of listed again: along whole games, in self-play and against a random
    opponent or the engine, they are the empty points the planes show (which are kept
    apart from them), the list and the mask agree, and a position batch loaded from
    the environments lists the same."""
    n = 8
    players = {} if opponent is None else {"side": "white", "opponent_depth": opponent}
    env = envs.vector_env(name, n, **players, **options)
    obs, info = env.reset(seed=4)
    tree = arbiter.PositionBatch(name, n, **options)
    rng = np.random.default_rng(4)
    endings = []
    for step in range(400 if opponent is None else 200):
        tree.load(env.core, np.arange(n), np.arange(n))
        for i in range(n):
            mask = info["action_mask"][i]
            listed = info["legal_actions"][i, : info["legal_count"][i]]
            assert sorted(listed.tolist()) == np.flatnonzero(mask).tolist() == tree.legal_actions(i), (step, i)
            if mask.any():
                swap = name == "twixt" and bool(obs[i, 0, 0, 12])
                expected = mask_from_planes(name, obs[i], info["to_move"][i], swap, len(mask))
                assert np.array_equal(mask, expected), (step, i)
        obs, rewards, terminations, truncations, info = env.step(masked_random_actions(info, rng))
        endings += [env.termination_codes[code] for code in info["termination"][terminations]]
    assert endings
    if options.get("size") == 5 and opponent is None:
        assert "no_legal_move" in endings


def test_actions_of_every_integer_type_step_alike():
    """The actions may be any integer array or a list: an int32 array (the type of
    `info["legal_actions"]`, read without NumPy's conversion), a strided view of one,
    int64, unsigned, or Python ints; each steps the games as the others do."""
    picks = [[0, 10, 20, 30], [1, 11, 21, 31], [2, 12, 22, 32]]
    forms = {
        "int64": lambda a: np.array(a, dtype=np.int64),
        "int32": lambda a: np.array(a, dtype=np.int32),
        "int32 strided": lambda a: np.repeat(np.array(a, dtype=np.int32), 2)[::2],
        "uint16": lambda a: np.array(a, dtype=np.uint16),
        "list": list,
    }
    results = {}
    for form, make in forms.items():
        env = envs.vector_env("gomoku", 4, size=9)
        env.reset(seed=1)
        for actions in picks:
            obs, rewards, terminations, truncations, info = env.step(make(actions))
        results[form] = (obs.copy(), info["action_mask"].copy(), info["legal_actions"].copy())
    for form, (obs, mask, listed) in results.items():
        assert np.array_equal(obs, results["int64"][0]), form
        assert np.array_equal(mask, results["int64"][1]), form
        assert np.array_equal(listed, results["int64"][2]), form
    # The stones are where the actions put them, whoever's turn it was.
    assert results["int64"][1][0, [0, 1, 2]].tolist() == [False, False, False]
    assert results["int64"][1][3, [30, 31, 32]].tolist() == [False, False, False]
    with pytest.raises(ValueError, match="expected 4 actions"):
        env.step(np.zeros(3, dtype=np.int32))
