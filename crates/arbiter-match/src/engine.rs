//! An engine as the user describes it: a name, how to start it, the protocol it speaks
//! and the options to give it, read from `key=value` words (`--engine name=A cmd=./a
//! proto=uci option.Hash=64`, as cutechess-cli reads them) or from a TOML file.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;

use crate::process::EngineCommand;
use crate::protocol_name::{Protocol, StdioProtocol, UnknownProtocol};
use crate::quoted::split_quoted;

/// One engine of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in results and records; unique within a match.
    pub name: String,
    /// The program to start, DXP engines' too.
    pub command: EngineCommand,
    /// How arbiter talks to it, and in which protocol.
    pub transport: Transport,
    /// Options in the order given, each sent as the protocol sets options.
    pub options: Vec<(String, String)>,
    /// Whether the engine thinks on its opponent's time (`ponder=true`): after each
    /// move it searches the reply it expects, and is told whether it came.
    pub ponder: bool,
}

/// How arbiter and an engine talk: lines on the engine's standard input and output,
/// or DXP's messages over TCP, where they meet at an address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transport {
    /// Standard input and output, in this protocol.
    Stdio(StdioProtocol),
    /// DXP over TCP, meeting here.
    Dxp(DxpAddress),
}

/// Where a DXP engine and arbiter meet. Either way arbiter asks for the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DxpAddress {
    /// `addr=HOST:PORT`: the engine listens there and arbiter connects.
    Engine(String),
    /// `listen=HOST:PORT`: arbiter listens there (before it starts the engine) and the
    /// engine connects.
    Arbiter(String),
}

impl DxpAddress {
    /// The `HOST:PORT`.
    #[must_use]
    pub fn host_port(&self) -> &str {
        match self {
            DxpAddress::Engine(address) | DxpAddress::Arbiter(address) => address,
        }
    }
}

/// Why an engine description was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("{0}")]
    /// Settings that do not fit together, or a word that is none; the message says which.
    Invalid(String),
    #[error(transparent)]
    /// `proto=` names no protocol of arbiter's.
    Protocol(#[from] UnknownProtocol),
    #[error("cannot read the engines file: {0}")]
    /// The engines file is not TOML of `[[engine]]` tables, or a value has the wrong type.
    File(String),
}

/// The program that `cmd=builtin` stands for: arbiter itself, as `arbiter engine`.
pub const BUILTIN: &str = "builtin";

/// An engine as the TOML file gives it (`[[engine]]` tables).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileEngine {
    name: String,
    cmd: String,
    #[serde(default)]
    args: Vec<String>,
    dir: Option<PathBuf>,
    #[serde(alias = "proto")]
    protocol: String,
    #[serde(default)]
    options: BTreeMap<String, toml::Value>,
    addr: Option<String>,
    listen: Option<String>,
    #[serde(default)]
    ponder: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesFile {
    #[serde(default)]
    engine: Vec<FileEngine>,
}

/// Reads the engines of a TOML file:
///
/// ```toml
/// [[engine]]
/// name = "pikafish"
/// cmd = "/opt/pikafish/pikafish"
/// protocol = "uci"
/// options = { Threads = 1, Hash = 64 }
/// ```
pub fn read_engines_file(text: &str) -> Result<Vec<EngineSpec>, SpecError> {
    let file: EnginesFile = toml::from_str(text).map_err(|e| SpecError::File(e.message().to_owned()))?;
    file.engine
        .into_iter()
        .map(|engine| {
            let protocol = engine.protocol.parse()?;
            let options = engine
                .options
                .into_iter()
                .map(|(name, value)| {
                    let value = match value {
                        toml::Value::String(text) => text,
                        toml::Value::Integer(number) => number.to_string(),
                        toml::Value::Float(number) => number.to_string(),
                        toml::Value::Boolean(flag) => flag.to_string(),
                        _ => {
                            return Err(SpecError::File(format!(
                                "engine {:?}: option {name:?} must be a string, a number or true/false",
                                engine.name
                            )));
                        }
                    };
                    Ok((name, value))
                })
                .collect::<Result<_, _>>()?;
            let command = EngineCommand { program: engine.cmd, args: engine.args, dir: engine.dir };
            let address = meeting(&engine.name, engine.addr, engine.listen)?;
            Draft { name: engine.name, command, protocol, options, address, ponder: engine.ponder }.checked()
        })
        .collect()
}

