//! `arbiter judge xiangqi`: the contest problem "Xiangqi" (UVA 1589). Red has given
//! check and Black, with only its general, is to move: is Black checkmated?
//!
//! The format is read here; the answer comes from the engine: Black is not mated if
//! its general already faces Red's (it captures it) or if it has any legal move.

use std::io::{BufRead, Write};

use arbiter::quote::excerpt;
use arbiter::xiangqi::{Color, Kind, Piece, PlacementError, Setup, Square};

use crate::judge::{JudgeError, Lines, fields};

/// The corner point, where the black general stands until a case names its point.
const A0: Square = match Square::new(0, 0) {
    Some(square) => square,
    None => unreachable!(),
};

/// One case: the black general's point and the red pieces, with the input line
/// each was read from so that a fault found later still names its line.
struct Case {
    header_line: usize,
    black_general: Square,
    red: Vec<(Square, Piece, usize)>,
}

/// Reads every case from `input` and writes `YES` or `NO` for each to `output` as soon
/// as it is read. Stops at the first bad case, having written the answers before it.
pub fn run(input: impl BufRead, mut output: impl Write) -> Result<(), JudgeError> {
    let mut lines = Lines::new(input);
    let mut case_number = 0;
    let mut case = Case { header_line: 0, black_general: A0, red: Vec::with_capacity(8) };
    while read_case(&mut lines, case_number + 1, &mut case)? {
        case_number += 1;
        let checkmated = answer(&case)
            .map_err(|(line, message)| JudgeError::input(line, format!(" (case {case_number})"), message))?;
        output.write_all(if checkmated { b"YES\n" } else { b"NO\n" })?;
    }
    output.flush()?;
    Ok(())
}

/// The contest's (row, column) point: row 1 is Black's back rank, column 1 file a.
fn point(row: u32, column: u32) -> Option<Square> {
    if (1..=10).contains(&row) && (1..=9).contains(&column) {
        Square::new((column - 1) as u8, (10 - row) as u8)
    } else {
        None
    }
}

