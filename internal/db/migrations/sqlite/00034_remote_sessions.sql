-- +goose Up
-- owner: provider/remote. Game sessions its launch URLs open: real money
-- (a player's wallet) or demo (play money held by the session itself).
-- Only the SHA-256 of the session token is stored.
CREATE TABLE remote_sessions (
    id_hash    TEXT PRIMARY KEY,
    username   TEXT NOT NULL DEFAULT '',
    game_code  TEXT NOT NULL,
    currency   TEXT NOT NULL,
    exponent   INTEGER NOT NULL,
    demo       INTEGER NOT NULL CHECK (demo IN (0, 1)),
    balance    INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    closed_at  INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX remote_sessions_user ON remote_sessions (username, closed_at);

-- owner: provider/remote. Settled rounds; seq numbers real-money rounds in
-- commit order (taken from remote_counters inside the round's
-- transaction), so a platform reading "rounds after seq N" never skips one
-- that committed late. Demo rounds have seq 0.
CREATE TABLE remote_rounds (
    id           INTEGER PRIMARY KEY,
    seq          INTEGER NOT NULL DEFAULT 0,
    session_hash TEXT NOT NULL,
    request_id   TEXT NOT NULL,
    username     TEXT NOT NULL DEFAULT '',
    member_id    INTEGER NOT NULL DEFAULT 0,
    currency     TEXT NOT NULL,
    game_code    TEXT NOT NULL,
    stake        INTEGER NOT NULL CHECK (stake > 0),
    win          INTEGER NOT NULL CHECK (win >= 0),
    balance_after INTEGER NOT NULL,
    outcome      TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    UNIQUE (session_hash, request_id)
) STRICT;
CREATE INDEX remote_rounds_seq ON remote_rounds (seq) WHERE seq > 0;

-- owner: provider/remote. The round sequence.
CREATE TABLE remote_counters (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) STRICT;
-- owner: provider/remote. The faults an operator or a test switched on,
-- one row per provider code it serves.
CREATE TABLE remote_faults (
    provider    TEXT PRIMARY KEY,
    slow        INTEGER NOT NULL DEFAULT 0 CHECK (slow IN (0, 1)),
    error       INTEGER NOT NULL DEFAULT 0 CHECK (error IN (0, 1)),
    lost_reply  INTEGER NOT NULL DEFAULT 0 CHECK (lost_reply IN (0, 1)),
    maintenance INTEGER NOT NULL DEFAULT 0 CHECK (maintenance IN (0, 1)),
    updated_at  INTEGER NOT NULL
) STRICT;

-- +goose Down
DROP TABLE remote_faults;
DROP TABLE remote_counters;
DROP TABLE remote_rounds;
DROP TABLE remote_sessions;
