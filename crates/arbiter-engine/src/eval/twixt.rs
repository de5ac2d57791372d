//! TwixT for the built-in engine: how far each side's linked pegs reach across the
//! board; only the holes near the pegs searched. The links are those the game's rule
//! set made (under TwixT PP, one's own may cross), so it plays either.

use arbiter::Game;
use arbiter::twixt::{self, Color as Peg};

use super::Evaluate;

impl Evaluate for twixt::Position {
    /// How far each side's best linked group reaches across its way: Black left to
    /// right, White bottom to top.
    fn evaluate(&self) -> i32 {
        let reach = |color: Peg| {
            let chain = self.board().winning_chain(color);
            if !chain.is_empty() {
                return 10_000;
            }
            let pegs: Vec<twixt::Peg> = self.board().pegs().filter(|&(_, c)| c == color).map(|(p, _)| p).collect();
            let span = |key: fn(&twixt::Peg) -> u16| {
                let (low, high) = pegs.iter().fold((u16::MAX, 0), |(l, h), p| (l.min(key(p)), h.max(key(p))));
                if pegs.is_empty() { 0 } else { i32::from(high - low) }
            };
            match color {
                Peg::Black => span(|p| p.x),
                Peg::White => span(|p| p.y),
            }
        };
        let own = twixt::Color::from_side(self.side_to_move());
        reach(own) * 10 - reach(own.opponent()) * 10
    }

    /// The holes within two of a peg (a link's reach), the swap if it is allowed;
    /// the middle of an empty board.
    fn candidate_moves(&self, out: &mut Vec<twixt::Move>) {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let pegs: Vec<twixt::Peg> = self.board().pegs().map(|(p, _)| p).collect();
        let middle = u16::try_from(self.board().size() / 2).unwrap_or(0);
        let near = |peg: &twixt::Peg| {
            if pegs.is_empty() {
                return peg.x.abs_diff(middle) <= 1 && peg.y.abs_diff(middle) <= 1;
            }
            pegs.iter().any(|p| p.x.abs_diff(peg.x) <= 2 && p.y.abs_diff(peg.y) <= 2)
        };
        out.clear();
        out.extend(legal.iter().copied().filter(|mv| match mv {
            twixt::Move::Place(peg) => near(peg),
            twixt::Move::Swap => true,
        }));
        if out.is_empty() {
            out.extend(legal);
        }
    }
}

#[cfg(test)]
mod tests {
    use arbiter::Game;
    use arbiter::twixt::{Peg, Position, Rules};

    use crate::search::{Budget, Style, WIN, best_move};

    /// Black's chain across 24x24 with one gap, k12, whose link to m11 crosses Black's
    /// own k13-l11 (White's pegs far away, but for one on k10).
    fn one_gap(rules: Rules) -> Position {
        let black = [
            (10, 12),
            (11, 10),
            (0, 10),
            (2, 11),
            (4, 10),
            (6, 11),
            (8, 10),
            (12, 10),
            (14, 11),
            (16, 10),
            (18, 11),
            (20, 10),
            (22, 11),
            (23, 9),
        ];
        let mut game = Position::with_rules(rules, 24, false).unwrap();
        for (i, &(x, y)) in black.iter().enumerate() {
            game.place(Peg { x, y }).unwrap();
            // White's first peg takes k10, which would join the chain without a crossing.
            let i = i as u16;
            let white = if i == 0 { Peg { x: 10, y: 9 } } else { Peg { x: 1 + 3 * (i % 7), y: 20 + i / 7 } };
            game.place(white).unwrap();
        }
        game
    }

    #[test]
    fn it_wins_through_an_own_crossing_link_under_pp_only() {
        // The position: k12 wins for Black under pp, through its link to m11 that
        // crosses Black's own k13-l11, and no peg wins under auto.
        for rules in [Rules::Pp, Rules::Auto] {
            let game = one_gap(rules);
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let wins: Vec<String> = moves
                .into_iter()
                .filter(|&mv| {
                    let mut after = game.clone();
                    after.play(mv);
                    after.outcome().is_some()
                })
                .map(|mv| mv.to_string())
                .collect();
            let expected: &[&str] = if rules == Rules::Pp { &["k12"] } else { &[] };
            assert_eq!(wins, expected, "{rules}");
        }
        let budget = Budget { depth: Some(1), ..Budget::default() };
        let pp = best_move(&one_gap(Rules::Pp), budget, Style::default(), |_| true).unwrap();
        assert_eq!(pp.best.to_string(), "k12");
        assert!(pp.score > WIN - 10, "{}", pp.score);
        let auto = best_move(&one_gap(Rules::Auto), budget, Style::default(), |_| true).unwrap();
        assert!(auto.score < WIN - 10, "no win in one where links do not cross: {auto:?}");
    }

    #[test]
    fn it_plays_a_pp_game_to_its_end() {
        let mut game = Position::with_rules(Rules::Pp, 9, true).unwrap();
        let budget = Budget { depth: Some(2), ..Budget::default() };
        let mut plies = 0;
        while game.outcome().is_none() {
            let found = best_move(&game, budget, Style::default(), |_| true).unwrap();
            game.play(found.best);
            plies += 1;
            assert!(plies <= 81, "a 9x9 game has at most 81 plies");
        }
        assert!(game.outcome().is_some());
    }
}
