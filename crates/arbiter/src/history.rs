//! A game together with the positions it went through, for the rules that look back:
//! a draw when the same position occurs for the third time (international draughts).

use crate::game::{Game, MoveError, Outcome, Side};

/// Wraps a position with the repetition keys of every position since the start.
/// It plays like the position itself, and ends the game in a draw when the
/// position's [`Game::repetition_key`] has occurred as often as the rule says.
#[derive(Clone, Debug)]
pub struct WithHistory<G: Game> {
    position: G,
    seen: Vec<u64>,
}

impl<G: Game> WithHistory<G> {
    pub fn new(position: G) -> Self {
        let seen = position.repetition_key().map(|(key, _)| vec![key]).unwrap_or_default();
        WithHistory { position, seen }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.position
    }

    fn repeated(&self) -> bool {
        match self.position.repetition_key() {
            Some((key, times)) => self.seen.iter().filter(|&&k| k == key).count() >= times,
            None => false,
        }
    }
}

impl<G: Game> Game for WithHistory<G> {
    type Move = G::Move;

    fn side_name(side: Side) -> &'static str {
        G::side_name(side)
    }

    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn position_text(&self) -> String {
        self.position.position_text()
    }

    fn legal_moves(&self, out: &mut Vec<G::Move>) {
        if self.repeated() {
            out.clear();
        } else {
            self.position.legal_moves(out);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.repeated() { 0 } else { self.position.count_legal_moves() }
    }

    fn play(&mut self, mv: G::Move) {
        self.position.play(mv);
        if let Some((key, _)) = self.position.repetition_key() {
            self.seen.push(key);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| self.repeated().then_some(Outcome::Draw { reason: "threefold repetition" }))
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, MoveError> {
        if self.repeated() {
            return Err(MoveError::GameOver);
        }
        self.position.parse_move(text)
    }

    fn perft(&self, depth: u32) -> u64 {
        self.position.perft(depth)
    }

    fn repetition_key(&self) -> Option<(u64, usize)> {
        self.position.repetition_key()
    }
}
