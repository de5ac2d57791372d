//! The rules of Xiangqi that look back over the game (Asian Xiangqi Federation rules,
//! in the form computer Xiangqi applies them):
//!
//! 1. **Repetition.** When a position (pieces and side to move) occurs for the third
//!    time, the game ends. Over the moves since its first occurrence: a side that gave
//!    check with every one of its moves is perpetually checking; one that chased
//!    (see `chase.rs`) the same piece with every one of its moves, each move making
//!    the chase anew (under the AXF reading, a move of a cannon's screen makes the
//!    cannon's chase anew, AXF rules 25 and 26), is perpetually chasing. Exactly one side perpetually checking
//!    loses; else, if no move gave check and exactly one side perpetually chases, it
//!    loses; else the game is drawn. The outcome names the clause of the AXF rule
//!    book that decides it (`AXF rule 19`), where one clause does.
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

use super::board::{Code, Color, EMPTY, Kind, Move, Position, Square, Undo};
use super::chase_rules::ChaseRules;
use super::chinese;
use super::explain::{Deed, Judgement, MoveDeeds, common_deeds, piece_on};
use super::rules::Rules;
use super::tables::POINTS;
use crate::explain::{Act, Conduct, Explanation, SideReading};
use crate::game::Outcome;
use crate::history::LookBack;
use crate::termination::Termination;

/// Settings of the rules that look back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Moves by each side in a row without a capture after which the game is drawn;
    /// 0 switches the rule off.
    pub move_limit: u32,
    /// The reading of the chase rules where the AXF rule book and the engines part
    /// ways (under [`Rules::Axf`] only).
    pub chase_rules: ChaseRules,
    /// The rule book that judges repetitions: the AXF's or the Chinese rules.
    pub rules: Rules,
}

impl Settings {
    /// 60 moves by each side, as the AXF rules and computer Xiangqi count.
    pub const DEFAULT_MOVE_LIMIT: u32 = 60;
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { move_limit: Settings::DEFAULT_MOVE_LIMIT, chase_rules: ChaseRules::Axf, rules: Rules::Axf }
    }
}

/// No piece on the point.
const NO_ID: u8 = u8::MAX;

/// What a ply leaves for the rules that look back: the hash of the position it
/// reached, the move that reached it and what that move took back needs. Chases are
/// worked out only when a position occurs for the third time, on the positions of the
/// cycle, found again by taking its moves back from the current one: a move costs a
/// few bytes, not a search, and the repetition scan reads hashes packed close together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    hash: u64,
    /// The move that led here; `None` for the start.
    last_move: Option<Move>,
    /// The piece that move took (`EMPTY` for none).
    captured: Code,
    /// The position's plies since the last capture.
    halfmove_clock: u16,
}

impl Memory {
    fn of(position: &Position, last_move: Option<Move>, captured: Code) -> Memory {
        Memory { hash: position.hash(), last_move, captured, halfmove_clock: position.halfmove_clock() }
    }
}

/// The positions of `history[first..]`, the last of them `current` (the position
/// `history`'s last memory is of), each found by taking back the move after it. (A
/// move number held at its ceiling, 65,535, is not found again; nothing that judges or
/// explains a repetition reads it.)
fn positions_back(current: &Position, history: &[Memory], first: usize) -> Vec<Position> {
    let mut positions = vec![*current; history.len() - first];
    let mut position = *current;
    for i in (first + 1..history.len()).rev() {
        if let Some(mv) = history[i].last_move {
            position.unmake(mv, Undo { captured: history[i].captured, halfmove_clock: history[i - 1].halfmove_clock });
        }
        positions[i - 1 - first] = position;
    }
    positions
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
    /// The opponent pieces (by number) the move chases with a cannon over the piece that
    /// moved: it now stands as that cannon's screen (AXF rules 25 and 26 name such a chase).
    by_screen: u16,
    /// For each opponent piece (by number) the mover chases after the move, the
    /// number of a piece that chases it: the one that moved if it does.
    attackers: [u8; 16],
}

