-- +goose Up
-- Times are unix microseconds (UTC) set from Go; text shown to players in
-- several languages is a JSON object keyed by language code (*_i18n).

-- owner: site
CREATE TABLE currencies (
    code     TEXT PRIMARY KEY,
    symbol   TEXT NOT NULL,
    exponent INTEGER NOT NULL CHECK (exponent BETWEEN 0 AND 4)
) STRICT;

-- owner: site
CREATE TABLE languages (
    code TEXT PRIMARY KEY,
    id   INTEGER NOT NULL UNIQUE,
    name TEXT NOT NULL,
    flag TEXT NOT NULL
) STRICT;

-- owner: site
CREATE TABLE sites (
    id                         INTEGER PRIMARY KEY,
    name                       TEXT NOT NULL,
    demo_mode                  INTEGER NOT NULL DEFAULT 0 CHECK (demo_mode IN (0, 1)),
    game_room_mode             INTEGER NOT NULL DEFAULT 0 CHECK (game_room_mode IN (0, 1)),
    default_language           TEXT NOT NULL REFERENCES languages (code),
    default_currency           TEXT NOT NULL REFERENCES currencies (code),
    desktop_template           TEXT NOT NULL DEFAULT 'default',
    mobile_template            TEXT NOT NULL DEFAULT 'H5_1',
    customer_service_url       TEXT NOT NULL DEFAULT '',
    app_ios_url                TEXT NOT NULL DEFAULT '',
    app_android_url            TEXT NOT NULL DEFAULT '',
    link_expire_minutes        INTEGER NOT NULL DEFAULT 60 CHECK (link_expire_minutes > 0),
    bulletin_display_frequency INTEGER NOT NULL DEFAULT 1 CHECK (bulletin_display_frequency IN (0, 1, 2)),
    seo_title_i18n             TEXT NOT NULL DEFAULT '{}',
    seo_content_i18n           TEXT NOT NULL DEFAULT '{}',
    created_at                 INTEGER NOT NULL,
    updated_at                 INTEGER NOT NULL
) STRICT;

-- owner: site
CREATE TABLE site_currencies (
    site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency TEXT NOT NULL REFERENCES currencies (code),
    sort     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (site_id, currency)
) STRICT;

-- owner: site
CREATE TABLE site_languages (
    site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    language TEXT NOT NULL REFERENCES languages (code),
    sort     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (site_id, language)
) STRICT;

-- owner: content
CREATE TABLE logos (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    type       TEXT NOT NULL CHECK (type IN ('desktop', 'mobile', 'favicon', 'app')),
    photo_path TEXT NOT NULL
) STRICT;
CREATE INDEX logos_site ON logos (site_id);

