//! A game's record to download: PGN for Xiangqi, PDN for draughts, Piskvork's `.psq`
//! for Gomoku and Little Golem's `tsgf` for TwixT, written by the library.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use arbiter::{Side, Termination};
use arbiter_formats::record::{GameResult, Record, pgn_date};

use super::errors::ApiError;
use super::http::game_id;
use crate::app::AppState;
use crate::live::LiveGame;
use crate::round;

/// `GET /api/games/{id}/record`: the game's record, as a file to download.
pub async fn record(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = game_id(path)?;
    let live = round::current(&app, &id).await?;
    let (text, extension) = write(&live);
    drop(live);
    let disposition = format!("attachment; filename=\"arbiter-{id}.{extension}\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        text,
    )
        .into_response())
}

/// The players as the record names them: by the names they gave, the engine in its
/// seat, or else the seats.
fn players(live: &LiveGame) -> [String; 2] {
    let opponent = live.state().setup().opponent.as_ref();
    let names = live.row.names();
    [Side::First, Side::Second].map(|side| match (opponent, names[side.index()]) {
        (Some(o), _) if o.side == side => format!("{} (computer)", o.engine.as_deref().unwrap_or("engine")),
        (_, Some(name)) => name.to_owned(),
        _ => format!("{} seat", side.name()),
    })
}

/// The record's text and its file name's extension.
fn write(live: &LiveGame) -> (String, &'static str) {
    let (text, format) = record_of(live).write();
    (text, format.extension)
}

/// A record as one of several in a file: in its game's own format where that is
/// PGN's kind (PGN, PDN), which holds many games one after another, else as PGN.
pub fn as_many(record: &Record) -> (String, &'static str) {
    let (text, format) = record.write();
    if matches!(format.extension, "pgn" | "pdn") { (text, format.extension) } else { (record.to_string(), "pgn") }
}

/// The game's record: its players, date, moves and ending.
pub fn record_of(live: &LiveGame) -> Record {
    let game = live.state().game();
    let players = players(live);
    let names = [players[0].as_str(), players[1].as_str()];
    let event = format!("arbiter game {}", live.row.id);
    let mut record = Record::of(game, None);
    record.set_tag("Event", event);
    record.set_tag("Site", "arbiter");
    record.set_tag("Date", date(live.row.created_at));
    record.set_player(Side::First, names[0]);
    record.set_player(Side::Second, names[1]);
    if let Some(outcome) = live.state().outcome() {
        let result = if outcome.termination() == Termination::Aborted {
            GameResult::Unfinished
        } else {
            GameResult::of_winner(outcome.winner())
        };
        record.set_result(result);
        record.set_tag("Termination", outcome.termination().as_str());
        record.closing_comment = Some(outcome.describe(|side| game.side_name(side)));
    }
    record
}

/// The PGN date of `millis` since the epoch.
fn date(millis: i64) -> String {
    pgn_date(millis.div_euclid(86_400_000))
}
