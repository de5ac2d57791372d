//! A served game as this process holds it: the game after its stored moves (so that
//! checking a move does not replay the game), its clock, the ways a game ends beside
//! the rules (time, resignation, agreement, abort), the draw offer and the rematch,
//! and its state as JSON text, made once a change for every request and watcher.
//!
//! The store stays the truth: everything here is rebuilt from the stored row and moves
//! (the clocks from the times stored with each move), so a restart gives nobody time.

use std::sync::Arc;

use arbiter::clock::Clock;
use arbiter::{AnyGame, GameKind, MoveDetail, MoveError, Outcome, Side, Termination};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::setup::Setup;
use crate::store::{GameEvent, GameRow, MoveRecord, StoredMove};

/// The clocks run once both sides have moved: from the third ply on.
const CLOCKS_START_AT_PLY: usize = 2;

/// Milliseconds since the epoch: the time scale of clocks and deadlines, the same on
/// every server that shares a database.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The seat named `first` or `second`.
pub fn seat_of(name: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.name() == name)
}

/// Who asked for a rematch, and the new game once both did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    pub first: bool,
    pub second: bool,
    pub game: Option<String>,
}

impl Rematch {
    /// Both seats asked, and the new game is still to be made.
    pub fn ready(&self) -> bool {
        self.first && self.second && self.game.is_none()
    }
}

/// A change to a game other than a move, as [`LiveGame::event`] describes it.
pub enum Change {
    Resign(Side),
    OfferDraw(Side),
    AcceptDraw(Side),
    DeclineDraw(Side),
    /// Either seat may abort, before both sides have moved.
    Abort,
    AskRematch(Side),
    /// The new game made once both seats asked for a rematch.
    RematchMade(String),
    /// The running clock ran out.
    Flag,
}

/// Why a change is refused: (HTTP status, reason).
pub type Refusal = (u16, String);

pub struct LiveGame {
    /// The game's identity and seats; its other fields as loaded.
    pub row: GameRow,
    setup: Setup,
    game: AnyGame,
    clock: Option<Clock>,
    /// An ending the rules did not decide.
    ending: Option<Outcome>,
    draw_offer: Option<Side>,
    rematch: Rematch,
    version: i64,
    /// When the last change was made (milliseconds since the epoch).
    changed_at: i64,
    state: Arc<str>,
}

/// A move checked and ready to store: the game after it and what goes in the row.
pub struct PreparedMove {
    game: AnyGame,
    clock: Option<Clock>,
    draw_offer: Option<Side>,
    pub record: MoveRecord,
}

impl LiveGame {
    /// A game just created, at its start.
    pub fn new(row: GameRow, setup: Setup) -> LiveGame {
        let game = AnyGame::new(&setup.options);
        let clock = setup.clock.map(|c| Clock::new(c.control()));
        let changed_at = row.created_at;
        let mut live = LiveGame {
            row,
            setup,
            game,
            clock,
            ending: None,
            draw_offer: None,
            rematch: Rematch::default(),
            version: 0,
            changed_at,
            state: Arc::from(""),
        };
        live.remake_state();
        live
    }

