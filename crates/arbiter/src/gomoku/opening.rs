//! The opening rules that tournaments start Renju and Gomoku games with: RIF (1996),
//! Yamaguchi, Soosõrv-N, Taraguchi-N, Swap and Swap2. Each is a short series of
//! steps before ordinary play: stones placed by a player who may not keep their colour,
//! swaps of colours, a declared number of fifth-move offers, the offers, and the choice
//! of one. This file states the rules: which step follows which, where a stone may go,
//! the 26 canonical Renju openings and the board's symmetries that decide whether two
//! offers are the same; the position (`position.rs`) plays the steps.
//!
//! The players are the sides ([`Side`]): the first side is the player who begins the
//! opening (the tentative Black), whatever colour the swaps leave them. A swap exchanges
//! the colours between the players; the stones keep theirs.

use std::fmt;
use std::str::FromStr;

use super::board::{Board, Point, Stone};
use crate::side::Side;

/// The most fifth-move offers a rule may ask for, and the largest N of `soosorv-N`,
/// `taraguchi-N` and of Yamaguchi's declaration. No rule text sets a bound; online
/// implementations offer up to 12 (AbstractPlay's Yamaguchi). On the boards these rules
/// are played on (15x15 and more), four stones leave at least 28 offers that are not
/// symmetric to each other, so a player can always make this many.
pub const MAX_OFFERS: u8 = 12;

/// The smallest board the rules with a centre are played on: Renju's 15x15.
pub const MIN_CENTRED_SIDE: u32 = 15;

/// An opening rule, chosen by name (`--opening`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// RIF's rule of 1996-2008: the tentative Black places one of the 26 openings, the
    /// tentative White may swap, White plays the 4th stone, Black offers two 5th moves
    /// and White chooses one.
    Rif,
    /// Yamaguchi's (2008): as RIF's, but the tentative Black declares with the opening
    /// how many 5th moves Black will offer (1 to [`MAX_OFFERS`]).
    Yamaguchi,
    /// Soosõrv-N (2011; Soosõrv-8 the World Championship's since 2017): the opening, a
    /// swap, the 4th stone with White's declaration of 1 to N offers, a second swap,
    /// the offers and the choice. Plain "Soosõrv" is N = 4.
    Soosorv(u8),
    /// Taraguchi-N (2011; Taraguchi-10 online and at RIF events): a swap may follow each
    /// of the first five stones, which go in growing central squares; after the 4th,
    /// Black may offer N 5th moves instead of placing one. Plain "Taraguchi" is N = 5.
    Taraguchi(u8),
    /// Gomoku's swap: the first player places three stones anywhere (black, white,
    /// black) and the second chooses a colour.
    Swap,
    /// Gomoku's Swap2 (world championships since 2009, Gomocup's `SWAP2BOARD`): as
    /// Swap, but the second player may instead place two more stones and let the first
    /// choose the colour.
    Swap2,
}

/// A name that is no opening rule's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown opening rule {:?}: expected none, rif, yamaguchi, soosorv-N or taraguchi-N (N from 1 to {MAX_OFFERS}), swap or swap2",
    crate::quote::excerpt(.0)
)]
pub struct UnknownOpening(pub String);

