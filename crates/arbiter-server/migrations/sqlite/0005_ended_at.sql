-- When each game ended (milliseconds since the epoch), so that a game ended beside a
-- move (on time, by resignation, by agreement) is loaded again with its clocks stopped
-- when it ended, not at its last move; and so that the lobby lists finished games by
-- when they ended. A move that ends the game sets it through the trigger, an ending
-- event by its UPDATE. The same column as migrations/postgres.
ALTER TABLE games ADD COLUMN ended_at BIGINT;

-- Games finished before this column: their last move's time (or their creation's) is
-- the best there is.
UPDATE games
SET ended_at = COALESCE((SELECT MAX(created_at) FROM moves WHERE moves.game_id = games.id), created_at)
WHERE status = 'finished';

CREATE INDEX games_by_ending ON games (status, ended_at);

DROP TRIGGER move_played;
CREATE TRIGGER move_played AFTER INSERT ON moves
BEGIN
    UPDATE games
    SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome, version = version + 1,
        deadline = NEW.deadline, draw_offer = NEW.draw_offer, takeback_offer = NULL,
        ended_at = CASE WHEN NEW.status = 'finished' THEN NEW.created_at END
    WHERE id = NEW.game_id;
END;