/// What is wrong with a line of numbers.
#[derive(Debug, thiserror::Error)]
enum NumbersError {
    #[error("expected `{what}`, the {name} is missing")]
    Missing { what: &'static str, name: &'static str },
    #[error("the {name} {field:?} is not a number")]
    NotANumber { name: &'static str, field: String },
    #[error("unexpected {extra:?} after `{what}`")]
    Extra { what: &'static str, extra: String },
}

/// Reads the numbers named by `what` (`N X Y`) from `line`.
fn numbers<const N: usize>(line: &str, what: &'static str) -> Result<[u32; N], NumbersError> {
    let mut out = [0; N];
    let mut found = fields(line);
    for (slot, name) in out.iter_mut().zip(what.split(' ')) {
        let field = found.next().ok_or(NumbersError::Missing { what, name })?;
        *slot = field.parse().map_err(|_| NumbersError::NotANumber { name, field: excerpt(field) })?;
    }
    if let Some(extra) = found.next() {
        return Err(NumbersError::Extra { what, extra: excerpt(extra) });
    }
    Ok(out)
}

/// Reads the next case into `case`; `false` at `0 0 0` or the end of the input.
fn read_case<R: BufRead>(lines: &mut Lines<R>, case_number: usize, case: &mut Case) -> Result<bool, JudgeError> {
    let context = format!(" (case {case_number})");
    let Some((header_line, header)) = lines.next_nonblank()? else {
        // Cases may end without `0 0 0`, but an input with no case at all is no input.
        if case_number == 1 {
            return Err(JudgeError::input(
                lines.number().max(1),
                "",
                "the input is empty: expected cases ending with `0 0 0`",
            ));
        }
        return Ok(false);
    };
    let [count, row, column] =
        numbers::<3>(header, "N X Y").map_err(|m| JudgeError::input(header_line, &context, m.to_string()))?;
    if [count, row, column] == [0, 0, 0] {
        return Ok(false);
    }
    let fault = |line, message: String| JudgeError::input(line, context.clone(), message);
    if count == 0 || count > 89 {
        return Err(fault(header_line, format!("{count} red pieces: expected 1 to 89")));
    }
    case.header_line = header_line;
    case.black_general = point(row, column)
        .ok_or_else(|| fault(header_line, format!("the black general's point ({row},{column}) is off the board")))?;
    case.red.clear();
    for _ in 0..count {
        let Some((number, line)) = lines.next_nonblank()? else {
            return Err(fault(
                lines.number(),
                format!("the input ends after {} of its {count} pieces", case.red.len()),
            ));
        };
        let mut parts = fields(line);
        let letter = parts.next().unwrap_or_default();
        let kind = match letter {
            "G" => Kind::General,
            "R" => Kind::Chariot,
            "H" => Kind::Horse,
            "C" => Kind::Cannon,
            other => {
                return Err(fault(
                    number,
                    format!("unknown piece letter {:?} (expected G, R, H or C)", excerpt(other)),
                ));
            }
        };
        let rest: Vec<&str> = parts.collect();
        let [row, column] = numbers::<2>(&rest.join(" "), "row column").map_err(|m| fault(number, m.to_string()))?;
        let square =
            point(row, column).ok_or_else(|| fault(number, format!("the point ({row},{column}) is off the board")))?;
        if square == case.black_general || case.red.iter().any(|&(s, _, _)| s == square) {
            return Err(fault(number, format!("two pieces on the point ({row},{column})")));
        }
        case.red.push((square, Piece { color: Color::Red, kind }, number));
    }
    Ok(true)
}

/// `true` if Black is checkmated; `Err` names the line and what makes the case
/// impossible.
fn answer(case: &Case) -> Result<bool, (usize, String)> {
    let mut generals = case.red.iter().filter(|(_, p, _)| p.kind == Kind::General);
    match (generals.next(), generals.next()) {
        (None, _) => return Err((case.header_line, "red has no general".to_owned())),
        (Some(_), Some(&(_, _, line))) => {
            return Err((line, "red has a second general".to_owned()));
        }
        _ => {}
    }
    let black = (case.black_general, Piece { color: Color::Black, kind: Kind::General });
    let pieces = case.red.iter().map(|&(square, piece, _)| (square, piece)).chain([black]);
    // The puzzles may give Red three chariots; Red may even stand in check.
    let accept = |fault: &PlacementError| {
        matches!(fault, PlacementError::TooMany { .. } | PlacementError::OpponentInCheck { .. })
    };
    let position = Setup::new(pieces, Color::Black).position(accept).map_err(|mut refused| {
        let e = refused.faults.remove(0);
        let line = match e {
            PlacementError::Unreachable { square, .. } => {
                case.red.iter().find(|&&(s, _, _)| s == square).map_or(case.header_line, |&(_, _, line)| line)
            }
            _ => case.header_line,
        };
        (line, e.to_string().replace("can never stand there", "is outside its palace"))
    })?;
    // Generals facing on an open file: Black flies across and captures.
    if position.is_attacked(position.general(Color::Red), Color::Black) {
        return Ok(false);
    }
    Ok(position.count_legal_moves() == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &str) -> Result<String, crate::judge::JudgeError> {
        crate::judge::answer(|i, o| run(i, o), input)
    }

    #[test]
    fn sample() {
        let input = "2 1 4\nG 10 5\nR 6 4\n\n3 1 5\nH  4 5\nG 10 5\nC 7 5\n\n0 0 0\n";
        assert_eq!(judge(input).unwrap(), "YES\nNO\n");
    }

    #[test]
    fn end_of_input_ends_like_the_terminator() {
        assert_eq!(judge("2 1 4\r\nG 10 5\r\nR 6 4").unwrap(), "YES\n");
    }

    #[test]
    fn an_input_with_no_case_is_refused() {
        for input in ["", "\n\n", " \r\n"] {
            let error = judge(input).unwrap_err().to_string();
            assert!(error.ends_with(": the input is empty: expected cases ending with `0 0 0`"), "{input:?}: {error}");
        }
        assert_eq!(judge("0 0 0\n").unwrap(), "");
    }

    #[test]
    fn long_lines_and_bytes_that_are_not_utf8_are_refused_with_their_line() {
        let long = format!("2 1 4\nG 10 5\nR {}\n", "6".repeat(1 << 20));
        let error = judge(&long).unwrap_err().to_string();
        assert!(error.starts_with("line 3: longer than 65536 bytes"), "{error}");
        assert!(error.len() < 200, "{error}");
        let mut out = Vec::new();
        let error = run(&b"2 1 4\nG 10 \xff\n"[..], &mut out).unwrap_err().to_string();
        assert_eq!(error, "line 2: not UTF-8 text (byte 6 of the line)");
    }

    #[test]
    fn bad_input_names_the_line() {
        let cases = [
            ("2 1 4\nG 10 5\n", "line 2 (case 1): the input ends after 1 of its 2 pieces"),
            ("2 1 4\nG 10 5\nQ 6 4\n", "line 3 (case 1): unknown piece letter \"Q\" (expected G, R, H or C)"),
            ("2 1 4\nG 10 5\nR 11 4\n", "line 3 (case 1): the point (11,4) is off the board"),
            ("2 1 4\nG 10 5\nR 10 5\n", "line 3 (case 1): two pieces on the point (10,5)"),
            ("2 1 4\nR 10 5\nR 6 4\n", "line 1 (case 1): red has no general"),
            ("3 1 4\nG 10 5\nG 9 5\nR 6 4\n", "line 3 (case 1): red has a second general"),
            ("1 1 4\n\nG 7 5\n", "line 3 (case 1): red general on e3 is outside its palace"),
            ("1 1 1\nG 10 5\n", "line 1 (case 1): black general on a9 is outside its palace"),
            ("2 1 x\n", "line 1 (case 1): the Y \"x\" is not a number"),
            ("2 1\n", "line 1 (case 1): expected `N X Y`, the Y is missing"),
            ("2 1 4\nG 10 5 7\n", "line 2 (case 1): unexpected \"7\" after `row column`"),
        ];
        for (input, message) in cases {
            assert_eq!(judge(input).unwrap_err().to_string(), message, "{input:?}");
        }
    }

    #[test]
    fn answers_before_a_bad_case_are_written() {
        let mut out = Vec::new();
        let input = "2 1 4\nG 10 5\nR 6 4\n2 1 4\nG 10 5\n";
        assert!(run(input.as_bytes(), &mut out).is_err());
        assert_eq!(out, b"YES\n");
    }
}
