"""Every judge answers every fixture of crates/arbiter-formats/tests/data/judges byte for byte, as
crates/arbiter/tests/judge_fixtures.rs checks the library."""

import warnings

import pytest

import arbiter

# The fixtures each game's folder holds at least (judge_fixtures.rs).
AT_LEAST = {"xiangqi": 6, "draughts": 74, "gomoku": 58, "twixt": 9}


@pytest.mark.parametrize("game", sorted(AT_LEAST))
def test_every_fixture(game, judges):
    inputs = sorted((judges / game).glob("*.in"))
    assert len(inputs) >= AT_LEAST[game]
    wrong = []
    for path in inputs:
        expected = path.with_suffix(".out").read_bytes().decode()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            answer = arbiter.judge(game, path.read_bytes())
        if answer != expected:
            wrong.append(path.name)
    assert wrong == []


def test_text_input_and_errors():
    assert arbiter.judge("xiangqi", "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH  4 5\nG 10 5\nC 7 5\n\n0 0 0\n") == "YES\nNO\n"
    with pytest.raises(ValueError, match="unknown piece letter"):
        arbiter.judge("xiangqi", "2 1 4\nG 10 5\nQ 6 4\n")
    with pytest.raises(arbiter.OptionsError):
        arbiter.judge("chess", "")
    with pytest.raises(TypeError):
        arbiter.judge("gomoku", 5)  # type: ignore[arg-type]
