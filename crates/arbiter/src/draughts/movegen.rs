//! Legal moves: steps, slides and captures under the majority rule.
//!
//! One enumerator walks the capture routes of the side to move depth-first, on a
//! position's bitboards in its rule set's integer ([`Bitboards`]): every
//! route ([`Bitboards::for_each_capture_route`], for the contest judge's count of
//! routes and for reading a move by its path), or, skipping routes that only repeat a
//! move, at least one route per move ([`Bitboards::for_each_capture`], for the legal
//! moves, the routes that take the most pieces, one move per start, end and captured
//! set, and the move count at perft's leaves).

use super::captures::Captures;
use super::bits::Bits;
use super::board::{Bitboards, MAX_CAPTURES, Move, each_direction, square_of_bit, step};
use super::geometry::{Color, Square};
use super::reach::slides;
use super::rules::RuleBook;

/// The squares beyond bit `at` going `DIRECTIONS[d]` up to the edge of rule set `R`'s
/// board: a king finds the first piece on its line with one bit scan instead of a
/// walk square by square.
#[inline(always)]
fn ray<R: RuleBook>(d: usize, at: usize) -> R::Bits {
    R::Bits::ray(R::GEOMETRY, d, at)
}

/// The nearest bit of `board` (not empty) seen from anywhere before it in `direction`:
/// the lowest going down the bits, the highest going up.
#[inline(always)]
fn nearest<B: Bits>(board: B, direction: i32) -> u32 {
    if direction > 0 { board.trailing_zeros() } else { board.highest() }
}

/// The squares beyond `at` going `DIRECTIONS[d]` up to the first piece of `occupied`,
/// that piece left out: a king's slides, or its landing squares behind a piece.
#[inline(always)]
fn open_ray<R: RuleBook>(d: usize, at: usize, occupied: R::Bits) -> R::Bits {
    let line = ray::<R>(d, at);
    let blockers = line & occupied;
    if blockers.is_empty() { line } else { line & !(ray::<R>(d, nearest(blockers, R::DIRECTIONS[d]) as usize) | blockers) }
}

/// The state of one capture walk: what is empty, what can be taken, what was taken.
/// With `EVERY_ROUTE` it reports every route; without it, one route at least for
/// each move (start, end and captured set), as move generation needs, and only
/// routes that no route through the same landings outgrows.
///
/// A route is reported as `visit(from, path, ends, captured, crowned)`: the landing
/// squares before the last (bit indices), and the last as a bitboard, which without
/// `EVERY_ROUTE` holds every landing square behind a king's last capture from which
/// no capture follows: one report for all of them; `crowned` when a man was crowned
/// on the way (Russian draughts).
///
/// Men and short kings (English draughts) jump by shifts; flying kings by rays. Under
/// rules without backward captures by men, `white` says which way is forward.
struct Walk<'v, F, R: RuleBook, const EVERY_ROUTE: bool> {
    from: Square,
    king: bool,
    white: bool,
    crowned: bool,
    /// Empty squares, the mover's start square included (it has left it), and under
    /// the rules that remove pieces as they are taken (Thai draughts) those taken.
    empty: R::Bits,
    /// Opponent pieces; those in `captured` stay on the board until the move ends,
    /// so they block (except in Thai draughts), and cannot be taken twice.
    enemies: R::Bits,
    /// The opponent's kings, which men cannot take under rules where men take men only.
    enemy_kings: R::Bits,
    captured: R::Bits,
    /// Every king on the board, read only by the rules where a king that takes a
    /// king last stops right behind it (Killer draughts).
    kings: R::Bits,
    path: [u8; MAX_CAPTURES],
    len: usize,
    visit: &'v mut F,
    rules: std::marker::PhantomData<R>,
}

