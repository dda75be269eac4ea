package db

import (
	"context"
	"database/sql"
	"fmt"
)

// memo is what the group committer's SQLite writer knows of counters it
// wrote (an account's balance, a session's stake): their values after its
// last write. A counter's write then needs no read of what it left, which
// is a statement of every ledger line and every round on the only writer.
// It also keeps rows the writer read that rarely change (Recall).
//
// It holds only while nothing else writes: it is cleared when any other
// connection has committed since the writer's last batch (PRAGMA
// data_version, which moves for exactly that) and whenever the writer rolls
// anything back, a savepoint or a batch, since the values it learnt there
// were undone.
type memo struct {
	version int64
	values  map[any]int64
	// reads are what Recall read: rows that change rarely (a member's
	// restrictions and limits, a session's end, a fair seed) but are read
	// on every real-money round.
	reads map[any]any
}

// memoMax bounds the remembered counters; past it the memo starts over.
const memoMax = 1 << 16

func newMemo() *memo { return &memo{version: -1, values: map[any]int64{}, reads: map[any]any{}} }

// clear forgets every value; safe on nil.
func (m *memo) clear() {
	if m != nil && len(m.values) > 0 {
		m.values = map[any]int64{}
	}
	if m != nil && len(m.reads) > 0 {
		m.reads = map[any]any{}
	}
}

// check clears the memo when another connection committed since the last
// check; tx is the writer's transaction.
func (m *memo) check(ctx context.Context, tx *sql.Tx) error {
	var v int64
	if err := tx.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v); err != nil {
		return fmt.Errorf("data version: %w", err)
	}
	if v != m.version {
		m.clear()
		m.version = v
	}
	return nil
}

// Remembered is the value Add last answered for key in the group
// committer's transactions, when ctx carries one and the value still holds.
func (d *DB) Remembered(ctx context.Context, key any) (int64, bool) {
	st, ok := d.open(ctx)
	if !ok || st.memo == nil {
		return 0, false
	}
	v, known := st.memo.values[key]
	return v, known
}

// Add runs r, a write that adds delta to one integer column of one row,
// and answers the column's new value into after; ErrNotFound when the
// write matched no row (its condition refused it). key names the row's
// column among everything Add remembers: a comparable value of a type
// the caller owns. In the group committer's SQLite transactions the value
// is remembered under key, and a later Add of the same key answers it
// without reading the row again.
func (d *DB) Add(ctx context.Context, r Returning, key any, delta int64, args []any, after *int64) error {
	st, ok := d.open(ctx)
	if !ok || st.memo == nil {
		return d.Row(ctx, r, args, after)
	}
	m := st.memo
	before, known := m.values[key]
	if !known {
		if err := d.Row(ctx, r, args, after); err != nil {
			return err
		}
		if len(m.values) >= memoMax {
			m.clear()
		}
		m.values[key] = *after
		return nil
	}
	if _, err := writeOne(ctx, st.tx, r, args); err != nil {
		return err
	}
	*after = before + delta
	m.values[key] = *after
	return nil
}

// Recall answers what load reads for key. In the group committer's SQLite
// transactions the answer is remembered and answered again, without a
// statement, until another connection commits, the writer rolls anything
// back or a write calls Forget; elsewhere load runs every time. load must
// only read, and the caller must not change what Recall answers (it is
// shared). key is a comparable value of a type the caller owns.
func Recall[T any](ctx context.Context, d *DB, key any, load func(ctx context.Context) (T, error)) (T, error) {
	st, ok := d.open(ctx)
	if !ok || st.memo == nil {
		return load(ctx)
	}
	if v, known := st.memo.reads[key]; known {
		if t, ok := v.(T); ok {
			return t, nil
		}
	}
	v, err := load(ctx)
	if err != nil {
		return v, err
	}
	if len(st.memo.reads) >= memoMax {
		st.memo.reads = map[any]any{}
	}
	st.memo.reads[key] = v
	return v, nil
}

// Remembers reports whether ctx carries the group writer's transaction,
// where Recall and Add answer from memory what they can.
func (d *DB) Remembers(ctx context.Context) bool {
	st, ok := d.open(ctx)
	return ok && st.memo != nil
}

// Forget makes the group writer forget what it remembers when ctx carries
// its transaction: a write there of rows Recall may have read. (A write on
// any other connection is seen by the writer's next batch.)
func (d *DB) Forget(ctx context.Context) {
	if st, ok := d.open(ctx); ok && st.memo != nil {
		st.memo.clear()
	}
}
