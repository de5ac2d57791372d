-- Bots and challenges to a named player. The same tables and columns on SQLite and
-- PostgreSQL.

-- `bot`: 1 for an account its owner marked a bot (before it played any game; never
-- unmarked). `bot_seen_at`: when its event stream was last connected (milliseconds
-- since the epoch), for the list of bots' `online`.
ALTER TABLE accounts ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN bot_seen_at BIGINT;

-- A challenge from one account to another: the game and options asked for, whether
-- rated, the challenger's seat (`first`, `second` or `random`), its status
-- (`pending`, `accepted`, `declined`, `canceled`; a pending one past `expires_at` is
-- expired), the addressee's reason for declining, and the game made on accepting.
-- `updated_at` is when its status last changed: the bots' event streams poll by it.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger_id BIGINT NOT NULL REFERENCES accounts (id),
    addressee_id BIGINT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    rated BIGINT NOT NULL,
    colour TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    game_id TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX challenges_by_addressee ON challenges (addressee_id, updated_at);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, created_at);
