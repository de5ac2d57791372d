//! `arbiter engine`: arbiter's own engine on standard input and output, or for DXP on
//! a TCP address.

use arbiter_match::builtin::serve::{EngineSettings, MAX_DEPTH, serve, serve_dxp};
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
    if protocol == Protocol::Dxp {
        return serve_dxp(settings, dxp_connection(args)?).map_err(Failure::environment);
    }
    if args.listen.is_some() || args.connect.is_some() {
        return Err(Failure::bad_input(format!(
            "--listen and --connect are for dxp; {protocol} is spoken on standard input and output"
        )));
    }
    serve(protocol, settings, std::io::stdin().lock(), std::io::stdout().lock()).map_err(Failure::environment)
}

/// The connection DXP is spoken on: made to `--connect`, or taken on `--listen`.
fn dxp_connection(args: &EngineArgs) -> Result<std::net::TcpStream, Failure> {
    if let Some(address) = &args.connect {
        return std::net::TcpStream::connect(address)
            .map_err(|e| Failure::environment(format!("--connect {address}: {e}")));
    }
    let address = args.listen.as_deref().unwrap_or(DXP_ADDRESS);
    let listener =
        std::net::TcpListener::bind(address).map_err(|e| Failure::environment(format!("--listen {address}: {e}")))?;
    eprintln!("arbiter's engine waits for a DXP game request on {address}");
    listener.accept().map(|(stream, _)| stream).map_err(Failure::environment)
}

/// Where DXP programs usually meet (Scan's default).
const DXP_ADDRESS: &str = "127.0.0.1:27531";
