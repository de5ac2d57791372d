"""Draughts' actions and planes sized by the game's board, and its squares named as
the game names them: the number of actions is the board's playable squares squared
(a step from one square to another), the planes are the board's rows and columns, each
piece marked on its square's point of the board as drawn, in a game, an environment and
the vector environments alike."""

import numpy as np
import pytest

import arbiter
from arbiter import envs

# The rule sets' boards: options, rows (as many as columns). A board of n rows has
# n * n / 2 playable (dark) squares: 50 on the international 10x10 board.
BOARDS = [
    ({}, 10),
    ({"rules": "brazilian"}, 8),
    ({"rules": "russian"}, 8),
    ({"rules": "english"}, 8),
    ({"rules": "killer"}, 10),
    ({"rules": "antidraughts"}, 10),
    ({"rules": "breakthrough"}, 10),
    ({"rules": "pool"}, 8),
    ({"rules": "czech"}, 8),
    ({"rules": "spanish"}, 8),
    ({"rules": "italian"}, 8),
    ({"rules": "thai"}, 8),
    ({"rules": "canadian"}, 12),
]
IDS = [options.get("rules", "international") for options, _ in BOARDS]


def point(number: int, size: int) -> tuple[int, int]:
    """The row (0 at the top) and column (0 at the left, as White sees the board) of the
    square numbered `number` by PDN: squares numbered from the top row, left to right,
    the top row's first dark square second from the left."""
    row, place = divmod(number - 1, size // 2)
    return row, 2 * place + (1 if row % 2 == 0 else 0)


@pytest.mark.parametrize(("options", "size"), BOARDS, ids=IDS)
def test_actions_and_planes_are_sized_by_the_board(options, size):
    squares = size * size // 2
    game = arbiter.Game("draughts", **options)
    assert game.action_count == squares * squares
    assert game.observation_shape == (size, size, 8)
    env = envs.aec_env("draughts", **options)
    assert env.observation_space(env.possible_agents[0])["observation"].shape == (size, size, 8)
    assert env.action_space(env.possible_agents[0]).n == squares * squares
    gym = envs.gym_env("draughts", **options)
    assert gym.observation_space["observation"].shape == (size, size, 8)
    assert gym.action_space.n == squares * squares
    vector = envs.vector_env("draughts", 2, **options)
    assert vector.single_observation_space.shape == (size, size, 8)
    assert vector.single_action_space.n == squares * squares
    vector.close()
    tree = arbiter.PositionBatch("draughts", 4, **options)
    assert tree.observation_shape == (size, size, 8)
    assert tree.action_count == squares * squares


@pytest.mark.parametrize(("options", "size"), BOARDS, ids=IDS)
def test_the_start_fills_each_sides_rows_on_the_board_as_drawn(options, size):
    # Every rule set starts with each side's men on the dark squares of its nearest
    # rows, all but the two middle rows (Thai draughts: the two nearest rows only):
    # White's at the bottom, Black's at the top.
    game = arbiter.Game("draughts", **options)
    rows = 2 if options.get("rules") == "thai" else size // 2 - 1
    for observer, own in (("white", "bottom"), ("black", "top")):
        planes = np.frombuffer(game.observation(observer), dtype=np.int8).reshape(game.observation_shape)
        mine = {tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 0])}
        theirs = {tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 2])}
        bottom, top = (mine, theirs) if own == "bottom" else (theirs, mine)
        assert {row for row, _ in bottom} == set(range(size - rows, size))
        assert {row for row, _ in top} == set(range(rows))
        for men in (bottom, top):
            assert len(men) == rows * (size // 2), "half of each row's points"
            assert len({(row + column) % 2 for row, column in men | top | bottom}) == 1, "on one colour of square"


def test_spanish_draughts_is_played_on_the_turned_board():
    # docs/rules.md, Spanish draughts: a playable square at each player's right, so
    # White's man stands on h1 (row 7, column 7) and a1 (row 7, column 0) is light.
    for rules, corner, other in (("spanish", (7, 7), (7, 0)), ("italian", (7, 7), (7, 0)), ("brazilian", (7, 0), (7, 7))):
        game = arbiter.Game("draughts", rules=rules)
        planes = np.frombuffer(game.observation("white"), dtype=np.int8).reshape(game.observation_shape)
        mine = {tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 0])}
        assert corner in mine and other not in mine, rules


