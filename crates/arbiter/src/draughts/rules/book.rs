//! What a rule set is: the constants its generator is compiled with
//! ([`RuleBook`]), and the public name of each ([`Rules`]).

use crate::draughts::bits::{Bits, Wide};
use crate::draughts::geometry::{Color, Geometry};

/// A rule set of the draughts family, chosen by name (the `rules` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rules {
    /// International draughts (FMJD) on 10x10, the default.
    #[default]
    International,
    /// Brazilian draughts: the international rules on 8x8 (CBD, FMJD section 64).
    Brazilian,
    /// Russian draughts (shashki): free choice of capture, a man crowned in
    /// passing goes on as a king (FShR rules).
    Russian,
    /// English draughts, American checkers: short kings, men capture forward
    /// only, free choice of capture, Black moves first (EDA / WCDF rules).
    English,
    /// Killer draughts: the international rules, except that a king whose capture
    /// takes a king last stops on the square right behind it.
    Killer,
    /// Antidraughts (lidraughts): the international moves, and the side that cannot
    /// move (no piece left, or all blocked) wins.
    Antidraughts,
    /// Breakthrough (lidraughts): the international moves, and the first side to make
    /// a king wins.
    Breakthrough,
    /// American pool checkers: flying kings, men capture backwards, free choice of
    /// capture, Black moves first, crowning only where a move ends (APCA rules).
    Pool,
    /// Czech draughts: flying kings, men capture forward only, free choice of capture
    /// but a king's capture before a man's (Czech draughts federation rules).
    Czech,
    /// Spanish draughts: flying kings, men capture forward only, the capture of the
    /// most pieces and then of the most kings compulsory, on the turned board (Spanish
    /// draughts federation rules).
    Spanish,
    /// Italian draughts: short kings, men capture forward only and never a king, the
    /// capture of the most pieces, then with a king, then of the most kings, then of a
    /// king first, compulsory, on the turned board (Italian draughts federation rules).
    Italian,
    /// Thai draughts (Mak-hot): eight men a side on the two nearest rows, men capture
    /// forward only, kings fly but land right behind each piece they take, pieces come
    /// off one by one as they are taken, free choice of capture.
    Thai,
    /// Frisian draughts: men and kings capture along rows and columns too, flying
    /// kings, the capture of the highest value compulsory (a king worth less than two
    /// men), a king's simple moves limited (Frisian draughts federation rules).
    Frisian,
    /// Frysk! (lidraughts): Frisian draughts from five men each on the back row.
    Frysk,
    /// Canadian draughts: the international rules on 12x12, thirty men a side.
    Canadian,
}

