//! Gomoku (and Renju) for the built-in engine: the runs of stones and their free
//! ends; only the points near the stones searched.
//!
//! **Openings.** The steps of an opening rule are not searched (a player may act
//! several times running, and the colours may change hands, which a negamax search
//! does not model); each is decided by a simple policy over the evaluation of the
//! stones as they would stand in ordinary play:
//!
//! - a **stone whose colour may still change hands** (the tentative Black's opening,
//!   Swap2's two extra stones, any stone a swap may follow) goes where the position is
//!   the most balanced: the least evaluation either way, among the points near the
//!   stones (the centre for the first; within the step's zone);
//! - a **stone whose colour is settled** is searched as in ordinary play;
//! - at a **swap**, the engine searches the position with the colour to move and keeps
//!   that colour if it is not worse for it, else swaps; at Swap2's three-way choice it
//!   keeps its colour when clearly better (by more than [`BALANCED`]), swaps when
//!   clearly worse, and between the two takes `+2`;
//! - a **declaration** asks for as many offers as the rule allows when Black stands
//!   clearly better, one when Black stands clearly worse, the middle of the range
//!   between;
//! - **offers** are the best fifth moves for Black, each searched one ply for White's
//!   answer; before Soosõrv's offers, the engine swaps if the N-th best offer is still
//!   worse for Black;
//! - the **choice** is the offer that is best for White, searched the same way;
//! - Taraguchi's choice 2 (offers instead of a 5th stone) is never taken: the engine
//!   plays choice 1.
//!
//! With a random style, near-equal choices are taken at random, as in the search.

use arbiter::Game;
use arbiter::gomoku::{self, Move, Point, Position, Step, Stone};
use arbiter::random::SplitMix64;

use super::Evaluate;
use crate::budget::{Budget, Style};
use crate::search;

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

/// An evaluation within this of zero is balanced, for the opening's decisions: an
/// open two's worth.
pub const BALANCED: i32 = 100;

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

    /// The empty points next to a stone (or the centre of an empty board); in an
    /// opening's step, every legal move.
    fn candidate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if self.opening_step().is_some() {
            *out = legal;
            return;
        }
        let board = self.board();
        if board.stones() == 0 {
            let centre = Move::Stone(Point { column: board.columns() / 2, row: board.rows() / 2 });
            out.extend(legal.iter().copied().filter(|&m| m == centre).take(1));
            if out.is_empty() {
                out.extend(legal.first().copied());
            }
            return;
        }
        out.extend(legal.into_iter().filter(|m| m.point().is_some_and(|p| near(board, p))));
    }

    fn own_move(&self, budget: Budget, style: Style) -> Option<Move> {
        let step = self.opening_step()?;
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let first = *legal.first()?;
        let mut policy = Policy { position: self, legal, budget, style, random: random(self, style) };
        Some(policy.decide(step).unwrap_or(first))
    }
}

/// Whether `point` lies within two points of a stone.
fn near(board: &gomoku::Board, point: Point) -> bool {
    (-2i32..=2).any(|dc| {
        (-2i32..=2).any(|dr| {
            let (c, r) = (i32::from(point.column) + dc, i32::from(point.row) + dr);
            c >= 0 && r >= 0 && board.stone_at(Point { column: c as u16, row: r as u16 }).is_some()
        })
    })
}

fn random(position: &Position, style: Style) -> Option<(SplitMix64, i32)> {
    let key = position.board().to_text().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    style.random.map(|(seed, margin)| (SplitMix64::new(seed ^ key ^ position.board().stones() as u64), margin))
}

/// The opening's decisions for one position.
struct Policy<'a> {
    position: &'a Position,
    legal: Vec<Move>,
    budget: Budget,
    style: Style,
    random: Option<(SplitMix64, i32)>,
}

