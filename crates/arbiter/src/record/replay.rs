//! A recorded game replayed by the rules: every move checked in the position it is
//! played in, the first refused one named with the rules' reason, and the end of the
//! game the rules see set against the result the record gives. Players sometimes go on
//! after the rules ended a game (a draw they could have claimed): the ending is noted
//! and the replay goes on from the position reached.

use super::GameResult;
use super::read::RecordedGame;
use crate::game::{MoveError, Outcome, Side};
use crate::registry::{AnyGame, GameKind, GameOptions, OptionsInput};

/// What replaying a recorded game found.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game as far as it went (from the last restart, if play went on after an end).
    pub game: AnyGame,
    /// Moves played, of the record's.
    pub played: usize,
    /// The first move refused, if any.
    pub refusal: Option<Refusal>,
    /// Endings the players went on after ("draw by repetition at move 72, play went on").
    pub notes: Vec<String>,
    /// The rules' verdict on the game as played: `None` while it goes on.
    pub verdict: Option<Outcome>,
    /// The result the record gives.
    pub recorded: GameResult,
    /// Each move played, in the notation asked for (or as the game writes it).
    pub texts: Vec<String>,
    /// The side to move at the record's start.
    pub first_mover: Side,
}

/// A refused move: which, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Its index among the record's moves, from 0 (the game's own start when it could
    /// not begin).
    pub index: usize,
    /// How the move is numbered: `12` for the first side's twelfth, `12...` for the
    /// second side's.
    pub number: String,
    /// The move as the record writes it; empty when the game could not begin.
    pub text: String,
    /// The line of the file the move stands on, from 1 (the game's first line when the
    /// game could not begin).
    pub line: usize,
    /// Why the rules refuse it, in English: the move's fault, or why the record's start
    /// (its tags, its FEN) gives no game.
    pub reason: String,
}

/// The `[GameType]` numbers of PDN and what they name: arbiter plays 20.
fn game_type_name(number: u32) -> &'static str {
    match number {
        20 => "international draughts",
        21 => "English draughts (checkers)",
        22 => "Italian draughts",
        23 => "American pool checkers",
        24 => "Spanish draughts",
        25 => "Russian draughts",
        26 => "Brazilian draughts",
        27 => "Canadian draughts",
        28 => "Portuguese draughts",
        29 => "Czech draughts",
        30 => "Turkish draughts",
        31 => "Thai draughts",
        0 => "chess",
        _ => "a game arbiter does not play",
    }
}

/// The result a record gives: its `Result` tag, else the token after its moves.
#[must_use]
pub fn recorded_result(game: &RecordedGame) -> GameResult {
    let text = game.tag("Result").filter(|r| !r.is_empty()).or(game.terminator.as_deref()).unwrap_or("*");
    match text {
        "1-0" | "2-0" => GameResult::Won(Side::First),
        "0-1" | "0-2" => GameResult::Won(Side::Second),
        "1/2-1/2" | "½-½" | "1-1" => GameResult::Drawn,
        _ => GameResult::Unfinished,
    }
}

/// Replays `recorded` as a game of `kind` with the `base` options (rules, size, move
/// limit); its `[FEN]` tag gives the start. With `notation`, every move played is also
/// written in it (see [`AnyGame::write_move`]).
#[must_use]
pub fn replay(kind: GameKind, recorded: &RecordedGame, base: &OptionsInput, notation: Option<&str>) -> Replayed {
    let result = recorded_result(recorded);
    let start = match start_options(kind, recorded, base) {
        Ok(options) => options,
        Err(reason) => {
            let game =
                AnyGame::new(&GameOptions::new(kind, &OptionsInput::default()).expect("the defaults start a game"));
            let refusal = Refusal { index: 0, number: "0".into(), text: String::new(), line: recorded.line, reason };
            return Replayed {
                game,
                played: 0,
                refusal: Some(refusal),
                notes: Vec::new(),
                verdict: None,
                recorded: result,
                texts: Vec::new(),
                first_mover: Side::First,
            };
        }
    };
    let game = AnyGame::new(&start);
    let first_mover = game.side_to_move();
    // The first side's moves are odd plies when the start has the second side to move.
    let offset = usize::from(first_mover == Side::Second);
    let context = Context { kind, base, notation, offset };
    let run = context.run(game, &recorded.moves, 0, LOOKAHEAD);
    let verdict = if run.refusal.is_none() { run.game.outcome() } else { None };
    Replayed {
        game: run.game,
        played: run.played,
        refusal: run.refusal,
        notes: run.notes,
        verdict,
        recorded: result,
        texts: run.texts,
        first_mover,
    }
}

