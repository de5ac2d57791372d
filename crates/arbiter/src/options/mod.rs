//! Options, whatever the game: what a user gives ([`OptionsInput`], a value by option
//! name, read the same way from command-line flags, JSON and the bindings' keywords),
//! how a game describes the options it takes ([`OptionSpec`]), and why options are
//! refused ([`OptionsError`]). Each game reads the input into its own typed options;
//! the registry checks the names, types and ranges first, from the game's specs.

mod error;
mod input;
#[cfg(feature = "serde")]
mod json;
mod spec;

pub use error::{Conflict, OptionsError};
pub use input::{OptionValue, OptionsInput};
pub use spec::{OptionInput, OptionSpec};
