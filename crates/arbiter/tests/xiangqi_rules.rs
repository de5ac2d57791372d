//! One test per Xiangqi rule, each with a move the rule allows and one it forbids.

use arbiter::xiangqi::{Position, Status};
use arbiter::{Game, MoveError, Outcome, Side, Termination};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(fen: &str, mv: &str) -> bool {
    match position(fen).parse_move(mv) {
        Ok(_) => true,
        Err(MoveError::Illegal { .. }) => false,
        Err(e) => panic!("{mv}: {e}"),
    }
}

#[track_caller]
fn allows(fen: &str, mv: &str) {
    assert!(legal(fen, mv), "{mv} should be legal in {fen}");
}

#[track_caller]
fn forbids(fen: &str, mv: &str) {
    assert!(!legal(fen, mv), "{mv} should be illegal in {fen}");
}

#[test]
fn horse_is_hobbled_by_a_piece_on_its_leg() {
    let free = "5k3/9/9/9/9/4N4/9/9/9/3K5 w";
    let hobbled = "5k3/9/9/9/4p4/4N4/9/9/9/3K5 w";
    allows(free, "e4f6");
    forbids(hobbled, "e4f6");
    forbids(hobbled, "e4d6");
    // The leg towards g5 is f4, still free.
    allows(hobbled, "e4g5");
    // A piece next to the target, not on the leg, does not hobble.
    allows("5k3/9/9/6n2/9/4N4/9/9/9/3K5 w", "e4f6");
}

#[test]
fn elephant_is_blocked_on_its_eye_and_stops_at_the_river() {
    let open = "5k3/9/9/9/9/9/9/4B4/9/3K5 w";
    let eye_blocked = "5k3/9/9/9/9/9/3n5/4B4/9/3K5 w";
    allows(open, "e2c4");
    forbids(eye_blocked, "e2c4");
    allows(eye_blocked, "e2g4");
    let at_river = "5k3/9/9/9/9/2B6/9/9/9/3K5 w";
    forbids(at_river, "c4a6");
    forbids(at_river, "c4e6");
    allows(at_river, "c4e2");
}

#[test]
fn general_and_advisors_stay_in_the_palace() {
    let fen = "5k3/9/9/9/9/9/9/9/4A4/3K5 w";
    allows(fen, "d0d1");
    allows(fen, "d0e0");
    forbids(fen, "d0c0");
    forbids(fen, "d0c1");
    allows(fen, "e1f2");
    allows(fen, "e1f0");
    let high = "5k3/9/9/9/9/9/9/3K1A3/9/9 w";
    forbids(high, "d2d3");
    allows(high, "d2e2");
    forbids(high, "f2g3");
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    let no_screen = "1r2k4/9/9/9/9/9/9/1C7/9/3K5 w";
    forbids(no_screen, "b2b9");
    allows(no_screen, "b2b8");
    let one_screen = "1r2k4/9/9/9/1P7/9/9/1C7/9/3K5 w";
    allows(one_screen, "b2b9");
    allows(one_screen, "b2b4");
    forbids(one_screen, "b2b6");
    forbids(one_screen, "b2b5");
    let two_screens = "1r2k4/9/9/1P7/1P7/9/9/1C7/9/3K5 w";
    forbids(two_screens, "b2b9");
}

#[test]
fn chariot_moves_along_lines_and_stops_at_pieces() {
    let fen = "1r2k4/9/9/9/1P7/9/9/1R7/9/3K5 w";
    allows(fen, "b2b4");
    forbids(fen, "b2b5");
    forbids(fen, "b2b9");
    allows(fen, "b2i2");
    forbids(fen, "b2c3");
}

#[test]
fn soldier_moves_sideways_only_after_crossing_the_river() {
    let home = "5k3/9/9/9/9/9/4P4/9/9/3K5 w";
    allows(home, "e3e4");
    forbids(home, "e3d3");
    forbids(home, "e3e2");
    let crossed = "5k3/9/9/9/4P4/9/9/9/9/3K5 w";
    allows(crossed, "e5d5");
    allows(crossed, "e5f5");
    allows(crossed, "e5e6");
    forbids(crossed, "e5e4");
}

#[test]
fn generals_may_not_face_on_an_open_file() {
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4 w";
    forbids(fen, "e0d0");
    allows(fen, "e0e1");
    // A piece between the generals is pinned to the file.
    let blocked = "4k4/9/9/9/4C4/9/9/9/9/4K4 w";
    forbids(blocked, "e5a5");
    allows(blocked, "e5e6");
}

