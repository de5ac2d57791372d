//! `arbiter serve` end to end: a real server process, real HTTP and WebSocket
//! clients, on SQLite always and on PostgreSQL when `ARBITER_TEST_POSTGRES` names a
//! throwaway database (`scripts/test` starts one).

mod accounts;
mod bots;
mod computer;
mod harness;
mod limits;
mod lobby;
mod postgres;
mod records;
mod runs;
mod scenarios;
mod sqlite;
mod tournaments;
