//! The rules of Xiangqi that look back over the game (Asian Xiangqi Federation rules,
//! in the form computer Xiangqi applies them):
//!
//! 1. **Repetition.** When a position (pieces and side to move) occurs for the third
//!    time, the game ends. Over the moves since its first occurrence: a side that gave
//!    check with every one of its moves is perpetually checking; one that chased
//!    (see `chase.rs`) the same piece with every one of its moves, each move making
//!    the chase anew, is perpetually chasing. Exactly one side perpetually checking
//!    loses; else, if no move gave check and exactly one side perpetually chases, it
//!    loses; else the game is drawn.
//! 2. **Move limit.** A number of moves by each side in a row without a capture (60 by
//!    default) draws, unless the move that reaches it mates.
//! 3. **No attacking pieces.** Neither side has a chariot, horse, cannon or soldier:
//!    a draw.
//!
//! Each ply remembers the position it reached and the move that reached it. When a
//! position occurs for the third time, the verdict reads the records of the cycle:
//! checks, and chases by identity (the pieces are numbered at the cycle's first
//! position and the numbers move with them). Nothing is replayed, and a move that
//! repeats nothing costs no more than copying the position.

use super::board::{Color, Move, Position, Square};
use super::tables::POINTS;
use crate::game::Outcome;
use crate::history::LookBack;
use crate::termination::Termination;

/// Settings of the rules that look back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Moves by each side in a row without a capture after which the game is drawn;
    /// 0 switches the rule off.
    pub move_limit: u32,
}

impl Settings {
    /// 60 moves by each side, as the AXF rules and computer Xiangqi count.
    pub const DEFAULT_MOVE_LIMIT: u32 = 60;
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { move_limit: Settings::DEFAULT_MOVE_LIMIT }
    }
}

/// No piece on the point.
const NO_ID: u8 = u8::MAX;

/// What a ply leaves for the rules that look back: the position it reached (with its
/// hash) and the move that reached it. Chases are worked out only when a position
/// occurs for the third time, from these records: a move costs a copy, not a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    position: Position,
    /// The move that led here; `None` for the start.
    last_move: Option<Move>,
}

/// One move of a repetition cycle, as the verdict reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CycleMove {
    /// The move gave check.
    check: bool,
    /// The opponent pieces (by number) the move chases anew: chased after it, not before.
    new_chases: u16,
    /// The number of the piece that moved.
    moved: u8,
}

impl Position {
    /// For each colour, the opponent pieces it chases, by number.
    fn chase_targets(&self, ids: &[u8; POINTS]) -> [u16; 2] {
        Color::BOTH.map(|color| {
            let mut targets = 0u16;
            // Every position a game reaches has at most 16 pieces a side.
            self.for_each_chase(color, |_, target| {
                targets |= 1u16.checked_shl(ids[target.index()].into()).unwrap_or(0)
            });
            targets
        })
    }

    /// Whether either side still has a piece that can attack across the board.
    fn has_attacking_pieces(&self) -> bool {
        self.pieces().any(|(_, piece)| piece.kind.is_attacking())
    }

    /// The pieces numbered 0 to 15 for each colour, by point.
    fn number_pieces(&self) -> [u8; POINTS] {
        let mut ids = [NO_ID; POINTS];
        let mut next = [0u8; 2];
        for (square, piece) in self.pieces() {
            ids[square.index()] = next[piece.color.index()];
            next[piece.color.index()] += 1;
        }
        ids
    }

    /// The point of `color`'s piece numbered `id`, if it is on the board.
    fn find(&self, color: Color, id: u8, ids: &[u8; POINTS]) -> Option<Square> {
        (0..POINTS)
            .map(Square::at)
            .find(|s| ids[s.index()] == id && self.piece_at(*s).is_some_and(|p| p.color == color))
    }

    /// The sentence that says who chased what: the piece the chaser last moved, and
    /// the chased piece numbered `target_id`.
    fn describe_chase(&self, chaser: Color, chaser_moved: u8, target_id: u8, ids: &[u8; POINTS]) -> String {
        let name =
            |color: Color, id: u8| self.find(color, id, ids).and_then(|s| Some((s, self.piece_at(s)?.kind.name())));
        match (name(chaser, chaser_moved), name(chaser.opponent(), target_id)) {
            (Some((_, attacker)), Some((square, target))) => {
                format!("{}'s {attacker} chased the {target} on {square}", chaser.name())
            }
            (None, Some((square, target))) => format!("{} chased the {target} on {square}", chaser.name()),
            _ => format!("{} chased the same piece with every move", chaser.name()),
        }
    }

    /// The verdict of a position's third occurrence: `moves` are the moves since its
    /// first occurrence, the last one made by the side not to move now; `ids` number
    /// the pieces of the current position.
    fn repetition_verdict(&self, moves: &[CycleMove], ids: &[u8; POINTS]) -> Outcome {
        let mut checking = [true; 2];
        let mut chasing = [u16::MAX; 2];
        let mut any_check = false;
        let mut mover = self.turn().opponent();
        let mut last_moved = [NO_ID; 2];
        for mv in moves.iter().rev() {
            if last_moved[mover.index()] == NO_ID {
                last_moved[mover.index()] = mv.moved;
            }
            checking[mover.index()] &= mv.check;
            chasing[mover.index()] &= mv.new_chases;
            any_check |= mv.check;
            mover = mover.opponent();
        }
        let [red, black] = checking;
        if red != black {
            let culprit = if red { Color::Red } else { Color::Black };
            return Outcome::win(culprit.opponent().side(), Termination::PerpetualCheck)
                .with_detail(format!("{} gave check with every move of the repetition", culprit.name()));
        }
        let [red, black] = chasing.map(|c| c != 0);
        if !any_check && red != black {
            let culprit = if red { Color::Red } else { Color::Black };
            let target = chasing[culprit.index()].trailing_zeros() as u8;
            return Outcome::win(culprit.opponent().side(), Termination::PerpetualChase)
                .with_detail(self.describe_chase(culprit, last_moved[culprit.index()], target, ids));
        }
        Outcome::draw(Termination::Repetition).with_detail("the same position occurred for the third time")
    }
}

