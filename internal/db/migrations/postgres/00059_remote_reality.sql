-- +goose Up
-- owner: provider/remote. A real-money session keeps the reality check the
-- platform handed over at launch: the interval (0: none), the start of the
-- running interval (the session's start, then each acknowledgement) and
-- the member's history and limits pages its dialog links to.
ALTER TABLE remote_sessions ADD COLUMN reality_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE remote_sessions ADD COLUMN reality_from BIGINT NOT NULL DEFAULT 0;
ALTER TABLE remote_sessions ADD COLUMN history_url TEXT NOT NULL DEFAULT '';
ALTER TABLE remote_sessions ADD COLUMN limits_url TEXT NOT NULL DEFAULT '';

-- The game page's history panel: a player's latest rounds of a game.
CREATE INDEX remote_rounds_player ON remote_rounds (provider, username, game_code, id);

-- +goose Down
DROP INDEX remote_rounds_player;
ALTER TABLE remote_sessions DROP COLUMN limits_url;
ALTER TABLE remote_sessions DROP COLUMN history_url;
ALTER TABLE remote_sessions DROP COLUMN reality_from;
ALTER TABLE remote_sessions DROP COLUMN reality_minutes;
