//! Moves as numbers, for learning agents (`arbiter.envs`): each game's moves mapped one
//! to one onto `0..action_count`, so that a policy is a fixed-size vector and the legal
//! moves are a mask over it.
//!
//! Xiangqi: `from * 90 + to`, a point's number being `rank * 9 + file` (the library's
//! `Square::index`, rank 0 Red's back rank). Gomoku and TwixT: the point, numbered row
//! by row from the top of the board as it is drawn (row 1 at the
//! bottom), left to right; TwixT's swap is `size * size` when the swap rule is on.
//! Gomoku with an opening rule has more after its `n` points: `n` swap, `n + 1` `+2`,
//! `n + 1 + k` `declare:k` (k from 1 to 12), then `n + 14 + p` the fifth-move offer on
//! point `p`; a point's own number is its stone, or in the step that chooses among the
//! offers, the choice of the offer there.
//!
//! Draughts: a capture of several pieces is several actions, one per landing, as
//! OpenSpiel plays checkers: each action is a step `(square - 1) * 50 + (next - 1)`
//! from where the piece stands to where it lands next. A capture route is what tells two
//! legal captures with the same start and end apart, and no fixed numbering of whole
//! routes could hold every one; the landings of a route do, since the piece taken
//! between two landings is the one on the diagonal between them. The steps chosen so far
//! in a move are its `route`.

use arbiter::{AnyHistory, Game, draughts, gomoku, twixt, xiangqi};

/// Xiangqi's points, numbered `rank * 9 + file`.
const XIANGQI_POINTS: usize = 90;

/// Draughts' squares, numbered 1 to 50.
const DRAUGHTS_SQUARES: usize = draughts::SQUARES;

/// What an action does, where the game stands and after the steps of `route`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// It completes this legal move (its text, as `AnyGame::play_text` reads it).
    Completes(String),
    /// It is a landing of a draughts capture that goes on: the same side acts again.
    Continues,
    /// No legal move goes this way: the move the number spells, for the rules to say
    /// why they refuse it.
    Refused(String),
    /// The number is not an action of this game, or the route is none.
    OutOfRange,
}

/// The legal moves of a position in its game's own type: worked out once a position and
/// shared by the mask, the legal actions and the action taken, since working them out
/// (Renju's forbidden points above all) is most of an environment step.
#[derive(Clone, Debug)]
pub(crate) enum LegalMoves {
    Xiangqi(Vec<xiangqi::Move>),
    Draughts(Vec<draughts::Move>),
    Gomoku(Vec<gomoku::Move>),
    Twixt(Vec<twixt::Move>),
}

impl LegalMoves {
    pub(crate) fn of(game: &AnyHistory) -> LegalMoves {
        match game {
            AnyHistory::Xiangqi(game) => LegalMoves::Xiangqi(moves_of(game)),
            AnyHistory::Draughts(game) => LegalMoves::Draughts(moves_of(game)),
            AnyHistory::Gomoku(game) => LegalMoves::Gomoku(moves_of(game)),
            AnyHistory::Twixt(game) => LegalMoves::Twixt(moves_of(game)),
        }
    }
}

/// How many actions the game has: the size of its action space.
pub(crate) fn action_count(game: &AnyHistory) -> usize {
    match game {
        AnyHistory::Xiangqi(_) => XIANGQI_POINTS * XIANGQI_POINTS,
        AnyHistory::Draughts(_) => DRAUGHTS_SQUARES * DRAUGHTS_SQUARES,
        AnyHistory::Gomoku(game) => {
            let board = game.position().board();
            let points = usize::from(board.rows()) * usize::from(board.columns());
            if game.position().opening_rule().is_some() { gomoku_offers(points) + points } else { points }
        }
        AnyHistory::Twixt(game) => {
            let position = game.position();
            let side = position.board().size() as usize;
            side * side + usize::from(position.swap_rule())
        }
    }
}

/// The actions that may come next, after the steps of `route`, in increasing order;
/// empty once the game is over or when the route leads nowhere.
pub(crate) fn legal_actions(game: &AnyHistory, legal: &LegalMoves, route: &[usize]) -> Vec<usize> {
    let mut actions = match (game, legal) {
        (_, LegalMoves::Draughts(moves)) => moves
            .iter()
            .filter_map(|mv| {
                let steps = draughts_steps(mv);
                steps.starts_with(route).then(|| steps.get(route.len()).copied()).flatten()
            })
            .collect(),
        _ if !route.is_empty() => Vec::new(),
        (_, LegalMoves::Xiangqi(moves)) => moves.iter().copied().map(xiangqi_action).collect(),
        (AnyHistory::Gomoku(game), LegalMoves::Gomoku(moves)) => {
            let board = game.position().board();
            moves.iter().map(|&mv| gomoku_action(board, mv)).collect()
        }
        (AnyHistory::Twixt(game), LegalMoves::Twixt(moves)) => {
            moves.iter().map(|&mv| twixt_action(game.position(), mv)).collect()
        }
        _ => Vec::new(),
    };
    actions.sort_unstable();
    actions.dedup();
    actions
}

