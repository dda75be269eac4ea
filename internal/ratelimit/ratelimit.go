// Package ratelimit counts events per key in fixed time windows and keeps
// lockouts, in the database so that every node sees the same counts.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"gamehall/internal/db"
)

// Limiter counts and locks. Its zero value is unusable; use New.
type Limiter struct {
	db  *db.DB
	now func() time.Time
	// group, when set, commits the counters' increments in its batches.
	group             *db.Group
	hitSQL, refundSQL db.Returning
	// ended remembers the counts of windows that have ended: nothing
	// counts into them any more, so a sliding window reads its previous
	// window once a key, not at every hit (a real-money round makes one).
	// A refund landing in a window after it ended leaves the count one
	// high, which only ever refuses sooner.
	mu    sync.Mutex
	ended map[window]int
}

// window is one window of a key: the row of its count.
type window struct {
	key   string
	start int64
}

// maxEnded bounds the remembered counts; past it they are all forgotten.
const maxEnded = 100_000

// New returns a limiter on d; now is the clock.
func New(d *db.DB, now func() time.Time) *Limiter {
	return &Limiter{db: d, now: now, ended: map[window]int{}, hitSQL: db.NewReturning(`INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 1)
		ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1`, "count",
		`SELECT count FROM rate_counters WHERE key = $1 AND window_start = $2`),
		refundSQL: db.NewReturning(`UPDATE rate_counters SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0`,
			"count", `SELECT count FROM rate_counters WHERE key = $1 AND window_start = $2`)}
}

// WithGroup makes each count join g's batches (nil: each commits alone).
// On SQLite a count is a write of its own per request, and alone it paid
// a sync per request; in a batch one sync serves many, as for postings.
func (l *Limiter) WithGroup(g *db.Group) *Limiter {
	l.group = g
	return l
}

// Hit counts one event for key in the window of length per and returns the
// count so far in that window (including this one).
func (l *Limiter) Hit(ctx context.Context, key string, per time.Duration) (int, error) {
	return l.hitAt(ctx, key, l.now().Truncate(per).UnixMicro())
}

func (l *Limiter) hitAt(ctx context.Context, key string, start int64) (int, error) {
	key = stored(key)
	var n int
	count := func(ctx context.Context) error {
		var after int64
		err := l.db.Add(ctx, l.hitSQL, window{key, start}, 1, []any{key, start}, &after)
		n = int(after)
		return err
	}
	var err error
	if l.group != nil {
		err = l.group.Tx(ctx, count)
	} else {
		err = count(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("rate: %w", db.MapError(err))
	}
	return n, nil
}

// Allow counts one event and reports whether it is within max in the
// window of length per that ends now: the window slides as Reserve's does,
// so a burst across the turn of a fixed window gets no second allowance
// (30 captchas at 10:00:59 and 30 more at 10:01:00 were all allowed).
func (l *Limiter) Allow(ctx context.Context, key string, max int, per time.Duration) (bool, error) {
	_, ok, err := l.Reserve(ctx, key, max, per)
	return ok, err
}

// Attempt is one attempt counted by Reserve.
type Attempt struct {
	key   string
	start int64
	// N is the attempt's number in the sliding window ending now, 1 for
	// the first.
	N int
}

// Reserve counts an attempt of key before it is evaluated, and reports
// whether it is within max in the window of length per that ends now. The
// count is one atomic increment whose result decides, so at most max
// attempts are ever evaluated, whatever the concurrency and on every node (a
// check before and a count after the evaluation would let every request of
// a burst through). The window slides: the previous fixed window's count is
// carried in proportion to the part of it still inside the last per (rounded
// up), so a burst across a window boundary gets no second allowance. An
// attempt that turns out not to count (a success, when only failures are
// limited) is given back with Refund.
func (l *Limiter) Reserve(ctx context.Context, key string, max int, per time.Duration) (Attempt, bool, error) {
	now := l.now()
	start := now.Truncate(per)
	n, err := l.hitAt(ctx, key, start.UnixMicro())
	if err != nil {
		return Attempt{}, false, err
	}
	prev, err := l.endedCount(ctx, stored(key), start.Add(-per).UnixMicro())
	if err != nil {
		return Attempt{}, false, err
	}
	left := float64(per-now.Sub(start)) / float64(per)
	used := n + int(math.Ceil(float64(prev)*left))
	return Attempt{key: stored(key), start: start.UnixMicro(), N: used}, used <= max, nil
}

// Refund gives a reserved attempt back to its window.
func (l *Limiter) Refund(ctx context.Context, a Attempt) error {
	if a.key == "" {
		return nil
	}
	// Through Add, as the count went up: a count it remembers stays true.
	var n int64
	err := l.db.Add(ctx, l.refundSQL, window{a.key, a.start}, -1, []any{a.key, a.start}, &n)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("rate refund: %w", db.MapError(err))
	}
	return nil
}

// Count is the count of key in the current window without adding to it.
func (l *Limiter) Count(ctx context.Context, key string, per time.Duration) (int, error) {
	return l.countAt(ctx, stored(key), l.now().Truncate(per).UnixMicro())
}

