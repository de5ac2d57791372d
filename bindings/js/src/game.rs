//! `Game`: a game of any kind as the registry's `AnyGame` plays it.

use arbiter::{AnyGame, GameKind, GameOptions};
use arbiter_formats::record::Record;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;

use crate::errors::{error, illegal_move, options_error, range_error, string, type_error};
use crate::values::{explanation_value, move_value, moves_value, object, outcome_value, text_or_null, texts};

/// The deepest search `Game.engineMove` makes: the engine's strongest setting.
const MAX_ENGINE_DEPTH: u32 = 20;

/// How far below the best a random engine pick may be, in the evaluation's units (as
/// `arbiter engine --seed` and the Python package pick).
const RANDOM_MARGIN: i32 = 30;

/// A whole number option of `options` from `min` to `max`, or `None` if it is not set.
fn whole(options: &JsValue, name: &str, min: f64, max: f64) -> Result<Option<f64>, JsValue> {
    if !options.is_object() {
        return Ok(None);
    }
    let value = Reflect::get(options, &JsValue::from_str(name))?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let Some(number) = value.as_f64().filter(|n| n.fract() == 0.0) else {
        return Err(type_error(format!("{name} must be a whole number")));
    };
    if !(min..=max).contains(&number) {
        return Err(range_error(format!("{name} {number} is not {min} to {max}")));
    }
    Ok(Some(number))
}

/// A game of any kind, played move by move with every rule, those that look back over
/// the game included (repetition, perpetual check and chase, move limits).
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    options: GameOptions,
    game: AnyGame,
}

impl Game {
    fn start(options: GameOptions) -> Result<Game, JsValue> {
        let game = AnyGame::try_new(&options).map_err(options_error)?;
        Ok(Game { options, game })
    }

    fn kind_of(&self) -> GameKind {
        self.options.kind()
    }

    pub(crate) fn any(&self) -> &AnyGame {
        &self.game
    }
}

/// A move given as its text or as a move object (`{text, ...}`).
fn move_text(value: &JsValue) -> Result<String, JsValue> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if value.is_object()
        && let Some(text) = Reflect::get(value, &JsValue::from_str("text"))?.as_string()
    {
        return Ok(text);
    }
    Err(type_error("a move is a string or a move object with a text"))
}

