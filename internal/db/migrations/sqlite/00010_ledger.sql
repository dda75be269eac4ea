-- +goose Up
-- The double-entry ledger. Amounts are signed integer minor units of the
-- transaction's currency: a posting adds its amount to its account.

-- owner: ledger. One row per account (and per shard of a system account).
-- Member accounts (main wallet, a wallet per game provider, withdrawal
-- hold) are guarded: their balance can never go below zero, held by the
-- conditional update of every debit and by this CHECK. System accounts
-- (gateway clearing, house per provider, promotions, jackpot, adjustments)
-- may go negative and are split into shards, so concurrent postings of
-- different members do not queue behind one row.
CREATE TABLE ledger_accounts (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,
    currency   TEXT NOT NULL REFERENCES currencies (code),
    member_id  INTEGER NOT NULL DEFAULT 0,
    provider   TEXT NOT NULL DEFAULT '',
    shard      INTEGER NOT NULL DEFAULT 0,
    guarded    INTEGER NOT NULL,
    balance    INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (kind, currency, member_id, provider, shard),
    CHECK (balance >= 0 OR guarded = 0)
) STRICT;
CREATE INDEX ledger_accounts_member ON ledger_accounts (member_id, currency);

-- owner: ledger. A balanced transaction: its postings sum to zero in one
-- currency. The idempotency key is unique: a retried request finds the
-- first transaction; fingerprint tells a same-content retry from a reused
-- key with other content.
CREATE TABLE ledger_transactions (
    id          INTEGER PRIMARY KEY,
    idem_key    TEXT NOT NULL UNIQUE,
    fingerprint TEXT NOT NULL,
    kind        TEXT NOT NULL,
    currency    TEXT NOT NULL REFERENCES currencies (code),
    reference   TEXT NOT NULL DEFAULT '',
    memo        TEXT NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_transactions_reference ON ledger_transactions (reference);

-- owner: ledger. One line of a transaction, with the account's balance
-- right after it (a running balance the audit recomputes).
CREATE TABLE ledger_postings (
    id            INTEGER PRIMARY KEY,
    tx_id         INTEGER NOT NULL REFERENCES ledger_transactions (id),
    account_id    INTEGER NOT NULL REFERENCES ledger_accounts (id),
    amount        INTEGER NOT NULL CHECK (amount <> 0),
    balance_after INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_postings_tx ON ledger_postings (tx_id);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, id);

-- +goose Down
DROP TABLE ledger_postings;
DROP TABLE ledger_transactions;
DROP TABLE ledger_accounts;
