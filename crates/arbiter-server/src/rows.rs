//! The rows a game is stored as: the game's row, a move's row, the change a row takes
//! when something other than a move happens, and the columns' forms (an outcome as
//! JSON, a seat's name, the rematch as JSON), read back as they were written.

use arbiter::{AnyGame, Outcome, Side, Termination};
use serde_json::{Value, json};

use crate::game_state::{Change, GameState, Moved, Rematch, Stored};
use crate::setup::Setup;

/// `rated` of a casual game.
pub const CASUAL: i64 = 0;
/// `rated` of a rated game whose ratings are still to change.
pub const RATED: i64 = 1;
/// `rated` of a rated game whose ratings have changed.
pub const RATED_DONE: i64 = 2;

/// The `status` column of a game going on.
pub const ONGOING: &str = "ongoing";
/// The `status` column of a game that has ended.
pub const FINISHED: &str = "finished";

/// The `status` column: `ongoing` or `finished`.
pub fn status(finished: bool) -> &'static str {
    if finished { FINISHED } else { ONGOING }
}

/// One stored game, tokens as hashes.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id, 24 hex digits.
    pub id: String,
    /// The game's kind by name (`xiangqi`).
    pub game: String,
    /// Every option, the server's included, as JSON.
    pub options: String,
    /// The first seat's token hash.
    pub first_token: String,
    /// The second seat's token hash.
    pub second_token: String,
    /// Moves made.
    pub ply: i64,
    /// `ongoing` or `finished`.
    pub status: String,
    /// How the game ended, as [`outcome_json`] writes it.
    pub outcome: Option<String>,
    /// When the game was made, milliseconds since the epoch.
    pub created_at: i64,
    /// Counts every change: moves and events.
    pub version: i64,
    /// When the running clock runs out, milliseconds since the epoch.
    pub deadline: Option<i64>,
    /// The seat that offers a draw.
    pub draw_offer: Option<String>,
    /// Rematch requests and the new game, as JSON.
    pub rematch: Option<String>,
    /// The first seat's player's name, if given (the engine's name in its seat).
    pub first_name: Option<String>,
    /// The second seat's player's name.
    pub second_name: Option<String>,
    /// Whether the second seat is an open challenge's: [`NOT_OPEN`], [`SEAT_FREE`] or
    /// [`SEAT_CLAIMED`].
    pub seat_open: i64,
    /// The second seat's token, kept until that seat is first used, for its creator.
    pub invite_token: Option<String>,
    /// The seat that offers to take back its last move.
    pub takeback_offer: Option<String>,
    /// How many takebacks the game had.
    pub takebacks: i64,
    /// When the clocks restarted after the last takeback, milliseconds since the epoch.
    pub resumed_at: Option<i64>,
    /// When the game ended, milliseconds since the epoch: the clocks stopped then.
    pub ended_at: Option<i64>,
    /// Whether the game is rated: `CASUAL`, `RATED` (its ratings still to change once
    /// it ends) or `RATED_DONE` (see `store`).
    pub rated: i64,
    /// The account playing the first seat, if any.
    pub first_account: Option<i64>,
    /// The account playing the second seat, if any.
    pub second_account: Option<i64>,
    /// The seat to move, as of the last move (for the players' pages).
    pub to_move: Option<String>,
    /// When an open challenge's second seat was taken.
    pub joined_at: Option<i64>,
    /// For a first seat declared gone, when its opponent may claim the game.
    pub first_gone: Option<i64>,
    /// For a second seat declared gone, when its opponent may claim the game.
    pub second_gone: Option<i64>,
    /// The tournament the game is played in, if any.
    pub tournament_id: Option<String>,
    /// Whether each seat's account is a bot: read with the row from the accounts
    /// table, never written with it (an account is marked before its first game, so
    /// this stays the same through the game).
    pub bots: [bool; 2],
}

/// `seat_open` of a game made with an invite link, or against the computer.
pub const NOT_OPEN: i64 = 0;
/// `seat_open` of an open challenge whose second seat is free.
pub const SEAT_FREE: i64 = 1;
/// `seat_open` of an open challenge whose second seat was claimed.
pub const SEAT_CLAIMED: i64 = 2;

