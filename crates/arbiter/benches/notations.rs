//! What a state change costs a Xiangqi game held by the registry: one move played and
//! every notation's list of the moves read, as the server does for each new state. The
//! lists are kept move by move, so the cost does not grow with the game.

use std::hint::black_box;

use arbiter::random::SplitMix64;
use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

/// A game of `plies` random legal moves that has not ended, and a legal move to play
/// next: the seed is tried again until a game goes the distance.
fn game_at(plies: usize) -> (AnyGame, String) {
    let input = OptionsInput { move_limit: Some(0), ..OptionsInput::default() };
    let options = GameOptions::new(GameKind::Xiangqi, &input).unwrap();
    let mut random = SplitMix64::new(0x0b5e_55ed);
    loop {
        let mut game = AnyGame::new(&options);
        while game.moves().len() < plies && game.outcome().is_none() {
            let legal = game.legal_moves();
            let text = legal[random.index(legal.len())].text.clone();
            game.play_text(&text).unwrap();
        }
        let legal = game.legal_moves();
        if game.moves().len() == plies && !legal.is_empty() {
            let next = legal[random.index(legal.len())].text.clone();
            return (game, next);
        }
    }
}

fn state_change(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi state change");
    for plies in [3, 300] {
        let (game, next) = game_at(plies);
        group.bench_function(format!("play one move and read every notation at ply {plies}"), |b| {
            b.iter_batched(
                || game.clone(),
                |mut game| {
                    game.play_text(black_box(&next)).unwrap();
                    for name in game.kind().notations() {
                        black_box(game.moves_in(name).map(|texts| texts.len()));
                    }
                    game
                },
                BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, state_change);
criterion_main!(benches);
