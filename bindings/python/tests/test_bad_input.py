"""The rule for bad input (docs/input.md), held by the package: text that is not UTF-8,
a token or line longer than any valid one, a number out of range and an empty input
raise an exception whose message is one short line that names the fault and quotes at
most a short excerpt; nothing crashes, and the package works on after."""

import pytest

import arbiter

HUGE = "q" * 200_000


def refused(error: type[BaseException], call, *says: str) -> str:
    with pytest.raises(error) as raised:
        call()
    message = str(raised.value)
    assert "\n" not in message, f"one line: {message!r}"
    assert len(message) < 200, f"under 200 characters: {len(message)}: {message[:300]!r}"
    assert "q" * 40 not in message, f"a short excerpt at most: {message!r}"
    for words in says:
        assert words in message, f"{message!r} should say {words!r}"
    return message


@pytest.mark.parametrize("game", ["xiangqi", "draughts", "gomoku", "twixt"])
def test_positions(game: str):
    option = "fen" if game in ("xiangqi", "draughts") else "board"
    refused(arbiter.OptionsError, lambda: arbiter.Game(game, **{option: HUGE}))
    refused(arbiter.OptionsError, lambda: arbiter.Game(game, **{option: "\x00\xff\u202e" * 500}))
    refused(arbiter.OptionsError, lambda: arbiter.Game(game, **{option: ""}))
    refused(arbiter.OptionsError, lambda: arbiter.Game(game, move_limit=-1))
    refused(arbiter.OptionsError, lambda: arbiter.Game(game, move_limit=10**30))
    assert arbiter.Game(game).legal_moves(), "the package works on after"


def test_names_that_run_on():
    refused(arbiter.OptionsError, lambda: arbiter.Game("gomoku", rules=HUGE), "unknown rules")
    refused(arbiter.OptionsError, lambda: arbiter.Game("xiangqi", chase_rules=HUGE), "unknown chase rules")
    refused(arbiter.OptionsError, lambda: arbiter.Game(HUGE), "unknown game")
    refused(ValueError, lambda: arbiter.read_records("xiangqi", b"", encoding=HUGE), "encoding")


def test_numbers_out_of_range():
    refused(arbiter.OptionsError, lambda: arbiter.Game("gomoku", size=1_000_000), "1 to 1024")
    refused(arbiter.OptionsError, lambda: arbiter.Game("gomoku", size=2**70))
    refused(arbiter.OptionsError, lambda: arbiter.Game("twixt", rows=-5))
    refused(ValueError, lambda: arbiter.perft("xiangqi", 65), "64 plies")
    # Past the integer type's range, Python's own OverflowError.
    refused(OverflowError, lambda: arbiter.perft("xiangqi", 2**40))
    refused(ValueError, lambda: arbiter.perft("draughts", 3, threads=100_000), "1 to 256")
    refused(ValueError, lambda: arbiter.perft("draughts", 3, threads=0), "1 to 256")


@pytest.mark.parametrize("game", ["xiangqi", "draughts", "gomoku", "twixt"])
def test_moves(game: str):
    play = arbiter.Game(game).play
    refused(arbiter.IllegalMoveError, lambda: play(HUGE))
    refused(arbiter.IllegalMoveError, lambda: play("\x00\ufffd\x1b[31m" * 1000))
    refused(arbiter.IllegalMoveError, lambda: play(""))
    refused(arbiter.IllegalMoveError, lambda: play("99999999999999999999999"))


@pytest.mark.parametrize("game", ["xiangqi", "draughts", "gomoku", "twixt"])
def test_records(game: str):
    refused(ValueError, lambda: arbiter.read_records(game, b"[Event \"" + b"q" * 200_000 + b"\"]\n"))
    refused(ValueError, lambda: arbiter.check_records(game, b"[Event \"" + b"q" * 200_000 + b"\"]\n"))
    refused(ValueError, lambda: arbiter.read_records(game, b"\xff" * 100_000))
    # A UTF-16 byte-order mark does not lead a named encoding astray.
    refused(ValueError, lambda: arbiter.read_records(game, b"\xff\xfe\x00h2e2\n" * 3, encoding="utf-8"), "UTF-8")
    # A 200,000-letter move is a line longer than any valid one, quoted only by its start.
    refused(ValueError, lambda: arbiter.read_records(game, "1. " + HUGE + "\n"), "line 1", 'it begins "1. qqq')
    refused(ValueError, lambda: list(arbiter.iter_check_records(game, "1. " + HUGE + "\n")), "line 1")
    # An empty record holds no game: no refusal, and nothing read.
    assert arbiter.read_records(game, b"") == []
    assert arbiter.check_records(game, " \n\n") == []
    assert list(arbiter.iter_records(game, "")) == []


@pytest.mark.parametrize("game", ["xiangqi", "draughts", "gomoku", "twixt"])
def test_judges(game: str):
    refused(ValueError, lambda: arbiter.judge(game, b"\xff\xfe\x00\n"), "not UTF-8")
    refused(ValueError, lambda: arbiter.judge(game, HUGE), "longer than")
    refused(ValueError, lambda: arbiter.judge(game, b""), "line 1")
    refused(ValueError, lambda: arbiter.judge(game, "99999999999999999999 1 1\n"))
