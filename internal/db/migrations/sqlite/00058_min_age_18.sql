-- +goose Up
-- The minimum age came in 00052 with 0 (off) as its default; a regulated
-- operator refuses minors unless it decides otherwise, so sites still at the
-- old default get 18. New rows are written with 18 by the application
-- (member.DefaultMinAge): SQLite cannot change a column's default in place.
UPDATE member_settings SET min_age = 18 WHERE min_age = 0;

-- +goose Down
SELECT 1;
