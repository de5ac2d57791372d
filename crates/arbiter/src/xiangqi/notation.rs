//! The notations Xiangqi players write, read and written: ICCS coordinates (`h2e2`,
//! `H2-E2`), WXF (`C2=5`, `H8+7`, tandem pieces `+C-1`), and Chinese notation in
//! simplified or traditional characters (`炮二平五`, `马８进７`, `前炮退一`).
//!
//! WXF and Chinese notation describe a move from the mover's side: the piece, the file
//! it stands on (files 1 to 9 counted from each player's right), the way it goes
//! (forward, backward, sideways) and a number: the file it goes to, or for a piece
//! moving straight along its file, how many ranks. When two or more pieces of a kind
//! stand on one file, the file gives way to their order: front and rear (`+C`/`-C`,
//! `前炮`/`后炮`), middle for a third (`中兵`), or first to fifth from the front for
//! soldiers (`一兵`...). A text is read by matching it against the legal moves, so
//! every form is checked against the position it is played in.

use super::board::{Color, Kind, Move, Position, Square};
use super::refusal::Illegal;
use crate::game::{MoveError, SyntaxError};

/// A notation for writing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `h2e2`: files a-i from Red's left, ranks 0-9 from Red's side.
    Iccs,
    /// `C2=5`.
    Wxf,
    /// `炮二平五`, simplified characters.
    Chinese,
    /// `炮二平五`, traditional characters (`馬８進７`).
    ChineseTraditional,
}

impl Notation {
    /// Every notation, one for each name [`Notation::from_name`] accepts.
    pub const ALL: [Notation; 4] = [Notation::Iccs, Notation::Wxf, Notation::Chinese, Notation::ChineseTraditional];

    /// The name in commands and JSON: `iccs`, `wxf`, `chinese`, `chinese-traditional`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::ChineseTraditional => "chinese-traditional",
        }
    }

    /// The notation named `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == name)
    }
}

/// Which way a move goes, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Forward,
    Backward,
    Sideways,
}

/// Which of the mover's pieces of a kind is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    /// The piece on this file (1 to 9 from the mover's right).
    File(u8),
    /// The frontmost of several on one file.
    Front,
    /// The rearmost of several on one file.
    Rear,
    /// The middle one of three on one file.
    Middle,
    /// The n-th from the front (1-based) of several soldiers on one file.
    Nth(u8),
}

/// A move as WXF and Chinese notation describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Described {
    kind: Kind,
    which: Which,
    way: Way,
    number: u8,
}

/// Files 1 to 9 from the mover's right: Red's right is file i, Black's is file a.
fn file_number(color: Color, square: Square) -> u8 {
    match color {
        Color::Red => 9 - square.file(),
        Color::Black => square.file() + 1,
    }
}

/// How far forward `square` is for `color`: 0 on its own back rank.
fn advance(color: Color, square: Square) -> u8 {
    match color {
        Color::Red => square.rank(),
        Color::Black => 9 - square.rank(),
    }
}

/// Whether the piece goes straight along its file or rank (chariot, cannon, soldier,
/// general): then a forward or backward move is numbered by its distance.
fn moves_straight(kind: Kind) -> bool {
    matches!(kind, Kind::Chariot | Kind::Cannon | Kind::Soldier | Kind::General)
}

impl Position {
    /// How many of the mover's pieces of `kind` stand on the file of `square` (itself
    /// included), and how many of them are ahead of it.
    fn file_mates(&self, color: Color, kind: Kind, square: Square) -> (usize, usize) {
        // Counted, not listed: every move of a record is described, and most of them
        // have no mate on their file.
        let (mut count, mut ahead) = (0, 0);
        for mate in (0..10).filter_map(|rank| Square::new(square.file(), rank)) {
            if self.piece_at(mate).is_some_and(|p| p.color == color && p.kind == kind) {
                count += 1;
                ahead += usize::from(advance(color, mate) > advance(color, square));
            }
        }
        (count, ahead)
    }

