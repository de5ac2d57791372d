//! The Asian Xiangqi Federation's rules on repetition, one test per numbered rule, each
//! from a position made to show exactly that rule (the rule book's diagrams are
//! pictures; their moves alone do not give the positions). Every cycle is played twice
//! from its start, which then occurs for the third time.

use arbiter::xiangqi::{ChaseRules, Kind, Move, Position, Settings};
use arbiter::{Game, Outcome, Side, WithHistory};

/// Plays `moves` twice from `fen` under the reading `rules` and returns the verdict.
#[track_caller]
fn cycle_by(fen: &str, moves: &str, rules: ChaseRules) -> Outcome {
    let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = WithHistory::with_settings(position, Settings { chase_rules: rules, ..Settings::default() });
    let moves = format!("{moves} {moves}");
    for (i, text) in moves.split_whitespace().enumerate() {
        assert_eq!(game.outcome(), None, "the game ended before move {} ({text})", i + 1);
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("move {} {text}: {e}", i + 1));
        game.play(mv);
    }
    game.outcome().unwrap_or_else(|| panic!("no verdict after {moves} from {fen}"))
}

#[track_caller]
fn cycle(fen: &str, moves: &str) -> Outcome {
    cycle_by(fen, moves, ChaseRules::Axf)
}

/// Winner, termination and the rule the outcome names.
fn verdict(outcome: &Outcome) -> (Option<Side>, &'static str, Option<&'static str>) {
    (outcome.winner(), outcome.termination().as_str(), outcome.rule())
}

const DRAW: (Option<Side>, &str, Option<&str>) = (None, "repetition", None);

