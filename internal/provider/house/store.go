package house

import (
	"context"
	"fmt"

	"gamehall/internal/db"
)

// Store keeps demo sessions. Session ids never reach it: only their hashes.
type Store struct {
	db *db.DB
	// group, when set, commits real-money rounds in batches (SQLite).
	group *db.Group
	// The writes of every round.
	claimSQL, nonceSQL, feedSQL, realRoundSQL, demoRoundSQL, demoBalanceSQL db.Returning
}

// claimNonceSQL takes the next nonce of an owner's active seed.
const claimNonceSQL = `UPDATE fair_seeds SET next_nonce = next_nonce + 1 WHERE owner = $1 AND revealed_at = 0`

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store {
	return &Store{db: d,
		claimSQL: db.NewReturning(claimNonceSQL, seedColumns, activeSeedSQL),
		nonceSQL: db.NewReturning(claimNonceSQL, "next_nonce", `SELECT next_nonce FROM fair_seeds WHERE owner = $1 AND revealed_at = 0`),
		feedSQL: db.NewReturning(`UPDATE house_sessions SET staked = staked + $2 WHERE id_hash = $1`, "staked",
			`SELECT staked FROM house_sessions WHERE id_hash = $1`),
		realRoundSQL: db.NewReturning(`INSERT INTO game_rounds (session_hash, request_id, demo, member_id, game_code, game_version,
			currency, stake, win, balance_before, balance_after, choices, outcome, created_at, fair_seed_id, nonce, commitment,
			client_seed, device, stake_band, par_rtp, par_var)
			VALUES ($1, $2, FALSE, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`, "id", ""),
		demoRoundSQL: db.NewReturning(`INSERT INTO game_rounds (session_hash, request_id, demo, game_code, game_version,
			currency, stake, win, balance_before, balance_after, choices, outcome, created_at, fair_seed_id, nonce, commitment,
			client_seed, device, stake_band, par_rtp, par_var)
			VALUES ($1, $2, TRUE, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`, "id", ""),
		demoBalanceSQL: db.NewReturning(`UPDATE demo_sessions SET balance = balance - $1 + $2, updated_at = $3
			WHERE id_hash = $4 AND expires_at > $3 AND balance >= $1`, "balance", `SELECT balance FROM demo_sessions WHERE id_hash = $4`),
	}
}

// WithGroupCommit makes each real-money round join g's batches, with the
// postings of other rounds, instead of paying a durable commit of its own;
// nil leaves every round in its own transaction.
func (s *Store) WithGroupCommit(g *db.Group) *Store {
	s.group = g
	return s
}

// commit runs fn in a transaction: g's batch when group commit is on.
func (s *Store) commit(ctx context.Context, fn func(ctx context.Context) error) error {
	if s.group != nil {
		return s.group.Tx(ctx, fn)
	}
	return s.db.Optimistic(ctx, fn)
}

// SessionRow is one stored demo session.
type SessionRow struct {
	IDHash    string
	SiteID    int64
	GameCode  string
	Currency  string
	Exponent  int
	Balance   int64
	CreatedAt int64
	UpdatedAt int64
	ExpiresAt int64
}

// Insert stores a new session.
func (s *Store) Insert(ctx context.Context, r SessionRow) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO demo_sessions (id_hash, site_id, game_code, currency, exponent, balance,
		created_at, updated_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		r.IDHash, r.SiteID, r.GameCode, r.Currency, r.Exponent, r.Balance, r.CreatedAt, r.UpdatedAt, r.ExpiresAt)
	if err != nil {
		return fmt.Errorf("insert demo session: %w", db.MapError(err))
	}
	return nil
}

// Session loads the live session with hash idHash at now; db.ErrNotFound
// when there is none or it has expired.
func (s *Store) Session(ctx context.Context, idHash string, now int64) (SessionRow, error) {
	var r SessionRow
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id_hash, site_id, game_code, currency, exponent, balance,
		created_at, updated_at, expires_at FROM demo_sessions WHERE id_hash = $1 AND expires_at > $2`, idHash, now).Scan(
		&r.IDHash, &r.SiteID, &r.GameCode, &r.Currency, &r.Exponent, &r.Balance, &r.CreatedAt, &r.UpdatedAt, &r.ExpiresAt)
	if err != nil {
		return SessionRow{}, fmt.Errorf("demo session: %w", db.MapError(err))
	}
	return r, nil
}

// DeleteExpired removes sessions that expired before now.
func (s *Store) DeleteExpired(ctx context.Context, now int64) (int64, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM demo_sessions WHERE expires_at <= $1`, now)
	if err != nil {
		return 0, fmt.Errorf("delete expired demo sessions: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n, nil
}
