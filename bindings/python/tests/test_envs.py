"""Moves as numbers, positions as planes, and the environments over them: PettingZoo's
and Gymnasium's own checkers, every rule of the referee through an action, and the
engine as the opponent."""

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import arbiter
from arbiter import envs

GAMES = [
    ("xiangqi", {}),
    ("draughts", {}),
    ("gomoku", {"rules": "renju", "size": 15}),
    ("gomoku", {"rules": "freestyle", "rows": 7, "cols": 9}),
    ("twixt", {"size": 12, "swap": True}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in GAMES]

# Black's king on 22 takes three pieces two ways to end on 20 (and two ways to 15):
# the same start and end, different pieces taken.
TWO_ROUTES = "B:W24,27,37,41:B5,6,10,K22"


def routes(game: arbiter.Game, route: tuple = ()) -> list[tuple]:
    """Every sequence of actions that completes a move, found by taking the actions."""
    found = []
    for action in game.legal_actions(list(route)):
        trial = game.copy()
        if trial.play_action(action, list(route)) is None:
            found += routes(game, route + (action,))
        else:
            found.append(route + (action,))
    return found


def random_positions(name: str, options: dict, count: int, seed: int):
    rng = random.Random(seed)
    game = arbiter.Game(name, **options)
    for _ in range(count):
        if game.is_over() or len(game.moves) > 80:
            game = arbiter.Game(name, **options)
        yield game
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_each_legal_move_is_one_sequence_of_actions(name, options):
    for game in random_positions(name, options, 40, seed=len(name)):
        legal = sorted(m.text for m in game.legal_moves())
        made = []
        for route in routes(game):
            trial = game.copy()
            moves = [trial.play_action(action, list(route[:i])) for i, action in enumerate(route)]
            assert all(m is None for m in moves[:-1]) and moves[-1] is not None
            made.append(moves[-1].text)
            assert game.actions_of(moves[-1]) == list(route)
        assert sorted(made) == legal, game.fen
        mask = np.frombuffer(game.action_mask(), dtype=np.int8)
        assert mask.shape == (game.action_count,)
        assert sorted(np.flatnonzero(mask).tolist()) == game.legal_actions()


def test_two_draughts_captures_with_the_same_ends_are_two_routes():
    game = arbiter.Game("draughts", fen=TWO_ROUTES)
    texts = sorted(m.text for m in game.legal_moves())
    assert texts == ["22x31x42x15", "22x31x42x20", "22x36x47x15", "22x36x47x20"]
    found = routes(game)
    assert len(found) == 4 and all(len(route) == 3 for route in found)
    # The first step already tells the two ways apart: 22 to 31, or 22 to 36.
    assert game.legal_actions() == [21 * 50 + 30, 21 * 50 + 35]
    # The route is in the observation: where the king has been and what it has taken.
    obs = np.frombuffer(game.observation("black", [21 * 50 + 30]), dtype=np.int8).reshape(10, 10, 8)
    square = lambda n: ((n - 1) // 5, ((n - 1) % 5) * 2 + (1 if ((n - 1) // 5) % 2 == 0 else 0))  # noqa: E731
    assert obs[square(22) + (4,)] == 1 and obs[square(31) + (4,)] == 1
    assert obs[square(27) + (5,)] == 1 and obs[:, :, 5].sum() == 1


def test_an_action_the_rules_refuse_says_why():
    xiangqi = arbiter.Game("xiangqi", fen="4k4/9/9/9/9/9/9/9/4R4/3K5 b")
    e9, f9 = 9 * 9 + 4, 9 * 9 + 5
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        xiangqi.play_action(e9 * 90 + e9 - 9)
    assert refused.value.reason == "leaves_general_in_check"
    assert xiangqi.play_action(e9 * 90 + f9).text == "e9f9"

    draughts = arbiter.Game("draughts", fen="W:W28:B23")
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        draughts.play_action(27 * 50 + 21)
    assert refused.value.reason == "capture_compulsory"

    renju = arbiter.Game("gomoku", rules="renju", size=15)
    for move in "c3 a1 d3 a2 e3 a3 g3 a4 h3 a6".split():
        renju.play(move)
    f3 = (15 - 3) * 15 + 5
    assert f3 not in renju.legal_actions()
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        renju.play_action(f3)
    assert refused.value.reason == "forbidden"

    with pytest.raises(ValueError):
        renju.play_action(renju.action_count)
    with pytest.raises(ValueError):
        xiangqi.play_action(0, [1])
    twixt = arbiter.Game("twixt", size=6, swap=True)
    assert twixt.action_count == 37
    twixt.play_action(2 * 6 + 2)
    assert twixt.legal_actions()[-1] == 36 and twixt.play_action(36).text == "swap"


def test_planes_show_each_side_its_own_pieces_first():
    game = arbiter.Game("xiangqi")
    assert game.observation_shape == (10, 9, 16)
    red = np.frombuffer(game.observation("red"), dtype=np.int8).reshape(10, 9, 16)
    black = np.frombuffer(game.observation("black"), dtype=np.int8).reshape(10, 9, 16)
    # Red's general on e0: the bottom row as drawn, the observer's first plane.
    assert red[9, 4, 0] == 1 and black[9, 4, 7] == 1 and red[0, 4, 7] == 1
    assert red[:, :, :14].sum() == 32 and (red[:, :, 14] == 1).all() and (black[:, :, 14] == 0).all()
    assert (red[:, :, 15] == 1).all() and (black[:, :, 15] == 0).all()
    with pytest.raises(ValueError):
        game.observation("white")

    twixt = arbiter.Game("twixt", size=8)
    for move in "b2 f5 c4".split():
        twixt.play(move)
    planes = np.frombuffer(twixt.observation("black"), dtype=np.int8).reshape(8, 8, 13)
    # b2 and c4 are linked: one column right and two rows up from b2.
    assert planes[:, :, 0].sum() == 2 and planes[:, :, 1].sum() == 1
    assert planes[8 - 2, 1, 2] == 1 and planes[:, :, 2:10].sum() == 1


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_pettingzoo_api_test_passes(name, options):
    api_test(envs.aec_env(name, **options), num_cycles=200)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_gymnasium_check_env_passes(name, options):
    check_env(envs.gym_env(name, opponent_depth=1, **options), skip_render_check=False)
    check_env(gymnasium.make(f"arbiter/{name}-v0", opponent_depth=0, render_mode="ansi", **options).unwrapped)


def test_a_perpetual_chase_loses_in_the_aec_environment():
    env = envs.aec_env("xiangqi", fen="4k4/9/1c7/9/R8/9/9/9/9/3K5 w", move_limit=0)
    env.reset()
    game = env.unwrapped.game
    for text in "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7".split():
        agent = env.agent_selection
        observation, reward, terminated, truncated, info = env.last()
        (action,) = game.actions_of(text)
        assert observation["action_mask"][action] == 1
        env.step(action)
    assert env.terminations == {"red": True, "black": True}
    assert env.rewards == {"red": -1.0, "black": 1.0}
    assert env.infos["red"]["termination"] == "perpetual_chase"
    assert agent == "black"
    for agent in env.agent_iter():
        assert env.last()[2]
        env.step(None)
    assert env.agents == []


def test_a_draughts_capture_of_several_pieces_keeps_the_turn():
    env = envs.aec_env("draughts", fen=TWO_ROUTES)
    env.reset()
    route = env.unwrapped.game.actions_of("22x36x47x20")
    for action in route:
        assert env.agent_selection == "black"
        env.step(action)
    assert env.agent_selection == "white"
    assert env.unwrapped.game.moves == ["22x36x47x20"]


def test_an_action_off_the_mask_loses():
    env = envs.aec_env("gomoku", rules="renju", size=15)
    env.reset()
    env.step(7 * 15 + 7)
    env.step(7 * 15 + 7)
    assert env.rewards["white"] == -1.0 and all(env.terminations.values())
    assert env.infos["white"]["illegal_move"] == "occupied"


def test_the_gymnasium_environment_plays_the_engine_to_an_end():
    env = envs.gym_env("gomoku", opponent_depth=2, rules="renju", size=9)
    rewards = []
    for seed in range(3):
        observation, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        terminated = False
        while not terminated:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated
        rewards.append(reward)
        assert env.game.is_over() and info["termination"] in {"five_in_a_row", "board_full"}
    # A random player against a searching engine loses.
    assert rewards.count(-1.0) >= 2
    first, _ = env.reset(seed=5)
    again, _ = env.reset(seed=5)
    assert (first["observation"] == again["observation"]).all()

    second = envs.gym_env("xiangqi", opponent_depth=1, side="black")
    observation, _ = second.reset(seed=0)
    assert len(second.game.moves) == 1 and second.game.side_to_move == "black"
    with pytest.raises(ValueError):
        envs.gym_env("xiangqi", side="white")


def test_the_engine_moves():
    game = arbiter.Game("xiangqi", fen="3k5/R8/9/9/9/9/9/9/9/1R3K3 w")
    assert game.engine_move(depth=2).text == "b0b9"
    assert arbiter.Game("draughts").engine_move(depth=1, seed=3) in arbiter.Game("draughts").legal_moves()
    with pytest.raises(ValueError):
        game.engine_move(depth=0)
    game.play("b0b9")
    assert game.engine_move() is None


def test_a_swap_hands_the_view_to_the_colour_the_side_to_move_now_plays():
    """Swap2: once the second player swaps, the first plays White. `side_to_move`,
    `observation` and the AEC env's agents all name the players by the colours they
    play now, so the mover's view is the one with the plane of the side to move set."""
    opening = {"opening": "swap2", "size": 15}
    game = arbiter.Game("gomoku", **opening)
    aec = envs.aec_env("gomoku", **opening)
    aec.reset()
    for text in ["n7", "a2", "e4", "swap"]:
        (action,) = game.actions_of(text)
        game.play(text)
        aec.step(action)
    assert game.colors == ("white", "black") and game.sides == ("black", "white")
    mover = game.side_to_move
    other = next(side for side in game.colors if side != mover)
    shape = game.observation_shape
    seen = np.frombuffer(game.observation(mover), dtype=np.uint8).reshape(shape)
    unseen = np.frombuffer(game.observation(other), dtype=np.uint8).reshape(shape)
    assert seen[:, :, 2].all() and not unseen[:, :, 2].any()
    # The first player (now White) plays first: its plane 3 is set whatever colour it plays.
    first = np.frombuffer(game.observation(game.colors[0]), dtype=np.uint8).reshape(shape)
    assert first[:, :, 3].all()
    assert aec.agent_selection == mover
    assert np.array_equal(aec.observe(mover)["observation"], seen)