#[test]
fn axf_rule_13_one_check_one_idle_draws() {
    // Red's chariot checks from c9, then steps back to c1: one check, one idle move.
    let outcome = cycle("4k4/9/9/9/9/9/9/9/2R6/3K5 w", "c1c9 e9e8 c9c1 e8e9");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_15_a_cannon_may_not_chase_a_protected_chariot() {
    // Black's chariot steps between e6 and e5, guarded by the chariot on e3; Red's
    // cannon follows it over Black's soldiers on c6 and c5.
    let outcome = cycle("3k5/9/9/2p1r4/C1p6/9/4r4/9/9/5K3 w", "a5a6 e6e5 a6a5 e5e6");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 15")));
    assert_eq!(outcome.detail(), Some("red's cannon chased the chariot on e6"));
}

#[test]
fn axf_rule_17_a_chariot_may_chase_a_protected_cannon() {
    // Black's chariot on b9 guards the cannon on b7 and on b5.
    let outcome = cycle("1r2k4/9/1c7/9/R8/9/9/9/9/3K5 w", "a5a7 b7b5 a7a5 b5b7");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_18_a_chariot_may_not_chase_an_unprotected_cannon() {
    let outcome = cycle("4k4/9/1c7/9/R8/9/9/9/9/3K5 w", "a5a7 b7b5 a7a5 b5b7");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 18")));
    assert_eq!(outcome.detail(), Some("red's chariot chased the cannon on b7"));
}

#[test]
fn axf_rule_19_a_chariot_held_by_a_horse_may_not_be_chased() {
    // Black's chariot on d8 stands on the leg of Red's horse on c8, aimed at e9: it can
    // move only by taking the horse. Red's chariot attacks it from g8 and h8 in turn.
    let fen = "2b1k4/2Nr2R2/9/9/9/9/9/9/9/5K3 w";
    let moves = "g8h8 c9a7 h8g8 a7c9";
    let outcome = cycle(fen, moves);
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 19")));
    assert_eq!(
        outcome.describe(|side| if side == Side::First { "red" } else { "black" }),
        "black wins by perpetual chase (AXF rule 19): red's chariot chased the chariot on d8"
    );
    // The engines' reading asks each chase to be made anew: a draw.
    assert_eq!(verdict(&cycle_by(fen, moves, ChaseRules::Engines)), DRAW);
}

#[test]
fn axf_rule_19_the_held_chariot_does_not_chase_the_horse() {
    // Black's chariot on c9 is held by Red's horse on b9 (aimed at d8); it attacks the
    // horse. Red's chariot on f2 is held in turn by Black's horse on g2 while Red's
    // general stands on e1: each step of the general releases the chariot onto the
    // horse (g2, then f0). The engines count the held chariot's attack as a chase too:
    // both chase, a draw. By the rule book the held chariot chases nothing: Red loses.
    let fen = "1Nr6/3k5/9/9/9/9/9/5Rn2/4K4/9 w";
    let moves = "e1f1 g2f0 f1e1 f0g2";
    let axf = cycle_by(fen, moves, ChaseRules::Axf);
    assert_eq!((axf.winner(), axf.termination().as_str()), (Some(Side::Second), "perpetual chase"), "{axf:?}");
    assert_eq!(axf.detail(), Some("red's chariot chased the horse on g2"));
    assert_eq!(verdict(&cycle_by(fen, moves, ChaseRules::Engines)), DRAW);
}

#[test]
fn axf_rule_23_a_chariot_may_not_chase_an_unprotected_horse() {
    // Black's horse steps between c7 and d5; Red's chariot attacks it on each.
    let outcome = cycle("4k4/9/2n6/9/R8/9/9/9/9/3K5 w", "a5a7 c7d5 a7a5 d5c7");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 23")));
    assert_eq!(outcome.detail(), Some("red's chariot chased the horse on c7"));
}

#[test]
fn axf_rule_32_one_piece_chasing_two_draws() {
    // Red's chariot attacks the cannon on b7, then the cannon on b5, in turn.
    let outcome = cycle("4k4/9/1c7/9/Rc7/9/9/9/9/3K5 w", "a5a7 e9e8 a7a5 e8e9");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_32_two_pieces_chasing_two_in_turn_draw() {
    // Red's chariot on the a-file chases Black's cannon on the b-file, and the one on
    // the i-file the cannon on the h-file, in turn: every Red move chases, but never
    // the same piece twice running.
    let outcome = cycle("4k4/9/1c5c1/9/R7R/9/9/9/9/3K5 w", "a5a7 b7b5 i5i7 h7h5 a7a5 b5b7 i7i5 h5h7");
    assert_eq!(verdict(&outcome), DRAW, "{outcome:?}");
}

#[test]
fn axf_rule_36_a_chase_that_offers_an_exchange_is_still_a_chase() {
    // As in rule 18, but Black's chariot on a9 attacks Red's chariot on a7 and a5,
    // which Red's chariot on a0 guards: each chasing move also offers the chariots.
    let outcome = cycle("r3k4/9/1c7/9/R8/9/9/9/9/R2K5 w", "a5a7 b7b5 a7a5 b5b7");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 18")));
    assert_eq!(outcome.detail(), Some("red's chariot chased the cannon on b7"));
}

#[test]
fn axf_rule_40_offering_an_exchange_perpetually_draws() {
    // Red's chariot follows Black's chariot: each can take the other.
    let outcome = cycle("4k4/9/1r7/9/R8/9/9/9/9/3K5 w", "a5a7 b7b5 a7a5 b5b7");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_40_offering_a_piece_to_be_taken_perpetually_draws() {
    // Red's horse steps between c4 and b2, each time onto a point Black's chariot on b4
    // attacks, unguarded; Black's general steps between e9 and e8 and takes nothing. An
    // offer is no check and no chase, and the chariot's attack, made by Red's move, is
    // no chase of Black's.
    let fen = "4k4/9/9/9/9/1rN6/9/9/9/3K5 w";
    let moves = "c4b2 e9e8 b2c4 e8e9";
    assert_eq!(verdict(&cycle(fen, moves)), DRAW);
    assert_eq!(verdict(&cycle_by(fen, moves, ChaseRules::Engines)), DRAW);
    let position = Position::from_fen(fen).expect("the position");
    let mut game = WithHistory::with_settings(position, Settings::default());
    for text in format!("{moves} {moves}").split_whitespace() {
        let mv = game.parse_move(text).expect("a legal move");
        game.play(mv);
    }
    let explanation = game.explain().expect("the repetition is explained");
    let red: Vec<&str> = explanation.moves.iter().step_by(2).map(|mv| mv.act().code()).collect();
    assert_eq!(red, ["offer"; 4]);
}

#[test]
fn axf_rule_6_checking_with_every_move_loses() {
    // Red's chariot checks from a9 and from a8 in turn; Black's general steps between
    // e9 and e8.
    let outcome = cycle("4k4/R8/9/9/9/9/9/9/9/3K5 w", "a8a9 e9e8 a9a8 e8e9");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual check", None));
}

#[test]
fn axf_rule_9_threatening_mate_with_every_move_draws() {
    // Red's chariot on a8 holds Black's general on the last rank; the other chariot steps
    // between h0 and i0, each time threatening to mate on the h- or i-file. Black can only
    // move the general. A mate threat is no check and no chase.
    let outcome = cycle("4k4/R8/9/9/9/9/9/9/9/3K3R1 w", "h0i0 e9f9 i0h0 f9e9");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_11_one_check_one_mate_threat_draws() {
    // Red's chariot checks from d1, then steps back to c1, from where c9 would mate.
    let outcome = cycle("3k5/R8/9/9/9/9/9/9/2R6/5K3 w", "c1d1 d9e9 d1c1 e9d9");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_27_a_chariot_may_not_chase_a_chariot_confined_by_a_cannon() {
    // Black's chariot stands between Red's cannon on e2 and Black's advisor and general:
    // it may move only along the e-file, so it cannot take Red's chariot attacking it
    // along a rank. That attack is no offer to exchange but a chase. The chariot's own
    // attack on the cannon is none: the elephant on c0 guards it.
    let fen = "4k4/4a4/9/4r4/R8/9/9/4C4/9/2BK5 w";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(fen, "a5a6 e6e5 a6a5 e5e6", rules);
        assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 27")), "{rules}");
        assert_eq!(outcome.detail(), Some("red's chariot chased the chariot on e6"));
    }
}

#[test]
fn axf_rule_28_the_general_may_chase_perpetually() {
    // Red's general attacks Black's cannon on d1, then on e1, with every move.
    let outcome = cycle("5k3/9/9/9/9/9/9/9/3c5/4K4 w", "e0d0 d1e1 d0e0 e1d1");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_29_a_soldier_may_chase_perpetually() {
    // Red's soldier, across the river, attacks Black's cannon on i7, then on h7.
    let outcome = cycle("4k4/9/8c/7P1/9/9/9/9/9/3K5 w", "h6i6 i7h7 i6h6 h7i7");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_39_blocking_with_every_move_draws() {
    // Red's chariot steps between h0 and i0, each time threatening to check along the
    // file it stands on; Black's cannon blocks that file on the fifth rank with every
    // move, guarded there by the chariot on a5 (a chariot attacking a guarded cannon
    // does not chase it, rule 17).
    let outcome = cycle("4k4/R8/9/9/r6c1/9/9/9/9/3K3R1 w", "h0i0 h5i5 i0h0 i5h5");
    assert_eq!(verdict(&outcome), DRAW);
}

#[test]
fn axf_rule_25_a_soldier_across_the_river_may_not_be_chased() {
    // Black's soldier on Red's side of the river steps between c3 and d3; Red's cannon
    // follows it along the last rank, over Red's horses on c2 and d2 (rule 25).
    let cannon = cycle("4k4/9/9/9/9/9/2p6/2NN5/9/3C1K3 w", "d0c0 c3d3 c0d0 d3c3");
    assert_eq!(verdict(&cannon), (Some(Side::Second), "perpetual chase", Some("AXF rule 25")));
    assert_eq!(cannon.detail(), Some("red's cannon chased the soldier on c3"));
}

#[test]
fn axf_rule_31_a_chariot_may_not_chase_a_soldier_across_the_river() {
    // As above with Red's chariot on the last rank. Rule 31's text was not found; it is
    // retold as "a Rook cannot perpetually chase a Pawn that has crossed the river", which
    // the definition of a chase gives already, so the outcome names no clause. (On its
    // own side a soldier is no target, and cannot step sideways to be chased: chase.rs.)
    let outcome = cycle("4k4/9/9/9/9/9/2p6/9/9/3R1K3 w", "d0c0 c3d3 c0d0 d3c3");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", None));
    assert_eq!(outcome.detail(), Some("red's chariot chased the soldier on c3"));
}

#[test]
fn axf_rule_21_a_horse_may_not_chase_a_protected_chariot() {
    // Black's chariot steps between e6 and e5, guarded by the chariot on e8; Red's horse
    // follows it between d4 and f3. Rule 21's text was not found; it is retold as "a
    // Knight cannot perpetually chase a Rook, regardless of whether the Rook is
    // protected", as rule 15's diagram 21 plays it: a chase in both readings.
    let fen = "3k5/4r4/9/4r4/9/9/5N3/9/9/5K3 w";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(fen, "f3d4 e6e5 d4f3 e5e6", rules);
        assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", None), "{rules}");
        assert_eq!(outcome.detail(), Some("red's horse chased the chariot on e6"), "{rules}");
    }
}

#[test]
fn axf_rule_34_a_protector_that_cannot_take_back_protects_nothing() {
    // Black's cannon steps between b5 and c5; Red's chariot follows it between b1 and
    // c1. Black's chariot on e5 could take back along the fifth rank, but Red's chariot
    // on e1 holds it on the e-file against its general: the recapture is illegal, so
    // the cannon is unprotected and Red may not chase it (rule 18). Rule 34's text was
    // not found; it is retold as "a protected piece cannot be perpetually chased if its
    // protector has lost its effectiveness", which a protection by legal recapture
    // gives already.
    let held = "4k4/9/9/9/1c2r4/9/9/9/2R1R4/5K3 w";
    let moves = "c1b1 b5c5 b1c1 c5b5";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(held, moves, rules);
        assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 18")), "{rules}");
    }
    // With Black's advisor on e8 between, the chariot may leave the file: the cannon is
    // protected, and a chariot may chase a protected cannon (rule 17).
    let free = "4k4/4a4/9/9/1c2r4/9/9/9/2R1R4/5K3 w";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(free, moves, rules)), DRAW, "{rules}");
    }
}

#[test]
fn axf_rule_33_two_pieces_taking_turns_to_chase_one_lose_and_an_uncovered_attack_chases() {
    // Red's horse steps between c5 and d7, each time uncovering one chariot's attack on
    // Black's horse and blocking the other's: the horse flees from b5 to a7 and back,
    // chased by one chariot or the other with every Red move.
    let outcome = cycle("5k3/9/8R/9/1nN5R/9/9/9/9/3K5 w", "c5d7 b5a7 d7c5 a7b5");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 23")));
    assert_eq!(outcome.detail(), Some("red's chariot chased the horse on b5"));
}

#[test]
fn axf_rule_10_a_mate_threat_answered_by_a_mate_threat_draws() {
    // Each side holds the other's general on its last rank with one chariot (Red's on
    // a8, Black's on i1) and steps the other between two files, from each of which it
    // would mate on the back rank: Red's between c2 and b2 (c9 or b9), Black's between
    // h7 and g7 (h0 or g0). Every move threatens mate; none checks or chases.
    let fen = "3k5/R8/7r1/9/9/9/9/2R6/8r/5K3 w";
    let moves = "c2b2 h7g7 b2c2 g7h7";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(fen, moves, rules)), DRAW, "{rules}");
    }
    // The threats are real: with the move again, each side mates at once.
    let red_again = Position::from_fen("3k5/R8/7r1/9/9/9/9/1R7/8r/5K3 w").unwrap();
    let black_again = Position::from_fen("3k5/R8/6r2/9/9/9/9/1R7/8r/5K3 b").unwrap();
    assert!(mates_at_once(red_again, "b2b9"));
    assert!(mates_at_once(black_again, "g7g0"));
}

