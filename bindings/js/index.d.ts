/**
 * arbiter: a referee for Xiangqi, international draughts, Gomoku/Renju and TwixT.
 *
 * Every game is played the same way: `new Game(name, options)`, `legalMoves()`,
 * `play(move)`, `undo()`, `outcome`. Record files are read with `readRecords` and
 * replayed by the rules with `checkRecords`; `judge` answers the contest problems;
 * `perft` counts the legal-move tree; `renderSvg` draws the board.
 */

/** A game's name: one of `games()`. */
export type GameName = string;

/**
 * A game's options by name, in JavaScript's spelling (`fen`, `rules`, `size`,
 * `moveLimit`, ...): each game takes some of them (`OptionsError` for the others), with
 * the types `kinds()` gives; `undefined` and `null` leave an option out.
 */
export interface GameOptions {
  [option: string]: string | number | boolean | null | undefined;
}

/** A piece on its point, as an explanation names it. */
export interface PieceAt {
  /** `chariot`, `horse`, `cannon`, `advisor`, `elephant`, `soldier`, `general`. */
  piece: string;
  /** `b7`. */
  point: string;
}

/** What a move of a repetition did, as the rules read it. */
export interface Reading {
  act: "check" | "mate_threat" | "chase" | "offer" | "block" | "idle";
  /** The piece chased or offered. */
  target: PieceAt | null;
  /** The piece that chases. */
  by: PieceAt | null;
  /** A chase that needs two or more of the chaser's pieces (the Chinese rules' joint chase). */
  joint: boolean;
  /** A chase of a piece nothing of its side could take back (the Chinese rules' 无根子). */
  unprotected: boolean;
}

/** Why a repetition is judged as it is (`Game.explain`). */
export interface Explanation {
  /** The rule book: `axf` or `chinese`. */
  rules: string;
  /** The AXF book's reading (`axf` or `engines`), `null` under the Chinese rules. */
  reading: string | null;
  /** Whether the repetition ended the game; otherwise the verdict is what a third time would bring. */
  decided: boolean;
  /** The moves since the repeated position first stood, each with what it did, the weighed act first. */
  moves: { ply: number; side: string; text: string; readings: Reading[] }[];
  /** Each side's moves summed up: `perpetual_check`, `perpetual_mate_threat`, `perpetual_chase`, `perpetual_attack`, `not_perpetual`. */
  sides: { side: string; conduct: string; forbidden: boolean }[];
  winner: string | null;
  termination: string;
  /** The clause that decides (`AXF rule 18`, `Chinese rules 25.1`), where one does. */
  rule: string | null;
  reason: string;
  /** The whole, for people. */
  text: string;
}

/** A move as the game describes it. */
export interface Move {
  /** The move in the game's standard notation (`h2e2`, `32-28`, `h8`, `d5`). */
  text: string;
  /** Where the moving piece starts; `null` for a placed stone or peg and TwixT's swap. */
  from: string | null;
  /** Where the piece ends, or where the stone or peg goes; `null` for TwixT's swap. */
  to: string | null;
  /** Landing squares before `to` (draughts captures of several pieces); else empty. */
  path: string[];
  /** The squares of the pieces taken (draughts); else empty. */
  captured: string[];
}

/** How a finished game ended. */
export interface Outcome {
  result: "win" | "draw" | "aborted";
  /** The winner's side (`red`, `black`, `white`), or `null` in a draw. */
  winner: string | null;
  /** A stable snake_case code: `checkmate`, `perpetual_chase`, `five_in_a_row`, `connection`, ... */
  termination: string;
  /** What a player is told beyond the rule's name, or `null`. */
  detail: string | null;
  /** The whole of it in words: `black wins by perpetual chase: ...`. */
  description: string;
}

/** A move the rules refuse, or a text that is no move. */
export class IllegalMoveError extends Error {
  /** The refusal's stable code (`leaves_general_in_check`, `capture_compulsory`, `forbidden`, `unreadable`, `game_over`). */
  readonly reason: string;
  /** The move as it was given. */
  readonly move: string;
}

/** Options that start no game. */
export class OptionsError extends Error {}

