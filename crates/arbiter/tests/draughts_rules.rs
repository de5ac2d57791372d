//! One test per rule of international draughts, each with a move the rule allows and
//! one it forbids, and the draw rules.

use arbiter::draughts::{Color, Kind, Piece, Position, Square};
use arbiter::{Game, MoveError, Outcome, Side, Termination, WithHistory};

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
    assert_eq!(blocked.outcome(), Some(Outcome::win(Side::Second, Termination::NoLegalMove)));
    let no_pieces = position("B:W46:B");
    assert_eq!(no_pieces.outcome(), Some(Outcome::win(Side::First, Termination::NoLegalMove)));
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

/// Plays `moves` moves of each side: White's king on `king` steps to a square it has
/// not stood on (so no position repeats), Black's king steps back and forth between
/// `black.0` and `black.1`. Searches for such a walk, every move legal; leaves out
/// Black's last move if `last_black` is false.
fn wander(
    game: &WithHistory<Position>,
    king: u8,
    black: (u8, u8),
    moves: usize,
    last_black: bool,
) -> WithHistory<Position> {
    fn walk(
        game: &WithHistory<Position>,
        visited: &mut Vec<u8>,
        black: (u8, u8),
        left: usize,
        last_black: bool,
    ) -> Option<WithHistory<Position>> {
        if left == 0 {
            return Some(game.clone());
        }
        let here = Square::new(*visited.last().unwrap()).unwrap();
        for (dr, dc) in [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)] {
            let (row, column) = (here.row() as i8 + dr, here.column() as i8 + dc);
            let Some(next) = Square::at(row as u8, column as u8).filter(|_| row >= 0 && column >= 0) else { continue };
            let Ok(step) = game.parse_move(&format!("{}-{}", here.number(), next.number())) else { continue };
            if visited.contains(&next.number()) {
                continue;
            }
            let mut after = game.clone();
            after.play(step);
            if left > 1 || last_black {
                let (from, to) = if visited.len() % 2 == 1 { black } else { (black.1, black.0) };
                let Ok(reply) = after.parse_move(&format!("{from}-{to}")) else { continue };
                after.play(reply);
            }
            visited.push(next.number());
            if let Some(done) = walk(&after, visited, black, left - 1, last_black) {
                return Some(done);
            }
            visited.pop();
        }
        None
    }
    walk(game, &mut vec![king], black, moves, last_black).unwrap_or_else(|| panic!("no walk of {moves} moves"))
}

fn white_king() -> Piece {
    Piece { color: Color::White, kind: Kind::King }
}

fn history(fen: &str) -> WithHistory<Position> {
    WithHistory::new(position(fen))
}

#[test]
fn twenty_five_king_moves_each_draw() {
    // Many pieces, so no endgame count applies; only kings move, never repeating.
    let fen = "W:WK46,K50,36,38:BK1,3,4";
    let almost = wander(&history(fen), 46, (1, 6), 25, false);
    assert_eq!((almost.plies(), almost.outcome()), (49, None), "25 moves of White's, 24 of Black's");
    let mut game = almost.clone();
    game.play(game.parse_move("1-6").unwrap());
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::TwentyFiveKingMoves)));
    // A man's move starts the count again.
    let mut reset = wander(&history(fen), 46, (1, 6), 20, true);
    reset.play(reset.parse_move("36-31").unwrap());
    reset.play(reset.parse_move("1-6").unwrap());
    let walker = |(square, piece): &(Square, _)| square.number() != 50 && *piece == white_king();
    let king = reset.position().pieces().find(walker).unwrap().0;
    let reset = wander(&reset, king.number(), (6, 1), 10, true);
    assert_eq!((reset.plies(), reset.outcome()), (62, None), "30 moves of kings, a man's move among them");
}

#[test]
fn endgame_counts_draw() {
    // Three pieces with a king against a lone king: 16 moves each.
    let three = wander(&history("W:WK46,K49,36:BK1"), 46, (1, 6), 16, false);
    assert_eq!((three.plies(), three.outcome()), (31, None));
    let mut three = three.clone();
    three.play(three.parse_move("6-1").unwrap());
    assert_eq!(three.outcome(), Some(Outcome::draw(Termination::EndgameCount)));
    // Two pieces with a king against a lone king: 5 moves each.
    let two = wander(&history("W:WK46,36:BK1"), 46, (1, 6), 5, false);
    assert_eq!((two.plies(), two.outcome()), (9, None));
    let mut two = two.clone();
    two.play(two.parse_move("1-6").unwrap());
    assert_eq!(two.outcome(), Some(Outcome::draw(Termination::EndgameCount)));
    // Four pieces against a king: no count.
    let four = wander(&history("W:WK46,K49,36,38:BK1"), 46, (1, 6), 20, true);
    assert_eq!((four.plies(), four.outcome()), (40, None));
}

#[test]
fn threefold_repetition_draws() {
    let mut game = history("W:WK46,31,36:BK6,20,25");
    shuffle(&mut game, 7, (46, 41), (6, 1));
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, (1, 6), (0, 0));
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::ThreefoldRepetition)));
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