    /// The description of `mv` (legal here) in WXF and Chinese terms.
    fn describe(&self, mv: Move) -> Described {
        let piece = self.piece_at(mv.from).expect("a legal move starts on a piece");
        let color = piece.color;
        let (mates, index) = self.file_mates(color, piece.kind, mv.from);
        let which = if mates < 2 {
            Which::File(file_number(color, mv.from))
        } else {
            match (mates, index) {
                (_, 0) => Which::Front,
                (n, i) if i == n - 1 => Which::Rear,
                (3, 1) => Which::Middle,
                (_, i) => Which::Nth(i as u8 + 1),
            }
        };
        let (from, to) = (advance(color, mv.from), advance(color, mv.to));
        let way = match to.cmp(&from) {
            std::cmp::Ordering::Greater => Way::Forward,
            std::cmp::Ordering::Less => Way::Backward,
            std::cmp::Ordering::Equal => Way::Sideways,
        };
        let number = if way != Way::Sideways && moves_straight(piece.kind) {
            from.abs_diff(to)
        } else {
            file_number(color, mv.to)
        };
        Described { kind: piece.kind, which, way, number }
    }

    /// `mv`, which must be legal here, in `notation`.
    pub(super) fn text_in(&self, mv: Move, notation: Notation) -> String {
        match notation {
            Notation::Iccs => mv.to_string(),
            Notation::Wxf => self.wxf(mv),
            Notation::Chinese => self.chinese(mv, &SIMPLIFIED),
            Notation::ChineseTraditional => self.chinese(mv, &TRADITIONAL),
        }
    }

    fn wxf(&self, mv: Move) -> String {
        let d = self.describe(mv);
        let letter = match d.kind {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'E',
            Kind::Horse => 'H',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        };
        let way = match d.way {
            Way::Forward => '+',
            Way::Backward => '-',
            Way::Sideways => '=',
        };
        let number = d.number;
        match d.which {
            Which::File(file) => format!("{letter}{file}{way}{number}"),
            Which::Front => format!("+{letter}{way}{number}"),
            Which::Rear => format!("-{letter}{way}{number}"),
            Which::Middle => format!("={letter}{way}{number}"),
            Which::Nth(n) => format!("{n}{letter}{way}{number}"),
        }
    }

    fn chinese(&self, mv: Move, glyphs: &Glyphs) -> String {
        let d = self.describe(mv);
        let color = self.piece_at(mv.from).map_or(Color::Red, |p| p.color);
        let name = glyphs.piece(color, d.kind);
        // Red writes numbers in Chinese numerals, Black in (full-width) digits.
        let number = |n: u8| match color {
            Color::Red => NUMERALS[usize::from(n - 1)].to_string(),
            Color::Black => char::from_u32(0xff10 + u32::from(n)).map_or_else(|| n.to_string(), String::from),
        };
        let way = match d.way {
            Way::Forward => glyphs.forward,
            Way::Backward => '退',
            Way::Sideways => '平',
        };
        let head = match d.which {
            Which::File(file) => format!("{name}{}", number(file)),
            Which::Front => format!("前{name}"),
            Which::Rear => format!("{}{name}", glyphs.rear),
            Which::Middle => format!("中{name}"),
            Which::Nth(n) => format!("{}{name}", NUMERALS[usize::from(n - 1)]),
        };
        format!("{head}{way}{}", number(d.number))
    }

    /// Reads a move in any of the notations (ICCS, WXF, Chinese, full-width characters
    /// or not) and finds the legal move it names.
    pub(crate) fn read_notation(&self, text: &str) -> Result<Move, MoveError> {
        let normal = normalize(text);
        let described = read_described(&normal).ok_or_else(|| {
            MoveError::syntax(
                text,
                SyntaxError::Shape { expected: "a move like h2e2 (coordinates), C2=5 (WXF) or 炮二平五 (Chinese)" },
            )
        })?;
        // The legal moves walked, not listed: no allocation a move read.
        let (mut fits, mut first) = (0, None);
        self.for_each_legal(|mv| {
            if self.matches(mv, described) {
                fits += 1;
                first = first.or(Some(mv));
            }
        });
        match (first, fits) {
            (Some(mv), 1) => Ok(mv),
            (Some(_), _) => Err(MoveError::illegal(text, Illegal::Ambiguous)),
            (None, _) => Err(MoveError::illegal(text, Illegal::NoMoveFits { side: self.turn() })),
        }
    }

