//! The relaxed setup: a position built from pieces reports every fault it finds, and
//! the caller accepts those it can live with.

use arbiter::{draughts, xiangqi};

fn xiangqi_piece(point: &str, color: xiangqi::Color, kind: xiangqi::Kind) -> (xiangqi::Square, xiangqi::Piece) {
    (xiangqi::Square::parse(point).unwrap(), xiangqi::Piece { color, kind })
}

#[test]
fn xiangqi_reports_every_fault_and_accepts_the_chosen_ones() {
    use xiangqi::{Color::*, Kind::*, PlacementError};
    let pieces = [
        xiangqi_piece("e0", Red, General),
        xiangqi_piece("e9", Black, General),
        xiangqi_piece("a0", Red, Chariot),
        xiangqi_piece("a1", Red, Chariot),
        xiangqi_piece("e5", Red, Chariot),
        xiangqi_piece("a9", Red, Advisor),
    ];
    let setup = xiangqi::Setup::new(pieces, Red);
    // The chariot on e5 attacks Black's general, and Black is not to move.
    assert_eq!(
        setup.faults(),
        [
            PlacementError::Unreachable {
                piece: xiangqi::Piece { color: Red, kind: Advisor },
                square: xiangqi::Square::parse("a9").unwrap()
            },
            PlacementError::TooMany { color: Red, kind: Chariot, count: 3 },
            PlacementError::OpponentInCheck { side: Red },
        ]
    );
    let refused = setup.position(|fault| matches!(fault, PlacementError::TooMany { .. })).unwrap_err();
    assert_eq!(refused.faults.len(), 2, "the accepted fault is not reported: {refused:?}");
    assert!(setup.position(|fault| !fault.is_fatal()).is_ok());
    // from_pieces accepts nothing but the check: the advisor is its first fault.
    assert!(matches!(xiangqi::Position::from_pieces(pieces, Red), Err(PlacementError::Unreachable { .. })));
}

#[test]
fn xiangqi_fatal_faults_are_never_accepted() {
    use xiangqi::{Color::*, Kind::*, PlacementError};
    let setup = xiangqi::Setup::new([xiangqi_piece("e0", Red, General), xiangqi_piece("e0", Black, General)], Red);
    let refused = setup.position(|_| true).unwrap_err();
    assert_eq!(refused.faults, [PlacementError::Occupied(xiangqi::Square::parse("e0").unwrap())]);
    let lonely = xiangqi::Setup::new([xiangqi_piece("e0", Red, General)], Red);
    assert_eq!(lonely.faults(), [PlacementError::NoGeneral(Black)]);
    assert!(PlacementError::NoGeneral(Black).is_fatal());
}

#[test]
fn xiangqi_a_side_not_to_move_in_check_is_a_fault_a_referee_may_accept() {
    use xiangqi::{Color::*, Kind::*, PlacementError};
    // Generals facing on an open file: Red, to move, could take Black's general.
    let facing = xiangqi::Setup::new([xiangqi_piece("e0", Red, General), xiangqi_piece("e9", Black, General)], Red);
    assert_eq!(facing.faults(), [PlacementError::OpponentInCheck { side: Red }]);
    assert!(facing.position(|_| false).is_err());
    let position = facing.position(|fault| matches!(fault, PlacementError::OpponentInCheck { .. })).unwrap();
    assert_eq!(position.to_fen(), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    let error = xiangqi::Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
    assert_eq!(error.to_string(), "bad FEN: position: red is to move but black is in check");
    assert_eq!(error.fault, xiangqi::FenFault::Placement(PlacementError::OpponentInCheck { side: Red }));
}

#[test]
fn draughts_accepts_a_man_on_its_crowning_row_when_asked() {
    use draughts::{Color::*, Kind::*, PlacementError};
    let man = |n: u8, color| (draughts::Square::new(n).unwrap(), draughts::Piece { color, kind: Man });
    let setup = draughts::Setup::new([man(3, White), man(48, Black), man(30, White)], White);
    let crowned = |n, color| PlacementError::Uncrowned { color, square: draughts::Square::new(n).unwrap() };
    assert_eq!(setup.faults(), [crowned(3, White), crowned(48, Black)]);
    assert_eq!(setup.position(|_| false).unwrap_err().faults.len(), 2);
    let position = setup.position(|fault| matches!(fault, PlacementError::Uncrowned { .. })).unwrap();
    assert_eq!(position.to_fen(), "W:W3,30:B48");
    let doubled = draughts::Setup::new([man(30, White), man(30, Black)], White);
    assert_eq!(
        doubled.position(|_| true).unwrap_err().faults,
        [PlacementError::Occupied(draughts::Square::new(30).unwrap())]
    );
}

#[test]
fn fen_errors_are_data() {
    let error = draughts::Position::from_fen("W:W31-50:W1-20").unwrap_err();
    assert_eq!(
        (error.field, error.fault),
        (arbiter::notation::FenField::WhitePieces, draughts::FenFault::ListGivenTwice)
    );
    let error =
        xiangqi::Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w").unwrap_err();
    assert_eq!(error.fault, xiangqi::FenFault::UnknownLetter { rank: 0, letter: 'X' });
    assert_eq!(error.to_string(), "bad FEN: board: rank 0: unknown piece letter 'X'");
}

#[test]
fn a_setup_error_made_by_hand_without_faults_still_displays() {
    assert_eq!(xiangqi::SetupError { faults: Vec::new() }.to_string(), "no fault");
    assert_eq!(draughts::SetupError { faults: Vec::new() }.to_string(), "no fault");
}