#[test]
fn a_pinned_piece_may_not_expose_its_general() {
    let fen = "3k5/4r4/9/9/9/9/4N4/9/9/4K4 w";
    forbids(fen, "e3d5");
    forbids(fen, "e3f5");
    let chariot_pinned = "3k5/4r4/9/9/9/9/4R4/9/9/4K4 w";
    allows(chariot_pinned, "e3e6");
    allows(chariot_pinned, "e3e8");
    forbids(chariot_pinned, "e3a3");
}

#[test]
fn a_piece_may_not_become_a_screen_for_an_enemy_cannon() {
    let fen = "3k5/9/4c4/9/9/9/R8/9/9/4K4 w";
    forbids(fen, "a3e3");
    allows(fen, "a3a4");
}

#[test]
fn moving_a_piece_off_a_line_gives_discovered_check() {
    let mut position = position("4k4/9/9/9/4N4/9/9/4R4/9/3K5 w");
    assert!(!position.in_check() || position.turn() == arbiter::xiangqi::Color::Red);
    let mv = position.parse_move("e5c6").unwrap();
    position.play(mv);
    assert!(position.in_check());
    assert_eq!(position.status(), Status::Check);
    // Along the file the horse still blocks: no check.
    let mut quiet = self::position("4k4/9/9/9/9/4N4/9/4R4/9/3K5 w");
    let mv = quiet.parse_move("e4d6").unwrap();
    quiet.play(mv);
    assert!(quiet.in_check(), "e4d6 clears the file too");
    let mut blocked = self::position("4k4/9/9/4N4/9/9/9/9/9/3K5 w");
    let mv = blocked.parse_move("e6c7").unwrap();
    blocked.play(mv);
    assert!(!blocked.in_check());
}

#[test]
fn a_general_captures_its_checker_unless_it_is_protected() {
    let unprotected = "3k5/9/9/9/9/9/9/9/4r4/4K4 w";
    allows(unprotected, "e0e1");
    let protected = "3k5/4r4/9/9/9/9/9/9/4r4/4K4 w";
    forbids(protected, "e0e1");
    allows(protected, "e0f0");
    let horse_protected = "3k5/9/9/9/9/9/3n5/9/4r4/4K4 w";
    forbids(horse_protected, "e0e1");
}

#[test]
fn in_check_only_moves_that_answer_the_check_are_legal() {
    // Black chariot on e5 checks the general on e0; the red chariot can block on e-file.
    let fen = "3k5/9/9/9/4r4/9/9/9/R8/4K4 w";
    allows(fen, "a1e1");
    forbids(fen, "a1a2");
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    let mate = position("C8/3k4R/9/4N4/2N6/3R5/3C5/9/5K3/9 b - - 0 1");
    assert_eq!(mate.status(), Status::Checkmate);
    assert_eq!(mate.outcome(), Some(Outcome::win(Side::First, Termination::Checkmate)));
    let stalemate = position("3k5/8R/9/9/4R4/9/9/9/9/5K3 b");
    assert!(!stalemate.in_check());
    assert_eq!(stalemate.status(), Status::Stalemate);
    assert_eq!(stalemate.outcome(), Some(Outcome::win(Side::First, Termination::Stalemate)));
    assert_eq!(stalemate.parse_move("d9d8"), Err(MoveError::GameOver));
    assert_eq!(Position::start().outcome(), None);
}

#[test]
fn illegal_moves_are_explained() {
    let start = Position::start();
    let reason = |text: &str| start.parse_move(text).unwrap_err().to_string();
    assert_eq!(reason("e5e6"), "illegal move e5e6: there is no piece on e5");
    assert_eq!(reason("e6e5"), "illegal move e6e5: the piece on e6 is black's, and red is to move");
    assert_eq!(reason("a0a3"), "illegal move a0a3: a3 is occupied by red's own soldier");
    assert_eq!(reason("b0b3"), "illegal move b0b3: a horse cannot move from b0 to b3 here");
    assert!(matches!(start.parse_move("e0e10"), Err(MoveError::Syntax { .. })));
    assert!(matches!(start.parse_move("z0e1"), Err(MoveError::Syntax { .. })));
    let pinned = position("3k5/4r4/9/9/9/9/4N4/9/9/4K4 w");
    assert_eq!(
        pinned.parse_move("e3d5").unwrap_err().to_string(),
        "illegal move e3d5: it would leave the red general attacked or facing the other general"
    );
}

#[test]
fn soldiers_give_check_ahead_and_sideways_never_backwards() {
    // A black soldier ahead of the red general (on e1, moving down) checks it.
    assert!(position("3k5/9/9/9/9/9/9/9/4p4/4K4 w").in_check());
    // Across the river a soldier also attacks sideways.
    assert!(position("3k5/9/9/9/9/9/9/9/9/3pK4 w").in_check());
    // A soldier behind the general does not.
    assert!(!position("3k5/9/9/9/9/9/9/9/4K4/4p4 w").in_check());
}