    /// Rebuilds a game from its row and moves: the rules replay the moves, the clocks
    /// take the times stored with them.
    pub fn load(row: GameRow, moves: &[StoredMove]) -> Result<LiveGame, String> {
        let kind: GameKind = row.game.parse().map_err(|e: arbiter::OptionsError| e.to_string())?;
        let value: Value = serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
        let setup = Setup::read(kind, &value)?;
        let mut live = LiveGame::new(row.clone(), setup);
        let mut left = [None; 2];
        // The moves made on a running clock, for periods: every move from the third
        // on, as the clocks run once both sides have moved.
        let mut made = [0u32; 2];
        for (index, stored) in moves.iter().enumerate() {
            let mover = live.game.side_to_move();
            live.game.play_text(&stored.text).map_err(|e| format!("stored move {}: {e}", stored.text))?;
            if let Some(ms) = stored.clock_ms {
                left[mover.index()] = Some(ms.max(0) as u64);
            }
            if index >= CLOCKS_START_AT_PLY {
                made[mover.index()] += 1;
            }
        }
        let last_change = moves.last().map_or(row.created_at, |m| m.created_at);
        if let Some(control) = live.setup.clock.map(|c| c.control()) {
            let remaining = left.map(|ms| ms.unwrap_or(control.initial_ms()));
            let running = (live.game.outcome().is_none() && live.game.moves().len() >= CLOCKS_START_AT_PLY)
                .then(|| (live.game.side_to_move(), last_change.max(0) as u64));
            live.clock = Some(Clock::resume(control, remaining, made, running));
        }
        if row.status == "finished" && live.game.outcome().is_none() {
            live.ending = row.outcome.as_deref().and_then(stored_ending);
        }
        live.draw_offer = row.draw_offer.as_deref().and_then(seat_of);
        live.rematch = row.rematch.as_deref().and_then(|r| serde_json::from_str(r).ok()).unwrap_or_default();
        live.version = row.version;
        live.changed_at = last_change;
        if live.ending.is_some()
            && let Some(clock) = &mut live.clock
        {
            clock.stop(last_change.max(0) as u64);
        }
        live.remake_state();
        Ok(live)
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Whether both seats ask for a rematch that is still to be made.
    pub fn rematch_wanted(&self) -> bool {
        self.rematch.ready()
    }

    pub fn version(&self) -> i64 {
        self.version
    }

    pub fn ply(&self) -> i64 {
        self.game.moves().len() as i64
    }

    /// How the game ended, by the rules or otherwise, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending.clone().or_else(|| self.game.outcome())
    }

    /// The time `side` has left at `now`, if the game has clocks.
    pub fn remaining_ms(&self, side: Side, now: i64) -> Option<u64> {
        Some(self.clock.as_ref()?.remaining_ms(side, now.max(0) as u64))
    }

    /// The side whose clock has run out at `now`, if the game goes on.
    pub fn flagged(&self, now: i64) -> Option<Side> {
        if self.outcome().is_some() {
            return None;
        }
        self.clock.as_ref()?.flagged(now.max(0) as u64)
    }

    /// Checks `text` as the next move of `seat`, made at `now`.
    pub fn prepare_move(&self, seat: Side, ply: i64, text: &str, now: i64) -> Result<PreparedMove, MoveError> {
        let mut game = self.game.clone();
        let played = game.play_text(text)?.text.clone();
        let moment = now.max(0) as u64;
        let mut clock = self.clock.clone();
        let mut clock_ms = None;
        if let Some(clock) = &mut clock {
            // The mover's time left after the move (its full time while clocks wait for
            // both sides' first moves).
            clock_ms = clock.moved(seat, moment).map(|ms| ms as i64);
            // The clocks run once both sides have moved, as on every game site.
            if game.outcome().is_none() && game.moves().len() >= CLOCKS_START_AT_PLY {
                clock.start(game.side_to_move(), moment);
            }
        }
        // An offer lapses when its receiver moves; the offerer's own move keeps it.
        let draw_offer = self.draw_offer.filter(|&offerer| offerer == seat && game.outcome().is_none());
        let outcome = outcome_json(&game, game.outcome().as_ref());
        let record = MoveRecord {
            id: self.row.id.clone(),
            ply,
            text: played,
            status: if outcome.is_null() { "ongoing" } else { "finished" }.to_owned(),
            outcome: (!outcome.is_null()).then(|| outcome.to_string()),
            now,
            clock_ms,
            deadline: clock.as_ref().and_then(Clock::deadline).map(|d| d as i64),
            draw_offer: draw_offer.map(|s| s.name().to_owned()),
        };
        Ok(PreparedMove { game, clock, draw_offer, record })
    }

    /// Takes a prepared move once it is stored.
    pub fn commit_move(&mut self, prepared: PreparedMove) {
        self.game = prepared.game;
        self.clock = prepared.clock;
        self.draw_offer = prepared.draw_offer;
        self.changed_at = prepared.record.now;
        self.version += 1;
        self.remake_state();
    }