// endedCount is the count of key's window that began at start and has
// ended.
func (l *Limiter) endedCount(ctx context.Context, key string, start int64) (int, error) {
	w := window{key: key, start: start}
	l.mu.Lock()
	n, ok := l.ended[w]
	l.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := l.countAt(ctx, key, start)
	if err != nil {
		return 0, err
	}
	l.mu.Lock()
	if len(l.ended) >= maxEnded {
		clear(l.ended)
	}
	l.ended[w] = n
	l.mu.Unlock()
	return n, nil
}

func (l *Limiter) countAt(ctx context.Context, key string, start int64) (int, error) {
	var n int
	err := l.db.Q(ctx).QueryRowContext(ctx, `SELECT count FROM rate_counters WHERE key = $1 AND window_start = $2`, key, start).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("rate: %w", db.MapError(err))
	}
	return n, nil
}

// Lock locks key until now+d (never shortening an existing lock).
func (l *Limiter) Lock(ctx context.Context, key string, d time.Duration) error {
	key = stored(key)
	until := l.now().Add(d).UnixMicro()
	_, err := l.db.Q(ctx).ExecContext(ctx, `INSERT INTO lockouts (key, until) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET until = CASE WHEN lockouts.until > $2 THEN lockouts.until ELSE $2 END`, key, until)
	if err != nil {
		return fmt.Errorf("lock: %w", db.MapError(err))
	}
	return nil
}

// Locked reports whether key is locked now.
func (l *Limiter) Locked(ctx context.Context, key string) (bool, error) {
	key = stored(key)
	var until int64
	err := l.db.Q(ctx).QueryRowContext(ctx, `SELECT until FROM lockouts WHERE key = $1`, key).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("lockout: %w", db.MapError(err))
	}
	return until > l.now().UnixMicro(), nil
}

// Unlock removes key's lock.
func (l *Limiter) Unlock(ctx context.Context, key string) error {
	key = stored(key)
	if _, err := l.db.Q(ctx).ExecContext(ctx, `DELETE FROM lockouts WHERE key = $1`, key); err != nil {
		return fmt.Errorf("unlock: %w", db.MapError(err))
	}
	return nil
}

// Sweep deletes counters and locks that ended before now; a janitor calls it.
func (l *Limiter) Sweep(ctx context.Context, olderThan time.Duration) error {
	cut := l.now().Add(-olderThan).UnixMicro()
	if _, err := l.db.Q(ctx).ExecContext(ctx, `DELETE FROM rate_counters WHERE window_start < $1`, cut); err != nil {
		return fmt.Errorf("sweep counters: %w", db.MapError(err))
	}
	if _, err := l.db.Q(ctx).ExecContext(ctx, `DELETE FROM lockouts WHERE until < $1`, l.now().UnixMicro()); err != nil {
		return fmt.Errorf("sweep lockouts: %w", db.MapError(err))
	}
	return nil
}

// Guard limits the failed checks of one secret (a password, an answer): at
// most Max checks a Window, and a lock of Lock once they are spent.
type Guard struct {
	Max    int
	Window time.Duration
	Lock   time.Duration
}

// Try reserves one check of key's secret before it runs: false while the
// lock is on or while the window's checks are all taken, so at most Max
// checks are ever evaluated, whatever the concurrency. A right answer gives
// its attempt back with Refund; only a failed check (Failed) locks, so a
// burst of right answers never locks anyone out.
func (l *Limiter) Try(ctx context.Context, key string, g Guard) (Attempt, bool, error) {
	if locked, err := l.Locked(ctx, key); err != nil || locked {
		return Attempt{}, false, err
	}
	return l.Reserve(ctx, key, g.Max, g.Window)
}

// Failed records that the reserved check failed and reports whether it
// engaged the lock (it was the window's last check).
func (l *Limiter) Failed(ctx context.Context, key string, g Guard, try Attempt) (bool, error) {
	if try.N < g.Max {
		return false, nil
	}
	return true, l.Lock(ctx, key, g.Lock)
}

// Cooldown takes key for d when it is free: true for the one caller that
// took it, false while an earlier take has not run out (one conditional
// upsert decides, so concurrent callers cannot both take it).
func (l *Limiter) Cooldown(ctx context.Context, key string, d time.Duration) (bool, error) {
	key = stored(key)
	now := l.now()
	var until int64
	err := l.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO lockouts (key, until) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET until = $2 WHERE lockouts.until <= $3 RETURNING until`,
		key, now.Add(d).UnixMicro(), now.UnixMicro()).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cooldown: %w", db.MapError(err))
	}
	return true, nil
}

// maxKey is the longest key stored as written. Keys carry what a client
// sent (an account, a phone), so a longer one, or one no text column takes
// (a NUL, bad UTF-8), is stored as a readable prefix and a digest: the
// tables' indexes stay small whatever the input.
const maxKey = 128

func stored(key string) string {
	if len(key) <= maxKey && utf8.ValidString(key) && strings.IndexByte(key, 0) < 0 {
		return key
	}
	sum := sha256.Sum256([]byte(key))
	var prefix []byte
	for _, r := range key[:min(len(key), maxKey)] {
		if r == 0 || r == utf8.RuneError {
			continue
		}
		if len(prefix)+utf8.RuneLen(r) > maxKey-65 {
			break
		}
		prefix = utf8.AppendRune(prefix, r)
	}
	return string(prefix) + "#" + hex.EncodeToString(sum[:])
}
