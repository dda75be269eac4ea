-- +goose Up
-- Every round of an in-house game, demo or real: what was bet, chosen and
-- won, and the balance before and after. request_id makes a retried play
-- call return the first result.
-- owner: provider/house
CREATE TABLE game_rounds (
    id             INTEGER PRIMARY KEY,
    session_hash   TEXT NOT NULL,
    request_id     TEXT NOT NULL,
    demo           INTEGER NOT NULL CHECK (demo IN (0, 1)),
    member_id      INTEGER,
    game_code      TEXT NOT NULL,
    game_version   TEXT NOT NULL,
    currency       TEXT NOT NULL,
    stake          INTEGER NOT NULL CHECK (stake >= 0),
    win            INTEGER NOT NULL CHECK (win >= 0),
    balance_before INTEGER NOT NULL CHECK (balance_before >= 0),
    balance_after  INTEGER NOT NULL CHECK (balance_after >= 0),
    choices        TEXT NOT NULL,
    outcome        TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    UNIQUE (session_hash, request_id)
) STRICT;
CREATE INDEX game_rounds_session ON game_rounds (session_hash, id);

-- +goose Down
DROP TABLE game_rounds;
