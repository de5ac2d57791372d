//! The games' options as flags, made from the registry: one flag an option
//! (`--move-limit` for `move_limit`), typed as the option's spec says, its help the
//! games' own words. A game's new option is a flag here without a line of this command.

use arbiter::{GameKind, OptionInput, OptionSpec, OptionValue, OptionsInput};
use clap::builder::ValueParser;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

/// An option's name as this command spells it: `move_limit` is `--move-limit`.
pub fn flag(option: &str) -> String {
    format!("--{}", long(option))
}

/// The long flag of `option`, without its dashes.
fn long(option: &str) -> String {
    option.replace('_', "-")
}

/// Every option of any game but the start positions (which `--fen` takes), each once,
/// with the games that take it, in the order the games list them.
fn game_options() -> Vec<(OptionSpec, Vec<GameKind>)> {
    let mut options: Vec<(OptionSpec, Vec<GameKind>)> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.options() {
            if Some(spec.name) == kind.position_option() {
                continue;
            }
            match options.iter_mut().find(|(known, _)| known.name == spec.name) {
                Some((_, kinds)) => kinds.push(kind),
                None => options.push((*spec, vec![kind])),
            }
        }
    }
    options
}

/// The flag's help: each game's label for it, with its default.
fn help(name: &str, kinds: &[GameKind]) -> String {
    let parts: Vec<String> = kinds
        .iter()
        .filter_map(|kind| {
            let spec = kind.options().iter().find(|spec| spec.name == name)?;
            let choices = match spec.input {
                OptionInput::Choice { choices } => format!(": {}", choices.join(", ")),
                _ => String::new(),
            };
            Some(format!("{}: {}{choices} ({} by default)", kind.title(), spec.help, spec.default))
        })
        .collect();
    parts.join("; ")
}

/// The options of every game, given as flags; what is not given is left out, for the
/// registry to fill in.
#[derive(Clone, Debug, Default)]
pub struct GameFlags {
    /// The options given.
    pub input: OptionsInput,
}

impl FromArgMatches for GameFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<GameFlags, clap::Error> {
        let mut flags = GameFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for (spec, _) in game_options() {
            let value = match spec.input {
                OptionInput::Number { .. } => matches.get_one::<u32>(spec.name).map(|&n| OptionValue::from(n)),
                OptionInput::Flag => matches.get_flag(spec.name).then_some(OptionValue::Flag(true)),
                OptionInput::Text | OptionInput::Choice { .. } => {
                    matches.get_one::<String>(spec.name).map(|text| OptionValue::Text(text.clone()))
                }
            };
            if let Some(value) = value {
                self.input.set(spec.name, value);
            }
        }
        Ok(())
    }
}

impl Args for GameFlags {
    fn augment_args(command: Command) -> Command {
        game_options().into_iter().fold(command, |command, (spec, kinds)| {
            let arg = Arg::new(spec.name).long(long(spec.name)).help(help(spec.name, &kinds));
            let arg = match spec.input {
                OptionInput::Number { .. } => arg.value_parser(ValueParser::new(clap::value_parser!(u32))),
                OptionInput::Flag => arg.action(ArgAction::SetTrue),
                OptionInput::Text | OptionInput::Choice { .. } => arg.value_parser(ValueParser::string()),
            };
            command.arg(arg)
        })
    }

    fn augment_args_for_update(command: Command) -> Command {
        GameFlags::augment_args(command)
    }
}

impl GameFlags {
    /// The flags that give these options again, as this command reads them.
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        for (name, value) in self.input.iter() {
            match value {
                OptionValue::Flag(true) => words.push(flag(name)),
                OptionValue::Flag(false) => {}
                OptionValue::Text(_) | OptionValue::Number(_) => {
                    words.push(flag(name));
                    words.push(value.to_string());
                }
            }
        }
        words
    }
}
