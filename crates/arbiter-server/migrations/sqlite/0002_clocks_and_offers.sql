-- Clocks, draw offers and rematches. The same columns as migrations/postgres.
-- `version` counts every change to a game (a move or an event such as a resignation),
-- so that a server sees when its copy is behind; `deadline` is when the running
-- clock runs out (milliseconds since the epoch), for the watch on clocks.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deadline BIGINT;
ALTER TABLE games ADD COLUMN draw_offer TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;

-- Each move keeps the mover's time left after it, and the game's deadline and draw
-- offer after it, which the trigger copies to the game.
ALTER TABLE moves ADD COLUMN clock_ms BIGINT;
ALTER TABLE moves ADD COLUMN deadline BIGINT;
ALTER TABLE moves ADD COLUMN draw_offer TEXT;

CREATE INDEX games_by_deadline ON games (status, deadline);

DROP TRIGGER move_played;
CREATE TRIGGER move_played AFTER INSERT ON moves
BEGIN
    UPDATE games
    SET ply = NEW.ply + 1, status = NEW.status, outcome = NEW.outcome, version = version + 1,
        deadline = NEW.deadline, draw_offer = NEW.draw_offer
    WHERE id = NEW.game_id;
END;
