"""arbiter: a referee for Xiangqi, international draughts, Gomoku/Renju and TwixT.

Every game is played the same way: ``Game(name, **options)``, ``legal_moves()``,
``play(move)``, ``pop()``, ``outcome``. Record files are read with ``read_records``
and replayed by the rules with ``check_records``; ``judge`` answers the contest
problems; ``perft`` counts the legal-move tree; ``render_svg`` draws the board.
"""

import os
from typing import Any, Iterator, Literal, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

GameName = str
"""A game's name: one of ``games()``."""

OptionValue = Union[str, int, bool, None]
"""An option's value: each game's options and their types are in ``docs/python.md``
(``None`` leaves an option out)."""
Source = Union[str, bytes, "os.PathLike[str]"]

class IllegalMoveError(ValueError):
    """A move the rules refuse, or a text that is no move.

    ``reason`` is the refusal's stable code (``leaves_general_in_check``,
    ``capture_compulsory``, ``forbidden``, ``unreadable``, ``game_over``); the
    message is the sentence a player is told; ``move`` is the text as given.
    """

    reason: str
    move: str

class OptionsError(ValueError):
    """Options that start no game: an unknown game, an option the game does not
    take, a value out of range, a start position that cannot be read."""

class Move:
    """A move as the game describes it; ``str(move)`` is its text."""

    @property
    def text(self) -> str:
        """The move in the game's standard notation (``h2e2``, ``32-28``, ``h8``)."""
    @property
    def from_square(self) -> Optional[str]:
        """Where the moving piece starts; ``None`` for a placed stone or peg."""
    @property
    def to_square(self) -> Optional[str]:
        """Where the piece ends, or where the stone or peg goes; ``None`` for TwixT's swap."""
    @property
    def path(self) -> list[str]:
        """Landing squares before ``to_square`` (draughts captures of several pieces)."""
    @property
    def captured(self) -> list[str]:
        """The squares of the pieces taken (draughts)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a finished game ended; ``str(outcome)`` says it in words."""

    @property
    def result(self) -> Literal["win", "draw", "aborted"]:
        """``win``, ``draw`` or ``aborted``."""
    @property
    def winner(self) -> Optional[str]:
        """The winner's side (``red``, ``black``, ``white``), or ``None``."""
    @property
    def termination(self) -> str:
        """How the game ended, a stable snake_case code (``checkmate``, ``perpetual_chase``)."""
    @property
    def detail(self) -> Optional[str]:
        """What a player is told beyond the rule's name, or ``None``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A game of any kind, played move by move with every rule, those that look back
    over the game included."""

    def __init__(
        self,
        game: GameName,
        **options: OptionValue,
    ) -> None:
        """Starts a game of ``game`` from the options (``OptionsError`` if they start none)."""
    @property
    def kind(self) -> GameName:
        """The game's name."""
    @property
    def options(self) -> dict[str, Union[str, int, bool]]:
        """The options the game started with, every default filled in."""
    def legal_moves(self) -> list[Move]:
        """Every legal move; empty once the game is over."""
    def play(self, move_: Union[str, Move], /) -> Move:
        """Plays a move (text or ``Move``); ``IllegalMoveError`` if the rules refuse it."""
    def pop(self) -> Move:
        """Takes the last move back and returns it; ``IndexError`` if none was played."""
    @property
    def last_move(self) -> Optional[Move]:
        """The last move played, or ``None``."""
    @property
    def side_to_move(self) -> str:
        """The side to move: ``red``, ``black``, ``white``."""
    @property
    def fen(self) -> str:
        """The position in the game's own notation; setting it restarts the game there."""
    @fen.setter
    def fen(self, value: str) -> None: ...
    @property
    def status(self) -> Literal["ongoing", "check", "finished"]:
        """Where the game stands."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or ``None`` while it goes on."""
    def is_over(self) -> bool:
        """Whether the game is over."""
    @property
    def moves(self) -> list[str]:
        """The moves played, in the game's standard notation."""
    def moves_in(self, notation: str) -> list[str]:
        """The moves played written in ``notation`` (Xiangqi: ``iccs``, ``wxf``, ``chinese``)."""
    def forbidden_points(self) -> Optional[list[str]]:
        """Renju's forbidden points for Black (Gomoku), or ``None`` for other games."""
    def explain(self) -> Optional[dict[str, Any]]:
        """Why the last repetition is judged as it is (Xiangqi): ``rules``, ``reading``,
        ``decided``, ``moves`` (each with ``ply``, ``side``, ``text`` and ``readings``:
        ``act``, ``target``, ``by``, ``joint``, ``unprotected``), ``sides`` (``side``, ``conduct``,
        ``forbidden``), ``winner``, ``termination``, ``rule``, ``reason``, ``text``; ``None``
        when no position has stood twice or the game weighs no repetition."""
    @property
    def sides(self) -> tuple[str, str]:
        """The two sides, the first to move first: ``("red", "black")``."""
    @property
    def colors(self) -> tuple[str, str]:
        """The colours the two players play now, the first player's first (``sides``
        until a Gomoku opening rule's swap exchanges them)."""
    def engine_move(self, *, depth: int = 4, seed: Optional[int] = None) -> Optional[Move]:
        """arbiter's engine's move to ``depth`` plies (1 to 20), or ``None`` once over."""
    @property
    def action_count(self) -> int:
        """How many actions the game has (moves as numbers, for learning agents)."""
    @property
    def observation_shape(self) -> tuple[int, int, int]:
        """``(rows, columns, planes)`` of ``observation``."""
    def observation(self, observer: str, route: Sequence[int] = ()) -> bytearray:
        """The position as ``observer`` sees it: ``observation_shape`` bytes of 0 and 1."""
    def legal_actions(self, route: Sequence[int] = ()) -> list[int]:
        """The actions that may be taken now (after a draughts capture's ``route``)."""
    def action_mask(self, route: Sequence[int] = ()) -> bytearray:
        """``action_count`` bytes, 1 for each action that may be taken now."""
    def play_action(self, action: int, route: Sequence[int] = ()) -> Optional[Move]:
        """Plays the move ``action`` completes, or ``None`` if a draughts capture goes on."""
    def actions_of(self, move_: Union[str, Move], /) -> list[int]:
        """The actions that make the legal move ``move_``."""
    def copy(self) -> "Game":
        """A copy, played on independently."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...
    def __eq__(self, other: object) -> bool:
        """Equal when started from the same options with the same moves played."""
    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter."""

