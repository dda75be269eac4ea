-- +goose Up
-- owner: provider/house. A member's real-money session of an in-house
-- game: opened by a launch, closed when the member leaves. Its money is
-- the member's GP001 wallet in the ledger; only the session id's hash is
-- stored.
CREATE TABLE house_sessions (
    id_hash    TEXT PRIMARY KEY,
    site_id    BIGINT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    member_id  BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    game_code  TEXT NOT NULL,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    exponent   INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    closed_at  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX house_sessions_member ON house_sessions (member_id, closed_at);

-- owner: games. The game a member has open on the server (one at most):
-- starting while the money moves and the provider opens it, playing, then
-- quitting while it is left; recalling while a balance recall runs.
CREATE TABLE member_open_games (
    member_id  BIGINT PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    site_id    BIGINT NOT NULL,
    provider   TEXT NOT NULL,
    game_code  TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('starting', 'playing', 'quitting', 'recalling')),
    device     INTEGER NOT NULL,
    started_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE member_open_games;
DROP TABLE house_sessions;
