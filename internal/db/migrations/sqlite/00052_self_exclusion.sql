-- +goose Up
-- owner: exclusion. A time-out or a self-exclusion a member took. It blocks
-- from started_at until cleared_at: ends_at (NULL: indefinite) passes, the
-- member asks to return (return_asked_at), and cleared_at is 24 hours after
-- that. Until the ask, cleared_at is NULL and the restriction holds even
-- after ends_at.
CREATE TABLE self_exclusions (
    id              INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    member_id       INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('timeout', 'exclusion')),
    started_at      INTEGER NOT NULL,
    ends_at         INTEGER,
    return_asked_at INTEGER,
    cleared_at      INTEGER
) STRICT;
CREATE INDEX self_exclusions_member ON self_exclusions (member_id);

-- owner: exclusion. Who a restriction binds, across every site of the
-- database: the member ('member:<id>') and the person's phone, e-mail and
-- identity id as they were when it was taken ('phone:<v>', 'email:<v>',
-- 'identity:<v>', normalised as registration's unique values are). A
-- member is restricted when one of their keys is here with a restriction
-- not cleared: one primary-key range read per key.
CREATE TABLE self_exclusion_keys (
    person_key   TEXT NOT NULL,
    exclusion_id INTEGER NOT NULL REFERENCES self_exclusions (id) ON DELETE CASCADE,
    PRIMARY KEY (person_key, exclusion_id)
) STRICT;
CREATE INDEX self_exclusion_keys_exclusion ON self_exclusion_keys (exclusion_id);

-- owner: exclusion. One row per member that a restriction check locked: the
-- check at a deposit, a launch or an award and the taking of a restriction
-- both lock it, so a restriction committed while a deposit is in flight is
-- seen by that deposit (PostgreSQL; SQLite has one writer).
CREATE TABLE self_exclusion_guards (
    member_id  INTEGER PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    touched_at INTEGER NOT NULL
) STRICT;

-- owner: member. The site's minimum age: where above 0, registration asks
-- the birthday and refuses a younger visitor.
ALTER TABLE member_settings ADD COLUMN min_age INTEGER NOT NULL DEFAULT 0 CHECK (min_age >= 0 AND min_age <= 99);

-- +goose Down
ALTER TABLE member_settings DROP COLUMN min_age;
DROP TABLE self_exclusion_guards;
DROP TABLE self_exclusion_keys;
DROP TABLE self_exclusions;
