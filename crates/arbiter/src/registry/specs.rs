//! The options each game takes, described for front ends that build a form or a
//! `--help` from the registry: each option's name, label, how it is entered, and its
//! default in words.

use crate::xiangqi::ChaseRules;
use crate::{gomoku, twixt};

/// How an option is entered, for front ends that build a form from the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "type", rename_all = "lowercase"))]
pub enum OptionInput {
    /// Free text, such as a FEN.
    Text,
    /// One of a few names, the first the default.
    Choice {
        /// The names a user may pick from, the default first.
        choices: &'static [&'static str],
    },
    /// A whole number from `min` to `max`.
    Number {
        /// The smallest value accepted.
        min: u32,
        /// The largest value accepted (inclusive).
        max: u32,
    },
    /// On or off.
    Flag,
}

/// One option of a game: its name (as in JSON), what it means, how it is entered,
/// and its default in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OptionSpec {
    /// The option's key in [`OptionsInput`](crate::OptionsInput) and in JSON (`move_limit`); front ends may
    /// spell it their own way (`--move-limit`).
    pub name: &'static str,
    /// A short English label for a form or `--help`.
    pub help: &'static str,
    /// How the value is entered, and the values accepted.
    pub input: OptionInput,
    /// The value taken when the option is left out, in words for people ("60",
    /// "the standard start"), not necessarily a value to parse.
    pub default: &'static str,
}

/// The most moves a side may be given as a move limit.
pub(super) const MAX_MOVE_LIMIT: u32 = 10_000;

const RULE_NAMES: [&str; 4] = ["standard", "freestyle", "renju", "caro"];

const CHASE_RULE_NAMES: [&str; 2] = [ChaseRules::ALL[0].name(), ChaseRules::ALL[1].name()];

pub(super) const XIANGQI_OPTIONS: &[OptionSpec] = &[
    OptionSpec { name: "fen", help: "Start position (FEN)", input: OptionInput::Text, default: "the standard start" },
    OptionSpec {
        name: "move_limit",
        help: "Moves by each side without a capture that draw (0: no limit)",
        input: OptionInput::Number { min: 0, max: MAX_MOVE_LIMIT },
        default: "60",
    },
    OptionSpec {
        name: "chase_rules",
        help: "Reading of the disputed chase rules (axf: the rule book; engines: as Pikafish and Fairy-Stockfish)",
        input: OptionInput::Choice { choices: &CHASE_RULE_NAMES },
        default: "axf",
    },
];

pub(super) const DRAUGHTS_OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "fen",
    help: "Start position (FEN)",
    input: OptionInput::Text,
    default: "the standard start",
}];

pub(super) const GOMOKU_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "rules",
        help: "Rules",
        input: OptionInput::Choice { choices: &RULE_NAMES },
        default: "standard",
    },
    OptionSpec {
        name: "size",
        help: "Board size (points a side)",
        input: OptionInput::Number { min: 1, max: gomoku::MAX_SIDE as u32 },
        default: "15",
    },
    OptionSpec {
        name: "rows",
        help: "Rows",
        input: OptionInput::Number { min: 1, max: gomoku::MAX_SIDE as u32 },
        default: "15",
    },
    OptionSpec {
        name: "cols",
        help: "Columns",
        input: OptionInput::Number { min: 1, max: gomoku::MAX_SIDE as u32 },
        default: "15",
    },
    OptionSpec {
        name: "board",
        help: "Start position (rows from the top joined by /: x black, o white, . empty)",
        input: OptionInput::Text,
        default: "an empty board",
    },
];

pub(super) const TWIXT_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "size",
        help: "Board size (points a side)",
        input: OptionInput::Number { min: 3, max: twixt::MAX_SIZE },
        default: "24",
    },
    OptionSpec { name: "swap", help: "Swap rule", input: OptionInput::Flag, default: "off" },
];
