//! Engines from the command line: `--engine` words, with `cmd=builtin` made this
//! program's own engine (`arbiter engine GAME --protocol P`).

use arbiter_match::engine::{DxpAddress, EngineSpec, Transport};

use crate::fail::Failure;

/// The engines of every `--engine`, `known` those of an engines file.
pub fn specs(groups: &[Vec<String>], known: &[EngineSpec]) -> Result<Vec<EngineSpec>, Failure> {
    groups
        .iter()
        .map(|words| {
            let mut spec =
                EngineSpec::from_words(words, known).map_err(|e| Failure::bad_input(format!("--engine: {e}")))?;
            resolve_builtin(&mut spec)?;
            Ok(spec)
        })
        .collect()
}

/// `cmd=builtin`: this program's own engine, for the game its protocol plays.
fn resolve_builtin(spec: &mut EngineSpec) -> Result<(), Failure> {
    if !spec.is_builtin() {
        return Ok(());
    }
    let program = std::env::current_exe().map_err(Failure::environment)?;
    let game = spec.protocol().game().name().to_owned();
    let mut args = vec!["engine".to_owned(), game, "--protocol".to_owned(), spec.protocol().to_string()];
    match &spec.transport {
        Transport::Dxp(DxpAddress::Engine(address)) => args.extend(["--listen".to_owned(), address.clone()]),
        Transport::Dxp(DxpAddress::Arbiter(address)) => args.extend(["--connect".to_owned(), address.clone()]),
        Transport::Stdio(_) => {}
    }
    args.append(&mut spec.command.args);
    spec.command.program = program.to_string_lossy().into_owned();
    spec.command.args = args;
    Ok(())
}
