-- Tournaments: Swiss (a fixed number of rounds, paired by the FIDE Dutch system) and
-- arena (a fixed time, players paired again as soon as their game ends). The same
-- tables and columns as migrations/sqlite.

-- A tournament: its game and options (the clock among them) as a game's, whether its
-- games are rated, its system (`swiss` or `arena`), its rounds (Swiss) or length in
-- seconds (arena), when it starts (and, for an arena, ends), its status (`created`,
-- `running`, `finished`), its last pairing's number (`round`: a Swiss round, or an
-- arena's wave of pairings), who made it, and a version that counts its changes.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    system TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    rated BIGINT NOT NULL,
    rounds BIGINT,
    seconds BIGINT,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT,
    status TEXT NOT NULL,
    round BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    version BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

-- A tournament's players: when each joined (and from which round: the rounds before
-- it score nothing), the rating that ranks it (its pairing number), and whether it
-- has withdrawn (a withdrawn player keeps its points and is paired no more).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    joined_at BIGINT NOT NULL,
    joined_round BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    withdrawn BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, account_id)
);

-- Each pairing: its round (or arena wave) and board, the accounts in the first and the
-- second seat, and the game's id (made before the game, so that any server can create
-- a game its pairing names). A bye has no second account and no game.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    first_account BIGINT NOT NULL REFERENCES accounts (id),
    second_account BIGINT REFERENCES accounts (id),
    game_id TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);

-- A game played in a tournament says which.
ALTER TABLE games ADD COLUMN tournament_id TEXT;
CREATE INDEX games_by_tournament ON games (tournament_id);
