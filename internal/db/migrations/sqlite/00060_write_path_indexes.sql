-- +goose Up
-- Indexes every real-money round paid for and no query needs. Nothing looks
-- a ledger transaction up by its reference (every read joins by id or finds
-- the idempotency key): an index insert per transaction for nothing. A
-- session's round history is found through the unique (session_hash,
-- request_id) index and its rounds sorted by id, once per visit to the
-- history panel; kept, the (session_hash, id) index cost a page of the WAL
-- per round, its key being a random hash (bench/realplay).
DROP INDEX ledger_transactions_reference;
DROP INDEX game_rounds_session;

-- +goose Down
CREATE INDEX ledger_transactions_reference ON ledger_transactions (reference);
CREATE INDEX game_rounds_session ON game_rounds (session_hash, id);