    /// What a change does, checked against the game and the asking seat: the event to
    /// store, and the new ending, offer and rematch. `Err` says why it is refused.
    pub fn event(&self, change: &Change, now: i64) -> Result<Planned, Refusal> {
        let over = self.outcome().is_some();
        let mut plan = Planned {
            ending: self.ending.clone(),
            draw_offer: self.draw_offer,
            rematch: self.rematch.clone(),
            stop_clock: false,
            now,
        };
        let ongoing = |what: &str| if over { Err((410, format!("the game is over: no {what}"))) } else { Ok(()) };
        match *change {
            Change::Resign(seat) => {
                ongoing("resignation")?;
                plan.ending = Some(Outcome::win(seat.opponent(), Termination::Resignation));
            }
            Change::OfferDraw(seat) => {
                ongoing("draw offer")?;
                if self.draw_offer == Some(seat.opponent()) {
                    // Offering when the other side offers is agreeing.
                    plan.ending = Some(Outcome::draw(Termination::Agreement));
                } else {
                    plan.draw_offer = Some(seat);
                }
            }
            Change::AcceptDraw(seat) => {
                ongoing("draw")?;
                if self.draw_offer != Some(seat.opponent()) {
                    return Err((409, "there is no draw offer to accept".into()));
                }
                plan.ending = Some(Outcome::draw(Termination::Agreement));
            }
            Change::DeclineDraw(seat) => {
                ongoing("draw offer")?;
                if self.draw_offer != Some(seat.opponent()) {
                    return Err((409, "there is no draw offer to decline".into()));
                }
                plan.draw_offer = None;
            }
            Change::Abort => {
                ongoing("abort")?;
                if self.game.moves().len() >= 2 {
                    return Err((409, "a game can be aborted only before both sides have moved".into()));
                }
                plan.ending = Some(Outcome::draw(Termination::Aborted));
            }
            Change::AskRematch(seat) => {
                if !over {
                    return Err((409, "a rematch is asked for once the game is over".into()));
                }
                if self.rematch.game.is_some() {
                    return Err((409, "the rematch has been made".into()));
                }
                match seat {
                    Side::First => plan.rematch.first = true,
                    Side::Second => plan.rematch.second = true,
                }
            }
            Change::RematchMade(ref id) => plan.rematch.game = Some(id.clone()),
            Change::Flag => {
                let Some(loser) = self.flagged(now) else { return Err((409, "no clock has run out".into())) };
                plan.ending = Some(Outcome::win(loser.opponent(), Termination::TimeForfeit));
            }
        }
        if plan.ending.is_some() && !over {
            plan.draw_offer = None;
            plan.stop_clock = true;
        }
        Ok(plan)
    }