-- owner: content
CREATE TABLE footer_groups (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title_i18n TEXT NOT NULL,
    sort       INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX footer_groups_site ON footer_groups (site_id);

-- owner: content
CREATE TABLE footer_links (
    id         INTEGER PRIMARY KEY,
    group_id   INTEGER NOT NULL REFERENCES footer_groups (id) ON DELETE CASCADE,
    title_i18n TEXT NOT NULL,
    url        TEXT NOT NULL,
    sort       INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX footer_links_group ON footer_links (group_id);

-- owner: content
CREATE TABLE mobile_footers (
    id          INTEGER PRIMARY KEY,
    site_id     INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    template    TEXT NOT NULL DEFAULT '',
    type        TEXT NOT NULL CHECK (type IN ('announcement', 'deposit', 'withdrawal', 'wallet', 'discount', 'home',
                                            'sponsor', 'letter', 'signup', 'custom_link', 'custom_service')),
    title_i18n  TEXT NOT NULL,
    icon        TEXT NOT NULL,
    icon_active TEXT NOT NULL,
    url         TEXT NOT NULL DEFAULT '',
    sort        INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX mobile_footers_site ON mobile_footers (site_id, template);

-- owner: content
CREATE TABLE floats (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    type       TEXT NOT NULL CHECK (type IN ('custom_service', 'custom_link', 'app_download', 'go_top')),
    title_i18n TEXT NOT NULL,
    icon       TEXT NOT NULL,
    url        TEXT NOT NULL DEFAULT '',
    sort       INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX floats_site ON floats (site_id);

-- Ad (setting), sponsor and login-page blocks, per language and model version
-- (1 desktop, 2 mobile).
-- owner: content
CREATE TABLE model_items (
    id            INTEGER PRIMARY KEY,
    site_id       INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('setting', 'sponsor', 'login')),
    model_version INTEGER NOT NULL CHECK (model_version IN (1, 2)),
    language      TEXT NOT NULL REFERENCES languages (code),
    title         TEXT NOT NULL DEFAULT '',
    photo         TEXT NOT NULL DEFAULT '',
    content       TEXT NOT NULL DEFAULT '',
    url           TEXT NOT NULL DEFAULT '',
    sort          INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX model_items_lookup ON model_items (site_id, kind, model_version, language);

-- owner: content
CREATE TABLE template_configs (
    site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    config  TEXT NOT NULL,
    PRIMARY KEY (site_id, name)
) STRICT;

-- template '' is the site default background.
-- owner: content
CREATE TABLE register_backgrounds (
    site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    template TEXT NOT NULL,
    photo    TEXT NOT NULL,
    PRIMARY KEY (site_id, template)
) STRICT;

-- owner: content
CREATE TABLE carousels (
    id                 INTEGER PRIMARY KEY,
    site_id            INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    use_type           INTEGER NOT NULL CHECK (use_type IN (0, 1, 2)),
    url                TEXT NOT NULL,
    link_type          INTEGER NOT NULL CHECK (link_type IN (0, 1, 2)),
    link_method        INTEGER NOT NULL DEFAULT 0 CHECK (link_method IN (0, 1)),
    link_url           TEXT NOT NULL DEFAULT '',
    game_currency      TEXT NOT NULL DEFAULT '',
    game_gt_id         INTEGER NOT NULL DEFAULT 0,
    game_gp_id         INTEGER NOT NULL DEFAULT 0,
    game_gp_gt_name    TEXT NOT NULL DEFAULT '',
    game_customized    INTEGER NOT NULL DEFAULT 0,
    sort               INTEGER NOT NULL DEFAULT 0,
    published          INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1))
) STRICT;
CREATE INDEX carousels_site ON carousels (site_id, use_type);

-- owner: content
CREATE TABLE announcements (
    id                    INTEGER PRIMARY KEY,
    site_id               INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title_i18n            TEXT NOT NULL,
    content_i18n          TEXT NOT NULL,
    display_before_login  INTEGER NOT NULL CHECK (display_before_login IN (0, 1)),
    display_after_login   INTEGER NOT NULL CHECK (display_after_login IN (0, 1)),
    sort                  INTEGER NOT NULL DEFAULT 0,
    published             INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
    created_at            INTEGER NOT NULL
) STRICT;
CREATE INDEX announcements_site ON announcements (site_id);

-- owner: content
CREATE TABLE bulletins (
    id                   INTEGER PRIMARY KEY,
    site_id              INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title_i18n           TEXT NOT NULL,
    display_device       INTEGER NOT NULL CHECK (display_device IN (0, 1, 2)),
    display_content_i18n TEXT NOT NULL,
    content_i18n         TEXT NOT NULL,
    sort                 INTEGER NOT NULL DEFAULT 0,
    popup                INTEGER NOT NULL DEFAULT 1 CHECK (popup IN (0, 1)),
    published            INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
    updated_at           INTEGER NOT NULL
) STRICT;
CREATE INDEX bulletins_site ON bulletins (site_id);

-- The displayed jackpot per currency, in minor units.
-- owner: content
CREATE TABLE jackpots (
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (site_id, currency)
) STRICT;

-- owner: games
CREATE TABLE game_types (
    id              INTEGER PRIMARY KEY CHECK (id BETWEEN 1 AND 99),
    type_key        TEXT NOT NULL UNIQUE,
    name_en         TEXT NOT NULL,
    hall_label_i18n TEXT NOT NULL,
    app_prefix      TEXT NOT NULL,
    icon            TEXT NOT NULL,
    icon_active     TEXT NOT NULL,
    sort            INTEGER NOT NULL DEFAULT 0,
    enabled         INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1))
) STRICT;

-- owner: site
CREATE TABLE route_redirects (
    site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    path    TEXT NOT NULL,
    target  TEXT NOT NULL,
    PRIMARY KEY (site_id, path)
) STRICT;

-- +goose Down
DROP TABLE route_redirects;
DROP TABLE game_types;
DROP TABLE jackpots;
DROP TABLE bulletins;
DROP TABLE announcements;
DROP TABLE carousels;
DROP TABLE register_backgrounds;
DROP TABLE template_configs;
DROP TABLE model_items;
DROP TABLE floats;
DROP TABLE mobile_footers;
DROP TABLE footer_links;
DROP TABLE footer_groups;
DROP TABLE logos;
DROP TABLE site_languages;
DROP TABLE site_currencies;
DROP TABLE sites;
DROP TABLE languages;
DROP TABLE currencies;