/// Whether `text` played in `position` checkmates (the side to move then has no move).
fn mates_at_once(position: Position, text: &str) -> bool {
    let mut game = WithHistory::with_settings(position, Settings::default());
    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.play(mv);
    game.outcome().is_some_and(|o| o.termination().as_str() == "checkmate")
}

#[test]
fn axf_rule_25_a_cannon_may_not_chase_an_unprotected_horse() {
    // Black's horse steps between e6 and g5; Red's cannon follows it from a6 to a5 over
    // Black's soldiers on c6 and c5. Nothing guards the horse.
    let outcome = cycle("3k5/9/9/2p1n4/C1p6/9/9/9/9/5K3 w", "a5a6 e6g5 a6a5 g5e6");
    assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 25")));
    assert_eq!(outcome.detail(), Some("red's cannon chased the horse on e6"));
}

#[test]
fn axf_rule_25_a_cannon_chases_by_moving_only_its_screen_but_not_an_uncrossed_soldier() {
    // Red's cannon on a6 attacks along the sixth rank over Red's soldier, which steps
    // between c6 and d6; neither the cannon nor its target moves, and Black's general
    // steps between e9 and e8. By the rule book each step of the screen chases: an
    // unprotected horse on g6 may not be chased so. The engines count only a new attack.
    let horse = "4k4/9/9/C1P3n2/9/9/9/9/9/3K5 w";
    let moves = "c6d6 e9e8 d6c6 e8e9";
    let axf = cycle(horse, moves);
    assert_eq!(verdict(&axf), (Some(Side::Second), "perpetual chase", Some("AXF rule 25")));
    assert_eq!(axf.detail(), Some("red's cannon chased the horse on g6"));
    assert_eq!(verdict(&cycle_by(horse, moves, ChaseRules::Engines)), DRAW);
    // A soldier on its own side of the river may be chased, by the screen or otherwise.
    let soldier = "4k4/9/9/C1P3p2/9/9/9/9/9/3K5 w";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(soldier, moves, rules)), DRAW, "{rules}");
    }
}

