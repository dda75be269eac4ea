-- +goose Up
-- Bonuses: rules an operator attaches to a promotion and the bonuses members
-- hold under them. Amounts are minor units of the rule's currency; times are
-- UTC unix microseconds.

-- owner: bonus. A bonus rule (title_i18n: its name per language, JSON)
-- of a promotion page (content_pages, kind
-- discount; 0: offered only on the deposit page). kind deposit pays
-- percent_bp (basis points) of a qualifying deposit of at least min_deposit,
-- at most cap; kind fixed pays fixed_amount at once. period is how often a
-- member may take it ('once', or once per 'day', 'week', 'month' of the
-- site's zone). The turnover to release it is turnover_x100/100 times the
-- bonus (base 'bonus') or the bonus plus the deposit (base
-- 'bonus_deposit'), each bet weighted by weights (a JSON object of game
-- type id to percent; others count default_weight percent).
CREATE TABLE bonus_rules (
    id             INTEGER PRIMARY KEY,
    site_id        INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    page_id        INTEGER NOT NULL DEFAULT 0,
    currency       TEXT NOT NULL REFERENCES currencies (code),
    title_i18n     TEXT NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('deposit', 'fixed')),
    percent_bp     INTEGER NOT NULL DEFAULT 0 CHECK (percent_bp >= 0),
    cap            INTEGER NOT NULL DEFAULT 0 CHECK (cap >= 0),
    min_deposit    INTEGER NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
    fixed_amount   INTEGER NOT NULL DEFAULT 0 CHECK (fixed_amount >= 0),
    period         TEXT NOT NULL CHECK (period IN ('once', 'day', 'week', 'month')),
    turnover_x100  INTEGER NOT NULL CHECK (turnover_x100 >= 0),
    turnover_base  TEXT NOT NULL CHECK (turnover_base IN ('bonus', 'bonus_deposit')),
    weights        TEXT NOT NULL DEFAULT '{}',
    default_weight INTEGER NOT NULL DEFAULT 100 CHECK (default_weight BETWEEN 0 AND 100),
    expiry_days    INTEGER NOT NULL CHECK (expiry_days BETWEEN 1 AND 365),
    active         INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX bonus_rules_site ON bonus_rules (site_id, currency, active);

-- owner: bonus. A member's bonus. pending: a deposit bonus waiting for its
-- deposit; active: awarded, turnover unmet; released: turnover met, the
-- money is the member's; forfeited, expired, cancelled: taken back (at most
-- what the main wallet held: taken_back). period_key makes one bonus per
-- member, rule and period (a grant: the operator's request id). The rule's
-- turnover terms are copied at award, so a later change of the rule does
-- not move a member's target.
CREATE TABLE member_bonuses (
    id                INTEGER PRIMARY KEY,
    site_id           INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    rule_id           INTEGER NOT NULL REFERENCES bonus_rules (id),
    member_id         INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    currency          TEXT NOT NULL REFERENCES currencies (code),
    period_key        TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('pending', 'active', 'released', 'forfeited', 'expired', 'cancelled')),
    amount            INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
    deposit_amount    INTEGER NOT NULL DEFAULT 0,
    deposit_order     TEXT NOT NULL DEFAULT '',
    turnover_required INTEGER NOT NULL DEFAULT 0,
    weights           TEXT NOT NULL DEFAULT '{}',
    default_weight    INTEGER NOT NULL DEFAULT 100,
    taken_back        INTEGER NOT NULL DEFAULT 0,
    reason            TEXT NOT NULL DEFAULT '',
    applied_at        INTEGER NOT NULL,
    awarded_at        INTEGER NOT NULL DEFAULT 0,
    expires_at        INTEGER NOT NULL,
    closed_at         INTEGER NOT NULL DEFAULT 0,
    UNIQUE (rule_id, member_id, period_key)
) STRICT;
CREATE INDEX member_bonuses_member ON member_bonuses (member_id, status);
CREATE INDEX member_bonuses_open ON member_bonuses (status, expires_at);
-- One deposit bonus waits for a deposit at a time: the deposit knows which
-- to pay.
CREATE UNIQUE INDEX member_bonuses_one_pending ON member_bonuses (member_id) WHERE status = 'pending';

-- +goose Down
DROP TABLE member_bonuses;
DROP TABLE bonus_rules;
