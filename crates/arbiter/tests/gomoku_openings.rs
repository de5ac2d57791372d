//! Gomoku's and Renju's opening rules, phase by phase from each rule's text (the texts
//! are quoted in docs/rules.md with their sources), every refusal the texts name, the
//! 26 canonical openings in all eight symmetries, and random games through every rule
//! that keep the `Game` contract and never get stuck.

use arbiter::gomoku::{Move, OpeningRule, Point, Position, RenjuOpening, Rules, Step, Stone, Zone, symmetric_point};
use arbiter::random::SplitMix64;
use arbiter::{AnyGame, Game, GameKind, GameOptions, MoveError, OptionsInput, Side};

fn game(rule: &str) -> Position {
    Position::with_opening(Rules::Renju, 15, 15, rule.parse().unwrap()).unwrap()
}

/// Plays the moves written in `texts`, each checked.
fn play(game: &mut Position, texts: &str) {
    for text in texts.split_whitespace() {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv);
    }
}

fn refused(game: &Position, text: &str) -> (&'static str, String) {
    match game.parse_move(text) {
        Err(error @ MoveError::Illegal { .. }) => (error.code(), error.to_string()),
        other => panic!("{text} is not refused as illegal: {other:?}"),
    }
}

fn code(game: &Position, text: &str) -> &'static str {
    refused(game, text).0
}

fn texts(game: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(ToString::to_string).collect()
}

fn stones(game: &Position) -> usize {
    texts(game).iter().filter(|t| Point::parse(t).is_some()).count()
}

fn point(text: &str) -> Point {
    Point::parse(text).unwrap()
}

#[test]
fn rif_phase_by_phase() {
    let mut g = game("rif");
    // "The tentative Black plays all the first three moves (two moves for black and
    // one move for white)": the first side places stones 1 to 3, the 2nd a white one.
    assert_eq!((g.side_to_move(), g.turn()), (Side::First, Stone::Black));
    // "The first move is black and must be played in the center of the board."
    assert_eq!(texts(&g), ["h8"]);
    assert_eq!(
        refused(&g, "a1").1,
        "illegal move a1: a1 makes none of the 26 openings: the 1st stone goes on the centre point h8"
    );
    // "It is not allowed to pass within the first three moves": no swap, no other move.
    for text in ["swap", "+2", "declare:2", "offer:h8", "choose:h8"] {
        assert_eq!(code(&g, text), "wrong_step", "{text}");
    }
    play(&mut g, "h8");
    assert_eq!((g.side_to_move(), g.turn()), (Side::First, Stone::White));
    // "The second move is white and must be played in the center 3x3 square."
    assert_eq!(texts(&g).len(), 8);
    assert_eq!(code(&g, "h10"), "not_an_opening");
    play(&mut g, "i9");
    // "The third move is black and must be played in the center 5x5 square."
    assert_eq!(texts(&g).len(), 23);
    assert_eq!(
        refused(&g, "k11").1,
        "illegal move k11: k11 makes none of the 26 openings: the 3rd stone goes within the central 5x5 square, f6 to j10"
    );
    assert_eq!(code(&g, "swap"), "wrong_step");
    play(&mut g, "j9");
    assert_eq!(g.renju_opening().map(RenjuOpening::code), Some("2I".to_owned()));
    // "The tentative White decides which of the players that will play as Black and as
    // White in the game (White has the right to swap sides)."
    assert_eq!(g.side_to_move(), Side::Second);
    assert!(g.colors_tentative());
    assert_eq!(texts(&g).len(), 225 - 3 + 1);
    assert!(texts(&g).contains(&"swap".to_owned()));
    play(&mut g, "swap");
    assert_eq!((g.color_of(Side::First), g.color_of(Side::Second)), (Stone::White, Stone::Black));
    assert_eq!(g.colors(), Some(["white", "black"]));
    assert!(!g.colors_tentative());
    // "The now decided player being White makes the 4th move in an optional unoccupied
    // intersection": the first side, White after the swap; no swap back.
    assert_eq!(g.side_to_move(), Side::First);
    assert_eq!(code(&g, "swap"), "second_swap");
    assert_eq!(stones(&g), 222);
    play(&mut g, "a1");
    // "Black has to make two different proposals for 5th stone": the second side.
    assert_eq!(g.side_to_move(), Side::Second);
    assert_eq!(g.opening_step(), Some(Step::Offer { made: 0, count: 2, swap: false }));
    assert_eq!(code(&g, "h8"), "occupied");
    play(&mut g, "offer:j8");
    assert_eq!(g.offers(), [point("j8")]);
    assert_eq!(code(&g, "j8"), "already_offered");
    // A bare point is an offer here, and a stone is not asked for.
    assert!(matches!(g.parse_move("k10"), Ok(Move::Offer(_))));
    assert_eq!(code(&g, "+2"), "wrong_step");
    play(&mut g, "k10");
    // "White has the right to choose one of the two proposals from Black to become the
    // 5th move of the game ... and till he has made the 6th move which can be made in
    // any unoccupied intersection."
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::First, Some(Step::Choose)));
    assert_eq!(texts(&g), ["choose:j8", "choose:k10"]);
    assert_eq!(refused(&g, "choose:a2").1, "illegal move choose:a2: a2 is not one of the fifth-move offers");
    play(&mut g, "choose:k10");
    assert_eq!(g.board().stone_at(point("k10")), Some(Stone::Black));
    assert_eq!(g.board().stone_at(point("j8")), None);
    // "With the 5th move the special opening rules for the moves are ended."
    assert_eq!((g.opening_step(), g.offers().len()), (None, 0));
    assert_eq!((g.side_to_move(), g.turn()), (Side::First, Stone::White));
    assert_eq!(code(&g, "swap"), "no_opening");
    assert_eq!(code(&g, "offer:a5"), "no_opening");
    play(&mut g, "o15");
    assert_eq!((g.side_to_move(), g.turn()), (Side::Second, Stone::Black));
}

