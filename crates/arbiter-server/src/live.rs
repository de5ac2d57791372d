//! Games in play, kept in memory beside the store: the position after the stored
//! moves, so that checking a move does not replay the game. The store stays the
//! truth: a game is (re)loaded from it whenever this copy may be behind.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use tokio::sync::Mutex;

use crate::referee::{GameKind, Referee, outcome_json, seat_name, start};
use crate::store::{GameRow, Store, StoreError};

/// One game: its stored row, the moves, and the position they lead to.
pub struct LiveGame {
    /// The row as loaded: the game's identity and seats. Its ply, status and
    /// outcome are not kept up to date here; the moves and the referee say those.
    pub row: GameRow,
    pub kind: GameKind,
    pub options: Value,
    pub referee: Box<dyn Referee>,
    pub moves: Vec<String>,
}

impl LiveGame {
    /// Rebuilds a game by replaying its stored moves through the rules library.
    pub fn replay(row: GameRow, moves: Vec<String>) -> Result<LiveGame, String> {
        let kind = GameKind::from_name(&row.game).ok_or_else(|| format!("unknown game {:?}", row.game))?;
        let options: Value = serde_json::from_str(&row.options).map_err(|e| e.to_string())?;
        let mut referee = start(kind, &options)?;
        for text in &moves {
            referee.play_text(text).map_err(|e| format!("stored move {text}: {e}"))?;
        }
        Ok(LiveGame { row, kind, options, referee, moves })
    }

    pub fn ply(&self) -> i64 {
        self.moves.len() as i64
    }

    /// The game as every client sees it; no token appears here.
    fn view(&self) -> StateView<'_> {
        let over = self.referee.outcome().is_some();
        let side = self.referee.side_to_move();
        StateView {
            id: &self.row.id,
            game: self.kind.name(),
            options: &self.options,
            ply: self.ply(),
            status: if over { "finished" } else { "ongoing" },
            side_to_move: (!over).then(|| self.referee.side_name(side)),
            seat_to_move: (!over).then(|| seat_name(side)),
            position: self.referee.position(),
            moves: &self.moves,
            legal_moves: self.referee.legal_moves(),
            outcome: outcome_json(self.referee.as_ref()),
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

#[derive(Serialize)]
struct StateView<'a> {
    id: &'a str,
    game: &'a str,
    options: &'a Value,
    ply: i64,
    status: &'a str,
    side_to_move: Option<&'a str>,
    seat_to_move: Option<&'static str>,
    position: String,
    moves: &'a [String],
    legal_moves: Vec<String>,
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
        let live = LiveGame::replay(row, moves).map_err(LoadError::Corrupt)?;
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
        *live = LiveGame::replay(row, moves).map_err(LoadError::Corrupt)?;
        Ok(())
    }
}
