-- +goose Up
-- The sandbox remote provider serves several provider codes (an
-- aggregator's shape): each code has its own players, transfers, sessions
-- and rounds, so one code's wallet never pays another's. Rows written
-- before were all GP002's.

-- owner: provider/remote. Players per provider code.
CREATE TABLE remote_players_new (
    provider   TEXT NOT NULL,
    username   TEXT NOT NULL,
    member_id  INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    balance    INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (provider, username)
) STRICT;
INSERT INTO remote_players_new (provider, username, member_id, currency, balance, created_at)
    SELECT 'GP002', username, member_id, currency, balance, created_at FROM remote_players;
DROP TABLE remote_players;
ALTER TABLE remote_players_new RENAME TO remote_players;

-- owner: provider/remote. Transfers per provider code, keyed by our order
-- number there.
CREATE TABLE remote_transfers_new (
    provider      TEXT NOT NULL,
    order_no      TEXT NOT NULL,
    username      TEXT NOT NULL,
    direction     TEXT NOT NULL CHECK (direction IN ('in', 'out', 'none')),
    amount        INTEGER NOT NULL CHECK (amount >= 0),
    status        TEXT NOT NULL CHECK (status IN ('done', 'failed', 'void')),
    balance_after INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (provider, order_no)
) STRICT;
INSERT INTO remote_transfers_new (provider, order_no, username, direction, amount, status, balance_after, created_at)
    SELECT 'GP002', order_no, username, direction, amount, status, balance_after, created_at FROM remote_transfers;
DROP TABLE remote_transfers;
ALTER TABLE remote_transfers_new RENAME TO remote_transfers;

ALTER TABLE remote_sessions ADD COLUMN provider TEXT NOT NULL DEFAULT 'GP002';
DROP INDEX remote_sessions_user;
CREATE INDEX remote_sessions_user ON remote_sessions (provider, username, closed_at);

ALTER TABLE remote_rounds ADD COLUMN provider TEXT NOT NULL DEFAULT 'GP002';
DROP INDEX remote_rounds_seq;
CREATE INDEX remote_rounds_seq ON remote_rounds (provider, seq) WHERE seq > 0;

-- +goose Down
DROP INDEX remote_rounds_seq;
ALTER TABLE remote_rounds DROP COLUMN provider;
CREATE INDEX remote_rounds_seq ON remote_rounds (seq) WHERE seq > 0;
DROP INDEX remote_sessions_user;
ALTER TABLE remote_sessions DROP COLUMN provider;
CREATE INDEX remote_sessions_user ON remote_sessions (username, closed_at);

-- owner: provider/remote.
CREATE TABLE remote_transfers_old (
    order_no      TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    direction     TEXT NOT NULL CHECK (direction IN ('in', 'out', 'none')),
    amount        INTEGER NOT NULL CHECK (amount >= 0),
    status        TEXT NOT NULL CHECK (status IN ('done', 'failed', 'void')),
    balance_after INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL
) STRICT;
INSERT INTO remote_transfers_old SELECT order_no, username, direction, amount, status, balance_after, created_at
    FROM remote_transfers WHERE provider = 'GP002';
DROP TABLE remote_transfers;
ALTER TABLE remote_transfers_old RENAME TO remote_transfers;

-- owner: provider/remote.
CREATE TABLE remote_players_old (
    username   TEXT PRIMARY KEY,
    member_id  INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    balance    INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    created_at INTEGER NOT NULL
) STRICT;
INSERT INTO remote_players_old SELECT username, member_id, currency, balance, created_at
    FROM remote_players WHERE provider = 'GP002';
DROP TABLE remote_players;
ALTER TABLE remote_players_old RENAME TO remote_players;