#[test]
fn rif_without_a_swap_and_symmetric_offers() {
    let mut g = game("rif");
    // 1I Chosei and a 4th stone on the same diagonal: the position is its own mirror
    // in that diagonal, so j8 and h10 are one offer.
    play(&mut g, "h8 i9 j10");
    assert_eq!(g.renju_opening().map(|o| o.to_string()), Some("1I Chosei (長星)".to_owned()));
    // The tentative White keeps White and plays the 4th stone.
    play(&mut g, "g7");
    assert_eq!(g.colors(), Some(["black", "white"]));
    assert_eq!(g.side_to_move(), Side::First);
    play(&mut g, "offer:j8");
    assert_eq!(
        refused(&g, "offer:h10").1,
        "illegal move offer:h10: offer h10 is symmetric to the offer j8: it gives the same position, turned or mirrored"
    );
    assert!(!texts(&g).contains(&"offer:h10".to_owned()));
    // f6 continues the diagonal: the mirror of no other point.
    play(&mut g, "offer:f6 choose:f6");
    assert_eq!((g.side_to_move(), g.turn()), (Side::Second, Stone::White));
}

#[test]
fn yamaguchi_phase_by_phase() {
    let mut g = game("yamaguchi");
    // "The first player puts one of the 26 openings and declares how many 5th moves will
    // be offered in that game."
    play(&mut g, "h8 h9 h10");
    assert_eq!(g.renju_opening().map(RenjuOpening::code), Some("1D".to_owned()));
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::First, Some(Step::Declare { max: 12 })));
    assert_eq!(texts(&g).len(), 12);
    assert_eq!(code(&g, "a1"), "wrong_step");
    assert_eq!(code(&g, "swap"), "wrong_step");
    assert_eq!(refused(&g, "declare:0").1, "illegal move declare:0: the number of fifth-move offers is 1 to 12, not 0");
    assert_eq!(code(&g, "declare:13"), "declared_out_of_range");
    assert_eq!(code(&g, "declare:1000"), "declared_out_of_range");
    play(&mut g, "declare:3");
    assert_eq!(g.declared(), Some(3));
    // "The next player has a right to swap."
    assert_eq!(g.side_to_move(), Side::Second);
    assert!(texts(&g).contains(&"swap".to_owned()));
    // "The white player puts the 4th move anywhere on board."
    play(&mut g, "o1");
    // "The black player puts as many 5th moves on the board as it was declared before
    // (symmetrical moves not allowed)." 1D with o1 is symmetric in no line.
    assert_eq!(g.side_to_move(), Side::First);
    play(&mut g, "offer:g9 offer:i9");
    assert_eq!(g.opening_step(), Some(Step::Offer { made: 2, count: 3, swap: false }));
    play(&mut g, "offer:j7");
    // "The white player chooses one 5th from these offerings and plays the 6th move."
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::Second, Some(Step::Choose)));
    play(&mut g, "choose:i9 a15");
    assert_eq!((g.side_to_move(), g.turn(), g.opening_step()), (Side::First, Stone::Black, None));
}

