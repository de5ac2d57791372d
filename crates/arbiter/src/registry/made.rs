//! The types over every game, made from the one list of games (`games.rs`): the
//! enums, each with a variant a game, and the dispatch that runs code on a value of any
//! of them with the game's own types. Their methods are written once, generically, in
//! the files beside this one.

/// Makes the all-games enums and their dispatch macros from the list. `$d` is `$`,
/// passed in so that the macros made here can have parameters of their own.
macro_rules! all_games {
    ($d:tt ; $($variant:ident $module:ident $spec:path),* $(,)?) => {
        /// The games arbiter referees, one variant a game of the list, in the order front
        /// ends list them. Its name in commands and JSON is [`GameKind::name`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $(
                #[doc = concat!("The game of [`crate::", stringify!($module), "`].")]
                $variant,
            )*
        }

        impl GameKind {
            /// Every game, in the order front ends list them.
            pub const ALL: [GameKind; [$(stringify!($variant)),*].len()] = [$(GameKind::$variant),*];
        }

        /// A game's options, checked, with every default filled in: they say exactly
        /// which game is played, and [`crate::AnyGame::new`] starts it. Each variant
        /// holds the game's own typed options.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum GameOptions {
            $(
                #[doc = concat!("Options of [`crate::", stringify!($module), "`].")]
                $variant(<$spec as $crate::spec::GameSpec>::Options),
            )*
        }

        /// A position of any game: the rules of one position, no history.
        #[derive(Clone, Debug)]
        pub enum AnyPosition {
            $(
                #[doc = concat!("A position of [`crate::", stringify!($module), "`].")]
                $variant(<$spec as $crate::spec::GameSpec>::Position),
            )*
        }

        /// A game of any kind with its history: its position and the rules that look
        /// back over the game (repetition, perpetual check and chase, move counts).
        #[derive(Clone, Debug)]
        pub enum AnyHistory {
            $(
                #[doc = concat!("A game of [`crate::", stringify!($module), "`] with its history.")]
                $variant($crate::history::WithHistory<<$spec as $crate::spec::GameSpec>::Position>),
            )*
        }

        impl GameOptions {
            /// Which game these options are for.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $( GameOptions::$variant(_) => GameKind::$variant, )* }
            }
        }

        impl AnyPosition {
            /// Which game this is.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $( AnyPosition::$variant(_) => GameKind::$variant, )* }
            }
        }

        impl AnyHistory {
            /// Which game this is.
            #[must_use]
            pub const fn kind(&self) -> GameKind {
                match self { $( AnyHistory::$variant(_) => GameKind::$variant, )* }
            }
        }

        /// Runs `$body` with `$game` bound to the inner value of `$value`, a value of
        /// the all-games enum `$enum`, `$G` naming the game's [`GameSpec`] type, and
        /// each `name = Enum` bound to the game's variant of the all-games enum `Enum`
        /// (a function from the game's own value to the enum's).
        macro_rules! each {
            ($d enum:ident, $d value:expr, $d game:ident, $d G:ident $d(, $d name:ident = $d wrap:ident)* => $d body:expr) => {
                match $d value {
                    $(
                        $d enum::$variant($d game) => {
                            #[allow(dead_code)]
                            type $d G = $spec;
                            $d( let $d name = $d wrap::$variant; )*
                            $d body
                        }
                    )*
                }
            };
        }

        /// Runs `$body` with `$G` naming the [`GameSpec`] type of the game `$kind`,
        /// and each `name = Enum` bound to the game's variant of the all-games enum
        /// `Enum` (a function from the game's own value to the enum's).
        macro_rules! each_kind {
            ($d kind:expr, $d G:ident $d(, $d name:ident = $d enum:ident)* => $d body:expr) => {
                match $d kind {
                    $(
                        GameKind::$variant => {
                            #[allow(dead_code)]
                            type $d G = $spec;
                            $d( let $d name = $d enum::$variant; )*
                            $d body
                        }
                    )*
                }
            };
        }
    };
}

for_each_game!(all_games, $);

pub(crate) use {each, each_kind};