#[wasm_bindgen]
impl Game {
    /// `new Game(name, options)`: `name` is `xiangqi`, `draughts`, `gomoku` or `twixt`;
    /// options that start no game throw `OptionsError`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: JsValue, options: JsValue) -> Result<Game, JsValue> {
        let kind = crate::kind(&game)?;
        Game::start(crate::options::options(kind, &options)?)
    }

    /// The game's name: `xiangqi`, `draughts`, `gomoku` or `twixt`.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind_of().name().to_owned()
    }

    /// The options the game was started with, every default filled in.
    #[wasm_bindgen(getter)]
    pub fn options(&self) -> JsValue {
        crate::options::to_object(&self.options)
    }

    /// Every legal move in the position; empty once the game is over.
    #[wasm_bindgen(js_name = "legalMoves")]
    pub fn legal_moves(&self) -> Result<JsValue, JsValue> {
        moves_value(&self.game.legal_moves())
    }

    /// Plays a move (its text in any notation the game reads, or a move object) and
    /// returns it as played; a move the rules refuse throws `IllegalMoveError`.
    pub fn play(&mut self, mv: &JsValue) -> Result<JsValue, JsValue> {
        let text = move_text(mv)?;
        match self.game.play_text(&text) {
            Ok(detail) => Ok(move_value(detail)),
            Err(refusal) => Err(illegal_move(&refusal, &text)),
        }
    }

    /// Takes the last move back and returns it; `null` if no move was played.
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        let Some((last, before)) = self.game.moves().split_last() else {
            return Ok(JsValue::NULL);
        };
        let last = move_value(last);
        let texts: Vec<String> = before.iter().map(|m| m.text.clone()).collect();
        let mut game = AnyGame::try_new(&self.options).map_err(options_error)?;
        for text in &texts {
            // These moves were played from the same start, so they play again.
            game.play_text(text).map_err(error)?;
        }
        self.game = game;
        Ok(last)
    }

    /// The last move played, or `null`.
    #[wasm_bindgen(getter, js_name = "lastMove")]
    pub fn last_move(&self) -> JsValue {
        self.game.last_move().map_or(JsValue::NULL, move_value)
    }

    /// The side to move: `red`, `black`, `white` (in Gomoku with an opening rule, the
    /// colour the player to act holds now).
    #[wasm_bindgen(getter, js_name = "sideToMove")]
    pub fn side_to_move(&self) -> String {
        self.game.side_name(self.game.side_to_move()).to_owned()
    }

    /// The seat of the player to act: `first` or `second` (in a Gomoku opening the
    /// same player may act several times running).
    #[wasm_bindgen(getter, js_name = "seatToMove")]
    pub fn seat_to_move(&self) -> String {
        self.game.side_to_move().name().to_owned()
    }

    /// The colour each seat plays now, `{first, second}`, in a game whose rules can
    /// change them (Gomoku's opening rules); `null` where each keeps its side's name.
    #[wasm_bindgen(getter)]
    pub fn colors(&self) -> JsValue {
        self.game.colors().map_or(JsValue::NULL, |[first, second]| {
            object(&[("first", JsValue::from_str(first)), ("second", JsValue::from_str(second))])
        })
    }

    /// What the player to act is asked to do beyond an ordinary move (an opening
    /// rule's step), in words; `null` in ordinary play.
    #[wasm_bindgen(getter)]
    pub fn task(&self) -> JsValue {
        text_or_null(self.game.task().as_deref())
    }

    /// The position in the game's own notation: FEN for Xiangqi and draughts, board
    /// text for Gomoku, the pegs for TwixT.
    #[wasm_bindgen(getter)]
    pub fn fen(&self) -> String {
        self.game.position_text()
    }

    /// Restarts the game from a position with the same options (`OptionsError` if it
    /// starts no game; TwixT takes no start position).
    #[wasm_bindgen(setter)]
    pub fn set_fen(&mut self, fen: JsValue) -> Result<(), JsValue> {
        let fen = string(&fen, "a position")?;
        *self = Game::start(self.options.with_position(fen).map_err(options_error)?)?;
        Ok(())
    }

    /// Where the game stands: `ongoing`, `check` (the side to move is in check) or
    /// `finished`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> String {
        self.game.status().name().to_owned()
    }

    /// How the game ended, or `null` while it goes on.
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> JsValue {
        self.game.outcome().map_or(JsValue::NULL, |o| outcome_value(|side| self.game.side_name(side), &o))
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = "isOver")]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// The moves played, as texts in the game's standard notation.
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> JsValue {
        let moves: Vec<&str> = self.game.moves().iter().map(|m| m.text.as_str()).collect();
        texts(&moves)
    }

    /// The moves played written in `notation` (Xiangqi: `iccs`, `wxf`, `chinese`,
    /// `chinese-traditional`); an `Error` for a notation the game does not have.
    #[wasm_bindgen(js_name = "movesIn")]
    pub fn moves_in(&self, notation: JsValue) -> Result<JsValue, JsValue> {
        let notation = string(&notation, "a notation")?;
        let notation = notation.as_str();
        let kind = self.kind_of();
        if kind.record_notations().first() == Some(&notation) {
            return Ok(self.moves());
        }
        match self.game.moves_in(notation) {
            Some(written) => Ok(texts(written)),
            None => {
                let names = kind.record_notations();
                let expected =
                    if names.is_empty() { "it has only its standard one".to_owned() } else { names.join(", ") };
                Err(error(format!("{kind} has no notation {notation:?}: {expected}")))
            }
        }
    }

    /// The text of the move that takes the piece on `from` to `to`, legal or not (play
    /// it to learn why it is refused); `null` for games where nothing moves.
    #[wasm_bindgen(js_name = "textBetween")]
    pub fn text_between(&self, from: JsValue, to: JsValue) -> Result<JsValue, JsValue> {
        let (from, to) = (string(&from, "from")?, string(&to, "to")?);
        Ok(text_or_null(self.game.text_between(&from, &to).as_deref()))
    }

    /// The points the rules forbid (Renju's forbidden points for Black, whoever is to
    /// move; empty under other Gomoku rules), or `null` for games that forbid none.
    #[wasm_bindgen(js_name = "forbiddenPoints")]
    pub fn forbidden_points(&self) -> JsValue {
        match self.game.forbidden_points() {
            Some(points) => texts(&points),
            None => JsValue::NULL,
        }
    }

    /// Why the game's last repetition is judged as it is (Xiangqi): the one that ended
    /// the game, or else the last position that stood twice, with the verdict a third
    /// time would bring; `null` when no position has repeated, or in games whose rules
    /// weigh no repetition. See `explanation_value` for the object.
    pub fn explain(&self) -> JsValue {
        match self.game.explain() {
            Some(explanation) => explanation_value(self.kind_of(), &explanation),
            None => JsValue::NULL,
        }
    }

    /// The game's record in its own format (PGN, PDN, `.psq`, `tsgf`), the moves in
    /// `notation` (its standard one by default), `tags` set over the ones the game gives:
    /// `{text, format, extension}`.
    pub fn record(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let asked = crate::records::record_options(self.kind_of(), &options)?;
        let mut record = Record::of(&self.game, asked.notation.as_deref());
        for (name, value) in asked.tags {
            record.set_tag(&name, value);
        }
        let (text, format) = record.write();
        Ok(object(&[
            ("text", JsValue::from_str(&text)),
            ("format", JsValue::from_str(format.name)),
            ("extension", JsValue::from_str(format.extension)),
        ]))
    }

    /// arbiter's own engine's move here (the alpha-beta search the server's computer
    /// plays; `depth` 1 to 20 plies, 4 by default), or `null` once the game is over; it
    /// is not played. With a `seed` it picks at random among the moves near the best,
    /// the same way for the same seed.
    #[wasm_bindgen(js_name = "engineMove")]
    pub fn engine_move(&self, options: JsValue) -> Result<JsValue, JsValue> {
        if !options.is_undefined() && !options.is_null() && !options.is_object() {
            return Err(type_error("the engine's options must be an object"));
        }
        // Whole and in range, so the conversions are exact.
        let depth = whole(&options, "depth", 1.0, f64::from(MAX_ENGINE_DEPTH))?.map_or(4, |d| d as u32);
        let seed = whole(&options, "seed", 0.0, 9_007_199_254_740_991.0)?.map(|s| s as u64);
        let budget = arbiter_engine::Budget { depth: Some(depth), ..arbiter_engine::Budget::default() };
        let style = arbiter_engine::Style { max_depth: depth, random: seed.map(|seed| (seed, RANDOM_MARGIN)) };
        let Some(choice) = arbiter_engine::choose_move(&self.game, budget, style) else {
            return Ok(JsValue::NULL);
        };
        Ok(self.game.legal_moves().iter().find(|m| m.text == choice.text).map_or(JsValue::NULL, move_value))
    }

    /// A copy of the game, played on independently.
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// Whether `other` started from the same options and had the same moves played.
    pub fn equals(&self, other: &Game) -> bool {
        self.options == other.options && self.game.moves() == other.game.moves()
    }
}
