-- +goose Up
-- Each table has one owning package (named above its CREATE TABLE); no
-- other package's SQL names it. This migration moves the two columns that
-- broke the rule.

-- owner: sms. A site's prepaid SMS credits: one per message sent. They were
-- a column of member_settings, which the member package owns.
CREATE TABLE sms_credits (
    site_id BIGINT PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
    credits BIGINT NOT NULL DEFAULT 1000 CHECK (credits >= 0)
);
INSERT INTO sms_credits (site_id, credits) SELECT site_id, sms_credits FROM member_settings;
ALTER TABLE member_settings DROP COLUMN sms_credits;

-- owner: provider/house. A demo session keeps its currency's exponent, so
-- the house reads no site table.
ALTER TABLE demo_sessions ADD COLUMN exponent INTEGER NOT NULL DEFAULT 2;
UPDATE demo_sessions SET exponent = (SELECT exponent FROM currencies c WHERE c.code = demo_sessions.currency);

-- +goose Down
ALTER TABLE demo_sessions DROP COLUMN exponent;
ALTER TABLE member_settings ADD COLUMN sms_credits BIGINT NOT NULL DEFAULT 1000 CHECK (sms_credits >= 0);
UPDATE member_settings SET sms_credits = (SELECT credits FROM sms_credits c WHERE c.site_id = member_settings.site_id)
    WHERE EXISTS (SELECT 1 FROM sms_credits c WHERE c.site_id = member_settings.site_id);
DROP TABLE sms_credits;
