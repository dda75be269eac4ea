-- +goose Up
-- Rules that must hold under concurrency are held by the database.

-- One live session per member: earlier concurrent logins could leave more
-- than one; keep the newest, then let a partial unique index refuse a second.
UPDATE sessions SET revoked_at = created_at WHERE revoked_at IS NULL
    AND id NOT IN (SELECT MAX(id) FROM sessions WHERE revoked_at IS NULL GROUP BY member_id);
CREATE UNIQUE INDEX sessions_one_live ON sessions (member_id) WHERE revoked_at IS NULL;

-- owner: member. The values of register fields that the site keeps unique
-- (is_unique), normalised as registration compares them: a row per value,
-- so two concurrent registrations cannot both take one.
CREATE TABLE member_unique_values (
    site_id   BIGINT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    field     TEXT NOT NULL,
    value     TEXT NOT NULL,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    PRIMARY KEY (site_id, field, value)
);
CREATE INDEX member_unique_values_member ON member_unique_values (member_id);

-- owner: sms. When a phone last got a code for a purpose: the 5-minute
-- resend rule is one conditional upsert on this row.
CREATE TABLE sms_throttle (
    site_id      BIGINT NOT NULL,
    phone        TEXT NOT NULL,
    purpose      TEXT NOT NULL,
    last_sent_at BIGINT NOT NULL,
    PRIMARY KEY (site_id, phone, purpose)
);
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'name', m.name, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'member_name' WHERE r.is_unique AND m.name <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'email', m.email, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'member_email' WHERE r.is_unique AND m.email <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'phone', m.phone, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'member_phone' WHERE r.is_unique AND m.phone <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'identity_id', m.identity_id, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'identity_id' WHERE r.is_unique AND m.identity_id <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'qq', m.qq, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'qq' WHERE r.is_unique AND m.qq <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'telegram', m.telegram, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'telegram' WHERE r.is_unique AND m.telegram <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'whats_app', m.whats_app, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'whatsapp' WHERE r.is_unique AND m.whats_app <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'skype', m.skype, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'skype' WHERE r.is_unique AND m.skype <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'fb', m.fb, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'facebook' WHERE r.is_unique AND m.fb <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'zalo', m.zalo, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'zalo' WHERE r.is_unique AND m.zalo <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;
INSERT INTO member_unique_values (site_id, field, value, member_id)
    SELECT m.site_id, 'wechat', m.wechat, m.id FROM members m JOIN register_settings r ON r.site_id = m.site_id
    AND r.currency = m.currency AND r.name = 'wechat' WHERE r.is_unique AND m.wechat <> '' ORDER BY m.id
    ON CONFLICT DO NOTHING;

-- +goose Down
DROP TABLE sms_throttle;
DROP TABLE member_unique_values;
DROP INDEX sessions_one_live;