    /// The row change a plan makes.
    pub fn stored_event<'a>(
        &'a self,
        plan: &'a Planned,
        outcome: &'a Option<String>,
        rematch: &'a str,
    ) -> GameEvent<'a> {
        let finished = plan.ending.is_some() || self.game.outcome().is_some();
        GameEvent {
            id: &self.row.id,
            version: self.version,
            status: if finished { "finished" } else { "ongoing" },
            outcome: outcome.as_deref(),
            deadline: if finished { None } else { self.clock.as_ref().and_then(Clock::deadline).map(|d| d as i64) },
            draw_offer: plan.draw_offer.map(Side::name),
            rematch: Some(rematch),
        }
    }

    /// The outcome a plan leaves, as stored.
    pub fn planned_outcome(&self, plan: &Planned) -> Option<String> {
        let outcome = plan.ending.clone().or_else(|| self.game.outcome());
        let value = outcome_json(&self.game, outcome.as_ref());
        (!value.is_null()).then(|| value.to_string())
    }

    /// Takes a planned change once it is stored.
    pub fn commit_event(&mut self, plan: Planned) {
        if plan.stop_clock
            && let Some(clock) = &mut self.clock
        {
            clock.stop(plan.now.max(0) as u64);
        }
        self.ending = plan.ending;
        self.draw_offer = plan.draw_offer;
        self.rematch = plan.rematch;
        self.changed_at = plan.now;
        self.version += 1;
        self.remake_state();
    }

    /// Roughly the memory the game takes: its moves and its state text.
    pub fn approx_bytes(&self) -> usize {
        self.state.len() + self.game.moves().len() * 64 + 1024
    }

    fn remake_state(&mut self) {
        self.state = Arc::from(serde_json::to_string(&self.view()).unwrap_or_default());
    }

    /// The state as JSON text, made once a change for every request and watcher.
    pub fn state_text(&self) -> Arc<str> {
        Arc::clone(&self.state)
    }

    pub fn state(&self) -> Value {
        serde_json::from_str(&self.state).unwrap_or(Value::Null)
    }

    /// The game as every client sees it; no token appears here.
    fn view(&self) -> StateView<'_> {
        let game = &self.game;
        let outcome = self.outcome();
        let over = outcome.is_some();
        let side = game.side_to_move();
        let legal = if over { Vec::new() } else { game.legal_moves() };
        let status = if over { "finished" } else { game.status().name() };
        let notations: Map<String, Value> = game
            .kind()
            .notations()
            .iter()
            .filter_map(|&name| Some((name.to_owned(), json!(game.moves_in(name)?))))
            .collect();
        let now = self.changed_at.max(0) as u64;
        let clocks = self.clock.as_ref().map(|clock| {
            json!({
                "first": clock.remaining_ms(Side::First, now),
                "second": clock.remaining_ms(Side::Second, now),
                "running": clock.running().filter(|_| !over).map(Side::name),
            })
        });
        StateView {
            id: &self.row.id,
            game: game.kind().name(),
            options: self.setup.to_value(),
            ply: self.ply(),
            status,
            side_to_move: (!over).then(|| game.side_name(side)),
            seat_to_move: (!over).then(|| side.name()),
            position: game.position_text(),
            moves: game.moves().iter().map(|m| m.text.as_str()).collect(),
            notations,
            legal_moves: legal.iter().map(|m| m.text.clone()).collect(),
            legal,
            outcome: outcome_json(game, outcome.as_ref()),
            clocks,
            made_at: self.changed_at,
            draw_offer: self.draw_offer.filter(|_| !over).map(Side::name),
            rematch: &self.rematch,
        }
    }
}

/// A change worked out, to store and then commit.
pub struct Planned {
    ending: Option<Outcome>,
    draw_offer: Option<Side>,
    pub rematch: Rematch,
    stop_clock: bool,
    now: i64,
}

/// An ending read back from the store, if it is one the rules do not decide.
fn stored_ending(text: &str) -> Option<Outcome> {
    let value: Value = serde_json::from_str(text).ok()?;
    let termination: Termination = value["reason"].as_str()?.parse().ok()?;
    let winner = value["winner_seat"].as_str().and_then(seat_of);
    (!termination.is_by_rule()).then(|| Outcome::new(winner, termination))
}

/// An outcome as JSON: `{"result": "win", "winner": "red", "winner_seat": "first",
/// "reason": "checkmate", "detail": null}`; `result` is `aborted` for an aborted game.
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
        "reason": outcome.termination(),
        "detail": outcome.detail(),
    })
}

#[derive(Serialize)]
struct StateView<'a> {
    id: &'a str,
    game: &'static str,
    options: Value,
    ply: i64,
    status: &'static str,
    side_to_move: Option<&'static str>,
    seat_to_move: Option<&'static str>,
    position: String,
    moves: Vec<&'a str>,
    /// The moves in the game's other notations (Xiangqi: WXF and Chinese).
    notations: Map<String, Value>,
    legal_moves: Vec<String>,
    /// The legal moves with where each starts and ends, for the page to draw.
    legal: Vec<MoveDetail>,
    outcome: Value,
    /// Each seat's time left when the state was made, and whose clock runs.
    clocks: Option<Value>,
    /// When the state was made, milliseconds since the epoch.
    made_at: i64,
    draw_offer: Option<&'static str>,
    rematch: &'a Rematch,
}
