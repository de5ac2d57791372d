//! A draughts position as the draughts protocols write it: the side to move, then one
//! letter per square from 1 to 50. Hub and DXP differ only in their letters (Hub's
//! black is `B`, DXP's is `Z`, for *zwart*).

use arbiter::draughts::{Color, Kind, Piece, PlacementError, Position, Square};
use arbiter::{AnyGame, GameKind, GameOptions, OptionsError, OptionsInput};

/// The letters of one protocol.
pub(crate) struct Letters {
    /// The side to move, white then black.
    pub sides: [char; 2],
    /// Men, white then black.
    pub men: [char; 2],
    /// Kings, white then black.
    pub kings: [char; 2],
    pub empty: char,
}

/// Hub: `W`/`B` to move, `w`, `b`, `W`, `B`, `e`.
pub(crate) const HUB: Letters = Letters { sides: ['W', 'B'], men: ['w', 'b'], kings: ['W', 'B'], empty: 'e' };

/// DXP: `W`/`Z` to move, `w`, `z`, `W`, `Z`, `e`.
pub(crate) const DXP: Letters = Letters { sides: ['W', 'Z'], men: ['w', 'z'], kings: ['W', 'Z'], empty: 'e' };

const SQUARES: usize = 50;

fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Why a position in a protocol's letters was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum BoardError {
    /// The first letter is neither side's.
    #[error("{text:?}: the side to move is {} or {}", sides[0], sides[1])]
    SideToMove { text: String, sides: [char; 2] },
    /// Not fifty squares after the side.
    #[error("{0} squares, expected 50")]
    Squares(usize),
    /// A letter that is no piece and no empty square.
    #[error("{letter:?} on square {square} is not {}", expected)]
    Letter { letter: char, square: usize, expected: String },
    /// The pieces cannot stand so in a game.
    #[error(transparent)]
    Placement(#[from] PlacementError),
    /// The position cannot start a game.
    #[error(transparent)]
    Options(#[from] OptionsError),
}

/// The side to move and the fifty squares.
pub(crate) fn write(position: &Position, letters: &Letters) -> String {
    let mut text = String::with_capacity(SQUARES + 1);
    text.push(letters.sides[color_index(position.turn())]);
    for number in 1..=50 {
        let square = Square::new(number).expect("squares 1 to 50");
        text.push(match position.piece_at(square) {
            None => letters.empty,
            Some(Piece { color, kind: Kind::Man }) => letters.men[color_index(color)],
            Some(Piece { color, kind: Kind::King }) => letters.kings[color_index(color)],
        });
    }
    text
}

/// Reads what [`write`] writes, checking that the position can arise in a game.
pub(crate) fn read(text: &str, letters: &Letters) -> Result<Position, BoardError> {
    let mut chars = text.chars();
    let side = match chars.next() {
        Some(c) if c == letters.sides[0] => Color::White,
        Some(c) if c == letters.sides[1] => Color::Black,
        _ => return Err(BoardError::SideToMove { text: text.to_owned(), sides: letters.sides }),
    };
    let squares: Vec<char> = chars.collect();
    if squares.len() != SQUARES {
        return Err(BoardError::Squares(squares.len()));
    }
    let mut pieces = Vec::new();
    for (index, &letter) in squares.iter().enumerate() {
        let square = Square::new(u8::try_from(index + 1).expect("at most 50")).expect("squares 1 to 50");
        let piece = if letter == letters.empty {
            continue;
        } else if let Some(color) = letters.men.iter().position(|&c| c == letter) {
            Piece { color: [Color::White, Color::Black][color], kind: Kind::Man }
        } else if let Some(color) = letters.kings.iter().position(|&c| c == letter) {
            Piece { color: [Color::White, Color::Black][color], kind: Kind::King }
        } else {
            let [w, b] = letters.men;
            let [wk, bk] = letters.kings;
            let expected = format!("{w}, {b}, {wk}, {bk} or {}", letters.empty);
            return Err(BoardError::Letter { letter, square: index + 1, expected });
        };
        pieces.push((square, piece));
    }
    Ok(Position::from_pieces(pieces, side)?)
}

/// A game of draughts that starts from `position`.
pub(crate) fn game_from(position: &Position) -> Result<AnyGame, BoardError> {
    let input = OptionsInput::new().with("fen", position.to_fen());
    Ok(AnyGame::new(&GameOptions::new(GameKind::Draughts, &input)?))
}

/// The position a draughts game stands in now.
pub(crate) fn current(game: &AnyGame) -> Option<Position> {
    Position::from_fen(&game.position_text()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_alphabets_read_back_what_they_write() {
        let start = Position::start();
        let hub = write(&start, &HUB);
        assert_eq!(hub, "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
        let dxp = write(&start, &DXP);
        assert_eq!(dxp, "Wzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
        assert_eq!(read(&hub, &HUB).unwrap(), start);
        assert_eq!(read(&dxp, &DXP).unwrap(), start);
        assert!(read(&hub, &DXP).unwrap_err().to_string().contains("'b' on square 1"));
        assert!(read("X", &DXP).unwrap_err().to_string().contains("side to move"));
        assert!(read("Zee", &DXP).unwrap_err().to_string().contains("2 squares"));
    }
}