impl<F: FnMut(Square, &[u8], R::Bits, R::Bits, bool), R: RuleBook, const EVERY_ROUTE: bool> Walk<'_, F, R, EVERY_ROUTE> {
    /// Walks the captures of the piece on `at`, the walk's start.
    fn start(&mut self, at: usize) {
        if !self.king || !R::FLYING_KINGS {
            let landings = self.man_landings(at);
            if landings != R::Bits::ZERO {
                self.extend_man_by(at, landings);
            }
        } else if EVERY_ROUTE {
            self.extend_king(at, START, false);
        } else {
            each_direction::<R, _>(|d, _| {
                if let Some((over, landings)) = self.king_capture(at, d) {
                    self.king_lands(d, over, landings);
                }
            });
        }
    }

    /// A man crowned on `landing` in passing (Russian draughts) goes on capturing as
    /// a king, if it can; the route ends there if not.
    fn crown_in_passing(&mut self, landing: usize) {
        self.king = true;
        self.crowned = true;
        self.path[self.len] = landing as u8;
        self.len += 1;
        if EVERY_ROUTE {
            // Reports the route ending on `landing` itself if no capture follows.
            self.extend_king(landing, START, false);
            self.len -= 1;
        } else {
            let mut continued = false;
            each_direction::<R, _>(|d, _| {
                if let Some((over, landings)) = self.king_capture(landing, d) {
                    continued = true;
                    self.king_lands(d, over, landings);
                }
            });
            self.len -= 1;
            if !continued {
                self.report(R::Bits::bit(landing));
            }
        }
        self.king = false;
        self.crowned = false;
    }

    /// Reports the route walked so far, ending on `ends`.
    #[inline(always)]
    fn report(&mut self, ends: R::Bits) {
        // Only the rules that crown in passing read the flag: for the others it is
        // the constant false, and the callers' tests of it fold away.
        let crowned = R::CROWN_IN_PASSING && self.crowned;
        (self.visit)(self.from, &self.path[..self.len], ends, self.captured, crowned);
    }

    /// Goes on from `at` with each of `landings` ([`Walk::man_landings`], not empty): a
    /// man's jumps are shifts of its one bit, no table, as it lands right behind the
    /// piece it takes, which stands halfway between.
    fn extend_man_by(&mut self, at: usize, landings: R::Bits) {
        let mut left = landings;
        while left != R::Bits::ZERO {
            let landing = left.trailing_zeros() as usize;
            left = left.without_lowest();
            let over = R::Bits::bit((at + landing) / 2);
            self.take(over);
            if R::CROWN_IN_PASSING && !self.king && !(R::Bits::bit(landing) & self.crown_row()).is_empty() {
                self.crown_in_passing(landing);
                self.put_back(over);
                continue;
            }
            // Most routes end at the next landing: the jumps from there, found once,
            // tell whether to go on.
            let onward = self.man_landings(landing);
            if onward == R::Bits::ZERO {
                self.report(R::Bits::bit(landing));
            } else {
                self.path[self.len] = landing as u8;
                self.len += 1;
                self.extend_man_by(landing, onward);
                self.len -= 1;
            }
            self.put_back(over);
        }
    }

    /// Takes `over`: it cannot be taken again, and under the rules that remove pieces
    /// as they are taken (Thai draughts) its square is empty from now on.
    #[inline(always)]
    fn take(&mut self, over: R::Bits) {
        self.captured |= over;
        if R::REMOVED_AS_TAKEN {
            self.empty |= over;
        }
    }

    /// Undoes [`Walk::take`], the walk going back.
    #[inline(always)]
    fn put_back(&mut self, over: R::Bits) {
        self.captured &= !over;
        if R::REMOVED_AS_TAKEN {
            self.empty &= !over;
        }
    }

    /// Whether a king that has just taken a piece going `DIRECTIONS[came]` may not try
    /// `DIRECTIONS[d]` from its landing square: the way back, where the piece it took
    /// still stands, unless pieces come off as they are taken (Thai draughts).
    #[inline(always)]
    fn way_back(d: usize, came: usize) -> bool {
        !R::REMOVED_AS_TAKEN && d == reverse(came)
    }

    /// The squares a man on `at` lands on jumping: an enemy not yet taken next to it,
    /// an empty square right behind, in all four directions at once. The way back needs
    /// no test: the piece just taken is in `captured`, so it cannot be taken again. The
    /// landing squares of the four directions lie at four distinct offsets, in the
    /// order of [`DIRECTIONS`] from the lowest bit up.
    #[inline(always)]
    fn man_landings(&self, at: usize) -> R::Bits {
        let man = R::Bits::bit(at);
        let mut takable = self.enemies & !self.captured;
        if !R::MEN_TAKE_KINGS && !self.king {
            takable &= !self.enemy_kings;
        }
        let [a, b, c, d] = each_direction::<R, _>(|_, direction| shift(shift(man, direction) & takable, direction));
        let landings = if R::MEN_CAPTURE_BACKWARD || self.king {
            a | b | c | d
        } else if self.white {
            a | b
        } else {
            c | d
        };
        landings & self.empty
    }

    /// The row where the moving side's men are crowned.
    #[inline(always)]
    fn crown_row(&self) -> R::Bits {
        if self.white { R::promotion_row(Color::White) } else { R::promotion_row(Color::Black) }
    }

    /// The capture of a king on `at` going `DIRECTIONS[d]`, if the first piece on that
    /// line can be taken and an empty square lies behind it: that piece (a bitboard)
    /// and every landing square behind it.
    #[inline(always)]
    fn king_capture(&self, at: usize, d: usize) -> Option<(R::Bits, R::Bits)> {
        let pieces = ray::<R>(d, at) & !self.empty;
        if pieces == R::Bits::ZERO {
            return None;
        }
        let over = R::Bits::bit(nearest(pieces, R::DIRECTIONS[d]) as usize);
        if self.enemies & !self.captured & over == R::Bits::ZERO {
            return None;
        }
        let landings = open_ray::<R>(d, over.trailing_zeros() as usize, !self.empty);
        if landings == R::Bits::ZERO {
            return None;
        }
        // Thai draughts: only the square right behind the piece.
        let landings = if R::KINGS_LAND_RIGHT_BEHIND { R::Bits::bit(nearest(landings, R::DIRECTIONS[d]) as usize) } else { landings };
        Some((over, landings))
    }

    /// A king that takes `over` going `DIRECTIONS[d]` and may land on any of
    /// `landings`: it goes on from each landing square that has a capture, the way it
    /// came only from the nearest one (straight on, a king meets the same piece from
    /// every landing square of the line, and the captures that follow are the same).
    /// If none has, the route ends on any of them, one report for all. If one has, the
    /// routes that end here take fewer pieces than it, and are not reported.
    fn king_lands(&mut self, d: usize, over: R::Bits, landings: R::Bits) {
        self.take(over);
        let direction = R::DIRECTIONS[d];
        let mut continued = false;
        let mut left = landings;
        while left != R::Bits::ZERO {
            // Nearest landing square first, as the walk has always reported them.
            let landing = nearest(left, direction) as usize;
            let nearest_one = left == landings;
            left &= !R::Bits::bit(landing);
            self.path[self.len] = landing as u8;
            self.len += 1;
            each_direction::<R, _>(|e, _| {
                if Self::way_back(e, d) || (e == d && !nearest_one) {
                    return;
                }
                if let Some((next, next_landings)) = self.king_capture(landing, e) {
                    continued = true;
                    self.king_lands(e, next, next_landings);
                }
            });
            self.len -= 1;
        }
        if !continued {
            // Killer draughts: behind a king taken last, only the square right behind it.
            let ends = if R::HALT_BEHIND_LAST_KING && over & self.kings != R::Bits::ZERO {
                R::Bits::bit(nearest(landings, direction) as usize)
            } else {
                landings
            };
            self.report(ends);
        }
        self.put_back(over);
    }

    /// Every route of a king from `at`, reached going `came` (an index of
    /// `DIRECTIONS`, or none at the start): the first piece on each line, found by a
    /// bit scan, and every empty square behind it, each landing square a route of its
    /// own. The way back is not tried: its first piece is the one just taken, which
    /// cannot be taken again. `halted`: the route may not end on `at` (Killer
    /// draughts: a landing square past the one right behind a king just taken).
    fn extend_king(&mut self, at: usize, came: usize, halted: bool) {
        let mut continued = false;
        for (d, &direction) in R::DIRECTIONS.iter().enumerate() {
            if Self::way_back(d, came) {
                continue;
            }
            let Some((over, landings)) = self.king_capture(at, d) else { continue };
            continued = true;
            self.take(over);
            let takes_king = R::HALT_BEHIND_LAST_KING && over & self.kings != R::Bits::ZERO;
            let mut left = landings;
            while left != R::Bits::ZERO {
                let landing = nearest(left, direction);
                let far = takes_king && left != landings;
                left &= !R::Bits::bit(landing as usize);
                self.path[self.len] = landing as u8;
                self.len += 1;
                self.extend_king(landing as usize, d, far);
                self.len -= 1;
            }
            self.put_back(over);
        }
        if !continued && self.len > 0 && !halted {
            self.len -= 1;
            let end = self.path[self.len];
            self.report(R::Bits::bit(end as usize));
            self.len += 1;
        }
    }
}

