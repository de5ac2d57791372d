//! One test per rule of international draughts, each with a move the rule allows and
//! one it forbids, and the draw rules.

use arbiter::draughts::{Kind, Position, Square};
use arbiter::{Game, MoveError, Outcome, Side, WithHistory};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    let mut list = Vec::new();
    position(fen).legal_moves(&mut list);
    list.iter().map(ToString::to_string).collect()
}

#[track_caller]
fn allows(fen: &str, mv: &str) {
    assert!(position(fen).parse_move(mv).is_ok(), "{mv} should be legal in {fen}: {:?}", position(fen).parse_move(mv));
}

#[track_caller]
fn forbids(fen: &str, mv: &str) {
    assert!(matches!(position(fen).parse_move(mv), Err(MoveError::Illegal { .. })), "{mv} should be illegal in {fen}");
}

#[test]
fn men_step_diagonally_forward_only() {
    let white = "W:W33:B3";
    assert_eq!(moves(white), ["33-28", "33-29"]);
    forbids(white, "33-38");
    forbids(white, "33-39");
    let black = "B:W48:B18";
    assert_eq!(moves(black), ["18-22", "18-23"]);
    forbids(black, "18-12");
}

#[test]
fn men_capture_backwards_and_capture_is_compulsory() {
    let fen = "W:W28:B32";
    assert_eq!(moves(fen), ["28x37"]);
    forbids(fen, "28-22");
    forbids(fen, "28-23");
}

#[test]
fn the_capture_that_takes_the_most_pieces_is_compulsory() {
    // 37 can take one piece (31); 32 can take two (27 then 17).
    let fen = "W:W32,37:B27,17,31";
    assert_eq!(moves(fen), ["32x12"]);
    forbids(fen, "37x26");
    // Kings and men count alike: the man's two pieces beat the king's one.
    let king_takes_one = "W:WK50,33,36:B44,31,21";
    assert_eq!(moves(king_takes_one), ["36x16"]);
    forbids(king_takes_one, "50x39");
}

#[test]
fn kings_fly_along_diagonals_and_stop_at_pieces() {
    let open = "W:WK46:B3";
    assert_eq!(moves(open).len(), 9);
    allows(open, "46-5");
    let blocked = "W:WK46,28:B3";
    allows(blocked, "46-32");
    forbids(blocked, "46-23");
    forbids(blocked, "46-5");
}

#[test]
fn kings_capture_at_a_distance_and_land_anywhere_beyond() {
    // The king on 46 takes 28 and may land on 23, 19, 14, 10 or 5.
    let fen = "W:WK46:B28";
    assert_eq!(moves(fen), ["46x23", "46x19", "46x14", "46x10", "46x5"]);
    // Two pieces in a row cannot be taken; neither can a piece with no square behind it.
    forbids("W:WK46:B28,23", "46x19");
    assert_eq!(moves("W:WK46:B28,23").len(), 3);
}

#[test]
fn a_king_must_land_where_it_can_capture_again() {
    // After taking 37 the king must stop on 28, the only square from which it can
    // take 17 next (majority rule); it then lands on 11 or 6.
    let fen = "W:WK46:B37,17";
    assert_eq!(moves(fen), ["46x11", "46x6"]);
    forbids(fen, "46x32");
    forbids(fen, "46x23");
}

#[test]
fn captured_pieces_stay_until_the_move_ends() {
    // The man circles 17, 18, 27, 28 and comes back to its own start square, which it
    // has left: four captures. Taken pieces may not be jumped a second time.
    let fen = "W:W32:B17,18,27,28";
    assert_eq!(moves(fen), ["32x32"]);
    let mut after = position(fen);
    after.play(after.parse_move("32x32").unwrap());
    assert_eq!(after.to_fen(), "B:W32:B");
}

#[test]
fn men_are_crowned_only_where_the_move_ends() {
    let crowned = "W:W13:B8";
    let mut after = position(crowned);
    after.play(after.parse_move("13x2").unwrap());
    assert_eq!(after.piece_at(Square::new(2).unwrap()).unwrap().kind, Kind::King);
    // Passing over the last row in the middle of a capture does not crown.
    let passing = "W:W13:B7,8";
    assert_eq!(moves(passing), ["13x11"]);
    let mut after = position(passing);
    after.play(after.parse_move("13x11").unwrap());
    assert_eq!(after.piece_at(Square::new(11).unwrap()).unwrap().kind, Kind::Man);
}

#[test]
fn captures_with_the_same_ends_are_written_with_their_path() {
    let fen = "W:WK30:B8,33,34,42";
    assert_eq!(moves(fen), ["30x39x17x3", "30x48x26x3"]);
    let text = position(fen).parse_move("30x3").unwrap_err().to_string();
    assert!(text.contains("several captures go from 30 to 3"), "{text}");
    allows(fen, "30x48x26x3");
    forbids(fen, "30x48x3");
}

