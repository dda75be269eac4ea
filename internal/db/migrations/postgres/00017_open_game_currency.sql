-- +goose Up
-- The currency of the member's open game, so the sweep that leaves a game
-- abandoned for a day can bring its money back without asking members.
ALTER TABLE member_open_games ADD COLUMN currency TEXT NOT NULL DEFAULT '';
CREATE INDEX member_open_games_updated ON member_open_games (updated_at);

-- +goose Down
DROP INDEX member_open_games_updated;
ALTER TABLE member_open_games DROP COLUMN currency;
