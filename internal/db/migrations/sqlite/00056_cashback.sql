-- +goose Up
-- Daily cash back: the operator's rule per site and currency and the
-- payouts made under it. Amounts are minor units of the currency; times are
-- UTC unix microseconds; a day is a date of the site's zone.

-- owner: cashback. One rule per site and currency. basis 'valid_bets' pays
-- a share of the day's real-money stakes, 'net_loss' of stakes minus wins
-- (per game type, never below zero). rates is a JSON object of game type id
-- to basis points; other game types (and bets whose type is not known)
-- earn default_rate_bp. A day's total below min_payout pays nothing; cap
-- (0: none) bounds one member's day.
CREATE TABLE cashback_rules (
    id              INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency        TEXT NOT NULL REFERENCES currencies (code),
    basis           TEXT NOT NULL CHECK (basis IN ('net_loss', 'valid_bets')),
    rates           TEXT NOT NULL DEFAULT '{}',
    default_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (default_rate_bp BETWEEN 0 AND 10000),
    min_payout      INTEGER NOT NULL DEFAULT 0 CHECK (min_payout >= 0),
    cap             INTEGER NOT NULL DEFAULT 0 CHECK (cap >= 0),
    active          INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    UNIQUE (site_id, currency)
) STRICT;

-- owner: cashback. A member's cash back for one day, made once (the
-- unique key; the ledger key cashback:<member>:<day> likewise). status
-- paid: amount went to the main wallet; withheld: the member was on a
-- time-out or self-exclusion when the day was paid, nothing moved. base is
-- the day's figure the rule applied to; detail the per game type figures
-- (JSON) and the rule's terms as they were.
CREATE TABLE cashback_payouts (
    id         INTEGER PRIMARY KEY,
    site_id    INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    rule_id    INTEGER NOT NULL REFERENCES cashback_rules (id),
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    day        TEXT NOT NULL,
    basis      TEXT NOT NULL,
    base       INTEGER NOT NULL CHECK (base >= 0),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    status     TEXT NOT NULL CHECK (status IN ('paid', 'withheld')),
    detail     TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL,
    UNIQUE (member_id, day)
) STRICT;
CREATE INDEX cashback_payouts_site_day ON cashback_payouts (site_id, day);

-- +goose Down
DROP TABLE cashback_payouts;
DROP TABLE cashback_rules;
