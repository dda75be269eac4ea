-- +goose Up
-- Operator pages of a site: promotions (/discount/{id}), FAQ entries
-- (/faq/{id}), content pages (/main/{id}) and the app download page (/app).
-- Text columns are JSON objects keyed by language; body_i18n is operator
-- HTML, stored as the sanitiser rebuilt it. A promotion shows between
-- starts_at and ends_at (UTC unix microseconds, 0: open).
-- owner: content
CREATE TABLE content_pages (
    id           INTEGER PRIMARY KEY,
    site_id      INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('discount', 'faq', 'main', 'app')),
    title_i18n   TEXT NOT NULL,
    summary_i18n TEXT NOT NULL DEFAULT '{}',
    body_i18n    TEXT NOT NULL DEFAULT '{}',
    image        TEXT NOT NULL DEFAULT '',
    starts_at    INTEGER NOT NULL DEFAULT 0,
    ends_at      INTEGER NOT NULL DEFAULT 0,
    active       INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    sort         INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX content_pages_site ON content_pages (site_id, kind, sort);

-- +goose Down
DROP TABLE content_pages;