impl EngineSpec {
    /// Reads `name=A cmd=PATH [args="..."] [dir=DIR] proto=P [option.X=Y]...`, or
    /// `conf=NAME` for an engine of `known` (the engines file) with more words
    /// overriding it.
    pub fn from_words<S: AsRef<str>>(words: &[S], known: &[EngineSpec]) -> Result<EngineSpec, SpecError> {
        let mut name = None;
        let mut program = None;
        let mut args = None;
        let mut dir = None;
        let mut protocol = None;
        let mut addr = None;
        let mut listen = None;
        let mut ponder = None;
        let mut options = Vec::new();
        let mut base: Option<Draft> = None;
        for word in words {
            let word = word.as_ref();
            let (key, value) =
                word.split_once('=').ok_or_else(|| SpecError::Invalid(format!("{word:?} is not key=value")))?;
            match key {
                "conf" => {
                    let found = known
                        .iter()
                        .find(|e| e.name == value)
                        .ok_or_else(|| SpecError::Invalid(format!("no engine named {value:?} in the engines file")))?;
                    base = Some(Draft::from(found.clone()));
                }
                "name" => name = Some(value.to_owned()),
                "cmd" => program = Some(value.to_owned()),
                "args" => args = Some(split_arguments(value)?),
                "dir" => dir = Some(PathBuf::from(value)),
                "proto" | "protocol" => protocol = Some(value.parse()?),
                "addr" => addr = Some(value.to_owned()),
                "listen" => listen = Some(value.to_owned()),
                "ponder" => {
                    ponder = Some(
                        value
                            .parse::<bool>()
                            .map_err(|_| SpecError::Invalid(format!("ponder={value}: expected true or false")))?,
                    );
                }
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => options.push((option.to_owned(), value.to_owned())),
                    _ => {
                        return Err(SpecError::Invalid(format!(
                            "unknown engine setting {key:?}: expected name, cmd, args, dir, proto, addr, listen, ponder, option.NAME or conf"
                        )));
                    }
                },
            }
        }
        let address = meeting(name.as_deref().or(program.as_deref()).unwrap_or("an engine"), addr, listen)?;
        let draft = match base {
            Some(mut base) => {
                if let Some(name) = name {
                    base.name = name;
                }
                if let Some(program) = program {
                    base.command.program = program;
                }
                if let Some(args) = args {
                    base.command.args = args;
                }
                if dir.is_some() {
                    base.command.dir = dir;
                }
                if let Some(protocol) = protocol {
                    base.protocol = protocol;
                }
                if address.is_some() {
                    base.address = address;
                }
                if let Some(ponder) = ponder {
                    base.ponder = ponder;
                }
                base.options.extend(options);
                base
            }
            None => {
                let program = program.ok_or_else(|| SpecError::Invalid("an engine needs cmd=PATH".into()))?;
                let protocol = protocol.ok_or_else(|| {
                    SpecError::Invalid(format!("engine {program:?} needs proto={}", Protocol::names()))
                })?;
                let name = name.unwrap_or_else(|| default_name(&program));
                Draft {
                    name,
                    command: EngineCommand { program, args: args.unwrap_or_default(), dir },
                    protocol,
                    options,
                    address,
                    ponder: ponder.unwrap_or(false),
                }
            }
        };
        draft.checked()
    }

    /// The protocol the engine speaks.
    #[must_use]
    pub fn protocol(&self) -> Protocol {
        match self.transport {
            Transport::Stdio(protocol) => protocol.into(),
            Transport::Dxp(_) => Protocol::Dxp,
        }
    }

    /// Whether the engine is arbiter's own (`cmd=builtin`).
    #[must_use]
    pub fn is_builtin(&self) -> bool {
        self.command.program == BUILTIN
    }
}