    /// Whether `mv` (legal) fits a read description, in any of its written forms.
    fn matches(&self, mv: Move, wanted: Described) -> bool {
        // Most legal moves are another kind of piece's: told by the board alone, before
        // the move is described.
        if self.piece_at(mv.from).is_none_or(|piece| piece.kind != wanted.kind) {
            return false;
        }
        let actual = self.describe(mv);
        if (actual.kind, actual.way, actual.number) != (wanted.kind, wanted.way, wanted.number) {
            return false;
        }
        let color = self.turn();
        match wanted.which {
            // The file form is also read for pieces that share their file.
            Which::File(file) => file_number(color, mv.from) == file,
            which => {
                which == actual.which
                    // Front and rear of three or more soldiers, as some records write them.
                    || (which == Which::Nth(1) && actual.which == Which::Front)
            }
        }
    }
}

/// Red's numerals, one to nine.
const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The characters of one script.
struct Glyphs {
    red: [char; 7],
    black: [char; 7],
    forward: char,
    rear: char,
}

impl Glyphs {
    fn piece(&self, color: Color, kind: Kind) -> char {
        let index = Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
        match color {
            Color::Red => self.red[index],
            Color::Black => self.black[index],
        }
    }
}

// In the order of `Kind::ALL`: general, advisor, elephant, horse, chariot, cannon, soldier.
const SIMPLIFIED: Glyphs = Glyphs {
    red: ['帅', '仕', '相', '马', '车', '炮', '兵'],
    black: ['将', '士', '象', '马', '车', '炮', '卒'],
    forward: '进',
    rear: '后',
};

const TRADITIONAL: Glyphs = Glyphs {
    red: ['帥', '仕', '相', '馬', '車', '炮', '兵'],
    black: ['將', '士', '象', '馬', '車', '砲', '卒'],
    forward: '進',
    rear: '後',
};

/// Full-width letters, digits and signs as ASCII, traditional characters as
/// simplified, blanks dropped: one spelling for every way a record writes a move.
fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '帥' => '帅',
            '將' => '将',
            '馬' | '傌' => '马',
            '車' | '俥' => '车',
            '砲' | '包' => '炮',
            '進' => '进',
            '後' => '后',
            other => other,
        })
        .collect()
}

/// A move in coordinates, `h2e2`, `H2-E2` or `h2-e2` (full-width too), unchecked.
pub(crate) fn read_coordinates(text: &str) -> Option<Move> {
    read_iccs(&normalize(text))
}

fn read_iccs(text: &str) -> Option<Move> {
    let lower = text.to_ascii_lowercase().replace('-', "");
    let bytes = lower.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let square = |f: u8, r: u8| Square::parse(std::str::from_utf8(&[f, r]).ok()?);
    Some(Move { from: square(bytes[0], bytes[1])?, to: square(bytes[2], bytes[3])? })
}

fn kind_of(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' | '帅' | '将' => Kind::General,
        'A' | '仕' | '士' => Kind::Advisor,
        'E' | 'B' | '相' | '象' => Kind::Elephant,
        'H' | 'N' | '马' => Kind::Horse,
        'R' | '车' => Kind::Chariot,
        'C' | '炮' => Kind::Cannon,
        'P' | '兵' | '卒' => Kind::Soldier,
        _ => return None,
    })
}

fn number_of(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => NUMERALS.iter().position(|&n| n == c).map(|i| i as u8 + 1),
    }
}

fn way_of(c: char) -> Option<Way> {
    match c {
        '+' | '进' => Some(Way::Forward),
        '-' | '退' => Some(Way::Backward),
        '=' | '.' | '平' => Some(Way::Sideways),
        _ => None,
    }
}

