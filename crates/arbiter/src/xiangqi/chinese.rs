//! The Chinese Xiangqi Association's competition rules on repetition (中国象棋协会
//! 《象棋竞赛规则》, "棋例"; the edition is uncertain: the clauses below are those its
//! implementations quote, docs/rules.md names the sources).
//!
//! Each move is read as the heaviest thing it does ("凡走子兼具多种作用，从重定性"):
//! a check (将), a threat to mate by a check or a run of checks (杀), a chase (捉: a
//! threat to win material after the whole exchange, made anew by the move, 26.5), an
//! offer (兑, 献), a block (拦), or an idle move (闲). The general and soldiers may
//! chase alone (26.1): their own captures count only with another piece's help (a
//! joint chase). The general's answer to a check is idle (26.1.3); another piece's
//! answer chases or threatens mate only with what was not there before the check
//! (26.1.4).
//!
//! A side that attacks with every move (perpetual check, perpetual mate threat,
//! perpetual chase, one check one mate threat, one check one chase, one mate threat
//! one chase: the forbidden moves of 24.13) must change against one that does not;
//! when both do, the repetition is drawn (25), except that a one-sided perpetual check
//! is never allowed (25.1), and that a side chasing a chariot or an unprotected piece
//! with every move with single pieces must change against a side that chases the same
//! kind of target jointly (26.9.2, 26.9.3), and a side that only checks, threatens mate
//! or chases chariots and unprotected pieces against one that also chases other pieces
//! (the book's diagram 26).

use super::board::{Color, Kind, Move, Position};
use super::threats::Threat;
use super::explain::{Deed, Judgement, MoveDeeds, common_deeds, list_pieces, piece_on};
use crate::explain::{Act, Conduct, SideReading};
use crate::outcome::Outcome;
use crate::termination::Termination;

/// Reads the moves of a cycle by the Chinese rules. `positions[start]` is the cycle's
/// first position, the one before it (`positions[start - 1]`) is given where known;
/// `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
pub(crate) fn read(positions: &[Position], moves: &[Move], start: usize) -> Vec<MoveDeeds> {
    (start..moves.len()).map(|i| read_move(positions, moves, i)).collect()
}

fn read_move(positions: &[Position], moves: &[Move], i: usize) -> MoveDeeds {
    let (before, after, mv) = (&positions[i], &positions[i + 1], moves[i]);
    let mover = before.turn();
    let mut deeds = Vec::new();
    if after.in_check() {
        deeds.push(Deed::plain(Act::Check));
    }
    let answering = before.in_check();
    let general = after.piece_at(mv.to).is_some_and(|piece| piece.kind == Kind::General);
    // 26.1.3: the general's answer to a check is idle.
    if answering && general {
        return MoveDeeds { mv, side: mover, deeds };
    }
    // 26.1.4: an answer to a check chases or threatens only with what was not there
    // before the check.
    let (reference, checked_with) = match i.checked_sub(1) {
        Some(previous) if answering => (&positions[previous], Some(moves[previous])),
        _ => (before, None),
    };
    let (mate, mut others) = common_deeds(reference, after, mv, mover);
    // A block is judged against the threat that stood just before the move.
    if checked_with.is_some() {
        others.retain(|deed| deed.act != Act::Block);
        let (_, again) = common_deeds(before, after, mv, mover);
        others.extend(again.into_iter().filter(|deed| deed.act == Act::Block));
    }
    deeds.extend(mate);
    deeds.extend(new_chases(reference, after, mover, mv));
    deeds.extend(others);
    MoveDeeds { mv, side: mover, deeds }
}