/// An engine as it is read, before its settings are known to fit together: a DXP
/// address may still be missing, or given to an engine of another protocol.
struct Draft {
    name: String,
    command: EngineCommand,
    protocol: Protocol,
    options: Vec<(String, String)>,
    address: Option<DxpAddress>,
    ponder: bool,
}

impl From<EngineSpec> for Draft {
    fn from(spec: EngineSpec) -> Draft {
        let protocol = spec.protocol();
        let address = match spec.transport {
            Transport::Stdio(_) => None,
            Transport::Dxp(address) => Some(address),
        };
        Draft { name: spec.name, command: spec.command, protocol, options: spec.options, address, ponder: spec.ponder }
    }
}

impl Draft {
    /// The engine, if its settings fit together.
    fn checked(self) -> Result<EngineSpec, SpecError> {
        if self.name.is_empty() {
            return Err(SpecError::Invalid("an engine's name cannot be empty".into()));
        }
        if self.ponder && !self.protocol.can_ponder() {
            return Err(SpecError::Invalid(format!(
                "engine {}: {} has no pondering (uci, uci-fsf, ucci and hub have)",
                self.name, self.protocol
            )));
        }
        let transport = match (self.protocol.on_stdio(), self.address) {
            (None, None) => return Err(SpecError::Invalid(needs_address(&self.name))),
            (None, Some(_)) if !self.options.is_empty() => {
                return Err(SpecError::Invalid(format!(
                    "engine {}: DXP sets no options; set the engine up in its own settings file",
                    self.name
                )));
            }
            (None, Some(address)) => Transport::Dxp(address),
            (Some(_), Some(_)) => {
                return Err(SpecError::Invalid(format!(
                    "engine {}: addr= and listen= are for dxp engines; {} engines talk on their standard input and output",
                    self.name, self.protocol
                )));
            }
            (Some(protocol), None) => Transport::Stdio(protocol),
        };
        let Draft { name, command, options, ponder, .. } = self;
        Ok(EngineSpec { name, command, transport, options, ponder })
    }
}

/// The error of a DXP engine without an address.
fn needs_address(name: &str) -> String {
    format!(
        "engine {name}: a dxp engine needs addr=HOST:PORT, where it listens for arbiter, or listen=HOST:PORT, \
         where arbiter listens for it"
    )
}

/// A DXP engine's meeting place from `addr=` or `listen=`, not both.
fn meeting(name: &str, addr: Option<String>, listen: Option<String>) -> Result<Option<DxpAddress>, SpecError> {
    match (addr, listen) {
        (Some(_), Some(_)) => Err(SpecError::Invalid(format!(
            "engine {name}: addr= (the engine listens) or listen= (arbiter listens), not both"
        ))),
        (Some(address), None) => Ok(Some(DxpAddress::Engine(address))),
        (None, Some(address)) => Ok(Some(DxpAddress::Arbiter(address))),
        (None, None) => Ok(None),
    }
}

/// The file name of the program, without its folders.
fn default_name(program: &str) -> String {
    program.rsplit(['/', '\\']).next().unwrap_or(program).to_owned()
}

