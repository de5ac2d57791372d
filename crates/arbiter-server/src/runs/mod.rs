//! Matches shared by workers on any number of machines through PostgreSQL (`arbiter
//! match --database ... --run NAME`, `arbiter worker`): the runs and their pairs of
//! games in the database, and the pages that show them.

mod page;
mod store;

pub(crate) use page::{list_page, run_page};
pub use store::{Claim, GameView, NewRun, PlayedGame, RunError, RunRow, RunView, Runs, SprtView, Standing, Stored};
