//! `arbiter judge draughts`: the contest problem "Chess" (simplified international
//! draughts). My side moves up the 100-cell board; list the piece of every legal
//! operation, an operation being one distinct sequence of landing cells (rule 9).
//!
//! The format is read here; the operations come from the engine's capture route
//! enumerator and step generator, run on the board's two independent halves.

use std::io::{BufRead, Write};

use arbiter::draughts::{Color, Kind, Piece, Position, Setup, Square};

use super::grid::{Cell, Half};
use crate::judge::{JudgeError, Lines};

const SIZE: usize = 10;

/// Reads the two matrices from `input` and writes the answer to `output`; warnings
/// (a king flag on an empty cell) go to `warnings`.
pub fn run(input: impl BufRead, mut output: impl Write, mut warnings: impl Write) -> Result<(), JudgeError> {
    let mut lines = Lines::new(input);
    let mut cells = [[0u8; SIZE]; SIZE];
    let mut kings = [[0u8; SIZE]; SIZE];
    let mut flag_lines = [[0usize; SIZE]; SIZE];
    for row_number in 0..2 * SIZE {
        let Some((line_number, line)) = lines.next_nonblank()? else {
            return Err(JudgeError::input(
                lines.number().max(1),
                "",
                format!("the input ends after {row_number} of the 20 rows"),
            ));
        };
        let (matrix, allowed) = if row_number < SIZE { ("first", b'2') } else { ("second", b'1') };
        let digits: Vec<u8> = line.bytes().filter(|b| !matches!(b, b' ' | b'\t')).collect();
        if digits.len() != SIZE {
            return Err(JudgeError::input(
                line_number,
                "",
                format!("a row of the {matrix} matrix needs 10 digits, found {}", digits.len()),
            ));
        }
        for (column, &digit) in digits.iter().enumerate() {
            if !(b'0'..=allowed).contains(&digit) {
                return Err(JudgeError::input(
                    line_number,
                    "",
                    format!(
                        "{:?} in column {} is not a digit from 0 to {}",
                        digit as char,
                        column + 1,
                        allowed as char
                    ),
                ));
            }
            if row_number < SIZE {
                cells[row_number][column] = digit - b'0';
            } else {
                kings[row_number - SIZE][column] = digit - b'0';
                flag_lines[row_number - SIZE][column] = line_number;
            }
        }
    }
    if let Some((line_number, _)) = lines.next_nonblank()? {
        return Err(JudgeError::input(line_number, "", "nothing may follow the 20 rows"));
    }
    let mut pieces = [Vec::new(), Vec::new()];
    for row in 0..SIZE {
        for column in 0..SIZE {
            let cell = Cell { row: row as u8 + 1, column: column as u8 + 1 };
            let (half, square) = cell.square().expect("cells of the matrix are on the board");
            let color = match cells[row][column] {
                0 => {
                    if kings[row][column] == 1 {
                        writeln!(
                            warnings,
                            "warning: line {}: king flag on the empty cell ({},{}) ignored",
                            flag_lines[row][column], cell.row, cell.column
                        )?;
                    }
                    continue;
                }
                1 => Color::White,
                _ => Color::Black,
            };
            // Only my pieces' flags matter: an opponent piece is an obstacle and a
            // target, man or king.
            let kind = if color == Color::White && kings[row][column] == 1 { Kind::King } else { Kind::Man };
            pieces[half as usize].push((square, Piece { color, kind }));
        }
    }
    let halves = [Half::Dark, Half::Light];
    // The contest's boards are puzzles: a man may stand on its crowning row.
    let boards = pieces.map(|p| Setup::new(p, Color::White).position(|_| true).expect("one piece per cell"));
    let counts = operations(&boards);
    let mut per_cell: Vec<(Cell, u64)> = halves
        .iter()
        .zip(&counts)
        .flat_map(|(&half, board_counts)| {
            board_counts
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(move |(s, &n)| (Cell::of(half, Square::new(s as u8 + 1).expect("1-50")), n))
        })
        .collect();
    per_cell.sort_unstable();
    let total: u64 = per_cell.iter().map(|&(_, n)| n).sum();
    writeln!(output, "{total}")?;
    for (cell, n) in per_cell {
        for _ in 0..n {
            writeln!(output, "({},{})", cell.row, cell.column)?;
        }
    }
    output.flush()?;
    Ok(())
}

/// For each board and square, the number of legal operations of the piece there.
/// Capture routes that take the most pieces over both boards, one per sequence of
/// landing squares; when nothing can be captured, every step and slide.
fn operations(boards: &[Position; 2]) -> [[u64; 50]; 2] {
    let mut most = 0;
    for board in boards {
        board.capture_routes(|_, taken| most = most.max(taken));
    }
    let mut counts = [[0u64; 50]; 2];
    for (board, board_counts) in boards.iter().zip(&mut counts) {
        if most == 0 {
            board.quiet_moves(|from, _| board_counts[from.number() as usize - 1] += 1);
        } else {
            board.capture_routes(|from, taken| {
                if taken == most {
                    board_counts[from.number() as usize - 1] += 1;
                }
            });
        }
    }
    counts
}
