//! A recorded game replayed by the rules: every move checked in the position it is
//! played in, the first refused one named with the rules' reason, and the end of the
//! game the rules see set against the result the record gives. Players sometimes go on
//! after the rules ended a game (a draw they could have claimed): the ending is noted
//! and the replay goes on from the position reached.

use arbiter::records::OtherGame;
use arbiter::{AnyGame, GameKind, GameOptions, MoveError, OptionsError, OptionsInput, Outcome, Side};

use super::read::RecordedGame;
use super::result::GameResult;

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

/// How a replayed game stands against the result its record gives, as `arbiter check`
/// counts it; [`Agreement::name`] is the stable name reports and the packages give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// Every move legal, and the rules end the game with the result recorded.
    Agree,
    /// Every move legal, and the rules end the game with another result.
    Differ,
    /// Every move legal, and the rules do not end the game.
    Undecided,
    /// A move (or the game's start) is refused.
    Refused,
}

impl Agreement {
    /// `agree`, `differ`, `undecided` or `refused`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Agreement::Agree => "agree",
            Agreement::Differ => "differ",
            Agreement::Undecided => "undecided",
            Agreement::Refused => "refused",
        }
    }
}

impl std::fmt::Display for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Replayed {
    /// How the rules' verdict stands against the recorded result.
    #[must_use]
    pub fn agreement(&self) -> Agreement {
        match (&self.refusal, &self.verdict) {
            (Some(_), _) => Agreement::Refused,
            (None, None) => Agreement::Undecided,
            (None, Some(outcome)) if GameResult::of_winner(outcome.winner()) == self.recorded => Agreement::Agree,
            (None, Some(_)) => Agreement::Differ,
        }
    }
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
        Err(refused) => {
            let reason = refused.to_string();
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
    let context = Context { base, notation, offset };
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
        let mut run = Run { game: game.clone(), played: 0, refusal: None, notes: Vec::new(), texts: Vec::new() };
        for (step, recorded_move) in moves.iter().enumerate() {
            let index = first + step;
            let ply = index + self.offset;
            if let Some(outcome) = game.outcome() {
                let describe = outcome.describe(|side| game.side_name(side));
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
            let arbiter::records::Readings { moves: readings, note } = game.readings(&recorded_move.text);
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

/// Why a record's start is refused.
#[derive(Debug, thiserror::Error)]
enum StartRefused {
    /// Its start position, or an option its tags give, is refused.
    #[error("the start position: {0}")]
    Options(OptionsError),
    /// Its tags say it is of another game or rule set.
    #[error(transparent)]
    OtherGame(OtherGame),
}

/// The game's options: the base with the record's start position and what else its
/// tags say of the start (its board, its rules), refusing a record of another game.
fn start_options(kind: GameKind, recorded: &RecordedGame, base: &OptionsInput) -> Result<GameOptions, StartRefused> {
    let mut input = base.clone();
    if let Some(fen) = recorded.tag("FEN").filter(|f| !f.trim().is_empty()) {
        kind.set_position(&mut input, fen.to_owned()).map_err(StartRefused::Options)?;
    }
    kind.read_start(recorded, &mut input).map_err(StartRefused::OtherGame)?;
    GameOptions::new(kind, &input).map_err(StartRefused::Options)
}

/// A game that starts from where `game` stands, with the same options: to go on after
/// an ending the players did not take. `None` where no position text starts a game
/// (TwixT) or the position itself is over (checkmate).
fn restart(game: &AnyGame, base: &OptionsInput) -> Option<AnyGame> {
    let mut input = base.clone();
    game.kind().set_position(&mut input, game.kind().restart(game.position_text())).ok()?;
    let options = GameOptions::new(game.kind(), &input).ok()?;
    let fresh = AnyGame::try_new(&options).ok()?;
    fresh.outcome().is_none().then_some(fresh)
}