/// Reads a WXF or Chinese move: four characters, piece and file or order and piece,
/// then way and number.
fn read_described(text: &str) -> Option<Described> {
    let chars: Vec<char> = text.chars().collect();
    let [first, second, third, fourth] = chars[..] else { return None };
    let way = way_of(third)?;
    let number = number_of(fourth)?;
    let (kind, which) = if let Some(kind) = kind_of(first) {
        (kind, Which::File(number_of(second)?))
    } else {
        let kind = kind_of(second)?;
        let which = match first {
            '+' | '前' => Which::Front,
            '-' | '后' => Which::Rear,
            '=' | '中' => Which::Middle,
            other => Which::Nth(number_of(other)?),
        };
        (kind, which)
    };
    if number == 0 || number > 9 {
        return None;
    }
    Some(Described { kind, which, way, number })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn play(position: &mut Position, text: &str) -> Move {
        let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        position.play(mv);
        mv
    }

    #[test]
    fn the_same_opening_in_every_notation() {
        let iccs = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "g6g5"];
        let wxf = ["C2=5", "H8+7", "H2+3", "R9=8", "R1=2", "P7+1"];
        let chinese = ["炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "卒７进１"];
        let traditional = ["炮二平五", "馬８進７", "馬二進三", "車９平８", "車一平二", "卒７進１"];
        let mut position = Position::start();
        for i in 0..iccs.len() {
            let mv = Move::parse(iccs[i]).unwrap();
            assert_eq!(position.move_text(mv, Notation::Wxf), wxf[i]);
            assert_eq!(position.move_text(mv, Notation::Chinese), chinese[i]);
            assert_eq!(position.move_text(mv, Notation::ChineseTraditional), traditional[i]);
            for text in [iccs[i], wxf[i], chinese[i], traditional[i]] {
                assert_eq!(position.parse_move(text), Ok(mv), "{text}");
            }
            position.play(mv);
        }
    }

    #[test]
    fn full_width_and_coordinates_with_a_dash_are_read() {
        let mut position = Position::start();
        assert_eq!(play(&mut position, "Ｃ２＝５"), Move::parse("h2e2").unwrap());
        assert_eq!(play(&mut position, "H9-G7"), Move::parse("h9g7").unwrap());
    }

    #[test]
    fn pieces_sharing_a_file_are_named_front_and_rear() {
        // Red's cannons on e2 and e4, both on file five.
        let mut position = Position::from_fen("3k5/9/9/9/9/4C4/9/4C4/9/5K3 w").unwrap();
        let front = Move::parse("e4e5").unwrap();
        let rear = Move::parse("e2d2").unwrap();
        assert_eq!(position.move_text(front, Notation::Wxf), "+C+1");
        assert_eq!(position.move_text(rear, Notation::Wxf), "-C=6");
        assert_eq!(position.move_text(front, Notation::Chinese), "前炮进一");
        assert_eq!(position.move_text(rear, Notation::ChineseTraditional), "後炮平六");
        assert_eq!(position.parse_move("后炮平六"), Ok(rear));
        assert_eq!(play(&mut position, "前炮进一"), front);
        // Black's tandem soldiers: the front one is the lower on the board.
        let soldiers = Position::from_fen("4k4/9/9/9/2p6/2p6/9/9/9/3K5 b").unwrap();
        assert_eq!(soldiers.move_text(Move::parse("c4c3").unwrap(), Notation::Wxf), "+P+1");
        assert_eq!(soldiers.move_text(Move::parse("c5d5").unwrap(), Notation::Chinese), "后卒平４");
        // Three soldiers on one file: front, middle, rear.
        let three = Position::from_fen("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w").unwrap();
        assert_eq!(three.move_text(Move::parse("c6d6").unwrap(), Notation::Chinese), "中兵平六");
        assert_eq!(three.parse_move("中兵平六"), Ok(Move::parse("c6d6").unwrap()));
    }

    #[test]
    fn diagonal_pieces_name_the_file_they_go_to() {
        let position = Position::start();
        assert_eq!(position.move_text(Move::parse("c0e2").unwrap(), Notation::Wxf), "E7+5");
        assert_eq!(position.move_text(Move::parse("d0e1").unwrap(), Notation::Chinese), "仕六进五");
        assert_eq!(position.move_text(Move::parse("e0e1").unwrap(), Notation::Wxf), "K5+1");
    }

    #[test]
    fn moves_that_fit_nothing_or_no_notation_are_refused() {
        let position = Position::start();
        assert!(matches!(position.parse_move("炮二平九"), Err(MoveError::Illegal { .. })));
        assert!(matches!(position.parse_move("C2=9"), Err(MoveError::Illegal { .. })));
        assert!(matches!(position.parse_move("X2=5"), Err(MoveError::Syntax { .. })));
        assert!(matches!(position.parse_move("炮二平"), Err(MoveError::Syntax { .. })));
    }
}
