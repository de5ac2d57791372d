//! Any of the four games behind one object-safe interface, built from a game name
//! and its options. The server knows games only through this and the rules library's
//! `Game` trait: every rule is the library's.

use arbiter::gomoku::{Gomoku, Rules};
use arbiter::twixt::Twixt;
use arbiter::{Game, MoveError, Outcome, Side, WithHistory, draughts, xiangqi};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::render::Render;

/// What the server asks of a game.
pub trait Referee: Send + Sync {
    /// Plays the move written `text` if it is legal; returns its standard text.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError>;
    fn side_to_move(&self) -> Side;
    fn side_name(&self, side: Side) -> &'static str;
    fn position(&self) -> String;
    fn legal_moves(&self) -> Vec<String>;
    fn outcome(&self) -> Option<Outcome>;
    /// A copy to try a move on before it is stored.
    fn boxed_clone(&self) -> Box<dyn Referee>;
    /// The board as SVG, `last_move` marked.
    fn svg(&self, last_move: Option<&str>) -> String;
}

impl<G: Game + Render + Send + Sync + 'static> Referee for G {
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv.to_string())
    }

    fn side_to_move(&self) -> Side {
        Game::side_to_move(self)
    }

    fn side_name(&self, side: Side) -> &'static str {
        G::side_name(side)
    }

    fn position(&self) -> String {
        self.position_text()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        Game::legal_moves(self, &mut moves);
        moves.iter().map(ToString::to_string).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn boxed_clone(&self) -> Box<dyn Referee> {
        Box::new(self.clone())
    }

    fn svg(&self, last_move: Option<&str>) -> String {
        Render::svg(self, last_move)
    }
}

/// The games the server referees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Xiangqi,
    Draughts,
    Gomoku,
    Twixt,
}

impl GameKind {
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Draughts => "draughts",
            GameKind::Gomoku => "gomoku",
            GameKind::Twixt => "twixt",
        }
    }

    pub fn from_name(name: &str) -> Option<GameKind> {
        [GameKind::Xiangqi, GameKind::Draughts, GameKind::Gomoku, GameKind::Twixt]
            .into_iter()
            .find(|k| k.name() == name)
    }
}

/// The largest board side the server accepts. The engines take far larger boards,
/// but every state sent lists the legal moves, and a client should not be able to
/// make the server build megabytes of them per move.
pub const MAX_SERVED_SIDE: u32 = 128;

fn check_side(n: u32) -> Result<u32, String> {
    if n > MAX_SERVED_SIDE {
        Err(format!("the server plays boards of up to {MAX_SERVED_SIDE} points a side, not {n}"))
    } else {
        Ok(n)
    }
}

/// Options as a client sends them; unknown fields are refused.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOptions {
    fen: Option<String>,
    rules: Option<String>,
    size: Option<u32>,
    rows: Option<u32>,
    cols: Option<u32>,
    swap: Option<bool>,
}

fn refuse_fields(raw: &RawOptions, kind: GameKind, allowed: &[&str]) -> Result<(), String> {
    let given = [
        ("fen", raw.fen.is_some()),
        ("rules", raw.rules.is_some()),
        ("size", raw.size.is_some()),
        ("rows", raw.rows.is_some()),
        ("cols", raw.cols.is_some()),
        ("swap", raw.swap.is_some()),
    ];
    match given.iter().find(|(name, set)| *set && !allowed.contains(name)) {
        Some((name, _)) => Err(format!("option {name:?} does not apply to {}", kind.name())),
        None => Ok(()),
    }
}

/// Checks a game's options and fills in the defaults, so that stored options say
/// exactly which game was played. Returns the options as stored.
pub fn normalize_options(kind: GameKind, options: &Value) -> Result<Value, String> {
    let raw: RawOptions = if options.is_null() {
        RawOptions::default()
    } else {
        serde_json::from_value(options.clone()).map_err(|e| format!("bad options: {e}"))?
    };
    let normalized = match kind {
        GameKind::Xiangqi => {
            refuse_fields(&raw, kind, &["fen"])?;
            let fen = raw.fen.unwrap_or_else(|| xiangqi::START_FEN.to_owned());
            xiangqi::Position::from_fen(&fen).map_err(|e| e.to_string())?;
            json!({ "fen": fen })
        }
        GameKind::Draughts => {
            refuse_fields(&raw, kind, &["fen"])?;
            let fen = raw.fen.unwrap_or_else(|| draughts::START_FEN.to_owned());
            draughts::Position::from_fen(&fen).map_err(|e| e.to_string())?;
            json!({ "fen": fen })
        }
        GameKind::Gomoku => {
            refuse_fields(&raw, kind, &["rules", "size", "rows", "cols"])?;
            let rules: Rules = raw.rules.as_deref().unwrap_or("standard").parse()?;
            let (cols, rows) = match (raw.size, raw.rows, raw.cols) {
                (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                    return Err("give size, or rows and cols, not both".into());
                }
                (Some(n), None, None) => (n, n),
                (None, rows, cols) => (cols.unwrap_or(15), rows.unwrap_or(15)),
            };
            Gomoku::new(rules, check_side(cols)?, check_side(rows)?).map_err(|e| e.to_string())?;
            json!({ "rules": rules.name(), "rows": rows, "cols": cols })
        }
        GameKind::Twixt => {
            refuse_fields(&raw, kind, &["size", "swap"])?;
            let size = check_side(raw.size.unwrap_or(24))?;
            Twixt::new(size, false)
                .ok_or_else(|| format!("a TwixT board is 3 to {} points a side", arbiter::twixt::MAX_SIZE))?;
            json!({ "size": size, "swap": raw.swap.unwrap_or(false) })
        }
    };
    Ok(normalized)
}

/// A fresh game from normalized options (see [`normalize_options`]).
pub fn start(kind: GameKind, options: &Value) -> Result<Box<dyn Referee>, String> {
    let text = |key: &str| options.get(key).and_then(Value::as_str).ok_or_else(|| format!("stored options lack {key}"));
    let number = |key: &str| {
        options
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("stored options lack {key}"))
    };
    Ok(match kind {
        GameKind::Xiangqi => Box::new(xiangqi::Position::from_fen(text("fen")?).map_err(|e| e.to_string())?),
        GameKind::Draughts => {
            Box::new(WithHistory::new(draughts::Position::from_fen(text("fen")?).map_err(|e| e.to_string())?))
        }
        GameKind::Gomoku => {
            let rules: Rules = text("rules")?.parse()?;
            Box::new(Gomoku::new(rules, number("cols")?, number("rows")?).map_err(|e| e.to_string())?)
        }
        GameKind::Twixt => {
            let swap = options.get("swap").and_then(Value::as_bool).unwrap_or(false);
            Box::new(Twixt::new(number("size")?, swap).ok_or("bad TwixT size")?)
        }
    })
}

/// An outcome as JSON: `{"result": "win", "winner": "red", "reason": "checkmate"}`.
pub fn outcome_json(referee: &dyn Referee) -> Value {
    match referee.outcome() {
        None => Value::Null,
        Some(Outcome::Win { winner, reason }) => {
            json!({ "result": "win", "winner": referee.side_name(winner), "winner_seat": seat_name(winner), "reason": reason })
        }
        Some(Outcome::Draw { reason }) => {
            json!({ "result": "draw", "winner": null, "winner_seat": null, "reason": reason })
        }
    }
}

/// Seats are named after the order of play: "first" and "second".
pub const fn seat_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}
