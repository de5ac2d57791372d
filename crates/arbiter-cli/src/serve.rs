//! `arbiter serve`: the online referee.

use std::io::Write;

use arbiter_server::{Config, ServeError, serve};

use crate::args::ServeArgs;
use crate::fail::Failure;

pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(Failure::environment)?;
    let limits = args.limits().map_err(Failure::bad_input)?;
    let engines = crate::engines::specs(&args.engines, &[])?;
    if let Some(spec) = engines.iter().find(|e| e.name == arbiter_server::BUILTIN_ENGINE) {
        return Err(Failure::bad_input(format!("--engine: the name {:?} is arbiter's own engine's", spec.name)));
    }
    if let Some(spec) = engines.iter().find(|e| e.ponder) {
        return Err(Failure::bad_input(format!(
            "--engine {}: ponder=true is for matches; a served game borrows an engine a move at a time",
            spec.name
        )));
    }
    if let Some(spec) = engines.iter().find(|e| e.protocol() == arbiter_match::protocol::Protocol::Dxp) {
        return Err(Failure::bad_input(format!(
            "--engine {}: a dxp engine keeps the game and its clock itself, which a served game cannot give it; \
             play it with arbiter match, or serve it over hub",
            spec.name
        )));
    }
    let leaving = args.leaving().map_err(Failure::bad_input)?;
    let config =
        Config { addr: args.addr, database: args.database.clone(), limits, engines, access: args.access(), leaving };
    let database = args.database.clone();
    runtime
        .block_on(serve(config, |addr| {
            // Tests and scripts read this line to learn the port.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "arbiter listening on http://{addr} (database {})", redact(&database));
            let _ = out.flush();
        }))
        .map_err(|error| match error {
            // A wrong engine is the command line's fault.
            ServeError::Engine(_) => Failure::bad_input(error),
            // So is a database URL of a kind never served.
            ServeError::Store(arbiter_server::StoreError::UnknownScheme { .. }) => Failure::bad_input(error),
            _ => Failure::environment(error),
        })
}

/// The database URL without a password, for the log.
pub(crate) fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}
