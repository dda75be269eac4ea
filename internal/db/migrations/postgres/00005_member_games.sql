-- +goose Up
-- owner: games
CREATE TABLE member_favorite_games (
    member_id  BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, game_id)
);

-- owner: games
CREATE TABLE member_played_games (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, game_id)
);
CREATE INDEX member_played_games_recent ON member_played_games (member_id, played_at);

-- +goose Down
DROP TABLE IF EXISTS member_played_games;
DROP TABLE IF EXISTS member_favorite_games;
