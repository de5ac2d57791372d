-- Players' names, open challenges, the invite kept for the creator, and takebacks.
-- The same columns as migrations/postgres (numbered as there: 0003 is PostgreSQL's
-- runs, which SQLite does not hold).
-- `seat_open`: 0 a game made with an invite link (or against the computer), 1 an
-- open challenge whose second seat is free, 2 one whose second seat was claimed.
-- `invite_token`: the second seat's token, kept only until that seat is first used,
-- so that its creator can read the invite again; NULL after (and for challenges).
-- `takeback_offer`: the seat that offers to take back its last move; a move clears it.
-- `takebacks`: how many takebacks the game had, so that a watcher resuming from a
-- ply knows whether the moves it saw still stand. `resumed_at`: when the clocks
-- restarted after the last takeback (milliseconds since the epoch).
ALTER TABLE games ADD COLUMN first_name TEXT;
ALTER TABLE games ADD COLUMN second_name TEXT;
ALTER TABLE games ADD COLUMN seat_open BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN invite_token TEXT;
ALTER TABLE games ADD COLUMN takeback_offer TEXT;
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN resumed_at BIGINT;

CREATE INDEX games_by_seat ON games (status, seat_open, created_at);

DROP TRIGGER move_played;
CREATE TRIGGER move_played AFTER INSERT ON moves
BEGIN
    UPDATE games
    SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome, version = version + 1,
        deadline = NEW.deadline, draw_offer = NEW.draw_offer, takeback_offer = NULL
    WHERE id = NEW.game_id;
END;
