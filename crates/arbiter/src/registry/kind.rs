//! Which game is played: the games arbiter referees, their names, their sides' names,
//! the options each takes and their contest problems. Two parts of `GameKind` live
//! elsewhere, beside types that name a `GameKind` themselves: what its records look
//! like in `records.rs`, and reading it from its name (`FromStr`) in `error.rs`, with
//! the error that refuses an unknown name.

use std::fmt;
use std::io::{BufRead, Write};

use super::specs::{self, OptionSpec};
use crate::game::{Game, Side};
use crate::judge::JudgeError;
use crate::{draughts, gomoku, twixt, xiangqi};

/// The games arbiter referees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum GameKind {
    /// Chinese chess on 9x10 points, Red first ([`crate::xiangqi`]).
    Xiangqi,
    /// International draughts on 10x10 squares, White first ([`crate::draughts`]).
    Draughts,
    /// Gomoku and Renju on a board of any size, Black first ([`crate::gomoku`]).
    Gomoku,
    /// TwixT on a square board, Black first ([`crate::twixt`]).
    Twixt,
}

impl GameKind {
    /// Every game, in the order front ends list them.
    pub const ALL: [GameKind; 4] = [GameKind::Xiangqi, GameKind::Draughts, GameKind::Gomoku, GameKind::Twixt];

    /// The name in commands and JSON: `xiangqi`, `draughts`, `gomoku`, `twixt`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Draughts => "draughts",
            GameKind::Gomoku => "gomoku",
            GameKind::Twixt => "twixt",
        }
    }

    /// The name people read.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "Xiangqi",
            GameKind::Draughts => "International draughts",
            GameKind::Gomoku => "Gomoku",
            GameKind::Twixt => "TwixT",
        }
    }

    /// The game's word for a side: "red", "white", "black".
    #[must_use]
    pub fn side_name(self, side: Side) -> &'static str {
        match self {
            GameKind::Xiangqi => xiangqi::Position::side_name(side),
            GameKind::Draughts => draughts::Position::side_name(side),
            GameKind::Gomoku => gomoku::Position::side_name(side),
            GameKind::Twixt => twixt::Position::side_name(side),
        }
    }

    /// Every game's name, for messages: `xiangqi, draughts, gomoku or twixt`.
    #[must_use]
    pub fn names() -> String {
        let names = GameKind::ALL.map(GameKind::name);
        let (last, rest) = names.split_last().expect("at least one game");
        format!("{} or {last}", rest.join(", "))
    }

    /// The options the game takes.
    #[must_use]
    pub const fn options(self) -> &'static [OptionSpec] {
        match self {
            GameKind::Xiangqi => specs::XIANGQI_OPTIONS,
            GameKind::Draughts => specs::DRAUGHTS_OPTIONS,
            GameKind::Gomoku => specs::GOMOKU_OPTIONS,
            GameKind::Twixt => specs::TWIXT_OPTIONS,
        }
    }

    /// The names of the options the game takes.
    pub fn option_names(self) -> impl Iterator<Item = &'static str> + Clone {
        self.options().iter().map(|o| o.name)
    }

    /// Answers the game's contest problem (see `docs/judges/`): reads `input`, writes
    /// the answers to `output`, and warnings (input the format tolerates but that is
    /// probably a mistake) to `warnings`.
    pub fn judge(self, input: impl BufRead, output: impl Write, warnings: impl Write) -> Result<(), JudgeError> {
        match self {
            GameKind::Xiangqi => xiangqi::judge::run(input, output),
            GameKind::Draughts => draughts::judge::run(input, output, warnings),
            GameKind::Gomoku => gomoku::judge::run(input, output),
            GameKind::Twixt => twixt::judge::run(input, output),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
