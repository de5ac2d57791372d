"""Reinforcement-learning environments over arbiter's rules (the ``envs`` extra:
``pip install "./bindings/python[envs]"``).

``aec_env(game, **options)`` is a PettingZoo AEC environment in which two agents, named
after the game's sides (``"red"`` and ``"black"``, ...), play each other;
``gym_env(game, opponent_depth=2, **options)`` is a Gymnasium environment in which one
agent plays arbiter's engine; ``vector_env(game, num_envs, **options)`` is a Gymnasium
vector environment of ``num_envs`` games stepped together in Rust, across threads,
for self-play or against the engine. The options are those of ``arbiter.Game``.

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

from typing import Any, Optional, Sequence, Union

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as missing:  # pragma: no cover - checked in a fresh interpreter by the tests
    raise ImportError(
        f"arbiter.envs needs the envs extra ({missing.name} is not installed): "
        'pip install "arbiter-referee[envs]"'
    ) from missing

import arbiter

__all__ = ["ArbiterAEC", "ArbiterGym", "ArbiterVectorEnv", "aec_env", "gym_env", "vector_env"]

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


AUTORESET_MODES = {"next_step": "NextStep", "same_step": "SameStep", "disabled": "Disabled"}


class ArbiterVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``game`` stepped together in Rust (Gymnasium's vector API).

    Self-play by default: each environment's action is its side to move's, and its
    reward is that side's (1 won, -1 lost, 0 otherwise). With ``side``, the agent plays
    that side of every game and arbiter's engine the other (``opponent_depth`` plies, 0
    a random legal move), the reward the agent's. Observations are
    ``(num_envs, rows, columns, planes)`` of ``uint8`` 0 and 1 (``(num_envs, planes,
    rows, columns)`` with ``planes_first=True``), the game's planes (``layout``) as the
    side to move sees them in self-play, or as ``observer`` (a side's name) sees them
    throughout, the agent's side against the engine; ``info["action_mask"]`` is
    ``(num_envs, action_count)`` of bool.

    The arrays are the environment's own and are handed over without a copy: read-only
    (NumPy will not make them writable), written again by the next ``step``
    (``copy=True`` gives fresh copies instead).
    """

    metadata: dict[str, Any] = {"render_modes": [], "autoreset_mode": None}

    def __init__(
        self,
        game: arbiter.GameName,
        num_envs: int,
        *,
        threads: Optional[int] = None,
        side: Optional[str] = None,
        opponent_depth: int = 2,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        autoreset_mode: Any = "next_step",
        max_steps: Optional[int] = None,
        observer: Optional[str] = None,
        planes_first: bool = False,
        copy: bool = False,
        **options: Any,
    ) -> None:
        try:
            from gymnasium.vector import AutoresetMode
        except ImportError as old:  # pragma: no cover - Gymnasium before 1.1
            raise ImportError("arbiter.envs.vector_env needs Gymnasium 1.1 or later") from old
        mode = autoreset_mode.value if isinstance(autoreset_mode, AutoresetMode) else str(autoreset_mode)
        names = {value: key for key, value in AUTORESET_MODES.items()}
        key = names.get(mode, mode.lower())
        if key not in AUTORESET_MODES:
            raise ValueError(f"autoreset_mode {autoreset_mode!r}: one of {list(AUTORESET_MODES)} or an AutoresetMode")
        self.core = arbiter.VectorCore(
            game,
            num_envs,
            threads=threads,
            side=side,
            opponent_depth=opponent_depth,
            illegal=illegal,
            illegal_reward=illegal_reward,
            autoreset=key,
            max_steps=max_steps,
            observer=observer,
            planes_first=planes_first,
            **options,
        )
        self.game = game
        self.options = dict(options)
        self.num_envs = num_envs
        self.sides: tuple[str, str] = self.core.sides
        self.side = side
        self.layout: str = self.core.layout
        self.termination_codes: list[str] = arbiter.VectorCore.termination_codes()
        self.metadata = {**ArbiterVectorEnv.metadata, "autoreset_mode": AutoresetMode(AUTORESET_MODES[key])}
        self.render_mode = None
        shape = self.core.observation_shape
        self.single_observation_space = spaces.Box(0, 1, shape, dtype=np.uint8)
        self.single_action_space = spaces.Discrete(self.core.action_count)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._copy = copy
        self._same_step = key == "same_step"

    @property
    def threads(self) -> int:
        """The threads each step runs on (settable; ``None`` is every core)."""
        return int(self.core.threads)

    @threads.setter
    def threads(self, threads: Optional[int]) -> None:
        self.core.threads = threads

    def _info(self) -> dict[str, Any]:
        core = self.core
        info: dict[str, Any] = {
            "action_mask": core.action_masks,
            "to_move": core.to_move,
            "legal_actions": core.legal_actions,
            "legal_count": core.legal_counts,
            "winner": core.winners,
            "termination": core.endings,
            "illegal_action": core.illegal,
        }
        if self._same_step:
            info["final_obs"] = core.final_observations
            info["_final_obs"] = core.terminations | core.truncations
        if self._copy:
            info = {key: np.array(value) for key, value in info.items()}
        return info

    def reset(
        self, *, seed: Optional[Union[int, Sequence[Optional[int]]]] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts every game again (with ``options={"reset_mask": mask}``, those
        whose entry is true). ``seed``, an int or one a game, seeds the engine's and
        a random opponent's choices: game ``i`` gets ``seed + i``."""
        if isinstance(seed, int) or seed is None:
            super().reset(seed=seed)
            if seed is None:
                seeds = [int(s) for s in self.np_random.integers(0, 2**63 - 1, size=self.num_envs)]
            else:
                seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds_given = list(seed)
            if len(seeds_given) != self.num_envs:
                raise ValueError(f"expected {self.num_envs} seeds, got {len(seeds_given)}")
            super().reset(seed=None)
            drawn = self.np_random.integers(0, 2**63 - 1, size=self.num_envs)
            seeds = [int(d) if s is None else int(s) for s, d in zip(seeds_given, drawn)]
        mask = None
        if options and "reset_mask" in options:
            mask = [bool(m) for m in np.asarray(options["reset_mask"], dtype=bool)]
            if len(mask) != self.num_envs:
                raise ValueError(f"reset_mask has {len(mask)} entries, not {self.num_envs}")
        self.core.reset(seeds, mask)
        observations = self.core.observations
        return (np.array(observations) if self._copy else observations), self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Takes one action in every game: its side to move's (self-play) or the
        agent's. An action off the mask loses that game (``illegal="lose"``) or
        raises ``arbiter.IllegalMoveError`` before any game changes
        (``illegal="refuse"``)."""
        self.core.step(actions)
        core = self.core
        if self._copy:
            return (np.array(core.observations), np.array(core.rewards), np.array(core.terminations),
                    np.array(core.truncations), self._info())
        return core.observations, core.rewards, core.terminations, core.truncations, self._info()

    def __repr__(self) -> str:
        return f"ArbiterVectorEnv({self.game}, num_envs={self.num_envs})"


def vector_env(game: arbiter.GameName, num_envs: int, **options: Any) -> ArbiterVectorEnv:
    """A Gymnasium vector environment of ``num_envs`` games of ``game`` stepped in Rust:
    ``threads`` (default: every core), ``side`` (None: self-play; a side's name: the
    agent plays it against arbiter's engine), ``opponent_depth``, ``illegal`` ("lose"
    or "refuse"), ``illegal_reward``, ``autoreset_mode`` ("next_step", "same_step",
    "disabled" or a ``gymnasium.vector.AutoresetMode``), ``max_steps`` (truncation),
    ``observer`` (None: the side to move's view; a side's name: that side's view at
    every step), ``planes_first`` (observations ``(num_envs, planes, rows, columns)``),
    ``copy``; the rest are the game's options, as ``arbiter.Game``'s."""
    return ArbiterVectorEnv(game, num_envs, **options)


from arbiter._registration import register_ids  # noqa: E402

# `gymnasium.make("arbiter/xiangqi-v0", opponent_depth=2)` and
# `gymnasium.make_vec("arbiter/xiangqi-v0", num_envs=64, vectorization_mode="vector_entry_point")`.
register_ids()
