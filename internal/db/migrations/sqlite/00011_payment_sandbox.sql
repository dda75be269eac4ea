-- +goose Up
-- The built-in sandbox payment gateway: a separate service that happens to
-- live in the binary. Its tables are its own; the wallet only ever sees its
-- hosted page, its signed callbacks and the answers of its Gateway methods.

-- owner: payment/sandbox. The per-install HMAC key of callbacks (hex), made
-- on first use so that every node of one database signs alike. A configured
-- GAMEHALL_SANDBOX_SECRET takes its place.
CREATE TABLE pay_sandbox_keys (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    secret     TEXT NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;

-- owner: payment/sandbox. Deposit orders and payouts as the gateway knows
-- them, one per kind and order number (the idempotency key). A deposit's
-- hosted page is found by the SHA-256 of its page token (the token itself
-- is derived from the key and never stored); form_token guards its forms.
-- Each leaves pending exactly once, by one conditional update.
CREATE TABLE pay_sandbox_orders (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('deposit', 'payout')),
    order_no    TEXT NOT NULL,
    gateway_ref TEXT NOT NULL UNIQUE,
    token_hash  TEXT NOT NULL DEFAULT '',
    form_token  TEXT NOT NULL DEFAULT '',
    member_id   INTEGER NOT NULL,
    currency    TEXT NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    exponent    INTEGER NOT NULL DEFAULT 0,
    return_url  TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'declined')),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL DEFAULT 0,
    due_at      INTEGER NOT NULL DEFAULT 0,
    settled_at  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (kind, order_no)
) STRICT;
CREATE UNIQUE INDEX pay_sandbox_orders_token ON pay_sandbox_orders (token_hash) WHERE token_hash <> '';
CREATE INDEX pay_sandbox_orders_due ON pay_sandbox_orders (status, kind, due_at);

-- owner: payment/sandbox. The callback queue: the exact body of each
-- callback, sent until the receiver answers HTTP 200 (done), with backoff
-- between attempts; dropped (a fault) and failed (out of attempts) stay for
-- the record. next_at is also the lease of an attempt in flight.
CREATE TABLE pay_sandbox_callbacks (
    id           INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES pay_sandbox_orders (id),
    body         TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('queued', 'done', 'dropped', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_code    INTEGER NOT NULL DEFAULT 0,
    next_at      INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    delivered_at INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX pay_sandbox_callbacks_due ON pay_sandbox_callbacks (status, next_at);
CREATE INDEX pay_sandbox_callbacks_order ON pay_sandbox_callbacks (order_id);

-- +goose Down
DROP TABLE pay_sandbox_callbacks;
DROP TABLE pay_sandbox_orders;
DROP TABLE pay_sandbox_keys;