def test_a_capture_round_to_its_start_is_stepped_by_square_numbers_and_drawn_on_the_board():
    # Under the FMJD rules captured pieces come off only when the move ends
    # (docs/rules.md, International draughts): 43 takes 38, 28, 29 and 39 and comes
    # back to 43, the only move.
    game = arbiter.Game("draughts", fen="W:W43,48:B28,29,38,39,3")
    (move,) = game.legal_moves()
    assert (move.text, move.from_square, move.to_square) == ("43x43", "43", "43")
    assert sorted(move.captured) == ["28", "29", "38", "39"]
    landings = [*move.path, move.to_square]
    steps = game.actions_of(move)
    at = "43"
    for step, landing in zip(steps, landings, strict=True):
        assert step == (int(at) - 1) * 50 + int(landing) - 1
        at = landing
    # After the first landing: the route's squares on plane 4, the piece jumped on 5.
    planes = np.frombuffer(game.observation("white", steps[:1]), dtype=np.int8).reshape(10, 10, 8)
    assert {tuple(p) for p in np.argwhere(planes[:, :, 4])} == {point(43, 10), point(int(landings[0]), 10)}
    (jumped,) = [tuple(p) for p in np.argwhere(planes[:, :, 5])]
    assert jumped in {point(int(s), 10) for s in move.captured}
    r0, c0 = point(43, 10)
    r1, c1 = point(int(landings[0]), 10)
    assert jumped == (r0 + (r1 - r0) // abs(r1 - r0), c0 + (c1 - c0) // abs(c1 - c0)), "the piece beside 43"


@pytest.mark.parametrize(("options", "size"), BOARDS, ids=IDS)
def test_every_route_is_stepped_by_the_boards_squares_and_drawn_on_it(options, size):
    # Play the first legal move a while; at each capture, its steps are squares of this
    # board, and after its first landing the piece jumped is the one beside the start
    # on the diagonal towards the landing, where the move's `captured` names a piece.
    squares = size * size // 2
    game = arbiter.Game("draughts", **options)
    names: dict[str, int] = {}
    seen = 0
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        for move in moves:
            steps = game.actions_of(move)
            assert all(0 <= step < squares * squares for step in steps)
            if not move.captured:
                continue
            seen += 1
            planes = np.frombuffer(game.observation(game.side_to_move, steps[:1]), dtype=np.int8).reshape(size, size, 8)
            route = [tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 4])]
            assert len(route) == 2, "the start and the first landing"
            (jumped,) = [tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 5])]
            assert all(abs(jumped[0] - r) == abs(jumped[1] - c) for r, c in route), "on the route's diagonal"
            names.update({name: 1 for name in move.captured})
        game.play(moves[0])
    assert seen > 0, "a capture was stepped"
    if options.get("rules") == "russian":
        assert all(name[0] in "abcdefgh" and name[1:].isdigit() for name in names), names


def test_the_ten_by_ten_rule_sets_end_as_their_rules_say():
    # Antidraughts: White, to move with no piece left, has won (lidraughts' rules).
    anti = arbiter.Game("draughts", rules="antidraughts", fen="W:W:B1")
    assert anti.outcome is not None and anti.outcome.winner == "white"
    # Breakthrough: White's man makes the first king and wins.
    breakthrough = arbiter.Game("draughts", rules="breakthrough", fen="W:W6,33:B45,22")
    breakthrough.play("6-1")
    assert breakthrough.outcome is not None and breakthrough.outcome.termination == "first_king"
    # Killer: a king that takes a king last stops right behind it.
    killer = arbiter.Game("draughts", rules="killer", fen="W:WK46:BK28")
    assert [str(m) for m in killer.legal_moves()] == ["46x23"]


def test_pieces_taken_along_rows_and_columns_and_crossed_again_are_drawn():
    # Frisian draughts (docs/rules.md): a man takes along the row, 33 over 34 to 35,
    # then up the column over 25 to 15; each leg's taken piece is on plane 5.
    game = arbiter.Game("draughts", rules="frisian", fen="W:W33:B34,25,3")
    (move,) = game.legal_moves()
    assert (move.text, sorted(move.captured)) == ("33x15", ["25", "34"])
    steps = game.actions_of(move)
    planes = np.frombuffer(game.observation("white", steps), dtype=np.int8).reshape(10, 10, 8)
    assert {tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 5])} == {point(34, 10), point(25, 10)}
    # Thai draughts: pieces come off as they are taken, so a king turns back over the
    # square of a piece it took; the leg's piece is the one not taken yet.
    thai = arbiter.Game("draughts", rules="thai", fen="W:WK18:B15,22")
    route = next(m for m in thai.legal_moves() if m.to_square == "25")
    steps = thai.actions_of(route)
    planes = np.frombuffer(thai.observation("white", steps), dtype=np.int8).reshape(8, 8, 8)
    assert {tuple(int(x) for x in p) for p in np.argwhere(planes[:, :, 5])} == {point(15, 8), point(22, 8)}
