-- +goose Up
-- Members, sessions and everything login and registration need. Secrets
-- (passwords, tokens, captcha answers, SMS codes) are stored only as hashes.

-- owner: member
CREATE TABLE register_settings (
    site_id                       INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency                      TEXT NOT NULL REFERENCES currencies (code),
    name                          TEXT NOT NULL,
    is_display                    INTEGER NOT NULL DEFAULT 0 CHECK (is_display IN (0, 1)),
    is_required                   INTEGER NOT NULL DEFAULT 0 CHECK (is_required IN (0, 1)),
    is_unique                     INTEGER NOT NULL DEFAULT 0 CHECK (is_unique IN (0, 1)),
    is_member_center              INTEGER NOT NULL DEFAULT 0 CHECK (is_member_center IN (0, 1)),
    is_verification               INTEGER NOT NULL DEFAULT 0 CHECK (is_verification IN (0, 1)),
    is_member_center_verification INTEGER NOT NULL DEFAULT 0 CHECK (is_member_center_verification IN (0, 1)),
    sort                          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (site_id, currency, name)
) STRICT;

-- owner: member
CREATE TABLE service_agreements (
    id       INTEGER PRIMARY KEY,
    site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    language TEXT NOT NULL REFERENCES languages (code),
    title    TEXT NOT NULL,
    content  TEXT NOT NULL,
    sort     INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX service_agreements_site ON service_agreements (site_id, language);

-- Site-level member rules the operator can change.
-- owner: member
CREATE TABLE member_settings (
    site_id               INTEGER PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
    strong_passwords      INTEGER NOT NULL DEFAULT 0 CHECK (strong_passwords IN (0, 1)),
    recommend_enabled     INTEGER NOT NULL DEFAULT 1 CHECK (recommend_enabled IN (0, 1)),
    register_per_ip_limit INTEGER NOT NULL DEFAULT 5,
    sms_verify_seconds    INTEGER NOT NULL DEFAULT 60,
    sms_credits           INTEGER NOT NULL DEFAULT 1000 CHECK (sms_credits >= 0),
    session_idle_minutes  INTEGER NOT NULL DEFAULT 120,
    double_validation     INTEGER NOT NULL DEFAULT 1 CHECK (double_validation IN (0, 1)),
    questions_count       INTEGER NOT NULL DEFAULT 3,
    -- Comma-separated ISO country codes whose visitors may not log in.
    blocked_countries     TEXT NOT NULL DEFAULT ''
) STRICT;

-- owner: member
CREATE TABLE members (
    id                              INTEGER PRIMARY KEY,
    site_id                         INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    account                         TEXT NOT NULL,
    password_hash                   TEXT NOT NULL,
    withdraw_password_hash          TEXT NOT NULL DEFAULT '',
    currency                        TEXT NOT NULL REFERENCES currencies (code),
    name                            TEXT NOT NULL DEFAULT '',
    email                           TEXT NOT NULL DEFAULT '',
    phone                           TEXT NOT NULL DEFAULT '',
    birthday                        TEXT NOT NULL DEFAULT '',
    identity_id                     TEXT NOT NULL DEFAULT '',
    qq                              TEXT NOT NULL DEFAULT '',
    telegram                        TEXT NOT NULL DEFAULT '',
    whats_app                       TEXT NOT NULL DEFAULT '',
    skype                           TEXT NOT NULL DEFAULT '',
    fb                              TEXT NOT NULL DEFAULT '',
    zalo                            TEXT NOT NULL DEFAULT '',
    wechat                          TEXT NOT NULL DEFAULT '',
    line                            TEXT NOT NULL DEFAULT '',
    others                          TEXT NOT NULL DEFAULT '',
    member_type                     INTEGER NOT NULL DEFAULT 1,
    status                          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'frozen')),
    is_agent                        INTEGER NOT NULL DEFAULT 0 CHECK (is_agent IN (0, 1)),
    agent_active                    INTEGER NOT NULL DEFAULT 0 CHECK (agent_active IN (0, 1)),
    agent_type                      INTEGER NOT NULL DEFAULT 0,
    agent_level                     INTEGER NOT NULL DEFAULT 0,
    agent_id                        INTEGER REFERENCES members (id),
    recommender_id                  INTEGER REFERENCES members (id),
    recommend_code                  TEXT NOT NULL,
    first_login_to_change_password  INTEGER NOT NULL DEFAULT 0 CHECK (first_login_to_change_password IN (0, 1)),
    must_reset_password             INTEGER NOT NULL DEFAULT 0 CHECK (must_reset_password IN (0, 1)),
    register_ip                     TEXT NOT NULL DEFAULT '',
    created_at                      INTEGER NOT NULL,
    updated_at                      INTEGER NOT NULL,
    UNIQUE (site_id, account),
    UNIQUE (site_id, recommend_code)
) STRICT;
CREATE INDEX members_phone ON members (site_id, phone);
CREATE INDEX members_email ON members (site_id, email);
CREATE INDEX members_register_ip ON members (site_id, register_ip, created_at);

