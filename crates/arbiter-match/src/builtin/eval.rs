//! How the built-in engine values a position, per game: plain, well-known terms
//! (material for Xiangqi and draughts, lines for Gomoku, linked spans for TwixT),
//! always from the side to move's point of view, in hundredths of a pawn or so.

use arbiter::Game;
use arbiter::draughts::{self, Kind as Piece};
use arbiter::gomoku::{self, Point};
use arbiter::twixt::{self, Color as Peg};
use arbiter::xiangqi::{self, Kind};

/// A game the built-in engine can play: its positions and a score for them.
pub trait Evaluate: Game {
    /// The position's worth for the side to move; positive is good for it.
    fn evaluate(&self) -> i32;

    /// Moves worth searching at all, into `out` (all legal moves but for games with
    /// too many, where only points near the stones matter).
    fn candidate_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// Whether `mv` takes something: searched first.
    fn is_capture(&self, _mv: Self::Move) -> bool {
        false
    }
}

impl Evaluate for xiangqi::Position {
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for (square, piece) in self.pieces() {
            let crossed = match piece.color {
                xiangqi::Color::Red => square.rank() >= 5,
                xiangqi::Color::Black => square.rank() <= 4,
            };
            let value = match piece.kind {
                Kind::General => 0,
                Kind::Advisor | Kind::Elephant => 200,
                Kind::Horse => 400,
                Kind::Cannon => 450,
                Kind::Chariot => 900,
                Kind::Soldier if crossed => 200,
                Kind::Soldier => 100,
            };
            score += if piece.color == self.turn() { value } else { -value };
        }
        score
    }

    fn is_capture(&self, mv: xiangqi::Move) -> bool {
        self.piece_at(mv.to).is_some()
    }
}

impl Evaluate for draughts::Position {
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for (square, piece) in self.pieces() {
            // Men gain a little as they advance; a king is worth three men.
            let advance = match piece.color {
                draughts::Color::White => 9 - i32::from(square.row()),
                draughts::Color::Black => i32::from(square.row()),
            };
            let value = match piece.kind {
                Piece::Man => 100 + 3 * advance,
                Piece::King => 300,
            };
            score += if piece.color == self.turn() { value } else { -value };
        }
        score
    }

    fn is_capture(&self, mv: draughts::Move) -> bool {
        mv.is_capture()
    }
}

/// The worth of a run of `length` stones with `open` free ends.
fn run_value(length: u32, open: u32) -> i32 {
    match (length.min(5), open) {
        (5, _) => 100_000,
        (4, 2) => 10_000,
        (4, 1) => 1_000,
        (3, 2) => 1_000,
        (3, 1) => 100,
        (2, 2) => 100,
        (2, 1) => 10,
        (1, 2) => 2,
        _ => 0,
    }
}

impl Evaluate for gomoku::Position {
    fn evaluate(&self) -> i32 {
        let board = self.board();
        let mut score = 0;
        let (columns, rows) = (i32::from(board.columns()), i32::from(board.rows()));
        let stone = |c: i32, r: i32| {
            if c < 0 || r < 0 || c >= columns || r >= rows {
                return None;
            }
            board.stone_at(Point { column: c as u16, row: r as u16 })
        };
        let empty = |c: i32, r: i32| c >= 0 && r >= 0 && c < columns && r < rows && stone(c, r).is_none();
        for r in 0..rows {
            for c in 0..columns {
                let Some(own) = stone(c, r) else { continue };
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    // Count each run once, from its first stone.
                    if stone(c - dc, r - dr) == Some(own) {
                        continue;
                    }
                    let mut length = 1;
                    while stone(c + length * dc, r + length * dr) == Some(own) {
                        length += 1;
                    }
                    let open = u32::from(empty(c - dc, r - dr)) + u32::from(empty(c + length * dc, r + length * dr));
                    let value = run_value(length as u32, open);
                    score += if own == self.turn() { value } else { -value };
                }
            }
        }
        score
    }

    /// The empty points next to a stone (or the centre of an empty board).
    fn candidate_moves(&self, out: &mut Vec<Point>) {
        out.clear();
        let board = self.board();
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if board.stones() == 0 {
            let centre = Point { column: board.columns() / 2, row: board.rows() / 2 };
            out.extend(legal.iter().copied().filter(|&p| p == centre).take(1));
            if out.is_empty() {
                out.extend(legal.first().copied());
            }
            return;
        }
        let near = |p: Point| {
            (-2i32..=2).any(|dc| {
                (-2i32..=2).any(|dr| {
                    let (c, r) = (i32::from(p.column) + dc, i32::from(p.row) + dr);
                    c >= 0 && r >= 0 && board.stone_at(Point { column: c as u16, row: r as u16 }).is_some()
                })
            })
        };
        out.extend(legal.into_iter().filter(|&p| near(p)));
    }
}

impl Evaluate for twixt::Position {
    /// How far each side's best linked group reaches across its way: Black left to
    /// right, White bottom to top.
    fn evaluate(&self) -> i32 {
        let reach = |color: Peg| {
            let chain = self.board().winning_chain(color);
            if !chain.is_empty() {
                return 10_000;
            }
            let pegs: Vec<twixt::Peg> = self.board().pegs().filter(|&(_, c)| c == color).map(|(p, _)| p).collect();
            let span = |key: fn(&twixt::Peg) -> u16| {
                let (low, high) = pegs.iter().fold((u16::MAX, 0), |(l, h), p| (l.min(key(p)), h.max(key(p))));
                if pegs.is_empty() { 0 } else { i32::from(high - low) }
            };
            match color {
                Peg::Black => span(|p| p.x),
                Peg::White => span(|p| p.y),
            }
        };
        let own = twixt::Color::from_side(self.side_to_move());
        reach(own) * 10 - reach(own.opponent()) * 10
    }

    /// The holes within two of a peg (a link's reach), the swap if it is allowed;
    /// the middle of an empty board.
    fn candidate_moves(&self, out: &mut Vec<twixt::Move>) {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let pegs: Vec<twixt::Peg> = self.board().pegs().map(|(p, _)| p).collect();
        let middle = u16::try_from(self.board().size() / 2).unwrap_or(0);
        let near = |peg: &twixt::Peg| {
            if pegs.is_empty() {
                return peg.x.abs_diff(middle) <= 1 && peg.y.abs_diff(middle) <= 1;
            }
            pegs.iter().any(|p| p.x.abs_diff(peg.x) <= 2 && p.y.abs_diff(peg.y) <= 2)
        };
        out.clear();
        out.extend(legal.iter().copied().filter(|mv| match mv {
            twixt::Move::Place(peg) => near(peg),
            twixt::Move::Swap => true,
        }));
        if out.is_empty() {
            out.extend(legal);
        }
    }
}