impl Position {
    /// For each colour, the opponent pieces it chases by the reading `rules`, by number.
    /// When `moved` is the point of the piece that just moved, also the pieces this move
    /// chases whether or not they were chased before: under [`ChaseRules::Axf`], the
    /// chariots held by a horse that this piece chases (AXF rule 19: such a chariot
    /// cannot move, so each move that attacks it chases it), and the targets of a
    /// cannon whose screen this piece now is (rules 25 and 26: a cannon chases by
    /// moving only its screen, though neither it nor its target moves); and in
    /// `attackers`, for each piece the mover chases, the number of a chaser, the moved
    /// piece first, else the cannon it screens. The last of the three results is the
    /// pieces the mover chases with a cannon over the moved piece, whatever the reading.
    fn chase_targets(
        &self,
        ids: &[u8; POINTS],
        rules: ChaseRules,
        moved: Option<Square>,
        attackers: &mut [u8; 16],
    ) -> ([u16; 2], u16, u16) {
        let mut renewed = 0u16;
        let mut by_screen = 0u16;
        let mut named_by_moved = 0u16;
        let mover = moved.and_then(|s| self.piece_at(s)).map(|p| p.color);
        let targets = Color::BOTH.map(|color| {
            let mut targets = 0u16;
            self.for_each_chase(color, rules, |attacker, target| {
                // Every position a game reaches has at most 16 pieces a side.
                let id = usize::from(ids[target.index()]);
                let Some(bit) = 1u16.checked_shl(id as u32) else { return };
                let by_mover = Some(color) == mover;
                let held = Some(attacker) == moved && self.held_by_horse(target).is_some();
                let screen = by_mover && moved.is_some_and(|s| self.screens(s, attacker, target));
                let by_moved = Some(attacker) == moved;
                if by_mover && (targets & bit == 0 || by_moved || (screen && named_by_moved & bit == 0)) {
                    attackers[id] = ids[attacker.index()];
                    if by_moved {
                        named_by_moved |= bit;
                    }
                }
                targets |= bit;
                if screen {
                    by_screen |= bit;
                }
                if rules == ChaseRules::Axf && (held || screen) {
                    renewed |= bit;
                }
            });
            targets
        });
        (targets, renewed, by_screen)
    }

    /// Whether the piece on `screen` is the screen over which the cannon on `attacker`
    /// captures on `target`: it stands between them on their line (a cannon captures
    /// over exactly one piece, so that one is its screen).
    fn screens(&self, screen: Square, attacker: Square, target: Square) -> bool {
        let is_cannon = self.piece_at(attacker).is_some_and(|p| p.kind == Kind::Cannon);
        let between = |a: u8, s: u8, t: u8| a.min(t) < s && s < a.max(t);
        is_cannon
            && ((attacker.file() == target.file()
                && screen.file() == attacker.file()
                && between(attacker.rank(), screen.rank(), target.rank()))
                || (attacker.rank() == target.rank()
                    && screen.rank() == attacker.rank()
                    && between(attacker.file(), screen.file(), target.file())))
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

    /// The clause of the AXF rule book that forbids `attacker` (if known) chasing the
    /// piece on `target` perpetually, where one clause names the pair; `by_screen` when
    /// the chaser's last move was that of the cannon's screen, not of the cannon.
    fn chase_rule(&self, attacker: Option<Kind>, target: Square, by_screen: bool) -> Option<&'static str> {
        let target_kind = self.piece_at(target)?.kind;
        if self.held_by_horse(target).is_some() {
            return Some("AXF rule 19");
        }
        let attacker = attacker?;
        if matches!(attacker, Kind::Chariot | Kind::Horse) && self.confined_by_cannon(target) {
            return Some("AXF rule 27");
        }
        match (attacker, target_kind) {
            // Rule 26: a cannon may not chase a chariot "even if the Rook doesn't move and
            // both sides only move the cannon mount"; rule 15 is the cannon's own chase.
            (Kind::Cannon, Kind::Chariot) if by_screen => Some("AXF rule 26"),
            (Kind::Cannon, Kind::Chariot) => Some("AXF rule 15"),
            // Rule 25: an unprotected horse, advisor, elephant or soldier across the
            // river, by the cannon's move or its screen's (a soldier on its own side is
            // no target, and a protected piece is not chased).
            (Kind::Cannon, Kind::Horse | Kind::Advisor | Kind::Elephant | Kind::Soldier) => Some("AXF rule 25"),
            (Kind::Chariot, Kind::Cannon) => Some("AXF rule 18"),
            (Kind::Chariot, Kind::Horse) => Some("AXF rule 23"),
            // A piece chases one of its own kind only when that one cannot take back.
            (attacker, target) if attacker == target => Some("AXF rule 24"),
            _ => None,
        }
    }

