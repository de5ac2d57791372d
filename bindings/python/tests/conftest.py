"""Paths the tests share: the repository's fixtures."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "crates" / "arbiter" / "tests" / "data"
RECORDS = REPO / "crates" / "arbiter-cli" / "tests" / "data" / "records"


@pytest.fixture
def data() -> Path:
    """The library's test data: judge fixtures, perft suites."""
    return DATA


@pytest.fixture
def records() -> Path:
    """The record samples of the command line's tests."""
    return RECORDS
