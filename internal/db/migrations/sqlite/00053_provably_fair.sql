-- +goose Up
-- owner: provider/house. Provably fair seeds: per owner ('m:<member id>' for
-- real money, 's:<demo session hash>' for play money) one active server seed
-- (revealed_at = 0) whose SHA-256 commitment is shown before play, the
-- player's client seed and the next nonce; rotating reveals the seed
-- (revealed_at > 0) and starts a new one. server_seed stays secret until
-- revealed_at is set.
CREATE TABLE fair_seeds (
    id          INTEGER PRIMARY KEY,
    owner       TEXT NOT NULL,
    server_seed TEXT NOT NULL,
    commitment  TEXT NOT NULL,
    client_seed TEXT NOT NULL,
    next_nonce  INTEGER NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
    created_at  INTEGER NOT NULL,
    revealed_at INTEGER NOT NULL DEFAULT 0
) STRICT;
-- One active seed per owner: two racing first rounds create it once.
CREATE UNIQUE INDEX fair_seeds_active ON fair_seeds (owner) WHERE revealed_at = 0;

-- What made each round: its seed, nonce, the seed's commitment and the
-- client seed at the time (NULL/'' for rounds played before this migration),
-- and what the RTP monitor groups and weighs it by: the device the page ran
-- on, the stake band, and the exact expected return and variance per unit
-- stake of the round's bet (par_rtp, par_var).
ALTER TABLE game_rounds ADD COLUMN fair_seed_id INTEGER;
ALTER TABLE game_rounds ADD COLUMN nonce INTEGER;
ALTER TABLE game_rounds ADD COLUMN commitment TEXT NOT NULL DEFAULT '';
ALTER TABLE game_rounds ADD COLUMN client_seed TEXT NOT NULL DEFAULT '';
ALTER TABLE game_rounds ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE game_rounds ADD COLUMN stake_band TEXT NOT NULL DEFAULT '';
ALTER TABLE game_rounds ADD COLUMN par_rtp REAL NOT NULL DEFAULT 0;
ALTER TABLE game_rounds ADD COLUMN par_var REAL NOT NULL DEFAULT 0;
CREATE INDEX game_rounds_created ON game_rounds (created_at);

-- owner: provider/house. RTP monitor alerts: a group of rounds (game,
-- channel, device, stake band) whose observed RTP left the confidence
-- interval around its expected RTP; one per group and hour (bucket).
CREATE TABLE rtp_alerts (
    id           INTEGER PRIMARY KEY,
    group_key    TEXT NOT NULL,
    bucket       INTEGER NOT NULL,
    game_code    TEXT NOT NULL,
    demo         INTEGER NOT NULL CHECK (demo IN (0, 1)),
    device       TEXT NOT NULL,
    stake_band   TEXT NOT NULL,
    rounds       INTEGER NOT NULL,
    observed_rtp REAL NOT NULL,
    expected_rtp REAL NOT NULL,
    low          REAL NOT NULL,
    high         REAL NOT NULL,
    created_at   INTEGER NOT NULL,
    UNIQUE (group_key, bucket)
) STRICT;

-- +goose Down
DROP TABLE rtp_alerts;
DROP INDEX game_rounds_created;
ALTER TABLE game_rounds DROP COLUMN par_var;
ALTER TABLE game_rounds DROP COLUMN par_rtp;
ALTER TABLE game_rounds DROP COLUMN stake_band;
ALTER TABLE game_rounds DROP COLUMN device;
ALTER TABLE game_rounds DROP COLUMN client_seed;
ALTER TABLE game_rounds DROP COLUMN commitment;
ALTER TABLE game_rounds DROP COLUMN nonce;
ALTER TABLE game_rounds DROP COLUMN fair_seed_id;
DROP TABLE fair_seeds;
