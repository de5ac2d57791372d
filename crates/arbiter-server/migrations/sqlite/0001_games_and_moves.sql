-- The same tables as migrations/postgres; only the trigger's syntax differs.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    -- SHA-256 of each seat's token, hex; the tokens themselves are never stored.
    first_token TEXT NOT NULL,
    second_token TEXT NOT NULL,
    ply BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'ongoing',
    outcome TEXT,
    created_at BIGINT NOT NULL
);

-- The (game_id, ply) key is what lets exactly one of two moves sent at once for the
-- same ply be stored, whichever server process receives them. Each row also keeps
-- the game's status and outcome after the move.
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    text TEXT NOT NULL,
    status TEXT NOT NULL,
    outcome TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE INDEX games_by_status ON games (status, created_at);

-- Storing a move is one INSERT: the game row follows in the same statement, so a
-- move costs one round trip to the database and is atomic without a transaction.
CREATE TRIGGER move_played AFTER INSERT ON moves
BEGIN
    UPDATE games SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome WHERE id = NEW.game_id;
END;
