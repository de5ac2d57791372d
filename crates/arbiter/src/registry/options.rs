//! A game's options: what a user may choose (a start position, the rule set, the
//! board's size, the swap rule, the move limit), read the same way from command-line
//! flags and from JSON, checked once, with every default filled in.

use std::fmt;

use super::error::{Conflict, OptionsError};
use super::kind::GameKind;
use super::specs::MAX_MOVE_LIMIT;
use crate::gomoku::{self, Rules};
use crate::{draughts, twixt, xiangqi};

/// Options as a user gives them: every field optional, each game taking some.
/// [`GameOptions::new`] checks them for a game and fills in the defaults; with the
/// `serde` feature this is also the options' JSON form (unknown fields refused).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(deny_unknown_fields, default))]
pub struct OptionsInput {
    /// The start position, FEN (Xiangqi, draughts).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub fen: Option<String>,
    /// The start position as board text (Gomoku): rows from the top joined by `/`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub board: Option<String>,
    /// The rule set (Gomoku): freestyle, standard, renju or caro.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rules: Option<String>,
    /// Points a side (Gomoku, TwixT).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub size: Option<u32>,
    /// Rows of a board that is not square (Gomoku).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rows: Option<u32>,
    /// Columns of a board that is not square (Gomoku).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cols: Option<u32>,
    /// The swap (pie) rule (TwixT).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub swap: Option<bool>,
    /// Moves by each side without a capture that draw; 0 for no limit (Xiangqi).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub move_limit: Option<u32>,
    /// The reading of the disputed chase rules (Xiangqi): axf or engines.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub chase_rules: Option<String>,
}

impl OptionsInput {
    /// The options that are set, by name, in the order of the fields.
    fn given(&self) -> impl Iterator<Item = &'static str> {
        [
            ("fen", self.fen.is_some()),
            ("board", self.board.is_some()),
            ("rules", self.rules.is_some()),
            ("size", self.size.is_some()),
            ("rows", self.rows.is_some()),
            ("cols", self.cols.is_some()),
            ("swap", self.swap.is_some()),
            ("move_limit", self.move_limit.is_some()),
            ("chase_rules", self.chase_rules.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, set)| set.then_some(name))
    }

    /// Sets the start position, whichever option gives it for `kind` (`fen`, or
    /// `board` for Gomoku): for front ends with one flag for both.
    pub fn set_position(&mut self, kind: GameKind, text: String) {
        match kind {
            GameKind::Gomoku => self.board = Some(text),
            _ => self.fen = Some(text),
        }
    }
}

fn invalid(option: &'static str, message: impl fmt::Display) -> OptionsError {
    OptionsError::Invalid { option, message: message.to_string() }
}

/// Xiangqi: the start position, the move limit and the reading of the chase rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XiangqiOptions {
    /// The start position's FEN, as given (known to be readable), or the standard start.
    pub fen: String,
    /// The rules that look back: the move limit (0 for none, at most 10,000) and the
    /// reading of the chase rules (the AXF rule book by default).
    pub settings: xiangqi::Settings,
}

/// International draughts: the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraughtsOptions {
    /// The start position's FEN, as given (known to be readable), or the standard start.
    pub fen: String,
}

/// Gomoku: the rule set and the board, empty of the given size or as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GomokuOptions {
    /// The rule set; standard (exactly five) by default.
    pub rules: Rules,
    /// The board's width, 1 to [`gomoku::MAX_SIDE`] (15 by default, or the width of `board`).
    pub columns: u32,
    /// The board's height, 1 to [`gomoku::MAX_SIDE`] (15 by default, or the height of `board`).
    pub rows: u32,
    /// Board text to start from, rewritten in the form [`gomoku::Board::to_text`] gives
    /// (lower case); `None` for an empty board.
    pub board: Option<String>,
}

/// TwixT: the board's size and the swap rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwixtOptions {
    /// Points a side, 3 to [`twixt::MAX_SIZE`]; 24 by default.
    pub size: u32,
    /// Whether White may take over Black's first peg; off by default.
    pub swap: bool,
}

/// A game's options, checked, with every default filled in: they say exactly which
/// game is played, and [`crate::AnyGame::new`] starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameOptions {
    /// A game of Xiangqi.
    Xiangqi(XiangqiOptions),
    /// A game of international draughts.
    Draughts(DraughtsOptions),
    /// A game of Gomoku or Renju.
    Gomoku(GomokuOptions),
    /// A game of TwixT.
    Twixt(TwixtOptions),
}

/// Gomoku's default board.
const GOMOKU_SIDE: u32 = 15;
/// TwixT's standard board.
const TWIXT_SIDE: u32 = 24;

