//! The contract every game keeps, checked by random playouts: every listed move
//! parses from its own text and plays, the move count agrees with the list, the list
//! updated after a move (`legal_moves_after`) is the list, and the game ends exactly
//! when the game's rules (given as an oracle) say it does.

use arbiter::random::SplitMix64;
use arbiter::{Game, LookBack, Outcome, Termination, WithHistory, draughts, gomoku, twixt, xiangqi};

/// Plays `games` random games of at most `max_plies` from `start`, checking the
/// contract after every move. `rules` says how the position should have ended.
fn check_contract<G: Game>(
    start: G,
    games: usize,
    max_plies: usize,
    rules: impl Fn(&G, &[G::Move]) -> Option<Outcome>,
) -> usize {
    let mut rng = SplitMix64::new(0x1234_5678);
    let mut moves = Vec::new();
    let mut finished = 0;
    for _ in 0..games {
        let mut position = start.clone();
        for _ in 0..max_plies {
            position.legal_moves(&mut moves);
            assert_eq!(position.count_legal_moves(), moves.len());
            let outcome = position.outcome();
            assert_eq!(outcome, rules(&position, &moves), "outcome disagrees with the rules");
            if outcome.is_some() {
                assert!(moves.is_empty(), "a finished game still lists moves");
                finished += 1;
                break;
            }
            assert!(!moves.is_empty(), "a game with no move must have ended");
            for &mv in &moves {
                let text = mv.to_string();
                assert_eq!(position.parse_move(&text), Ok(mv), "{text} does not read back");
            }
            let mv = moves[rng.index(moves.len())];
            let mover = position.side_to_move();
            // The same move played by `play_listing`, from the list before it.
            let mut listed = position.clone();
            let mut listing = moves.clone();
            listed.play_listing(mv, &mut listing);
            position.play(mv);
            assert_eq!(position.side_to_move(), mover.opponent());
            // The list before the move, updated by the move, is the list after it.
            let mut updated = moves.clone();
            position.legal_moves_after(mv, &mut updated);
            position.legal_moves(&mut moves);
            assert_eq!(updated, moves, "the legal moves updated after {mv} are not those listed");
            assert_eq!(listing, moves, "the legal moves play_listing gives after {mv} are not those listed");
            assert_eq!(listed.outcome(), position.outcome(), "play_listing ends the game otherwise after {mv}");
            assert_eq!(position.outcome_given(&moves), position.outcome(), "outcome_given disagrees after {mv}");
        }
    }
    finished
}

#[test]
fn xiangqi_keeps_the_contract() {
    let finished = check_contract(xiangqi::Position::start(), 300, 400, |position, moves| {
        // The side to move with no legal move has lost, in check or not.
        let termination = if position.in_check() { Termination::Checkmate } else { Termination::Stalemate };
        moves.is_empty().then(|| Outcome::win(position.turn().opponent().side(), termination))
    });
    assert!(finished > 0, "no random game reached its end");
}

#[test]
fn xiangqi_with_its_history_keeps_the_contract() {
    // The rules that look back end games too: repetitions, the move limit, no
    // attacking piece left. A short move limit ends more of them.
    let settings = xiangqi::Settings { move_limit: 20, ..xiangqi::Settings::default() };
    let start = WithHistory::with_settings(xiangqi::Position::start(), settings);
    let finished = check_contract(start, 300, 400, |game, moves| {
        let position = game.position();
        let mut bare = Vec::new();
        position.legal_moves(&mut bare);
        if bare.is_empty() {
            let termination = if position.in_check() { Termination::Checkmate } else { Termination::Stalemate };
            return Some(Outcome::win(position.turn().opponent().side(), termination));
        }
        let ended = position.verdict(game.memory(), game.settings());
        assert_eq!(moves.is_empty(), ended.is_some());
        ended
    });
    assert!(finished > 0, "no random game reached its end");
}

#[test]
fn draughts_keeps_the_contract() {
    let finished = check_contract(WithHistory::new(draughts::Position::start()), 200, 600, |game, moves| {
        let position = game.position();
        // The draw rules are the history's to judge; the loss is the position's.
        let mut bare = Vec::new();
        position.legal_moves(&mut bare);
        if bare.is_empty() {
            return Some(Outcome::win(position.turn().opponent().side(), Termination::NoLegalMove));
        }
        if moves.is_empty() { game.outcome() } else { None }
    });
    assert!(finished > 0, "no random game reached its end");
}

#[test]
fn gomoku_keeps_the_contract() {
    for rules in gomoku::Rules::ALL {
        let start = gomoku::Position::new(rules, 9, 9).unwrap();
        // Every random game on a small board ends: a five or a full board.
        let finished = check_contract(start, 40, 100, |game, moves| match game.outcome() {
            Some(outcome) => Some(outcome),
            None => {
                assert!(!moves.is_empty());
                None
            }
        });
        assert_eq!(finished, 40, "{rules}");
    }
}

#[test]
fn twixt_keeps_the_contract() {
    let rule_sets = [twixt::Rules::Auto, twixt::Rules::Pp];
    for (rules, size, swap) in rule_sets.into_iter().flat_map(|r| [(r, 5, false), (r, 8, true), (r, 12, false)]) {
        let start = twixt::Position::with_rules(rules, size, swap).unwrap();
        let finished = check_contract(start, 30, 200, |game, moves| {
            // A game goes on while the side to move has a point (or may swap).
            match game.outcome() {
                None => {
                    assert!(!moves.is_empty());
                    None
                }
                ended => ended,
            }
        });
        assert_eq!(finished, 30, "{rules} size {size}");
    }
}