-- owner: member
CREATE TABLE agent_domains (
    host     TEXT PRIMARY KEY,
    site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    agent_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE
) STRICT;

-- owner: member
CREATE TABLE blacklist (
    site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    kind    TEXT NOT NULL CHECK (kind IN ('name', 'email', 'phone', 'ip')),
    value   TEXT NOT NULL,
    PRIMARY KEY (site_id, kind, value)
) STRICT;

-- One live session per member: a new login revokes the others.
-- owner: member
CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY,
    member_id    INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    -- After a rotation the previous token keeps working for a short grace
    -- period, so requests already in flight with it do not fail.
    prev_token_hash TEXT,
    prev_until   INTEGER,
    rotated_at   INTEGER NOT NULL,
    device       TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    revoked_at   INTEGER
) STRICT;
CREATE INDEX sessions_member ON sessions (member_id);
CREATE INDEX sessions_prev ON sessions (prev_token_hash);

-- owner: member
CREATE TABLE trusted_devices (
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    device     TEXT NOT NULL,
    trusted_at INTEGER NOT NULL,
    PRIMARY KEY (member_id, device)
) STRICT;

-- A login waiting for its double validation answer.
-- owner: member
CREATE TABLE pending_logins (
    id          TEXT PRIMARY KEY,
    member_id   INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    device      TEXT NOT NULL,
    question    TEXT NOT NULL,
    asked       TEXT NOT NULL,
    remaining   INTEGER NOT NULL,
    failures    INTEGER NOT NULL DEFAULT 0,
    expires_at  INTEGER NOT NULL,
    done_at     INTEGER
) STRICT;

-- owner: captcha
CREATE TABLE captchas (
    token_hash  TEXT PRIMARY KEY,
    site_id     INTEGER NOT NULL,
    kind        INTEGER NOT NULL,
    answer_hash TEXT NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
) STRICT;
CREATE INDEX captchas_expiry ON captchas (expires_at);

-- owner: sms
CREATE TABLE sms_codes (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL,
    phone      TEXT NOT NULL,
    purpose    TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) STRICT;
CREATE INDEX sms_codes_phone ON sms_codes (site_id, phone, purpose, created_at);

-- What the built-in SMS provider "sends": an operator can read it; --dev
-- shows it at a dev-only endpoint. It is the only place an SMS code appears.
-- owner: sms
CREATE TABLE sms_outbox (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL,
    phone      TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sms_outbox_phone ON sms_outbox (phone, id);

-- owner: member
CREATE TABLE recovery_tokens (
    token_hash TEXT PRIMARY KEY,
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) STRICT;

-- Fixed-window counters for rate limits and lockouts; shared by every node.
-- owner: ratelimit
CREATE TABLE rate_counters (
    key          TEXT NOT NULL,
    window_start INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (key, window_start)
) STRICT;

-- owner: ratelimit
CREATE TABLE lockouts (
    key   TEXT PRIMARY KEY,
    until INTEGER NOT NULL
) STRICT;

-- Handoff blobs are single use: a seen nonce is refused until it expires.
-- owner: member
CREATE TABLE handoff_nonces (
    nonce      TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
) STRICT;

-- owner: tracking
CREATE TABLE fb_events (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL,
    event_name TEXT NOT NULL,
    event_id   TEXT NOT NULL,
    event_time INTEGER NOT NULL,
    payload    TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (site_id, event_id)
) STRICT;

-- +goose Down
DROP TABLE handoff_nonces;
DROP TABLE fb_events;
DROP TABLE lockouts;
DROP TABLE rate_counters;
DROP TABLE recovery_tokens;
DROP TABLE sms_outbox;
DROP TABLE sms_codes;
DROP TABLE captchas;
DROP TABLE pending_logins;
DROP TABLE trusted_devices;
DROP TABLE sessions;
DROP TABLE blacklist;
DROP TABLE agent_domains;
DROP TABLE members;
DROP TABLE member_settings;
DROP TABLE service_agreements;
DROP TABLE register_settings;
