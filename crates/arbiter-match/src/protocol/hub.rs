//! Scan's Hub protocol (version 2) for draughts on the 10x10 board: `hub` and `init` to
//! start (the rule set chosen by `set-param name=variant` between them), `pos` with the
//! side letter and fifty squares, `level`, `go think`, and the answer `done move=...`,
//! a capture written with every piece it takes.

use arbiter::draughts::Rules;
use arbiter::{AnyGame, GameOptions, MoveDetail, draughts};
use tokio::time::Instant;

use super::draughts_board::{self, HUB};
use super::hub_variant;
use super::shared::{Limit, Reply, Score, Search, UnmatchedCapture, check_options};
use super::words::{HubLine, hub_value, seconds};
use crate::engine::EngineSpec;
use crate::process::{Fault, Process};

pub struct Hub;

/// The parameter that names the rule set the engine plays.
const VARIANT: &str = "variant";

/// The engine's `param name=variant`: its value now and the values it takes.
#[derive(Debug, Default)]
struct Declared {
    value: String,
    values: Vec<String>,
}

impl From<&HubLine> for Declared {
    fn from(line: &HubLine) -> Declared {
        let value = line.get("value").unwrap_or("").to_owned();
        let values = line.get("values").unwrap_or("").split_whitespace().map(str::to_owned).collect();
        Declared { value, values }
    }
}

/// The `variant` to set before `init` so that the engine plays the game's rules, or
/// why it cannot: as Hub's own GUI does, only a value different from the one the
/// engine declared is set, and an engine that declares no `variant` plays the
/// international rules alone. A `variant` the user set (`option.variant=`) must be the
/// game's.
fn variant_to_set(
    spec: &EngineSpec,
    game: &AnyGame,
    declared: Option<&Declared>,
) -> Result<Option<&'static str>, String> {
    let rules = match game.options() {
        GameOptions::Draughts(options) => options.rules,
        _ => return Ok(None),
    };
    let Some(wanted) = hub_variant::variant_of(rules) else {
        return Err(format!("hub carries no {rules} draughts"));
    };
    if let Some((_, value)) = spec.options.iter().find(|(option, _)| option.eq_ignore_ascii_case(VARIANT)) {
        if value != wanted {
            return Err(format!(
                "option {VARIANT}={value} is not the game's: the {rules} rules are {VARIANT}={wanted}, which arbiter sets itself"
            ));
        }
        return Ok(None);
    }
    match declared {
        None if rules == Rules::International => Ok(None),
        None => {
            Err(format!("it declares no {VARIANT} parameter, so it plays international draughts only, not {rules}"))
        }
        Some(declared) if declared.value == wanted => Ok(None),
        Some(declared) if declared.values.iter().any(|v| v == wanted) => Ok(Some(wanted)),
        Some(declared) => Err(format!(
            "it plays no {rules} draughts ({VARIANT}={wanted}): its {VARIANT} values are {:?}",
            declared.values.join(" ")
        )),
    }
}

impl Hub {
    /// `hub` ... `wait`, the game's `variant` and the user's options by `set-param`, then
    /// `init` ... `ready`.
    pub async fn start(
        process: &mut Process,
        spec: &EngineSpec,
        game: &AnyGame,
        deadline: Instant,
    ) -> Result<(Hub, Option<String>), Fault> {
        process.send("hub").await?;
        let mut name = None;
        let mut offered = Vec::new();
        let mut declared = None;
        process
            .until(deadline, |line| {
                let line = HubLine::parse(line)?;
                if line.command == "id" {
                    name = line.get("name").map(str::to_owned);
                }
                if line.command == "param" {
                    offered.extend(line.get("name").map(str::to_owned));
                    if line.get("name") == Some(VARIANT) {
                        declared = Some(Declared::from(&line));
                    }
                }
                (line.command == "wait").then_some(())
            })
            .await?;
        check_options(spec, &offered)?;
        if let Some(variant) = variant_to_set(spec, game, declared.as_ref()).map_err(Fault::Start)? {
            process.send(&format!("set-param name={VARIANT} value={}", hub_value(variant))).await?;
        }
        for (option, value) in &spec.options {
            process.send(&format!("set-param name={} value={}", hub_value(option), hub_value(value))).await?;
        }
        process.send("init").await?;
        process.until(deadline, |line| (line.trim() == "ready").then_some(())).await?;
        Ok((Hub, name))
    }

    pub async fn new_game(&mut self, process: &mut Process) -> Result<(), Fault> {
        process.send("new-game").await
    }

    /// `pos`, `level` and `go think`, or `go ponder`.
    pub async fn search(&mut self, process: &mut Process, search: Search<'_>) -> Result<(), Fault> {
        let Search { game, limit, ponder } = search;
        process.send(&position_line(game)).await?;
        process.send(&level_line(limit, game.side_to_move().index())).await?;
        process.send(if ponder { "go ponder" } else { "go think" }).await
    }

