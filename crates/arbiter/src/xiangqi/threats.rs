//! Threats: what a side could win if it moved again at once. A threat to mate (a mate
//! by a check or a run of checks, both books' 杀), and a threat to win material after
//! the whole exchange (the Chinese rules' chase: "完整互吃后价值相当或得子者，按捉",
//! rule 26.5 as its implementations quote it), which may start with a check that wins
//! a piece (抽将) or a run of checks.
//!
//! Worked out only for the moves of a repetition cycle, never while moves are made:
//! each question visits at most [`BUDGET`] positions.
//!
//! The scale of material is the Chinese rules' (子力价值): a chariot is worth two horses
//! or two cannons, a horse a cannon, an advisor an elephant; the general and a soldier
//! that has not crossed the river are no material. A soldier across the river floats:
//! winning one is a gain, but soldiers given for pieces or pieces for soldiers make no
//! gain either way ("一兵换取数子或一子换取数兵均不算得子"), so an exchange is counted
//! in pieces and in soldiers apart ([`Material`]); up to a chariot's worth, as the book
//! applies it: "送兵换马，兵卒价值浮动，判闲" but "弃兵得车，判捉" (图24), and a soldier
//! given up with a check to win a chariot chases (参考图29).

use super::board::{Color, EMPTY, Kind, Move, Piece, Position, Square};
use super::tables::on_own_half;

/// A side that is mated: worse than any loss of material.
const MATE: i32 = 1_000;

/// A chariot on the scale of material: soldiers across the river, which float, traded
/// for pieces worth less make no gain either way.
const CHARIOT: i32 = 10;

/// The window of a search that wants the exact value.
const FULL: (i32, i32) = (-MATE - 2, MATE + 2);

/// The most positions one question visits: a bound on the time a cycle's reading
/// takes, whatever the position.
const BUDGET: u32 = 30_000;

/// The most positions the exchange after one capture or check visits; an exchange cut
/// short wins nothing.
const EXCHANGE_BUDGET: u32 = 20_000;

/// How many of the mater's moves a mate by checks may take.
const MATE_MOVES: u32 = 4;

/// How many plies of captures an exchange is followed for.
const EXCHANGE_PLIES: u32 = 10;

/// How many checks may lead to the capture a chase threatens, and how many the other
/// side may give in answer; also how many may lead to a guard's capture.
const CHASE_CHECKS: u32 = 2;

/// A piece a side threatens to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    /// The point of the piece it threatens: the one it would take first (for a win
    /// after checks, the dearest it takes, where it takes it).
    pub target: Square,
    /// The dearest piece it would win in the exchange.
    pub won: Kind,
    /// Where that piece is taken.
    pub won_at: Square,
    /// What it would win, on the scale above: after the whole exchange, or on the
    /// point alone where that is more (26.5).
    pub gain: i32,
    /// What it would win after the whole exchange alone: 0 for an even exchange.
    pub net: i32,
    /// The point of the piece whose move starts the win (the first capturer, or the
    /// piece that checks first).
    pub by: Square,
    /// The win needs more than the first capture: a joint chase (联合捉), made by two
    /// or more pieces.
    pub joint: bool,
    /// The piece it wins is the one it takes first, and has no root: nothing of its
    /// side can take back on its point (无根子).
    pub unprotected: bool,
    /// The points the side's capturing pieces leave in the line found: the pieces
    /// that take part in the win.
    pub takers: u128,
    /// A capture by the general or a soldier alone: no chase (26.1), but a win.
    pub own: bool,
}

/// What an exchange won, for one side: pieces (on the scale above) and soldiers across
/// the river, counted apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Material {
    pieces: i32,
    soldiers: i32,
}

impl Material {
    /// The material `piece` on `point` is, taken from its side.
    fn of(piece: Piece, point: usize) -> Material {
        let pieces = match piece.kind {
            Kind::General | Kind::Soldier => 0,
            Kind::Chariot => CHARIOT,
            Kind::Horse | Kind::Cannon => 5,
            Kind::Advisor | Kind::Elephant => 2,
        };
        let crossed = piece.kind == Kind::Soldier && !on_own_half(point, piece.color == Color::Red);
        Material { pieces, soldiers: i32::from(crossed) }
    }

    fn plus(self, other: Material) -> Material {
        Material { pieces: self.pieces + other.pieces, soldiers: self.soldiers + other.soldiers }
    }

    fn minus(self, other: Material) -> Material {
        Material { pieces: self.pieces - other.pieces, soldiers: self.soldiers - other.soldiers }
    }