/// The moves of a repetition cycle read from the records of its plies, the first
/// occurrence first: checks, and chases with each piece followed by its number from
/// the first occurrence on. Returns them with the numbering of the last position.
fn cycle_moves(plies: &[Memory]) -> (Vec<CycleMove>, [u8; POINTS]) {
    let mut ids = plies[0].position.number_pieces();
    let mut targets = plies[0].position.chase_targets(&ids);
    let mut moves = Vec::with_capacity(plies.len());
    for pair in plies.windows(2) {
        let (before, after) = (&pair[0].position, &pair[1].position);
        let mover = before.turn();
        let Some(mv) = pair[1].last_move else { continue };
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = NO_ID;
        let now = after.chase_targets(&ids);
        moves.push(CycleMove {
            check: after.in_check(),
            new_chases: now[mover.index()] & !targets[mover.index()],
            moved: ids[mv.to.index()],
        });
        targets = now;
    }
    (moves, ids)
}

impl LookBack for Position {
    type Settings = Settings;
    type Memory = Memory;

    fn start_memory(&self) -> Memory {
        Memory { position: *self, last_move: None }
    }

    fn play_remembering(&mut self, mv: Move, _history: &[Memory]) -> Memory {
        self.make(mv);
        Memory { position: *self, last_move: Some(mv) }
    }

    fn verdict(&self, history: &[Memory], settings: &Settings) -> Option<Outcome> {
        // Only positions since the last capture can repeat this one, with the same side
        // to move: every second ply back.
        let last = history.len().checked_sub(1)?;
        let window = usize::from(self.halfmove_clock()).min(last);
        let hash = self.hash();
        let mut earlier =
            (2..=window).step_by(2).map(|back| last - back).filter(|&i| history[i].position.hash() == hash);
        if let (Some(_), Some(first)) = (earlier.next(), earlier.next()) {
            let (moves, ids) = cycle_moves(&history[first..]);
            return Some(self.repetition_verdict(&moves, &ids));
        }
        let limit = settings.move_limit.saturating_mul(2);
        if limit > 0 && u32::from(self.halfmove_clock()) >= limit {
            return Some(
                Outcome::draw(Termination::MoveLimit)
                    .with_detail(format!("{} moves by each side without a capture", settings.move_limit)),
            );
        }
        if !self.has_attacking_pieces() {
            return Some(Outcome::draw(Termination::NoAttackingPieces));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;

    /// A cycle of `plies` moves, Red moving first: whether each side's moves gave
    /// check and which pieces they chased anew.
    fn cycle(plies: usize, red: (bool, u16), black: (bool, u16)) -> Vec<CycleMove> {
        (0..plies)
            .map(|ply| {
                let (check, new_chases) = if ply % 2 == 0 { red } else { black };
                CycleMove { check, new_chases, moved: NO_ID }
            })
            .collect()
    }

    fn judge(moves: &[CycleMove]) -> (Option<Side>, &'static str) {
        // After an even number of plies with Red first, Red is to move.
        let position = Position::start();
        let outcome = position.repetition_verdict(moves, &position.number_pieces());
        (outcome.winner(), outcome.termination().as_str())
    }

    fn verdict(red: (bool, u16), black: (bool, u16)) -> (Option<Side>, &'static str) {
        judge(&cycle(8, red, black))
    }

    #[test]
    fn both_sides_checking_draw() {
        assert_eq!(verdict((true, 0), (true, 0)), (None, "repetition"));
    }

    #[test]
    fn perpetual_check_outweighs_a_perpetual_chase() {
        assert_eq!(verdict((true, 0), (false, 0b10)), (Some(Side::Second), "perpetual check"));
        assert_eq!(verdict((false, 0b1), (true, 0)), (Some(Side::First), "perpetual check"));
    }

    #[test]
    fn a_chase_counts_only_without_any_check_in_the_cycle() {
        assert_eq!(verdict((false, 0b1), (false, 0)), (Some(Side::Second), "perpetual chase"));
        // Both chasing: a draw.
        assert_eq!(verdict((false, 0b1), (false, 0b100)), (None, "repetition"));
        // One side chases every move, the other checks on some moves only.
        let mut mixed = cycle(8, (false, 0b1), (false, 0));
        mixed[3].check = true;
        assert_eq!(judge(&mixed), (None, "repetition"));
    }

    #[test]
    fn the_same_piece_must_be_chased_with_every_move() {
        // Red chases piece 0, then piece 1, in turn: no piece is chased throughout.
        let mut alternating = cycle(8, (false, 0b1), (false, 0));
        alternating[2].new_chases = 0b10;
        alternating[6].new_chases = 0b10;
        assert_eq!(judge(&alternating), (None, "repetition"));
    }
}