impl OpeningRule {
    /// The names the option lists, the common ones (`none`, no opening rule, first).
    pub const NAMES: [&'static str; 7] = ["none", "rif", "yamaguchi", "soosorv-8", "taraguchi-10", "swap", "swap2"];

    /// The rule's name as [`OpeningRule::parse`] reads it: `soosorv-8`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            OpeningRule::Rif => "rif".to_owned(),
            OpeningRule::Yamaguchi => "yamaguchi".to_owned(),
            OpeningRule::Soosorv(n) => format!("soosorv-{n}"),
            OpeningRule::Taraguchi(n) => format!("taraguchi-{n}"),
            OpeningRule::Swap => "swap".to_owned(),
            OpeningRule::Swap2 => "swap2".to_owned(),
        }
    }

    /// The rule as people write it: `Soosõrv-8`.
    #[must_use]
    pub fn title(self) -> String {
        match self {
            OpeningRule::Rif => "RIF".to_owned(),
            OpeningRule::Yamaguchi => "Yamaguchi".to_owned(),
            OpeningRule::Soosorv(n) => format!("Soosõrv-{n}"),
            OpeningRule::Taraguchi(n) => format!("Taraguchi-{n}"),
            OpeningRule::Swap => "Swap".to_owned(),
            OpeningRule::Swap2 => "Swap2".to_owned(),
        }
    }

    /// Reads a rule's name: `none` (no rule: `None`), `rif`, `yamaguchi`, `soosorv-N`,
    /// `taraguchi-N`, `swap`, `swap2`; `soosorv` and `taraguchi` alone are the original
    /// rules (N = 4 and 5). Case and the spelling `soosõrv` do not matter.
    pub fn parse(text: &str) -> Result<Option<OpeningRule>, UnknownOpening> {
        let lower = text.trim().to_lowercase().replace('õ', "o");
        let unknown = || UnknownOpening(text.to_owned());
        let numbered = |prefix: &str, plain: u8| -> Option<u8> {
            let rest = lower.strip_prefix(prefix)?;
            if rest.is_empty() {
                return Some(plain);
            }
            let digits = rest.strip_prefix('-')?;
            if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            digits.parse::<u8>().ok().filter(|n| (1..=MAX_OFFERS).contains(n))
        };
        let rule = match lower.as_str() {
            "none" | "" => return Ok(None),
            "rif" => OpeningRule::Rif,
            "yamaguchi" => OpeningRule::Yamaguchi,
            "swap" => OpeningRule::Swap,
            "swap2" => OpeningRule::Swap2,
            _ if lower.starts_with("soosorv") => OpeningRule::Soosorv(numbered("soosorv", 4).ok_or_else(unknown)?),
            _ if lower.starts_with("taraguchi") => {
                OpeningRule::Taraguchi(numbered("taraguchi", 5).ok_or_else(unknown)?)
            }
            _ => return Err(unknown()),
        };
        Ok(Some(rule))
    }

    /// Whether the rule places stones in squares around the centre and compares offers
    /// by the board's symmetries: every rule but Swap and Swap2, which need neither.
    #[must_use]
    pub const fn is_centred(self) -> bool {
        !matches!(self, OpeningRule::Swap | OpeningRule::Swap2)
    }

    /// Whether a board of `columns` x `rows` suits the rule: a square of odd side, 15 or
    /// more, for the rules with a centre; any board for Swap and Swap2.
    #[must_use]
    pub const fn fits(self, columns: u32, rows: u32) -> bool {
        !self.is_centred() || (columns == rows && columns % 2 == 1 && columns >= MIN_CENTRED_SIDE)
    }

    /// The first step of the opening.
    pub(crate) const fn first_step(self) -> Step {
        let zone = match self {
            OpeningRule::Swap | OpeningRule::Swap2 => Zone::Anywhere,
            OpeningRule::Taraguchi(_) => Zone::Square(1),
            _ => Zone::Opening,
        };
        Step::Place { stone: 1, zone, swap: false, two_more: false, offers: false }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for OpeningRule {
    type Err = UnknownOpening;

    /// A rule by name; `none` is refused here (use [`OpeningRule::parse`]).
    fn from_str(text: &str) -> Result<OpeningRule, UnknownOpening> {
        OpeningRule::parse(text)?.ok_or_else(|| UnknownOpening(text.to_owned()))
    }
}

/// Where a stone of the opening may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// Any empty point.
    Anywhere,
    /// So that the first three stones make one of the 26 canonical openings: the 1st
    /// on the centre, the 2nd within the central 3x3 square, the 3rd within the central
    /// 5x5 (RIF, Yamaguchi, Soosõrv).
    Opening,
    /// Within the central square of this side (Taraguchi: 1 the centre, then 3, 5, 7, 9).
    Square(u8),
}