#[test]
fn yamaguchi_symmetric_offers_are_refused() {
    // 1D is symmetric in the centre column: with the 4th stone on it too, g9 and i9 are
    // one offer.
    let mut g = game("yamaguchi");
    play(&mut g, "h8 h9 h10 declare:2 h4 offer:g9");
    assert_eq!(code(&g, "i9"), "symmetric_offer");
    assert_eq!(code(&g, "g9"), "already_offered");
}

#[test]
fn soosorv_8_phase_by_phase() {
    let mut g = game("soosorv-8");
    // "The first player puts one of the 26 openings."
    play(&mut g, "h8 i9 j8");
    assert_eq!(g.renju_opening().map(RenjuOpening::code), Some("3I".to_owned()));
    // "The other player has the right to swap."
    assert_eq!(g.side_to_move(), Side::Second);
    play(&mut g, "swap");
    assert_eq!(g.colors(), Some(["white", "black"]));
    assert_eq!(code(&g, "swap"), "second_swap");
    // "The white player puts the 4th move anywhere on board and declares whether there
    // will be 1, 2, 3 or 4 fifth moves offered", up to N = 8 in Soosõrv-8.
    assert_eq!(g.side_to_move(), Side::First);
    play(&mut g, "f10");
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::First, Some(Step::Declare { max: 8 })));
    assert_eq!(code(&g, "a1"), "wrong_step");
    assert_eq!(refused(&g, "declare:9").1, "illegal move declare:9: the number of fifth-move offers is 1 to 8, not 9");
    play(&mut g, "declare:2");
    // "The other player has a right to swap": the second side, Black, swaps again.
    assert_eq!(g.side_to_move(), Side::Second);
    assert!(g.colors_tentative());
    assert!(texts(&g).contains(&"swap".to_owned()));
    play(&mut g, "swap");
    assert_eq!(g.colors(), Some(["black", "white"]));
    assert!(!g.colors_tentative());
    // "The black player puts as many 5th moves on the board as it was declared before.
    // The fifth moves can not be symmetrical."
    assert_eq!(g.side_to_move(), Side::First);
    assert_eq!(code(&g, "swap"), "second_swap");
    play(&mut g, "offer:g7 offer:k9");
    // "The white player chooses one 5th from these offerings and plays the 6th move."
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::Second, Some(Step::Choose)));
    play(&mut g, "choose:g7 a1");
    assert_eq!((g.side_to_move(), g.turn(), g.opening_step()), (Side::First, Stone::Black, None));
}

#[test]
fn soosorv_n_bounds_the_declaration_and_may_keep_both_swaps_unused() {
    let mut g = game("soosorv-3");
    play(&mut g, "h8 h9 i8 j11");
    assert_eq!(g.side_to_move(), Side::Second);
    assert_eq!(texts(&g), ["declare:1", "declare:2", "declare:3"]);
    assert_eq!(code(&g, "declare:4"), "declared_out_of_range");
    play(&mut g, "declare:1");
    // Black keeps Black: one offer, which White must take.
    assert_eq!(g.side_to_move(), Side::First);
    play(&mut g, "offer:g8");
    assert_eq!(texts(&g), ["choose:g8"]);
    play(&mut g, "choose:g8");
    assert_eq!(g.colors(), Some(["black", "white"]));
    assert_eq!(g.side_to_move(), Side::Second);
}

