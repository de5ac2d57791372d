//! Xiangqi as the registry knows it: its names, its options (the start position, the
//! rule book, the move limit, the reading of the AXF book's disputed chase rules) and
//! how they start a game.

use super::chase_rules::{ChaseRules, UnknownChaseRules};
use super::fen::START_FEN;
use super::history::Settings;
use super::rules::{Rules, UnknownRules};
use super::notation::Notation;
use super::board::Position;
use crate::options::{OptionSpec, OptionsError, OptionsInput};
use crate::quote::excerpt;
use crate::spec::GameSpec;

/// Xiangqi in the registry: [`GameSpec`] for its [`Position`].
#[derive(Clone, Copy, Debug)]
pub struct Xiangqi;

/// Xiangqi's options: the start position, the rule book, the move limit and the
/// reading of the AXF book's disputed chase rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The start position's FEN, as given (known to be readable), or the standard start.
    pub fen: String,
    /// The rules that look back: the rule book (the AXF's by default), the move
    /// limit (0 for none, at most [`MAX_MOVE_LIMIT`]; the book's 60 by default) and,
    /// under the AXF rules, the reading of the disputed chase rules (the book's by
    /// default).
    pub settings: Settings,
}

/// The most moves a side may be given as a move limit.
pub const MAX_MOVE_LIMIT: u32 = 10_000;

/// Every notation's name, ICCS (the standard one) first: the names of
/// [`Notation::ALL`].
const NOTATIONS: [&str; Notation::ALL.len()] = {
    let mut names = [""; Notation::ALL.len()];
    let mut index = 0;
    while index < names.len() {
        names[index] = Notation::ALL[index].name();
        index += 1;
    }
    names
};

const CHASE_RULE_NAMES: [&str; 2] = [ChaseRules::ALL[0].name(), ChaseRules::ALL[1].name()];

const RULE_NAMES: [&str; 2] = [Rules::ALL[0].name(), Rules::ALL[1].name()];

impl GameSpec for Xiangqi {
    type Position = Position;
    type Options = Options;

    const NAME: &'static str = "xiangqi";
    const TITLE: &'static str = "Xiangqi";
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::text("fen", "Start position (FEN)", "the standard start"),
        OptionSpec::choice(
            "rules",
            "Rule book for repetitions and the move limit (axf: the Asian Xiangqi Federation's; chinese: the Chinese Xiangqi Association's)",
            &RULE_NAMES,
        ),
        OptionSpec::number(
            "move_limit",
            "Moves by each side without a capture that draw, the rule book's 60 (0: no limit)",
            0,
            MAX_MOVE_LIMIT,
            "60",
        ),
        OptionSpec::choice(
            "chase_rules",
            "Reading of the AXF book's disputed chase rules, under rules axf (axf: the rule book; engines: as Pikafish and Fairy-Stockfish)",
            &CHASE_RULE_NAMES,
        ),
    ];
    const POSITION_OPTION: Option<&'static str> = Some("fen");
    const NOTATIONS: &'static [&'static str] = &NOTATIONS;

    fn read_options(input: &OptionsInput) -> Result<Options, OptionsError> {
        let fen = input.text("fen")?.unwrap_or(START_FEN).to_owned();
        Position::from_fen(&fen).map_err(|e| OptionsError::invalid("fen", e))?;
        let rules = match input.text("rules")? {
            // The refusal quotes only the start of a name that runs on.
            Some(name) => {
                name.parse().map_err(|UnknownRules(name)| OptionsError::invalid("rules", UnknownRules(excerpt(&name))))?
            }
            None => Rules::default(),
        };
        let move_limit = input.number("move_limit")?.unwrap_or(rules.move_limit());
        if move_limit > MAX_MOVE_LIMIT {
            return Err(OptionsError::invalid("move_limit", format!("at most {MAX_MOVE_LIMIT} moves (0 for no limit)")));
        }
        let chase_rules = match input.text("chase_rules")? {
            Some(name) => name
                .parse()
                .map_err(|UnknownChaseRules(name)| OptionsError::invalid("chase_rules", UnknownChaseRules(excerpt(&name))))?,
            None => ChaseRules::default(),
        };
        if rules != Rules::Axf && chase_rules != ChaseRules::default() {
            return Err(OptionsError::invalid(
                "chase_rules",
                format!("{chase_rules} reads the AXF rules: leave it out under rules {rules}"),
            ));
        }
        Ok(Options { fen, settings: Settings { move_limit, chase_rules, rules } })
    }

    fn write_options(options: &Options) -> OptionsInput {
        let settings = options.settings;
        let input = OptionsInput::new()
            .with("fen", options.fen.as_str())
            .with("rules", settings.rules.name())
            .with("move_limit", settings.move_limit);
        // The reading of the AXF book's disputed points is the AXF rules' alone.
        match settings.rules {
            Rules::Axf => input.with("chase_rules", settings.chase_rules.name()),
            Rules::Chinese => input,
        }
    }

    fn start_position(options: &Options) -> Result<Position, OptionsError> {
        Position::from_fen(&options.fen).map_err(|e| OptionsError::invalid("fen", e))
    }

    fn settings(options: &Options) -> Settings {
        options.settings
    }

    fn largest_side(_: &Options) -> u32 {
        10
    }
}