/// What the opening asks of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Place the game's stone number `stone` (black when odd), in `zone`; or instead,
    /// where allowed: `swap` the colours, announce two more stones (`two_more`, Swap2's
    /// third option), or begin the fifth-move offers (`offers`, Taraguchi's choice 2).
    Place {
        /// The stone's number in the game, from 1.
        stone: u8,
        /// Where it may go.
        zone: Zone,
        /// Whether `swap` is a choice here.
        swap: bool,
        /// Whether `+2` is a choice here (Swap2).
        two_more: bool,
        /// Whether offers may begin here (Taraguchi's choice 2).
        offers: bool,
    },
    /// Declare how many fifth moves Black will offer, 1 to `max`.
    Declare {
        /// The most that may be declared.
        max: u8,
    },
    /// Offer fifth moves, `count` in all, `made` so far, no two symmetric; `swap` is a
    /// choice before the first (Soosõrv's second swap).
    Offer {
        /// The offers made so far.
        made: u8,
        /// The offers to make.
        count: u8,
        /// Whether `swap` is a choice here.
        swap: bool,
    },
    /// Choose one of the offers to be the 5th stone (then place the 6th).
    Choose,
}

impl Step {
    /// The colour of the stone this step places, if it places one.
    #[must_use]
    pub const fn stone_color(self) -> Option<Stone> {
        match self {
            Step::Place { stone, .. } if stone % 2 == 1 => Some(Stone::Black),
            Step::Place { .. } => Some(Stone::White),
            _ => None,
        }
    }

    /// Whether `swap` is one of the choices of this step.
    #[must_use]
    pub const fn may_swap(self) -> bool {
        matches!(self, Step::Place { swap: true, .. } | Step::Offer { swap: true, .. })
    }
}

/// The words of an ordinal: `1st`, `2nd`, `3rd`, `4th`.
pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl fmt::Display for Step {
    /// The step as a refusal names it: "the 4th stone (white) or a swap".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Place { stone, zone, swap, two_more, offers } => {
                let color = if stone % 2 == 1 { "black" } else { "white" };
                write!(f, "the {} stone ({color})", ordinal(u32::from(stone)))?;
                match zone {
                    Zone::Anywhere => {}
                    Zone::Opening if stone == 1 => f.write_str(" on the centre point")?,
                    Zone::Opening => write!(f, " within the central {0}x{0} square", 2 * stone - 1)?,
                    Zone::Square(1) => f.write_str(" on the centre point")?,
                    Zone::Square(side) => write!(f, " within the central {side}x{side} square")?,
                }
                let mut others = Vec::new();
                if swap {
                    others.push("swap");
                }
                if two_more {
                    others.push("+2 (two more stones)");
                }
                if offers {
                    others.push("fifth-move offers (offer:POINT)");
                }
                if !others.is_empty() {
                    write!(f, ", or {}", others.join(", or "))?;
                }
                Ok(())
            }
            Step::Declare { max } => {
                write!(f, "the number of fifth-move offers to be declared (declare:1 to declare:{max})")
            }
            Step::Offer { made, count, swap } => {
                write!(f, "fifth-move offers (offer:POINT, {made} of {count} made)")?;
                if swap {
                    f.write_str(", or swap")?;
                }
                Ok(())
            }
            Step::Choose => f.write_str("the choice of one fifth-move offer (choose:POINT)"),
        }
    }
}

/// A kind of move, as a refusal names what was tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone.
    Stone,
    /// `swap`.
    Swap,
    /// `+2`.
    TwoMore,
    /// `declare:N`.
    Declare,
    /// `offer:POINT`.
    Offer,
    /// `choose:POINT`.
    Choose,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Stone => "a stone",
            Action::Swap => "a swap",
            Action::TwoMore => "+2",
            Action::Declare => "a declaration",
            Action::Offer => "a fifth-move offer",
            Action::Choose => "a choice of offer",
        })
    }
}

