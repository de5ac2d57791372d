-- Players' names, open challenges, the invite kept for the creator, and takebacks.
-- The same columns as migrations/sqlite.
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

-- A move is stored only at the game's ply: after a takeback deleted the last moves,
-- a server that has not heard of it yet cannot store a move after the gap (it gets
-- the same answer as a ply taken, and catches up).
CREATE OR REPLACE FUNCTION arbiter_move_played() RETURNS trigger AS $$
BEGIN
    UPDATE games
    SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome, version = version + 1,
        deadline = NEW.deadline, draw_offer = NEW.draw_offer, takeback_offer = NULL
    WHERE id = NEW.game_id AND ply = NEW.ply;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'ply % is not the next ply of game %', NEW.ply, NEW.game_id USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
