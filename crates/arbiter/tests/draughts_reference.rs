//! The bitboard generator against a slow, obviously correct one: a 10x10 array, the
//! capture rules written out square by square, on random positions.

use std::collections::BTreeSet;

use arbiter::Game;
use arbiter::draughts::{Color, Kind, Piece, Position, Square};
use proptest::prelude::*;

/// A move as the reference sees it: start, end, captured squares (sorted).
type Key = (u8, u8, Vec<u8>);

#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Empty,
    Piece(Color, Kind),
}

fn number(row: i32, column: i32) -> Option<u8> {
    if !(0..10).contains(&row) || !(0..10).contains(&column) {
        return None;
    }
    Square::at(row as u8, column as u8).map(Square::number)
}

struct Reference {
    grid: [[Cell; 10]; 10],
    side: Color,
}

impl Reference {
    fn new(position: &Position) -> Self {
        let mut grid = [[Cell::Empty; 10]; 10];
        for (square, piece) in position.pieces() {
            grid[square.row() as usize][square.column() as usize] = Cell::Piece(piece.color, piece.kind);
        }
        Reference { grid, side: position.turn() }
    }

    fn at(&self, row: i32, column: i32) -> Option<Cell> {
        number(row, column)?;
        Some(self.grid[row as usize][column as usize])
    }

    /// Every maximal capture route from (row, column): start empty, captured pieces
    /// stay on the board (cannot be jumped or landed on again).
    fn routes(
        &self,
        start: (i32, i32),
        at: (i32, i32),
        king: bool,
        captured: &mut Vec<(i32, i32)>,
        out: &mut Vec<Key>,
    ) {
        let empty = |r: i32, c: i32| (r, c) == start || self.at(r, c) == Some(Cell::Empty);
        let mut extended = false;
        for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            let (mut r, mut c) = (at.0 + dr, at.1 + dc);
            if king {
                while empty(r, c) {
                    r += dr;
                    c += dc;
                }
            }
            let enemy = matches!(self.at(r, c), Some(Cell::Piece(color, _)) if color != self.side);
            if !enemy || captured.contains(&(r, c)) {
                continue;
            }
            let victim = (r, c);
            let (mut lr, mut lc) = (r + dr, c + dc);
            while empty(lr, lc) {
                extended = true;
                captured.push(victim);
                self.routes(start, (lr, lc), king, captured, out);
                captured.pop();
                if !king {
                    break;
                }
                lr += dr;
                lc += dc;
            }
        }
        if !extended && !captured.is_empty() {
            let mut taken: Vec<u8> = captured.iter().map(|&(r, c)| number(r, c).unwrap()).collect();
            taken.sort_unstable();
            out.push((number(start.0, start.1).unwrap(), number(at.0, at.1).unwrap(), taken));
        }
    }

    fn legal(&self) -> BTreeSet<Key> {
        let mut routes = Vec::new();
        let mut quiet = Vec::new();
        for row in 0..10 {
            for column in 0..10 {
                let Cell::Piece(color, kind) = self.grid[row as usize][column as usize] else {
                    continue;
                };
                if color != self.side {
                    continue;
                }
                let king = kind == Kind::King;
                self.routes((row, column), (row, column), king, &mut Vec::new(), &mut routes);
                let forward = if color == Color::White { -1 } else { 1 };
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    if !king && dr != forward {
                        continue;
                    }
                    let (mut r, mut c) = (row + dr, column + dc);
                    while self.at(r, c) == Some(Cell::Empty) {
                        quiet.push((number(row, column).unwrap(), number(r, c).unwrap(), Vec::new()));
                        if !king {
                            break;
                        }
                        r += dr;
                        c += dc;
                    }
                }
            }
        }
        let most = routes.iter().map(|r| r.2.len()).max().unwrap_or(0);
        if most == 0 { quiet.into_iter().collect() } else { routes.into_iter().filter(|r| r.2.len() == most).collect() }
    }
}

fn positions() -> impl Strategy<Value = Position> {
    let piece = prop_oneof![
        4 => Just(Piece { color: Color::White, kind: Kind::Man }),
        4 => Just(Piece { color: Color::Black, kind: Kind::Man }),
        1 => Just(Piece { color: Color::White, kind: Kind::King }),
        1 => Just(Piece { color: Color::Black, kind: Kind::King }),
    ];
    (prop::collection::vec((1u8..=50, piece), 0..30), any::<bool>()).prop_map(|(pieces, black)| {
        let mut seen = BTreeSet::new();
        // A man never stands on the row where it would have been crowned, and a colour
        // has at most the 20 pieces a game starts with.
        let crowned = |s: u8, p: &Piece| p.kind == Kind::Man && if p.color == Color::White { s <= 5 } else { s >= 46 };
        let mut count = [0usize; 2];
        let mut room = |p: &Piece| {
            let n = &mut count[usize::from(p.color == Color::Black)];
            *n += 1;
            *n <= 20
        };
        let unique = pieces
            .into_iter()
            .filter(|(s, p)| !crowned(*s, p) && !seen.contains(s) && room(p) && seen.insert(*s))
            .map(|(s, p)| (Square::new(s).unwrap(), p));
        Position::from_pieces(unique, if black { Color::Black } else { Color::White }).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn generator_equals_the_reference(position in positions()) {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let engine: BTreeSet<Key> = moves
            .iter()
            .map(|m| (m.from().number(), m.to().number(), m.captured().map(Square::number).collect()))
            .collect();
        prop_assert_eq!(engine.len(), moves.len(), "duplicate moves in {}", position.to_fen());
        prop_assert_eq!(&engine, &Reference::new(&position).legal(), "{}", position.to_fen());
        prop_assert_eq!(position.count_legal_moves(), moves.len());
        for mv in &moves {
            let text = mv.to_string();
            prop_assert_eq!(position.parse_move(&text), Ok(*mv), "{} in {}", text, position.to_fen());
        }
    }
}
