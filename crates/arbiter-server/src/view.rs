//! A served game's state as every client sees it, as JSON: the answer to a move or a
//! state request, and what watchers get after every change. No token appears here.
//! It is made twice a change: with the legal moves listed, and without them for
//! clients that work them out themselves (the page, with the rules in WebAssembly),
//! which a Renju board of 128x128 points spares 785 KB a state.

use std::sync::Arc;

use arbiter::clock::Clock;
use arbiter::{AnyGame, MoveDetail, Outcome, Side};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::rows::{Rematch, outcome_json};
use crate::setup::Setup;

/// What the state shows of a game.
pub struct Seen<'a> {
    /// The game's id.
    pub id: &'a str,
    /// Its options.
    pub setup: &'a Setup,
    /// The game after its moves.
    pub game: &'a AnyGame,
    /// Its clocks, if timed.
    pub clock: Option<&'a Clock>,
    /// How it ended, by the rules or otherwise.
    pub outcome: Option<Outcome>,
    /// The seat that offers a draw.
    pub draw_offer: Option<Side>,
    /// Who asked for a rematch.
    pub rematch: &'a Rematch,
    /// When the last change was made, milliseconds since the epoch.
    pub changed_at: i64,
}

/// The state as JSON text, with and without the legal moves.
#[derive(Clone, Debug)]
pub struct States {
    /// With `legal_moves` and `legal`: what a client gets unless it asks otherwise.
    pub full: Arc<str>,
    /// Without them (`?legal=0`).
    pub lean: Arc<str>,
}

impl States {
    /// The text with the legal moves listed or not.
    pub fn listing(&self, legal: bool) -> Arc<str> {
        Arc::clone(if legal { &self.full } else { &self.lean })
    }
}

/// The state as JSON texts.
pub fn state_texts(seen: &Seen<'_>) -> States {
    let mut view = view(seen);
    let full = Arc::from(serde_json::to_string(&view).unwrap_or_default());
    (view.legal_moves, view.legal) = (None, None);
    let lean = Arc::from(serde_json::to_string(&view).unwrap_or_default());
    States { full, lean }
}

fn view<'a>(seen: &'a Seen<'a>) -> StateView<'a> {
    let game = seen.game;
    let outcome = seen.outcome.as_ref();
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
    let now = seen.changed_at.max(0) as u64;
    let clocks = seen.clock.map(|clock| {
        json!({
            "first": clock.remaining_ms(Side::First, now),
            "second": clock.remaining_ms(Side::Second, now),
            "running": clock.running().filter(|_| !over).map(Side::name),
        })
    });
    StateView {
        id: seen.id,
        game: game.kind().name(),
        options: seen.setup.to_value(),
        ply: game.moves().len() as i64,
        status,
        side_to_move: (!over).then(|| game.side_name(side)),
        seat_to_move: (!over).then(|| side.name()),
        position: game.position_text(),
        moves: game.moves().iter().map(|m| m.text.as_str()).collect(),
        notations,
        legal_moves: Some(legal.iter().map(|m| m.text.clone()).collect()),
        legal: Some(legal),
        outcome: outcome_json(game, outcome),
        clocks,
        made_at: seen.changed_at,
        draw_offer: seen.draw_offer.filter(|_| !over).map(Side::name),
        rematch: seen.rematch,
    }
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
    #[serde(skip_serializing_if = "Option::is_none")]
    legal_moves: Option<Vec<String>>,
    /// The legal moves with where each starts and ends, for clients to draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Vec<MoveDetail>>,
    outcome: Value,
    /// Each seat's time left when the state was made, and whose clock runs.
    clocks: Option<Value>,
    /// When the state was made, milliseconds since the epoch.
    made_at: i64,
    draw_offer: Option<&'static str>,
    rematch: &'a Rematch,
}
