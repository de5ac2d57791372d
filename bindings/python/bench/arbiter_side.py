"""arbiter's side: legal moves and Renju forbidden points of a file of positions,
random playouts; and the positions file itself (made with arbiter's rules).

    python arbiter_side.py positions GAME COUNT SEED OUT
    python arbiter_side.py legal GAME FILE [--counts OUT]
    python arbiter_side.py forbidden FILE [--counts OUT]
    python arbiter_side.py playout GAME GAMES SEED PLY_CAP
    python arbiter_side.py playout-points GAMES SEED PLY_CAP

`playout` picks each move among `legal_moves()`. `playout-points` plays Renju as the
`renju` package's playout does, without listing the moves: a random empty point,
played with `play`; a point refused as forbidden is set aside and another drawn.
"""

import random
import sys

import arbiter
from common import arguments, read_lines, report, user_seconds

# How each game is started here. Positions are read with the Xiangqi move limit off:
# a FEN carries no history, and its halfmove clock must not end the game before its
# moves are listed (the peers list them whatever the clock says).
START = {
    "xiangqi": {},
    "draughts": {},
    "renju": {"rules": "renju", "size": 15},
    "twixt": {"size": 24},
}


def game_name(name):
    return "gomoku" if name == "renju" else name


def from_text(name, text):
    if name == "xiangqi":
        return arbiter.Game("xiangqi", fen=text, move_limit=0)
    if name == "draughts":
        return arbiter.Game("draughts", fen=text)
    return arbiter.Game("gomoku", rules="renju", board=text)


def positions(name, count, seed, out):
    """`count` positions of random games: a few positions of each game, from plies
    drawn at random, none of them finished."""
    rng = random.Random(seed)
    texts = []
    while len(texts) < count:
        game = arbiter.Game(game_name(name), **START[name])
        seen = []
        for _ in range(300):
            moves = game.legal_moves()
            if not moves:
                break
            seen.append(game.fen)
            game.play(rng.choice(moves))
        texts += rng.sample(seen[1:], min(10, len(seen) - 1))
    with open(out, "w", encoding="utf-8") as file:
        file.write("".join(text + "\n" for text in texts[:count]))


def legal(name, path, counts):
    texts = read_lines(path)
    if name == "xiangqi":
        # pyffish reads the FEN each time it lists the moves: reading it is timed on
        # both sides.
        start = user_seconds()
        per_position = [len(from_text(name, text).legal_moves()) for text in texts]
        seconds = user_seconds() - start
    else:
        games = [from_text(name, text) for text in texts]
        start = user_seconds()
        per_position = [len(game.legal_moves()) for game in games]
        seconds = user_seconds() - start
    report(seconds, sum(per_position), counts, per_position)


def forbidden(path, counts):
    games = [from_text("renju", text) for text in read_lines(path)]
    start = user_seconds()
    per_position = [len(game.forbidden_points()) for game in games]
    seconds = user_seconds() - start
    report(seconds, sum(per_position), counts, per_position)


def playout(name, games, seed, cap):
    rng = random.Random(seed)
    plies = 0
    start = user_seconds()
    for _ in range(games):
        game = arbiter.Game(game_name(name), **START[name])
        for _ in range(cap):
            moves = game.legal_moves()  # empty once the game is over
            if not moves:
                break
            game.play(rng.choice(moves))
            plies += 1
    seconds = user_seconds() - start
    report(seconds, plies)


def playout_points(games, seed, cap):
    rng = random.Random(seed)
    plies = 0
    start = user_seconds()
    names = [move.text for move in arbiter.Game("gomoku", **START["renju"]).legal_moves()]
    for _ in range(games):
        game = arbiter.Game("gomoku", **START["renju"])
        empty = list(names)
        for _ in range(cap):
            if game.is_over():
                break
            refused = []
            while empty:
                i = rng.randrange(len(empty))
                empty[i], empty[-1] = empty[-1], empty[i]
                point = empty.pop()
                try:
                    game.play(point)
                    break
                except arbiter.IllegalMoveError:
                    refused.append(point)  # forbidden to Black: White may take it later
            else:
                break
            empty += refused
            plies += 1
    seconds = user_seconds() - start
    report(seconds, plies)


def main():
    args, counts = arguments()
    task = args[0]
    if task == "positions":
        positions(args[1], int(args[2]), int(args[3]), args[4])
    elif task == "legal":
        legal(args[1], args[2], counts)
    elif task == "forbidden":
        forbidden(args[1], counts)
    elif task == "playout-points":
        playout_points(int(args[1]), int(args[2]), int(args[3]))
    elif task == "playout":
        playout(args[1], int(args[2]), int(args[3]), int(args[4]))
    else:
        sys.exit(f"unknown task {task}")


if __name__ == "__main__":
    main()
