-- +goose Up
-- owner: inbox. One row per letter, whoever it goes to: a letter to every
-- member of a currency is this one row (currency set), so a broadcast to
-- 100,000 members is one insert; letters to named members (currency '')
-- get a letter_states row per recipient.
CREATE TABLE letters (
    id           INTEGER PRIMARY KEY,
    site_id      INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency     TEXT NOT NULL DEFAULT '',
    title_i18n   TEXT NOT NULL,
    content_i18n TEXT NOT NULL,
    recipients   INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX letters_broadcast ON letters (site_id, currency, id);

-- owner: inbox. A member's state of a letter: the recipient row of a
-- letter to named members, or of a broadcast (broadcast set) once read or
-- deleted. The list reads its ids and flags from here and the broadcast
-- index, then the texts of one page only.
CREATE TABLE letter_states (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    letter_id INTEGER NOT NULL REFERENCES letters (id) ON DELETE CASCADE,
    is_read   INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
    deleted   INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
    broadcast INTEGER NOT NULL DEFAULT 0 CHECK (broadcast IN (0, 1)),
    PRIMARY KEY (member_id, letter_id)
) STRICT;

-- The list's pages and counts read this index only.
CREATE INDEX letter_states_list ON letter_states (member_id, broadcast, deleted, letter_id, is_read);

-- owner: content. Bulletins for logged-in members: display_location 2 is the
-- pop-up after login, 3 the member centre's list.
CREATE TABLE member_bulletins (
    id                   INTEGER PRIMARY KEY,
    site_id              INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    display_location     INTEGER NOT NULL CHECK (display_location IN (2, 3)),
    display_device       INTEGER NOT NULL CHECK (display_device IN (0, 1, 2)),
    title_i18n           TEXT NOT NULL,
    display_content_i18n TEXT NOT NULL,
    content_i18n         TEXT NOT NULL,
    sort                 INTEGER NOT NULL DEFAULT 0,
    published            INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
    updated_at           INTEGER NOT NULL
) STRICT;
CREATE INDEX member_bulletins_site ON member_bulletins (site_id, display_location);

-- owner: content. A member bulletin a member hid (display_frequency 0); an
-- update after hidden_at shows it again.
CREATE TABLE member_bulletin_hidden (
    member_id   INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    bulletin_id INTEGER NOT NULL REFERENCES member_bulletins (id) ON DELETE CASCADE,
    hidden_at   INTEGER NOT NULL,
    PRIMARY KEY (member_id, bulletin_id)
) STRICT;

-- owner: promo. A red-envelope promotion: start and end are instants (the
-- operator writes them as Caracas wall time), remaining is taken by one
-- conditional update per claim so awards never exceed the budget.
CREATE TABLE red_envelopes (
    id            INTEGER PRIMARY KEY,
    site_id       INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency      TEXT NOT NULL,
    title_i18n    TEXT NOT NULL,
    start_at      INTEGER NOT NULL,
    end_at        INTEGER NOT NULL,
    budget        INTEGER NOT NULL CHECK (budget > 0),
    remaining     INTEGER NOT NULL CHECK (remaining >= 0),
    min_award     INTEGER NOT NULL CHECK (min_award > 0),
    max_award     INTEGER NOT NULL,
    deposit_from  INTEGER NOT NULL DEFAULT 0,
    deposit_to    INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    CHECK (max_award >= min_award),
    CHECK (remaining <= budget)
) STRICT;
CREATE INDEX red_envelopes_open ON red_envelopes (site_id, currency, end_at);

-- owner: promo. One claim per member and promotion.
CREATE TABLE red_envelope_claims (
    id          INTEGER PRIMARY KEY,
    envelope_id INTEGER NOT NULL REFERENCES red_envelopes (id) ON DELETE CASCADE,
    member_id   INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    tx_id       INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    UNIQUE (envelope_id, member_id)
) STRICT;

-- owner: promo. Daily sign-in per site and currency: awards is a JSON list
-- of minor amounts by streak day (the last repeats).
CREATE TABLE signin_settings (
    site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency TEXT NOT NULL,
    enabled  INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
    awards   TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (site_id, currency)
) STRICT;

-- owner: promo. One sign-in per member and day (the site's zone).
CREATE TABLE signins (
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    day        TEXT NOT NULL,
    currency   TEXT NOT NULL,
    streak     INTEGER NOT NULL CHECK (streak > 0),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (member_id, day)
) STRICT;

-- +goose Down
DROP TABLE signins;
DROP TABLE signin_settings;
DROP TABLE red_envelope_claims;
DROP TABLE red_envelopes;
DROP TABLE member_bulletin_hidden;
DROP TABLE member_bulletins;
DROP TABLE letter_states;
DROP TABLE letters;