    /// The sentence that says who chased what: the chaser's piece numbered
    /// `attacker_id` (the one that chased with the chaser's last move), and the chased
    /// piece numbered `target_id`; with it the clause of the rule book that forbids the
    /// chase, where one names it (`by_screen`: the chaser's last move was that of the
    /// attacking cannon's screen).
    fn describe_chase(
        &self,
        chaser: Color,
        attacker_id: u8,
        target_id: u8,
        by_screen: bool,
        ids: &[u8; POINTS],
    ) -> (String, Option<&'static str>) {
        let target = self.find(chaser.opponent(), target_id, ids);
        let attacker = self.find(chaser, attacker_id, ids);
        let attacker_kind = attacker.and_then(|s| self.piece_at(s)).map(|p| p.kind);
        let rule = target.and_then(|target| self.chase_rule(attacker_kind, target, by_screen));
        (self.chase_sentence(chaser, attacker, target), rule)
    }

    fn chase_sentence(&self, chaser: Color, attacker: Option<Square>, target: Option<Square>) -> String {
        let name = |square: Option<Square>| square.and_then(|s| Some((s, self.piece_at(s)?.kind.name())));
        match (name(attacker), name(target)) {
            (Some((_, attacker)), Some((square, target))) => {
                format!("{}'s {attacker} chased the {target} on {square}", chaser.name())
            }
            (None, Some((square, target))) => format!("{} chased the {target} on {square}", chaser.name()),
            _ => format!("{} chased the same piece with every move", chaser.name()),
        }
    }

    /// The verdict of a position's third occurrence: `moves` are the moves since its
    /// first occurrence, the last one made by the side not to move now; `ids` number
    /// the pieces of the current position. A side that gave check with any of its
    /// moves is not perpetually chasing (AXF rule 12: one check, one chase draws);
    /// under [`ChaseRules::Axf`] the chased side's occasional check does not excuse
    /// the chaser (AXF rules 18 and 23), while the engines draw every cycle with a
    /// check in it that is not a perpetual check.
    fn repetition_verdict(&self, moves: &[CycleMove], ids: &[u8; POINTS], rules: ChaseRules) -> Outcome {
        let mut checking = [true; 2];
        let mut any_check_by = [false; 2];
        let mut chasing = [u16::MAX; 2];
        let mut mover = self.turn().opponent();
        let mut last_move: [Option<&CycleMove>; 2] = [None; 2];
        for mv in moves.iter().rev() {
            last_move[mover.index()] = last_move[mover.index()].or(Some(mv));
            checking[mover.index()] &= mv.check;
            chasing[mover.index()] &= mv.new_chases;
            any_check_by[mover.index()] |= mv.check;
            mover = mover.opponent();
        }
        let any_check = any_check_by[0] || any_check_by[1];
        for side in Color::BOTH {
            let excused = match rules {
                ChaseRules::Axf => any_check_by[side.index()],
                ChaseRules::Engines => any_check,
            };
            if excused {
                chasing[side.index()] = 0;
            }
        }
        let [red, black] = checking;
        if red != black {
            let culprit = if red { Color::Red } else { Color::Black };
            return Outcome::win(culprit.opponent().side(), Termination::PerpetualCheck)
                .with_detail(format!("{} gave check with every move of the repetition", culprit.name()));
        }
        let [red, black] = chasing.map(|c| c != 0);
        if red != black {
            let culprit = if red { Color::Red } else { Color::Black };
            let target = chasing[culprit.index()].trailing_zeros() as u8;
            let last = last_move[culprit.index()];
            let attacker = last.map_or(NO_ID, |mv| mv.attackers[usize::from(target)]);
            let by_screen = last.is_some_and(|mv| mv.by_screen & (1u16 << target) != 0);
            let (detail, rule) = self.describe_chase(culprit, attacker, target, by_screen, ids);
            let outcome = Outcome::win(culprit.opponent().side(), Termination::PerpetualChase).with_detail(detail);
            return match rule {
                Some(rule) => outcome.with_rule(rule),
                None => outcome,
            };
        }
        Outcome::draw(Termination::Repetition).with_detail("the same position occurred for the third time")
    }
}

