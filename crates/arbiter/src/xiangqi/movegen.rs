//! Legal move generation and attack detection.
//!
//! Moves are generated pseudo-legally from the precomputed tables and then filtered
//! with what `pins.rs` works out once per position: when not in check, a move of a
//! piece that is neither the general nor pinned is legal unless it lands where it
//! would screen an enemy cannon. Only the other moves are tried on the board.

use super::board::{BLACK_BIT, Code, Color, EMPTY, Kind, Move, Position, Square, code, color_bits};
use super::rays::first_piece;
use super::tables::{
    ADVISOR_MOVES, EAST, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, NORTH, RAYS, SOLDIER_MOVES,
    SOUTH, WEST,
};

/// The status of the side to move, as `arbiter moves` prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has moves and is not in check.
    Normal,
    /// In check, with a way out.
    Check,
    /// In check with no legal move: the side to move has lost.
    Checkmate,
    /// Not in check, but no legal move: in Xiangqi the side to move has lost too.
    Stalemate,
}

impl Status {
    /// The status in lower case (`normal`, `check`, `checkmate`, `stalemate`), as printed.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Status::Normal => "normal",
            Status::Check => "check",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
        }
    }
}

#[inline]
fn is_enemy_or_empty(target: Code, us: Code) -> bool {
    target == EMPTY || target & BLACK_BIT != us
}

impl Position {
    /// Whether `square` is attacked by a piece of `by`: a chariot, cannon, horse or
    /// soldier that could capture there, or `by`'s general facing it on an open file.
    #[must_use]
    #[inline]
    pub(super) fn attacked_by(&self, square: Square, by: Color) -> bool {
        let target = square.index();
        let chariot = code(by, Kind::Chariot);
        let cannon = code(by, Kind::Cannon);
        let general = code(by, Kind::General);
        let occupied = self.occupied[0] | self.occupied[1];
        for direction in [NORTH, SOUTH, EAST, WEST] {
            let Some(first) = first_piece(target, direction, occupied) else { continue };
            let piece = self.board[first];
            // Generals face each other along a file; sideways only a step inside the
            // palace can reach, and only the file case is possible.
            if piece == chariot || (piece == general && (direction == NORTH || direction == SOUTH)) {
                return true;
            }
            if first_piece(first, direction, occupied).is_some_and(|second| self.board[second] == cannon) {
                return true;
            }
        }
        let horse = code(by, Kind::Horse);
        for (from, leg) in HORSE_ATTACKERS[target].iter() {
            if self.board[from] == horse && self.board[leg] == EMPTY {
                return true;
            }
        }
        self.soldier_attacks(target, by)
    }

