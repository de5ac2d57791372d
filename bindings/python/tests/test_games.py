"""A game of each kind played to its end by its rules, refusals as exceptions, and
the Python side of a game: pop, copy, equality, hashing, positions, notations."""

import copy

import pytest

import arbiter


def play(game: arbiter.Game, moves: str) -> None:
    for move in moves.split():
        game.play(move)


def test_xiangqi_perpetual_chase_loses():
    game = arbiter.Game("xiangqi", fen="4k4/9/1c7/9/R8/9/9/9/9/3K5 w", move_limit=0)
    play(game, "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7")
    outcome = game.outcome
    assert outcome is not None
    assert str(outcome).startswith("black wins by perpetual chase")
    assert (outcome.result, outcome.winner, outcome.termination) == ("win", "black", "perpetual_chase")
    assert outcome.detail == "red's chariot chased the cannon on b7"
    assert game.status == "finished" and game.is_over()
    assert game.legal_moves() == []
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        game.play("e0e1")
    assert refused.value.reason == "game_over"


def test_xiangqi_repetitions_are_explained():
    game = arbiter.Game("xiangqi", fen="4k4/9/1c7/9/R8/9/9/9/9/3K5 w")
    assert game.explain() is None
    play(game, "a5a7 b7b5 a7a5 b5b7")
    pending = game.explain()
    assert pending is not None and not pending["decided"]
    play(game, "a5a7 b7b5 a7a5 b5b7")
    explanation = game.explain()
    assert explanation is not None
    assert explanation["decided"] and (explanation["rules"], explanation["reading"]) == ("axf", "axf")
    assert (explanation["winner"], explanation["termination"]) == ("black", "perpetual_chase")
    assert explanation["rule"] == "AXF rule 18"
    first = explanation["moves"][0]
    assert (first["side"], first["text"]) == ("red", "a5a7")
    assert first["readings"][0] == {
        "act": "chase",
        "target": {"piece": "cannon", "point": "b7"},
        "by": {"piece": "chariot", "point": "a7"},
        "joint": False,
        "unprotected": False,
    }
    assert explanation["sides"][0] == {"side": "red", "conduct": "perpetual_chase", "forbidden": True}
    assert "verdict: black wins by perpetual chase" in explanation["text"]


def test_xiangqi_chinese_rules_forbid_a_perpetual_mate_threat():
    # The Chinese rule book's diagram 7: Red threatens mate with every move.
    fen = "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w"
    cycle = "i0h0 i8h8 h0i0 h8i8 "
    asian = arbiter.Game("xiangqi", fen=fen)
    chinese = arbiter.Game("xiangqi", fen=fen, rules="chinese")
    assert chinese.options["rules"] == "chinese" and "chase_rules" not in chinese.options
    play(chinese, cycle * 2)
    assert chinese.outcome is not None
    assert (chinese.outcome.winner, chinese.outcome.termination) == ("black", "perpetual_mate_threat")
    explanation = chinese.explain()
    assert explanation is not None and explanation["rules"] == "chinese" and explanation["reading"] is None
    assert {m["readings"][0]["act"] for m in explanation["moves"] if m["side"] == "red"} == {"mate_threat"}
    with pytest.raises(arbiter.OptionsError):
        arbiter.Game("xiangqi", rules="chinese", chase_rules="engines")
    with pytest.raises(arbiter.OptionsError):
        arbiter.Game("xiangqi", rules="asian")
    assert asian.options["rules"] == "axf"


def test_draughts_win_by_capture():
    game = arbiter.Game("draughts", fen="W:W27,49:B22,3")
    first = game.play("27x18")
    assert (first.from_square, first.to_square, first.captured, first.path) == ("27", "18", ["22"], [])
    play(game, "3-8 49-44 8-13 18x9")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.termination) == ("white", "no_legal_move")
    assert str(game.outcome) == "white wins by no legal move"


def test_draughts_capture_is_compulsory():
    game = arbiter.Game("draughts", fen="W:W28:B23")
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        game.play("28-22")
    assert refused.value.reason == "capture_compulsory"
    assert refused.value.move == "28-22"
    assert [m.text for m in game.legal_moves()] == ["28x19"]