/// `board` shifted one step in `direction`, bits off the integer dropped; a step off
/// the board's side lands on a ghost, which is neither empty nor an enemy.
#[inline(always)]
fn shift<B: Bits>(board: B, direction: i32) -> B {
    board.shift(direction)
}

/// No direction: where a walk starts, every way is tried.
const START: usize = usize::MAX;

/// The index in `DIRECTIONS` (up-left, up-right, down-left, down-right) of the
/// opposite direction; none for [`START`].
const fn reverse(came: usize) -> usize {
    if came == START { START } else { 3 - came }
}

/// Captures of fewer pieces than this come once from [`Bitboards::for_each_capture`],
/// so they need no search for a duplicate. One piece: the end square tells the route.
/// Two: straight on, a king goes on only from the nearest landing square; turning, the
/// landing between the jumps is where two diagonals cross, and the pieces cannot be
/// taken in the other order (the four points would make a rectangle with diagonal
/// sides, and the landing square between the jumps would lie on two parallel
/// diagonals). Where each capture lands right behind its piece (Thai draughts), the
/// order fixes every landing, and the two orders of two pieces never end on one square
/// (the counts are checked against the list in
/// `counts_equal_the_list_on_boards_with_many_kings`).
/// Scan 3.1 searches its list from three pieces on too.
pub(crate) const MIGHT_REPEAT: u32 = 3;

/// Start and captured pieces of captures, and the squares they end on: the moves
/// found so far that a route with this start and captured set could repeat.
/// `captured` holds [`crowned_key`] too when the man was crowned on the way.
#[derive(Clone, Copy)]
struct CaptureEnds<B> {
    from: Square,
    captured: B,
    ends: B,
}

/// A bit no board uses (the integer's highest), set in a capture's key when a man is
/// crowned on the way: the same pieces taken with and without crowning leave
/// different positions.
#[inline(always)]
fn crowned_key<B: Bits>() -> B {
    B::bit(B::BITS as usize - 1)
}

/// The number of distinct longest captures (or of every capture, offered by
/// [`LongestCaptures::offer_any`]). Only captures that might repeat are kept to be
/// compared (on the stack for all but freak positions), one entry for each start and
/// captured set; the others are counted.
struct LongestCaptures<B> {
    most: u32,
    count: u32,
    inline: [CaptureEnds<B>; 16],
    kept: usize,
    overflow: Vec<CaptureEnds<B>>,
}

impl<B: Bits> LongestCaptures<B> {
    fn new() -> Self {
        let none = CaptureEnds { from: Square::numbered(1), captured: B::ZERO, ends: B::ZERO };
        LongestCaptures { most: 0, count: 0, inline: [none; 16], kept: 0, overflow: Vec::new() }
    }

    /// Takes the captures of `taken` pieces (the route's length: no popcount needed)
    /// from `from` that take `captured` and end on any of `ends`.
    fn offer(&mut self, from: Square, ends: B, captured: B, taken: u32) {
        if taken < self.most {
            return;
        }
        if taken > self.most {
            self.most = taken;
            self.count = 0;
            self.kept = 0;
            self.overflow.clear();
        }
        if taken >= MIGHT_REPEAT {
            let same = |k: &&mut CaptureEnds<B>| k.from == from && k.captured == captured;
            if let Some(known) = self.inline[..self.kept].iter_mut().chain(&mut self.overflow).find(same) {
                self.count += (ends & !known.ends).count_ones();
                known.ends |= ends;
                return;
            }
            let entry = CaptureEnds { from, captured, ends };
            if self.kept < self.inline.len() {
                self.inline[self.kept] = entry;
                self.kept += 1;
            } else {
                self.overflow.push(entry);
            }
        }
        self.count += ends.count_ones();
    }

    /// Takes the captures of `taken` pieces from `from` that take `captured` and end on
    /// any of `ends`, whatever their size: for rules where any capture may be chosen.
    fn offer_any(&mut self, from: Square, ends: B, captured: B, taken: u32) {
        if taken >= MIGHT_REPEAT {
            let same = |k: &&mut CaptureEnds<B>| k.from == from && k.captured == captured;
            if let Some(known) = self.inline[..self.kept].iter_mut().chain(&mut self.overflow).find(same) {
                self.count += (ends & !known.ends).count_ones();
                known.ends |= ends;
                return;
            }
            let entry = CaptureEnds { from, captured, ends };
            if self.kept < self.inline.len() {
                self.inline[self.kept] = entry;
                self.kept += 1;
            } else {
                self.overflow.push(entry);
            }
        }
        self.count += ends.count_ones();
    }
}

impl<B: Bits> Bitboards<B> {
    /// Calls `visit(from, path, end, captured, crowned)` for every capture route of the
    /// side to move that cannot be taken further: every route, long or short, each
    /// distinct sequence of landing squares once. `path` holds the landing squares
    /// before the last as bit indices; `end`, the last, and `captured` are bitboards;
    /// `crowned`, whether a man was crowned on the way (Russian draughts).
    pub(crate) fn for_each_capture_route<R: RuleBook<Bits = B>>(&self, visit: impl FnMut(Square, &[u8], R::Bits, R::Bits, bool)) {
        self.walk_captures::<_, R, true>(self.capture_starts::<R>(), visit);
    }