impl GameRow {
    /// A new game's row made at `now`: its options stored in full, the seats' token
    /// hashes, finished at once if its start position has already ended (a mated
    /// position).
    pub fn new(setup: &Setup, id: String, first_token: String, second_token: String, now: i64) -> GameRow {
        let game = AnyGame::new(&setup.options);
        let outcome = outcome_text(&game, game.outcome().as_ref());
        let finished = outcome.is_some();
        GameRow {
            id,
            game: setup.options.kind().name().to_owned(),
            options: setup.to_value().to_string(),
            first_token,
            second_token,
            ply: 0,
            status: status(finished).to_owned(),
            outcome,
            created_at: now,
            version: 0,
            deadline: None,
            draw_offer: None,
            rematch: Some(serde_json::to_string(&Rematch::default()).unwrap_or_default()),
            first_name: None,
            second_name: None,
            seat_open: NOT_OPEN,
            invite_token: None,
            takeback_offer: None,
            takebacks: 0,
            resumed_at: None,
            ended_at: finished.then_some(now),
            rated: CASUAL,
            first_account: None,
            second_account: None,
            to_move: Some(game.side_to_move().name().to_owned()),
            joined_at: None,
            first_gone: None,
            second_gone: None,
            tournament_id: None,
            bots: [false, false],
        }
    }

    /// The accounts playing the seats, as stored.
    pub fn accounts(&self) -> [Option<i64>; 2] {
        [self.first_account, self.second_account]
    }

    /// Whether the game is rated.
    pub fn is_rated(&self) -> bool {
        self.rated != CASUAL
    }

    /// The names of the seats' players, as stored.
    pub fn names(&self) -> [Option<&str>; 2] {
        [self.first_name.as_deref(), self.second_name.as_deref()]
    }

    /// Whether the game is an open challenge whose second seat is still free.
    pub fn waiting(&self) -> bool {
        self.seat_open == SEAT_FREE
    }

    /// The seat that offers a takeback, as stored.
    pub fn takeback_offer(&self) -> Option<Side> {
        self.takeback_offer.as_deref().and_then(seat_of)
    }

    /// The stored outcome as JSON ([`outcome_json`]), `null` while the game goes on;
    /// an outcome stored before it had its `termination` gets it from its `reason`.
    pub fn outcome_value(&self) -> Value {
        let Some(mut value) = self.outcome.as_deref().and_then(|o| serde_json::from_str::<Value>(o).ok()) else {
            return Value::Null;
        };
        if value.get("termination").is_none()
            && let Some(termination) = value["reason"].as_str().and_then(|r| r.parse::<Termination>().ok())
        {
            value["termination"] = json!(termination.code());
        }
        value
    }

    /// An ending stored in the row, if it is one the rules do not decide (time,
    /// resignation, agreement, abort).
    pub fn ending(&self) -> Option<Outcome> {
        if self.status != FINISHED {
            return None;
        }
        let value: Value = serde_json::from_str(self.outcome.as_deref()?).ok()?;
        let termination: Termination = value["reason"].as_str()?.parse().ok()?;
        let winner = value["winner_seat"].as_str().and_then(seat_of);
        let outcome = Outcome::new(winner, termination);
        let outcome = match value["detail"].as_str() {
            Some(detail) => outcome.with_detail(detail),
            None => outcome,
        };
        (!termination.is_by_rule()).then_some(outcome)
    }

    /// The seat that offers a draw, as stored.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer.as_deref().and_then(seat_of)
    }

    /// The rematch as stored; none asked for if the column is empty or unreadable.
    pub fn rematch(&self) -> Rematch {
        self.rematch.as_deref().and_then(|r| serde_json::from_str(r).ok()).unwrap_or_default()
    }

    /// What the row keeps of the game's state, for [`GameState::load`].
    pub fn stored(&self) -> Stored<'_> {
        Stored {
            game: &self.game,
            options: &self.options,
            created_at: self.created_at,
            resumed_at: self.resumed_at,
            ended_at: self.ended_at,
            ending: self.ending(),
            draw_offer: self.draw_offer(),
            takeback_offer: self.takeback_offer(),
            rematch: self.rematch(),
            waiting: self.waiting(),
            invited: self.invite_token.is_some(),
            joined_at: self.joined_at,
            gone: [self.first_gone, self.second_gone],
        }
    }
}

