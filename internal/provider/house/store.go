package house

import (
	"context"
	"fmt"

	"gamehall/internal/db"
)

// Store keeps demo sessions. Session ids never reach it: only their hashes.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

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
	// SiteDemoMode is the site's demo_mode flag when the session was read
	// (Session only).
	SiteDemoMode bool
}

// Insert stores a new session.
func (s *Store) Insert(ctx context.Context, r SessionRow) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO demo_sessions (id_hash, site_id, game_code, currency, balance,
		created_at, updated_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		r.IDHash, r.SiteID, r.GameCode, r.Currency, r.Balance, r.CreatedAt, r.UpdatedAt, r.ExpiresAt)
	if err != nil {
		return fmt.Errorf("insert demo session: %w", db.MapError(err))
	}
	return nil
}

// Session loads the live session with hash idHash at now, with its site's
// demo_mode flag; db.ErrNotFound when
// there is none or it has expired.
func (s *Store) Session(ctx context.Context, idHash string, now int64) (SessionRow, error) {
	var r SessionRow
	err := s.db.QueryRowContext(ctx, `SELECT d.id_hash, d.site_id, d.game_code, d.currency, c.exponent, d.balance,
		d.created_at, d.updated_at, d.expires_at, COALESCE(s.demo_mode, FALSE)
		FROM demo_sessions d JOIN currencies c ON c.code = d.currency LEFT JOIN sites s ON s.id = d.site_id
		WHERE d.id_hash = $1 AND d.expires_at > $2`, idHash, now).Scan(&r.IDHash, &r.SiteID, &r.GameCode, &r.Currency,
		&r.Exponent, &r.Balance, &r.CreatedAt, &r.UpdatedAt, &r.ExpiresAt, &r.SiteDemoMode)
	if err != nil {
		return SessionRow{}, fmt.Errorf("demo session: %w", db.MapError(err))
	}
	return r, nil
}

// DeleteExpired removes sessions that expired before now.
func (s *Store) DeleteExpired(ctx context.Context, now int64) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM demo_sessions WHERE expires_at <= $1`, now)
	if err != nil {
		return 0, fmt.Errorf("delete expired demo sessions: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n, nil
}