/// How many ambiguous moves deep a replay looks ahead to choose between readings.
const LOOKAHEAD: u8 = 3;

/// What a replay needs besides the game and the moves.
struct Context<'a> {
    kind: GameKind,
    base: &'a OptionsInput,
    notation: Option<&'a str>,
    /// 1 when the second side made the game's first move.
    offset: usize,
}

/// A replay from some move on.
struct Run {
    game: AnyGame,
    played: usize,
    refusal: Option<Refusal>,
    notes: Vec<String>,
    texts: Vec<String>,
}

impl Context<'_> {
    /// Plays `moves` (the record's from index `first` on) on `game`. A move that fits
    /// several legal moves (a draughts capture written by its ends, when two routes
    /// join them) is settled by the moves after it: the reading that lets the game go
    /// furthest is played, `lookahead` such choices deep.
    fn run(&self, mut game: AnyGame, moves: &[super::read::RecordedMove], first: usize, lookahead: u8) -> Run {
        let kind = self.kind;
        let mut run = Run { game: game.clone(), played: 0, refusal: None, notes: Vec::new(), texts: Vec::new() };
        for (step, recorded_move) in moves.iter().enumerate() {
            let index = first + step;
            let ply = index + self.offset;
            if let Some(outcome) = game.outcome() {
                let describe = outcome.describe(|side| kind.side_name(side));
                match restart(&game, self.base) {
                    Some(fresh) => {
                        run.notes.push(format!("{describe} at move {}, play went on", number(ply.saturating_sub(1)).0));
                        game = fresh;
                    }
                    None => {
                        let reason = format!("{}: {describe}", MoveError::GameOver);
                        run.refusal = Some(refused(ply, recorded_move, reason));
                        break;
                    }
                }
            }
            let (readings, note) = readings(&game, kind, &recorded_move.text);
            let text = match &readings[..] {
                [] => recorded_move.text.clone(),
                [one] => one.clone(),
                several => {
                    let (chosen, note) = self.choose(&game, several, moves, step, first, lookahead, recorded_move);
                    run.notes.push(note);
                    chosen
                }
            };
            if let Some(note) = note {
                run.notes.push(format!("move {} {}: {note}", number(ply).0, recorded_move.text));
            }
            let converted = self.notation.and_then(|n| game.write_move(&text, n));
            match game.play_text(&text) {
                Ok(detail) => {
                    run.texts.push(converted.unwrap_or_else(|| detail.text.clone()));
                    run.played += 1;
                }
                Err(error) => {
                    run.refusal = Some(refused(ply, recorded_move, error.to_string()));
                    break;
                }
            }
        }
        run.game = game;
        run
    }

    /// Of several legal moves a recorded move fits, the one after which the rest of
    /// the record goes furthest (the first on a tie), and a note saying so.
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &self,
        game: &AnyGame,
        readings: &[String],
        moves: &[super::read::RecordedMove],
        step: usize,
        first: usize,
        lookahead: u8,
        recorded_move: &super::read::RecordedMove,
    ) -> (String, String) {
        let ply = first + step + self.offset;
        let reach = |text: &String| {
            if lookahead == 0 {
                return 0;
            }
            let mut after = game.clone();
            if after.play_text(text).is_err() {
                return 0;
            }
            let quiet = Context { notation: None, ..*self };
            let rest = quiet.run(after, &moves[step + 1..], first + step + 1, lookahead - 1);
            1 + rest.played + usize::from(rest.refusal.is_none())
        };
        let reached: Vec<usize> = readings.iter().map(reach).collect();
        let best = reached.iter().copied().max().unwrap_or(0);
        let chosen = readings[reached.iter().position(|&r| r == best).unwrap_or(0)].clone();
        let winners = reached.iter().filter(|&&r| r == best).count();
        let how = if winners == 1 {
            format!("only {chosen} lets the game go on")
        } else {
            format!("{chosen}, the first, is played")
        };
        let note = format!(
            "move {} {} fits {} captures ({}): {how}",
            number(ply).0,
            recorded_move.text,
            readings.len(),
            readings.join(", ")
        );
        (chosen, note)
    }
}