    fn is_some(self) -> bool {
        self.pieces != 0 || self.soldiers != 0
    }

    /// The worth of the balance: the pieces, unless soldiers went the other way (they
    /// float, and a trade of soldiers for pieces short of a chariot's worth is even);
    /// the soldiers when no piece changed hands.
    fn worth(self) -> i32 {
        match (self.pieces.signum(), self.soldiers.signum()) {
            (0, _) => self.soldiers,
            (_, 0) => self.pieces,
            (p, s) if p != s && self.pieces.abs() < CHARIOT => 0,
            _ => self.pieces + self.soldiers,
        }
    }
}

/// Whether a piece of kind `a` is worth more than one of kind `b`.
fn dearer(a: Kind, b: Kind) -> bool {
    let rank = |kind: Kind| match kind {
        Kind::Chariot => 4,
        Kind::Horse | Kind::Cannon => 3,
        Kind::Advisor | Kind::Elephant => 2,
        Kind::Soldier => 1,
        Kind::General => 0,
    };
    rank(a) > rank(b)
}

const fn bit(point: usize) -> u128 {
    1u128 << point
}

impl Position {
    /// This position with `color` to move.
    pub(crate) fn turned(&self, color: Color) -> Position {
        let mut position = *self;
        position.side = color;
        position
    }

    fn legal_list(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(48);
        self.for_each_legal(|mv| moves.push(mv));
        moves
    }

    /// The points of the pieces the side to move could take here for nothing: no piece
    /// can take back, at once or after checks, or the taker is worth less. An exchange
    /// leaves them out: they are threatened whatever the exchange does. A guard by a
    /// check is a guard (参考图28, "做根子捉子，得不偿失": the chariot on h2 guards the horse
    /// on c8 by its check, and winning an advisor would give the horse up).
    fn hanging(&self) -> u128 {
        let mut points = 0;
        let mut position = *self;
        for mv in self.legal_list() {
            let (from, to) = (mv.from.index(), mv.to.index());
            let (Some(taker), Some(taken)) = (Piece::from_code(self.board[from]), Piece::from_code(self.board[to])) else {
                continue;
            };
            if points & bit(to) != 0 {
                continue;
            }
            let cheaper = Material::of(taker, from).worth() < Material::of(taken, to).worth();
            let undo = position.make(mv);
            let answered = position.can_take(mv.to) || position.retakes_after_checks(to);
            position.unmake(mv, undo);
            if cheaper || !answered {
                points |= bit(to);
            }
        }
        points
    }

    /// Whether `color`, given another move at once, would mate by a check or a run of
    /// checks: a threat to mate ([`Position::mating_moves`] has one).
    pub(crate) fn threatens_mate(&self, color: Color) -> bool {
        !self.mating_moves(color).is_empty()
    }

    /// The captures with which `color` would take a piece of the same kind that is
    /// free to take the capturer first: the pair offers an exchange (兑). A capture is
    /// no offer when taking first loses: to a mate by checks (the Chinese rules'
    /// diagram 29: "因黑方8路车不能离线，判杀", the chariot that cannot leave its line
    /// is threatened, not offered an exchange), or more than the piece it takes
    /// (diagram 17: the chariot that "cannot take without losing both" is chased).
    pub(crate) fn offers(&self, color: Color) -> Vec<Move> {
        let position = self.turned(color);
        let them = color.opponent();
        let replies = self.turned(them).legal_list();
        let mut budget = BUDGET;
        position
            .legal_list()
            .into_iter()
            .filter(|mv| {
                let (from, to) = (mv.from.index(), mv.to.index());
                let Some(mover) = Piece::from_code(position.board[from]) else { return false };
                let same = Piece::from_code(position.board[to]).is_some_and(|taken| taken.kind == mover.kind);
                let first = Move { from: mv.to, to: mv.from };
                if !same || !replies.contains(&first) {
                    return false;
                }
                let mut taken = self.turned(them);
                taken.make(first);
                let lost = Material::of(mover, from).worth();
                let loses = taken.mates_by_checks(MATE_MOVES, &[], &mut budget)
                    || taken.threats_barring(color, Vec::new()).iter().any(|threat| !threat.own && threat.gain > lost);
                !loses
            })
            .collect()
    }