/// What `action` does after the steps of `route`.
pub(crate) fn step(game: &AnyHistory, legal: &LegalMoves, route: &[usize], action: usize) -> Step {
    if action >= action_count(game) || (!route.is_empty() && !matches!(game, AnyHistory::Draughts(_))) {
        return Step::OutOfRange;
    }
    match (game, legal) {
        (_, LegalMoves::Xiangqi(moves)) => {
            let (from, to) = xiangqi_squares(action);
            match moves.iter().find(|&&mv| xiangqi_action(mv) == action) {
                Some(mv) => Step::Completes(mv.to_string()),
                None => Step::Refused(format!("{from}{to}")),
            }
        }
        (_, LegalMoves::Draughts(moves)) => draughts_step(moves, route, action),
        (AnyHistory::Gomoku(game), LegalMoves::Gomoku(moves)) => {
            let mv = gomoku_move(game.position(), action);
            if moves.contains(&mv) { Step::Completes(mv.to_string()) } else { Step::Refused(mv.to_string()) }
        }
        (AnyHistory::Twixt(game), LegalMoves::Twixt(moves)) => {
            let mv = twixt_move(game.position(), action);
            if moves.contains(&mv) { Step::Completes(mv.to_string()) } else { Step::Refused(mv.to_string()) }
        }
        _ => Step::OutOfRange,
    }
}

/// The actions that make the legal move `text` (one, or one per landing of a draughts
/// capture); `None` if it is no legal move here.
pub(crate) fn actions_of(game: &AnyHistory, legal: &LegalMoves, text: &str) -> Option<Vec<usize>> {
    match (game, legal) {
        (AnyHistory::Xiangqi(game), LegalMoves::Xiangqi(moves)) => {
            legal_move(game, moves, text).map(|mv| vec![xiangqi_action(mv)])
        }
        (AnyHistory::Draughts(game), LegalMoves::Draughts(moves)) => {
            legal_move(game, moves, text).map(|mv| draughts_steps(&mv))
        }
        (AnyHistory::Gomoku(game), LegalMoves::Gomoku(moves)) => {
            legal_move(game, moves, text).map(|mv| vec![gomoku_action(game.position().board(), mv)])
        }
        (AnyHistory::Twixt(game), LegalMoves::Twixt(moves)) => {
            legal_move(game, moves, text).map(|mv| vec![twixt_action(game.position(), mv)])
        }
        _ => None,
    }
}

/// The squares a draughts route has reached: where the piece started, then each landing.
/// `None` if a step does not go on from where the previous one ended.
pub(crate) fn draughts_route_squares(route: &[usize]) -> Option<Vec<draughts::Square>> {
    let mut squares = Vec::with_capacity(route.len() + 1);
    for &action in route {
        let (from, to) = draughts_squares(action)?;
        match squares.last() {
            None => squares.push(from),
            Some(&last) if last == from => {}
            Some(_) => return None,
        }
        squares.push(to);
    }
    Some(squares)
}

fn moves_of<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// The legal move `text` reads as.
fn legal_move<G: Game>(game: &G, moves: &[G::Move], text: &str) -> Option<G::Move> {
    let mv = game.parse_move(text).ok()?;
    moves.iter().find(|&&legal| legal == mv).copied()
}

fn xiangqi_action(mv: xiangqi::Move) -> usize {
    mv.from.index() * XIANGQI_POINTS + mv.to.index()
}

fn xiangqi_squares(action: usize) -> (xiangqi::Square, xiangqi::Square) {
    let square = |index| xiangqi::Square::from_index(index).expect("an index below 90 is a point");
    (square(action / XIANGQI_POINTS), square(action % XIANGQI_POINTS))
}

fn draughts_action(from: draughts::Square, to: draughts::Square) -> usize {
    (usize::from(from.number()) - 1) * DRAUGHTS_SQUARES + usize::from(to.number()) - 1
}