/// The chases a move makes anew: the point of each piece chased, after the move, and of
/// the piece that chases it, where one is named.
type Chased = Vec<(Square, Option<Square>)>;

/// The moves of a repetition cycle read from the records of its plies, the first
/// occurrence first: checks, and chases with each piece followed by its number from
/// the first occurrence on. Returns them with the numbering of the last position, and
/// each move's chases on the board.
fn cycle_moves(positions: &[Position], moves_played: &[Move], rules: ChaseRules) -> (Vec<CycleMove>, [u8; POINTS], Vec<Chased>) {
    let mut ids = positions[0].number_pieces();
    let mut attackers = [NO_ID; 16];
    let (mut targets, _, _) = positions[0].chase_targets(&ids, rules, None, &mut attackers);
    let mut moves = Vec::with_capacity(positions.len());
    let mut chased = Vec::with_capacity(positions.len());
    for (pair, &mv) in positions.windows(2).zip(moves_played) {
        let (before, after) = (&pair[0], &pair[1]);
        let mover = before.turn();
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = NO_ID;
        let mut attackers = [NO_ID; 16];
        let (now, renewed, by_screen) = after.chase_targets(&ids, rules, Some(mv.to), &mut attackers);
        let new_chases = (now[mover.index()] & !targets[mover.index()]) | renewed;
        chased.push(
            (0..16u8)
                .filter(|id| new_chases & (1 << id) != 0)
                .filter_map(|id| {
                    let target = after.find(mover.opponent(), id, &ids)?;
                    let attacker = attackers[usize::from(id)];
                    Some((target, (attacker != NO_ID).then(|| after.find(mover, attacker, &ids)).flatten()))
                })
                .collect(),
        );
        moves.push(CycleMove { attackers, by_screen, check: after.in_check(), new_chases, moved: ids[mv.to.index()] });
        targets = now;
    }
    (moves, ids, chased)
}

/// The positions of `history[from..]` (the last of them `current`) and the moves
/// between them: `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
fn positions_and_moves(current: &Position, history: &[Memory], from: usize) -> (Vec<Position>, Vec<Move>) {
    let positions = positions_back(current, history, from);
    let moves = history[from..].iter().skip(1).filter_map(|ply| ply.last_move).collect();
    (positions, moves)
}

/// The verdict on the repetition whose first position is `history[first]` and whose
/// last is the last of `history`, `current`, by the rules of `settings`.
fn judge_repetition(current: &Position, history: &[Memory], first: usize, settings: &Settings) -> Outcome {
    match settings.rules {
        Rules::Axf => {
            let (positions, moves) = positions_and_moves(current, history, first);
            let (cycle, ids, _) = cycle_moves(&positions, &moves, settings.chase_rules);
            current.repetition_verdict(&cycle, &ids, settings.chase_rules)
        }
        Rules::Chinese => {
            let start = usize::from(first > 0);
            let (positions, moves) = positions_and_moves(current, history, first - start);
            chinese::judge(&chinese::read(&positions, &moves, start)).outcome
        }
    }
}

