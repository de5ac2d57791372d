//! Legal move generation and attack detection.
//!
//! Moves are generated pseudo-legally from the precomputed tables and then filtered.
//! Most moves need no test at all: a move of a piece other than the general, made
//! when not in check, can only expose the own general if it leaves the general's rank
//! or file (opening a line for a chariot, a cannon or the other general), lands on it
//! (becoming a cannon's screen), or leaves a point diagonally next to the general (a
//! horse's leg). Only those moves are tried on the board and tested for attack.

use super::board::{BLACK_BIT, Code, Color, EMPTY, Kind, Move, Position, Square, code, color_bits};
use super::tables::{
    ADVISOR_MOVES, EAST, ELEPHANT_MOVES, FILES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, NORTH, RAYS,
    SOLDIER_MOVES, SOUTH, WEST,
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
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        let target = square.index();
        let chariot = code(by, Kind::Chariot);
        let cannon = code(by, Kind::Cannon);
        let general = code(by, Kind::General);
        for direction in [NORTH, SOUTH, EAST, WEST] {
            let mut screens = 0;
            for p in RAYS[target][direction].iter() {
                let piece = self.board[p];
                if piece == EMPTY {
                    continue;
                }
                if screens == 0 {
                    // Generals face each other along a file; sideways only a step
                    // inside the palace can reach, and only the file case is possible.
                    if piece == chariot || (piece == general && (direction == NORTH || direction == SOUTH)) {
                        return true;
                    }
                    screens = 1;
                } else {
                    if piece == cannon {
                        return true;
                    }
                    break;
                }
            }
        }
        let horse = code(by, Kind::Horse);
        for (from, leg) in HORSE_ATTACKERS[target].iter() {
            if self.board[from] == horse && self.board[leg] == EMPTY {
                return true;
            }
        }
        let soldier = code(by, Kind::Soldier);
        let (file, rank) = (square.file() as usize, square.rank() as usize);
        // A soldier attacks the point ahead of it, and sideways once across the river.
        let (behind, crossed) = match by {
            Color::Red => (rank.checked_sub(1), rank >= 5),
            Color::Black => (Some(rank + 1).filter(|&r| r < 10), rank <= 4),
        };
        if behind.is_some_and(|r| self.board[r * FILES + file] == soldier) {
            return true;
        }
        crossed
            && ((file > 0 && self.board[target - 1] == soldier)
                || (file < FILES - 1 && self.board[target + 1] == soldier))
    }

    /// Whether the side to move is in check (its general attacked or facing the other).
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.general(self.side), self.side.opponent())
    }

    /// Calls `visit` with every pseudo-legal move: legal but for the own general's safety.
    #[inline]
    fn for_each_pseudo(&self, mut visit: impl FnMut(usize, usize)) {
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
                    GENERAL_MOVES[from].iter().filter(|&(to, _)| steps_to(to)).for_each(|(to, _)| visit(from, to));
                }
                k if k == Kind::Advisor as u8 + 1 => {
                    ADVISOR_MOVES[from].iter().filter(|&(to, _)| steps_to(to)).for_each(|(to, _)| visit(from, to));
                }
                k if k == Kind::Elephant as u8 + 1 => ELEPHANT_MOVES[from]
                    .iter()
                    .filter(|&(to, eye)| self.board[eye] == EMPTY && steps_to(to))
                    .for_each(|(to, _)| visit(from, to)),
                k if k == Kind::Horse as u8 + 1 => HORSE_MOVES[from]
                    .iter()
                    .filter(|&(to, leg)| self.board[leg] == EMPTY && steps_to(to))
                    .for_each(|(to, _)| visit(from, to)),
                k if k == Kind::Chariot as u8 + 1 => {
                    for ray in &RAYS[from] {
                        for to in ray.iter() {
                            let target = self.board[to];
                            if target == EMPTY {
                                visit(from, to);
                                continue;
                            }
                            if target & BLACK_BIT != us {
                                visit(from, to);
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
                            visit(from, to);
                        }
                        // ...and captures the first piece beyond it, if an enemy.
                        for to in points {
                            let target = self.board[to];
                            if target != EMPTY {
                                if target & BLACK_BIT != us {
                                    visit(from, to);
                                }
                                break;
                            }
                        }
                    }
                }
                _ => SOLDIER_MOVES[usize::from(!red)][from]
                    .iter()
                    .filter(|&(to, _)| steps_to(to))
                    .for_each(|(to, _)| visit(from, to)),
            }
        }
    }

    /// Calls `visit` with every legal move. The one generator behind
    /// [`Position::legal_moves`] and [`Position::count_legal_moves`].
    #[inline]
    pub(crate) fn for_each_legal(&self, mut visit: impl FnMut(Move)) {
        let us = self.side;
        let them = us.opponent();
        let in_check = self.in_check();
        let general = self.generals[us.index()] as usize;
        let (general_file, general_rank) = (general % FILES, general / FILES);
        let mut scratch = *self;
        self.for_each_pseudo(|from, to| {
            let needs_test = in_check
                || from == general
                || from % FILES == general_file
                || from / FILES == general_rank
                || to % FILES == general_file
                || to / FILES == general_rank
                || ((from % FILES).abs_diff(general_file) == 1 && (from / FILES).abs_diff(general_rank) == 1);
            let legal = !needs_test || {
                let captured = scratch.move_pieces(from, to);
                let safe = !scratch.is_attacked(scratch.general(us), them);
                scratch.unmove_pieces(from, to, captured);
                safe
            };
            if legal {
                visit(Move { from: Square::at(from), to: Square::at(to) });
            }
        });
    }

    /// Fills `out` with every legal move (clearing it first).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_legal(|mv| out.push(mv));
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut count = 0;
        self.for_each_legal(|_| count += 1);
        count
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_legal(|m| found |= m == mv);
        found
    }

    /// Whether `mv` follows its piece's movement, ignoring the own general's safety.
    pub(crate) fn is_pseudo_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.for_each_pseudo(|from, to| found |= from == mv.from.index() && to == mv.to.index());
        found
    }

    /// Check, checkmate, stalemate or none of them.
    #[must_use]
    pub fn status(&self) -> Status {
        let mut any = false;
        self.for_each_legal(|_| any = true);
        match (self.in_check(), any) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::Stalemate,
        }
    }
}
