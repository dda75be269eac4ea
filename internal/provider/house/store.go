package house

import (
	"context"
	"database/sql"
	"errors"
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

// Session loads the live session with hash idHash at now; db.ErrNotFound when
// there is none or it has expired.
func (s *Store) Session(ctx context.Context, idHash string, now int64) (SessionRow, error) {
	var r SessionRow
	err := s.db.QueryRowContext(ctx, `SELECT d.id_hash, d.site_id, d.game_code, d.currency, c.exponent, d.balance,
		d.created_at, d.updated_at, d.expires_at
		FROM demo_sessions d JOIN currencies c ON c.code = d.currency
		WHERE d.id_hash = $1 AND d.expires_at > $2`, idHash, now).Scan(&r.IDHash, &r.SiteID, &r.GameCode, &r.Currency,
		&r.Exponent, &r.Balance, &r.CreatedAt, &r.UpdatedAt, &r.ExpiresAt)
	if err != nil {
		return SessionRow{}, fmt.Errorf("demo session: %w", db.MapError(err))
	}
	return r, nil
}

// errNegative reports an update refused because the balance would go below zero.
var errNegative = errors.New("demo balance would go negative")

// AddBalance adds delta (negative for a stake) to a live session's balance in
// one conditional statement, so concurrent updates never take it below zero.
// It answers the new balance; db.ErrNotFound when the session is unknown or
// expired, errNegative when the balance is too small.
func (s *Store) AddBalance(ctx context.Context, idHash string, delta, now int64) (int64, error) {
	var balance int64
	err := s.db.QueryRowContext(ctx, `UPDATE demo_sessions SET balance = balance + $1, updated_at = $2
		WHERE id_hash = $3 AND expires_at > $2 AND balance + $1 >= 0 RETURNING balance`,
		delta, now, idHash).Scan(&balance)
	if err == nil {
		return balance, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("demo balance: %w", db.MapError(err))
	}
	// Nothing updated: tell an unknown session from a short balance.
	if _, err := s.Session(ctx, idHash, now); err != nil {
		return 0, err
	}
	return 0, errNegative
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