/// The chases `mover` makes anew in `after` by its move `own`: the pieces it now
/// threatens to win, or to win more of, than in `reference`. A piece that moved since
/// `reference` (the checker a move answers) is weighed on its new point afresh: a
/// chase of the checker on the point it checks from is new, whatever threatened it
/// where it stood (参考图8: "车二退三（捉）", the chariot that blocks the cannon's check
/// and attacks it chases it, though it attacked the cannon before the check).
///
/// A threat another piece makes only with the moved piece where it now stands is the
/// move's chase too, whatever stood before: the moved piece takes part in it (参考图49:
/// "红方进马退马均使黑方四路炮不能离线，为长捉无根子": the horse on c8 pins Black's cannon,
/// and from b6 makes the cannon's capture of Red's cannon lose to the horse's mate from
/// d7, so that Red's cannon chases it after either move). A piece that blocks a check
/// is not asked (without it its side is in check, and threatens nothing), nor one
/// that blocks its own side's check (without it the other side is in check).
fn new_chases(reference: &Position, after: &Position, mover: Color, own: Move) -> Vec<Deed> {
    let before = reference.threats_with_own(mover);
    let lifted = after.without(own.to);
    let asked = after.piece_at(own.to).is_some_and(|piece| piece.kind != Kind::General)
        && !lifted.in_check()
        && !lifted.turned(mover).in_check();
    // Worked out only for a threat the comparison with `before` leaves out.
    let without_it = std::cell::OnceCell::new();
    let made_by_the_moved_piece = |threat: &Threat| {
        asked
            && threat.by != own.to
            && !without_it
                .get_or_init(|| lifted.threats(mover))
                .iter()
                .any(|t: &Threat| t.target == threat.target && t.by == threat.by && t.gain >= threat.gain)
    };
    // 26.2: a side defending a draw with one attacking piece, holding the key point,
    // chases the advisors and elephants it attacks only incidentally: idle.
    let attackers = after.pieces().filter(|(_, p)| p.color == mover && p.kind.is_attacking()).count();
    let mut chases: Vec<_> = after
        .threats(mover)
        .into_iter()
        // Made anew: the capture wins more than it did, on its point or after the whole
        // exchange; a capture that was an even exchange (a chase by 26.5) and now wins
        // outright is a chase the move made (the Chinese rules' diagram 12: the cannon
        // that steps out of the chariot's reach makes its capture of the soldier safe).
        //
        // The moved piece is weighed against what it won from its first point, not
        // against what other pieces win: its own new attack on a piece that another
        // already attacks is a chase (reference diagram 45, 一捉无根象: the cannon's new
        // attack on the unprotected elephant the horse already attacks). What it won
        // from there counts its part in another piece's win, a soldier's own capture
        // included (reference diagram 6: "红方原本存在兵四进一吃士再车九平六吃士手段，
        // 车九退二后，白吃双士的结果没有发生变化，判闲"). Any other piece is weighed
        // against the best win on its target, a general's or soldier's own capture
        // left out (26.1).
        .filter(|threat| {
            let moved_piece = threat.by == own.to;
            let (gain, net) = before
                .iter()
                .filter(|b| {
                    b.target == threat.target
                        && if moved_piece { b.by == own.from || b.takes_part(own.from) } else { !b.own }
                })
                .fold((0, 0), |(gain, net), b| (gain.max(b.gain), net.max(b.net)));
            threat.gain > gain || threat.net > net || made_by_the_moved_piece(threat)
        })
        .filter(|threat| attackers > 1 || !matches!(threat.won, Kind::Advisor | Kind::Elephant))
        .collect();
    // The chase of the dearest piece first: the one the rules weigh; each piece once.
    chases.sort_by_key(|threat| std::cmp::Reverse(threat.gain));
    let mut seen = Vec::new();
    chases.retain(|threat| {
        let first = !seen.contains(&threat.won_at);
        seen.push(threat.won_at);
        first
    });
    chases
        .into_iter()
        .map(|threat| Deed {
            act: Act::Chase,
            target: Some((threat.won, threat.won_at)),
            by: piece_on(after, threat.by),
            joint: threat.joint || joined_by_the_move(reference, after, own, &threat),
            unprotected: threat.unprotected,
        })
        .collect()
}

/// Whether `threat`, a chase `own` made anew, is won by two of the mover's pieces
/// together (联合捉): the piece that takes is not the one that moved and could take the
/// same piece before the move, so that the move made its capture win (参考图14:
/// "车炮联合捉车", the chariot's step lets the cannon win the chariot; 参考图40: "马炮联合
/// 捉子"). A capture the move uncovers (the taker could not take before) is the taker's
/// alone.
fn joined_by_the_move(reference: &Position, after: &Position, own: Move, threat: &Threat) -> bool {
    if threat.by == own.to || reference.piece_at(threat.target) != after.piece_at(threat.target) {
        return false;
    }
    reference.turned(after.turn().opponent()).is_legal(Move { from: threat.by, to: threat.target })
}

