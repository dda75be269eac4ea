-- +goose Up
-- The progressive jackpot is a pool per currency in the ledger (fed by a
-- share of every real-money slot bet of the in-house slot, paid out to the
-- round that hits it), so the shown figure is that pool, not a stored one.
DROP TABLE jackpots;

-- owner: provider/house. One row per currency: taken (row lock) by the
-- round that pays the pool, so two hits never pay one pool twice; it keeps
-- the last win for display.
CREATE TABLE house_jackpots (
    currency        TEXT PRIMARY KEY REFERENCES currencies (code),
    wins            INTEGER NOT NULL DEFAULT 0,
    last_win_amount INTEGER NOT NULL DEFAULT 0,
    last_win_at     INTEGER NOT NULL DEFAULT 0
) STRICT;

-- A real-money round's jackpot win (on top of win; balance_after has it).
ALTER TABLE game_rounds ADD COLUMN jackpot INTEGER NOT NULL DEFAULT 0;

-- What a real-money session has staked on a jackpot game: its pool share
-- is taken on the running total, so stakes too small for a whole minor
-- unit of share still feed the pool as they add up.
ALTER TABLE house_sessions ADD COLUMN staked INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE house_sessions DROP COLUMN staked;
ALTER TABLE game_rounds DROP COLUMN jackpot;
DROP TABLE house_jackpots;
-- owner: content (as before this migration).
CREATE TABLE jackpots (
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (site_id, currency)
) STRICT;
