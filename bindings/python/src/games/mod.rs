//! What the Python package knows of each game beyond the registry: its typed moves
//! described without a position, its moves as numbers and its positions as planes for
//! learning agents. Each game's file here implements [`PyGame`] for the game's
//! [`GameSpec`] type; the enums and dispatch over every game are made from the
//! library's one list of games.

use arbiter::{AnyHistory, Game, GameOptions, GameSpec, MoveDetail, OptionsError, Side, WithHistory};

use crate::actions::{self, Step};
use crate::batch::{AnyBatch, Batch, Config};
use crate::planes::{Frame, Planes};
use crate::positions::{AnyPositions, Positions};

/// A game's move in its own type.
pub(crate) type Mv<G> = <<G as GameSpec>::Position as Game>::Move;

/// A game of `G` with its history.
pub(crate) type History<G> = WithHistory<<G as GameSpec>::Position>;

/// A game as the Python package sees it. A move's actions are the steps that make it:
/// one number for most games, one per landing for a draughts capture, so that a fixed
/// numbering holds every route.
pub(crate) trait PyGame: GameSpec {
    /// The version of the game's observation layout (its planes and their order): a
    /// change of layout is a new version, stated in the game's file and in
    /// `docs/python.md`.
    const LAYOUT: u32;

    /// What describing a move takes of its position besides the move: draughts' board,
    /// whose layout names the squares; `()` for a game whose moves describe themselves.
    /// Kept beside each legal move listed, so small and `Copy`.
    type Context: Copy + std::fmt::Debug;

    /// The context of `game`'s moves.
    fn context(game: &History<Self>) -> Self::Context;

    /// `mv` described as the registry describes moves: its text, where it starts and
    /// ends, its path and the pieces it takes.
    fn detail(context: Self::Context, mv: Mv<Self>) -> MoveDetail;

    /// Rows, columns and planes of the game's observation.
    fn shape(game: &History<Self>) -> (usize, usize, usize);

    /// How many actions the game has: the size of its action space.
    fn action_count(game: &History<Self>) -> usize;

    /// Appends the actions that make the legal move `mv`, in order, to `out`: without
    /// allocating, once `out` has grown to a move's length.
    fn push_actions(game: &History<Self>, mv: Mv<Self>, out: &mut Vec<usize>);

    /// The one action that makes `mv` when every move of the game is one action and
    /// each action one move (each move's number, no route): the vector environments
    /// then list a position's actions in one pass. `None` (the default) for a game
    /// whose moves may take several actions, whose actions go through
    /// [`PyGame::push_actions`].
    fn single_action(_game: &History<Self>, _mv: Mv<Self>) -> Option<usize> {
        None
    }

    /// Replaces `out` with the one action of each of the legal moves `legal`, in
    /// order, and returns `true`; or returns `false` if some move takes several
    /// actions ([`PyGame::single_action`] says `None`), `out` then cleared. A game may
    /// write them in a tighter loop: this is every step of a vector environment.
    fn single_actions(game: &History<Self>, legal: &[Mv<Self>], out: &mut Vec<u32>) -> bool {
        out.clear();
        let mut single = true;
        out.extend(legal.iter().map_while(|&mv| {
            // An action count fits a `u32` (the largest board has 4096 x 4096 + 1).
            let action = Self::single_action(game, mv).map(|action| action as u32);
            single &= action.is_some();
            action
        }));
        if !single {
            out.clear();
        }
        single
    }

    /// Whether the legal move `mv`, about to be played in `game`, is a placement that
    /// leaves each side's legal moves (were it to move) those it has now less the
    /// point `mv` takes, each move one action ([`PyGame::single_action`]) whose move
    /// [`PyGame::placement`] says: then the vector environments and position batches
    /// keep both sides' actions and masks and take the point out of each, instead of
    /// listing the moves afresh. While they do, the slot holds no list of moves, so
    /// [`PyGame::observe`] is given none: a game that keeps its lists must not read
    /// them there past the first move that keeps them. `false` by default.
    fn keeps_lists(_game: &History<Self>, _mv: Mv<Self>) -> bool {
        false
    }

    /// For a game whose moves may keep the lists ([`PyGame::keeps_lists`]): the
    /// placement whose action is `action`, legal or not; `None` if the action is no
    /// placement.
    fn placement(_game: &History<Self>, _action: usize) -> Option<Mv<Self>> {
        None
    }

    /// The actions that make the legal move `mv`, in order.
    fn actions(game: &History<Self>, mv: Mv<Self>) -> Vec<usize> {
        let mut actions = Vec::with_capacity(1);
        Self::push_actions(game, mv, &mut actions);
        actions
    }

