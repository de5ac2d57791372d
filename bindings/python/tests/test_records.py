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


def test_records_are_given_one_at_a_time_as_the_lists_give_them(records: Path):
    path = records / "ccpd_sample.pgn"
    games = arbiter.iter_records("xiangqi", path)
    assert iter(games) is games
    assert [(g.line, g.moves) for g in games] == [(g.line, g.moves) for g in arbiter.read_records("xiangqi", path)]
    assert next(games, None) is None, "an iterator that ended stays ended"
    checks = arbiter.iter_check_records("xiangqi", path.read_bytes(), move_limit=60)
    listed = arbiter.check_records("xiangqi", path, move_limit=60)
    assert [(c.game, c.result, c.verdict) for c in checks] == [(c.game, c.result, c.verdict) for c in listed]


def test_a_refusal_far_into_a_file_comes_after_the_games_before_it(tmp_path: Path):
    game = '[Event "x"]\n1. h2e2 h9g7 *\n\n'
    text = game * 50_000 + "1. h2e2 {never closed\n"
    bad_line = 3 * 50_000 + 1
    path = tmp_path / "games.pgn"
    path.write_text(text)
    games = arbiter.iter_records("xiangqi", path)
    assert next(games).moves == ["h2e2", "h9g7"]
    with pytest.raises(ValueError) as raised:
        for _ in games:
            pass
    # The command line's words: `arbiter check xiangqi games.pgn` says the same after `arbiter: `.
    assert str(raised.value) == f"{path}: line {bad_line}: a `{{` comment is never closed"
    assert next(games, None) is None, "after a refusal nothing more is read"
    with pytest.raises(ValueError, match=f"^line {bad_line}: a `{{` comment"):
        arbiter.check_records("xiangqi", text.encode())
    # Past the first MiB, from which the encoding is told, every line must be in it.
    bytes_ = (game * 50_000).encode() + b"1. \xff\xfe\n"
    with pytest.raises(ValueError, match=rf"^line {bad_line}: not UTF-8 text \(byte 4 of the line\)$"):
        arbiter.read_records("xiangqi", bytes_)


def test_a_long_archive_is_walked_in_bounded_memory(tmp_path: Path):
    import subprocess
    import sys

    # 200,000 games, 38 MB: holding the text, or the games read, would take far more
    # than the bound below.
    path = tmp_path / "many.pgn"
    event = "a club's long-running event, round after round, " * 3
    with path.open("w") as out:
        for n in range(200_000):
            out.write(f'[Event "{event}{n}"]\n[Result "*"]\n\n1. h2e2 h9g7 *\n\n')
    assert path.stat().st_size > 36_000_000
    walk = (
        "import resource, sys, arbiter\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "n = sum(c.result == 'undecided' for c in arbiter.iter_check_records('xiangqi', sys.argv[1]))\n"
        "n += sum(len(g.moves) == 2 for g in arbiter.iter_records('xiangqi', sys.argv[1]))\n"
        "print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n"
    )
    run = subprocess.run([sys.executable, "-c", walk, str(path)], capture_output=True, text=True, check=True)
    games, grown_kib = map(int, run.stdout.split())
    assert games == 400_000
    assert grown_kib < 24 * 1024, f"peak memory grew by {grown_kib} KiB"


def test_an_xz_file_is_unpacked_as_it_is_read_and_its_damage_named(tmp_path: Path):
    import lzma

    text = '[Event "x"]\n1. h2e2 h9g7 *\n\n' * 40_000
    archive = tmp_path / "games.pgn.xz"
    archive.write_bytes(lzma.compress(text.encode()))
    assert sum(1 for _ in arbiter.iter_records("xiangqi", archive)) == 40_000
    damaged = tmp_path / "damaged.pgn.xz"
    damaged.write_bytes(archive.read_bytes()[: archive.stat().st_size // 2])
    with pytest.raises(ValueError, match=f"^{damaged}: not an xz file, or a damaged one$"):
        arbiter.check_records("xiangqi", damaged)