/// One row of the moves table, with what the game's row takes from it.
#[derive(Clone)]
pub struct MoveRecord {
    /// The game's id.
    pub id: String,
    /// The move's ply, from 0.
    pub ply: i64,
    /// The move in arbiter's notation.
    pub text: String,
    /// The game's status after the move.
    pub status: String,
    /// The outcome after the move, if it ended the game.
    pub outcome: Option<String>,
    /// When the move was made, milliseconds since the epoch.
    pub now: i64,
    /// The mover's time left after the move, if the game is timed and its clock ran.
    pub clock_ms: Option<i64>,
    /// When the clock that now runs will run out.
    pub deadline: Option<i64>,
    /// The draw offer that stands after the move.
    pub draw_offer: Option<String>,
    /// The seat to move after it.
    pub to_move: &'static str,
}

impl MoveRecord {
    /// The row of a move of game `id`, and what it leaves: its next deadline is
    /// `deadline`.
    pub fn of(id: &str, moved: &Moved, deadline: Option<i64>) -> MoveRecord {
        let after = &moved.after;
        let outcome = outcome_text(after.game(), after.outcome());
        MoveRecord {
            id: id.to_owned(),
            ply: moved.ply,
            text: moved.text.clone(),
            status: status(outcome.is_some()).to_owned(),
            outcome,
            now: moved.now,
            clock_ms: moved.clock_ms,
            deadline,
            draw_offer: after.draw_offer().map(|s| s.name().to_owned()),
            to_move: after.game().side_to_move().name(),
        }
    }
}

/// A change to a game other than a move (an ending, a draw offer, a rematch), made
/// only if nobody changed the game since `version`.
#[derive(Clone, Debug)]
pub struct GameEvent {
    /// The game's id.
    pub id: String,
    /// The version the change was worked out from.
    pub version: i64,
    /// The game's status after the change.
    pub status: &'static str,
    /// The outcome after the change.
    pub outcome: Option<String>,
    /// When the running clock runs out, if the game goes on.
    pub deadline: Option<i64>,
    /// The seat that offers a draw after the change.
    pub draw_offer: Option<&'static str>,
    /// The rematch after the change, as JSON.
    pub rematch: String,
    /// The seat that offers a takeback after the change.
    pub takeback_offer: Option<&'static str>,
    /// When the game ended, if the change ends it: its time.
    pub ended_at: Option<i64>,
    /// For each seat declared gone, when its opponent may claim the game.
    pub gone: [Option<i64>; 2],
}

impl GameEvent {
    /// The row change that stores `change` to game `id` of `state`, made only if the
    /// game is still at `version`: its ending, its next deadline (`deadline`) while it
    /// goes on, the offers standing, the seats gone, and the time the game ended.
    pub fn of(id: &str, version: i64, state: &GameState, change: &Change, deadline: Option<i64>) -> GameEvent {
        let finished = change.outcome.is_some();
        GameEvent {
            id: id.to_owned(),
            version,
            status: status(finished),
            outcome: outcome_text(state.game(), change.outcome.as_ref()),
            deadline: if finished { None } else { deadline },
            draw_offer: change.draw_offer.map(Side::name),
            rematch: serde_json::to_string(&change.rematch).unwrap_or_default(),
            takeback_offer: if finished { None } else { change.takeback_offer.map(Side::name) },
            ended_at: finished.then_some(change.now),
            gone: if finished { [None; 2] } else { change.gone },
        }
    }
}

/// The seat named `first` or `second`.
pub fn seat_of(name: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.name() == name)
}

/// An outcome as JSON, as stored and as shown: `{"result": "win", "winner": "red",
/// "winner_seat": "first", "termination": "perpetual_chase", "reason": "perpetual
/// chase", "detail": null}`; `result` is `aborted` for an aborted game. `termination`
/// is the termination's code, as the Python and JavaScript packages name it; `reason`
/// its words, as servers have stored it from the start.
pub fn outcome_json(game: &AnyGame, outcome: Option<&Outcome>) -> Value {
    let Some(outcome) = outcome else { return Value::Null };
    let result = match (outcome.winner(), outcome.termination()) {
        (_, Termination::Aborted) => "aborted",
        (Some(_), _) => "win",
        (None, _) => "draw",
    };
    json!({
        "result": result,
        "winner": outcome.winner().map(|side| game.side_name(side)),
        "winner_seat": outcome.winner().map(Side::name),
        "termination": outcome.termination().code(),
        "reason": outcome.termination(),
        "detail": outcome.detail(),
    })
}

/// The `outcome` column: [`outcome_json`] as text, `None` while the game goes on.
pub fn outcome_text(game: &AnyGame, outcome: Option<&Outcome>) -> Option<String> {
    let value = outcome_json(game, outcome);
    (!value.is_null()).then(|| value.to_string())
}