    /// The move that the steps of `route` then `action` spell, legal or not, for the
    /// rules to say why they refuse it; `None` if they spell none (a route that breaks
    /// off, a number that is no action).
    fn spell(game: &History<Self>, route: &[usize], action: usize) -> Option<String>;

    /// Marks the position as `observer` sees it (after the steps of `route`) in
    /// `planes`, which are all zeros, and returns the planes to fill when `observer`
    /// is to move and when it plays first. Allocates nothing.
    fn observe(
        game: &History<Self>,
        legal: &[Mv<Self>],
        observer: Side,
        route: &[usize],
        planes: &mut Planes<'_>,
    ) -> (usize, usize);

    /// Whether [`PyGame::observe_move`] may say what a move changed: the vector
    /// environments then keep each side's planes from step to step instead of writing
    /// them afresh.
    const OBSERVES_MOVES: bool = false;

    /// After the legal move `mv` was played (`game` is the position after it), marks
    /// in `planes`, which show the position before it as `observer` saw it (by
    /// [`PyGame::observe`]), what `mv` changed, and returns `true`; or returns `false`,
    /// changing nothing, when the move changes more than a few points that it names
    /// itself (a swap, an opening's step): then the planes are written afresh. The
    /// planes of the side to move and of the first player are not this method's.
    fn observe_move(_game: &History<Self>, _mv: Mv<Self>, _observer: Side, _planes: &mut Planes<'_>) -> bool {
        false
    }
}

/// The position as `observer` sees it, written over `bytes` as [`observe_into`]
/// writes it but with the plane of the side to move marked whoever is to move;
/// returns that plane, for the caller to clear when `observer` is not to move.
pub(crate) fn observe_to_move<G: PyGame>(
    game: &History<G>,
    legal: &[Mv<G>],
    observer: Side,
    route: &[usize],
    frame: Frame,
    bytes: &mut [u8],
) -> usize {
    let mut planes = Planes::over(bytes, frame);
    let (own_side_plane, first_side_plane) = G::observe(game, legal, observer, route, &mut planes);
    planes.fill(own_side_plane);
    if observer == Side::First {
        planes.fill(first_side_plane);
    }
    own_side_plane
}

/// The position as `observer` sees it after the steps of `route`, written over
/// `bytes` (`frame.len()` of them): the game's planes, then whether `observer` is to
/// move and whether it plays first.
pub(crate) fn observe_into<G: PyGame>(
    game: &History<G>,
    legal: &[Mv<G>],
    observer: Side,
    route: &[usize],
    frame: Frame,
    bytes: &mut [u8],
) {
    let own_side_plane = observe_to_move::<G>(game, legal, observer, route, frame, bytes);
    if game.side_to_move() != observer {
        Planes::kept(bytes, frame).clear(own_side_plane);
    }
}

