-- +goose Up
-- owner: promo. announced_start is the start_at whose red_envelope display
-- event was published (0: none yet), so each start is announced once by one
-- node, across restarts. Envelopes written before this column are announced
-- once more if they are open when the scheduler first runs.
ALTER TABLE red_envelopes ADD COLUMN announced_start BIGINT NOT NULL DEFAULT 0;
CREATE INDEX red_envelopes_unannounced ON red_envelopes (start_at) WHERE announced_start <> start_at;

-- +goose Down
DROP INDEX red_envelopes_unannounced;
ALTER TABLE red_envelopes DROP COLUMN announced_start;