#[test]
fn axf_rule_26_a_cannon_may_not_chase_a_chariot_by_moving_only_its_screen() {
    // As above, with Black's chariot on g6: the cannon may not chase it, protected or
    // not (here Black's chariot on g9 guards it), even though only the screen moves.
    let fen = "4k1r2/9/9/C1P3r2/9/9/9/9/9/3K5 w";
    let moves = "c6d6 e9e8 d6c6 e8e9";
    let axf = cycle(fen, moves);
    assert_eq!(verdict(&axf), (Some(Side::Second), "perpetual chase", Some("AXF rule 26")));
    assert_eq!(axf.detail(), Some("red's cannon chased the chariot on g6"));
    // The engines count only a new attack, and a screen's step along the line makes none.
    assert_eq!(verdict(&cycle_by(fen, moves, ChaseRules::Engines)), DRAW);
}

#[test]
fn axf_rule_12_a_check_that_also_attacks_a_piece_draws() {
    // Red's horse checks from g8 and attacks Black's unprotected cannon on f6; the cannon
    // blocks the check on the horse's leg, f8. The horse steps back to i7, uncovering the
    // chariot on i8 against the cannon, which returns to f6. Every Red move attacks the
    // cannon anew, one of them with check: one check, one chase, a draw in both readings.
    let fen = "4k4/8R/8N/5c3/9/9/9/9/9/3K5 w";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(fen, "i7g8 f6f8 g8i7 f8f6", rules);
        assert_eq!(verdict(&outcome), DRAW, "{rules}");
    }
}

