//! A draughts position as the draughts protocols write it: the side to move, then one
//! letter per square from 1 to 50. Hub and DXP differ only in their letters (Hub's
//! black is `B`, DXP's is `Z`, for *zwart*).

use arbiter::draughts::{Color, Kind, Piece, PlacementError, Position, Rules, Square};
use arbiter::{AnyGame, AnyHistory, GameKind, GameOptions, OptionsError, OptionsInput};

use super::hub_variant;
use crate::protocol_name::Protocol;

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

/// A game of draughts under `rules` (a rule set of the 10x10 board) that starts from
/// `position`.
pub(crate) fn game_from(position: &Position, rules: Rules) -> Result<AnyGame, BoardError> {
    let input = OptionsInput::new().with("rules", rules.name()).with("fen", position.to_fen());
    Ok(AnyGame::new(&GameOptions::new(GameKind::Draughts, &input)?))
}

/// The international board's rows and columns, the only board Hub and DXP write.
const SIZE: u8 = 10;

/// Why Hub or DXP cannot carry a draughts game: both write a position as the fifty
/// squares of the international 10x10 board; DXP's engines play the international
/// rules (its game request names no rule set), Hub's play each rule set its `variant`
/// parameter names ([`hub_variant`]). A game on another board, or under a rule set the
/// protocol cannot name, would be played wrong or not read at all: the match refuses it
/// before any engine starts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CannotCarry {
    /// The game is played on another board than the international 10x10.
    #[error("{protocol} carries draughts on the 10x10 board only; this game's board is {size}x{size}")]
    Board {
        /// Hub or DXP.
        protocol: Protocol,
        /// The game's board's rows, as many as its columns.
        size: u8,
    },
    /// The game is played on 10x10 under a rule set the protocol cannot name.
    #[error("{protocol} carries the {} rules only: not the {rules} rules", carried(*.protocol))]
    Rules {
        /// Hub or DXP.
        protocol: Protocol,
        /// The game's rule set, as its `rules` option names it.
        rules: String,
    },
}

/// The rule sets `protocol` carries, for messages.
fn carried(protocol: Protocol) -> String {
    match protocol {
        Protocol::Hub => hub_variant::carried(),
        _ => Rules::International.name().to_owned(),
    }
}

/// Why `protocol` (Hub or DXP) cannot carry `game`, if it cannot: a draughts game on
/// another board than 10x10, or under rules the protocol cannot name.
pub fn cannot_carry(protocol: Protocol, game: &AnyGame) -> Option<CannotCarry> {
    let AnyHistory::Draughts(history) = game.history() else { return None };
    let position = history.position();
    let layout = position.layout();
    refusal(protocol, (layout.size(), layout.squares()), position.rules())
}

/// Whether `protocol` refuses a game on a board of `size` rows and `squares` playable
/// squares, under the rule set `rules`.
fn refusal(protocol: Protocol, (size, squares): (u8, usize), rules: Rules) -> Option<CannotCarry> {
    if size != SIZE || squares != SQUARES {
        return Some(CannotCarry::Board { protocol, size });
    }
    let carries = match protocol {
        Protocol::Hub => hub_variant::variant_of(rules).is_some(),
        _ => rules == Rules::International,
    };
    (!carries).then(|| CannotCarry::Rules { protocol, rules: rules.name().to_owned() })
}

/// The position a draughts game stands in now.
pub(crate) fn current(game: &AnyGame) -> Option<Position> {
    Position::from_fen(&game.position_text()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hub and DXP write fifty squares (Hub's `pos` and DXP's `GAMEREQ` position: the
    /// side, then squares 1 to 50). DXP's game request names no rule set, so its engines
    /// play the international rules; Hub names the rule set in its `variant` parameter.
    /// A game on another board is refused by both, one under another rule set on 10x10
    /// by DXP, and by Hub unless it has a `variant` value.
    #[test]
    fn each_protocol_carries_its_rule_sets_on_ten_by_ten() {
        let game = |rules: &str| {
            let input = OptionsInput::new().with("rules", rules);
            AnyGame::new(&GameOptions::new(GameKind::Draughts, &input).unwrap())
        };
        let international = game("international");
        assert_eq!(cannot_carry(Protocol::Hub, &international), None);
        assert_eq!(cannot_carry(Protocol::Dxp, &international), None);
        let gomoku = AnyGame::new(&GameOptions::new(GameKind::Gomoku, &OptionsInput::new()).unwrap());
        assert_eq!(cannot_carry(Protocol::Gomocup, &gomoku), None);
        for rules in ["killer", "breakthrough", "frisian", "antidraughts"] {
            assert_eq!(cannot_carry(Protocol::Hub, &game(rules)), None, "hub carries {rules}");
            assert_eq!(
                cannot_carry(Protocol::Dxp, &game(rules)),
                Some(CannotCarry::Rules { protocol: Protocol::Dxp, rules: rules.into() })
            );
        }
        assert_eq!(
            cannot_carry(Protocol::Dxp, &game("russian")),
            Some(CannotCarry::Board { protocol: Protocol::Dxp, size: 8 })
        );
        assert_eq!(
            cannot_carry(Protocol::Hub, &game("english")),
            Some(CannotCarry::Board { protocol: Protocol::Hub, size: 8 })
        );
        assert_eq!(
            refusal(Protocol::Hub, (12, 72), Rules::International),
            Some(CannotCarry::Board { protocol: Protocol::Hub, size: 12 })
        );
        let other = refusal(Protocol::Hub, (10, 50), Rules::Russian);
        assert_eq!(other, Some(CannotCarry::Rules { protocol: Protocol::Hub, rules: "russian".into() }));
        assert_eq!(
            other.unwrap().to_string(),
            "hub carries the international, killer, breakthrough, frisian, antidraughts rules only: not the russian rules"
        );
        assert_eq!(
            cannot_carry(Protocol::Dxp, &game("killer")).unwrap().to_string(),
            "dxp carries the international rules only: not the killer rules"
        );
        assert_eq!(
            refusal(Protocol::Dxp, (8, 32), Rules::Russian).unwrap().to_string(),
            "dxp carries draughts on the 10x10 board only; this game's board is 8x8"
        );
    }

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