    /// [`Bitboards::for_each_capture_route`] with fewer routes: each capture (start,
    /// end and captured set) that no other outgrows still comes at least once, the
    /// first of its routes among them, but a king that goes on straight after a
    /// capture does so only from the nearest landing square, and the landing squares
    /// behind a king's last capture come in one call, as `ends`:
    /// `visit(from, path, ends, captured, crowned)`.
    #[inline(always)]
    pub(crate) fn for_each_capture<R: RuleBook<Bits = B>>(&self, visit: impl FnMut(Square, &[u8], R::Bits, R::Bits, bool)) {
        self.walk_captures::<_, R, false>(self.capture_starts::<R>(), visit);
    }

    /// The pieces whose captures may be chosen: the men that can make a first capture,
    /// and the kings; under rules where a king's capture comes first (Czech draughts),
    /// the kings alone when one of them can capture.
    #[inline(always)]
    fn capture_starts<R: RuleBook<Bits = B>>(&self) -> R::Bits {
        if R::ORTHOGONAL_CAPTURES {
            return self.orthogonal_capturing_men::<R>() | self.kings;
        }
        if R::KINGS_CAPTURE_FIRST && self.has_king_capture::<R>(&self.king_slides::<R>()) {
            return self.kings;
        }
        self.capturing_men::<R>() | self.kings
    }

    /// Walks the capture routes of the side to move's pieces on `starts` only: men
    /// that can make a first capture and kings, or fewer when the others are known
    /// to take too few pieces to count.
    #[inline(always)]
    fn walk_captures<F: FnMut(Square, &[u8], R::Bits, R::Bits, bool), R: RuleBook<Bits = B>, const EVERY_ROUTE: bool>(
        &self,
        starts: R::Bits,
        mut visit: F,
    ) {
        if R::ORTHOGONAL_CAPTURES {
            self.walk_orthogonal_captures::<F, R, EVERY_ROUTE>(starts, visit);
            return;
        }
        let us = self.own(self.side);
        let empty = self.empty_in::<R>();
        let mut pieces = starts & us;
        let mut walk = Walk::<F, R, EVERY_ROUTE> {
            from: Square::numbered(1),
            king: false,
            white: self.side == Color::White,
            crowned: false,
            empty,
            enemies: self.own(self.side.opponent()),
            enemy_kings: self.own(self.side.opponent()) & self.kings,
            captured: B::ZERO,
            kings: if R::HALT_BEHIND_LAST_KING { self.kings } else { R::Bits::ZERO },
            path: [0; MAX_CAPTURES],
            len: 0,
            visit: &mut visit,
            rules: std::marker::PhantomData,
        };
        while pieces != R::Bits::ZERO {
            let bit = pieces.trailing_zeros() as usize;
            pieces = pieces.without_lowest();
            walk.from = square_of_bit::<R>(bit);
            walk.king = !(self.kings & R::Bits::bit(bit)).is_empty();
            walk.empty = empty | R::Bits::bit(bit);
            walk.start(bit);
        }
    }

    /// For each direction, the squares a jump that way could start from, whatever
    /// stands on them: an enemy next to them, an empty square right behind it.
    #[inline(always)]
    fn jump_starts<R: RuleBook<Bits = B>>(&self) -> [R::Bits; 4] {
        let enemies = self.own(self.side.opponent());
        let empty = self.empty_in::<R>();
        // No mask for the ghosts: they are neither enemies nor empty, and every use of
        // the starts keeps only own pieces or empty squares.
        each_direction::<R, _>(|_, d| shift(enemies, -d) & shift(empty, -2 * d))
    }

    /// For each direction, the squares a jump of the side to move's men that way could
    /// start from, whatever stands on them: a piece the men may take next to them (any
    /// enemy, or under rules where men take men only an enemy man), an empty square
    /// right behind it; none the ways men do not capture (backwards, under rules where
    /// they capture forward only).
    #[inline(always)]
    fn men_jumps<R: RuleBook<Bits = B>>(&self) -> [R::Bits; 4] {
        let enemies = self.own(self.side.opponent());
        let prey = if R::MEN_TAKE_KINGS { enemies } else { enemies & !self.kings };
        let empty = self.empty_in::<R>();
        let white = self.side == Color::White;
        // Forward is up the board (the first two directions) for White.
        each_direction::<R, _>(|d, direction| {
            if R::MEN_CAPTURE_BACKWARD || (d < 2) == white {
                shift(prey, -direction) & shift(empty, -2 * direction)
            } else {
                R::Bits::ZERO
            }
        })
    }

    /// The side to move's men that have a capture.
    #[inline(always)]
    fn capturing_men<R: RuleBook<Bits = B>>(&self) -> R::Bits {
        let men = self.own(self.side) & !self.kings;
        men & self.men_jumps::<R>().iter().fold(R::Bits::ZERO, |all, &starts| all | starts)
    }

    /// The men of `jumpers` (for each direction, the men that jump that way, their jump
    /// starts being `jumps`) that can go on after their jump. A man that lands after a
    /// jump can only go on the other three ways, where neither the piece just taken nor
    /// its start square lies, so the board before the move tells whether it can; a man
    /// crowned in passing (Russian draughts) may go on as a king, and counts as one that
    /// can.
    #[inline(always)]
    fn men_going_on<R: RuleBook<Bits = B>>(&self, jumps: &[R::Bits; 4], jumpers: &[R::Bits; 4]) -> R::Bits {
        let goes_on = each_direction::<R, _>(|d, direction| {
            let onward = (0..4).filter(|&e| e != reverse(d)).fold(R::Bits::ZERO, |all, e| all | jumps[e]);
            let landings = step::<R>(step::<R>(jumpers[d], direction), direction);
            let crowned = if R::CROWN_IN_PASSING { landings & R::promotion_row(self.side) } else { R::Bits::ZERO };
            landings & (onward | crowned)
        });
        let back = |landings: R::Bits, direction: i32| step::<R>(step::<R>(landings, -direction), -direction);
        goes_on.iter().zip(R::DIRECTIONS).fold(R::Bits::ZERO, |all, (&on, d)| all | back(on, d))
    }

