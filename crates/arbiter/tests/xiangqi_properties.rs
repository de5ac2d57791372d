//! Properties over positions reached by random legal play from the start.

use arbiter::Game;
use arbiter::xiangqi::Position;
use proptest::prelude::*;

/// Plays the moves chosen by `choices` (each taken modulo the number of legal moves)
/// and returns every position passed through, stopping early if the game ends.
fn random_walk(choices: &[u16]) -> Vec<(Position, Option<arbiter::xiangqi::Move>)> {
    let mut position = Position::start();
    let mut moves = Vec::new();
    let mut visited = Vec::new();
    for &choice in choices {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice as usize % moves.len()];
        visited.push((position, Some(mv)));
        position.play(mv);
    }
    visited.push((position, None));
    visited
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fen_write_then_read_is_the_identity(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        for (position, _) in random_walk(&choices) {
            let fen = position.to_fen();
            let read = Position::from_fen(&fen).unwrap();
            prop_assert_eq!(read, position, "{}", fen);
            prop_assert_eq!(read.hash(), position.hash());
        }
    }

    #[test]
    fn make_then_unmake_restores_position_and_hash(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let mut moves = Vec::new();
        for (position, _) in random_walk(&choices) {
            prop_assert_eq!(position.hash(), position.hash_from_scratch());
            position.legal_moves(&mut moves);
            for &mv in &moves {
                let mut after = position;
                let undo = after.make(mv);
                prop_assert_eq!(after.hash(), after.hash_from_scratch());
                prop_assert_ne!(after.hash(), position.hash());
                after.unmake(mv, undo);
                prop_assert_eq!(after, position);
            }
        }
    }

    #[test]
    fn legal_moves_never_leave_the_general_attacked(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let mut moves = Vec::new();
        for (position, _) in random_walk(&choices) {
            position.legal_moves(&mut moves);
            prop_assert_eq!(moves.len(), position.count_legal_moves());
            for &mv in &moves {
                let mut after = position;
                after.play(mv);
                let mover = position.turn();
                prop_assert!(!after.is_attacked(after.general(mover), mover.opponent()), "{} in {}", mv, position.to_fen());
            }
        }
    }
}
