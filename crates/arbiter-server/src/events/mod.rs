//! Events made of many games: the Swiss pairing engine (FIDE's Dutch system).
pub mod dutch;
