-- +goose Up
-- owner: games
CREATE TABLE member_favorite_games (
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (member_id, game_id)
) STRICT;

-- owner: games
CREATE TABLE member_played_games (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (member_id, game_id)
) STRICT;
CREATE INDEX member_played_games_recent ON member_played_games (member_id, played_at);

-- +goose Down
DROP TABLE member_played_games;
DROP TABLE member_favorite_games;