    /// Reads the search's answer, `done move=MOVE [ponder=MOVE]`, a move of `game`.
    pub async fn answer(&mut self, process: &mut Process, game: &AnyGame, deadline: Instant) -> Result<Reply, Fault> {
        let mut score = None;
        let mut depth = None;
        let (said, ponder) = process.until(deadline, |line| answer_line(line, &mut score, &mut depth)).await?;
        let text = read_move(&said, &game.legal_moves()).ok_or_else(|| Fault::Garbage(said.clone()))?;
        Ok(Reply { said, text, score, depth, ponder, ponder_hit: false })
    }

    /// The expected reply in arbiter's notation: a move of `game`, the position after
    /// the engine's own move.
    pub fn read_expected(&self, said: &str, game: &AnyGame) -> Option<String> {
        read_move(said, &game.legal_moves())?.ok()
    }
}

/// `pos pos=W... moves="..."`: the game's start and every move since, so that the
/// engine sees repetitions.
fn position_line(game: &AnyGame) -> String {
    let start = match game.options() {
        GameOptions::Draughts(options) => draughts::Position::from_fen(&options.fen).ok(),
        _ => None,
    };
    let mut line = format!("pos pos={}", start.map_or_else(String::new, |p| draughts_board::write(&p, &HUB)));
    let moves = game.moves();
    if !moves.is_empty() {
        let texts: Vec<String> = moves.iter().map(write_move).collect();
        line.push_str(&format!(" moves={}", hub_value(&texts.join(" "))));
    }
    line
}

/// A move as Hub writes it: `32-28`, or `28x19x23` (from, to, then every piece taken).
pub(crate) fn write_move(played: &MoveDetail) -> String {
    let from = played.from.as_deref().unwrap_or("");
    let to = played.to.as_deref().unwrap_or("");
    if played.captured.is_empty() {
        return format!("{from}-{to}");
    }
    let mut text = format!("{from}x{to}");
    for square in &played.captured {
        text.push('x');
        text.push_str(square);
    }
    text
}

/// One line of a search's answer: `info` read into `score` and `depth`, and the move
/// and the expected reply once `done` comes.
pub(crate) fn answer_line(
    line: &str,
    score: &mut Option<Score>,
    depth: &mut Option<u32>,
) -> Option<(String, Option<String>)> {
    let line = HubLine::parse(line)?;
    match line.command.as_str() {
        "info" => {
            if let Some(value) = line.get("score").and_then(|s| s.parse::<f64>().ok()) {
                *score = Some(Score::Centi((value * 100.0).round() as i32));
            }
            if let Some(value) = line.get("depth").and_then(|d| d.parse().ok()) {
                *depth = Some(value);
            }
            None
        }
        "done" => Some((line.get("move").unwrap_or("").to_owned(), line.get("ponder").map(str::to_owned))),
        _ => None,
    }
}

/// The legal move the engine's text names (the captured pieces in any order), or why
/// none does; `None` if the text is not a move at all.
pub(crate) fn read_move(text: &str, legal: &[MoveDetail]) -> Option<Result<String, UnmatchedCapture>> {
    let capture = text.contains('x');
    let parts: Vec<u8> =
        text.split(['-', 'x']).map(|p| p.parse().ok().filter(|n| (1..=50).contains(n))).collect::<Option<_>>()?;
    let [from, to, taken @ ..] = &parts[..] else { return None };
    if !capture && !taken.is_empty() {
        return None;
    }
    let mut taken: Vec<String> = taken.iter().map(u8::to_string).collect();
    taken.sort_unstable();
    let (from, to) = (from.to_string(), to.to_string());
    let found = legal.iter().find(|m| {
        let mut captured = m.captured.clone();
        captured.sort_unstable();
        m.from.as_deref() == Some(&from) && m.to.as_deref() == Some(&to) && captured == taken
    });
    Some(match found {
        Some(played) => Ok(played.text.clone()),
        None if capture => Err(UnmatchedCapture { from, to, taken }),
        // A step: the rules say why it is refused.
        None => Ok(format!("{from}-{to}")),
    })
}

