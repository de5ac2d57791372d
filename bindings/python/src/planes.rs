//! Positions as planes of 0s and 1s, for learning agents (`arbiter.envs`): an array of
//! `rows x columns x planes` bytes (channels last, as PettingZoo's board games have
//! them), seen by one side: its own pieces are in the first planes, the opponent's in
//! the next, whichever colour it plays. Rows go from the top of the board as it is
//! drawn (the first side at the bottom), columns from the left.
//!
//! | game | planes |
//! | --- | --- |
//! | Xiangqi (10 x 9 x 16) | own general, advisors, elephants, horses, chariots, cannons, soldiers; the opponent's, the same; to move; plays Red |
//! | draughts (10 x 10 x 8) | own men, own kings, the opponent's men and kings; the route so far (start and landings); the pieces it has taken so far; to move; plays White |
//! | Gomoku (rows x columns x 4) | own stones, the opponent's; to move; plays Black |
//! | TwixT (size x size x 13) | own pegs, the opponent's; own links in four directions, the opponent's; to move; plays Black; the swap may be played now |
//!
//! A link is marked at its end with the smaller column, in the plane of its direction:
//! one column and two rows up, two columns and one row up, two columns and one row
//! down, one column and two rows down.

use arbiter::{AnyHistory, Game, Side, draughts, gomoku, twixt, xiangqi};

use crate::actions::{LegalMoves, draughts_route_squares};

/// Rows, columns and planes of the game's observation.
pub(crate) fn shape(game: &AnyHistory) -> (usize, usize, usize) {
    match game {
        AnyHistory::Xiangqi(_) => (10, 9, 16),
        AnyHistory::Draughts(_) => (10, 10, 8),
        AnyHistory::Gomoku(game) => {
            let board = game.position().board();
            (usize::from(board.rows()), usize::from(board.columns()), 4)
        }
        AnyHistory::Twixt(game) => {
            let side = game.position().board().size() as usize;
            (side, side, 13)
        }
    }
}

/// The planes, filled by point.
struct Planes {
    bytes: Vec<u8>,
    columns: usize,
    planes: usize,
}

impl Planes {
    fn new(game: &AnyHistory) -> Planes {
        let (rows, columns, planes) = shape(game);
        Planes { bytes: vec![0; rows * columns * planes], columns, planes }
    }

    fn set(&mut self, row: usize, column: usize, plane: usize) {
        self.bytes[(row * self.columns + column) * self.planes + plane] = 1;
    }

    fn fill(&mut self, plane: usize) {
        for point in self.bytes.chunks_exact_mut(self.planes) {
            point[plane] = 1;
        }
    }
}

/// The position as `observer` sees it, after the steps of `route` (draughts: the
/// landings chosen so far in a capture of several pieces); `legal` is its legal moves,
/// which say whether TwixT's swap may be played.
pub(crate) fn observe(game: &AnyHistory, legal: &LegalMoves, observer: Side, route: &[usize]) -> Vec<u8> {
    let mut planes = Planes::new(game);
    let (own_side_plane, first_side_plane) = match game {
        AnyHistory::Xiangqi(game) => {
            xiangqi_pieces(&mut planes, game.position(), observer);
            (14, 15)
        }
        AnyHistory::Draughts(game) => {
            draughts_pieces(&mut planes, game.position(), observer);
            draughts_route(&mut planes, game.position(), route);
            (6, 7)
        }
        AnyHistory::Gomoku(game) => {
            gomoku_stones(&mut planes, game.position().board(), observer);
            (2, 3)
        }
        AnyHistory::Twixt(game) => {
            let position = game.position();
            twixt_pegs(&mut planes, position.board(), observer);
            if matches!(legal, LegalMoves::Twixt(moves) if moves.contains(&twixt::Move::Swap)) {
                planes.fill(12);
            }
            (10, 11)
        }
    };
    let to_move = match game {
        AnyHistory::Xiangqi(game) => game.side_to_move(),
        AnyHistory::Draughts(game) => game.side_to_move(),
        AnyHistory::Gomoku(game) => game.side_to_move(),
        AnyHistory::Twixt(game) => game.side_to_move(),
    };
    if to_move == observer {
        planes.fill(own_side_plane);
    }
    if observer == Side::First {
        planes.fill(first_side_plane);
    }
    planes.bytes
}

