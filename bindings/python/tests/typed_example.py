"""Typed use of arbiter, checked by `mypy --strict` (test_typing.py)."""

from pathlib import Path
from typing import Optional

import arbiter


def ending(game: arbiter.Game, moves: list[str]) -> Optional[str]:
    for text in moves:
        try:
            move: arbiter.Move = game.play(text)
        except arbiter.IllegalMoveError as refused:
            reason: str = refused.reason
            return reason
        squares: tuple[Optional[str], Optional[str]] = (move.from_square, move.to_square)
        assert squares[1] is not None or move.text == "swap"
    outcome = game.outcome
    if outcome is None:
        return None
    return f"{outcome.result} {outcome.winner} {outcome.termination}"


def main() -> None:
    game = arbiter.Game("xiangqi", fen="4k4/9/1c7/9/R8/9/9/9/9/3K5 w", move_limit=0)
    print(ending(game, "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7".split()))
    renju = arbiter.Game("gomoku", rules="renju", size=15)
    points: Optional[list[str]] = renju.forbidden_points()
    explained = game.explain()
    if explained is not None:
        print(explained["text"])
    legal: list[arbiter.Move] = renju.legal_moves()
    nodes: int = arbiter.perft("draughts", 3, threads=2)
    copy: arbiter.Game = renju.copy()
    copy.fen = renju.fen
    answer: str = arbiter.judge("gomoku", b"")
    svg: str = arbiter.render_svg(game, flip=True)
    for check in arbiter.check_records("xiangqi", Path("games.pgn")):
        refusal = check.refusal
        if refusal is not None:
            print(check.game, refusal.number, refusal.reason)
    for recorded in arbiter.read_records("draughts", "[Event \"x\"]\n32-28 *\n"):
        print(recorded.tags, recorded.moves, recorded.result)
    games: arbiter.RecordIterator = arbiter.iter_records("xiangqi", Path("archive.pgn.xz"), encoding="gbk")
    first: Optional[arbiter.RecordedGame] = next(games, None)
    undecided = sum(c.result == "undecided" for c in arbiter.iter_check_records("xiangqi", b"", chase_rules="axf"))
    print(first, undecided)
    print(points, len(legal), nodes, answer, len(svg), game.moves_in("wxf"), game.status, game.side_to_move)
    learning()


def learning() -> None:
    draughts = arbiter.Game("draughts")
    reply: Optional[arbiter.Move] = draughts.engine_move(depth=2, seed=1)
    shape: tuple[int, int, int] = draughts.observation_shape
    planes: bytearray = draughts.observation(draughts.sides[0])
    route: list[int] = []
    for action in draughts.actions_of(reply or "32-28"):
        if draughts.play_action(action, route) is None:
            route.append(action)
    mask: bytearray = draughts.action_mask()
    print(shape, len(planes), len(mask), draughts.legal_actions(), draughts.action_count)

    from arbiter import envs

    env = envs.gym_env("gomoku", opponent_depth=1, rules="renju", size=9)
    observation, info = env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(int(observation["action_mask"].argmax()))
    aec = envs.aec_env("xiangqi")
    aec.reset()
    print(reward, terminated, truncated, aec.agent_selection)