class RecordedGame:
    """A game as a record file writes it."""

    @property
    def tags(self) -> dict[str, str]:
        """The tags in the order read."""
    def tag(self, name: str) -> Optional[str]:
        """The value of tag ``name`` (without case), or ``None``."""
    @property
    def moves(self) -> list[str]:
        """The moves as written."""
    @property
    def result(self) -> str:
        """The recorded result: ``1-0``, ``0-1``, ``1/2-1/2``, ``*`` (draughts ``2-0``...)."""
    @property
    def line(self) -> int:
        """The line the game starts on, from 1."""

class RecordRefusal:
    """The first move of a record that the rules refuse."""

    @property
    def number(self) -> str:
        """``12`` for the first side's twelfth move, ``12...`` for the second side's."""
    @property
    def text(self) -> str:
        """The move as written; empty when the game could not begin."""
    @property
    def line(self) -> int:
        """The line the move stands on."""
    @property
    def reason(self) -> str:
        """Why the rules refuse it."""

class RecordCheck:
    """One recorded game replayed by the rules, as ``arbiter check`` reports it."""

    @property
    def game(self) -> int:
        """The game's number in its file, from 1."""
    @property
    def line(self) -> int:
        """The line the game starts on."""
    @property
    def players(self) -> tuple[str, str]:
        """The players, the first side's first (``?`` if unnamed)."""
    @property
    def moves(self) -> int:
        """The moves the rules let be played."""
    @property
    def legal(self) -> bool:
        """Whether every move is legal."""
    @property
    def refusal(self) -> Optional[RecordRefusal]:
        """The first move refused, or ``None``."""
    @property
    def notes(self) -> list[str]:
        """Endings the players went on after, ambiguous moves settled."""
    @property
    def recorded(self) -> str:
        """The result the record gives."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """The rules' verdict, or ``None``."""
    @property
    def verdict(self) -> Optional[str]:
        """The verdict in words, or ``None``."""
    @property
    def result(self) -> Literal["agree", "differ", "undecided", "refused"]:
        """How the verdict compares with the recorded result."""

class RecordIterator(Iterator[RecordedGame]):
    """The games of a record file, one at a time, read as a stream."""

    def __iter__(self) -> "RecordIterator": ...
    def __next__(self) -> RecordedGame: ...

class RecordCheckIterator(Iterator[RecordCheck]):
    """Each game of a record file replayed by the rules, one at a time."""

    def __iter__(self) -> "RecordCheckIterator": ...
    def __next__(self) -> RecordCheck: ...

Indices = Union[Sequence[int], "npt.NDArray[np.integer[Any]]"]
"""Slot, environment or action numbers: a sequence or an integer array."""

Results = tuple[
    "npt.NDArray[np.bool_]", "npt.NDArray[np.int8]", "npt.NDArray[np.bool_]", "npt.NDArray[np.int8]", "npt.NDArray[np.float32]"
]
"""``(masks, to_move, terminated, winners, rewards)``, one row a slot."""

