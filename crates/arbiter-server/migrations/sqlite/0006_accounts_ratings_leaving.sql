-- Accounts, sessions, API tokens, ratings, and the round's rules for players who
-- leave. The same tables and columns as migrations/postgres; only the trigger's and
-- the keys' syntax differ.

-- An account: its name as given, the name's key (lower case) that keeps two names
-- differing only in case apart, and the password's Argon2id hash in PHC form (never
-- the password).
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- A session: the SHA-256 of its cookie's token (never the token), its account and
-- when it ends.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- A personal API token: a public id to list and revoke it by, the SHA-256 of the
-- token (never the token), its account and the label its owner gave it.
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE INDEX api_tokens_by_account ON api_tokens (account_id);

-- Failed sign-ins, by name (`name:KEY`) and by address (`addr:IP`), counted over a
-- window; older rows are swept.
CREATE TABLE sign_in_failures (
    subject TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_by_subject ON sign_in_failures (subject, at);

-- Each account's Glicko-2 rating in each game, and when its last rated game ended
-- (its RD grows with the time since).
CREATE TABLE ratings (
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    rated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE INDEX ratings_by_game ON ratings (game, rating);

-- What each rated game did to each player's rating: the player's page and its chart.
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL REFERENCES games (id),
    account_id BIGINT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rd_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    rd_after DOUBLE PRECISION NOT NULL,
    volatility_after DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE INDEX rating_changes_by_account ON rating_changes (account_id, game, at);

-- `rated`: 0 a casual game, 1 a rated game whose ratings are still to change once it
-- ends, 2 one whose ratings changed. `first_account`, `second_account`: the accounts
-- playing the seats, if any. `to_move`: the seat to move, for the players' pages.
-- `joined_at`: when an open challenge's second seat was taken. `first_seen`,
-- `second_seen`: when a seat's player was last connected (NULL: never, or a game the
-- rules for leaving do not watch); `first_gone`, `second_gone`: for a seat declared
-- gone, when its opponent may claim the game (NULL while it is here).
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN first_account BIGINT REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN second_account BIGINT REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN to_move TEXT;
ALTER TABLE games ADD COLUMN joined_at BIGINT;
ALTER TABLE games ADD COLUMN first_seen BIGINT;
ALTER TABLE games ADD COLUMN second_seen BIGINT;
ALTER TABLE games ADD COLUMN first_gone BIGINT;
ALTER TABLE games ADD COLUMN second_gone BIGINT;
CREATE INDEX games_by_first_account ON games (first_account, created_at);
CREATE INDEX games_by_second_account ON games (second_account, created_at);
CREATE INDEX games_to_rate ON games (rated, status);

ALTER TABLE moves ADD COLUMN to_move TEXT;

DROP TRIGGER move_played;
CREATE TRIGGER move_played AFTER INSERT ON moves
BEGIN
    UPDATE games
    SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome, version = version + 1,
        deadline = NEW.deadline, draw_offer = NEW.draw_offer, takeback_offer = NULL,
        ended_at = CASE WHEN NEW.status = 'finished' THEN NEW.created_at END, to_move = NEW.to_move
    WHERE id = NEW.game_id;
END;