/// Splits `args="..."` the way a shell would for plain words and double quotes.
fn split_arguments(text: &str) -> Result<Vec<String>, SpecError> {
    split_quoted(text).ok_or_else(|| SpecError::Invalid(format!("args={text:?} has an unclosed quote")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_make_an_engine() {
        let spec = EngineSpec::from_words(
            &[
                "name=A",
                "cmd=/opt/a/engine",
                "args=--x \"two words\"",
                "proto=uci",
                "option.Hash=64",
                "option.Threads=1",
            ],
            &[],
        )
        .unwrap();
        assert_eq!(spec.name, "A");
        assert_eq!(spec.command.args, ["--x", "two words"]);
        assert_eq!(spec.protocol(), Protocol::Uci);
        assert_eq!(spec.options, [("Hash".to_owned(), "64".to_owned()), ("Threads".to_owned(), "1".to_owned())]);
    }

    #[test]
    fn missing_or_unknown_settings_are_named() {
        let error = |words: &[&str]| EngineSpec::from_words(words, &[]).unwrap_err().to_string();
        assert!(error(&["name=A", "proto=uci"]).contains("cmd=PATH"));
        assert!(error(&["cmd=a"]).contains("proto="));
        assert!(error(&["cmd=a", "proto=xboard"]).contains("xboard"));
        assert!(error(&["cmd=a", "proto=uci", "hash=1"]).contains("unknown engine setting"));
        assert!(error(&["cmd=a", "proto=uci", "args=\"open"]).contains("unclosed quote"));
        assert!(error(&["cmd=scan", "proto=dxp"]).contains("addr=HOST:PORT"));
        assert!(error(&["cmd=scan", "proto=dxp", "addr=127.0.0.1:27531", "option.x=1"]).contains("no options"));
        assert!(error(&["cmd=a", "proto=hub", "addr=127.0.0.1:27531"]).contains("addr= and listen= are for dxp"));
        assert!(error(&["cmd=a", "proto=dxp", "addr=127.0.0.1:1", "listen=127.0.0.1:2"]).contains("not both"));
        let dxp = EngineSpec::from_words(&["cmd=scan", "args=dxp", "proto=dxp", "addr=127.0.0.1:27531"], &[]).unwrap();
        assert_eq!(dxp.transport, Transport::Dxp(DxpAddress::Engine("127.0.0.1:27531".into())));
        let dxp = EngineSpec::from_words(&["cmd=scan", "proto=dxp", "listen=127.0.0.1:27531"], &[]).unwrap();
        assert_eq!(dxp.transport, Transport::Dxp(DxpAddress::Arbiter("127.0.0.1:27531".into())));
        assert!(EngineSpec::from_words(&["cmd=a", "proto=uci", "ponder=true"], &[]).unwrap().ponder);
        assert!(error(&["cmd=a", "proto=uci", "ponder=yes"]).contains("true or false"));
        assert!(error(&["cmd=a", "proto=gomocup", "ponder=true"]).contains("gomocup has no pondering"));
    }

    #[test]
    fn the_name_defaults_to_the_program() {
        let spec = EngineSpec::from_words(&["cmd=/usr/games/pikafish", "proto=uci"], &[]).unwrap();
        assert_eq!(spec.name, "pikafish");
    }

    #[test]
    fn a_file_gives_engines_that_words_can_pick_and_change() {
        let known = read_engines_file(
            r#"
            [[engine]]
            name = "scan"
            cmd = "./scan"
            args = ["hub"]
            dir = "/opt/scan"
            protocol = "hub"
            options = { threads = 1, book = false }
            "#,
        )
        .unwrap();
        assert_eq!(known[0].options, [("book".to_owned(), "false".to_owned()), ("threads".to_owned(), "1".to_owned())]);
        let spec = EngineSpec::from_words(&["conf=scan", "name=scan-2", "option.tt-size=22"], &known).unwrap();
        assert_eq!(spec.name, "scan-2");
        assert_eq!(spec.command.args, ["hub"]);
        assert_eq!(spec.options.len(), 3);
        assert!(read_engines_file("[[engine]]\nname = 1").is_err());
        let dxp = read_engines_file(
            "[[engine]]\nname = \"scan-dxp\"\ncmd = \"./scan\"\nargs = [\"dxp\"]\nprotocol = \"dxp\"\nlisten = \"127.0.0.1:27531\"",
        )
        .unwrap();
        assert_eq!(dxp[0].transport, Transport::Dxp(DxpAddress::Arbiter("127.0.0.1:27531".into())));
        let no_address = read_engines_file("[[engine]]\nname = \"s\"\ncmd = \"./scan\"\nprotocol = \"dxp\"");
        assert!(no_address.unwrap_err().to_string().contains("addr=HOST:PORT"));
        assert!(EngineSpec::from_words(&["conf=nobody"], &known).is_err());
    }
}