#[test]
fn taraguchi_10_phase_by_phase_choice_2() {
    let mut g = game("taraguchi-10");
    // "The black player puts the first move in the center of the board."
    assert_eq!(
        refused(&g, "i9").1,
        "illegal move i9: i9 is outside the zone of the 1st stone: it goes on the centre point h8"
    );
    play(&mut g, "h8");
    // "The other player may swap."
    assert_eq!(g.side_to_move(), Side::Second);
    play(&mut g, "swap");
    assert_eq!(code(&g, "swap"), "second_swap");
    // "The white player will put the 2nd move within 3x3 central square."
    assert_eq!(g.side_to_move(), Side::First);
    assert_eq!(
        refused(&g, "h10").1,
        "illegal move h10: h10 is outside the zone of the 2nd stone: it goes within the central 3x3 square, g7 to i9"
    );
    play(&mut g, "i9");
    // "The other player may swap. The black player will put the 3rd move within 5x5
    // central square."
    assert_eq!(g.side_to_move(), Side::Second);
    assert_eq!(code(&g, "k11"), "outside_zone");
    play(&mut g, "j10");
    // "The other player may swap. The white player will put the 4th move within 7x7
    // central square."
    assert_eq!(g.side_to_move(), Side::First);
    assert_eq!(code(&g, "l12"), "outside_zone");
    play(&mut g, "h11");
    // "The choice 2 (after the 4th move): The black player puts five 5th moves anywhere
    // on board (symmetrical moves are not allowed)", ten in Taraguchi-10.
    assert_eq!(g.side_to_move(), Side::Second);
    assert_eq!(
        g.opening_step(),
        Some(Step::Place { stone: 5, zone: Zone::Square(9), swap: true, two_more: false, offers: true })
    );
    // Outside the 9x9 a stone is refused, but an offer may go anywhere.
    assert_eq!(code(&g, "a1"), "outside_zone");
    play(&mut g, "offer:a1");
    // Once offers begin there is no swap and no single 5th stone.
    assert_eq!(code(&g, "swap"), "wrong_step");
    assert!(matches!(g.parse_move("e5"), Ok(Move::Offer(_))));
    play(&mut g, "a2 a3 a4 a5 a6 a7 a8 a9 a10");
    // "The white player chooses one of the offered 5th moves and plays the 6th move
    // anywhere on board."
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::First, Some(Step::Choose)));
    assert_eq!(texts(&g).len(), 10);
    play(&mut g, "choose:a5 o15");
    assert_eq!((g.side_to_move(), g.turn(), g.opening_step()), (Side::Second, Stone::Black, None));
}

#[test]
fn taraguchi_10_choice_1() {
    let mut g = game("taraguchi-10");
    play(&mut g, "h8 h9 i10 g11");
    // "The choice 1 (after the 4th move): The other player may swap."
    play(&mut g, "swap");
    assert_eq!(g.colors(), Some(["white", "black"]));
    // After that swap the rule is in its choice 1: the 5th stone within the 9x9.
    assert_eq!(g.side_to_move(), Side::Second);
    assert_eq!(code(&g, "offer:a1"), "wrong_step");
    assert_eq!(code(&g, "swap"), "second_swap");
    assert_eq!(
        refused(&g, "m13").1,
        "illegal move m13: m13 is outside the zone of the 5th stone: it goes within the central 9x9 square, d4 to l12"
    );
    // "The black player will put the 5th move within 9x9 central square. The other
    // player may swap. The white player plays the 6th move anywhere on board."
    play(&mut g, "l12");
    assert_eq!(g.side_to_move(), Side::First);
    play(&mut g, "swap");
    assert_eq!(g.colors(), Some(["black", "white"]));
    // The swap ends the opening: the second side, White now, plays the 6th stone.
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::Second, None));
    play(&mut g, "a1");
    assert_eq!(g.side_to_move(), Side::First);
}

#[test]
fn swap_phase_by_phase() {
    let mut g = Position::with_opening(Rules::Standard, 15, 15, OpeningRule::Swap).unwrap();
    // "The opening player puts first three stones (black, white and black) anywhere on
    // the board and his opponent then chooses which color he wants to play."
    assert_eq!(stones(&g), 225);
    play(&mut g, "a1 o15 b2");
    assert_eq!(g.side_to_move(), Side::Second);
    assert_eq!(texts(&g).len(), 223);
    play(&mut g, "swap");
    assert_eq!((g.side_to_move(), g.opening_step()), (Side::First, None));
    assert_eq!(code(&g, "swap"), "no_opening");
    play(&mut g, "h8 c3");
    assert_eq!(g.side_to_move(), Side::First);
    // Without the swap the second player plays the 4th stone as White.
    let mut kept = Position::with_opening(Rules::Standard, 15, 15, OpeningRule::Swap).unwrap();
    play(&mut kept, "h8 h9 h10 i8");
    assert_eq!((kept.side_to_move(), kept.colors()), (Side::First, Some(["black", "white"])));
}

