//! `arbiter engine`: arbiter's own engine on standard input and output.

use arbiter_match::builtin::serve::{EngineSettings, MAX_DEPTH, serve};
use arbiter_match::protocol::Protocol;

use crate::args::EngineArgs;
use crate::fail::Failure;

pub fn run(args: &EngineArgs) -> Result<(), Failure> {
    let protocol: Protocol = args.protocol.parse().map_err(Failure::bad_input)?;
    if protocol.game() != args.game {
        let offered: Vec<&str> = Protocol::for_game(args.game).map(Protocol::name).collect();
        let offered = if offered.is_empty() {
            "no engine protocol is in use for it: play it through the server's HTTP API".to_owned()
        } else {
            format!("it is played over {}", offered.join(", "))
        };
        return Err(Failure::bad_input(format!(
            "protocol {protocol} plays {}, not {}: {offered}",
            protocol.game(),
            args.game
        )));
    }
    if !(1..=MAX_DEPTH).contains(&args.depth) {
        return Err(Failure::bad_input(format!("--depth {}: expected 1 to {MAX_DEPTH}", args.depth)));
    }
    let settings = EngineSettings { depth: args.depth, seed: args.seed };
    serve(protocol, settings, std::io::stdin().lock(), std::io::stdout().lock()).map_err(Failure::environment)
}
