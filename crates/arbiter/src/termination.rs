//! Every way a game can end, as one vocabulary that the library's outcomes, the
//! server, the match runner and the records' `[Termination]` tags all speak.

use std::fmt;
use std::str::FromStr;

/// How a game ended: by a rule of the game, or by what happened around the board
/// (a clock, a resignation, an engine that crashed).
///
/// The names of [`Termination::as_str`] are stable: they are stored in databases, sent
/// in JSON and written in records, and new ways of ending only add names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Termination {
    // The rules of one position.
    /// The side to move is in check and has no legal move (Xiangqi).
    Checkmate,
    /// The side to move has no legal move and is not in check: in Xiangqi it loses.
    Stalemate,
    /// The side to move has no legal move: in draughts it loses (in Antidraughts it
    /// wins); a TwixT board with no free hole left is drawn.
    NoLegalMove,
    /// Five stones in a row (exactly five where the rules say so).
    FiveInARow,
    /// Every point is taken and nobody made five.
    FullBoard,
    /// Renju: every empty point is forbidden to Black, who is to move.
    NoLegalPointForBlack,
    /// TwixT: a chain of links joins the side's two edges.
    Connection,
    /// Xiangqi: neither side has a piece that can attack (chariot, horse, cannon,
    /// soldier).
    NoAttackingPieces,

    // The rules that look back over the game.
    /// Xiangqi: a repeated cycle in which one side checked with every move loses for it.
    PerpetualCheck,
    /// Xiangqi: a repeated cycle in which one side chased with every move loses for it.
    PerpetualChase,
    /// Xiangqi, Chinese rules: a repeated cycle in which one side threatened mate with
    /// every move (or checked with some and threatened mate with the others) loses for
    /// it (长杀, 一将一杀).
    PerpetualMateThreat,
    /// Xiangqi, Chinese rules: a repeated cycle in which one side attacked with every
    /// move, mixing checks or threats to mate with chases, loses for it (一将一捉,
    /// 一杀一捉).
    PerpetualAttack,
    /// Xiangqi: a position occurred for the third time and neither side checked or
    /// chased perpetually.
    Repetition,
    /// Xiangqi: the moves without a capture reached the limit.
    MoveLimit,
    /// Draughts: the same position occurred for the third time (FMJD).
    ThreefoldRepetition,
    /// Draughts: 25 moves by each side of kings only, without a capture or a man's move.
    TwentyFiveKingMoves,
    /// Draughts: the moves of kings only, without a capture or a man's move, that a
    /// rule set other than the international one counts (Brazilian 20 a side,
    /// Russian 15 a side).
    KingMovesOnly,
    /// Draughts: the endgame counts (16 moves, or 5) ran out.
    EndgameCount,
    /// Draughts, Breakthrough: a side made the first king, and wins.
    FirstKing,
    /// Draughts, Frisian: one king against one king, neither able to capture nor
    /// bound to be captured after its next move, is a draw.
    OneKingEach,

    // What happens around the board.
    /// A side's clock ran out.
    TimeForfeit,
    /// A side resigned.
    Resignation,
    /// Both sides agreed to a draw.
    Agreement,
    /// The game was called off before it really began: nobody wins or loses.
    Aborted,
    /// An engine played a move the rules refuse: it loses.
    IllegalMove,
    /// An engine answered with something that is no move: it loses.
    UnreadableAnswer,
    /// An engine stopped, or could not be started: it loses.
    Crash,
    /// An engine gave no move within the time the referee waits: it loses.
    Stalled,
    /// The referee decided the game from the engines' scores.
    Adjudication,
}