#[test]
fn swap2_phase_by_phase() {
    // "The first player starts by placing three stones (2 black and 1 white) on the
    // board. The second player then selects one of three options: play black, play
    // white and place one more stone, or place two more stones and let the first player
    // choose the color."
    let start = || {
        let mut g = Position::with_opening(Rules::Standard, 15, 15, OpeningRule::Swap2).unwrap();
        play(&mut g, "h8 h9 j9");
        assert_eq!(g.side_to_move(), Side::Second);
        assert!(texts(&g).ends_with(&["swap".to_owned(), "+2".to_owned()]));
        g
    };
    // Play black.
    let mut black = start();
    play(&mut black, "swap");
    assert_eq!(
        (black.side_to_move(), black.colors(), black.opening_step()),
        (Side::First, Some(["white", "black"]), None)
    );
    // Play white and place one more stone.
    let mut white = start();
    play(&mut white, "g7");
    assert_eq!(
        (white.side_to_move(), white.colors(), white.opening_step()),
        (Side::First, Some(["black", "white"]), None)
    );
    assert_eq!(code(&white, "+2"), "no_opening");
    // Two more stones: the second player places a white and a black one, then the
    // first player chooses, tentatively White: keeping White with the 6th stone, or
    // taking Black with a swap.
    let mut two = start();
    play(&mut two, "+2");
    assert_eq!((two.side_to_move(), two.turn()), (Side::Second, Stone::White));
    assert_eq!(code(&two, "swap"), "wrong_step");
    assert_eq!(code(&two, "+2"), "wrong_step");
    play(&mut two, "g7");
    assert_eq!((two.side_to_move(), two.turn()), (Side::Second, Stone::Black));
    play(&mut two, "i7");
    assert_eq!((two.side_to_move(), two.colors()), (Side::First, Some(["white", "black"])));
    assert!(texts(&two).contains(&"swap".to_owned()));
    let mut keeps = two.clone();
    play(&mut keeps, "k11");
    assert_eq!((keeps.side_to_move(), keeps.opening_step()), (Side::Second, None));
    play(&mut two, "swap");
    assert_eq!((two.side_to_move(), two.colors(), two.opening_step()), (Side::Second, Some(["black", "white"]), None));
    assert_eq!(two.turn(), Stone::White);
}

#[test]
fn soosorv_and_taraguchi_refuse_symmetric_offers_and_steps_out_of_order() {
    // Soosõrv: "The white player puts the 4th move anywhere on board and declares":
    // the declaration comes after the stone, not before it.
    let mut g = game("soosorv-8");
    play(&mut g, "h8 h9 h10");
    assert_eq!(code(&g, "declare:2"), "wrong_step");
    assert_eq!(code(&g, "offer:a1"), "wrong_step");
    assert_eq!(code(&g, "choose:a1"), "wrong_step");
    // 1D with the 4th stone on the centre column is its own mirror in that column:
    // "The fifth moves can not be symmetrical."
    play(&mut g, "h4 declare:3 offer:g9");
    assert_eq!(
        refused(&g, "offer:i9").1,
        "illegal move offer:i9: offer i9 is symmetric to the offer g9: it gives the same position, turned or mirrored"
    );
    assert_eq!(code(&g, "offer:g9"), "already_offered");
    assert_eq!(code(&g, "choose:g9"), "wrong_step");
    assert_eq!(code(&g, "swap"), "wrong_step");
    play(&mut g, "offer:j9 offer:i11");
    assert_eq!(texts(&g), ["choose:g9", "choose:j9", "choose:i11"]);

    // Taraguchi-10's choice 2, on the same symmetric position: "symmetrical moves are
    // not allowed".
    let mut g = game("taraguchi-10");
    play(&mut g, "h8 h9 h10 h5 offer:g9");
    assert_eq!(code(&g, "offer:i9"), "symmetric_offer");
    assert_eq!(code(&g, "declare:2"), "wrong_step");
    // A swap may come after each of the first five stones, never twice in a row, and
    // the stone after it goes in its zone.
    let mut g = game("taraguchi-10");
    for (stone, outside) in [("h8", "k11"), ("i9", "l12"), ("j10", "m13"), ("g11", "n14")] {
        play(&mut g, stone);
        let before = g.side_to_move();
        play(&mut g, "swap");
        assert_eq!(g.side_to_move(), before.opponent(), "after {stone}");
        assert_eq!(code(&g, "swap"), "second_swap", "after {stone}");
        assert_eq!(code(&g, outside), "outside_zone", "after {stone}");
    }
    // After a swap following the 4th stone the rule is in its choice 1: no offers.
    assert_eq!(code(&g, "offer:a1"), "wrong_step");
    // Swap2: the second player's options come once, after the three stones.
    let mut g = Position::with_opening(Rules::Standard, 15, 15, OpeningRule::Swap2).unwrap();
    for text in ["swap", "+2", "declare:1", "offer:a1", "choose:a1"] {
        assert_eq!(code(&g, text), "wrong_step", "{text}");
    }
    play(&mut g, "h8 h9");
    assert_eq!(code(&g, "swap"), "wrong_step");
    play(&mut g, "j9 swap");
    assert_eq!(code(&g, "swap"), "no_opening");
    assert_eq!(code(&g, "+2"), "no_opening");
}