/// The verdict of the Chinese rules on a cycle read by [`read`].
pub(crate) fn judge(moves: &[MoveDeeds]) -> Judgement {
    let conduct = Color::BOTH.map(|side| Conduct::of(moves.iter().filter(|m| m.side == side).map(MoveDeeds::act)));
    let forbidden = conduct.map(|c| c != Conduct::NotPerpetual);
    let sides = Color::BOTH.map(|side| SideReading {
        side: side.side(),
        conduct: conduct[side.index()],
        forbidden: forbidden[side.index()],
    });
    let lose = |culprit: Color, termination: Termination, rule: &'static str, reason: String| Judgement {
        outcome: Outcome::win(culprit.opponent().side(), termination).with_detail(reason.clone()).with_rule(rule),
        sides: sides.clone(),
        rule: Some(rule),
        reason,
    };
    let [red, black] = conduct.map(|c| c == Conduct::PerpetualCheck);
    if red != black {
        let culprit = if red { Color::Red } else { Color::Black };
        let reason = format!("{} gave check with every move: a one-sided perpetual check is never allowed", culprit.name());
        return lose(culprit, Termination::PerpetualCheck, "Chinese rules 25.1", reason);
    }
    let [red, black] = forbidden;
    if red != black {
        let culprit = if red { Color::Red } else { Color::Black };
        let reason = format!("{}; {} did not attack with every move", attacked(culprit, moves), culprit.opponent().name());
        return lose(culprit, termination(conduct[culprit.index()]), "Chinese rules 25", reason);
    }
    if red && black {
        // 26.9.2, 26.9.3: a single chaser of a chariot or an unprotected piece must
        // change against a joint chase of the same kind of target.
        for single in Color::BOTH {
            if let Some(target) = single_against_joint(moves, single) {
                let reason = format!(
                    "{} chased {target} with every move with single pieces against {}'s joint chase of {target}: the single chaser must change",
                    single.name(),
                    single.opponent().name()
                );
                return lose(single, termination(conduct[single.index()]), "Chinese rules 26.9", reason);
            }
        }
        // Diagram 26: a side whose every move checks, threatens mate or chases a
        // chariot or an unprotected piece must change against a side that also chases
        // other pieces (one guarded fewer times than it is attacked), which may go on.
        let pressing = Color::BOTH.map(|side| presses(moves, side));
        if pressing[0] != pressing[1] {
            let culprit = if pressing[0] { Color::Red } else { Color::Black };
            let reason = format!(
                "{} checked, threatened mate or chased a chariot or an unprotected piece with every move, {} also chased other pieces: {} must change",
                culprit.name(),
                culprit.opponent().name(),
                culprit.name()
            );
            return lose(culprit, termination(conduct[culprit.index()]), "Chinese rules 26.9", reason);
        }
        let reason = String::from("both sides attacked with every move: neither must change");
        return Judgement {
            outcome: Outcome::draw(Termination::Repetition).with_detail(reason.clone()).with_rule("Chinese rules 25"),
            sides,
            rule: Some("Chinese rules 25"),
            reason,
        };
    }
    let reason = String::from("neither side attacked with every move");
    Judgement {
        outcome: Outcome::draw(Termination::Repetition).with_detail(reason.clone()).with_rule("Chinese rules 25"),
        sides,
        rule: Some("Chinese rules 25"),
        reason,
    }
}

/// A kind of target 26.9 names: its words, and whether a chase is of it.
type TargetKind = (&'static str, fn(&Deed) -> bool);

/// The targets of 26.9.2 and 26.9.3: a chariot (车), an unprotected piece (无根子).
const TARGETS_26_9: [TargetKind; 2] = [("a chariot", chases_chariot), ("an unprotected piece", |deed| deed.unprotected)];

/// What `single` chased with every move with single pieces, "a chariot" or "an
/// unprotected piece", when the other side chased the same kind of target jointly
/// (26.9.2: "凡单方长捉车，对方联合捉车，前者变着"; 26.9.3: "凡单方长捉无根子，对方联合
/// 捉无根子，前者变着").
fn single_against_joint(moves: &[MoveDeeds], single: Color) -> Option<&'static str> {
    let own = |side: Color| moves.iter().filter(move |m| m.side == side);
    if own(single).any(|m| chase_deeds(m).any(|deed| deed.joint)) {
        return None;
    }
    TARGETS_26_9.into_iter().find_map(|(target, of_kind)| {
        let every = own(single).all(|m| m.act() == Act::Chase && chase_deeds(m).any(of_kind));
        let joint = own(single.opponent()).any(|m| m.act() == Act::Chase && chase_deeds(m).any(|deed| deed.joint && of_kind(deed)));
        (every && joint).then_some(target)
    })
}

