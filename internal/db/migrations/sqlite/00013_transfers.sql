-- +goose Up
-- owner: wallet. Transfers between a member's main wallet and a game
-- provider's wallet of the member. Each is stored (pending, its money in
-- transit) before the provider hears of it; the provider's answer, or the
-- reconciler's query by order number, settles it once: done (the money is
-- at the provider) or failed (back where it came from).
CREATE TABLE provider_transfers (
    id         INTEGER PRIMARY KEY,
    order_no   TEXT NOT NULL UNIQUE,
    site_id    INTEGER NOT NULL,
    member_id  INTEGER NOT NULL REFERENCES members (id),
    currency   TEXT NOT NULL REFERENCES currencies (code),
    provider   TEXT NOT NULL,
    direction  TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX provider_transfers_pending ON provider_transfers (status, updated_at);
CREATE INDEX provider_transfers_member ON provider_transfers (member_id, id);

-- owner: wallet. How far the ledger has booked each provider's rounds.
CREATE TABLE provider_round_cursors (
    provider   TEXT PRIMARY KEY,
    last_round INTEGER NOT NULL DEFAULT 0
) STRICT;

-- +goose Down
DROP TABLE provider_round_cursors;
DROP TABLE provider_transfers;
