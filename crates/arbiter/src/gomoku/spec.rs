//! Gomoku as the registry knows it: its names, its options (the rule set, the board's
//! size or a start board, the opening rule) and how they start a game.

use super::board::{Board, MAX_SIDE};
use super::opening::OpeningRule;
use super::position::Position;
use super::rules::Rules;
use crate::options::{Conflict, OptionSpec, OptionsError, OptionsInput};
use crate::spec::GameSpec;

/// Gomoku and Renju in the registry: [`GameSpec`] for its [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct Gomoku;

/// Gomoku's options: the rule set and the board, empty of the given size or as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rule set; standard (exactly five) by default.
    pub rules: Rules,
    /// The board's width, 1 to [`MAX_SIDE`] (15 by default, or the width of `board`).
    pub columns: u32,
    /// The board's height, 1 to [`MAX_SIDE`] (15 by default, or the height of `board`).
    pub rows: u32,
    /// Board text to start from, rewritten in the form [`Board::to_text`] gives (lower
    /// case); `None` for an empty board.
    pub board: Option<String>,
    /// The opening rule the game begins with; `None` (the default) for none: Black's
    /// first stone anywhere, and no swap.
    pub opening: Option<OpeningRule>,
}

/// The default board.
const SIDE: u32 = 15;

const RULE_NAMES: [&str; 4] = ["standard", "freestyle", "renju", "caro"];

/// A start board gives the board's size.
const BOARD_GIVES_SIZE: Conflict =
    Conflict { option: "board", decides: "the board's size", excluded: &["size", "rows", "cols"] };

/// A start board is past any opening.
const BOARD_SKIPS_OPENING: Conflict =
    Conflict { option: "board", decides: "a game past its opening", excluded: &["opening"] };

/// The size given as `size` cannot also be given as `rows` and `cols`.
const SIZE_GIVES_ROWS_AND_COLUMNS: Conflict =
    Conflict { option: "size", decides: "the rows and columns", excluded: &["rows", "cols"] };

impl GameSpec for Gomoku {
    type Position = Position;
    type Options = Options;

    const NAME: &'static str = "gomoku";
    const TITLE: &'static str = "Gomoku";
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::choice("rules", "Rules", &RULE_NAMES),
        OptionSpec::number("size", "Board size (points a side)", 1, MAX_SIDE as u32, "15"),
        OptionSpec::number("rows", "Rows", 1, MAX_SIDE as u32, "15"),
        OptionSpec::number("cols", "Columns", 1, MAX_SIDE as u32, "15"),
        OptionSpec::text(
            "board",
            "Start position (rows from the top joined by /: x black, o white, . empty)",
            "an empty board",
        ),
        OptionSpec::choice(
            "opening",
            "Opening rule (also soosorv-N and taraguchi-N, N from 1 to 12)",
            &OpeningRule::NAMES,
        ),
    ];
    const POSITION_OPTION: Option<&'static str> = Some("board");
    const DECIDED_BY_POSITION: &'static [&'static str] = &["size", "rows", "cols", "opening"];

    fn read_options(input: &OptionsInput) -> Result<Options, OptionsError> {
        let rules: Rules = input
            .text("rules")?
            .unwrap_or(Rules::default().name())
            .parse()
            .map_err(|e| OptionsError::invalid("rules", e))?;
        let opening = match input.text("opening")? {
            Some(text) => OpeningRule::parse(text).map_err(|e| OptionsError::invalid("opening", e))?,
            None => None,
        };
        let (size, rows, cols) = (input.number("size")?, input.number("rows")?, input.number("cols")?);
        if let Some(text) = input.text("board")? {
            if size.is_some() || rows.is_some() || cols.is_some() {
                return Err(OptionsError::Conflict(BOARD_GIVES_SIZE));
            }
            if opening.is_some() {
                return Err(OptionsError::Conflict(BOARD_SKIPS_OPENING));
            }
            let (board, _) = Board::from_text(text).map_err(|e| OptionsError::invalid("board", e))?;
            let (columns, rows) = (u32::from(board.columns()), u32::from(board.rows()));
            return Ok(Options { rules, columns, rows, board: Some(board.to_text()), opening: None });
        }
        let (columns, rows) = match (size, rows, cols) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(OptionsError::Conflict(SIZE_GIVES_ROWS_AND_COLUMNS));
            }
            (Some(n), None, None) => (n, n),
            (None, rows, cols) => (cols.unwrap_or(SIDE), rows.unwrap_or(SIDE)),
        };
        let option = if size.is_some() { "size" } else { "rows" };
        Board::new(columns, rows).map_err(|e| OptionsError::invalid(option, e))?;
        if let Some(rule) = opening
            && !rule.fits(columns, rows)
        {
            return Err(OptionsError::invalid(
                "opening",
                format!(
                    "the {rule} opening rule needs a square board of odd side, 15 or more (its stones go in squares about the centre): not {columns}x{rows}"
                ),
            ));
        }
        Ok(Options { rules, columns, rows, board: None, opening })
    }

    fn write_options(options: &Options) -> OptionsInput {
        let mut input = OptionsInput::new().with("rules", options.rules.name());
        match &options.board {
            Some(board) => input.set("board", board.as_str()),
            None => {
                input.set("rows", options.rows);
                input.set("cols", options.columns);
            }
        }
        // Written only when there is one, so that the games without keep their options.
        if let Some(rule) = options.opening {
            input.set("opening", rule.name());
        }
        input
    }

    fn start_position(options: &Options) -> Result<Position, OptionsError> {
        match &options.board {
            Some(text) => Position::from_text(options.rules, text).map_err(|e| OptionsError::invalid("board", e)),
            None => match options.opening {
                Some(rule) => Position::with_opening(options.rules, options.columns, options.rows, rule)
                    .map_err(|e| OptionsError::invalid("opening", e)),
                None => Position::new(options.rules, options.columns, options.rows)
                    .map_err(|e| OptionsError::invalid("size", e)),
            },
        }
    }

    fn settings(_: &Options) {}

    fn largest_side(options: &Options) -> u32 {
        options.columns.max(options.rows)
    }
}
