"""Record files read and checked, as `arbiter check` reads and checks them."""

from pathlib import Path

import pytest

import arbiter


def test_read_records(records: Path):
    games = arbiter.read_records("xiangqi", records / "wukong_iccs.pgn")
    assert len(games) == 15
    first = games[0]
    assert first.line == 1 and first.moves and first.tag("event") == first.tags["Event"]
    assert first.result in ("1-0", "0-1", "1/2-1/2", "*")
    text = (records / "wukong_iccs.pgn").read_text()
    assert [g.moves for g in arbiter.read_records("xiangqi", text)] == [g.moves for g in games]
    assert len(arbiter.read_records("xiangqi", str(records / "wukong_iccs.pgn"))) == 15


def test_read_records_of_every_game(records: Path):
    assert arbiter.read_records("draughts", records / "draughts_styles.pdn")
    assert arbiter.read_records("gomoku", records / "gomoku.psq")[0].moves
    assert arbiter.read_records("twixt", records / "twixtbot-ui_game2206555.tsgf")[0].moves


def test_check_records_as_the_command_does(records: Path):
    checks = arbiter.check_records("xiangqi", records / "ccpd_sample.pgn")
    assert len(checks) == 47
    assert sum(c.legal for c in checks) == 46
    counts = {result: sum(c.result == result for c in checks) for result in ("agree", "differ", "undecided", "refused")}
    assert counts == {"agree": 0, "differ": 1, "undecided": 45, "refused": 1}
    refused = checks[44]
    assert (refused.game, refused.players) == (45, ("尚威", "胡榮華"))
    assert refused.refusal is not None
    assert (refused.refusal.number, refused.refusal.line) == ("35...", 2970)
    assert refused.refusal.reason == "illegal move 士６進５: no legal move of black fits it"
    last = checks[46]
    assert last.recorded == "1/2-1/2" and last.verdict == "red wins by checkmate"
    assert last.outcome is not None and last.outcome.termination == "checkmate"
    big5 = arbiter.check_records("xiangqi", (records / "ccpd_sample.big5.pgn").read_bytes())
    assert [c.result for c in big5] == [c.result for c in checks]
    gb = arbiter.check_records("xiangqi", records / "wukong_chinese.gb18030.pgn")
    assert len(gb) == 15 and all(c.legal for c in gb)
    with pytest.raises(ValueError):
        arbiter.check_records("xiangqi", records / "ccpd_sample.big5.pgn", encoding="utf-8")


def test_record_errors(tmp_path: Path):
    with pytest.raises(OSError):
        arbiter.read_records("xiangqi", tmp_path / "missing.pgn")
    with pytest.raises(ValueError):
        arbiter.read_records("xiangqi", b"\xff\xfe\xfd", encoding="klingon")
    illegal = arbiter.check_records("xiangqi", '[Event "x"]\n1. h2e2 h9g7 2. h0g2 e0e1 *\n')
    assert illegal[0].result == "refused" and illegal[0].refusal is not None
    assert illegal[0].refusal.number == "2..."


def test_xz_archives_are_unpacked(records: Path, tmp_path: Path):
    import lzma

    plain = (records / "wukong_chinese.gb18030.pgn").read_bytes()
    archive = tmp_path / "games.pgn.xz"
    archive.write_bytes(lzma.compress(plain))
    expected = [g.moves for g in arbiter.read_records("xiangqi", plain)]
    assert [g.moves for g in arbiter.read_records("xiangqi", archive)] == expected
    assert [g.moves for g in arbiter.read_records("xiangqi", str(archive))] == expected
    assert [c.legal for c in arbiter.check_records("xiangqi", archive.read_bytes())] == [True] * 15
    with pytest.raises(ValueError, match="not an xz file"):
        arbiter.read_records("xiangqi", lzma.compress(plain)[:40])