/// The explanation of the repetition from `history[first]` to the end of `history`
/// (whose position is `last`); `decided`: it ended the game.
fn explain_repetition(last: &Position, history: &[Memory], first: usize, settings: &Settings, decided: bool) -> Explanation {
    let start = usize::from(first > 0);
    let (positions, moves) = positions_and_moves(last, history, first - start);
    let first_ply = first + 1;
    match settings.rules {
        Rules::Axf => {
            let (cycle, ids, chased) = cycle_moves(&positions[start..], &moves[start..], settings.chase_rules);
            let deeds = axf_deeds(&positions, &moves, start, &cycle, &chased);
            let outcome = last.repetition_verdict(&cycle, &ids, settings.chase_rules);
            axf_judgement(outcome, &cycle, last.turn(), settings.chase_rules).explain(
                Rules::Axf.name(),
                Some(settings.chase_rules.name()),
                decided,
                first_ply,
                &deeds,
            )
        }
        Rules::Chinese => {
            let deeds = chinese::read(&positions, &moves, start);
            chinese::judge(&deeds).explain(Rules::Chinese.name(), None, decided, first_ply, &deeds)
        }
    }
}

/// What each move of a cycle did by the AXF rules: a check, the chases `cycle_moves`
/// found, then the deeds both books see alike (a new threat to mate, an offer, a block).
fn axf_deeds(positions: &[Position], moves: &[Move], start: usize, cycle: &[CycleMove], chased: &[Chased]) -> Vec<MoveDeeds> {
    (start..moves.len())
        .zip(cycle.iter().zip(chased))
        .map(|(i, (cycle_move, chased))| {
            let (before, after, mv) = (&positions[i], &positions[i + 1], moves[i]);
            let mover = before.turn();
            let mut deeds = Vec::new();
            if cycle_move.check {
                deeds.push(Deed::plain(Act::Check));
            }
            for &(target, attacker) in chased {
                deeds.push(Deed {
                    act: Act::Chase,
                    target: piece_on(after, target),
                    by: attacker.and_then(|a| piece_on(after, a)),
                    joint: false,
                    unprotected: false,
                });
            }
            let (mate, others) = common_deeds(before, after, mv, mover);
            deeds.extend(mate);
            deeds.extend(others);
            MoveDeeds { mv, side: mover, deeds }
        })
        .collect()
}

/// The AXF verdict `outcome` on `cycle` with its reasons: each side's moves summed up
/// as the verdict read them (`turn`: the side to move after the cycle).
fn axf_judgement(outcome: Outcome, cycle: &[CycleMove], turn: Color, rules: ChaseRules) -> Judgement {
    let mut checking = [true; 2];
    let mut any_check = [false; 2];
    let mut chasing = [u16::MAX; 2];
    let mut mover = turn.opponent();
    for mv in cycle.iter().rev() {
        checking[mover.index()] &= mv.check;
        any_check[mover.index()] |= mv.check;
        chasing[mover.index()] &= mv.new_chases;
        mover = mover.opponent();
    }
    let excused = |side: Color| match rules {
        ChaseRules::Axf => any_check[side.index()],
        ChaseRules::Engines => any_check[0] || any_check[1],
    };
    let sides = Color::BOTH.map(|side| {
        let (conduct, forbidden) = if checking[side.index()] {
            (Conduct::PerpetualCheck, true)
        } else if chasing[side.index()] != 0 && !excused(side) {
            (Conduct::PerpetualChase, true)
        } else {
            (Conduct::NotPerpetual, false)
        };
        SideReading { side: side.side(), conduct, forbidden }
    });
    let name = |side: Color| side.name();
    let (rule, reason) = match (outcome.termination(), outcome.detail()) {
        (Termination::PerpetualCheck, Some(detail)) => (Some("AXF rule 6"), detail.to_owned()),
        (Termination::PerpetualChase, Some(detail)) => (outcome.rule(), detail.to_owned()),
        _ if checking == [true, true] => (Some("AXF rule 7"), String::from("both sides gave check with every move")),
        _ if sides.iter().all(|side| side.forbidden) => {
            (None, String::from("both sides chased with every move: neither must change"))
        }
        _ => {
            let excuses: Vec<String> = Color::BOTH
                .into_iter()
                .filter(|&side| chasing[side.index()] != 0 && excused(side) && !checking[side.index()])
                .map(|side| match rules {
                    ChaseRules::Axf => format!("{} chased with every move but also gave check (AXF rule 12)", name(side)),
                    ChaseRules::Engines => format!("{} chased with every move, but the cycle has a check", name(side)),
                })
                .collect();
            if excuses.is_empty() {
                (Some("AXF rule 5"), String::from("neither side gave check or chased the same piece with every move"))
            } else {
                (Some("AXF rule 12").filter(|_| rules == ChaseRules::Axf), excuses.join("; "))
            }
        }
    };
    Judgement { outcome, sides, rule, reason }
}

