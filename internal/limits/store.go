package limits

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"gamehall/internal/db"
)

// row is one stored limit.
type row struct {
	Kind          Kind
	Period        Period
	Amount        int64
	PendingAmount sql.NullInt64 // removal: -1
	PendingAt     sql.NullInt64
	UpdatedAt     int64
}

// Store is the SQL of player_limits.
type Store struct{ db *db.DB }

// NewStore returns the store over d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

func scanRow(r *sql.Rows, l *row) error {
	var kind, period string
	if err := r.Scan(&kind, &period, &l.Amount, &l.PendingAmount, &l.PendingAt, &l.UpdatedAt); err != nil {
		return err
	}
	l.Kind, l.Period = Kind(kind), Period(period)
	return nil
}

// list is every limit of the member.
func (s *Store) list(ctx context.Context, memberID int64) ([]row, error) {
	out, err := db.Query(ctx, s.db.Q(ctx), `SELECT kind, period, amount, pending_amount, pending_at, updated_at
		FROM player_limits WHERE member_id = $1 ORDER BY kind, period`, scanRow, memberID)
	if err != nil {
		return nil, fmt.Errorf("limits: %w", err)
	}
	return out, nil
}

// lock takes the member's limit rows of the given kinds for the rest of the
// transaction and answers them; no row: no limit to keep. On PostgreSQL two
// decisions for one member queue on the rows' locks. On SQLite the
// transaction holds the database's only write lock since it began, so a
// read is enough: an UPDATE ... RETURNING there costs a temporary b-tree and
// a statement journal, on the hot path of every real-money round. Every row
// of the member is taken and the kinds picked here: a "kind IN (...)" list
// builds a temporary b-tree on SQLite, and a member has a handful of rows.
func (s *Store) lock(ctx context.Context, memberID int64, kinds ...Kind) ([]row, error) {
	var all []row
	var err error
	if s.db.SerialWrites() {
		// Every real-money round asks: the writer remembers the answer
		// until a limit or anything else is written elsewhere (db.Recall).
		all, err = db.Recall(ctx, s.db, memberLimits(memberID), func(ctx context.Context) ([]row, error) { return s.list(ctx, memberID) })
	} else {
		all, err = db.Query(ctx, s.db.Q(ctx), `UPDATE player_limits SET updated_at = updated_at
			WHERE member_id = $1 RETURNING kind, period, amount, pending_amount, pending_at, updated_at`, scanRow, memberID)
	}
	if err != nil {
		return nil, fmt.Errorf("lock limits: %w", err)
	}
	var out []row // all may be shared: never filtered in place
	for _, r := range all {
		if slices.Contains(kinds, r.Kind) {
			out = append(out, r)
		}
	}
	return out, nil
}

// memberLimits keys a member's limits in db.Recall.
type memberLimits int64

// put writes a limit row as it is.
func (s *Store) put(ctx context.Context, memberID int64, l row) error {
	s.db.Forget(ctx)
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO player_limits (member_id, kind, period, amount, pending_amount, pending_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (member_id, kind, period) DO UPDATE SET amount = excluded.amount, pending_amount = excluded.pending_amount,
			pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
		memberID, string(l.Kind), string(l.Period), l.Amount, l.PendingAmount, l.PendingAt, l.UpdatedAt)
	if err != nil {
		return fmt.Errorf("put limit: %w", db.MapError(err))
	}
	return nil
}

// remove deletes a limit.
func (s *Store) remove(ctx context.Context, memberID int64, kind Kind, period Period) error {
	s.db.Forget(ctx)
	if _, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM player_limits WHERE member_id = $1 AND kind = $2 AND period = $3`,
		memberID, string(kind), string(period)); err != nil {
		return fmt.Errorf("remove limit: %w", db.MapError(err))
	}
	return nil
}
