//! Why a game's last repetition is judged as it is, worked out at most once a move.
//! Under Xiangqi's Chinese rules the explanation may search thousands of positions for
//! each move of a cycle, so a repeated request, or many at once, must not each start a
//! search: the first request at a ply starts one, off the async workers, and every
//! request at that ply gets its answer.

use std::sync::Arc;

use super::error::RoundError;
use super::lookup::current;
use crate::app::AppState;
use crate::view::explanation_text;

/// The explanation of game `id`'s last repetition as the API sends it (see
/// [`explanation_text`]).
pub async fn explanation(app: &AppState, id: &str) -> Result<Arc<str>, RoundError> {
    let (kept, copy) = {
        let live = current(app, id).await?;
        let kept = live.explanation();
        if let Some(text) = kept.get() {
            return Ok(Arc::clone(text));
        }
        // Read from a copy, so that the search holds neither the game's lock nor moves.
        (kept, live.state().game().clone())
    };
    let metrics = Arc::clone(&app.metrics);
    // A task of its own fills the explanation even if this request is dropped, so that
    // a client that asks and hangs up cannot start search after search.
    let work = tokio::spawn(async move {
        let text = kept
            .get_or_try_init(|| async move {
                metrics.explanations_worked_out.inc();
                tokio::task::spawn_blocking(move || explanation_text(&copy)).await
            })
            .await?;
        Ok::<_, tokio::task::JoinError>(Arc::clone(text))
    });
    Ok(work.await??)
}
