-- When each game ended (milliseconds since the epoch), so that a game ended beside a
-- move (on time, by resignation, by agreement) is loaded again with its clocks stopped
-- when it ended, not at its last move; and so that the lobby lists finished games by
-- when they ended. A move that ends the game sets it through the trigger, an ending
-- event by its UPDATE. The same column as migrations/sqlite.
ALTER TABLE games ADD COLUMN ended_at BIGINT;

-- Games finished before this column: their last move's time (or their creation's) is
-- the best there is.
UPDATE games
SET ended_at = COALESCE((SELECT MAX(created_at) FROM moves WHERE moves.game_id = games.id), created_at)
WHERE status = 'finished';

CREATE INDEX games_by_ending ON games (status, ended_at);

CREATE OR REPLACE FUNCTION arbiter_move_played() RETURNS trigger AS $$
BEGIN
    UPDATE games
    SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome, version = version + 1,
        deadline = NEW.deadline, draw_offer = NEW.draw_offer, takeback_offer = NULL,
        ended_at = CASE WHEN NEW.status = 'finished' THEN NEW.created_at END
    WHERE id = NEW.game_id AND ply = NEW.ply;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'ply % is not the next ply of game %', NEW.ply, NEW.game_id USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