/// The search's limit: times in seconds.
fn level_line(limit: Limit, side: usize) -> String {
    match limit {
        Limit::Clock { remaining_ms, increment_ms, moves_to_go } => {
            let moves = moves_to_go.map_or_else(String::new, |moves| format!("moves={moves} "));
            format!("level {moves}time={} inc={}", seconds(remaining_ms[side]), seconds(increment_ms))
        }
        Limit::MoveTime { ms } => format!("level move-time={}", seconds(ms)),
        Limit::Depth(depth) => format!("level depth={depth}"),
        Limit::Nodes(nodes) => format!("level nodes={nodes}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter::{GameKind, OptionsInput};

    fn start() -> AnyGame {
        AnyGame::new(&GameOptions::new(GameKind::Draughts, &OptionsInput::default()).unwrap())
    }

    #[test]
    fn the_start_is_twenty_men_a_side() {
        assert_eq!(position_line(&start()), "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    }

    #[test]
    fn captures_name_what_they_take_in_any_order() {
        let mut game = start();
        for text in ["32-28", "19-23"] {
            game.play_text(text).unwrap();
        }
        let legal = game.legal_moves();
        assert_eq!(read_move("28x19x23", &legal), Some(Ok("28x19".to_owned())));
        assert!(read_move("28x19x24", &legal).unwrap().unwrap_err().to_string().contains("taking 24"));
        assert_eq!(read_move("28x19", &legal).map(|r| r.is_err()), Some(true), "the captured piece is missing");
        assert_eq!(read_move("31-27", &legal), Some(Ok("31-27".to_owned())), "refused later by the rules");
        assert_eq!(read_move("28-19-23", &legal), None);
        assert_eq!(read_move("e4", &legal), None);
        assert_eq!(read_move("51-46", &legal), None);
        game.play_text("28x19").unwrap();
        assert_eq!(
            position_line(&game),
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23 28x19x23\""
        );
    }

    /// Hub's specification (Scan 3.1's `protocol.txt`): the engine declares
    /// `param name=variant value=normal type=enum values="normal killer bt frisian
    /// losing"`, the GUI sets parameters before `init` and only those whose value differs
    /// from the declared one. So a Killer game sets `variant=killer`, an international one
    /// against an engine declared `normal` sets nothing, and an engine that cannot play
    /// the game's rules is refused with the reason.
    #[test]
    fn the_variant_is_set_to_the_games_rules() {
        let spec = |words: &[&str]| {
            let mut all = vec!["name=scan", "cmd=scan", "proto=hub"];
            all.extend_from_slice(words);
            EngineSpec::from_words(&all, &[]).unwrap()
        };
        let game = |rules: &str| {
            let input = OptionsInput::new().with("rules", rules);
            AnyGame::new(&GameOptions::new(GameKind::Draughts, &input).unwrap())
        };
        let scan =
            HubLine::parse(r#"param name=variant value=normal type=enum values="normal killer bt frisian losing""#)
                .map(|line| Declared::from(&line));
        let scan = scan.as_ref();
        let plain = spec(&[]);
        assert_eq!(variant_to_set(&plain, &game("killer"), scan), Ok(Some("killer")));
        assert_eq!(variant_to_set(&plain, &game("breakthrough"), scan), Ok(Some("bt")));
        assert_eq!(variant_to_set(&plain, &game("antidraughts"), scan), Ok(Some("losing")));
        assert_eq!(variant_to_set(&plain, &game("frisian"), scan), Ok(Some("frisian")));
        assert_eq!(variant_to_set(&plain, &game("international"), scan), Ok(None));
        let set_to_killer = Declared { value: "killer".into(), values: vec!["normal".into(), "killer".into()] };
        assert_eq!(variant_to_set(&plain, &game("international"), Some(&set_to_killer)), Ok(Some("normal")));
        assert_eq!(variant_to_set(&plain, &game("international"), None), Ok(None));
        let refused = variant_to_set(&plain, &game("killer"), None).unwrap_err();
        assert!(refused.contains("declares no variant parameter"), "{refused}");
        let refused = variant_to_set(&plain, &game("breakthrough"), Some(&set_to_killer)).unwrap_err();
        assert!(refused.contains("plays no breakthrough draughts (variant=bt)"), "{refused}");
        // The user's own variant: sent as given when it is the game's, refused when not.
        assert_eq!(variant_to_set(&spec(&["option.variant=killer"]), &game("killer"), scan), Ok(None));
        let refused = variant_to_set(&spec(&["option.variant=killer"]), &game("international"), scan).unwrap_err();
        assert!(refused.contains("option variant=killer is not the game's"), "{refused}");
        assert!(variant_to_set(&plain, &game("russian"), scan).unwrap_err().contains("no russian draughts"));
    }

    #[test]
    fn levels_are_in_seconds() {
        let clock = Limit::Clock { remaining_ms: [61_250, 3_000], increment_ms: 500, moves_to_go: None };
        assert_eq!(level_line(clock, 0), "level time=61.250 inc=0.500");
        let periods = Limit::Clock { remaining_ms: [61_250, 3_000], increment_ms: 0, moves_to_go: Some(9) };
        assert_eq!(level_line(periods, 1), "level moves=9 time=3.000 inc=0.000");
        assert_eq!(level_line(Limit::MoveTime { ms: 100 }, 1), "level move-time=0.100");
        assert_eq!(level_line(Limit::Depth(9), 1), "level depth=9");
    }
}