/// Where the opening stands: the step asked for, who takes it, the offers made and the
/// number declared. The position keeps it until the opening is over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct OpeningState {
    pub(crate) step: Step,
    pub(crate) actor: Side,
    pub(crate) offers: Vec<Point>,
    pub(crate) declared: Option<u8>,
    /// Swap2: the second player chose `+2` and places the 4th and 5th stones.
    pub(crate) two_more: bool,
    /// The last move was a swap: the colours do not go back at once.
    pub(crate) swapped: bool,
}

/// A move of the opening just made, as the next step depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Done {
    Stone,
    Swap,
    TwoMore,
    Declared(u8),
    Offered,
    Chose,
}

/// Who takes a step: the player who began, the player holding a colour now, or the one
/// who took the last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Who {
    Opener,
    Holder(Stone),
    Same,
}

const fn place(stone: u32, zone: Zone, swap: bool) -> Step {
    Step::Place { stone: stone as u8, zone, swap, two_more: false, offers: false }
}

/// The colour of the game's stone number `stone` (from 1).
const fn color_of_stone(stone: u32) -> Stone {
    if stone % 2 == 1 { Stone::Black } else { Stone::White }
}

/// The step after `done`, with `stones` on the board now, and who takes it; `None` when
/// the opening is over and ordinary play begins (the player holding the colour to move
/// moves).
pub(crate) fn next_step(rule: OpeningRule, state: &OpeningState, done: Done, stones: u32) -> Option<(Step, Who)> {
    use OpeningRule::{Rif, Soosorv, Swap, Swap2, Taraguchi, Yamaguchi};
    // Offers and the choice go the same way in every rule that has them.
    match done {
        Done::Offered => {
            let made = state.offers.len() as u8;
            let count = match state.step {
                Step::Offer { count, .. } => count,
                _ => match rule {
                    Taraguchi(n) => n,
                    _ => state.declared.unwrap_or(2),
                },
            };
            return Some(if made < count {
                (Step::Offer { made, count, swap: false }, Who::Holder(Stone::Black))
            } else {
                (Step::Choose, Who::Holder(Stone::White))
            });
        }
        Done::Chose => return None,
        _ => {}
    }
    // The first three stones of the rules that begin with one of the 26 openings.
    if matches!(rule, Rif | Yamaguchi | Soosorv(_)) && done == Done::Stone && stones < 3 {
        return Some((place(stones + 1, Zone::Opening, false), Who::Opener));
    }
    if matches!(rule, Swap | Swap2) && done == Done::Stone && stones < 3 {
        return Some((place(stones + 1, Zone::Anywhere, false), Who::Opener));
    }
    let white = Who::Holder(Stone::White);
    let black = Who::Holder(Stone::Black);
    match (rule, done, stones) {
        (Rif, Done::Stone, 3) | (Yamaguchi, Done::Declared(_), 3) | (Soosorv(_), Done::Stone, 3) => {
            Some((place(4, Zone::Anywhere, true), white))
        }
        (Rif | Yamaguchi | Soosorv(_), Done::Swap, 3) => Some((place(4, Zone::Anywhere, false), white)),
        (Yamaguchi, Done::Stone, 3) => Some((Step::Declare { max: MAX_OFFERS }, Who::Opener)),
        (Rif, Done::Stone, 4) => Some((Step::Offer { made: 0, count: 2, swap: false }, black)),
        (Yamaguchi, Done::Stone, 4) => {
            Some((Step::Offer { made: 0, count: state.declared.unwrap_or(1), swap: false }, black))
        }
        (Soosorv(max), Done::Stone, 4) => Some((Step::Declare { max }, white)),
        (Soosorv(_), Done::Declared(count), 4) => Some((Step::Offer { made: 0, count, swap: true }, black)),
        (Soosorv(_), Done::Swap, 4) => {
            Some((Step::Offer { made: 0, count: state.declared.unwrap_or(1), swap: false }, black))
        }
        (Taraguchi(_), Done::Stone | Done::Swap, 1..=3) => {
            let zone = Zone::Square(2 * stones as u8 + 1);
            Some((place(stones + 1, zone, done == Done::Stone), Who::Holder(color_of_stone(stones + 1))))
        }
        (Taraguchi(_), Done::Stone, 4) => {
            Some((Step::Place { stone: 5, zone: Zone::Square(9), swap: true, two_more: false, offers: true }, black))
        }
        (Taraguchi(_), Done::Swap, 4) => Some((place(5, Zone::Square(9), false), black)),
        (Taraguchi(_), Done::Stone, 5) | (Swap, Done::Stone, 3) => Some((place(stones + 1, Zone::Anywhere, true), white)),
        (Swap2, Done::Stone, 3) if !state.two_more => Some((
            Step::Place { stone: 4, zone: Zone::Anywhere, swap: true, two_more: true, offers: false },
            white,
        )),
        (Swap2, Done::TwoMore, 3) | (Swap2, Done::Stone, 4) if state.two_more => {
            Some((place(stones + 1, Zone::Anywhere, false), Who::Same))
        }
        (Swap2, Done::Stone, 5) if state.two_more => Some((place(6, Zone::Anywhere, true), white)),
        // Every other move ends the opening: a stone or a swap at the last decision.
        _ => None,
    }
}