#[test]
fn the_26_openings_in_all_eight_symmetries() {
    let empty = Position::new(Rules::Renju, 15, 15).unwrap();
    let board = empty.board();
    let mut placements = std::collections::HashSet::new();
    for opening in RenjuOpening::all() {
        for k in 0..8 {
            let stones: Vec<Point> =
                opening.stones().iter().map(|&(p, _)| symmetric_point(board, p, k).unwrap()).collect();
            let mut g = game("rif");
            for &p in &stones {
                g.play(g.parse_move(&p.to_string()).unwrap());
            }
            assert_eq!(g.renju_opening(), Some(opening), "{} turned by {k}: {stones:?}", opening.code());
            assert_eq!(RenjuOpening::of_board(g.board()), Some(opening));
            placements.insert(stones);
        }
    }
    // Every first stone, second within the 3x3 and third within the 5x5 is one of the
    // 26, and they are 8 x 23 = 184 placements.
    assert_eq!(placements.len(), 184);
    let mut g = game("rif");
    play(&mut g, "h8");
    let mut seconds = Vec::new();
    g.legal_moves(&mut seconds);
    for second in seconds {
        let mut after = g.clone();
        after.play(second);
        let mut thirds = Vec::new();
        after.legal_moves(&mut thirds);
        assert_eq!(thirds.len(), 23);
        for third in thirds {
            let mut done = after.clone();
            done.play(third);
            assert!(done.renju_opening().is_some());
        }
    }
    let names: std::collections::HashSet<&str> = RenjuOpening::all().iter().map(|o| o.name()).collect();
    assert_eq!(names.len(), 26);
    // A third stone one step outside the 5x5 makes none.
    let mut outside = Position::new(Rules::Renju, 15, 15).unwrap();
    for text in ["h8", "h9", "k8"] {
        outside.play(outside.parse_move(text).unwrap());
    }
    assert_eq!(RenjuOpening::of_board(outside.board()), None);
}

#[test]
fn the_option_starts_checks_and_writes_the_rule() {
    let options = |input: OptionsInput| GameOptions::new(GameKind::Gomoku, &input);
    let renju = OptionsInput::new().with("rules", "renju");
    let soosorv = options(renju.clone().with("opening", "soosorv-8")).unwrap();
    assert_eq!(soosorv.to_input().get("opening").map(ToString::to_string), Some("soosorv-8".to_owned()));
    assert!(options(renju.clone()).unwrap().to_input().get("opening").is_none());
    assert!(options(renju.clone().with("opening", "none")).unwrap().to_input().get("opening").is_none());
    let error = |input: OptionsInput| options(input).unwrap_err().to_string();
    assert_eq!(
        error(renju.clone().with("opening", "pro")),
        "option \"opening\": unknown opening rule \"pro\": expected none, rif, yamaguchi, soosorv-N or taraguchi-N (N from 1 to 12), swap or swap2"
    );
    assert_eq!(
        error(renju.clone().with("opening", "rif").with("size", 14)),
        "option \"opening\": the rif opening rule needs a square board of odd side, 15 or more (its stones go in squares about the centre): not 14x14"
    );
    assert!(options(renju.clone().with("opening", "taraguchi-10").with("rows", 15).with("cols", 17)).is_err());
    assert!(options(renju.clone().with("opening", "swap2").with("size", 20)).is_ok());
    assert!(options(renju.clone().with("opening", "swap").with("rows", 3).with("cols", 7)).is_ok());
    assert_eq!(
        error(renju.clone().with("opening", "swap2").with("board", "x../.../...")),
        "`board` gives a game past its opening: leave out `opening`"
    );
    // A game started again from a position has no opening.
    let from_board = soosorv.with_position("x..../...../...../...../.....".to_owned()).unwrap();
    assert!(from_board.to_input().get("opening").is_none());
}

