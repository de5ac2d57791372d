//! `arbiter judge gomoku`: the contest problem "五子棋" (gobang). Stones were placed
//! in turn on an R x C board; who first made exactly five, and with which stone?
//!
//! The format is read here; each stone is placed on the engine's board and the
//! engine's standard rule says whether it wins.

use std::io::{BufRead, Write};

use arbiter::gomoku::{Board, Point, Rules, Stone};
use arbiter::quote::excerpt;

use crate::judge::{JudgeError, Tokens};

/// Reads one game from `input` and writes `k Win`, `k Lose` or `Draw` to `output`.
/// Nothing is written if the input is bad.
pub fn run(input: impl BufRead, mut output: impl Write) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut header = [0u64; 3];
    for (slot, what) in header.iter_mut().zip(["R", "C", "K"]) {
        let (_, n) = tokens.next_number(what, "")?.ok_or_else(|| {
            JudgeError::input(tokens.line_number().max(1), "", format!("the input ends before {what} of `R C K`"))
        })?;
        *slot = n;
    }
    let [rows, columns, stones] = header;
    let mut board = Board::new(columns.min(u64::from(u32::MAX)) as u32, rows.min(u64::from(u32::MAX)) as u32)
        .map_err(|e| JudgeError::input(tokens.line_number().max(1), "", e.to_string()))?;
    let mut winner: Option<(Stone, u64)> = None;
    for placed in 0..stones {
        let stone = if placed % 2 == 0 { Stone::Black } else { Stone::White };
        let context = format!(" (stone {})", placed + 1);
        let mut read = |what: &str| -> Result<(usize, u64), JudgeError> {
            tokens.next_number(what, &context)?.ok_or_else(|| {
                JudgeError::input(
                    tokens.line_number(),
                    &context,
                    format!("the input ends after {placed} of the {stones} stones"),
                )
            })
        };
        let (line, x) = read("row")?;
        let (_, y) = read("column")?;
        let fault = |message: String| JudgeError::input(line, &context, message);
        // Rows count from the top in the contest; only which stone wins matters, and
        // that is the same on the board turned upside down.
        let point = match (u16::try_from(x), u16::try_from(y)) {
            (Ok(x @ 1..), Ok(y @ 1..)) if u32::from(x) <= rows as u32 && u32::from(y) <= columns as u32 => {
                Point { column: y - 1, row: rows as u16 - x }
            }
            _ => {
                return Err(fault(format!("({x},{y}) is off the {rows}x{columns} board")));
            }
        };
        board.place(point, stone).map_err(|_| fault(format!("({x},{y}) is already occupied")))?;
        if winner.is_none() && Rules::Standard.wins(&board, point) {
            winner = Some((stone, placed / 2 + 1));
        }
    }
    if let Some((line, token)) = tokens.next_token()? {
        return Err(JudgeError::input(line, "", format!("unexpected {:?} after the last stone", excerpt(token))));
    }
    match winner {
        Some((Stone::Black, k)) => writeln!(output, "{k} Win")?,
        Some((Stone::White, k)) => writeln!(output, "{k} Lose")?,
        None => writeln!(output, "Draw")?,
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
    fn sample_and_tolerated_layouts() {
        let sample = "20 20 10\n1 1\n1 2\n2 2\n2 3\n3 3\n3 4\n4 4\n4 5\n5 5\n5 6\n";
        assert_eq!(judge(sample).unwrap(), "5 Win\n");
        assert_eq!(judge("20 20 10\r\n1 1  1 2\t2 2\n2 3 3 3 3 4 4 4 4 5 5 5 5 6").unwrap(), "5 Win\n");
        assert_eq!(judge("1 1 1\n1 1\n\n  \n").unwrap(), "Draw\n");
    }

    #[test]
    fn bad_input_names_the_line() {
        let cases = [
            ("5 5 2\n1 1\n", "line 2 (stone 2): the input ends after 1 of the 2 stones"),
            ("5 5 2\n1 1\n6 1\n", "line 3 (stone 2): (6,1) is off the 5x5 board"),
            ("5 5 2\n1 1\n0 1\n", "line 3 (stone 2): (0,1) is off the 5x5 board"),
            ("5 5 2\n1 1\n1 1\n", "line 3 (stone 2): (1,1) is already occupied"),
            ("5 5 1\n1 1\n2 2\n", "line 3: unexpected \"2\" after the last stone"),
            ("5 5 1\n1 x\n", "line 2 (stone 1): the column \"x\" is not a number"),
            ("5 x 1\n", "line 1: the C \"x\" is not a number"),
            ("0 5 1\n", "line 1: a board is 1 to 1024 points on a side, not 5x0"),
            ("5 5", "line 1: the input ends before K of `R C K`"),
        ];
        for (input, message) in cases {
            assert_eq!(judge(input).unwrap_err().to_string(), message, "{input:?}");
        }
    }
}
