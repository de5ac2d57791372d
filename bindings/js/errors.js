// The package's exceptions, as JavaScript classes so that `instanceof` works; the
// WebAssembly module makes them through the classes handed to it by `index.js`.

/** A move the rules refuse, or a text that is no move. */
export class IllegalMoveError extends Error {
  constructor(message, reason, move) {
    super(message);
    this.name = "IllegalMoveError";
    /** The refusal's stable code: `leaves_general_in_check`, `forbidden`, `unreadable`, ... */
    this.reason = reason;
    /** The move as it was given. */
    this.move = move;
  }
}

/** Options that start no game: an unknown game, an option the game does not take, a
 * value out of range, a start position that cannot be read. */
export class OptionsError extends Error {
  constructor(message) {
    super(message);
    this.name = "OptionsError";
  }
}
