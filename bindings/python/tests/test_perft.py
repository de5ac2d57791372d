"""Perft against the figures of crates/arbiter/tests/data/*/perft.tsv (the rows that
take a moment), with keyword options as Game's."""

import threading
import time

import pytest

import arbiter


def test_published_figures():
    assert arbiter.perft("xiangqi", 3) == 79666
    assert arbiter.perft("draughts", 6) == 167140
    assert arbiter.perft("draughts", 5, fen="W:W31-50:B1-20", threads=2) == 27117
    assert arbiter.perft("gomoku", 2, size=5) == 25 * 24
    assert arbiter.perft("twixt", 0) == 1


def test_suite_rows(data):
    for game in ("xiangqi", "draughts"):
        rows = [line.split("\t") for line in (data / game / "perft.tsv").read_text().splitlines()]
        rows = [r for r in rows if not r[0].startswith("#") and r[0] != "fen" and int(r[2]) <= 200_000]
        assert rows
        for fen, depth, nodes, *_ in rows:
            assert arbiter.perft(game, int(depth), fen=fen) == int(nodes), (game, fen, depth)


def test_lock_is_released():
    ticks = [0]
    done = threading.Event()

    def tick() -> None:
        while not done.is_set():
            ticks[0] += 1
            time.sleep(0.0005)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        assert arbiter.perft("draughts", 8) == 6483961
    finally:
        done.set()
        ticker.join()
    # Python code ran beside the count: the interpreter's lock was released.
    assert ticks[0] > 10


def test_refusals():
    with pytest.raises(ValueError):
        arbiter.perft("xiangqi", 1000)
    with pytest.raises(ValueError):
        arbiter.perft("xiangqi", 1, threads=0)
    with pytest.raises(arbiter.OptionsError):
        arbiter.perft("draughts", 1, fen="X:nonsense")