    /// For each direction, the squares the side to move's kings move to ([`slides`]
    /// for flying kings, one step for short ones): computed once, both the capture
    /// test and the count of slides read them.
    #[inline(always)]
    fn king_slides<R: RuleBook<Bits = B>>(&self) -> [R::Bits; 4] {
        let kings = self.own(self.side) & self.kings;
        if kings == R::Bits::ZERO {
            return [R::Bits::ZERO; 4];
        }
        let empty = self.empty_in::<R>();
        if !R::FLYING_KINGS {
            return each_direction::<R, _>(|_, d| step::<R>(kings, d) & empty);
        }
        // One king or two: their four rays cut at the first piece, fewer steps than
        // the fill. Two kings' slides one way never meet (one would block the other),
        // so the two rays are the squares reached.
        let first = kings.trailing_zeros() as usize;
        let rest = kings.without_lowest();
        if rest == R::Bits::ZERO {
            return each_direction::<R, _>(|d, _| open_ray::<R>(d, first, !empty));
        }
        if rest.is_single() {
            let second = rest.trailing_zeros() as usize;
            return each_direction::<R, _>(|d, _| open_ray::<R>(d, first, !empty) | open_ray::<R>(d, second, !empty));
        }
        each_direction::<R, _>(|_, d| slides::<R>(kings, empty, d))
    }

    /// For each direction, the squares right behind the pieces the side to move's kings
    /// can take going that way: the men's test one step past the squares the kings
    /// slide to (`reach`, from [`Bitboards::king_slides`]). No two kings take the same
    /// piece in one direction (the nearer would block the other), so each square is
    /// one capture's first landing square. Flying kings only.
    #[inline(always)]
    fn king_jumps<R: RuleBook<Bits = B>>(&self, reach: &[R::Bits; 4]) -> [R::Bits; 4] {
        let kings = self.own(self.side) & self.kings;
        let enemies = self.own(self.side.opponent());
        let empty = self.empty_in::<R>();
        each_direction::<R, _>(|i, d| shift(shift(kings | reach[i], d) & enemies, d) & empty)
    }

    /// Whether a king of the side to move has a capture: [`Bitboards::king_jumps`] for
    /// flying kings, the jump starts for short ones.
    #[inline(always)]
    fn has_king_capture<R: RuleBook<Bits = B>>(&self, reach: &[R::Bits; 4]) -> bool {
        let kings = self.own(self.side) & self.kings;
        if kings == R::Bits::ZERO {
            return false;
        }
        if !R::FLYING_KINGS {
            let [a, b, c, d] = self.jump_starts::<R>();
            return kings & (a | b | c | d) != R::Bits::ZERO;
        }
        let [a, b, c, d] = self.king_jumps::<R>(reach);
        // One test of all four, where comparing the array tests them one by one.
        a | b | c | d != R::Bits::ZERO
    }

    /// Whether the side to move has a capture: bitboard tests, so that quiet
    /// positions never start the route enumerator.
    #[inline(always)]
    pub(crate) fn has_capture_in<R: RuleBook<Bits = B>>(&self) -> bool {
        if R::ORTHOGONAL_CAPTURES {
            return self.has_orthogonal_capture::<R>();
        }
        self.capturing_men::<R>() != R::Bits::ZERO || self.has_king_capture::<R>(&self.king_slides::<R>())
    }

    /// Calls `visit(from, to)` for every step of a man and move of a king.
    pub(crate) fn for_each_quiet<R: RuleBook<Bits = B>>(&self, mut visit: impl FnMut(Square, Square)) {
        self.for_each_quiet_bits::<R>(|from, to| {
            visit(square_of_bit::<R>(from as usize), square_of_bit::<R>(to as usize))
        });
    }

    /// [`Bitboards::for_each_quiet`] with bit indices: men's steps by direction, then
    /// each king's moves, nearest square first.
    #[inline(always)]
    pub(crate) fn for_each_quiet_bits<R: RuleBook<Bits = B>>(&self, mut visit: impl FnMut(u8, u8)) {
        let us = self.own(self.side);
        let empty = self.empty_in::<R>();
        let men = us & !self.kings;
        for (targets, d) in R::step_forward(self.side, men).into_iter().zip(R::forward(self.side)) {
            let mut targets = targets & empty;
            while targets != R::Bits::ZERO {
                let to = targets.trailing_zeros() as i32;
                targets = targets.without_lowest();
                visit((to - d) as u8, to as u8);
            }
        }
        let mut kings = us & self.kings;
        while kings != R::Bits::ZERO {
            let bit = kings.trailing_zeros();
            kings = kings.without_lowest();
            // One king's moves: its four rays cut at the first piece, or one step.
            let reach = if R::FLYING_KINGS {
                each_direction::<R, _>(|d, _| open_ray::<R>(d, bit as usize, !empty))
            } else {
                each_direction::<R, _>(|_, d| step::<R>(R::Bits::bit(bit as usize), d) & empty)
            };
            for (mut targets, d) in reach.into_iter().zip(R::DIRECTIONS) {
                while targets != R::Bits::ZERO {
                    // Up the board is down the bits: take the highest bit first there.
                    let to = if d < 0 { targets.highest() } else { targets.trailing_zeros() };
                    targets &= !R::Bits::bit(to as usize);
                    visit(bit as u8, to as u8);
                }
            }
        }
    }

