"""arbiter: a referee for Xiangqi, international draughts, Gomoku/Renju and TwixT.

Every game is played the same way: ``Game(name, **options)``, ``legal_moves()``,
``play(move)``, ``pop()``, ``outcome``. Record files are read with ``read_records``
and replayed by the rules with ``check_records`` (``iter_records`` and
``iter_check_records`` give the same one game at a time); ``judge`` answers the contest
problems; ``perft`` counts the legal-move tree; ``render_svg`` draws the board.
``PositionBatch`` keeps positions for tree search, a batch of them a call.
``arbiter.envs`` (the ``envs`` extra) has PettingZoo and Gymnasium environments, and
vector environments stepped in Rust.
"""


from ._arbiter import (
    Game,
    IllegalMoveError,
    Move,
    OptionsError,
    Outcome,
    PositionBatch,
    RecordCheck,
    RecordCheckIterator,
    RecordedGame,
    RecordIterator,
    RecordRefusal,
    VectorCore,
    __version__,
    check_records,
    game_options,
    games,
    iter_check_records,
    iter_records,
    judge,
    perft,
    read_records,
    render_svg,
)

GameName = str
"""A game's name, as ``Game`` and the functions take it: one of ``games()``."""

__all__ = [
    "Game",
    "GameName",
    "IllegalMoveError",
    "Move",
    "OptionsError",
    "Outcome",
    "PositionBatch",
    "RecordCheck",
    "RecordCheckIterator",
    "RecordIterator",
    "RecordRefusal",
    "RecordedGame",
    "VectorCore",
    "__version__",
    "check_records",
    "game_options",
    "games",
    "iter_check_records",
    "iter_records",
    "judge",
    "perft",
    "read_records",
    "render_svg",
]
