-- +goose Up
-- A provider's maintenance notice per language (JSON object keyed by
-- language), shown with code 203. The window is maintenance = 1 or
-- maintenance_start_at <= now < maintenance_end_at.
ALTER TABLE providers ADD COLUMN maintenance_text_i18n TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE providers DROP COLUMN maintenance_text_i18n;