    /// The first moves with which `color`, given another move at once, would mate by a
    /// check or a run of checks (at most [`MATE_MOVES`] moves of its own, the shortest
    /// looked for first). A mate that takes the piece of the same kind it offers to
    /// exchange ([`Position::offers`]), first or on the way, is the offer, not a threat
    /// to mate (the Chinese rules' diagram 29: a chariot facing a chariot that is free
    /// to take it offers, "红方长兑", though taking that chariot would be part of a
    /// mate). Empty when the other side is in check here (then `color` has checked, not
    /// threatened).
    pub(crate) fn mating_moves(&self, color: Color) -> Vec<Move> {
        let position = self.turned(color);
        let them = color.opponent();
        if position.is_attacked(position.general(them), color) && self.turn() == them {
            return Vec::new();
        }
        let offers = self.offers(color);
        let mut budget = BUDGET;
        let mut found = Vec::new();
        let mut scratch = position;
        let firsts: Vec<Move> = position.legal_list().into_iter().filter(|mv| !offers.contains(mv)).collect();
        for moves in 1..=MATE_MOVES {
            for &mv in &firsts {
                if found.contains(&mv) || budget == 0 {
                    continue;
                }
                budget -= 1;
                let undo = scratch.make(mv);
                let mates = scratch.in_check() && scratch.mated_by_checks(moves, &offers, &mut budget);
                scratch.unmake(mv, undo);
                if mates {
                    found.push(mv);
                }
            }
            if !found.is_empty() {
                break;
            }
        }
        found
    }

    /// Whether the side to move mates by checks within `moves` of its moves, never
    /// playing one of `barred`.
    fn mates_by_checks(&self, moves: u32, barred: &[Move], budget: &mut u32) -> bool {
        let mut position = *self;
        for mv in self.legal_list() {
            if *budget == 0 {
                return false;
            }
            if barred.contains(&mv) {
                continue;
            }
            *budget -= 1;
            let undo = position.make(mv);
            let mated = position.in_check() && position.mated_by_checks(moves, barred, budget);
            position.unmake(mv, undo);
            if mated {
                return true;
            }
        }
        false
    }

    /// Whether the side to move, in check, is mated now or by the other side's checks
    /// within `moves` - 1 more of its moves (never `barred`), whatever it answers.
    fn mated_by_checks(&self, moves: u32, barred: &[Move], budget: &mut u32) -> bool {
        let replies = self.legal_list();
        if replies.is_empty() {
            return true;
        }
        if moves <= 1 {
            return false;
        }
        let mut position = *self;
        replies.into_iter().all(|reply| {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let undo = position.make(reply);
            let mated = position.mates_by_checks(moves - 1, barred, budget);
            position.unmake(reply, undo);
            mated
        })
    }

    /// Whether the side to move has a move that mates at once.
    fn mates_at_once(&self, budget: &mut u32) -> bool {
        self.mates_by_checks(1, &[], budget)
    }

    /// The pieces `color` threatens to win if it moved now, each once an attacker (the
    /// piece whose move starts the win), with the most it would win: every capture or
    /// check that wins material after the whole exchange (the other side answering each
    /// capture with its best recapture, or with a capture the exchange opened, and each
    /// check with any move). A capture by the general or a soldier counts only when
    /// another piece is needed to win (the Chinese rules let them chase alone, 26.1).
    /// Empty when the other side is in check here.
    pub(crate) fn threats(&self, color: Color) -> Vec<Threat> {
        // The exchanges `color` offers are offers, not threats, at the first capture or
        // later in the exchange (diagram 29).
        self.threats_with_own(color).into_iter().filter(|t| !t.own).collect()
    }

    /// [`Position::threats`], with the wins of a general's or soldier's own capture.
    pub(crate) fn threats_with_own(&self, color: Color) -> Vec<Threat> {
        self.threats_barring(color, self.offers(color))
    }