/// Whether the colours may still change: a swap is a choice now or later in the opening.
pub(crate) fn colors_tentative(rule: OpeningRule, step: Step) -> bool {
    if step.may_swap() {
        return true;
    }
    match (rule, step) {
        (_, Step::Choose | Step::Offer { .. }) => false,
        (_, Step::Declare { .. }) => true,
        (OpeningRule::Rif | OpeningRule::Yamaguchi, Step::Place { stone, .. }) => stone <= 3,
        (OpeningRule::Taraguchi(_), Step::Place { stone, .. }) => stone <= 5,
        (OpeningRule::Soosorv(_) | OpeningRule::Swap | OpeningRule::Swap2, Step::Place { .. }) => true,
    }
}

/// Whether `point` lies in `zone` for the game's stone number `stone`, on `board`.
pub(crate) fn in_zone(board: &Board, point: Point, zone: Zone, stone: u8) -> bool {
    let side = match zone {
        Zone::Anywhere => return true,
        Zone::Opening => 2 * stone - 1,
        Zone::Square(side) => side,
    };
    let reach = i32::from(side / 2);
    let (dc, dr) = offset(board, point);
    dc.abs() <= reach && dr.abs() <= reach
}

/// The corners of the central square of side `side`: (bottom left, top right).
pub(crate) fn square_corners(board: &Board, side: u8) -> (Point, Point) {
    let reach = u16::from(side / 2);
    let centre = centre(board);
    let low = Point { column: centre.column.saturating_sub(reach), row: centre.row.saturating_sub(reach) };
    let high = Point { column: centre.column + reach, row: centre.row + reach };
    (low, high)
}

/// The centre point (of an odd board; the lower-left of the middle four otherwise).
#[must_use]
pub fn centre(board: &Board) -> Point {
    Point { column: (board.columns() - 1) / 2, row: (board.rows() - 1) / 2 }
}

/// `point` as (column, row) steps from the centre.
fn offset(board: &Board, point: Point) -> (i32, i32) {
    let c = centre(board);
    (i32::from(point.column) - i32::from(c.column), i32::from(point.row) - i32::from(c.row))
}

/// The eight symmetries of the square: symmetry `k` (0 to 7) of the offset `(dc, dr)`;
/// 0 is the identity.
const fn turn(k: u8, (dc, dr): (i32, i32)) -> (i32, i32) {
    let (a, b) = if k & 4 == 0 { (dc, dr) } else { (dr, dc) };
    let a = if k & 1 == 0 { a } else { -a };
    let b = if k & 2 == 0 { b } else { -b };
    (a, b)
}

/// The stones of `board` as offsets from the centre with their colours.
pub(crate) fn stones_about_centre(board: &Board) -> Vec<((i32, i32), Stone)> {
    let mut stones = Vec::with_capacity(board.stones() as usize);
    for column in 0..board.columns() {
        for row in 0..board.rows() {
            let point = Point { column, row };
            if let Some(stone) = board.stone_at(point) {
                stones.push((offset(board, point), stone));
            }
        }
    }
    stones
}

