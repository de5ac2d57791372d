//! `arbiter judge twixt`: the contest problem "Connect" (POJ 2706). Does the last
//! move of each dataset connect its player's edges?
//!
//! The format is read here, token by token; the pegs are placed on the engine's
//! board, which makes the links and keeps the connection.

use std::io::{BufRead, Write};

use arbiter::Game;
use arbiter::twixt::{MAX_SIZE, Peg, Position};

use crate::judge::{JudgeError, Tokens};

/// Reads every dataset and writes `yes` or `no` for each as soon as it is read.
/// Stops at the first bad dataset, having written the answers before it.
pub fn run(input: impl BufRead, mut output: impl Write) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut dataset = 0;
    loop {
        dataset += 1;
        let context = format!(" (dataset {dataset})");
        let Some((line, largest)) = tokens.next_number("N", &context)? else {
            // Datasets may end without `0 0`, but an input with none at all is no input.
            if dataset == 1 {
                return Err(JudgeError::input(
                    tokens.line_number().max(1),
                    "",
                    "the input is empty: expected datasets ending with `0 0`",
                ));
            }
            break;
        };
        let (_, moves) = tokens
            .next_number("M", &context)?
            .ok_or_else(|| JudgeError::input(tokens.line_number(), &context, "the input ends before M"))?;
        if largest == 0 && moves == 0 {
            break;
        }
        if !(2..u64::from(MAX_SIZE)).contains(&largest) {
            return Err(JudgeError::input(
                line,
                &context,
                format!("N = {largest}: the largest coordinate must be 2 to {}", MAX_SIZE - 1),
            ));
        }
        let mut game = Position::new(largest as u32 + 1, false).expect("size checked");
        let mut last_wins = false;
        for number in 1..=moves {
            let context = format!(" (dataset {dataset}, move {number})");
            let mut coordinate = |what: &str| -> Result<(usize, u64), JudgeError> {
                tokens.next_number(what, &context)?.ok_or_else(|| {
                    JudgeError::input(
                        tokens.line_number(),
                        &context,
                        format!("the input ends after {} of the {moves} moves", number - 1),
                    )
                })
            };
            let (line, x) = coordinate("x")?;
            let (_, y) = coordinate("y")?;
            let fault = |message: String| JudgeError::input(line, &context, message);
            let peg = match (u16::try_from(x), u16::try_from(y)) {
                (Ok(x), Ok(y)) if x as u64 <= largest && y as u64 <= largest => Peg { x, y },
                _ => return Err(fault(format!("({x},{y}) is off the board (coordinates 0 to {largest})"))),
            };
            game.place(peg).map_err(|e| {
                fault(e.to_string().replace("the game is already over", "a move after the game was already won"))
            })?;
            // Nobody was connected before this move (a later move would have been
            // refused), so the last move wins exactly when its player is connected now.
            last_wins = Game::outcome(&game).is_some_and(|o| o.winner().is_some());
        }
        output.write_all(if last_wins { b"yes\n" } else { b"no\n" })?;
    }
    output.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &str) -> Result<String, crate::judge::JudgeError> {
        crate::judge::answer(|i, o| run(i, o), input)
    }

    #[test]
    fn sample() {
        let input = "4 5\n0 2 2 4 4 2 3 2 2 3\n4 5\n0 2 2 4 4 2 3 2 2 1\n7 11\n0 3 6 5 3 2 5 7 7 2 4 4\n5 3 5 2 4 5 4 0 2 4\n0 0\n";
        assert_eq!(judge(input).unwrap(), "no\nyes\nyes\n");
        assert_eq!(judge("4 5\n0 2 2\n4 4 2 3\n2 2 1").unwrap(), "yes\n");
    }

    #[test]
    fn bad_input_names_dataset_move_and_line() {
        let cases = [
            ("4 5\n0 2 2 4 4 2 3 2\n", "line 2 (dataset 1, move 5): the input ends after 4 of the 5 moves"),
            ("4 3\n0 2 5 1 2 2\n", "line 2 (dataset 1, move 2): (5,1) is off the board (coordinates 0 to 4)"),
            ("4 3\n0 2 0 2 2 2\n", "line 2 (dataset 1, move 2): (0,2) is already occupied"),
            ("4 3\n0 2 0 1 2 2\n", "line 2 (dataset 1, move 2): (0,1) is in black's end zone"),
            ("4 1\n2 0\n", "line 2 (dataset 1, move 1): (2,0) is in white's end zone"),
            ("4 7\n0 2 2 4 4 2 3 2 2 1 1 1 3 3\n", "line 2 (dataset 1, move 6): a move after the game was already won"),
            ("4 1\n1 x\n", "line 2 (dataset 1, move 1): the y \"x\" is not a number"),
            ("1 1\n1 1\n", "line 1 (dataset 1): N = 1: the largest coordinate must be 2 to 4095"),
            ("", "line 1: the input is empty: expected datasets ending with `0 0`"),
            ("\n \n", "line 2: the input is empty: expected datasets ending with `0 0`"),
            (
                "4 1\n1 11111111111111111111111111111111111111\n",
                "line 2 (dataset 1, move 1): the y \"111111111111111111111111...\" is not a number",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(judge(input).unwrap_err().to_string(), message, "{input:?}");
        }
    }
}
