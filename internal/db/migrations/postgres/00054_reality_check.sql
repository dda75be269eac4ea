-- +goose Up
-- owner: site. The reality-check interval a member follows unless they chose
-- their own, in minutes of play (0: no reality check by default).
ALTER TABLE sites ADD COLUMN reality_check_minutes INTEGER NOT NULL DEFAULT 60
    CHECK (reality_check_minutes BETWEEN 0 AND 1440);

-- owner: limits. A member's reality check: their own interval (NULL: the
-- site's default), when their current spell of play started (the net
-- position counts from there), when the running interval started (the
-- spell's start or the last acknowledgement) and when they last played.
-- Times are unix microseconds; 0: no spell yet.
CREATE TABLE reality_checks (
    member_id    BIGINT NOT NULL PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    minutes      INTEGER CHECK (minutes IS NULL OR minutes BETWEEN 1 AND 1440),
    started_at   BIGINT NOT NULL DEFAULT 0,
    checked_at   BIGINT NOT NULL DEFAULT 0,
    last_play_at BIGINT NOT NULL DEFAULT 0,
    updated_at   BIGINT NOT NULL
);

-- +goose Down
DROP TABLE reality_checks;
ALTER TABLE sites DROP COLUMN reality_check_minutes;
