-- +goose Up
-- owner: wallet. A site's payment channels per currency and direction: a
-- gateway (collects deposits, pays withdrawals out) or a manual bank
-- transfer the operator confirms. Amounts in minor units; the fee is
-- fee_bp basis points plus fee_fixed, at most fee_max (0: no cap).
CREATE TABLE payment_channels (
    id            INTEGER PRIMARY KEY,
    site_id       INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    currency      TEXT NOT NULL REFERENCES currencies (code),
    direction     TEXT NOT NULL CHECK (direction IN ('deposit', 'withdrawal')),
    kind          TEXT NOT NULL CHECK (kind IN ('gateway', 'bank_transfer')),
    gateway       TEXT NOT NULL DEFAULT '',
    name_i18n     TEXT NOT NULL,
    min_amount    INTEGER NOT NULL CHECK (min_amount > 0),
    max_amount    INTEGER NOT NULL CHECK (max_amount >= min_amount),
    fee_bp        INTEGER NOT NULL DEFAULT 0 CHECK (fee_bp BETWEEN 0 AND 10000),
    fee_fixed     INTEGER NOT NULL DEFAULT 0 CHECK (fee_fixed >= 0),
    fee_max       INTEGER NOT NULL DEFAULT 0 CHECK (fee_max >= 0),
    daily_count   INTEGER NOT NULL DEFAULT 0 CHECK (daily_count >= 0),
    instructions  TEXT NOT NULL DEFAULT '{}',
    sort          INTEGER NOT NULL DEFAULT 0,
    active        INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX payment_channels_site ON payment_channels (site_id, currency, direction);

-- owner: wallet. A member's bank accounts for withdrawals.
CREATE TABLE bank_accounts (
    id          INTEGER PRIMARY KEY,
    member_id   INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    currency    TEXT NOT NULL REFERENCES currencies (code),
    bank_code   TEXT NOT NULL,
    account_no  TEXT NOT NULL,
    holder_name TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    UNIQUE (member_id, bank_code, account_no)
) STRICT;

-- owner: wallet. Deposit orders: pending until the gateway's callback (or
-- the reconciler's query, or the operator for a bank transfer) settles it
-- once: paid (posted to the ledger), declined or expired.
CREATE TABLE deposit_orders (
    id            INTEGER PRIMARY KEY,
    order_no      TEXT NOT NULL UNIQUE,
    site_id       INTEGER NOT NULL,
    member_id     INTEGER NOT NULL REFERENCES members (id),
    request_id    TEXT NOT NULL,
    currency      TEXT NOT NULL REFERENCES currencies (code),
    channel_id    INTEGER NOT NULL REFERENCES payment_channels (id),
    gateway       TEXT NOT NULL DEFAULT '',
    gateway_ref   TEXT NOT NULL DEFAULT '',
    pay_url       TEXT NOT NULL DEFAULT '',
    amount        INTEGER NOT NULL CHECK (amount > 0),
    fee           INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
    status        TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'declined', 'expired')),
    ledger_tx     INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    settled_at    INTEGER NOT NULL DEFAULT 0,
    UNIQUE (member_id, request_id)
) STRICT;
CREATE INDEX deposit_orders_member ON deposit_orders (member_id, id);
CREATE INDEX deposit_orders_pending ON deposit_orders (status, created_at);

-- owner: wallet. Withdrawal orders: the amount is held from the moment the
-- member asks; the operator approves (paid out by the gateway: paid or
-- failed) or rejects (returned to the main wallet).
CREATE TABLE withdrawal_orders (
    id              INTEGER PRIMARY KEY,
    order_no        TEXT NOT NULL UNIQUE,
    site_id         INTEGER NOT NULL,
    member_id       INTEGER NOT NULL REFERENCES members (id),
    request_id      TEXT NOT NULL,
    currency        TEXT NOT NULL REFERENCES currencies (code),
    channel_id      INTEGER NOT NULL REFERENCES payment_channels (id),
    bank_account_id INTEGER NOT NULL REFERENCES bank_accounts (id),
    gateway         TEXT NOT NULL DEFAULT '',
    amount          INTEGER NOT NULL CHECK (amount > 0),
    fee             INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
    status          TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'rejected', 'failed')),
    reason          TEXT NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    settled_at      INTEGER NOT NULL DEFAULT 0,
    UNIQUE (member_id, request_id)
) STRICT;
CREATE INDEX withdrawal_orders_member ON withdrawal_orders (member_id, id);
CREATE INDEX withdrawal_orders_status ON withdrawal_orders (status, created_at);

-- owner: wallet. Per-member counters the wallet reserves atomically (one
-- conditional upsert), so a limit holds under concurrent requests.
CREATE TABLE wallet_members (
    member_id     INTEGER PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    bank_accounts INTEGER NOT NULL DEFAULT 0
) STRICT;

-- owner: wallet. A site's wallet rules.
CREATE TABLE wallet_settings (
    site_id                  INTEGER PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
    bank_before_deposit      INTEGER NOT NULL,
    max_bank_accounts        INTEGER NOT NULL CHECK (max_bank_accounts BETWEEN 1 AND 20)
) STRICT;

-- +goose Down
DROP TABLE wallet_settings;
DROP TABLE wallet_members;
DROP TABLE withdrawal_orders;
DROP TABLE deposit_orders;
DROP TABLE bank_accounts;
DROP TABLE payment_channels;
