-- +goose Up
-- Referral (recommend) awards: a plan per site and currency, the awards
-- paid to recommenders for the members they brought, and the pairs refused
-- as one person. Amounts are minor units of the plan's currency; times are
-- UTC unix microseconds.

-- owner: referral. A site's plan for one currency: first_reward when an
-- invitee's first deposit is at least first_min (0: no first-deposit
-- reward), and share_bp basis points of the invitees' valid bets of each
-- closed period ('day' or 'week' of the site's zone), at most share_cap per
-- recommender and period (0: no cap).
CREATE TABLE referral_plans (
    id           INTEGER PRIMARY KEY,
    site_id      INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency     TEXT NOT NULL REFERENCES currencies (code),
    active       INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    first_min    INTEGER NOT NULL DEFAULT 0 CHECK (first_min >= 0),
    first_reward INTEGER NOT NULL DEFAULT 0 CHECK (first_reward >= 0),
    share_bp     INTEGER NOT NULL DEFAULT 0 CHECK (share_bp BETWEEN 0 AND 10000),
    share_period TEXT NOT NULL CHECK (share_period IN ('day', 'week')),
    share_cap    INTEGER NOT NULL DEFAULT 0 CHECK (share_cap >= 0),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    UNIQUE (site_id, currency)
) STRICT;

-- owner: referral. One award decision per invitee and kind and period
-- (first: period_key 'first'): paid (amount posted from the promotions
-- account to the recommender's main wallet) or refused (a flag says why).
-- basis is what it was worked from: the deposit, or the valid bets.
CREATE TABLE referral_awards (
    id             INTEGER PRIMARY KEY,
    site_id        INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    plan_id        INTEGER NOT NULL REFERENCES referral_plans (id),
    recommender_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    invitee_id     INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    invitee        TEXT NOT NULL,
    currency       TEXT NOT NULL REFERENCES currencies (code),
    kind           TEXT NOT NULL CHECK (kind IN ('first', 'share')),
    period_key     TEXT NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('paid', 'refused')),
    amount         INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
    basis          INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    UNIQUE (kind, invitee_id, period_key)
) STRICT;
CREATE INDEX referral_awards_recommender ON referral_awards (recommender_id, created_at);

-- owner: referral. A recommender and invitee found to be one person
-- (reason: device, phone or bank_holder), for the operator to review.
CREATE TABLE referral_flags (
    id             INTEGER PRIMARY KEY,
    site_id        INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    recommender_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    invitee_id     INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    reason         TEXT NOT NULL CHECK (reason IN ('device', 'phone', 'bank_holder')),
    award_kind     TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    UNIQUE (recommender_id, invitee_id, reason)
) STRICT;
CREATE INDEX referral_flags_site ON referral_flags (site_id, id);

-- owner: referral. A plan's share payout done for a closed period.
CREATE TABLE referral_runs (
    plan_id    INTEGER NOT NULL REFERENCES referral_plans (id) ON DELETE CASCADE,
    period_key TEXT NOT NULL,
    paid       INTEGER NOT NULL,
    done_at    INTEGER NOT NULL,
    PRIMARY KEY (plan_id, period_key)
) STRICT;

-- A recommender's invitees are listed by recommender.
CREATE INDEX members_recommender ON members (recommender_id);

-- +goose Down
DROP INDEX members_recommender;
DROP TABLE referral_runs;
DROP TABLE referral_flags;
DROP TABLE referral_awards;
DROP TABLE referral_plans;