/// The number of the move at ply `ply` (from 0, the first side's first move): `12` or
/// `12...`.
fn number(ply: usize) -> (String, Side) {
    let side = if ply.is_multiple_of(2) { Side::First } else { Side::Second };
    let mut text = (ply / 2 + 1).to_string();
    if side == Side::Second {
        text.push_str("...");
    }
    (text, side)
}

fn refused(ply: usize, recorded: &super::read::RecordedMove, reason: String) -> Refusal {
    Refusal { index: ply, number: number(ply).0, text: recorded.text.clone(), line: recorded.line, reason }
}

/// The game's options: the base with the record's start position, refusing a
/// `[GameType]` that is not the game played.
fn start_options(kind: GameKind, recorded: &RecordedGame, base: &OptionsInput) -> Result<GameOptions, String> {
    if kind == GameKind::Draughts
        && let Some(game_type) = recorded.tag("GameType")
    {
        let number: u32 = game_type.split(',').next().unwrap_or("").trim().parse().unwrap_or(u32::MAX);
        if number != 20 {
            return Err(format!(
                "[GameType \"{game_type}\"] is {}, not international draughts",
                game_type_name(number)
            ));
        }
    }
    let mut input = base.clone();
    if let Some(fen) = recorded.tag("FEN").filter(|f| !f.trim().is_empty()) {
        input.set_position(kind, fen.to_owned());
    }
    // The size and swap rule that Gomoku's and TwixT's records carry.
    if matches!(kind, GameKind::Gomoku | GameKind::Twixt)
        && input.size.is_none()
        && input.rows.is_none()
        && let Some(size) = recorded.tag("Size")
    {
        match size.split_once('x') {
            Some((columns, rows)) => {
                input.cols = columns.parse().ok();
                input.rows = rows.parse().ok();
            }
            None => input.size = size.parse().ok(),
        }
    }
    if kind == GameKind::Twixt && input.swap.is_none() {
        input.swap = recorded.tag("Swap").map(|s| s == "true");
    }
    GameOptions::new(kind, &input).map_err(|e| format!("the start position: {e}"))
}

/// A game that starts from where `game` stands, with the same options: to go on after
/// an ending the players did not take. `None` where no position text starts a game
/// (TwixT) or the position itself is over (checkmate).
fn restart(game: &AnyGame, base: &OptionsInput) -> Option<AnyGame> {
    let mut input = base.clone();
    let mut position = game.position_text();
    if game.kind() == GameKind::Xiangqi {
        // The count of moves without a capture starts again with the play that went on.
        let mut fields: Vec<&str> = position.split(' ').collect();
        if fields.len() >= 5 {
            fields[4] = "0";
            position = fields.join(" ");
        }
    }
    input.set_position(game.kind(), position);
    let options = GameOptions::new(game.kind(), &input).ok()?;
    let fresh = AnyGame::try_new(&options).ok()?;
    fresh.outcome().is_none().then_some(fresh)
}

