-- +goose Up
-- owner: provider/remote. The sandbox remote provider's own wallet: the
-- players our platform created there (one per member) and their balances.
-- It lives beside our tables only because the sandbox runs inside the
-- binary; nothing of ours reads it except through its signed API.
CREATE TABLE remote_players (
    username   TEXT PRIMARY KEY,
    member_id  INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    balance    INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    created_at INTEGER NOT NULL
) STRICT;

-- owner: provider/remote. Transfers keyed by the platform's order number
-- (its idempotency key). A query for an order it never saw stores it void,
-- so the same order arriving late is refused rather than applied.
CREATE TABLE remote_transfers (
    order_no      TEXT PRIMARY KEY,
    username      TEXT NOT NULL,
    direction     TEXT NOT NULL CHECK (direction IN ('in', 'out', 'none')),
    amount        INTEGER NOT NULL CHECK (amount >= 0),
    status        TEXT NOT NULL CHECK (status IN ('done', 'failed', 'void')),
    balance_after INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL
) STRICT;

-- +goose Down
DROP TABLE remote_transfers;
DROP TABLE remote_players;