/// Whether Black's offers `a` and `b` give the same position, turned or mirrored: some
/// symmetry of the (square) board takes the stones with `a` onto the stones with `b`,
/// colours kept. `stones` are the board's, from [`stones_about_centre`].
pub(crate) fn same_offer(board: &Board, stones: &[((i32, i32), Stone)], a: Point, b: Point) -> bool {
    if a == b {
        return true;
    }
    let (a, b) = (offset(board, a), offset(board, b));
    let holds = |at: (i32, i32), color: Stone| {
        if at == b {
            color == Stone::Black
        } else {
            stones.iter().any(|&(s, c)| s == at && c == color)
        }
    };
    (1..8).any(|k| holds(turn(k, a), Stone::Black) && stones.iter().all(|&(s, c)| holds(turn(k, s), c)))
}

/// One of the 26 canonical Renju openings: Black 1 on the centre, White 2 next to it
/// (direct: straight above it, `h9`; indirect: diagonally, `i9`), Black 3 within the
/// central 5x5, named and numbered as RIF names them (`2I`, Kyogetsu).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RenjuOpening {
    /// 1 to 13.
    pub number: u8,
    /// White 2 straight next to Black 1 (`D`), or diagonally (`I`).
    pub direct: bool,
}

/// Black 3 of each direct opening, 1D to 13D, as (column, row) steps from Black 1, with
/// White 2 on (0, 1); then the names.
const DIRECT: [(i32, i32); 13] =
    [(0, 2), (1, 2), (2, 2), (1, 1), (2, 1), (1, 0), (2, 0), (0, -1), (1, -1), (2, -1), (0, -2), (1, -2), (2, -2)];
/// Black 3 of each indirect opening, 1I to 13I, with White 2 on (1, 1).
const INDIRECT: [(i32, i32); 13] = [
    (2, 2),
    (2, 1),
    (2, 0),
    (2, -1),
    (2, -2),
    (1, 0),
    (1, -1),
    (1, -2),
    (0, -1),
    (0, -2),
    (-1, -1),
    (-1, -2),
    (-2, -2),
];
const DIRECT_NAMES: [(&str, &str); 13] = [
    ("Kansei", "寒星"),
    ("Keigetsu", "溪月"),
    ("Sosei", "疎星"),
    ("Kagetsu", "花月"),
    ("Zangetsu", "残月"),
    ("Ugetsu", "雨月"),
    ("Kinsei", "金星"),
    ("Shogetsu", "松月"),
    ("Kyugetsu", "丘月"),
    ("Shingetsu", "新月"),
    ("Zuisei", "瑞星"),
    ("Sangetsu", "山月"),
    ("Yusei", "遊星"),
];
const INDIRECT_NAMES: [(&str, &str); 13] = [
    ("Chosei", "長星"),
    ("Kyogetsu", "峡月"),
    ("Kosei", "恒星"),
    ("Suigetsu", "水月"),
    ("Ryusei", "流星"),
    ("Ungetsu", "雲月"),
    ("Hogetsu", "浦月"),
    ("Rangetsu", "嵐月"),
    ("Gingetsu", "銀月"),
    ("Myojo", "明星"),
    ("Shagetsu", "斜月"),
    ("Meigetsu", "名月"),
    ("Suisei", "彗星"),
];

impl RenjuOpening {
    /// All 26, 1D to 13D then 1I to 13I.
    #[must_use]
    pub fn all() -> Vec<RenjuOpening> {
        [true, false]
            .into_iter()
            .flat_map(|direct| (1..=13).map(move |number| RenjuOpening { number, direct }))
            .collect()
    }

    /// `2I`.
    #[must_use]
    pub fn code(self) -> String {
        format!("{}{}", self.number, if self.direct { 'D' } else { 'I' })
    }

