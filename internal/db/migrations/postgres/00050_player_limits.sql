-- +goose Up
-- owner: limits. A member's own limits: deposit, loss and wager per rolling
-- 24 hours (day), 7 days (week) and 30 days (month), in minor units of the
-- member's currency, and the session time in minutes (period 'session').
-- An increase or a removal waits in pending_amount (NULL: none; -1: the
-- removal) until pending_at and the member's second confirmation.
CREATE TABLE player_limits (
    member_id      BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
    period         TEXT NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
    amount         BIGINT NOT NULL CHECK (amount > 0),
    pending_amount BIGINT,
    pending_at     BIGINT,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (member_id, kind, period)
);

-- The sums the limits read: a member account's postings since a time.
CREATE INDEX ledger_postings_account_time ON ledger_postings (account_id, created_at);

-- +goose Down
DROP INDEX ledger_postings_account_time;
DROP TABLE player_limits;