#[test]
fn axf_rule_16_one_cannon_chasing_two_chariots_draws() {
    // Red's cannon steps between a5 and a6, attacking over Black's soldiers the chariot
    // on e5, then the one on e6, in turn; Black's general steps between e9 and f9.
    let outcome = cycle("4k4/9/9/2p1r4/C1p1r4/9/9/9/9/3K5 w", "a5a6 e9f9 a6a5 f9e9");
    assert_eq!(verdict(&outcome), DRAW);
    // Against one chariot, the same cannon loses (rule 15).
    let one = cycle("4k4/9/9/2p1r4/C1p6/9/9/9/9/3K5 w", "a5a6 e6e5 a6a5 e5e6");
    assert_eq!(verdict(&one), (Some(Side::Second), "perpetual chase", Some("AXF rule 15")));
}

#[test]
fn axf_rule_25_a_cannon_may_not_chase_an_advisor_or_an_elephant_by_moving_its_screen() {
    // Red's cannon on a7 attacks along the seventh rank over Red's soldier, which steps
    // between two points of the line; Black's general steps between e9 and f9. Nothing
    // guards the advisor on d7 nor the elephant on e7.
    let advisor = cycle("4k4/9/CP1a5/9/9/9/9/9/9/3K5 w", "b7c7 e9f9 c7b7 f9e9");
    assert_eq!(verdict(&advisor), (Some(Side::Second), "perpetual chase", Some("AXF rule 25")));
    assert_eq!(advisor.detail(), Some("red's cannon chased the advisor on d7"));
    let elephant = cycle("4k4/9/C1P1b4/9/9/9/9/9/9/3K5 w", "c7d7 e9f9 d7c7 f9e9");
    assert_eq!(verdict(&elephant), (Some(Side::Second), "perpetual chase", Some("AXF rule 25")));
    assert_eq!(elephant.detail(), Some("red's cannon chased the elephant on e7"));
    // The engines count only a new attack: the screen's steps make none.
    for (fen, moves) in [
        ("4k4/9/CP1a5/9/9/9/9/9/9/3K5 w", "b7c7 e9f9 c7b7 f9e9"),
        ("4k4/9/C1P1b4/9/9/9/9/9/9/3K5 w", "c7d7 e9f9 d7c7 f9e9"),
    ] {
        assert_eq!(verdict(&cycle_by(fen, moves, ChaseRules::Engines)), DRAW, "{fen}");
    }
}

