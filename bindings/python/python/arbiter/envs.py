"""Reinforcement-learning environments over arbiter's rules (the ``envs`` extra:
``pip install "./bindings/python[envs]"``).

``aec_env(game, **options)`` is a PettingZoo AEC environment in which two agents, named
after the game's sides (``"red"`` and ``"black"``, ...), play each other;
``gym_env(game, opponent_depth=2, **options)`` is a Gymnasium environment in which one
agent plays arbiter's engine. The options are those of ``arbiter.Game``.

Observations are ``{"observation": planes, "action_mask": mask}``: the position as the
observing side sees it (``Game.observation``: rows x columns x planes of 0 and 1, its
own pieces first) and a mask over the game's actions (``Game.action_mask``), both
``numpy.int8``. Actions are moves as numbers (``Game.legal_actions``); a draughts
capture of several pieces is one action per landing, the same agent acting until the
capture is complete. Every rule is the referee's, those that look back included: a
perpetual chase loses, a repetition draws, a Renju forbidden point is never legal. The
winner gets 1, the loser -1, a draw 0; an action the mask does not allow loses at once
(``illegal_reward``, the refusal's code in ``info["illegal_move"]``).
"""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

import arbiter

__all__ = ["ArbiterAEC", "ArbiterGym", "aec_env", "gym_env"]

RENDER_MODES = ["ansi", "svg"]