impl LookBack for Position {
    type Settings = Settings;
    type Memory = Memory;

    fn start_memory(&self) -> Memory {
        Memory::of(self, None, EMPTY)
    }

    fn play_remembering(&mut self, mv: Move, _history: &[Memory]) -> Memory {
        let undo = self.make(mv);
        Memory::of(self, Some(mv), undo.captured)
    }

    fn verdict(&self, history: &[Memory], settings: &Settings) -> Option<Outcome> {
        // Only positions since the last capture can repeat this one, with the same side
        // to move: every second ply back.
        let last = history.len().checked_sub(1)?;
        let window = usize::from(self.halfmove_clock()).min(last);
        let hash = self.hash();
        let mut earlier =
            (2..=window).step_by(2).map(|back| last - back).filter(|&i| history[i].hash == hash);
        if let (Some(_), Some(first)) = (earlier.next(), earlier.next()) {
            return Some(judge_repetition(self, history, first, settings));
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

    fn explain(&self, history: &[Memory], settings: &Settings) -> Option<Explanation> {
        let last = history.len().checked_sub(1)?;
        // The repetition that ended the game, if one did: the position's third time.
        let window = usize::from(self.halfmove_clock()).min(last);
        let hash = self.hash();
        let mut earlier =
            (2..=window).step_by(2).map(|back| last - back).filter(|&i| history[i].hash == hash);
        if let (Some(_), Some(first)) = (earlier.next(), earlier.next()) {
            return Some(explain_repetition(self, history, first, settings, true));
        }
        // Else the last position that stood twice, with the moves since its first time.
        let (end, first) = (1..=last).rev().find_map(|end| {
            let memory = &history[end];
            let window = usize::from(memory.halfmove_clock).min(end);
            let first = (2..=window).step_by(2).map(|back| end - back).find(|&i| history[i].hash == memory.hash)?;
            Some((end, first))
        })?;
        let position = positions_back(self, history, end)[0];
        Some(explain_repetition(&position, &history[..=end], first, settings, false))
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
                CycleMove { check, new_chases, moved: NO_ID, attackers: [NO_ID; 16], by_screen: 0 }
            })
            .collect()
    }

    fn judge_by(moves: &[CycleMove], rules: ChaseRules) -> (Option<Side>, &'static str) {
        // After an even number of plies with Red first, Red is to move.
        let position = Position::start();
        let outcome = position.repetition_verdict(moves, &position.number_pieces(), rules);
        (outcome.winner(), outcome.termination().as_str())
    }

    fn judge(moves: &[CycleMove]) -> (Option<Side>, &'static str) {
        judge_by(moves, ChaseRules::Axf)
    }

    fn verdict(red: (bool, u16), black: (bool, u16)) -> (Option<Side>, &'static str) {
        judge(&cycle(8, red, black))
    }

    #[test]
    fn axf_rule_7_both_sides_checking_draw() {
        assert_eq!(verdict((true, 0), (true, 0)), (None, "repetition"));
    }

    #[test]
    fn axf_rule_8_two_checks_one_check_back() {
        // Red checks with every move; Black answers one check with a check of its own.
        let mut checks = cycle(8, (true, 0), (false, 0));
        checks[1].check = true;
        checks[5].check = true;
        assert_eq!(judge(&checks), (Some(Side::Second), "perpetual check"));
    }

