//! The runs of matches shared by workers (PostgreSQL only): `GET /api/runs`,
//! `GET /api/runs/{id}`, `GET /api/runs/{id}/pgn` and the pages `/runs`, `/runs/{id}`.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use serde_json::json;

use super::errors::ApiError;
use super::requests;
use crate::app::AppState;
use crate::runs::{GameView, RunError, RunView, Runs};
use crate::words::Words;

fn runs(app: &AppState) -> Result<Runs, ApiError> {
    Runs::on(&app.store).ok_or_else(|| {
        ApiError::new(StatusCode::NOT_FOUND, "runs are shared through PostgreSQL: serve on a postgres:// database")
    })
}

fn failed(error: RunError) -> ApiError {
    match error {
        RunError::Store(e) if e.is_unavailable() => ApiError::unavailable("the database is busy; try again"),
        other => ApiError::internal(other),
    }
}

fn run_id(path: Result<Path<String>, PathRejection>) -> Result<i64, ApiError> {
    let Path(text) = path.map_err(|r| ApiError::new(StatusCode::BAD_REQUEST, r.body_text()))?;
    text.parse().map_err(|_| ApiError::new(StatusCode::NOT_FOUND, format!("no run {text:?}: a run's id is a number")))
}

async fn view(runs: &Runs, id: i64) -> Result<RunView, ApiError> {
    runs.view(id).await.map_err(failed)?.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no run {id}")))
}

/// A run with its ratio after each pair and its games, for its page and its API.
async fn details(
    app: &AppState,
    path: Result<Path<String>, PathRejection>,
) -> Result<(RunView, Vec<(u32, f64)>, Vec<GameView>), ApiError> {
    let (runs, id) = (runs(app)?, run_id(path)?);
    let run = view(&runs, id).await?;
    let history = runs.llr_history(&run).await.map_err(failed)?;
    let games = runs.games(id).await.map_err(failed)?;
    Ok((run, history, games))
}

/// `GET /api/runs`: every run, newest first, with its standing.
pub async fn list(State(app): State<Arc<AppState>>) -> Result<Response, ApiError> {
    let list = runs(&app)?.list().await.map_err(failed)?;
    Ok(Json(json!({ "runs": list })).into_response())
}

/// `GET /api/runs/{id}`: a run's standing, its ratio after each pair and its games.
pub async fn one(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let (run, history, games) = details(&app, path).await?;
    let mut body = serde_json::to_value(&run).map_err(ApiError::internal)?;
    if let Some(fields) = body.as_object_mut() {
        fields.insert("llr_history".to_owned(), json!(history));
        fields.insert("games".to_owned(), json!(games));
    }
    Ok(Json(body).into_response())
}

/// `GET /api/runs/{id}/pgn`: the records of the run's counted games (PGN for
/// Xiangqi, PDN for draughts, each game's own format otherwise), as a file.
pub async fn records(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let (runs, id) = (runs(&app)?, run_id(path)?);
    let one = requests::run_records(&uri)?;
    let run = view(&runs, id).await?;
    let records = runs.records(id, one).await.map_err(failed)?;
    if one.is_some() && records.is_empty() {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "no such game in this run"));
    }
    // A run's records are written as PGN-like text in its game's first format that
    // is one (PDN for draughts).
    let extension = run
        .game
        .parse::<arbiter::GameKind>()
        .ok()
        .and_then(|kind| arbiter_formats::record::formats(kind).iter().find(|f| f.is_pgn_like()).map(|f| f.extension))
        .unwrap_or("txt");
    let file = match one {
        Some((pair, game)) => format!("{}-pair{pair}-game{game}.{extension}", run.name),
        None => format!("{}.{extension}", run.name),
    };
    let disposition = format!("attachment; filename=\"{}\"", file.replace(['"', '\\', '/'], "_"));
    let text: String = records.iter().map(|r| format!("{}\n", r.trim_end())).collect::<Vec<_>>().join("\n");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        text,
    )
        .into_response())
}

/// `GET /runs`: the page of runs.
pub async fn list_page(State(app): State<Arc<AppState>>, uri: Uri, headers: HeaderMap) -> Result<Response, ApiError> {
    let list = runs(&app)?.list().await.map_err(failed)?;
    Ok(Html(crate::runs::list_page(&list, Words::for_request(&uri, &headers))).into_response())
}

/// `GET /runs/{id}`: a run's page.
pub async fn page(
    State(app): State<Arc<AppState>>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (run, history, games) = details(&app, path).await?;
    Ok(Html(crate::runs::run_page(&run, &history, &games, Words::for_request(&uri, &headers))).into_response())
}