impl GameOptions {
    /// Checks `input` for a game of `kind` and fills in the defaults. Refuses options
    /// that do not apply to the game, values out of range, and start positions that
    /// cannot be read or could never arise in a game.
    pub fn new(kind: GameKind, input: &OptionsInput) -> Result<GameOptions, OptionsError> {
        if let Some(option) = input.given().find(|o| !kind.option_names().any(|name| name == *o)) {
            return Err(OptionsError::NotApplicable { option, game: kind });
        }
        let options = match kind {
            GameKind::Xiangqi => {
                let fen = input.fen.clone().unwrap_or_else(|| xiangqi::START_FEN.to_owned());
                xiangqi::Position::from_fen(&fen).map_err(|e| invalid("fen", e))?;
                let move_limit = input.move_limit.unwrap_or(xiangqi::Settings::DEFAULT_MOVE_LIMIT);
                if move_limit > MAX_MOVE_LIMIT {
                    return Err(invalid("move_limit", format!("at most {MAX_MOVE_LIMIT} moves (0 for no limit)")));
                }
                let chase_rules = match &input.chase_rules {
                    // The refusal quotes only the start of a name that runs on.
                    Some(name) => name.parse().map_err(|xiangqi::UnknownChaseRules(name)| {
                        invalid("chase_rules", xiangqi::UnknownChaseRules(crate::lines::excerpt(&name)))
                    })?,
                    None => xiangqi::ChaseRules::default(),
                };
                GameOptions::Xiangqi(XiangqiOptions { fen, settings: xiangqi::Settings { move_limit, chase_rules } })
            }
            GameKind::Draughts => {
                let fen = input.fen.clone().unwrap_or_else(|| draughts::START_FEN.to_owned());
                draughts::Position::from_fen(&fen).map_err(|e| invalid("fen", e))?;
                GameOptions::Draughts(DraughtsOptions { fen })
            }
            GameKind::Gomoku => {
                let rules: Rules = input
                    .rules
                    .as_deref()
                    .unwrap_or(Rules::default().name())
                    .parse()
                    .map_err(|e| invalid("rules", e))?;
                let sized = input.size.is_some() || input.rows.is_some() || input.cols.is_some();
                if let Some(text) = &input.board {
                    if sized {
                        return Err(OptionsError::Conflict(Conflict::BoardGivesSize));
                    }
                    let (board, _) = gomoku::Board::from_text(text).map_err(|e| invalid("board", e))?;
                    let (columns, rows) = (u32::from(board.columns()), u32::from(board.rows()));
                    GameOptions::Gomoku(GomokuOptions { rules, columns, rows, board: Some(board.to_text()) })
                } else {
                    let (columns, rows) = match (input.size, input.rows, input.cols) {
                        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                            return Err(OptionsError::Conflict(Conflict::SizeAndRowsOrCols));
                        }
                        (Some(n), None, None) => (n, n),
                        (None, rows, cols) => (cols.unwrap_or(GOMOKU_SIDE), rows.unwrap_or(GOMOKU_SIDE)),
                    };
                    let option = if input.size.is_some() { "size" } else { "rows" };
                    gomoku::Board::new(columns, rows).map_err(|e| invalid(option, e))?;
                    GameOptions::Gomoku(GomokuOptions { rules, columns, rows, board: None })
                }
            }
            GameKind::Twixt => {
                let size = input.size.unwrap_or(TWIXT_SIDE);
                twixt::Board::new(size).map_err(|e| invalid("size", e))?;
                GameOptions::Twixt(TwixtOptions { size, swap: input.swap.unwrap_or(false) })
            }
        };
        Ok(options)
    }

    /// Which game these options are for.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            GameOptions::Xiangqi(_) => GameKind::Xiangqi,
            GameOptions::Draughts(_) => GameKind::Draughts,
            GameOptions::Gomoku(_) => GameKind::Gomoku,
            GameOptions::Twixt(_) => GameKind::Twixt,
        }
    }

    /// The options written out in full, every default given: what to store so that
    /// the same game can be started again.
    #[must_use]
    pub fn to_input(&self) -> OptionsInput {
        match self {
            GameOptions::Xiangqi(o) => OptionsInput {
                fen: Some(o.fen.clone()),
                move_limit: Some(o.settings.move_limit),
                chase_rules: Some(o.settings.chase_rules.name().to_owned()),
                ..OptionsInput::default()
            },
            GameOptions::Draughts(o) => OptionsInput { fen: Some(o.fen.clone()), ..OptionsInput::default() },
            GameOptions::Gomoku(o) => OptionsInput {
                rules: Some(o.rules.name().to_owned()),
                rows: o.board.is_none().then_some(o.rows),
                cols: o.board.is_none().then_some(o.columns),
                board: o.board.clone(),
                ..OptionsInput::default()
            },
            GameOptions::Twixt(o) => OptionsInput { size: Some(o.size), swap: Some(o.swap), ..OptionsInput::default() },
        }
    }

    /// The same options, the game started from the position `text` instead: a FEN, or
    /// a Gomoku board (which gives the board's size). TwixT takes no start position, so
    /// its text is refused as any `fen` is.
    pub fn with_position(&self, text: String) -> Result<GameOptions, OptionsError> {
        let kind = self.kind();
        let mut input = self.to_input();
        if kind == GameKind::Gomoku {
            (input.size, input.rows, input.cols) = (None, None, None);
        }
        input.set_position(kind, text);
        GameOptions::new(kind, &input)
    }

    /// The longest side of the board, in points (Xiangqi 10, draughts 10).
    #[must_use]
    pub fn largest_side(&self) -> u32 {
        match self {
            GameOptions::Xiangqi(_) | GameOptions::Draughts(_) => 10,
            GameOptions::Gomoku(o) => o.columns.max(o.rows),
            GameOptions::Twixt(o) => o.size,
        }
    }
}