    /// The number of steps and slides: popcounts, as no two men step to one square in
    /// one direction and no two kings slide to one ([`slides`]); `reach` is
    /// [`Bitboards::king_slides`].
    #[inline(always)]
    pub(super) fn count_quiet<R: RuleBook<Bits = B>>(&self, reach: &[R::Bits; 4]) -> usize {
        let men = self.own(self.side) & !self.kings;
        let empty = self.empty_in::<R>();
        let [a, b] = R::step_forward(self.side, men);
        let steps = (a & empty).count_ones() + (b & empty).count_ones();
        let slid = reach.iter().map(|r| r.count_ones()).sum::<u32>();
        (steps + slid) as usize
    }

    /// [`Bitboards::for_each_capture`] under the rule set's choice of capture: under the
    /// majority rule only the routes that take as many pieces as every route before
    /// them or more, `more` set when one takes more (what was kept before must go), so
    /// that what is kept at the end are the largest; without it, every route.
    #[inline(always)]
    pub(crate) fn for_each_largest_capture<R: RuleBook<Bits = B>>(
        &self,
        mut visit: impl FnMut(Square, &[u8], R::Bits, R::Bits, bool, bool),
    ) {
        if !R::MAJORITY {
            self.for_each_capture::<R>(|from, path, ends, captured, crowned| {
                visit(from, path, ends, captured, crowned, false);
            });
            return;
        }
        let mut most = 0;
        self.for_each_capture::<R>(|from, path, ends, captured, crowned| {
            // One landing square a captured piece.
            let count = self.capture_rank::<R>(from, path, ends, captured);
            if count >= most {
                visit(from, path, ends, captured, crowned, count > most);
                most = count;
            }
        });
    }

    /// How a capture of `taken` pieces, `captured`, ranks under the majority rule: by
    /// the pieces it takes, and where kings break ties (Spanish draughts), then by the
    /// kings among them.
    #[inline(always)]
    fn capture_rank<R: RuleBook<Bits = B>>(&self, from: Square, path: &[u8], ends: R::Bits, captured: R::Bits) -> u32 {
        let taken = path.len() as u32 + 1;
        if R::VALUE_RANK {
            // Frisian draughts: a king taken is worth two men less a part smaller than
            // a man's over all the kings taken (at most 20, less than 32), and a
            // king's capture comes before a man's of the same value.
            let kings = (captured & self.kings).count_ones();
            let value = (taken + kings) * 32 - kings;
            return value * 2 + u32::from(self.kings & Self::mask_in::<R>(from) != R::Bits::ZERO);
        }
        if !R::KINGS_BREAK_TIES {
            return taken;
        }
        let kings = (captured & self.kings).count_ones();
        if !R::KING_THEN_ORDER {
            return taken * 64 + kings;
        }
        // Italian draughts: the pieces taken, then a king moving, then the kings taken,
        // then where the first kings come in the order of the capture (a bit for each
        // piece taken, the first the highest, set where it is a king). Short kings and
        // men: each piece taken lies halfway between two landing squares.
        let with_king = u32::from(self.kings & Self::mask_in::<R>(from) != R::Bits::ZERO);
        let start = R::GEOMETRY.bit_index(from.number()) as u32;
        let end = ends.trailing_zeros();
        let mut order = 0u32;
        let mut at = start;
        for (k, next) in path.iter().map(|&b| u32::from(b)).chain(std::iter::once(end)).enumerate() {
            let taken_piece = R::Bits::bit(((at + next) / 2) as usize);
            if taken_piece & self.kings != R::Bits::ZERO {
                order |= 1 << (15 - k.min(15));
            }
            at = next;
        }
        (taken << 24) | (with_king << 23) | (kings << 18) | order
    }

    /// [`Position::legal_moves`](super::Position::legal_moves)'s work.
    pub(super) fn fill_legal_moves<R: RuleBook<Bits = B>>(&self, captures: Captures, out: &mut Vec<Move>) {
        out.clear();
        if self.decided_by_a_king::<R>() {
            return;
        }
        if !self.has_capture_in::<R>() {
            self.for_each_quiet::<R>(|from, to| out.push(Move::quiet(R::SET, from, to)));
            return;
        }
        let apart = captures == Captures::Apart;
        self.for_each_largest_capture::<R>(|from, path, ends, captured, crowned, more| {
            if more {
                out.clear();
            }
            let captured = captured.widen();
            // The last capture's landing squares nearest first: the side away from
            // the square the king took it from.
            let before = path.last().map_or(R::GEOMETRY.bit_index(from.number()), |&bit| bit as usize);
            let mut left = ends;
            while left != R::Bits::ZERO {
                let end = if ends.trailing_zeros() as usize > before {
                    left.trailing_zeros()
                } else {
                    left.highest()
                };
                left &= !R::Bits::bit(end as usize);
                let to = square_of_bit::<R>(end as usize);
                // Merged, a route that repeats a move's start, end and pieces is known
                // before a move is built for it (most of a king's routes are such).
                let same = |m: &Move| m.from == from && m.to == to && m.captured == captured && m.crowned == crowned;
                if !apart && out.iter().any(same) {
                    continue;
                }
                let mut mv = Move::quiet(R::SET, from, to);
                mv.captured = captured;
                mv.crowned = crowned;
                mv.path_len = path.len() as u8;
                for (square, &bit) in mv.path.iter_mut().zip(path) {
                    *square = square_of_bit::<R>(bit as usize).number();
                }
                // Kept apart, each order of taking the pieces is a move: a route that
                // takes them in the order of one found already repeats it.
                mv.apart = apart;
                if apart && out.contains(&mv) {
                    continue;
                }
                out.push(mv);
            }
        });
        for i in 0..out.len() {
            let (from, to) = (out[i].from, out[i].to);
            out[i].ambiguous = out.iter().filter(|m| m.from == from && m.to == to).count() > 1;
        }
    }