/** A game of any kind, played with every rule, those that look back over the game included. */
export class Game {
  /** Starts a game (`OptionsError` if the options start none). */
  constructor(game: GameName, options?: GameOptions);
  /** The game's name. */
  readonly kind: GameName;
  /** The options the game started with, every default filled in. */
  readonly options: GameOptions;
  /** Every legal move; empty once the game is over. */
  legalMoves(): Move[];
  /** Plays a move (text in any notation the game reads, or a `Move`); `IllegalMoveError` if refused. */
  play(move: string | Pick<Move, "text">): Move;
  /** Takes the last move back and returns it; `null` if no move was played. */
  undo(): Move | null;
  /** The last move played, or `null`. */
  readonly lastMove: Move | null;
  /** The side to move: `red`, `black`, `white` (in Gomoku with an opening rule, the colour the player to act holds now). */
  readonly sideToMove: string;
  /** The seat of the player to act (in a Gomoku opening the same player may act several times running). */
  readonly seatToMove: "first" | "second";
  /** The colour each seat plays now, where the rules can change them (Gomoku's opening rules); `null` otherwise. */
  readonly colors: { first: string; second: string } | null;
  /** What the player to act is asked to do beyond an ordinary move (an opening rule's step); `null` in ordinary play. */
  readonly task: string | null;
  /** The position in the game's own notation; setting it restarts the game there (`OptionsError`). */
  fen: string;
  /** Where the game stands. */
  readonly status: "ongoing" | "check" | "finished";
  /** How the game ended, or `null` while it goes on. */
  readonly outcome: Outcome | null;
  /** Whether the game is over. */
  isOver(): boolean;
  /** The moves played, in the game's standard notation. */
  readonly moves: string[];
  /** The moves played written in `notation` (Xiangqi: `iccs`, `wxf`, `chinese`, `chinese-traditional`). */
  movesIn(notation: string): string[];
  /** The text of the move taking the piece on `from` to `to`, legal or not; `null` where nothing moves. */
  textBetween(from: string, to: string): string | null;
  /** Renju's forbidden points for Black (Gomoku), or `null` for other games. */
  forbiddenPoints(): string[] | null;
  /** Why the last repetition is judged as it is (Xiangqi): the one that ended the game,
   * or else the last position that stood twice; `null` when none has, or the game weighs
   * no repetition. */
  explain(): Explanation | null;
  /** The game's record in its own format (PGN, PDN, `.psq`, `tsgf`). */
  record(options?: { notation?: string; tags?: Record<string, string> }): {
    text: string;
    format: string;
    extension: string;
  };
  /** arbiter's own engine's move (1 to 20 plies, 4 by default; a `seed` picks among the
   * moves near the best), not played; `null` once the game is over. */
  engineMove(options?: { depth?: number; seed?: number }): Move | null;
  /** A copy, played on independently. */
  copy(): Game;
  /** Whether `other` started from the same options and had the same moves played. */
  equals(other: Game): boolean;
  /** Frees the game's memory in the WebAssembly module now rather than when collected. */
  free(): void;
}

/** A game as a record file writes it. */
export interface RecordedGame {
  /** The tags in the order read. */
  tags: Record<string, string>;
  /** The moves as written, not yet checked. */
  moves: string[];
  /** The recorded result: `1-0`, `0-1`, `1/2-1/2`, `*` (draughts `2-0`, `0-2`, `1-1`). */
  result: string;
  /** The line the game starts on, from 1. */
  line: number;
}

/** What replaying one recorded game by the rules found, as `arbiter check` reports it. */
export interface RecordCheck {
  game: number;
  line: number;
  players: [string, string];
  moves: number;
  legal: boolean;
  refusal: { number: string; text: string; line: number; reason: string } | null;
  notes: string[];
  recorded: string;
  outcome: Outcome | null;
  verdict: string | null;
  result: "agree" | "differ" | "undecided" | "refused";
}

/** The games of a record file's text, or of its UTF-8 bytes (PGN, PDN, `.psq`, `tsgf`, T1j,
 * told from the text), read as `arbiter check` reads a file; a refusal throws an `Error`
 * naming the line. */
export function readRecords(game: GameName, text: string | Uint8Array): RecordedGame[];
/** Each game of a record file's text (or UTF-8 bytes) replayed by the rules; the options
 * are those its tags do not give. */
export function checkRecords(game: GameName, text: string | Uint8Array, options?: GameOptions): RecordCheck[];
/** A contest judge's answer, byte for byte; warnings go to `onWarning` line by line. */
export function judge(game: GameName, input: string | Uint8Array, onWarning?: (warning: string) => void): string;
/** The number of positions after exactly `depth` plies from the options' start. */
export function perft(game: GameName, depth: number, options?: GameOptions): number;
/** The board as an SVG document: `flip` puts the second side at the bottom; `ended` says
 * the game ended beside its rules (time, resignation), so no point invites a click. */
export function renderSvg(game: Game, options?: { flip?: boolean; ended?: boolean }): string;
/** The names of the games. */
export function games(): GameName[];

/** One option of a game, as `gameOptions` describes it. */
export interface GameOptionSpec {
  /** Its key in `GameOptions` (JavaScript's spelling: `moveLimit`). */
  name: string;
  /** A short English label. */
  help: string;
  /** How it is given: free text, one of `choices`, a number from `min` to `max`, or on/off. */
  type: "text" | "choice" | "number" | "flag";
  /** The value taken when it is left out, in words. */
  default: string;
  choices?: string[];
  min?: number;
  max?: number;
}

/** The options `game` takes. */
export function gameOptions(game: GameName): GameOptionSpec[];
