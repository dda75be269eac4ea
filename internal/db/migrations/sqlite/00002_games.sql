-- +goose Up
-- The game catalogue (providers, games, availability, labels, template lists)
-- and the in-house provider's demo sessions. Times are unix microseconds (UTC)
-- set from Go; names shown to players are JSON objects keyed by language.

-- The static provider table: gp_id and the GP code are fixed by the operator.
-- house marks the in-house provider, the only one whose games launch until an
-- operator connects another.
-- owner: games
CREATE TABLE providers (
    id                   INTEGER PRIMARY KEY CHECK (id > 0),
    code                 TEXT NOT NULL UNIQUE,
    name                 TEXT NOT NULL,
    house                INTEGER NOT NULL DEFAULT 0 CHECK (house IN (0, 1)),
    active               INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    app_id               TEXT NOT NULL DEFAULT '',
    maintenance          INTEGER NOT NULL DEFAULT 0 CHECK (maintenance IN (0, 1)),
    maintenance_start_at INTEGER NOT NULL DEFAULT 0,
    maintenance_end_at   INTEGER NOT NULL DEFAULT 0,
    sort                 INTEGER NOT NULL DEFAULT 0
) STRICT;

-- A provider's hall in one game type; name_i18n is the gp_gt_name, sort orders
-- the providers within the type.
-- owner: games
CREATE TABLE provider_game_types (
    provider_id INTEGER NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
    game_type   INTEGER NOT NULL REFERENCES game_types (id),
    name_i18n   TEXT NOT NULL,
    sort        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (provider_id, game_type)
) STRICT;

-- devices is a bitmask of the platforms a game runs on: 1 desktop, 2 mobile.
-- all_currencies 0 limits the game to the currencies of game_currencies.
-- owner: games
CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    provider_id    INTEGER NOT NULL,
    game_type      INTEGER NOT NULL,
    game_code      TEXT NOT NULL UNIQUE,
    name_i18n      TEXT NOT NULL,
    customized     INTEGER NOT NULL DEFAULT 0 CHECK (customized IN (0, 1)),
    icon_light     TEXT NOT NULL,
    icon_dark      TEXT NOT NULL,
    android_id     TEXT NOT NULL DEFAULT '',
    logo_img_id    TEXT NOT NULL DEFAULT '',
    devices        INTEGER NOT NULL DEFAULT 3 CHECK (devices BETWEEN 1 AND 3),
    all_currencies INTEGER NOT NULL DEFAULT 1 CHECK (all_currencies IN (0, 1)),
    enabled        INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    sort           INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    FOREIGN KEY (provider_id, game_type) REFERENCES provider_game_types (provider_id, game_type) ON DELETE CASCADE
) STRICT;
CREATE INDEX games_type ON games (game_type, provider_id, sort);

-- owner: games
CREATE TABLE game_currencies (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    currency TEXT NOT NULL REFERENCES currencies (code),
    PRIMARY KEY (game_id, currency)
) STRICT;

-- Labels (tag hot, new, ...) curated per site.
-- owner: games
CREATE TABLE game_labels (
    id        INTEGER PRIMARY KEY,
    site_id   INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    tag       TEXT NOT NULL,
    name_i18n TEXT NOT NULL,
    sort      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, tag)
) STRICT;

-- owner: games
CREATE TABLE game_label_games (
    label_id INTEGER NOT NULL REFERENCES game_labels (id) ON DELETE CASCADE,
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    sort     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (label_id, game_id)
) STRICT;
CREATE INDEX game_label_games_game ON game_label_games (game_id);

-- Curated lists for the home templates.
-- owner: games
CREATE TABLE template_game_lists (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title_i18n TEXT NOT NULL,
    sort       INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX template_game_lists_site ON template_game_lists (site_id);

-- owner: games
CREATE TABLE template_game_list_games (
    list_id INTEGER NOT NULL REFERENCES template_game_lists (id) ON DELETE CASCADE,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    sort    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (list_id, game_id)
) STRICT;
CREATE INDEX template_game_list_games_game ON template_game_list_games (game_id);

-- Demo play of the in-house games: play money only, never in the ledger.
-- The session id is a random token; only its SHA-256 (hex) is stored.
-- owner: provider/house
CREATE TABLE demo_sessions (
    id_hash    TEXT PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    game_code  TEXT NOT NULL,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    balance    INTEGER NOT NULL CHECK (balance >= 0),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX demo_sessions_expires ON demo_sessions (expires_at);

-- +goose Down
DROP TABLE demo_sessions;
DROP TABLE template_game_list_games;
DROP TABLE template_game_lists;
DROP TABLE game_label_games;
DROP TABLE game_labels;
DROP TABLE game_currencies;
DROP TABLE games;
DROP TABLE provider_game_types;
DROP TABLE providers;