/// Declares each game's file and the enums and dispatch over every game.
macro_rules! python_games {
    ($($variant:ident $module:ident $spec:path),* $(,)?) => {
        $(mod $module;)*

        /// The legal moves of a position in its game's own type: worked out once a
        /// position and shared by the mask, the legal actions and the action taken,
        /// since working them out (Renju's forbidden points above all) is most of an
        /// environment step.
        #[derive(Clone, Debug)]
        pub(crate) enum LegalMoves {
            $( $variant(Vec<Mv<$spec>>), )*
        }

        /// A move in its game's own type, with what describing it takes.
        #[derive(Clone, Copy, Debug)]
        pub(crate) enum Typed {
            $( $variant(Mv<$spec>, <$spec as PyGame>::Context), )*
        }

        impl LegalMoves {
            /// The legal moves of `game`'s position.
            pub(crate) fn of(game: &AnyHistory) -> LegalMoves {
                match game {
                    $( AnyHistory::$variant(game) => LegalMoves::$variant(moves_of(game)), )*
                }
            }

            /// Each legal move of `game`'s position (whose moves these are), typed.
            pub(crate) fn typed(&self, game: &AnyHistory) -> Vec<Typed> {
                match (game, self) {
                    $(
                        (AnyHistory::$variant(game), LegalMoves::$variant(moves)) => {
                            let context = <$spec as PyGame>::context(game);
                            moves.iter().map(|&mv| Typed::$variant(mv, context)).collect()
                        }
                    )*
                    _ => Vec::new(),
                }
            }
        }

        impl Typed {
            /// The move described as the registry describes moves.
            pub(crate) fn detail(self) -> MoveDetail {
                match self {
                    $( Typed::$variant(mv, context) => <$spec as PyGame>::detail(context, mv), )*
                }
            }
        }

        /// Rows, columns and planes of the game's observation.
        pub(crate) fn shape(game: &AnyHistory) -> (usize, usize, usize) {
            match game {
                $( AnyHistory::$variant(game) => <$spec as PyGame>::shape(game), )*
            }
        }

        /// How many actions the game has.
        pub(crate) fn action_count(game: &AnyHistory) -> usize {
            match game {
                $( AnyHistory::$variant(game) => <$spec as PyGame>::action_count(game), )*
            }
        }

        /// The actions that may come next, after the steps of `route`, in increasing
        /// order; empty once the game is over or when the route leads nowhere.
        pub(crate) fn legal_actions(game: &AnyHistory, legal: &LegalMoves, route: &[usize]) -> Vec<usize> {
            match (game, legal) {
                $(
                    (AnyHistory::$variant(game), LegalMoves::$variant(moves)) => {
                        // A game whose moves are one action each: the numbers in one
                        // pass, without a list of actions a move.
                        if route.is_empty()
                            && let Some(mut actions) = moves
                                .iter()
                                .map(|&mv| <$spec as PyGame>::single_action(game, mv))
                                .collect::<Option<Vec<usize>>>()
                        {
                            actions.sort_unstable();
                            actions.dedup();
                            return actions;
                        }
                        actions::next_actions(moves.iter().map(|&mv| <$spec as PyGame>::actions(game, mv)), route)
                    }
                )*
                _ => Vec::new(),
            }
        }

        /// What `action` does after the steps of `route`.
        pub(crate) fn step(game: &AnyHistory, legal: &LegalMoves, route: &[usize], action: usize) -> Step {
            match (game, legal) {
                $(
                    (AnyHistory::$variant(game), LegalMoves::$variant(moves)) => {
                        if action >= <$spec as PyGame>::action_count(game) {
                            return Step::OutOfRange;
                        }
                        // A move of one action is found by its number alone; anything
                        // else (a route, a refusal) goes through every move's actions.
                        if route.is_empty()
                            && let Some(mv) =
                                moves.iter().find(|&&mv| <$spec as PyGame>::single_action(game, mv) == Some(action))
                        {
                            return Step::Completes(mv.to_string());
                        }
                        let steps = moves.iter().map(|&mv| (<$spec as PyGame>::actions(game, mv), mv));
                        actions::resolve(steps, route, action, || <$spec as PyGame>::spell(game, route, action))
                    }
                )*
                _ => Step::OutOfRange,
            }
        }

        /// The actions that make the legal move `text`; `None` if it is no legal move
        /// here.
        pub(crate) fn actions_of(game: &AnyHistory, legal: &LegalMoves, text: &str) -> Option<Vec<usize>> {
            match (game, legal) {
                $(
                    (AnyHistory::$variant(game), LegalMoves::$variant(moves)) => {
                        let mv = game.parse_move(text).ok().filter(|mv| moves.contains(mv))?;
                        Some(<$spec as PyGame>::actions(game, mv))
                    }
                )*
                _ => None,
            }
        }

        /// The position as `observer` sees it, after the steps of `route`.
        pub(crate) fn observe(game: &AnyHistory, legal: &LegalMoves, observer: Side, route: &[usize]) -> Vec<u8> {
            let frame = Frame::new(shape(game), false);
            let mut bytes = vec![0; frame.len()];
            match (game, legal) {
                $(
                    (AnyHistory::$variant(game), LegalMoves::$variant(moves)) => {
                        observe_into::<$spec>(game, moves, observer, route, frame, &mut bytes);
                    }
                )*
                _ => {}
            }
            bytes
        }

        /// The batched environments of the game the options start (`VectorCore`):
        /// the one dispatch over the games, after which every step runs in the
        /// game's own types.
        pub(crate) fn batch(options: &GameOptions, num_envs: usize, config: Config) -> Result<Box<dyn AnyBatch>, OptionsError> {
            match options {
                $( GameOptions::$variant(options) => Ok(Box::new(Batch::<$spec>::new(<$spec as GameSpec>::start(options)?, num_envs, config))), )*
            }
        }

        /// The positions for tree search (`PositionBatch`) of the game the options
        /// start.
        pub(crate) fn positions(options: &GameOptions, capacity: usize) -> Result<Box<dyn AnyPositions>, OptionsError> {
            match options {
                $( GameOptions::$variant(options) => Ok(Box::new(Positions::<$spec>::new(<$spec as GameSpec>::start(options)?, capacity))), )*
            }
        }
    };
}

arbiter::for_each_game!(python_games);

fn moves_of<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// The plane of a piece: the observer's kinds first, then the opponent's.
pub(crate) fn side_offset(color: Side, observer: Side, kinds: usize) -> usize {
    if color == observer { 0 } else { kinds }
}
