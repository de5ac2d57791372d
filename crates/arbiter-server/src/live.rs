//! Games in play, kept in memory beside the store: the game after the stored moves,
//! so that checking a move does not replay the game. The store stays the truth: a
//! game is (re)loaded from it whenever this copy may be behind.

use std::collections::HashMap;
use std::sync::Arc;

use arbiter::{AnyGame, GameKind, GameOptions, MoveDetail, OptionsInput, Outcome};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::store::{GameRow, Store, StoreError};

/// One game: its stored row and the game its moves lead to.
pub struct LiveGame {
    /// The row as loaded: the game's identity and seats. Its ply, status and
    /// outcome are not kept up to date here; the game says those.
    pub row: GameRow,
    pub game: AnyGame,
}

/// The options as stored: every option of the game, defaults written out.
pub fn stored_options(options: &GameOptions) -> String {
    serde_json::to_string(&options.to_input()).unwrap_or_default()
}

/// Reads stored options, checking them again as any options are checked.
fn load_options(kind: GameKind, text: &str) -> Result<GameOptions, String> {
    let input: OptionsInput = serde_json::from_str(text).map_err(|e| e.to_string())?;
    GameOptions::new(kind, &input).map_err(|e| e.to_string())
}

impl LiveGame {
    /// Rebuilds a game by replaying its stored moves through the rules library.
    pub fn replay(row: GameRow, moves: &[String]) -> Result<LiveGame, String> {
        let kind: GameKind = row.game.parse().map_err(|e: arbiter::OptionsError| e.to_string())?;
        let mut game = AnyGame::new(&load_options(kind, &row.options)?);
        for text in moves {
            game.play_text(text).map_err(|e| format!("stored move {text}: {e}"))?;
        }
        Ok(LiveGame { row, game })
    }

    pub fn ply(&self) -> i64 {
        self.game.moves().len() as i64
    }

    /// The game as every client sees it; no token appears here.
    fn view(&self) -> StateView<'_> {
        let game = &self.game;
        let over = game.outcome().is_some();
        let side = game.side_to_move();
        let legal = game.legal_moves();
        StateView {
            id: &self.row.id,
            game: game.kind().name(),
            options: game.options().to_input(),
            ply: self.ply(),
            status: game.status().name(),
            side_to_move: (!over).then(|| game.side_name(side)),
            seat_to_move: (!over).then(|| side.name()),
            position: game.position_text(),
            moves: game.moves().iter().map(|m| m.text.as_str()).collect(),
            legal_moves: legal.iter().map(|m| m.text.clone()).collect(),
            legal,
            outcome: outcome_json(game),
        }
    }

    pub fn state(&self) -> Value {
        serde_json::to_value(self.view()).unwrap_or(Value::Null)
    }

    /// The state as JSON text, written once for the reply and every watcher.
    pub fn state_text(&self) -> String {
        serde_json::to_string(&self.view()).unwrap_or_default()
    }
}

/// An outcome as JSON: `{"result": "win", "winner": "red", "winner_seat": "first",
/// "reason": "checkmate", "detail": null}`.
pub fn outcome_json(game: &AnyGame) -> Value {
    match game.outcome() {
        None => Value::Null,
        Some(outcome) => outcome_value(game, &outcome),
    }
}

fn outcome_value(game: &AnyGame, outcome: &Outcome) -> Value {
    json!({
        "result": if outcome.is_draw() { "draw" } else { "win" },
        "winner": outcome.winner().map(|side| game.side_name(side)),
        "winner_seat": outcome.winner().map(arbiter::Side::name),
        "reason": outcome.reason(),
        "detail": outcome.detail(),
    })
}

#[derive(Serialize)]
struct StateView<'a> {
    id: &'a str,
    game: &'static str,
    options: OptionsInput,
    ply: i64,
    status: &'static str,
    side_to_move: Option<&'static str>,
    seat_to_move: Option<&'static str>,
    position: String,
    moves: Vec<&'a str>,
    legal_moves: Vec<String>,
    /// The legal moves with where each starts and ends, for the page to draw.
    legal: Vec<MoveDetail>,
    outcome: Value,
}

/// Why a game could not be had.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game cannot be replayed: {0}")]
    Corrupt(String),
}

/// The games this process has in memory.
#[derive(Default)]
pub struct Games {
    games: std::sync::Mutex<HashMap<String, Arc<Mutex<LiveGame>>>>,
}

impl Games {
    /// The game `id`, loaded from the store if this process does not hold it.
    pub async fn get(&self, store: &Store, id: &str) -> Result<Option<Arc<Mutex<LiveGame>>>, LoadError> {
        if let Some(game) = self.games.lock().unwrap_or_else(|e| e.into_inner()).get(id) {
            return Ok(Some(Arc::clone(game)));
        }
        let Some(row) = store.game(id).await? else { return Ok(None) };
        let moves = store.moves(id).await?;
        let live = LiveGame::replay(row, &moves).map_err(LoadError::Corrupt)?;
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        // Another request may have loaded it meanwhile: keep the first.
        let entry = games.entry(id.to_owned()).or_insert_with(|| Arc::new(Mutex::new(live)));
        Ok(Some(Arc::clone(entry)))
    }

    /// Puts a game just created into memory.
    pub fn insert(&self, live: LiveGame) -> Arc<Mutex<LiveGame>> {
        let id = live.row.id.clone();
        let game = Arc::new(Mutex::new(live));
        self.games.lock().unwrap_or_else(|e| e.into_inner()).insert(id, Arc::clone(&game));
        game
    }

    /// Brings `live` up to date with the store (another server may have moved).
    pub async fn refresh(store: &Store, live: &mut LiveGame) -> Result<(), LoadError> {
        let Some(row) = store.game(&live.row.id).await? else { return Ok(()) };
        if row.ply == live.ply() {
            return Ok(());
        }
        let moves = store.moves(&row.id).await?;
        *live = LiveGame::replay(row, &moves).map_err(LoadError::Corrupt)?;
        Ok(())
    }
}