#[test]
fn the_side_without_a_move_loses() {
    let blocked = position("W:W46:B41,37");
    assert_eq!(blocked.count_legal_moves(), 0);
    assert_eq!(blocked.outcome(), Some(Outcome::Win { winner: Side::Second, reason: "no legal move" }));
    let no_pieces = position("B:W46:B");
    assert_eq!(no_pieces.outcome(), Some(Outcome::Win { winner: Side::First, reason: "no legal move" }));
    assert_eq!(Position::start().outcome(), None);
}

/// Plays king moves back and forth: `a-b`, `c-d`, `b-a`, `d-c`, ...
fn shuffle<G: Game>(game: &mut G, plies: usize, white: (u8, u8), black: (u8, u8)) {
    for ply in 0..plies {
        let (from, to) = if ply % 2 == 0 { white } else { black };
        let (from, to) = if (ply / 2) % 2 == 0 { (from, to) } else { (to, from) };
        let mv = game.parse_move(&format!("{from}-{to}")).unwrap_or_else(|e| panic!("ply {ply}: {e}"));
        game.play(mv);
    }
}

#[test]
fn twenty_five_king_moves_each_draw() {
    // Many pieces, so no endgame count applies; only kings move.
    let fen = "W:WK46,K49,31,36:BK6,20,25";
    let mut game = position(fen);
    shuffle(&mut game, 49, (46, 41), (6, 1));
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, (6, 1), (0, 0));
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: "25 moves of kings only" }));
    // A man's move starts the count again.
    let mut reset = position(fen);
    shuffle(&mut reset, 40, (46, 41), (6, 1));
    reset.play(reset.parse_move("31-27").unwrap());
    shuffle(&mut reset, 40, (6, 1), (46, 41));
    assert_eq!(reset.outcome(), None);
}

#[test]
fn endgame_counts_draw() {
    // Three pieces with a king against a lone king: 16 moves each.
    let mut three = position("W:WK46,K49,31:BK6");
    shuffle(&mut three, 31, (46, 41), (6, 1));
    assert_eq!(three.outcome(), None);
    shuffle(&mut three, 1, (1, 6), (0, 0));
    assert_eq!(three.outcome(), Some(Outcome::Draw { reason: "the endgame count" }));
    // Two pieces with a king against a lone king: 5 moves each.
    let mut two = position("W:WK46,31:BK6");
    shuffle(&mut two, 9, (46, 41), (6, 1));
    assert_eq!(two.outcome(), None);
    shuffle(&mut two, 1, (6, 1), (0, 0));
    assert_eq!(two.outcome(), Some(Outcome::Draw { reason: "the endgame count" }));
    // Four pieces against a king: no count.
    let mut four = position("W:WK46,K49,31,36:BK6");
    shuffle(&mut four, 40, (46, 41), (6, 1));
    assert_eq!(four.outcome(), None);
}

#[test]
fn threefold_repetition_draws() {
    let mut game = WithHistory::new(position("W:WK46,31,36:BK6,20,25"));
    shuffle(&mut game, 7, (46, 41), (6, 1));
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, (1, 6), (0, 0));
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: "threefold repetition" }));
    assert_eq!(game.parse_move("46-41"), Err(MoveError::GameOver));
    assert_eq!(game.count_legal_moves(), 0);
}

#[test]
fn illegal_moves_are_explained() {
    let start = Position::start();
    let reason = |text: &str| start.parse_move(text).unwrap_err().to_string();
    assert_eq!(reason("28-23"), "illegal move 28-23: there is no piece on 28");
    assert_eq!(reason("18-23"), "illegal move 18-23: the piece on 18 is black's, and white is to move");
    assert_eq!(reason("32-22"), "illegal move 32-22: the piece on 32 cannot move to 22");
    assert_eq!(reason("32x23"), "illegal move 32x23: there is nothing to capture");
    assert!(matches!(start.parse_move("32-51"), Err(MoveError::Syntax { .. })));
    assert!(matches!(start.parse_move("32"), Err(MoveError::Syntax { .. })));
    assert!(matches!(start.parse_move("32-28-23"), Err(MoveError::Syntax { .. })));
}

#[test]
fn black_men_are_crowned_on_white_s_back_row() {
    let mut game = position("B:W6:B41");
    assert_eq!(moves("B:W6:B41"), ["41-46", "41-47"]);
    game.play(game.parse_move("41-46").unwrap());
    assert_eq!(game.piece_at(Square::new(46).unwrap()).unwrap().kind, Kind::King);
}
