//! The built-in engine on standard input and output, in each protocol: the
//! reference implementation of what the match runner expects, the opponent the tests
//! run, and a computer anyone can play from a GUI that speaks the protocol.

mod dxp;
mod gomocup;
mod hub;
mod incoming;
mod refusal;
mod thinker;
mod ucci;
mod uci;

use std::io::{self, BufRead, Write};

use thinker::Thinker;
pub use thinker::{EngineSettings, MAX_DEPTH};

use crate::protocol_name::Protocol;

/// Serves `protocol` for games of its kind until the input ends or says quit. DXP's
/// messages, ended by NUL bytes, come on any stream ([`serve_dxp`] takes a connection).
pub fn serve(protocol: Protocol, settings: EngineSettings, input: impl BufRead, output: impl Write) -> io::Result<()> {
    let thinker = Thinker { settings, games: 0 };
    let mut output = io::LineWriter::new(output);
    match protocol {
        Protocol::Uci | Protocol::UciFsf => uci::serve(thinker, protocol == Protocol::UciFsf, input, &mut output),
        Protocol::Ucci => ucci::serve(thinker, input, &mut output),
        Protocol::Hub => hub::serve(thinker, input, &mut output),
        Protocol::Gomocup => gomocup::serve(thinker, input, &mut output),
        Protocol::Dxp => dxp::serve(thinker, input, &mut output),
    }
}

/// Serves DXP on a connection (to the program that asks for games), until it says no
/// more games follow or closes the connection.
pub fn serve_dxp(settings: EngineSettings, stream: std::net::TcpStream) -> io::Result<()> {
    stream.set_nodelay(true)?;
    let input = io::BufReader::new(stream.try_clone()?);
    serve(Protocol::Dxp, settings, input, stream)
}

#[cfg(test)]
mod tests;
