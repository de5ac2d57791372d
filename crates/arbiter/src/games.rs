//! The one list of games. Every type over all games (`GameKind`, `GameOptions`,
//! `AnyPosition`, `AnyHistory`) is made from it, and so are the per-game dispatches of
//! the crates above the library (drawing, evaluation, records, the bindings' actions
//! and planes): adding a game is its folder, its own files in those crates, and one
//! line here.
//!
//! Each line gives the game's variant name in the all-games enums, its folder (module)
//! and its [`GameSpec`](crate::GameSpec) type.

/// Calls `$callback!` with every game, one `Variant module path::to::Spec` a game,
/// comma-separated, in the order front ends list them. Anything before the list in
/// the call (`for_each_game!(callback, $)`) is passed first, followed by `;`.
///
/// ```
/// macro_rules! names {
///     ($($variant:ident $module:ident $spec:path),* $(,)?) => {
///         [$(<$spec as arbiter::GameSpec>::NAME),*]
///     };
/// }
/// assert_eq!(arbiter::for_each_game!(names), ["xiangqi", "draughts", "gomoku", "twixt"]);
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident $(, $($before:tt)*)?) => {
        $callback! {
            $($($before)* ;)?
            Xiangqi xiangqi $crate::xiangqi::Xiangqi,
            Draughts draughts $crate::draughts::Draughts,
            Gomoku gomoku $crate::gomoku::Gomoku,
            Twixt twixt $crate::twixt::Twixt,
        }
    };
}

/// Declares each game's folder as a public module.
macro_rules! declare_games {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        $(pub mod $module;)*
    };
}