impl Policy<'_> {
    fn decide(&mut self, step: Step) -> Option<Move> {
        match step {
            Step::Place { swap, two_more, .. } => {
                if swap || two_more {
                    let v = self.searched(&plain(self.position));
                    if two_more {
                        if v < -BALANCED {
                            return Some(Move::Swap);
                        }
                        if v <= BALANCED {
                            return Some(Move::TwoMore);
                        }
                    } else if v < 0 {
                        return Some(Move::Swap);
                    }
                }
                self.stone()
            }
            Step::Declare { max } => {
                let v = self.searched(&plain(self.position));
                let black = if self.position.turn() == Stone::Black { v } else { -v };
                let count = if black > BALANCED {
                    max
                } else if black < -BALANCED {
                    1
                } else {
                    max.div_ceil(2)
                };
                Some(Move::Declare(count))
            }
            Step::Offer { made, count, swap } => {
                let mut offers = self.offer_values();
                offers.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
                if swap && made == 0 {
                    let nth = offers.get(usize::from(count.max(1)) - 1).or(offers.last()).map_or(0, |&(_, v)| v);
                    if nth < 0 {
                        return Some(Move::Swap);
                    }
                }
                self.pick(offers.into_iter().map(|(point, value)| (Move::Offer(point), value)).collect())
            }
            Step::Choose => {
                let scored = self
                    .position
                    .offers()
                    .iter()
                    .map(|&point| (Move::Choose(point), self.answered(&with_stone(self.position, point))))
                    .collect();
                self.pick(scored)
            }
        }
    }

    /// The stone to place: searched if its colour is settled, else the most balanced.
    fn stone(&mut self) -> Option<Move> {
        let stones: Vec<Move> = self.legal.iter().copied().filter(|m| matches!(m, Move::Stone(_))).collect();
        let first = *stones.first()?;
        let mut after = self.position.clone();
        after.play(first);
        let settled = after.opening_step().is_none() || !after.colors_tentative();
        let board = self.position.board();
        if settled {
            let allowed = |mv: Move| stones.contains(&mv);
            let found = search::best_move(&plain(self.position), self.budget, self.style, allowed)?;
            return Some(found.best).filter(|mv| stones.contains(mv)).or(Some(first));
        }
        if board.stones() == 0 {
            let centre = Move::Stone(gomoku::centre(board));
            return Some(if stones.contains(&centre) { centre } else { first });
        }
        let close: Vec<Move> = stones.iter().copied().filter(|m| m.point().is_some_and(|p| near(board, p))).collect();
        let pool = if close.is_empty() { stones } else { close };
        let scored = pool
            .into_iter()
            .filter_map(|mv| {
                let point = mv.point()?;
                Some((mv, -with_stone(self.position, point).evaluate().abs()))
            })
            .collect();
        self.pick(scored)
    }

    /// Each legal offer near the stones with its worth for Black: White's best answer
    /// searched one ply.
    fn offer_values(&self) -> Vec<(Point, i32)> {
        let board = self.position.board();
        let points: Vec<Point> = self
            .legal
            .iter()
            .filter_map(|m| match m {
                Move::Offer(point) => Some(*point),
                _ => None,
            })
            .collect();
        let close: Vec<Point> = points.iter().copied().filter(|&p| near(board, p)).collect();
        let pool = if close.is_empty() { points } else { close };
        pool.into_iter().map(|point| (point, -self.answered(&with_stone(self.position, point)))).collect()
    }

    /// The worth of `position` for its side to move, searched one ply.
    fn answered(&self, position: &Position) -> i32 {
        let budget = Budget { depth: Some(1), ..self.budget };
        let style = Style { max_depth: 1, random: None };
        search::best_move(position, budget, style, |_| true).map_or_else(|| position.evaluate(), |found| found.score)
    }

    /// The worth of `position` for its side to move, searched two plies at most.
    fn searched(&self, position: &Position) -> i32 {
        let depth = self.style.max_depth.clamp(1, 2);
        let budget = Budget { depth: Some(depth), ..self.budget };
        let style = Style { max_depth: depth, random: None };
        search::best_move(position, budget, style, |_| true).map_or_else(|| position.evaluate(), |found| found.score)
    }

    /// The best scored move, or at random among those within the style's margin.
    fn pick(&mut self, scored: Vec<(Move, i32)>) -> Option<Move> {
        let best = scored.iter().map(|&(_, s)| s).max()?;
        match &mut self.random {
            Some((generator, margin)) => {
                let near: Vec<Move> = scored.iter().filter(|&&(_, s)| s >= best - *margin).map(|&(m, _)| m).collect();
                Some(near[generator.index(near.len())])
            }
            None => scored.iter().find(|&&(_, s)| s == best).map(|&(m, _)| m),
        }
    }
}

/// The stones of `position` as ordinary play, the colour to place next to move.
fn plain(position: &Position) -> Position {
    Position::from_board(position.rules(), position.board().clone(), position.turn())
}

/// The stones of `position` with the next stone on `point`, as ordinary play.
fn with_stone(position: &Position, point: Point) -> Position {
    let mut after = plain(position);
    after.play(Move::Stone(point));
    after
}

#[cfg(test)]
mod tests {
    use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};

    use crate::{Budget, Style, choose_move};

    fn game(opening: &str, moves: &str) -> AnyGame {
        let input = OptionsInput::new().with("rules", "renju").with("opening", opening);
        let mut game = AnyGame::new(&GameOptions::new(GameKind::Gomoku, &input).unwrap());
        for text in moves.split_whitespace() {
            game.play_text(text).unwrap();
        }
        game
    }

    fn choice(game: &AnyGame) -> String {
        choose_move(game, Budget { depth: Some(2), ..Budget::default() }, Style { max_depth: 2, random: None })
            .unwrap()
            .text
    }

    #[test]
    fn it_plays_every_step_of_every_opening_rule() {
        for opening in ["rif", "yamaguchi", "soosorv-8", "taraguchi-10", "swap", "swap2"] {
            for random in [None, Some((7, 30)), Some((8, 30))] {
                let mut game = game(opening, "");
                let style = Style { max_depth: 2, random };
                let budget = Budget { depth: Some(2), ..Budget::default() };
                for ply in 0..40 {
                    if game.task().is_none() && ply > 6 {
                        break;
                    }
                    let choice = choose_move(&game, budget, style).expect("a move");
                    game.play_text(&choice.text).unwrap_or_else(|e| panic!("{opening}: {e}"));
                }
                assert_eq!(game.task(), None, "{opening}: the engine finishes the opening");
            }
        }
    }

    #[test]
    fn it_swaps_away_from_the_worse_colour() {
        // Two black stones side by side against a white one in the corner: White is
        // worse, so the second player takes Black.
        assert_eq!(choice(&game("swap", "h8 a1 i8")), "swap");
        // Black's stones in the corners, White's on the centre: White keeps White.
        assert_ne!(choice(&game("swap", "a1 h8 o15")), "swap");
    }

    #[test]
    fn it_chooses_the_offer_best_for_white_and_offers_the_best_for_black() {
        // Black's offer next to its two stones makes an open three's start; the far one
        // does nothing. White takes the far one.
        let offers = game("rif", "h8 h9 j10 a15 offer:a1 offer:i9");
        assert_eq!(choice(&offers), "choose:a1");
        // Offering, the engine puts its stone near its own.
        let offering = game("rif", "h8 h9 j10 a15");
        let text = choice(&offering);
        let point = arbiter::gomoku::Point::parse(text.trim_start_matches("offer:")).unwrap();
        assert!(point.column.abs_diff(7) <= 3 && point.row.abs_diff(7) <= 3, "{text}");
    }
}