    /// [`Position::threats`], with `color` never making the captures `offers`.
    fn threats_barring(&self, color: Color, offers: Vec<Move>) -> Vec<Threat> {
        let root = self.turned(color);
        let them = color.opponent();
        if root.is_attacked(root.general(them), color) && self.turn() == them {
            return Vec::new();
        }
        let mut exposed = [0u128; 2];
        exposed[them.index()] = root.hanging();
        exposed[color.index()] = self.turned(them).hanging();
        let mut search = Exchange::new(color, exposed, offers.clone());
        let mut threats: Vec<Threat> = Vec::new();
        let mut position = root;
        let checks = [CHASE_CHECKS; 2];
        for mv in root.legal_list() {
            let (from, to) = (mv.from.index(), mv.to.index());
            let Some(moving) = Piece::from_code(root.board[from]) else { continue };
            let captured = Piece::from_code(root.board[to]);
            let undo = position.make(mv);
            let gives_check = position.in_check();
            search.budget = EXCHANGE_BUDGET;
            let found = match captured {
                Some(piece) => {
                    let gain = Material::of(piece, to);
                    // An even pair attacking each other is an offer to exchange (兑), not
                    // a chase, when the target can take first and lose nothing by it.
                    let even = offers.contains(&mv);
                    search.local = None;
                    search.once = None;
                    let (full, won, takers) = search.node(&mut position, bit(to), EXCHANGE_PLIES, false, checks, gain, FULL);
                    // The exchange on the point alone: a capture that wins there but is
                    // even after the whole exchange (a protector's, a held piece's, or
                    // each side taking its own piece) still chases (26.5).
                    search.local = Some(to);
                    let (local, _, _) = search.node(&mut position, bit(to), EXCHANGE_PLIES, false, [0; 2], gain, FULL);
                    // Won by the one piece that takes it, or only with a second taking
                    // on the point again (a joint chase, 联合捉: a piece attacked more
                    // often than it is guarded).
                    search.once = Some(to);
                    let (single, _, _) = search.node(&mut position, bit(to), EXCHANGE_PLIES, false, [0; 2], gain, FULL);
                    search.local = None;
                    search.once = None;
                    let (target, kind) = match won {
                        Some((square, kind)) if dearer(kind, piece.kind) => (square, kind),
                        _ => (mv.to, piece.kind),
                    };
                    let wins = full > 0 || (full == 0 && local > 0);
                    // A dearer piece won elsewhere after this capture is won by the one
                    // piece that takes it.
                    let joint = single <= 0 && target == mv.to;
                    // The general and soldiers may chase alone (26.1): their own capture
                    // counts only when it takes another piece to win.
                    let own = matches!(moving.kind, Kind::General | Kind::Soldier) && !joint;
                    (gain.is_some() && wins && !even).then(|| Threat {
                        target: mv.to,
                        won: kind,
                        won_at: target,
                        gain: full.max(local),
                        net: full,
                        by: mv.from,
                        joint,
                        // The piece won is the one taken first, and nothing of its
                        // side can take back on its point (无根子).
                        unprotected: target == mv.to && !position.can_take(mv.to),
                        takers: takers | bit(from),
                        own,
                    })
                }
                None if gives_check => {
                    let mut left = checks;
                    left[color.index()] -= 1;
                    search.local = None;
                    search.once = None;
                    let (full, won, takers) =
                        search.node(&mut position, 0, EXCHANGE_PLIES, false, left, Material::default(), FULL);
                    // Checks that lead to a capture winning on its point, even after
                    // the whole exchange, chase as such a capture does (26.5, 参考图12:
                    // the check wins an advisor, the other side takes one back).
                    let (gain, won, takers) = if full == 0 {
                        search.local_from_first_capture = true;
                        let local = search.node(&mut position, 0, EXCHANGE_PLIES, false, left, Material::default(), FULL);
                        search.local_from_first_capture = false;
                        local
                    } else {
                        (full, won, takers)
                    };
                    // A general's step that uncovers a check wins nothing by itself.
                    match won {
                        Some((target, kind)) if gain > 0 && moving.kind != Kind::General => Some(Threat {
                            target,
                            won: kind,
                            won_at: target,
                            gain,
                            net: full,
                            by: mv.from,
                            joint: false,
                            unprotected: false,
                            takers,
                            own: false,
                        }),
                        _ => None,
                    }
                }
                None => None,
            };
            position.unmake(mv, undo);
            // An exchange cut short by the budget proves nothing.
            let found = found.filter(|_| search.budget > 0);
            // One threat an attacker and target: a piece's own new attack on a target
            // another piece already wins is told apart (the Chinese rules' reference
            // diagram 45: 一捉无根象); a general's or soldier's own capture apart from
            // its chases.
            if let Some(threat) = found {
                match threats.iter_mut().find(|t| t.target == threat.target && t.by == threat.by && t.own == threat.own) {
                    Some(known) if known.gain >= threat.gain => {}
                    Some(known) => *known = threat,
                    None => threats.push(threat),
                }
            }
        }
        threats
    }