/// What a rule set says, as constants, so that each rule set's generator is
/// compiled apart and its tests fold away. Every rule set is a unit type with these.
pub(crate) trait RuleBook: Copy + 'static {
    /// Its variant of the public enum.
    const SET: Rules;
    /// Its name, as the `rules` option gives it.
    const NAME: &'static str;
    /// Its name for people.
    const TITLE: &'static str;
    /// Its number in PDN's `[GameType]` tag.
    const GAME_TYPE: u32;
    /// Its board.
    const GEOMETRY: Geometry;
    /// The integer its board's bitboards are: `u64` up to 10x10, `u128` on 12x12.
    type Bits: Bits;
    /// The side that moves first from the start.
    const FIRST: Color;
    /// The capture that takes the most pieces is compulsory; without it, any capture is.
    const MAJORITY: bool;
    /// Kings move and capture along whole diagonals; without it, one square at a time.
    const FLYING_KINGS: bool;
    /// Men capture backwards too; without it, forwards only.
    const MEN_CAPTURE_BACKWARD: bool;
    /// A man that reaches the far row during a capture is crowned there and goes on
    /// capturing as a king; without it, it is crowned only where the move ends.
    const CROWN_IN_PASSING: bool;
    /// Squares are written as players of this rule set write them: `c3`
    /// (algebraic, from White's lower left) where true, numbers 1 to N where false.
    const ALGEBRAIC: bool;
    /// A king whose capture takes a king as its last piece must land on the square
    /// right behind that king (Killer draughts); without it, on any empty square
    /// behind, as a king's last capture may.
    const HALT_BEHIND_LAST_KING: bool = false;
    /// The side to move with no legal move (no piece left, or all blocked) wins
    /// (Antidraughts); without it, it loses.
    const NO_MOVE_WINS: bool = false;
    /// The first side to make a king wins, and the game ends there (Breakthrough):
    /// a position with a king on the board has no moves.
    const FIRST_KING_WINS: bool = false;
    /// Where a king can capture, only kings' captures may be chosen (Czech draughts);
    /// without it, men's and kings' alike.
    const KINGS_CAPTURE_FIRST: bool = false;
    /// Under the majority rule, of the captures that take the most pieces, those that
    /// take the most kings (Spanish draughts); without it, any of them.
    const KINGS_BREAK_TIES: bool = false;
    /// Men may take kings; without it (Italian draughts) men take men only.
    const MEN_TAKE_KINGS: bool = true;
    /// Under the majority rule, of the captures that take as many pieces, those made
    /// with a king come first, and after the kings taken ([`RuleBook::KINGS_BREAK_TIES`]),
    /// those that meet a king soonest (Italian draughts).
    const KING_THEN_ORDER: bool = false;
    /// A king lands on the square right behind every piece it takes, and goes on from
    /// there or stops there (Thai draughts); without it, on any empty square behind,
    /// as the rules of flying kings let it.
    const KINGS_LAND_RIGHT_BEHIND: bool = false;
    /// Pieces come off one by one as they are taken (Thai draughts): a piece taken no
    /// longer blocks, its square may be crossed again, and a king may turn back the way
    /// it came; without it they come off when the move ends, and block until then.
    const REMOVED_AS_TAKEN: bool = false;
    /// The men each side starts with on the rows nearest it, and the most pieces it can
    /// have: every square of all but the two middle rows (20 on 10x10, 12 on 8x8), or
    /// fewer (Thai draughts: 8, two rows; Frysk!: 5, the back row).
    const MEN_A_SIDE: usize = (Self::GEOMETRY.size() as usize / 2 - 1) * (Self::GEOMETRY.size() as usize / 2);
    /// Men and kings capture along the rows and columns too, over a piece two squares
    /// of the row or column away, as well as along the diagonals (Frisian draughts):
    /// the captures are walked by `frisian.rs`, on the 10x10 board only.
    const ORTHOGONAL_CAPTURES: bool = false;
    /// Under the majority rule, captures rank by their value, a king taken worth less
    /// than two men and more than one (so `k` kings are worth less than `2k` men and
    /// more than `2k - 1`), and of captures of equal value those made with a king
    /// first (Frisian draughts); without it, by the pieces taken.
    const VALUE_RANK: bool = false;
    /// A side with kings and men may make at most this many simple moves in a row
    /// with the same king (Frisian draughts: three); then that king may only capture,
    /// and another piece must move. 0: no limit. A rule of the history (`history.rs`).
    const SAME_KING_SIMPLE_MOVES: u8 = 0;
    /// One king against one king, neither able to capture nor bound to be captured
    /// after its next move, is a draw (Frisian draughts).
    const ONE_KING_EACH_DRAWS: bool = false;

    /// Every playable bit, as the widest integer holds it ([`RuleBook::playable`]
    /// narrows it).
    const PLAYABLE_WIDE: Wide = Self::GEOMETRY.playable();
    /// The four diagonal steps as bit offsets: up-left, up-right, down-left, down-right.
    const DIRECTIONS: [i32; 4] = Self::GEOMETRY.directions();
    /// The rows where White's and Black's men are crowned, as the widest integer holds them.
    const CROWNS_WIDE: [Wide; 2] = [Self::GEOMETRY.crowning(Color::White), Self::GEOMETRY.crowning(Color::Black)];
    /// The draughts that the fast counts (popcounts of single captures, the majority
    /// rule's longest captures) were written for: the international rules on any board.
    const INTERNATIONAL_LIKE: bool =
        Self::MAJORITY
            && Self::FLYING_KINGS
            && Self::MEN_CAPTURE_BACKWARD
            && !Self::CROWN_IN_PASSING
            && !Self::HALT_BEHIND_LAST_KING
            && !Self::KINGS_LAND_RIGHT_BEHIND
            && !Self::REMOVED_AS_TAKEN
            && !Self::ORTHOGONAL_CAPTURES;

    /// Every playable bit. A constant once inlined: the narrowing of a constant.
    #[inline(always)]
    fn playable() -> Self::Bits {
        Self::Bits::narrow(Self::PLAYABLE_WIDE)
    }

    /// The row where `color`'s men are crowned.
    #[inline(always)]
    fn promotion_row(color: Color) -> Self::Bits {
        match color {
            Color::White => Self::Bits::narrow(Self::CROWNS_WIDE[0]),
            Color::Black => Self::Bits::narrow(Self::CROWNS_WIDE[1]),
        }
    }

    /// `men` moved one step in each of the two directions of [`RuleBook::forward`],
    /// by constant shifts, bits off the board dropped.
    #[inline(always)]
    fn step_forward(color: Color, men: Self::Bits) -> [Self::Bits; 2] {
        // Constant shifts in each arm: White's directions are up the board (down the
        // bits), Black's down.
        match color {
            Color::White => [
                men.shift(Self::DIRECTIONS[0]) & Self::playable(),
                men.shift(Self::DIRECTIONS[1]) & Self::playable(),
            ],
            Color::Black => [
                men.shift(Self::DIRECTIONS[2]) & Self::playable(),
                men.shift(Self::DIRECTIONS[3]) & Self::playable(),
            ],
        }
    }

    /// The two directions `color`'s men move in.
    #[inline(always)]
    fn forward(color: Color) -> [i32; 2] {
        match color {
            Color::White => [Self::DIRECTIONS[0], Self::DIRECTIONS[1]],
            Color::Black => [Self::DIRECTIONS[2], Self::DIRECTIONS[3]],
        }
    }
}