/// The plane of a piece: the observer's kinds first, then the opponent's.
fn side_offset(color: Side, observer: Side, kinds: usize) -> usize {
    if color == observer { 0 } else { kinds }
}

fn xiangqi_pieces(planes: &mut Planes, position: &xiangqi::Position, observer: Side) {
    let kinds = xiangqi::Kind::ALL.len();
    for (square, piece) in position.pieces() {
        let plane = side_offset(piece.color.side(), observer, kinds) + piece.kind as usize;
        planes.set(9 - usize::from(square.rank()), usize::from(square.file()), plane);
    }
}

fn draughts_pieces(planes: &mut Planes, position: &draughts::Position, observer: Side) {
    for (square, piece) in position.pieces() {
        let kind = match piece.kind {
            draughts::Kind::Man => 0,
            draughts::Kind::King => 1,
        };
        let plane = side_offset(piece.color.side(), observer, 2) + kind;
        planes.set(usize::from(square.row()), usize::from(square.column()), plane);
    }
}

/// Plane 4: the squares a capture's route has reached; plane 5: the pieces it has
/// jumped, each the one piece on the diagonal between two landings.
fn draughts_route(planes: &mut Planes, position: &draughts::Position, route: &[usize]) {
    let Some(squares) = draughts_route_squares(route) else { return };
    for square in &squares {
        planes.set(usize::from(square.row()), usize::from(square.column()), 4);
    }
    for pair in squares.windows(2) {
        if let Some(taken) = jumped(position, pair[0], pair[1]) {
            planes.set(usize::from(taken.row()), usize::from(taken.column()), 5);
        }
    }
}

/// The first piece on the diagonal from `from` towards `to`, if they share one.
fn jumped(position: &draughts::Position, from: draughts::Square, to: draughts::Square) -> Option<draughts::Square> {
    let (rows, columns) =
        (i16::from(to.row()) - i16::from(from.row()), i16::from(to.column()) - i16::from(from.column()));
    if rows.abs() != columns.abs() || rows == 0 {
        return None;
    }
    let (row_step, column_step) = (rows.signum(), columns.signum());
    (1..rows.abs()).find_map(|k| {
        let row = u8::try_from(i16::from(from.row()) + k * row_step).ok()?;
        let column = u8::try_from(i16::from(from.column()) + k * column_step).ok()?;
        let square = draughts::Square::at(row, column)?;
        position.piece_at(square).map(|_| square)
    })
}

fn gomoku_stones(planes: &mut Planes, board: &gomoku::Board, observer: Side) {
    let rows = board.rows();
    for row in 0..rows {
        for column in 0..board.columns() {
            if let Some(stone) = board.stone_at(gomoku::Point { column, row }) {
                let plane = side_offset(stone.side(), observer, 1);
                planes.set(usize::from(rows - 1 - row), usize::from(column), plane);
            }
        }
    }
}

fn twixt_pegs(planes: &mut Planes, board: &twixt::Board, observer: Side) {
    let top = board.size() as usize - 1;
    for (peg, color) in board.pegs() {
        planes.set(top - usize::from(peg.y), usize::from(peg.x), side_offset(color.side(), observer, 1));
    }
    for (a, b) in board.links() {
        let (left, right) = if a.x < b.x { (a, b) } else { (b, a) };
        let direction = match (right.x - left.x, i32::from(right.y) - i32::from(left.y)) {
            (1, 2) => 0,
            (2, 1) => 1,
            (2, -1) => 2,
            _ => 3,
        };
        let Some(color) = board.peg_at(left) else { continue };
        let plane = 2 + side_offset(color.side(), observer, 4) + direction;
        planes.set(top - usize::from(left.y), usize::from(left.x), plane);
    }
}