def test_renju_forbidden_move_is_refused():
    game = arbiter.Game("gomoku", rules="renju", size=15)
    play(game, "c3 a1 d3 a2 e3 a3 g3 a4 h3 a6")
    assert "f3" in (game.forbidden_points() or [])
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        game.play("f3")
    assert refused.value.reason == "forbidden"
    assert "overline" in str(refused.value)
    assert isinstance(refused.value, ValueError)
    assert game.side_to_move == "black" and len(game.moves) == 10


def test_gomoku_five_in_a_row():
    game = arbiter.Game("gomoku", size=9)
    play(game, "a1 a9 b1 b9 c1 c9 d1 d9 e1")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.termination) == ("black", "five_in_a_row")
    first = arbiter.Game("gomoku").legal_moves()[0]
    assert first.from_square is None and first.to_square == first.text


def test_twixt_connection():
    game = arbiter.Game("twixt", size=5)
    play(game, "a3 b1 c2 d5 e3")
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.winner, game.outcome.termination) == ("win", "black", "connection")
    assert arbiter.Game("twixt", size=24, swap=True).options == {"rules": "auto", "size": 24, "swap": True}
    # TwixT PP: Black's d3-c5 crosses Black's own c3-e4 and is made; the chain c3-e4 is
    # not joined to d3-c5 where they cross.
    pp = arbiter.Game("twixt", rules="pp", size=10)
    play(pp, "c3 h9 e4 h7 d3 f9 c5")
    assert pp.options["rules"] == "pp"
    assert pp.outcome is None


def test_xiangqi_check_and_refusals():
    game = arbiter.Game("xiangqi", fen="4k4/9/9/9/9/9/9/9/4R4/3K5 b")
    assert game.status == "check"
    assert game.side_to_move == "black"
    with pytest.raises(arbiter.IllegalMoveError) as refused:
        game.play("e9e8")
    assert refused.value.reason == "leaves_general_in_check"
    with pytest.raises(arbiter.IllegalMoveError) as unreadable:
        game.play("hello")
    assert unreadable.value.reason == "unreadable"
    assert str(unreadable.value).startswith('cannot read move "hello"')
    with pytest.raises(TypeError):
        game.play(42)  # type: ignore[arg-type]


def test_moves_texts_and_notations():
    game = arbiter.Game("xiangqi")
    assert game.side_to_move == "red" and game.status == "ongoing" and game.outcome is None
    assert len(game.legal_moves()) == 44
    move = game.play("h2e2")
    assert (str(move), move.from_square, move.to_square, repr(move)) == ("h2e2", "h2", "e2", "Move('h2e2')")
    reply = next(m for m in game.legal_moves() if m.text == "h9g7")
    game.play(reply)
    assert game.moves == ["h2e2", "h9g7"]
    assert game.moves_in("iccs") == game.moves
    assert game.moves_in("wxf") == ["C2=5", "H8+7"]
    assert game.moves_in("chinese")[0] == "炮二平五"
    with pytest.raises(ValueError):
        game.moves_in("sanskrit")
    assert game.last_move is not None and game.last_move.text == "h9g7"


def test_pop_copy_eq_hash():
    game = arbiter.Game("draughts")
    start = game.copy()
    assert game == start
    game.play("32-28")
    assert game != start
    twin = copy.copy(game)
    deep = copy.deepcopy(game)
    assert twin == game == deep
    twin.play("18-23")
    assert twin != game
    popped = twin.pop()
    assert popped.text == "18-23" and popped in twin.legal_moves()
    assert twin == game
    assert game.pop().text == "32-28"
    assert game == start and game.fen == start.fen
    with pytest.raises(IndexError):
        game.pop()
    with pytest.raises(TypeError):
        hash(game)
    moves = start.legal_moves()
    assert len(set(moves)) == len(moves) == 9
    assert moves[0] == start.copy().legal_moves()[0] and hash(moves[0]) == hash(start.legal_moves()[0])
    a = arbiter.Game("twixt", size=5)
    b = arbiter.Game("twixt", size=5)
    play(a, "a3 b1 c2 d5 e3")
    play(b, "a3 b1 c2 d5 e3")
    assert a.outcome == b.outcome and hash(a.outcome) == hash(b.outcome)


def test_pop_undoes_a_repetition_verdict():
    game = arbiter.Game("xiangqi", fen="4k4/9/1c7/9/R8/9/9/9/9/3K5 w", move_limit=0)
    play(game, "a5a7 b7b5 a7a5 b5b7 a5a7 b7b5 a7a5 b5b7")
    assert game.outcome is not None
    game.pop()
    assert game.outcome is None and game.side_to_move == "black" and len(game.moves) == 7