    /// Whether the side to move wins material back on `point` with checks that lead to
    /// a capture there (the exchange on that point alone, each side checking at most
    /// [`CHASE_CHECKS`] times).
    fn retakes_after_checks(&mut self, point: usize) -> bool {
        let mut search = Exchange::new(self.turn(), [0; 2], Vec::new());
        search.budget = EXCHANGE_BUDGET;
        search.local = Some(point);
        let (worth, _, _) =
            search.node(self, bit(point), EXCHANGE_PLIES, false, [CHASE_CHECKS; 2], Material::default(), FULL);
        worth > 0 && search.budget > 0
    }

    /// Whether the piece on `point` can be taken by the side to move here.
    pub(crate) fn can_take(&self, point: Square) -> bool {
        let mut found = false;
        self.for_each_legal(|mv| found |= mv.to == point);
        found && self.board[point.index()] != EMPTY
    }
}

impl Threat {
    /// Whether the piece on `point` takes in the line that wins.
    pub(crate) fn takes_part(&self, point: Square) -> bool {
        self.takers & bit(point.index()) != 0
    }
}

/// An exchange followed from a threat: the captures each side makes in turn.
struct Exchange {
    /// The side whose threats are weighed.
    weighed: Color,
    /// For each colour, the points of its pieces that the other side could take for
    /// nothing where the question was asked: a capture of another piece is one the
    /// exchange opened, or a part of it.
    exposed: [u128; 2],
    /// The weighed side's captures that offer an exchange ([`Position::offers`]), by
    /// their points where the question was asked: never part of what it wins.
    barred: Vec<Move>,
    /// Positions left to visit.
    budget: u32,
    /// The one point captures are made on, for the exchange on a point alone (quiet
    /// moves only to answer a check, or to give one while checks are left).
    local: Option<usize>,
    /// The exchange on a point alone after a run of checks: the first capture, once
    /// the checks have led to it, sets `local`.
    local_from_first_capture: bool,
    /// A point the weighed side may take on once only: how much one piece wins there.
    once: Option<usize>,
}

impl Exchange {
    /// A search weighing `weighed`'s wins, over the whole board, with no budget yet.
    fn new(weighed: Color, exposed: [u128; 2], barred: Vec<Move>) -> Exchange {
        Exchange { weighed, exposed, barred, budget: 0, local: None, local_from_first_capture: false, once: None }
    }