impl Termination {
    /// Every termination, in the order of the enum.
    pub const ALL: [Termination; 29] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::NoLegalMove,
        Termination::FiveInARow,
        Termination::FullBoard,
        Termination::NoLegalPointForBlack,
        Termination::Connection,
        Termination::NoAttackingPieces,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::PerpetualMateThreat,
        Termination::PerpetualAttack,
        Termination::Repetition,
        Termination::MoveLimit,
        Termination::ThreefoldRepetition,
        Termination::TwentyFiveKingMoves,
        Termination::EndgameCount,
        Termination::TimeForfeit,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Aborted,
        Termination::IllegalMove,
        Termination::UnreadableAnswer,
        Termination::Crash,
        Termination::Stalled,
        Termination::Adjudication,
        // Added after the others, so that every earlier index stays.
        Termination::KingMovesOnly,
        Termination::FirstKing,
        Termination::OneKingEach,
    ];

    /// The stable name: `checkmate`, `perpetual chase`, `time forfeit`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::NoLegalMove => "no legal move",
            Termination::FiveInARow => "five in a row",
            Termination::FullBoard => "full board",
            Termination::NoLegalPointForBlack => "no legal point for Black",
            Termination::Connection => "connection",
            Termination::NoAttackingPieces => "no attacking pieces",
            Termination::PerpetualCheck => "perpetual check",
            Termination::PerpetualChase => "perpetual chase",
            Termination::PerpetualMateThreat => "perpetual mate threat",
            Termination::PerpetualAttack => "perpetual attack",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move limit",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::TwentyFiveKingMoves => "25 moves of kings only",
            Termination::KingMovesOnly => "moves of kings only",
            Termination::EndgameCount => "the endgame count",
            Termination::FirstKing => "first king",
            Termination::OneKingEach => "one king each",
            Termination::TimeForfeit => "time forfeit",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Aborted => "aborted",
            Termination::IllegalMove => "illegal move",
            Termination::UnreadableAnswer => "unreadable answer",
            Termination::Crash => "crash",
            Termination::Stalled => "stalled",
            Termination::Adjudication => "adjudication",
        }
    }

    /// A stable snake_case identifier, for programs and bindings: the variant's name
    /// (`checkmate`, `perpetual_chase`, `twenty_five_king_moves`, `time_forfeit`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::NoLegalMove => "no_legal_move",
            Termination::FiveInARow => "five_in_a_row",
            Termination::FullBoard => "full_board",
            Termination::NoLegalPointForBlack => "no_legal_point_for_black",
            Termination::Connection => "connection",
            Termination::NoAttackingPieces => "no_attacking_pieces",
            Termination::PerpetualCheck => "perpetual_check",
            Termination::PerpetualChase => "perpetual_chase",
            Termination::PerpetualMateThreat => "perpetual_mate_threat",
            Termination::PerpetualAttack => "perpetual_attack",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move_limit",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::TwentyFiveKingMoves => "twenty_five_king_moves",
            Termination::KingMovesOnly => "king_moves_only",
            Termination::EndgameCount => "endgame_count",
            Termination::FirstKing => "first_king",
            Termination::OneKingEach => "one_king_each",
            Termination::TimeForfeit => "time_forfeit",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Aborted => "aborted",
            Termination::IllegalMove => "illegal_move",
            Termination::UnreadableAnswer => "unreadable_answer",
            Termination::Crash => "crash",
            Termination::Stalled => "stalled",
            Termination::Adjudication => "adjudication",
        }
    }

    /// Whether the game's rules decided it on the board (checkmate, repetition), as
    /// against a clock, a player or the referee.
    #[must_use]
    pub const fn is_by_rule(self) -> bool {
        matches!(
            self,
            Termination::Checkmate
                | Termination::Stalemate
                | Termination::NoLegalMove
                | Termination::FiveInARow
                | Termination::FullBoard
                | Termination::NoLegalPointForBlack
                | Termination::Connection
                | Termination::NoAttackingPieces
                | Termination::PerpetualCheck
                | Termination::PerpetualChase
                | Termination::PerpetualMateThreat
                | Termination::PerpetualAttack
                | Termination::Repetition
                | Termination::MoveLimit
                | Termination::ThreefoldRepetition
                | Termination::TwentyFiveKingMoves
                | Termination::KingMovesOnly
                | Termination::EndgameCount
                | Termination::FirstKing
                | Termination::OneKingEach
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no [`Termination`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown termination {0:?}")]
pub struct UnknownTermination(pub String);

impl FromStr for Termination {
    type Err = UnknownTermination;

    /// Reads a stable name; `time`, the name servers stored before 0.2 for a clock
    /// that ran out, reads as [`Termination::TimeForfeit`].
    fn from_str(text: &str) -> Result<Termination, UnknownTermination> {
        if text == "time" {
            return Ok(Termination::TimeForfeit);
        }
        Termination::ALL.into_iter().find(|t| t.as_str() == text).ok_or_else(|| UnknownTermination(text.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Termination {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Termination {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Termination, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::Termination;

    #[test]
    fn every_name_reads_back_as_its_termination() {
        for termination in Termination::ALL {
            assert_eq!(termination.as_str().parse::<Termination>(), Ok(termination));
        }
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = Termination::ALL.iter().map(|t| t.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Termination::ALL.len());
    }

    #[test]
    fn the_old_server_name_for_a_fallen_clock_still_reads() {
        assert_eq!("time".parse::<Termination>(), Ok(Termination::TimeForfeit));
        assert!("checkmated".parse::<Termination>().is_err());
    }

    #[test]
    fn endings_by_the_rules_are_told_from_the_others() {
        assert!(Termination::PerpetualChase.is_by_rule());
        assert!(!Termination::Resignation.is_by_rule());
        assert!(!Termination::Adjudication.is_by_rule());
    }

    #[test]
    fn codes_are_unique_identifiers() {
        let mut codes: Vec<_> = Termination::ALL.iter().map(|t| t.code()).collect();
        for code in &codes {
            assert!(code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{code}");
            assert!(!code.starts_with('_') && !code.ends_with('_'), "{code}");
        }
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Termination::ALL.len());
        assert_eq!(Termination::PerpetualChase.code(), "perpetual_chase");
        assert_eq!(Termination::TwentyFiveKingMoves.code(), "twenty_five_king_moves");
        assert_eq!(Termination::EndgameCount.code(), "endgame_count");
    }
}