/// The legal moves a recorded move may mean, and a note when it is written loosely.
/// Xiangqi, Gomoku and TwixT moves mean what the rules read (no readings: the text is
/// played as it stands). A draughts move is read by its squares: padded or zero-led
/// squares (`06-11`) made plain, a capture written by its ends, its landings or the
/// pieces it takes (`2x30x17`) matched to every legal capture that fits; a step
/// written with `x`, or a capture with `-`, is read as what the rules allow, noted.
fn readings(game: &AnyGame, kind: GameKind, text: &str) -> (Vec<String>, Option<String>) {
    if kind != GameKind::Draughts {
        return (Vec::new(), None);
    }
    let written_capture = text.contains('x');
    let squares: Option<Vec<u8>> = text.split(['-', 'x']).map(|s| s.trim().parse().ok()).collect();
    let Some(squares) = squares.filter(|s| s.len() >= 2) else { return (Vec::new(), None) };
    let names: Vec<String> = squares.iter().map(u8::to_string).collect();
    let (from, to, between) = (&names[0], &names[names.len() - 1], &names[1..names.len() - 1]);
    let fits = |m: &crate::game::MoveDetail| {
        m.from.as_deref() == Some(from.as_str())
            && m.to.as_deref() == Some(to.as_str())
            && between.iter().all(|s| m.path.contains(s) || m.captured.contains(s))
    };
    let legal = game.legal_moves();
    let (captures, steps): (Vec<&crate::game::MoveDetail>, Vec<&crate::game::MoveDetail>) =
        legal.iter().filter(|m| fits(m)).partition(|m| !m.captured.is_empty());
    let as_written = if written_capture { &captures } else { &steps };
    if !as_written.is_empty() {
        return (as_written.iter().map(|m| m.text.clone()).collect(), None);
    }
    let other = if written_capture { &steps } else { &captures };
    match &other[..] {
        [] => {
            // No legal move fits: the rules say why, for the plain text.
            let plain = names.join(if written_capture { "x" } else { "-" });
            (vec![plain], None)
        }
        moves => {
            let note = if written_capture {
                "written as a capture, it is a step"
            } else {
                "written as a step, it is a capture"
            };
            (moves.iter().map(|m| m.text.clone()).collect(), Some(note.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::read::read_games;

    fn one(kind: GameKind, text: &str) -> Replayed {
        let games = read_games(text).unwrap();
        replay(kind, &games[0], &OptionsInput::default(), None)
    }

    #[test]
    fn a_legal_game_keeps_its_recorded_result() {
        let replayed = one(GameKind::Xiangqi, "[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 车9平8 1-0\n");
        assert_eq!(replayed.played, 4);
        assert!(replayed.refusal.is_none());
        assert_eq!(replayed.recorded, GameResult::Won(Side::First));
        assert_eq!(replayed.verdict, None, "resigned: the rules did not decide it");
    }

    #[test]
    fn the_first_illegal_move_is_named_with_its_number_and_line() {
        let replayed = one(GameKind::Xiangqi, "1. h2e2 h9g7\n2. e2e9 *\n");
        let refusal = replayed.refusal.unwrap();
        assert_eq!((refusal.number.as_str(), refusal.text.as_str(), refusal.line), ("2", "e2e9", 2));
        assert!(refusal.reason.contains("illegal move e2e9"), "{}", refusal.reason);
    }

    #[test]
    fn play_after_an_ending_is_noted_not_refused() {
        // Both kings shuffle: the third time the position comes round the rules draw.
        let text = "[FEN \"W:WK46:BK1\"]\n1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 41-46 6-1 5. 46-41 *";
        let replayed = one(GameKind::Draughts, text);
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(replayed.notes.len(), 1, "{:?}", replayed.notes);
        assert!(replayed.notes[0].starts_with("draw by"), "{}", replayed.notes[0]);
        assert!(replayed.notes[0].ends_with("play went on"));
    }

    #[test]
    fn draughts_captures_may_name_any_of_their_squares() {
        let text = "1. 32-28 19-23 2. 28x 19 14x23 3. 31-26 09-14 *";
        let replayed = one(GameKind::Draughts, text);
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(replayed.played, 6);
        // White's man takes 32 and 22, landing on 28 then 17: written by its ends, its
        // landing, or the pieces it takes.
        for written in ["37x17", "37x28x17", "37x22x17", "37x32x22x17"] {
            let replayed = one(GameKind::Draughts, &format!("[FEN \"W:W37:B32,22\"]\n1. {written} *"));
            assert!(replayed.refusal.is_none(), "{written}: {:?}", replayed.refusal);
        }
        let wrong = one(GameKind::Draughts, "[FEN \"W:W37:B32,22\"]\n1. 37x27x17 *");
        assert!(wrong.refusal.unwrap().reason.starts_with("illegal move 37x27x17"));
    }

    #[test]
    fn a_step_written_as_a_capture_is_read_and_noted() {
        let replayed = one(GameKind::Draughts, "1. 32x28 19-23 2. 28-19 14x23 *");
        assert!(replayed.refusal.is_none(), "{:?}", replayed.refusal);
        assert_eq!(
            replayed.notes,
            ["move 1 32x28: written as a capture, it is a step", "move 2 28-19: written as a step, it is a capture"]
        );
    }

    #[test]
    fn other_draughts_are_refused_by_name() {
        let replayed = one(GameKind::Draughts, "[GameType \"21\"]\n1. 11-15 *");
        assert!(replayed.refusal.unwrap().reason.contains("English draughts"));
        let kurnik = one(GameKind::Draughts, "[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 *");
        assert!(kurnik.refusal.is_none());
    }
}