#[test]
fn axf_rules_25_and_26_a_screen_of_the_chased_side_does_not_chase_for_the_cannon() {
    // Red's cannon on a4 attacks Black's unprotected horse on g4 over Black's own soldier,
    // which steps between c4 and d4 while Red's general steps between d0 and d1. The
    // screen's moves are Black's, and no Red move makes the attack: no one chases, in
    // either reading. (With Red's own piece as the screen Red loses: rule 25 above.)
    let fen = "4k4/9/9/9/9/C1p3n2/9/9/9/3K5 w";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(fen, "d0d1 c4d4 d1d0 d4c4", rules)), DRAW, "{rules}");
    }
}

#[test]
fn axf_rule_20_a_horse_and_a_cannon_taking_turns_to_chase_a_chariot_lose() {
    // Black's chariot steps between d7 and c7, guarded on both by the chariot on i7. Red's
    // horse steps from e4 to c5, attacking it on d7 and blocking the c-file; stepping back
    // it uncovers the cannon on c0, which attacks the chariot on c7 over Red's soldier.
    // The horse and the cannon take turns, and every Red move attacks the chariot anew.
    // Rule 20's text was not found; one engine's comments group it with the rules
    // against a horse or cannon chasing a chariot, taking turns (docs/rules.md).
    let fen = "4k4/9/3r4r/9/9/4N4/2P6/9/9/2C2K3 w";
    let moves = "e4c5 d7c7 c5e4 c7d7";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(fen, moves, rules);
        assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 15")), "{rules}");
        assert_eq!(outcome.detail(), Some("red's cannon chased the chariot on d7"), "{rules}");
    }
    // Without the soldier the cannon has no screen: only the horse's moves chase, every
    // other Red move, and no one chases perpetually.
    let horse_alone = "4k4/9/3r4r/9/9/4N4/9/9/9/2C2K3 w";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(horse_alone, moves, rules)), DRAW, "{rules}");
    }
}

