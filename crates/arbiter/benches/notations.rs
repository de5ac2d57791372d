//! What a state change costs a Xiangqi game held by the registry: one move played and
//! every notation's list of the moves read, as the server does for each new state. The
//! lists are kept move by move, so the cost does not grow with the game.

use std::hint::black_box;

use arbiter::random::SplitMix64;
use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

/// A game of `plies - 1` random legal moves that has not ended, and two legal moves
/// to play next: the seed is tried again until a game goes the distance.
fn game_before(plies: usize) -> (AnyGame, [String; 2]) {
    let input = OptionsInput::new().with("move_limit", 0);
    let options = GameOptions::new(GameKind::Xiangqi, &input).unwrap();
    let mut random = SplitMix64::new(0x0b5e_55ed);
    let mut pick = |game: &AnyGame| {
        let legal = game.legal_moves();
        (!legal.is_empty()).then(|| legal[random.index(legal.len())].text.clone())
    };
    loop {
        let mut game = AnyGame::new(&options);
        while game.moves().len() + 1 < plies {
            let Some(text) = pick(&game) else { break };
            game.play_text(&text).unwrap();
        }
        if game.moves().len() + 1 < plies {
            continue;
        }
        let Some(first) = pick(&game) else { continue };
        let mut after = game.clone();
        after.play_text(&first).unwrap();
        if let Some(second) = pick(&after) {
            return (game, [first, second]);
        }
    }
}

/// The move that makes ply `plies` (the one before it played untimed, so that the
/// game's lists have grown as they would have in play rather than been copied to
/// their length), then every notation's list read.
fn state_change(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi state change");
    for plies in [3, 300] {
        let (game, [first, second]) = game_before(plies);
        group.bench_function(format!("play one move and read every notation at ply {plies}"), |b| {
            b.iter_batched(
                || {
                    let mut game = game.clone();
                    game.play_text(&first).unwrap();
                    game
                },
                |mut game| {
                    game.play_text(black_box(&second)).unwrap();
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
