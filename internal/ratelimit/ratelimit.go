// Package ratelimit counts events per key in fixed time windows and keeps
// lockouts, in the database so that every node sees the same counts.
package ratelimit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gamehall/internal/db"
)

// Limiter counts and locks. Its zero value is unusable; use New.
type Limiter struct {
	db  *db.DB
	now func() time.Time
}

// New returns a limiter on d; now is the clock.
func New(d *db.DB, now func() time.Time) *Limiter {
	return &Limiter{db: d, now: now}
}

// Hit counts one event for key in the window of length per and returns the
// count so far in that window (including this one).
func (l *Limiter) Hit(ctx context.Context, key string, per time.Duration) (int, error) {
	start := l.now().Truncate(per).UnixMicro()
	var n int
	err := l.db.QueryRowContext(ctx, `INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 1)
		ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1 RETURNING count`,
		key, start).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("rate %s: %w", key, db.MapError(err))
	}
	return n, nil
}

// Allow counts one event and reports whether it is within max per window.
func (l *Limiter) Allow(ctx context.Context, key string, max int, per time.Duration) (bool, error) {
	n, err := l.Hit(ctx, key, per)
	return n <= max, err
}

// Count is the count of key in the current window without adding to it.
func (l *Limiter) Count(ctx context.Context, key string, per time.Duration) (int, error) {
	start := l.now().Truncate(per).UnixMicro()
	var n int
	err := l.db.QueryRowContext(ctx, `SELECT count FROM rate_counters WHERE key = $1 AND window_start = $2`, key, start).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("rate %s: %w", key, db.MapError(err))
	}
	return n, nil
}

// Reset forgets key's current window (after a success, say).
func (l *Limiter) Reset(ctx context.Context, key string, per time.Duration) error {
	start := l.now().Truncate(per).UnixMicro()
	_, err := l.db.ExecContext(ctx, `DELETE FROM rate_counters WHERE key = $1 AND window_start = $2`, key, start)
	if err != nil {
		return fmt.Errorf("rate reset %s: %w", key, db.MapError(err))
	}
	return nil
}

// Lock locks key until now+d (never shortening an existing lock).
func (l *Limiter) Lock(ctx context.Context, key string, d time.Duration) error {
	until := l.now().Add(d).UnixMicro()
	_, err := l.db.ExecContext(ctx, `INSERT INTO lockouts (key, until) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET until = CASE WHEN lockouts.until > $2 THEN lockouts.until ELSE $2 END`, key, until)
	if err != nil {
		return fmt.Errorf("lock %s: %w", key, db.MapError(err))
	}
	return nil
}

// Locked reports whether key is locked now.
func (l *Limiter) Locked(ctx context.Context, key string) (bool, error) {
	var until int64
	err := l.db.QueryRowContext(ctx, `SELECT until FROM lockouts WHERE key = $1`, key).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("lockout %s: %w", key, db.MapError(err))
	}
	return until > l.now().UnixMicro(), nil
}

// Unlock removes key's lock.
func (l *Limiter) Unlock(ctx context.Context, key string) error {
	if _, err := l.db.ExecContext(ctx, `DELETE FROM lockouts WHERE key = $1`, key); err != nil {
		return fmt.Errorf("unlock %s: %w", key, db.MapError(err))
	}
	return nil
}

// Sweep deletes counters and locks that ended before now; a janitor calls it.
func (l *Limiter) Sweep(ctx context.Context, olderThan time.Duration) error {
	cut := l.now().Add(-olderThan).UnixMicro()
	if _, err := l.db.ExecContext(ctx, `DELETE FROM rate_counters WHERE window_start < $1`, cut); err != nil {
		return fmt.Errorf("sweep counters: %w", db.MapError(err))
	}
	if _, err := l.db.ExecContext(ctx, `DELETE FROM lockouts WHERE until < $1`, l.now().UnixMicro()); err != nil {
		return fmt.Errorf("sweep lockouts: %w", db.MapError(err))
	}
	return nil
}
