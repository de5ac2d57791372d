//! A game's record: its tags, its moves with their comments, and its result, taken
//! from a game or made from parts. It is written as text in `write.rs`, and in its
//! game's own format by [`Record::write`], in `format.rs` with the formats.

use arbiter::{AnyGame, GameKind, Side};

use super::result::GameResult;

/// A game's record: tags in order, the moves with their comments, the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game recorded: it decides how the result is written (`2-0` in draughts) and
    /// the players' tag names (`Red`, `White`).
    pub kind: GameKind,
    /// Tags in the order they are written; [`Record::set_tag`] keeps one of each.
    pub tags: Vec<(String, String)>,
    /// The moves as they are written.
    pub moves: Vec<String>,
    /// A comment after each move, by index (shorter than `moves` if the last have
    /// none).
    pub comments: Vec<Option<String>>,
    /// A comment before the result.
    pub closing_comment: Option<String>,
    /// The result written after the moves. Set it with [`Record::set_result`] to keep
    /// the `Result` tag the same.
    pub result: GameResult,
    /// Whether the first move is the second side's (a position with it to move).
    pub(super) second_moves_first: bool,
}

impl Record {
    /// The record of `game` so far: the tags of its kind and start, its moves (in
    /// `notation`, one of [`GameKind::record_notations`]; the standard one by default),
    /// and the result the rules gave.
    #[must_use]
    pub fn of(game: &AnyGame, notation: Option<&str>) -> Record {
        let kind = game.kind();
        let start = game.options().start_tags();
        let mut tags = Vec::new();
        if let Some(name) = start.game {
            tags.push(("Game".to_owned(), name.to_owned()));
        }
        tags.push(("Event".to_owned(), "?".to_owned()));
        tags.push(("Site".to_owned(), "?".to_owned()));
        tags.push(("Date".to_owned(), "????.??.??".to_owned()));
        tags.push(("Round".to_owned(), "?".to_owned()));
        for side in [Side::First, Side::Second] {
            tags.push((tag_name(kind.side_name(side)), "?".to_owned()));
        }
        tags.push(("Result".to_owned(), "*".to_owned()));
        tags.extend(start.tags);
        let moves = match notation.and_then(|name| game.moves_in(name)) {
            Some(texts) => texts.to_vec(),
            None => game.moves().iter().map(|m| kind.record_text(&m.text)).collect(),
        };
        let result = game.outcome().map_or(GameResult::Unfinished, |o| GameResult::of_winner(o.winner()));
        let first_mover = if start.second_moves_first { Side::Second } else { Side::First };
        let mut record = Record::from_parts(kind, tags, moves, result, first_mover);
        record.set_notation(notation);
        record.set_result(result);
        record
    }

    /// A record from its parts: tags as they are to be written, moves as written, the
    /// result (its tag is not touched), and the side that makes the first move.
    #[must_use]
    pub fn from_parts(
        kind: GameKind,
        tags: Vec<(String, String)>,
        moves: Vec<String>,
        result: GameResult,
        first_mover: Side,
    ) -> Record {
        Record {
            kind,
            tags,
            moves,
            comments: Vec::new(),
            closing_comment: None,
            result,
            second_moves_first: first_mover == Side::Second,
        }
    }

    /// Sets tag `name` (in place if it is there, else at the end).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, old)) => *old = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The value of tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the result and its tag.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
        self.set_tag("Result", result.token(self.kind));
    }

    /// Names the player of `side` (the `Red`/`Black`, `White`/`Black` tags).
    pub fn set_player(&mut self, side: Side, name: &str) {
        let tag = tag_name(self.kind.side_name(side));
        self.set_tag(&tag, name);
    }

    /// The player of `side`, as its tag names them.
    #[must_use]
    pub fn player(&self, side: Side) -> Option<&str> {
        self.tag(&tag_name(self.kind.side_name(side)))
    }

    /// Says in the tags which notation the moves are in (`[Format "WXF"]` for
    /// Xiangqi), `notation` one of [`GameKind::record_notations`] or `None` for the
    /// standard one; games whose records have one notation have no such tag.
    pub fn set_notation(&mut self, notation: Option<&str>) {
        if let Some((name, value)) = self.kind.notation_tag(notation) {
            self.set_tag(name, value);
        }
    }

    /// Sets the comment after move `index` (from 0).
    pub fn set_comment(&mut self, index: usize, comment: impl Into<String>) {
        if self.comments.len() <= index {
            self.comments.resize(index + 1, None);
        }
        self.comments[index] = Some(comment.into());
    }
}

/// `red` as a tag name: `Red`.
fn tag_name(side: &str) -> String {
    let mut chars = side.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