def _spaces(game: arbiter.Game) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation and action spaces of ``game``."""
    count = game.action_count
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0, 1, game.observation_shape, dtype=np.int8),
            "action_mask": spaces.Box(0, 1, (count,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(count)


def _planes(game: arbiter.Game, side: str, route: list[int], shape: tuple[int, int, int]) -> np.ndarray:
    return np.frombuffer(game.observation(side, route), dtype=np.int8).reshape(shape)


def _mask(game: arbiter.Game, route: list[int]) -> np.ndarray:
    return np.frombuffer(game.action_mask(route), dtype=np.int8)


def _render(game: arbiter.Game, mode: Optional[str]) -> Optional[str]:
    if mode == "svg":
        return arbiter.render_svg(game)
    if mode == "ansi":
        state = str(game.outcome) if game.outcome else f"{game.side_to_move} to move"
        return f"{game.fen}\n{state}\n"
    return None


def _check_render_mode(mode: Optional[str]) -> None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode {mode!r} is not one of {RENDER_MODES}")


class ArbiterAEC(AECEnv):  # type: ignore[misc]
    """Two agents play ``game`` against each other, turn by turn (PettingZoo AEC)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1, "name": "arbiter_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: arbiter.GameName,
        *,
        render_mode: Optional[str] = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__()
        _check_render_mode(render_mode)
        self._name = game
        self._options = options
        self._game = arbiter.Game(game, **options)
        self._route: list[int] = []
        self._illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.metadata = {**ArbiterAEC.metadata, "name": f"arbiter_{game}_v0"}
        self.possible_agents = list(self._game.sides)
        observation, action = _spaces(self._game)
        # The same for every position of the game: read once, not at every step.
        self._shape = self._game.observation_shape
        self._no_actions = np.zeros(self._game.action_count, dtype=np.int8)
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._action_spaces = {agent: action for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    @property
    def game(self) -> arbiter.Game:
        """The game being played (a copy changes nothing here)."""
        return self._game

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        # The rules have no chance in them: the seed changes nothing.
        self._game = arbiter.Game(self._name, **self._options)
        self._route = []
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._game.side_to_move

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        planes = _planes(self._game, agent, self._route, self._shape)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = _mask(self._game, self._route)
        else:
            mask = self._no_actions.copy()
        return {"observation": planes, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {each: 0.0 for each in self.agents}
        if action is None:
            raise ValueError("a live agent must act: None is only for an agent whose game is over")
        try:
            move = self._game.play_action(int(action), self._route)
        except arbiter.IllegalMoveError as refused:
            self.rewards[agent] = self._illegal_reward
            self.infos[agent] = {"illegal_move": refused.reason}
            self._end()
        else:
            if move is None:
                self._route.append(int(action))
            else:
                self._route = []
                outcome = self._game.outcome
                if outcome is not None:
                    for each in self.agents:
                        self.rewards[each] = 0.0 if outcome.winner is None else (1.0 if each == outcome.winner else -1.0)
                        self.infos[each] = {"termination": outcome.termination}
                    self._end()
                else:
                    self.agent_selection = self._game.side_to_move
        self._accumulate_rewards()

    def _end(self) -> None:
        self.terminations = {each: True for each in self.agents}
        # The other agent is asked next, to see the end and leave.
        first, second = self.possible_agents
        self.agent_selection = second if self.agent_selection == first else first

    def render(self) -> Optional[str]:
        return _render(self._game, self.render_mode)

    def close(self) -> None:
        pass


class ArbiterGym(gymnasium.Env[dict[str, Any], np.int64]):
    """One agent plays ``game`` against arbiter's engine (Gymnasium)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}

    def __init__(
        self,
        game: arbiter.GameName,
        *,
        opponent_depth: int = 2,
        side: Optional[str] = None,
        render_mode: Optional[str] = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        _check_render_mode(render_mode)
        self._name = game
        self._options = options
        self._game = arbiter.Game(game, **options)
        if not 0 <= opponent_depth <= 20:
            raise ValueError(f"opponent_depth {opponent_depth} is not 0 (random moves) to 20")
        self._depth = opponent_depth
        self._side = side if side is not None else self._game.sides[0]
        if self._side not in self._game.sides:
            raise ValueError(f"{game} has no side {self._side!r}: {' or '.join(self._game.sides)}")
        self._route: list[int] = []
        self._illegal_reward = float(illegal_reward)
        self._engine_seed = 1
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(self._game)
        self._shape = self._game.observation_shape

    @property
    def game(self) -> arbiter.Game:
        """The game being played."""
        return self._game

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self._game = arbiter.Game(self._name, **self._options)
        self._route = []
        # The engine picks among its near-best moves by a seed drawn from the
        # environment's generator: the games vary, the same way for the same seed.
        self._engine_seed = int(self.np_random.integers(1, 2**63 - 1))
        if self._game.side_to_move != self._side:
            self._opponent_moves()
        return self._observation(), {}

    def step(self, action: Union[int, np.int64]) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._game.is_over():
            raise RuntimeError("the game is over: call reset()")
        try:
            move = self._game.play_action(int(action), self._route)
        except arbiter.IllegalMoveError as refused:
            return self._observation(), self._illegal_reward, True, False, {"illegal_move": refused.reason}
        if move is None:
            self._route.append(int(action))
            return self._observation(), 0.0, False, False, {}
        self._route = []
        if not self._game.is_over():
            self._opponent_moves()
        outcome = self._game.outcome
        if outcome is None:
            return self._observation(), 0.0, False, False, {}
        reward = 0.0 if outcome.winner is None else (1.0 if outcome.winner == self._side else -1.0)
        return self._observation(), reward, True, False, {"termination": outcome.termination}

    def _opponent_moves(self) -> None:
        if self._depth == 0:
            moves = self._game.legal_moves()
            move: Optional[arbiter.Move] = moves[int(self.np_random.integers(len(moves)))] if moves else None
        else:
            self._engine_seed += 1
            move = self._game.engine_move(depth=self._depth, seed=self._engine_seed)
        if move is not None:
            self._game.play(move)

    def _observation(self) -> dict[str, np.ndarray]:
        if self._game.is_over():
            mask = np.zeros(self._game.action_count, dtype=np.int8)
        else:
            mask = _mask(self._game, self._route)
        return {"observation": _planes(self._game, self._side, self._route, self._shape), "action_mask": mask}

    def render(self) -> Optional[str]:
        return _render(self._game, self.render_mode)


def aec_env(game: arbiter.GameName, *, render_mode: Optional[str] = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (options as ``arbiter.Game``'s), in
    PettingZoo's order-enforcing wrapper; ``.unwrapped`` is the ``ArbiterAEC``."""
    return wrappers.OrderEnforcingWrapper(ArbiterAEC(game, render_mode=render_mode, **options))


def gym_env(
    game: arbiter.GameName, *, opponent_depth: int = 2, side: Optional[str] = None, render_mode: Optional[str] = None, **options: Any
) -> ArbiterGym:
    """A Gymnasium environment: the agent plays ``side`` (the first side by default) of
    ``game`` against arbiter's engine searching ``opponent_depth`` plies (0: a random
    legal move)."""
    return ArbiterGym(game, opponent_depth=opponent_depth, side=side, render_mode=render_mode, **options)


# `gymnasium.make("arbiter/xiangqi-v0", opponent_depth=2)` and so on, options as keywords.
for _name in arbiter.games():
    gymnasium.register(id=f"arbiter/{_name}-v0", entry_point="arbiter.envs:ArbiterGym", kwargs={"game": _name})