    /// The captures, when only men capture (the side's kings, if any, have none) and
    /// no man can jump twice: one move a man and direction, counted by popcount without
    /// walking a route; `jumps` are [`Bitboards::jump_starts`]. When a man can go on
    /// ([`Bitboards::men_going_on`]), the men that can (`Err`): the longest captures
    /// take two pieces or more, so the others' single jumps do not count.
    /// International-like rules only.
    #[inline(always)]
    fn count_single_jumps<R: RuleBook<Bits = B>>(&self, jumps: &[R::Bits; 4]) -> Result<usize, R::Bits> {
        let men = self.own(self.side) & !self.kings;
        let jumpers = each_direction::<R, _>(|d, _| men & jumps[d]);
        let going_on = self.men_going_on::<R>(jumps, &jumpers);
        if going_on != R::Bits::ZERO {
            return Err(going_on);
        }
        Ok(jumpers.iter().map(|j| j.count_ones()).sum::<u32>() as usize)
    }

    /// The captures, when every one of them takes a single piece: the men's as
    /// [`Bitboards::count_single_jumps`] counts them, and one capture for each landing
    /// square behind a piece a king can take. The landing squares of every king's
    /// captures one way are the fill over the empty squares from the first ones
    /// (`king_jumps`, [`Bitboards::king_jumps`]), so no king is looked at alone. When a
    /// route might go on from a landing square, the men that might go on (`Err`; the
    /// kings are to be walked too). Jump starts slid back over empty squares are where
    /// a king can capture that way; the piece just taken and the king's start square
    /// lie on the line of the capture, which a landing square leaves only turning (or
    /// going on straight, past both), so the board before the move tells.
    #[inline(always)]
    fn count_single_captures<R: RuleBook<Bits = B>>(&self, jumps: &[R::Bits; 4], king_jumps: &[R::Bits; 4]) -> Result<usize, R::Bits> {
        let men = self.count_single_jumps::<R>(jumps)?;
        let empty = self.empty_in::<R>();
        let capture_from = each_direction::<R, _>(|d, direction| {
            let starts = jumps[d] & empty;
            starts | slides::<R>(starts, empty, -direction)
        });
        let landings =
            each_direction::<R, _>(|d, direction| king_jumps[d] | slides::<R>(king_jumps[d], empty, direction));
        let goes_on = each_direction::<R, _>(|d, _| {
            let onward = (0..4).filter(|&e| e != reverse(d)).fold(R::Bits::ZERO, |all, e| all | capture_from[e]);
            landings[d] & onward
        });
        if goes_on.iter().fold(R::Bits::ZERO, |all, &on| all | on) != R::Bits::ZERO {
            // No man goes on (they were counted): only the kings are walked.
            return Err(B::ZERO);
        }
        Ok(men + landings.iter().map(|l| l.count_ones()).sum::<u32>() as usize)
    }

    /// [`Position::count_legal_moves`](super::Position::count_legal_moves), inlined into perft's walk, which is compiled
    /// once more for processors with popcount instructions.
    #[inline(always)]
    pub(crate) fn count_legal_moves_inline<R: RuleBook<Bits = B>>(&self) -> usize {
        if self.decided_by_a_king::<R>() {
            return 0;
        }
        if !R::INTERNATIONAL_LIKE {
            return self.count_legal_moves_walked::<R>();
        }
        let men = self.own(self.side) & !self.kings;
        if self.own(self.side) & self.kings == R::Bits::ZERO {
            // Men only, as in most positions: their steps, or their captures, with
            // nothing of the kings' rays computed or tested.
            let jumps = self.jump_starts::<R>();
            if men & jumps.iter().fold(R::Bits::ZERO, |all, &starts| all | starts) == R::Bits::ZERO {
                return self.count_quiet::<R>(&[R::Bits::ZERO; 4]);
            }
            // The jump starts over every enemy, all four ways: `count_men_moves`'s
            // own for these rules, kept as computed here (its general form costs the
            // international count 1% of its instructions).
            return match self.count_single_jumps::<R>(&jumps) {
                Ok(count) => count,
                Err(going_on) => self.count_longest_captures::<R>(going_on),
            };
        }
        // The kings' part first, so that the men's jumps are not kept through it.
        let reach = self.king_slides::<R>();
        let king_jumps = self.king_jumps::<R>(&reach);
        let king_capture = king_jumps.iter().fold(R::Bits::ZERO, |all, &first| all | first) != R::Bits::ZERO;
        let jumps = self.jump_starts::<R>();
        let men_capture = men & jumps.iter().fold(R::Bits::ZERO, |all, &starts| all | starts) != R::Bits::ZERO;
        if !men_capture && !king_capture {
            return self.count_quiet::<R>(&reach);
        }
        let single = if king_capture {
            self.count_single_captures::<R>(&jumps, &king_jumps)
        } else {
            self.count_single_jumps::<R>(&jumps)
        };
        match single {
            Ok(count) => count,
            // The kings are walked if they capture at all.
            Err(going_on) => self.count_longest_captures::<R>(going_on | if king_capture { self.kings } else { R::Bits::ZERO }),
        }
    }

    /// The number of longest captures when some capture takes two pieces or more:
    /// only the pieces on `starts` are walked, those that might go on.
    #[inline(always)]
    fn count_longest_captures<R: RuleBook<Bits = B>>(&self, starts: R::Bits) -> usize {
        let mut longest = LongestCaptures::new();
        self.walk_captures::<_, R, false>(starts, |from, path, ends, captured, _| {
            longest.offer(from, ends, captured, path.len() as u32 + 1);
        });
        longest.count as usize
    }

    /// The count of the rule sets without the majority rule or with short kings or
    /// crowning in passing: popcounts when nothing can be taken, else every route
    /// walked, the captures that repeat a move counted once.
    #[inline(always)]
    fn count_legal_moves_walked<R: RuleBook<Bits = B>>(&self) -> usize {
        let men_capture = || self.capturing_men::<R>() != R::Bits::ZERO;
        if R::ORTHOGONAL_CAPTURES {
            if self.own(self.side) & self.kings == R::Bits::ZERO {
                return self.count_orthogonal_men_moves::<R>();
            }
            if !self.has_capture_in::<R>() {
                return self.count_quiet::<R>(&self.king_slides::<R>());
            }
        } else if self.own(self.side) & self.kings == R::Bits::ZERO {
            // Men only: nothing of the kings' moves computed or tested.
            return self.count_men_moves::<R>();
        } else {
            let reach = self.king_slides::<R>();
            if !men_capture() && !self.has_king_capture::<R>(&reach) {
                return self.count_quiet::<R>(&reach);
            }
        }
        self.count_walked_from::<R>(self.capture_starts::<R>())
    }