class VectorCore:
    """A batch of environments of one game stepped in Rust (``arbiter.envs.vector_env``
    wraps it); its arrays are its own, written in place by each step, read-only to
    Python."""

    def __init__(
        self,
        game: GameName,
        num_envs: int,
        *,
        threads: Optional[int] = None,
        side: Optional[str] = None,
        opponent_depth: int = 2,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        autoreset: str = "next_step",
        max_steps: Optional[int] = None,
        observer: Optional[str] = None,
        planes_first: bool = False,
        **options: OptionValue,
    ) -> None: ...
    def reset(self, seeds: Sequence[int], mask: Optional[Sequence[bool]] = None) -> None: ...
    def step(self, actions: Indices) -> None: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @threads.setter
    def threads(self, threads: Optional[int]) -> None: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    @property
    def planes_first(self) -> bool: ...
    @property
    def action_count(self) -> int: ...
    @property
    def layout(self) -> str: ...
    @property
    def sides(self) -> tuple[str, str]: ...
    @property
    def observations(self) -> npt.NDArray[np.uint8]: ...
    @property
    def final_observations(self) -> Optional[npt.NDArray[np.uint8]]: ...
    @property
    def rewards(self) -> npt.NDArray[np.float32]: ...
    @property
    def terminations(self) -> npt.NDArray[np.bool_]: ...
    @property
    def truncations(self) -> npt.NDArray[np.bool_]: ...
    @property
    def action_masks(self) -> npt.NDArray[np.bool_]: ...
    @property
    def legal_actions(self) -> npt.NDArray[np.int32]: ...
    @property
    def legal_counts(self) -> npt.NDArray[np.int32]: ...
    @property
    def to_move(self) -> npt.NDArray[np.int8]: ...
    @property
    def winners(self) -> npt.NDArray[np.int8]: ...
    @property
    def endings(self) -> npt.NDArray[np.int8]: ...
    @property
    def illegal(self) -> npt.NDArray[np.bool_]: ...
    @staticmethod
    def termination_codes() -> list[str]: ...

class PositionBatch:
    """Positions of one game in numbered slots, for tree search: copied, played one
    action in each and read a batch of slots a call, with no Python object a
    position."""

    def __init__(self, game: GameName, capacity: int, **options: OptionValue) -> None: ...
    @property
    def capacity(self) -> int: ...
    @property
    def action_count(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    @property
    def sides(self) -> tuple[str, str]: ...
    def reset(self, slots: Indices) -> None: ...
    def copy(self, source: Indices, target: Indices) -> None: ...
    def load(self, core: VectorCore, envs: Indices, slots: Indices) -> None: ...
    def play(self, slots: Indices, actions: Indices, parents: Optional[Indices] = None) -> Results: ...
    def status(self, slots: Indices) -> Results: ...
    def observe(
        self, slots: Indices, observer: Optional[str] = None, *, planes_first: bool = False
    ) -> npt.NDArray[np.uint8]: ...
    def legal_actions(self, slot: int) -> list[int]: ...

def games() -> list[GameName]:
    """The names of the games."""

def game_options(game: GameName) -> list[dict[str, Union[str, int, list[str]]]]:
    """The options ``game`` takes: ``name``, ``help``, ``type`` (``text``, ``choice``,
    ``number`` or ``flag``), ``default``, and ``choices`` or ``min`` and ``max``."""

def perft(
    game: GameName,
    depth: int,
    *,
    threads: int = 1,
    **options: OptionValue,
) -> int:
    """The positions reached after ``depth`` plies of legal moves (the lock released)."""

def judge(game: GameName, input: Union[str, bytes]) -> str:
    """A contest judge's answer, byte for byte; warnings as ``UserWarning``."""

def read_records(game: GameName, source: Source, *, encoding: Optional[str] = None) -> list[RecordedGame]:
    """The games of a record file: a path, its text or its bytes."""

def check_records(
    game: GameName,
    source: Source,
    *,
    encoding: Optional[str] = None,
    **options: OptionValue,
) -> list[RecordCheck]:
    """Each game of a record file replayed by the rules, as ``arbiter check`` gives it."""

def iter_records(game: GameName, source: Source, *, encoding: Optional[str] = None) -> RecordIterator:
    """The games of a record file one at a time, in bounded memory."""

def iter_check_records(
    game: GameName,
    source: Source,
    *,
    encoding: Optional[str] = None,
    **options: OptionValue,
) -> RecordCheckIterator:
    """Each game of a record file replayed by the rules one at a time, in bounded memory."""

def render_svg(game: Game, *, flip: bool = False) -> str:
    """The board as an SVG document."""