fn draughts_squares(action: usize) -> Option<(draughts::Square, draughts::Square)> {
    let square = |index: usize| draughts::Square::new(u8::try_from(index + 1).ok()?);
    Some((square(action / DRAUGHTS_SQUARES)?, square(action % DRAUGHTS_SQUARES)?))
}

/// A draughts move as steps: from its square to its first landing, and on.
fn draughts_steps(mv: &draughts::Move) -> Vec<usize> {
    let mut at = mv.from();
    mv.landings()
        .map(|landing| {
            let action = draughts_action(at, landing);
            at = landing;
            action
        })
        .collect()
}

fn draughts_step(moves: &[draughts::Move], route: &[usize], action: usize) -> Step {
    let Some(squares) = draughts_route_squares(route) else { return Step::OutOfRange };
    let Some((from, to)) = draughts_squares(action) else { return Step::OutOfRange };
    if squares.last().is_some_and(|&last| last != from) {
        return Step::OutOfRange;
    }
    let mut continues = false;
    for mv in moves {
        let steps = draughts_steps(mv);
        if steps.len() > route.len() && steps.starts_with(route) && steps[route.len()] == action {
            if steps.len() == route.len() + 1 {
                return Step::Completes(mv.to_string());
            }
            continues = true;
        }
    }
    if continues {
        return Step::Continues;
    }
    // The move these steps spell, for the rules' own refusal: a step, or a capture by
    // the landings chosen.
    let text = if route.is_empty() {
        format!("{from}-{to}")
    } else {
        let landings: Vec<String> = squares.iter().chain([&to]).map(ToString::to_string).collect();
        landings.join("x")
    };
    Step::Refused(text)
}

fn gomoku_point_action(board: &gomoku::Board, point: gomoku::Point) -> usize {
    let row_from_top = usize::from(board.rows() - 1 - point.row);
    row_from_top * usize::from(board.columns()) + usize::from(point.column)
}

/// The first action of the offers, on a board of `points` points.
const fn gomoku_offers(points: usize) -> usize {
    points + 2 + gomoku::MAX_OFFERS as usize
}

fn gomoku_action(board: &gomoku::Board, mv: gomoku::Move) -> usize {
    let points = usize::from(board.rows()) * usize::from(board.columns());
    match mv {
        gomoku::Move::Stone(point) | gomoku::Move::Choose(point) => gomoku_point_action(board, point),
        gomoku::Move::Swap => points,
        gomoku::Move::TwoMore => points + 1,
        gomoku::Move::Declare(count) => points + 1 + usize::from(count),
        gomoku::Move::Offer(point) => gomoku_offers(points) + gomoku_point_action(board, point),
    }
}

fn gomoku_move(position: &gomoku::Position, action: usize) -> gomoku::Move {
    let board = position.board();
    let points = usize::from(board.rows()) * usize::from(board.columns());
    match action {
        _ if action < points => {
            let point = gomoku_point(board, action);
            match position.opening_step() {
                Some(gomoku::Step::Choose) => gomoku::Move::Choose(point),
                _ => gomoku::Move::Stone(point),
            }
        }
        _ if action == points => gomoku::Move::Swap,
        _ if action == points + 1 => gomoku::Move::TwoMore,
        _ if action < gomoku_offers(points) => {
            gomoku::Move::Declare(u8::try_from(action - points - 1).unwrap_or(u8::MAX))
        }
        _ => gomoku::Move::Offer(gomoku_point(board, action - gomoku_offers(points))),
    }
}

fn gomoku_point(board: &gomoku::Board, action: usize) -> gomoku::Point {
    let columns = usize::from(board.columns());
    let row_from_top = u16::try_from(action / columns).expect("a row of the board");
    let column = u16::try_from(action % columns).expect("a column of the board");
    gomoku::Point { column, row: board.rows() - 1 - row_from_top }
}

fn twixt_action(position: &twixt::Position, mv: twixt::Move) -> usize {
    let side = position.board().size() as usize;
    match mv {
        twixt::Move::Place(peg) => (side - 1 - usize::from(peg.y)) * side + usize::from(peg.x),
        twixt::Move::Swap => side * side,
    }
}

fn twixt_move(position: &twixt::Position, action: usize) -> twixt::Move {
    let side = position.board().size() as usize;
    if action == side * side {
        return twixt::Move::Swap;
    }
    let y = u16::try_from(side - 1 - action / side).expect("a row of the board");
    let x = u16::try_from(action % side).expect("a column of the board");
    twixt::Move::Place(twixt::Peg { x, y })
}