    #[test]
    fn axf_rules_24_26_and_27_a_chase_names_the_clause_of_its_pair() {
        let at = |file, rank| Square::new(file, rank).unwrap();
        // Black's chariot on e6 stands between Red's cannon on e2 and its advisor and
        // general: confined to the e-file (rule 27), whoever attacks it but a cannon.
        let confined = Position::from_fen("4k4/4a4/9/4r4/R8/9/9/4C4/9/2BK5 w").unwrap();
        assert_eq!(confined.chase_rule(Some(Kind::Chariot), at(4, 6), false), Some("AXF rule 27"));
        assert_eq!(confined.chase_rule(Some(Kind::Horse), at(4, 6), false), Some("AXF rule 27"));
        assert_eq!(confined.chase_rule(Some(Kind::Cannon), at(4, 6), false), Some("AXF rule 15"));
        // The cannon's chase kept up by moving its screen is rule 26's.
        assert_eq!(confined.chase_rule(Some(Kind::Cannon), at(4, 6), true), Some("AXF rule 26"));
        // With the cannon off the file, it is free: a chariot chasing it is rule 24's.
        let free = Position::from_fen("4k4/4a4/9/4r4/R8/9/9/9/9/2BK1C3 w").unwrap();
        assert_eq!(free.chase_rule(Some(Kind::Chariot), at(4, 6), false), Some("AXF rule 24"));
        // Black's horse on b6 cannot take Red's horse on c4 back: its leg b5 is blocked.
        let blocked = Position::from_fen("4k4/9/9/1n7/1P7/2N6/9/9/9/3K5 w").unwrap();
        assert_eq!(blocked.chase_rule(Some(Kind::Horse), at(1, 6), false), Some("AXF rule 24"));
        assert_eq!(blocked.chase_rule(Some(Kind::Soldier), at(1, 6), false), None);
    }

    #[test]
    fn axf_rule_6_perpetual_check_outweighs_a_perpetual_chase() {
        assert_eq!(verdict((true, 0), (false, 0b10)), (Some(Side::Second), "perpetual check"));
        assert_eq!(verdict((false, 0b1), (true, 0)), (Some(Side::First), "perpetual check"));
    }

    #[test]
    fn axf_principles_one_side_chasing_loses_both_sides_chasing_draw() {
        assert_eq!(verdict((false, 0b1), (false, 0)), (Some(Side::Second), "perpetual chase"));
        // Both chasing: a draw.
        assert_eq!(verdict((false, 0b1), (false, 0b100)), (None, "repetition"));
    }

    #[test]
    fn axf_rule_18_the_chased_sides_check_does_not_excuse_the_chaser() {
        // Red chases every move, Black checks with one of its moves: the engines
        // draw; by the rule book the chaser still loses.
        let mut mixed = cycle(8, (false, 0b1), (false, 0));
        mixed[3].check = true;
        assert_eq!(judge_by(&mixed, ChaseRules::Engines), (None, "repetition"));
        assert_eq!(judge_by(&mixed, ChaseRules::Axf), (Some(Side::Second), "perpetual chase"));
    }

    #[test]
    fn axf_rule_12_one_check_one_chase_draws() {
        // Red chases the same piece with every move, but one of them also checks.
        let mut own = cycle(8, (false, 0b1), (false, 0));
        own[2].check = true;
        for rules in ChaseRules::ALL {
            assert_eq!(judge_by(&own, rules), (None, "repetition"));
        }
    }

    #[test]
    fn axf_rule_32_the_same_piece_must_be_chased_with_every_move() {
        // Red chases piece 0, then piece 1, in turn: no piece is chased throughout.
        let mut alternating = cycle(8, (false, 0b1), (false, 0));
        alternating[2].new_chases = 0b10;
        alternating[6].new_chases = 0b10;
        assert_eq!(judge(&alternating), (None, "repetition"));
    }
}
