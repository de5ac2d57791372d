-- Matches shared by workers on any number of machines (PostgreSQL only: SQLite
-- serves one process). A run is two engines' match; its work is game pairs (one
-- opening, colours swapped). A worker takes a pair under a lease, and stores both
-- games with the pair's result in one transaction; the result's key (run, pair)
-- makes a second store of the same pair fail, so no pair is counted twice.
CREATE TABLE runs (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    first_engine TEXT NOT NULL,
    second_engine TEXT NOT NULL,
    time_control TEXT NOT NULL,
    -- The match's flags as `arbiter match` reads them, which each worker reads again.
    flags TEXT[] NOT NULL,
    sprt_elo0 DOUBLE PRECISION,
    sprt_elo1 DOUBLE PRECISION,
    sprt_alpha DOUBLE PRECISION,
    sprt_beta DOUBLE PRECISION,
    pairs INTEGER NOT NULL,
    -- running, finished (by its test or its game count) or stopped (by hand).
    status TEXT NOT NULL DEFAULT 'running',
    -- h0, h1, games or stopped, once it is over.
    verdict TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at TIMESTAMPTZ
);

CREATE TABLE run_pairs (
    run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    pair INTEGER NOT NULL,
    -- The opening's line (empty for the standard start) and the seed of the pair.
    opening TEXT NOT NULL,
    seed BIGINT NOT NULL,
    -- queued, taken (under a lease until lease_until) or done.
    state TEXT NOT NULL DEFAULT 'queued',
    worker TEXT,
    lease_until TIMESTAMPTZ,
    -- Times it was handed out; a claim is known by it.
    attempts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, pair)
);

CREATE INDEX run_pairs_open ON run_pairs (run_id, pair) WHERE state <> 'done';

CREATE TABLE run_results (
    run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    pair INTEGER NOT NULL,
    -- The order results were stored in, for the plot of the ratio against games.
    seq BIGSERIAL NOT NULL,
    worker TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    -- The run's first engine's points in each game, in half points (0, 1 or 2).
    first_game SMALLINT NOT NULL,
    second_game SMALLINT NOT NULL,
    stored_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, pair)
);

CREATE TABLE run_games (
    run_id BIGINT NOT NULL,
    pair INTEGER NOT NULL,
    -- 0: the run's first engine moves first; 1: colours swapped.
    game SMALLINT NOT NULL,
    first_player TEXT NOT NULL,
    second_player TEXT NOT NULL,
    result TEXT NOT NULL,
    termination TEXT NOT NULL,
    detail TEXT NOT NULL,
    plies INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (run_id, pair, game),
    FOREIGN KEY (run_id, pair) REFERENCES run_results (run_id, pair) ON DELETE CASCADE
);