    /// The name in Japanese, romanised: `Kyogetsu`.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.names().0
    }

    /// The name in kanji: `峡月`.
    #[must_use]
    pub fn kanji(self) -> &'static str {
        self.names().1
    }

    fn names(self) -> (&'static str, &'static str) {
        let table = if self.direct { &DIRECT_NAMES } else { &INDIRECT_NAMES };
        table[usize::from(self.number.clamp(1, 13) - 1)]
    }

    /// Its three stones on the 15x15 board in the standard orientation, as (point,
    /// colour): Black `h8`, White `h9` or `i9`, Black 3.
    #[must_use]
    pub fn stones(self) -> [(Point, Stone); 3] {
        let at = |(dc, dr): (i32, i32)| Point { column: (7 + dc) as u16, row: (7 + dr) as u16 };
        let (white, table) = if self.direct { ((0, 1), &DIRECT) } else { ((1, 1), &INDIRECT) };
        let third = table[usize::from(self.number.clamp(1, 13) - 1)];
        [(at((0, 0)), Stone::Black), (at(white), Stone::White), (at(third), Stone::Black)]
    }

    /// The opening that the board's three stones make, in any of the eight symmetries
    /// of the board: Black on the centre, one White stone and one more Black; `None` if
    /// they make none of the 26 (or the board holds other than these three stones).
    #[must_use]
    pub fn of_board(board: &Board) -> Option<RenjuOpening> {
        if board.stones() != 3 || board.stone_at(centre(board)) != Some(Stone::Black) {
            return None;
        }
        let stones = stones_about_centre(board);
        let white = stones.iter().find(|&&(_, c)| c == Stone::White)?.0;
        let third = stones.iter().find(|&&(s, c)| c == Stone::Black && s != (0, 0))?.0;
        (0..8).find_map(|k| {
            let (w, b) = (turn(k, white), turn(k, third));
            let (table, direct) = match w {
                (0, 1) => (&DIRECT, true),
                (1, 1) => (&INDIRECT, false),
                _ => return None,
            };
            let index = table.iter().position(|&s| s == b)?;
            Some(RenjuOpening { number: index as u8 + 1, direct })
        })
    }
}

impl fmt::Display for RenjuOpening {
    /// `2I Kyogetsu (峡月)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ({})", self.code(), self.name(), self.kanji())
    }
}

/// The image of `point` under symmetry `k` (0 to 7) of a square board: for tests and
/// front ends that show an opening turned.
#[must_use]
pub fn symmetric_point(board: &Board, point: Point, k: u8) -> Option<Point> {
    let (dc, dr) = turn(k % 8, offset(board, point));
    let c = centre(board);
    let column = u16::try_from(i32::from(c.column) + dc).ok()?;
    let row = u16::try_from(i32::from(c.row) + dr).ok()?;
    let image = Point { column, row };
    board.contains(image).then_some(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_read_back() {
        for name in ["rif", "yamaguchi", "soosorv-8", "soosorv-1", "taraguchi-10", "swap", "swap2"] {
            assert_eq!(OpeningRule::parse(name).unwrap().unwrap().name(), name);
        }
        assert_eq!(OpeningRule::parse("none"), Ok(None));
        assert_eq!(OpeningRule::parse("Soosõrv"), Ok(Some(OpeningRule::Soosorv(4))));
        assert_eq!(OpeningRule::parse("taraguchi"), Ok(Some(OpeningRule::Taraguchi(5))));
        for bad in ["soosorv-0", "soosorv-13", "soosorv-08", "soosorv8", "taraguchi-", "swap3", "pro"] {
            assert!(OpeningRule::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_symmetries_are_eight_and_distinct() {
        let images: std::collections::HashSet<(i32, i32)> = (0..8).map(|k| turn(k, (1, 2))).collect();
        assert_eq!(images.len(), 8);
        assert_eq!(turn(0, (1, 2)), (1, 2));
    }

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21].into_iter().map(ordinal).collect();
        assert_eq!(words, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st"]);
    }
}
