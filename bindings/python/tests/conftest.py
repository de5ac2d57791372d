"""Paths the tests share: the repository's fixtures."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "crates" / "arbiter" / "tests" / "data"
JUDGES = REPO / "crates" / "arbiter-formats" / "tests" / "data" / "judges"
RECORDS = REPO / "crates" / "arbiter-cli" / "tests" / "data" / "records"


@pytest.fixture
def data() -> Path:
    """The rules library's test data: the perft suites."""
    return DATA


@pytest.fixture
def judges() -> Path:
    """The contest judges' fixtures, a folder a game."""
    return JUDGES


@pytest.fixture
def records() -> Path:
    """The record samples of the command line's tests."""
    return RECORDS
