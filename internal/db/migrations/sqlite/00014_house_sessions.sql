-- +goose Up
-- owner: provider/house. A member's real-money session of an in-house
-- game: opened by a launch, closed when the member leaves. Its money is
-- the member's GP001 wallet in the ledger; only the session id's hash is
-- stored.
CREATE TABLE house_sessions (
    id_hash    TEXT PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    game_code  TEXT NOT NULL,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    exponent   INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    closed_at  INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX house_sessions_member ON house_sessions (member_id, closed_at);

-- owner: games. The game a member has open on the server (one at most):
-- starting while the money moves and the provider opens it, playing, then
-- quitting while it is left; recalling while a balance recall runs.
CREATE TABLE member_open_games (
    member_id  INTEGER PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    site_id    INTEGER NOT NULL,
    provider   TEXT NOT NULL,
    game_code  TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('starting', 'playing', 'quitting', 'recalling')),
    device     INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;

-- +goose Down
DROP TABLE member_open_games;
DROP TABLE house_sessions;