    /// Calls `visit` with every pseudo-legal move (legal but for the own general's
    /// safety) until it returns `false`.
    #[inline]
    fn for_each_pseudo(&self, mut visit: impl FnMut(usize, usize) -> bool) {
        let us = color_bits(self.side);
        let red = self.side == Color::Red;
        let mut own = self.occupied[self.side.index()];
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            let piece = self.board[from];
            let steps_to = |to: usize| is_enemy_or_empty(self.board[to], us);
            match piece & 7 {
                k if k == Kind::General as u8 + 1 => {
                    for (to, _) in GENERAL_MOVES[from].iter().filter(|&(to, _)| steps_to(to)) {
                        if !visit(from, to) {
                            return;
                        }
                    }
                }
                k if k == Kind::Advisor as u8 + 1 => {
                    for (to, _) in ADVISOR_MOVES[from].iter().filter(|&(to, _)| steps_to(to)) {
                        if !visit(from, to) {
                            return;
                        }
                    }
                }
                k if k == Kind::Elephant as u8 + 1 => {
                    for (to, _) in ELEPHANT_MOVES[from].iter().filter(|&(to, eye)| self.board[eye] == EMPTY && steps_to(to)) {
                        if !visit(from, to) {
                            return;
                        }
                    }
                }
                k if k == Kind::Horse as u8 + 1 => {
                    for (to, _) in HORSE_MOVES[from].iter().filter(|&(to, leg)| self.board[leg] == EMPTY && steps_to(to)) {
                        if !visit(from, to) {
                            return;
                        }
                    }
                }
                k if k == Kind::Chariot as u8 + 1 => {
                    for ray in &RAYS[from] {
                        for to in ray.iter() {
                            let target = self.board[to];
                            if target == EMPTY {
                                if !visit(from, to) {
                                    return;
                                }
                                continue;
                            }
                            if target & BLACK_BIT != us && !visit(from, to) {
                                return;
                            }
                            break;
                        }
                    }
                }
                k if k == Kind::Cannon as u8 + 1 => {
                    for ray in &RAYS[from] {
                        let mut points = ray.iter();
                        // Moves like a chariot up to the first piece, the screen...
                        for to in points.by_ref() {
                            if self.board[to] != EMPTY {
                                break;
                            }
                            if !visit(from, to) {
                                return;
                            }
                        }
                        // ...and captures the first piece beyond it, if an enemy.
                        for to in points {
                            let target = self.board[to];
                            if target != EMPTY {
                                if target & BLACK_BIT != us && !visit(from, to) {
                                    return;
                                }
                                break;
                            }
                        }
                    }
                }
                _ => {
                    for (to, _) in SOLDIER_MOVES[usize::from(!red)][from].iter().filter(|&(to, _)| steps_to(to)) {
                        if !visit(from, to) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Calls `visit` with every legal move. The one generator behind
    /// [`Position::legal_moves`] and [`Position::count_legal_moves`]. Only moves that
    /// the position's [`Safety`](super::pins::Safety) cannot vouch for are tried on
    /// the board: general moves, pinned pieces' moves, and every move in check.
    #[inline]
    pub(crate) fn for_each_legal(&self, mut visit: impl FnMut(Move)) {
        self.walk_legal(|mv| {
            visit(mv);
            true
        });
    }

    /// Calls `visit` with the legal moves, as [`Position::for_each_legal`], until it
    /// returns `false`; returns whether the side to move is in check. `status` stops
    /// at the first legal move: it asks only whether there is one.
    #[inline]
    pub(crate) fn walk_legal(&self, mut visit: impl FnMut(Move) -> bool) -> bool {
        let us = self.side;
        let them = us.opponent();
        let safety = self.safety();
        let general = self.generals[us.index()] as usize;
        let mut scratch = *self;
        if safety.in_check {
            // Every move is tried: one loop with the trial inlined.
            self.for_each_pseudo(|from, to| {
                !scratch.leaves_general_safe(from, to, us, them) || visit(Move { from: Square::at(from), to: Square::at(to) })
            });
            return true;
        }
        self.for_each_pseudo(|from, to| {
            let legal = if from == general || safety.pinned & (1u128 << from) != 0 {
                scratch.leaves_general_safe_out_of_line(from, to, us, them)
            } else {
                safety.forbidden & (1u128 << to) == 0
            };
            !legal || visit(Move { from: Square::at(from), to: Square::at(to) })
        });
        false
    }

    /// Whether the move leaves `us`'s general unattacked, tried on the board and taken
    /// back.
    #[inline(always)]
    pub(super) fn leaves_general_safe(&mut self, from: usize, to: usize, us: Color, them: Color) -> bool {
        let captured = self.move_pieces(from, to);
        let safe = !self.is_attacked(self.general(us), them);
        self.unmove_pieces(from, to, captured);
        safe
    }

    /// [`Position::leaves_general_safe`] out of line, for the general's and pinned
    /// pieces' moves when not in check: the test of every other move is then small
    /// enough to be inlined into each piece's loop.
    #[inline(never)]
    pub(super) fn leaves_general_safe_out_of_line(&mut self, from: usize, to: usize, us: Color, them: Color) -> bool {
        self.leaves_general_safe(from, to, us, them)
    }

    /// Whether `mv` follows its piece's movement, ignoring the own general's safety.
    pub(crate) fn is_pseudo_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_pseudo(|from, to| {
            found = from == mv.from.index() && to == mv.to.index();
            !found
        });
        found
    }

}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;
    use crate::xiangqi::board::Piece;

    /// The legal moves found the slow way: every pseudo-legal move tried on the board.
    fn by_trial(position: &Position) -> Vec<Move> {
        let us = position.side;
        let mut scratch = *position;
        let mut moves = Vec::new();
        position.for_each_pseudo(|from, to| {
            let captured = scratch.move_pieces(from, to);
            if !scratch.is_attacked(scratch.general(us), us.opponent()) {
                moves.push(Move { from: Square::at(from), to: Square::at(to) });
            }
            scratch.unmove_pieces(from, to, captured);
            true
        });
        moves
    }

    fn check(position: &Position) {
        let mut fast = Vec::new();
        position.legal_moves(&mut fast);
        assert_eq!(fast, by_trial(position), "{position:?}");
        // The status stops at the first legal move and reads the check from the
        // pins' survey: the same as the attack test and the whole list say.
        let expected = match (position.in_check(), fast.is_empty()) {
            (false, false) => Status::Normal,
            (true, false) => Status::Check,
            (true, true) => Status::Checkmate,
            (false, true) => Status::Stalemate,
        };
        assert_eq!(position.status(), expected, "{position:?}");
        assert_eq!(position.count_legal_moves(), fast.len());
    }

    #[test]
    fn pins_and_screens_agree_with_trying_every_move_in_random_games() {
        let mut random = SplitMix64::new(11);
        let mut moves = Vec::new();
        for _ in 0..300 {
            let mut position = Position::start();
            for _ in 0..200 {
                check(&position);
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.make(moves[random.index(moves.len())]);
            }
        }
    }

    #[test]
    fn pins_and_screens_agree_with_trying_every_move_on_crowded_lines() {
        // Generals with chariots, cannons, horses and soldiers thrown around them:
        // many pieces on the generals' lines, many cannon screens and horse legs.
        let mut random = SplitMix64::new(12);
        let kinds = [Kind::Chariot, Kind::Cannon, Kind::Horse, Kind::Cannon, Kind::Chariot, Kind::Horse];
        let mut tested = 0;
        while tested < 20_000 {
            let mut pieces = vec![
                (Square::at([3, 4, 5, 12, 13, 14][random.index(6)]), Piece { color: Color::Red, kind: Kind::General }),
                (
                    Square::at([75, 76, 77, 84, 85, 86][random.index(6)]),
                    Piece { color: Color::Black, kind: Kind::General },
                ),
            ];
            for (i, &kind) in kinds.iter().enumerate() {
                let color = if i % 2 == 0 { Color::Red } else { Color::Black };
                // Most pieces on the generals' files and ranks.
                let general = pieces[random.index(2)].0;
                let point = if random.below(3) > 0 {
                    let on_file = random.below(2) == 0;
                    if on_file {
                        general.file() as usize + 9 * random.index(10)
                    } else {
                        9 * general.rank() as usize + random.index(9)
                    }
                } else {
                    random.index(90)
                };
                if pieces.iter().all(|(s, _)| s.index() != point) {
                    pieces.push((Square::at(point), Piece { color, kind }));
                }
            }
            let side = if random.below(2) == 0 { Color::Red } else { Color::Black };
            let Ok(position) = Position::from_pieces(pieces, side) else { continue };
            if position.is_attacked(position.general(side.opponent()), side) {
                continue;
            }
            check(&position);
            tested += 1;
        }
    }
}
