-- +goose Up
-- The sandbox remote provider serves several provider codes (an
-- aggregator's shape): each code has its own players, transfers, sessions
-- and rounds, so one code's wallet never pays another's. Rows written
-- before were all GP002's. (owner: provider/remote)
ALTER TABLE remote_players ADD COLUMN provider TEXT NOT NULL DEFAULT 'GP002';
ALTER TABLE remote_players ALTER COLUMN provider DROP DEFAULT;
ALTER TABLE remote_players DROP CONSTRAINT remote_players_pkey;
ALTER TABLE remote_players ADD PRIMARY KEY (provider, username);

ALTER TABLE remote_transfers ADD COLUMN provider TEXT NOT NULL DEFAULT 'GP002';
ALTER TABLE remote_transfers ALTER COLUMN provider DROP DEFAULT;
ALTER TABLE remote_transfers DROP CONSTRAINT remote_transfers_pkey;
ALTER TABLE remote_transfers ADD PRIMARY KEY (provider, order_no);

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
DELETE FROM remote_transfers WHERE provider <> 'GP002';
ALTER TABLE remote_transfers DROP CONSTRAINT remote_transfers_pkey;
ALTER TABLE remote_transfers DROP COLUMN provider;
ALTER TABLE remote_transfers ADD PRIMARY KEY (order_no);
DELETE FROM remote_players WHERE provider <> 'GP002';
ALTER TABLE remote_players DROP CONSTRAINT remote_players_pkey;
ALTER TABLE remote_players DROP COLUMN provider;
ALTER TABLE remote_players ADD PRIMARY KEY (username);