def test_fen_can_be_set():
    game = arbiter.Game("xiangqi", move_limit=30)
    game.play("h2e2")
    game.fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b"
    assert game.moves == [] and game.status == "check"
    assert game.options["move_limit"] == 30
    gomoku = arbiter.Game("gomoku", size=9, rules="renju")
    gomoku.play("e5")
    gomoku.fen = gomoku.fen
    assert gomoku.moves == [] and gomoku.side_to_move == "white"
    assert gomoku.options["rules"] == "renju"
    with pytest.raises(arbiter.OptionsError):
        game.fen = "not a fen"
    with pytest.raises(arbiter.OptionsError):
        arbiter.Game("twixt").fen = "b:a3"


@pytest.mark.parametrize(
    "kind, options",
    [
        ("chess", {}),
        ("draughts", {"fen": "W:W99"}),
        ("draughts", {"fen": ""}),
        ("xiangqi", {"fen": "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w"}),
        ("gomoku", {"size": 2**40}),
        ("gomoku", {"size": 100_000}),
        ("gomoku", {"size": -1}),
        ("gomoku", {"size": 15, "rows": 9}),
        ("gomoku", {"rules": "go"}),
        ("twixt", {"size": 2}),
        ("twixt", {"size": 10**30}),
        ("xiangqi", {"swap": True}),
        ("xiangqi", {"move_limit": 10**6}),
    ],
)
def test_bad_options_are_value_errors(kind, options):
    with pytest.raises(arbiter.OptionsError) as refused:
        arbiter.Game(kind, **options)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value)


def test_option_types():
    with pytest.raises(TypeError):
        arbiter.Game("gomoku", size="15")
    with pytest.raises(TypeError):
        arbiter.Game("twixt", swap=1)
    with pytest.raises(TypeError):
        arbiter.Game("twixt", colour="red")
    assert arbiter.Game("gomoku", size=None).options["rows"] == 15


def test_board_as_svg():
    game = arbiter.Game("xiangqi")
    game.play("h2e2")
    svg = arbiter.render_svg(game)
    assert svg.startswith("<svg") and "board-xiangqi" in svg and "last" in svg
    assert game._repr_svg_() == svg
    assert arbiter.render_svg(game, flip=True) != svg
    for kind in arbiter.games():
        assert "board-" + kind in arbiter.render_svg(arbiter.Game(kind))


def test_repr_and_module():
    assert arbiter.games() == ["xiangqi", "draughts", "gomoku", "twixt"]
    assert arbiter.__version__
    game = arbiter.Game("twixt", size=5)
    assert repr(game).startswith("<arbiter.Game twixt")
    assert arbiter.Game.__doc__ and arbiter.Move.__doc__ and arbiter.perft.__doc__


def test_each_games_options_are_listed_with_their_types():
    names = arbiter.games()
    assert names == ["xiangqi", "draughts", "gomoku", "twixt"]
    for name in names:
        specs = arbiter.game_options(name)
        assert specs, name
        for spec in specs:
            assert spec["type"] in {"text", "choice", "number", "flag"}
            assert ("choices" in spec) == (spec["type"] == "choice")
            assert ("min" in spec) == ("max" in spec) == (spec["type"] == "number")
    rules = next(spec for spec in arbiter.game_options("gomoku") if spec["name"] == "rules")
    assert rules["choices"][0] == rules["default"] == "standard"
    assert "renju" in rules["choices"]
    size = next(spec for spec in arbiter.game_options("twixt") if spec["name"] == "size")
    assert (size["min"], size["max"]) == (3, 4096)
    with pytest.raises(ValueError, match="unknown game"):
        arbiter.game_options("chess")


def test_a_value_of_the_wrong_type_is_refused_by_its_specs_type():
    with pytest.raises(TypeError, match="option size must be an int"):
        arbiter.Game("twixt", size="24")
    with pytest.raises(TypeError, match="unexpected option"):
        arbiter.Game("twixt", sizes=24)
    with pytest.raises(arbiter.OptionsError, match="does not apply to twixt"):
        arbiter.Game("twixt", move_limit=60)
    with pytest.raises(arbiter.OptionsError, match="expected auto or pp"):
        arbiter.Game("twixt", rules="renju")