    /// The worth of the exchange for the weighed side (its side having won `total` so
    /// far), each side making the best of it, and the first piece the weighed side
    /// takes in that line (its point when taken, and kind). Not in check, the side to
    /// move may stop or take: on a point the exchange has touched (`points`), a piece
    /// the exchange opened, or anything when `free` (its check was just answered); it
    /// may also give check, `checks` more times. In check, it answers with any move. A
    /// general takes only on a touched point. `window` bounds the worth looked for.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        position: &mut Position,
        points: u128,
        plies: u32,
        free: bool,
        checks: [u32; 2],
        total: Material,
        window: (i32, i32),
    ) -> (i32, Option<(Square, Kind)>, u128) {
        let (mut alpha, mut beta) = window;
        let us = position.turn();
        let them = us.opponent();
        let weighing = us == self.weighed;
        let in_check = position.in_check();
        let mut moves = position.legal_list();
        if moves.is_empty() {
            return (if weighing { -MATE } else { MATE }, None, 0);
        }
        let standing = total.worth();
        if plies == 0 || self.budget == 0 {
            return (standing, None, 0);
        }
        // A capture that lets the other side mate at once wins nothing (a chase "一旦
        // 吃子立即会被对方将死者" is idle): the answer to the weighed side's first
        // capture may be a mate.
        if !weighing && !in_check && plies + 1 >= EXCHANGE_PLIES && position.mates_at_once(&mut self.budget) {
            return (-MATE, None, 0);
        }
        // Not in check, the side to move may stop here.
        let mut best = match (in_check, weighing) {
            (true, true) => -MATE - 1,
            (true, false) => MATE + 1,
            (false, _) => standing,
        };
        let mut best_won = None;
        let mut best_takers = 0u128;
        if (weighing && best >= beta) || (!weighing && best <= alpha) {
            return (best, None, 0);
        }
        if weighing {
            alpha = alpha.max(best);
        } else {
            beta = beta.min(best);
        }
        // The dearest captures first, then the quiet moves.
        let board = position.board;
        let value_of = |mv: &Move| Piece::from_code(board[mv.to.index()]).map_or(-1, |p| Material::of(p, mv.to.index()).pieces);
        moves.sort_by_key(|mv| std::cmp::Reverse(value_of(mv)));
        for mv in moves {
            let (from, to) = (mv.from.index(), mv.to.index());
            let captured = Piece::from_code(position.board[to]);
            let general = Piece::from_code(position.board[from]).is_some_and(|p| p.kind == Kind::General);
            let allowed = match (self.local, captured) {
                (Some(point), Some(_)) => to == point && !(weighing && self.once == Some(to)),
                (Some(_), None) => in_check || checks[us.index()] > 0,
                (None, _) if in_check => true,
                // A piece that was hanging before the exchange is taken only by a
                // check (tried below): it is threatened whatever the exchange does,
                // but a check that takes it is forcing, as any check in the exchange is.
                (None, Some(_)) => {
                    (free || points & bit(to) != 0 || self.exposed[them.index()] & bit(to) == 0 || checks[us.index()] > 0)
                        && (!general || points & bit(to) != 0)
                }
                (None, None) => checks[us.index()] > 0,
            };
            if !allowed || self.budget == 0 || (weighing && self.barred.contains(&mv)) {
                continue;
            }
            self.budget -= 1;
            let gain = captured.map_or(Material::default(), |piece| Material::of(piece, to));
            let undo = position.make(mv);
            let gives_check = position.in_check();
            // A capture of a piece that hung before the exchange began, not on a
            // point the exchange touched: one more check, or nothing.
            let hung = captured.is_some()
                && self.local.is_none()
                && !in_check
                && !free
                && points & bit(to) == 0
                && self.exposed[them.index()] & bit(to) != 0;
            if (captured.is_none() || hung) && !in_check && !gives_check {
                // A quiet move, or the capture of a hanging piece, is tried only as a check.
                position.unmake(mv, undo);
                continue;
            }
            let mut left = checks;
            if (captured.is_none() || hung) && !in_check {
                left[us.index()] -= 1;
            }
            let total = if weighing { total.plus(gain) } else { total.minus(gain) };
            // The first capture after the checks fixes the point; from there on the
            // exchange is on that point alone, with no more checks, unless the whole
            // exchange after that capture loses ("得不偿失者，按闲", 26.5): then the line
            // is worth that loss.
            let fixes_the_point = self.local_from_first_capture && self.local.is_none() && captured.is_some();
            let mut lost_in_all = None;
            if fixes_the_point {
                self.local_from_first_capture = false;
                let (whole, _, _) = self.node(position, points | bit(to), plies - 1, in_check, left, total, FULL);
                self.local_from_first_capture = true;
                lost_in_all = (whole < 0).then_some(whole);
                self.local = Some(to);
                left = [0; 2];
            }
            // The side whose check was just answered may take anything.
            let (value, won, takers) = match lost_in_all {
                Some(whole) => (whole, None, 0),
                None => self.node(position, points | bit(to), plies - 1, in_check, left, total, (alpha, beta)),
            };
            if fixes_the_point {
                self.local = None;
            }
            position.unmake(mv, undo);
            let better = if weighing { value > best } else { value < best };
            if better {
                best = value;
                // The dearest piece the weighed side takes in the line.
                best_won = match (captured, won) {
                    (Some(piece), Some((_, kind))) if weighing && dearer(kind, piece.kind) => won,
                    (Some(piece), _) if weighing => Some((mv.to, piece.kind)),
                    _ => won,
                };
                best_takers = takers | if weighing && captured.is_some() { bit(from) } else { 0 };
                if weighing {
                    alpha = alpha.max(best);
                } else {
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        if best.abs() > MATE {
            // Every answer to the check was cut off by the budget: call it even.
            return (standing, None, 0);
        }
        (best, best_won, best_takers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threats_of(fen: &str, color: Color) -> Vec<(String, i32, bool)> {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut found: Vec<(String, i32, bool)> =
            position.threats(color).into_iter().map(|t| (t.target.to_string(), t.gain, t.joint)).collect();
        found.sort();
        found
    }

    #[test]
    fn an_unprotected_piece_is_threatened_a_protected_one_only_by_a_lesser_piece() {
        // Red's chariot on a6 attacks Black's unprotected cannon on b6.
        assert_eq!(threats_of("4k4/9/9/Rc7/9/9/9/9/9/3K5 w", Color::Red), [("b6".to_owned(), 5, false)]);
        // Guarded by the chariot on b9: taking it loses the chariot.
        assert_eq!(threats_of("1r2k4/9/9/Rc7/9/9/9/9/9/3K5 w", Color::Red), []);
        // A horse against a guarded chariot wins the exchange.
        assert_eq!(threats_of("3k5/3N5/9/4r4/9/9/4r4/9/9/5K3 w", Color::Red), [("e6".to_owned(), 5, false)]);
    }

    #[test]
    fn a_piece_attacked_twice_and_guarded_once_is_won_jointly() {
        // The Chinese rule book's diagram 23, after Red's c1c2: Red's chariots on c2
        // and b0 attack Black's cannon on b2, which the chariot on b3 guards.
        let fen = "2bakr3/4a4/4b4/9/9/9/1r7/1cR2A2B/4A2N1/1R3K3 b";
        // Either chariot's capture wins it with the other taking again: a threat each.
        assert_eq!(threats_of(fen, Color::Red), [("b2".to_owned(), 5, true), ("b2".to_owned(), 5, true)]);
        let mut by: Vec<String> = position(fen).threats(Color::Red).iter().map(|t| t.by.to_string()).collect();
        by.sort();
        assert_eq!(by, ["b0", "c2"]);
    }

    #[test]
    fn a_run_of_checks_to_mate_is_a_threat_to_mate() {
        // The Chinese rule book's diagram 7, after Red's i0h0: the cannon on h0 behind
        // the horse threatens mate; Black threatens none.
        let position = Position::from_fen("2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K2C1 b").unwrap_or_else(|e| panic!("{e}"));
        assert!(position.threatens_mate(Color::Red));
        assert!(!position.threatens_mate(Color::Black));
    }

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn moves(found: Vec<Move>) -> Vec<String> {
        found.into_iter().map(|mv| mv.to_string()).collect()
    }

    #[test]
    fn chinese_rules_diagram_3_a_check_that_takes_a_hanging_piece_is_part_of_the_exchange() {
        // "红方进相、退相为断根捉马": after Black's h1g1 the horse on c1 has a root, the
        // run of checks g1xg0 (the hanging elephant), e1f0, g0xf0, e0e1, f0f1, e1e2,
        // f1xc1 that wins the chariot back; the elephant's return to e2 cuts it.
        let rooted = "5a3/5k3/4P4/p7p/9/8P/P8/9/2nRA1r2/2BAK1B2 w";
        assert_eq!(threats_of(rooted, Color::Red), []);
        let cut = "5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA1r2/2BAK4 b";
        assert_eq!(threats_of(cut, Color::Red), [("c1".to_owned(), 5, false)]);
    }

    #[test]
    fn chinese_rules_diagram_29_a_mate_through_the_exchange_offered_is_the_offer() {
        // "红方长兑": Red's chariot on i3 faces Black's on i9, which may take it first
        // (e3 takes back): an offer, and Red's mate f8e8, d9e8, i3xi9 goes through it.
        let offered = position("2bak3r/4aP3/4b4/2r1C4/4P4/2B6/4R3R/B8/1p7/c3K4 b");
        assert_eq!(moves(offered.offers(Color::Red)), ["i3i9"]);
        assert_eq!(moves(offered.mating_moves(Color::Red)), Vec::<String>::new());
        // "本局红方首着如改走车五平二，因黑方8路车不能离线，判杀": taking the chariot on h3
        // first loses to i3i9 mate, so h3 is no offer and Red threatens mate.
        let held = position("2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/7RR/B8/1p7/c3K4 b");
        assert_eq!(moves(held.offers(Color::Red)), Vec::<String>::new());
        assert!(held.threatens_mate(Color::Red));
    }

    #[test]
    fn chinese_rules_diagram_17_a_pair_that_loses_more_if_it_takes_first_is_no_offer() {
        // Red's b8b7: Black's chariot on c7 "cannot take without losing both" (c7xb7,
        // b9xb7 with check, then b7xh7): Red's chariot chases it.
        let fen = "1R3a3/4a4/bRrk3r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 b";
        assert_eq!(moves(position(fen).offers(Color::Red)), Vec::<String>::new());
        assert!(threats_of(fen, Color::Red).iter().any(|(target, _, _)| target == "c7"));
    }

    #[test]
    fn chinese_rules_diagram_12_a_capture_made_safe_wins_more_after_the_exchange() {
        // Before h7i7 the chariot's capture of the soldier on g9 loses the cannon on h7
        // (even, by "一子换取数兵均不算得子", a chase on the point by 26.5); after it the
        // soldier is won outright.
        let net = |fen: &str| {
            let found = position(fen).threats(Color::Black);
            found.iter().find(|t| t.target.to_string() == "g9").map(|t| (t.gain, t.net))
        };
        assert_eq!(net("3k2P2/P3a4/6rc1/7R1/9/9/9/B3B4/4A4/4KA3 b"), Some((1, 0)));
        assert_eq!(net("3k2P2/P3a4/6r1c/7R1/9/9/9/B3B4/4A4/4KA3 w"), Some((1, 1)));
    }

    #[test]
    fn chinese_rules_reference_diagram_12_checks_that_win_on_a_point_and_end_even_threaten() {
        // After Red's d1b1: b1b9 checks with the cannon on a9 behind it; after the
        // advisor's block on d9 the chariot steps to b6, uncovering the cannon's check
        // through d9, and takes the cannon on e6 when the chariot on c6 blocks. Black's
        // answers elsewhere (the horse on e2 uncovering a check on Red's general) win as
        // much back: even after the whole exchange, a win on e6's point (26.5). The
        // book: "车六平八（捉）".
        let found = position("C3kab2/4a4/4P4/2r1c1p2/8p/9/P3N1P1P/4n4/1R7/3AKA3 b").threats(Color::Red);
        let threats: Vec<(String, String, i32, i32)> =
            found.iter().map(|t| (t.target.to_string(), t.by.to_string(), t.gain, t.net)).collect();
        assert_eq!(threats, [("e6".to_owned(), "b1".to_owned(), 5, 0)]);
        // With the chariot on d1 its check on d9 is answered by the general taking it:
        // no threat, so the chariot's move to b1 makes one.
        assert!(position("C3kab2/4a4/4P4/2r1c1p2/8p/9/P3N1P1P/4n4/3R5/3AKA3 w").threats(Color::Red).is_empty());
    }

    #[test]
    fn chinese_rules_reference_diagram_29_a_soldier_given_up_to_win_a_chariot_is_a_gain() {
        // After Black's f0f3: the soldier's check on e2 clears the third rank; the
        // general takes it, and the chariot on f3 takes Red's chariot on b3, which
        // nothing guards. The book: "伏弃卒将军换车，判捉".
        let found = position("2b2k3/9/4b4/9/9/2P3B2/1R2pr3/9/C3K4/3A2B2 w").threats(Color::Black);
        let threats: Vec<(String, String, i32)> =
            found.iter().map(|t| (t.target.to_string(), t.by.to_string(), t.gain)).collect();
        assert_eq!(threats, [("b3".to_owned(), "e3".to_owned(), 9)]);
        // A soldier for less than a chariot floats: even (图24, "送兵换马…判闲").
        let soldier_for_a_horse = Material { pieces: 5, soldiers: -1 };
        assert_eq!(soldier_for_a_horse.worth(), 0);
        assert_eq!(Material { pieces: -10, soldiers: 2 }.worth(), -8);
    }

    #[test]
    fn chinese_rules_checks_that_lead_to_a_capture_that_loses_in_all_threaten_nothing() {
        // b6c8 checks; after the general steps aside, the horse's capture of the
        // unguarded elephant on c5 wins on its point but leaves the cannon on g3, which
        // it guarded, to Black's chariot: "得不偿失者，按闲" (26.5), no threat.
        let found = position("4k4/9/6r2/1N7/2b6/4N4/6C2/9/9/3K5 b").threats(Color::Red);
        let on_c5: Vec<(String, i32)> =
            found.iter().filter(|t| t.target.to_string() == "c5").map(|t| (t.by.to_string(), t.gain)).collect();
        assert_eq!(on_c5, []);
    }

    #[test]
    fn chinese_rules_reference_diagram_28_a_guard_by_a_check_is_a_guard() {
        // After Red's f2h2: Black's chariot could take the horse on c8, but the
        // chariot's checks from h2 lead to taking it back, so the horse is not
        // hanging; winning the advisor on d9 by checks would give that guard up
        // ("做根子捉子，得不偿失"), and Red threatens nothing.
        let guarded = position("3a1k3/n1N6/2r2a3/9/9/2P5p/9/7R1/4A4/3AK4 b");
        assert_eq!(guarded.hanging() & bit(Square::parse("c8").expect("a point").index()), 0);
        assert!(guarded.threats(Color::Red).is_empty());
        // With the advisor back on e8 the check no longer guards it: Black chases it
        // ("黑方退士断根捉马").
        let cut = position("3a1k3/n1N1a4/2r6/9/9/2P5p/9/7R1/4A4/3AK4 w");
        let on_c8: Vec<i32> = cut.threats(Color::Black).iter().filter(|t| t.target.to_string() == "c8").map(|t| t.gain).collect();
        assert_eq!(on_c8, [5]);
    }
}
