//! Hub: `hub`/`wait`, `set-param` (`variant`: the rule set, as Scan names it), `init`/
//! `ready`, `pos`, `level`, `go think`, `done`.

use std::io::{self, BufRead, Write};

use arbiter::draughts::Rules;
use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};

use super::refusal::Refusal;
use super::thinker::{MAX_DEPTH, NAME, Pondering, Thinker, VERSION};
use crate::protocol::Limit;
use crate::protocol::draughts_board::{self, HUB};
use crate::protocol::hub::{read_move, write_move};
use crate::protocol::hub_variant;
use crate::protocol::words::{HubLine, hub_value};

pub fn serve(mut thinker: Thinker, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut game = AnyGame::new(&GameOptions::new(GameKind::Draughts, &OptionsInput::default()).expect("the start"));
    let mut limit = Limit::MoveTime { ms: 1000 };
    let mut pondering = Pondering::default();
    let mut rules = Rules::International;
    for line in super::incoming::incoming(input) {
        let line = match line? {
            Ok(line) => line,
            Err(refused) => {
                writeln!(out, "error message={}", hub_value(&refused))?;
                continue;
            }
        };
        let Some(command) = HubLine::parse(&line) else {
            writeln!(out, "error message={}", hub_value("unreadable line"))?;
            continue;
        };
        match command.command.as_str() {
            "hub" => {
                writeln!(out, "id name={NAME} version={VERSION} author={}", hub_value("the arbiter developers"))?;
                let (depth, seed) = (thinker.settings.depth, thinker.settings.seed);
                writeln!(out, "param name=depth value={depth} type=int min=1 max={MAX_DEPTH}")?;
                writeln!(out, "param name=seed value={seed} type=int min=0 max=4294967295")?;
                let (variant, values) = (hub_variant::variant_of(rules).unwrap_or_default(), hub_variant::values());
                writeln!(out, "param name=variant value={variant} type=enum values={}", hub_value(&values))?;
                writeln!(out, "wait")?;
            }
            "set-param" => match (command.get("name"), command.get("value")) {
                (Some("depth"), Some(value)) => thinker.set_depth(value),
                (Some("seed"), Some(value)) => thinker.set_seed(value),
                (Some("variant"), Some(value)) => match hub_variant::rules_of(value) {
                    Some(named) => rules = named,
                    None => {
                        writeln!(out, "error message={}", hub_value(&Refusal::Variant(value.to_owned()).to_string()))?
                    }
                },
                _ => {}
            },
            "init" => writeln!(out, "ready")?,
            "new-game" => thinker.games += 1,
            "ping" => writeln!(out, "pong")?,
            "pos" => match read_position(&command, rules) {
                Ok(read) => game = read,
                Err(refusal) => writeln!(out, "error message={}", hub_value(&refusal.to_string()))?,
            },
            "level" => limit = read_level(&command, limit),
            "go" => {
                let ponder = line.split_whitespace().nth(1) == Some("ponder");
                if let Some(limit) = pondering.go(limit, ponder) {
                    answer(&thinker, &game, limit, out)?;
                }
            }
            "ponder-hit" => {
                if let Some(limit) = pondering.hit() {
                    answer(&thinker, &game, limit, out)?;
                }
            }
            "stop" => {
                if let Some(limit) = pondering.stop() {
                    answer(&thinker, &game, limit, out)?;
                }
            }
            "quit" => break,
            _ => {}
        }
    }
    Ok(())
}

/// The search's result: `info`, then `done move=MOVE ponder=REPLY`.
fn answer(thinker: &Thinker, game: &AnyGame, limit: Limit, out: &mut impl Write) -> io::Result<()> {
    let Some(choice) = thinker.think(game, limit) else {
        return writeln!(out, "error message={}", hub_value("no move: the game is over"));
    };
    let legal = game.legal_moves();
    let played = legal.iter().find(|m| m.text == choice.text);
    let said = played.map_or(choice.text.clone(), write_move);
    let score = f64::from(choice.score.clamp(-100_000, 100_000)) / 100.0;
    writeln!(out, "info depth={} score={score:.2}", choice.depth)?;
    let mut after = game.clone();
    let ponder = Thinker::expected_reply(game, &choice.text)
        .and_then(|reply| {
            after.play_text(&choice.text).ok()?;
            after.legal_moves().into_iter().find(|m| m.text == reply).map(|m| write_move(&m))
        })
        .map_or_else(String::new, |reply| format!(" ponder={reply}"));
    writeln!(out, "done move={said}{ponder}")
}

/// `pos pos=W... [moves="..."]`, a game under `rules`.
fn read_position(command: &HubLine, rules: Rules) -> Result<AnyGame, Refusal> {
    let text = command.get("pos").ok_or(Refusal::NoPos)?;
    let position = draughts_board::read(text, &HUB).map_err(Refusal::Pos)?;
    let mut game = draughts_board::game_from(&position, rules)?;
    for said in command.get("moves").unwrap_or("").split_whitespace() {
        let text = match read_move(said, &game.legal_moves()) {
            Some(Ok(text)) => text,
            Some(Err(reason)) => return Err(Refusal::Capture { said: said.to_owned(), reason }),
            None => return Err(Refusal::UnreadableMove(arbiter::quote::excerpt(said))),
        };
        game.play_text(&text)?;
    }
    Ok(game)
}

/// `level depth=D | nodes=N | move-time=S | [moves=M] time=S [inc=S]`; anything else
/// keeps the last level.
fn read_level(command: &HubLine, last: Limit) -> Limit {
    let number =
        |key: &str| command.get(key).and_then(|v| v.parse::<f64>().ok()).filter(|v| v.is_finite() && *v >= 0.0);
    let ms = |seconds: f64| (seconds * 1000.0) as u64;
    if let Some(depth) = number("depth") {
        return Limit::Depth(depth as u32);
    }
    if let Some(nodes) = number("nodes") {
        return Limit::Nodes(nodes as u64);
    }
    if let Some(seconds) = number("move-time") {
        return Limit::MoveTime { ms: ms(seconds) };
    }
    if let Some(seconds) = number("time") {
        let increment_ms = number("inc").map_or(0, ms);
        return match number("moves") {
            Some(moves) if moves >= 1.0 => Limit::MoveTime { ms: ms(seconds / moves) },
            // Hub gives only the mover's time: both sides get it for the budget.
            _ => Limit::Clock { remaining_ms: [ms(seconds); 2], increment_ms, moves_to_go: None },
        };
    }
    last
}