#[test]
fn the_registry_names_the_sides_by_their_colours_now() {
    let input = OptionsInput::new().with("rules", "renju").with("opening", "rif");
    let mut g = AnyGame::new(&GameOptions::new(GameKind::Gomoku, &input).unwrap());
    assert_eq!(g.colors(), Some(["black", "white"]));
    assert_eq!(
        g.task().as_deref(),
        Some("RIF: the 1st stone (black) on the centre point; the colours may still be swapped")
    );
    for text in ["h8", "h9", "j10"] {
        g.play_text(text).unwrap();
    }
    assert_eq!(
        g.task().as_deref(),
        Some("RIF: the 4th stone (white), or swap; opening 3D Sosei (疎星); the colours may still be swapped")
    );
    assert_eq!(g.describe(), "none, white to move");
    g.play_text("swap").unwrap();
    assert_eq!((g.side_name(Side::First), g.side_name(Side::Second)), ("white", "black"));
    assert_eq!(g.legal_moves().iter().find(|m| m.text == "a1").map(|m| m.to.clone()), Some(Some("a1".to_owned())));
    for text in ["a1", "offer:g9", "offer:j8"] {
        g.play_text(text).unwrap();
    }
    let choose = g.legal_moves();
    assert_eq!(choose.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["choose:g9", "choose:j8"]);
    assert_eq!(choose[0].to.as_deref(), Some("g9"));
    assert_eq!(
        g.task().as_deref(),
        Some(
            "RIF: the choice of one fifth-move offer (choose:POINT) among g9, j8, then the 6th stone; opening 3D Sosei (疎星)"
        )
    );
    // The first side, White after the swap, makes five: the first side wins, as White.
    for text in ["choose:g9", "b2", "o1", "b3", "o2", "b4", "o3", "b5", "o4", "b6"] {
        g.play_text(text).unwrap();
    }
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Side::First));
    assert_eq!(g.describe(), "white wins by five in a row");
    assert_eq!(g.task(), None);
}

/// Random games through every rule: each listed move reads back from its text and is
/// accepted by `check`, the count agrees with the list, a game with no move has ended,
/// the side to move is the player the step names, and once the opening is over the
/// players alternate.
#[test]
fn random_games_through_every_rule_keep_the_contract() {
    let mut rng = SplitMix64::new(0x5eed);
    for name in ["rif", "yamaguchi", "soosorv-8", "soosorv-2", "taraguchi-10", "taraguchi-3", "swap", "swap2"] {
        let rule: OpeningRule = name.parse().unwrap();
        for rules in [Rules::Renju, Rules::Standard] {
            for _ in 0..12 {
                let mut g = Position::with_opening(rules, 15, 15, rule).unwrap();
                let mut moves = Vec::new();
                for _ in 0..60 {
                    g.legal_moves(&mut moves);
                    assert_eq!(g.count_legal_moves(), moves.len());
                    if g.outcome().is_some() {
                        assert!(moves.is_empty());
                        break;
                    }
                    assert!(!moves.is_empty(), "{name}: stuck at {}", g.board().to_text());
                    for &mv in &moves {
                        assert_eq!(g.parse_move(&mv.to_string()), Ok(mv), "{name}: {mv}");
                        assert_eq!(g.check(mv), Ok(()));
                    }
                    // Prefer the opening's own moves, so that every branch is walked.
                    let special: Vec<Move> = moves.iter().copied().filter(|m| !matches!(m, Move::Stone(_))).collect();
                    let pool = if !special.is_empty() && rng.below(2) == 0 { &special } else { &moves };
                    let mv = pool[rng.index(pool.len())];
                    let (mover, in_opening) = (g.side_to_move(), g.opening_step().is_some());
                    g.play(mv);
                    if !in_opening {
                        assert_eq!(g.side_to_move(), mover.opponent(), "{name}: after the opening sides alternate");
                    }
                    if g.outcome().is_none() && g.opening_step().is_none() {
                        assert_eq!(g.side_to_move(), g.player_of(g.turn()));
                    }
                }
            }
        }
    }
}