    /// The moves of a side with men only, under the rule sets without a count of their
    /// own (not Frisian draughts): its steps by popcount when no man can capture; its
    /// captures by popcount when each is a single jump; else the men that can go on
    /// ([`Bitboards::men_going_on`]) walked, and under the majority rule only they (the
    /// captures that count take two pieces or more), without it the others' single
    /// jumps counted beside them.
    #[inline(always)]
    fn count_men_moves<R: RuleBook<Bits = B>>(&self) -> usize {
        let men = self.own(self.side);
        let jumps = self.men_jumps::<R>();
        let jumpers = each_direction::<R, _>(|d, _| men & jumps[d]);
        if jumpers.iter().fold(R::Bits::ZERO, |all, &j| all | j) == R::Bits::ZERO {
            return self.count_quiet::<R>(&[R::Bits::ZERO; 4]);
        }
        let going_on = self.men_going_on::<R>(&jumps, &jumpers);
        let single = |of: R::Bits| jumpers.iter().map(|&j| (j & of).count_ones()).sum::<u32>() as usize;
        if going_on == R::Bits::ZERO {
            if R::MAJORITY && R::KINGS_BREAK_TIES && R::MEN_TAKE_KINGS {
                // Spanish draughts: of single captures, those that take a king.
                let kings = self.own(self.side.opponent()) & self.kings;
                let over_kings = each_direction::<R, _>(|d, direction| jumpers[d] & shift(kings, -direction));
                let count = over_kings.iter().map(|j| j.count_ones()).sum::<u32>() as usize;
                if count > 0 {
                    return count;
                }
            }
            return single(!R::Bits::ZERO);
        }
        if R::MAJORITY {
            return self.count_walked_from::<R>(going_on);
        }
        single(!going_on) + self.count_walked_from::<R>(going_on)
    }

    /// The captures of the pieces on `starts` walked, those that the rule set's choice
    /// of capture keeps counted, the captures that repeat a move counted once.
    #[inline(always)]
    pub(super) fn count_walked_from<R: RuleBook<Bits = B>>(&self, starts: B) -> usize {
        let mut captures = LongestCaptures::new();
        self.walk_captures::<_, R, false>(starts, |from, path, ends, captured, crowned| {
            let taken = path.len() as u32 + 1;
            let key = if crowned { captured | crowned_key() } else { captured };
            if R::MAJORITY {
                // Ranked with the kings taken where they break ties: every capture is
                // then searched for a repeat, as the rank no longer tells its length.
                captures.offer(from, ends, key, self.capture_rank::<R>(from, path, ends, captured));
            } else {
                // Every capture counts: all offered as of one size, repeats found
                // among those that might repeat.
                captures.offer_any(from, ends, key, taken);
            }
        });
        captures.count as usize
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Position;
    use super::super::rules::Rules;
    use super::*;
    use crate::random::SplitMix64;

    /// The counts without a list (popcounts of steps, slides, single jumps and single
    /// king captures; the walked count of the rules without the majority) equal the
    /// list's length, on boards crowded with kings, where king captures that might go
    /// on, turn or meet another king are common, under every rule set.
    #[test]
    fn counts_equal_the_list_on_boards_with_many_kings() {
        counts_equal_the_list(true);
    }

    /// The same on boards of men only (kings only where a man would have been crowned):
    /// the count of a side without kings, single jumps by popcount and only the men
    /// that can go on walked, against the list.
    #[test]
    fn counts_equal_the_list_on_boards_of_men() {
        counts_equal_the_list(false);
    }

    /// Random boards of up to 24 pieces, kings half the time if `kings`, under every
    /// rule set: [`Position::count_legal_moves`] against the list's length.
    fn counts_equal_the_list(kings_too: bool) {
        // Breakthrough has no moves once a king stands on the board (the game is over).
        for &rules in Rules::ALL.iter().filter(|rules| !rules.first_king_wins()) {
            let geometry = rules.geometry();
            let mut random = SplitMix64::new(5);
            let mut moves = Vec::new();
            let (mut with_king_captures, mut men_captures_of_two) = (0, 0);
            for _ in 0..20_000 {
                let (mut white, mut black, mut kings) = (0u128, 0u128, 0u128);
                for _ in 0..random.below(24) {
                    let square = Square::numbered(1 + random.below(geometry.squares() as u64) as u8);
                    let mask = geometry.mask(square);
                    if (white | black) & mask != 0 {
                        continue;
                    }
                    if random.below(2) == 0 {
                        white |= mask
                    } else {
                        black |= mask
                    }
                    // Kings half the time; men never on the row that crowns them.
                    let crowning = (white & mask & geometry.crowning(Color::White))
                        | (black & mask & geometry.crowning(Color::Black));
                    if (kings_too && random.below(2) == 0) || crowning != 0 {
                        kings |= mask;
                    }
                }
                let side = if random.below(2) == 0 { Color::White } else { Color::Black };
                let position = Position { white, black, kings, side, rules, captures: Captures::Merged };
                position.legal_moves(&mut moves);
                assert_eq!(position.count_legal_moves(), moves.len(), "{rules} {}", position.to_fen());
                with_king_captures += usize::from(moves.iter().any(|m| m.is_capture() && kings & geometry.mask(m.from) != 0));
                men_captures_of_two += usize::from(
                    moves.iter().any(|m| m.is_capture() && kings & geometry.mask(m.from) == 0 && m.captured().count() > 1),
                );
            }
            // The boards did exercise the king captures' count, or the men's that go on.
            if kings_too {
                assert!(with_king_captures > 2000, "{rules} {with_king_captures}");
            } else {
                assert!(men_captures_of_two > 200, "{rules} {men_captures_of_two}");
            }
        }
    }
}