/// Whether `side` checked, threatened mate, or chased a chariot or an unprotected
/// piece with every move: the attacks 26.9 asks a single chaser to change (the book's
/// diagram 26: "红方一着捉无根子，一着捉少根子，黑方长捉车，黑方变着").
fn presses(moves: &[MoveDeeds], side: Color) -> bool {
    moves.iter().filter(|m| m.side == side).all(|m| match m.act() {
        Act::Check | Act::MateThreat => true,
        Act::Chase => chase_deeds(m).any(|deed| deed.unprotected || chases_chariot(deed)),
        _ => false,
    })
}

/// The chases among a move's deeds.
fn chase_deeds(m: &MoveDeeds) -> impl Iterator<Item = &Deed> {
    m.deeds.iter().filter(|deed| deed.act == Act::Chase)
}

/// Whether a chase's target is a chariot.
fn chases_chariot(deed: &Deed) -> bool {
    deed.target.is_some_and(|(kind, _)| kind == Kind::Chariot)
}

/// How a side that attacked with every move loses.
fn termination(conduct: Conduct) -> Termination {
    match conduct {
        Conduct::PerpetualCheck => Termination::PerpetualCheck,
        Conduct::PerpetualMateThreat => Termination::PerpetualMateThreat,
        Conduct::PerpetualChase => Termination::PerpetualChase,
        _ => Termination::PerpetualAttack,
    }
}

/// What `side` did with every move, in words: "red chased with every move (its last
/// move chased the horse on c1)", "red gave check or chased with every move".
fn attacked(side: Color, moves: &[MoveDeeds]) -> String {
    let own: Vec<&MoveDeeds> = moves.iter().filter(|m| m.side == side).collect();
    let mut acts: Vec<Act> = own.iter().map(|m| m.act()).collect();
    acts.sort();
    acts.dedup();
    let words: Vec<&str> = acts
        .iter()
        .map(|act| match act {
            Act::Check => "gave check",
            Act::MateThreat => "threatened mate",
            _ => "chased",
        })
        .collect();
    let last_chase = own.iter().rev().find_map(|m| m.deeds.first().filter(|deed| deed.act == Act::Chase));
    let chased = match last_chase {
        Some(deed) => format!(" (its last chase: {})", list_pieces(deed.target)),
        None => String::new(),
    };
    format!("{} {} with every move{chased}", side.name(), words.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chases Red's move `text` makes in `fen`, as (target, joint).
    fn chases(fen: &str, text: &str) -> Vec<(String, bool)> {
        let before = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mv = Move::parse(text).expect("a move");
        assert!(before.is_legal(mv), "{text}");
        let mut after = before;
        after.make(mv);
        read(&[before, after], &[mv], 0)[0]
            .deeds
            .iter()
            .filter(|deed| deed.act == Act::Chase)
            .map(|deed| (deed.target.map(|(_, at)| at.to_string()).unwrap_or_default(), deed.joint))
            .collect()
    }

    #[test]
    fn a_chase_a_move_uncovers_is_the_takers_alone() {
        // The horse steps off the a-file: the chariot on a0 can now take the
        // unprotected horse on a7, which it could not before.
        assert_eq!(chases("3k5/9/n8/9/9/9/N8/9/9/R3K4 w - - 0 1", "a3c4"), [("a7".to_string(), false)]);
    }

    #[test]
    fn a_move_that_makes_another_pieces_capture_win_chases_jointly() {
        // The chariot on a0 could already take the horse on a7, protected along the
        // rank by the chariot on i7; the cannon's step to e7 cuts that root, and the
        // chariot's capture now wins: the cannon and the chariot chase together.
        assert_eq!(chases("3k5/9/n7r/9/9/9/9/4C4/9/R3K4 w - - 0 1", "e2e7"), [("a7".to_string(), true)]);
    }

    #[test]
    fn a_piece_without_which_its_side_would_give_check_is_not_asked_its_part() {
        // The cannon steps along the e-file, still between the chariot on e1 and
        // Black's general: taken off, Red would give check, which says nothing of its
        // part in the horse's attack on the cannon on b8, the same before and after.
        assert_eq!(chases("4k4/1c7/9/2N6/4C4/9/9/9/4R4/3K5 w - - 0 1", "e5e6"), []);
    }
}