#[test]
fn axf_rule_30_a_soldier_or_general_chasing_with_another_piece() {
    // Red's crossed soldier steps between d6 and c6. On c6 it attacks Black's horse on b6
    // and blocks the c-file; stepping back it uncovers the chariot on c2 against the
    // horse, which has fled to c8. The soldier's attack is no chase (rule 29: a soldier
    // may chase, "if one of the moves ... involves a Rook, Cannon, or Knight, it is still
    // allowed"), so only every other Red move chases: a draw.
    let in_turn = "4k4/9/9/1n1P5/9/9/9/2R6/9/3K5 w";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(in_turn, "d6c6 b6c8 c6d6 c8b6", rules)), DRAW, "{rules}");
    }
    // Red's general steps between d0 and d1, each step uncovering one chariot's attack on
    // Black's horse (along the last rank or the first) and blocking the other's; the
    // horse flees between a0 and c1. The general works with the chariots in every move:
    // every Red move is a chase, and Red loses.
    let every_move = "5k3/9/9/9/9/9/9/9/8R/n2K4R w";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(every_move, "d0d1 a0c1 d1d0 c1a0", rules);
        assert_eq!(verdict(&outcome), (Some(Side::Second), "perpetual chase", Some("AXF rule 23")), "{rules}");
        assert_eq!(outcome.detail(), Some("red's chariot chased the horse on a0"), "{rules}");
    }
}

#[test]
fn axf_rule_37_a_horse_may_not_chase_a_chariot_while_its_own_chariot_is_held() {
    // Black's chariot on e6 is held on the e-file by Red's cannon on e2 (with Black's
    // advisor on e8 it is one of the two pieces between the cannon and Black's general).
    // Red's chariot steps between b4 and b5, guarded by the chariot on b0; Black's horse
    // attacks it from a6 and c7 in turn, with every move. A horse may not chase a
    // chariot, guarded or not, though its side's chariot is held: Black loses. Neither
    // the cannon's attack on the advisor (guarded by the general) nor the held chariot's
    // on the cannon (guarded by the elephant) is a chase.
    let fen = "4k4/4a4/9/n3r4/9/1R7/9/4C4/9/1RBK5 w";
    for rules in ChaseRules::ALL {
        let outcome = cycle_by(fen, "b4b5 a6c7 b5b4 c7a6", rules);
        assert_eq!(verdict(&outcome), (Some(Side::First), "perpetual chase", None), "{rules}");
        assert_eq!(outcome.detail(), Some("black's horse chased the chariot on b4"), "{rules}");
    }
}

#[test]
fn axf_rule_38_threatening_to_win_a_piece_by_a_check_draws() {
    // Red's chariot steps between h0 and g0; from either it threatens to check along the
    // last rank (h9 or g9), drive Black's general to e8 and take the unguarded horse on b9
    // behind it. A threat to win a piece by a check is no chase (a chase is a capture the
    // next move could make) and no check: with Black's other horse stepping between b6
    // and c4, the repetition is a draw.
    let fen = "1n2k4/9/9/1n7/9/9/9/9/9/3K3R1 w";
    for rules in ChaseRules::ALL {
        assert_eq!(verdict(&cycle_by(fen, "h0g0 b6c4 g0h0 c4b6", rules)), DRAW, "{rules}");
    }
    // The threat is real: the check leaves Black only e9e8, and then the horse falls.
    let mut position = Position::from_fen(fen).unwrap();
    position.make(Move::parse("h0h9").unwrap());
    let mut replies = Vec::new();
    position.legal_moves(&mut replies);
    assert!(position.in_check());
    assert_eq!(replies.iter().map(ToString::to_string).collect::<Vec<_>>(), ["e9e8"]);
    position.make(replies[0]);
    let capture = Move::parse("h9b9").unwrap();
    assert!(position.is_legal(capture));
    assert!(position.piece_at(capture.to).is_some_and(|p| p.kind == Kind::Horse));
}
