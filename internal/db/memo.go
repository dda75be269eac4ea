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
//
// It holds only while nothing else writes: it is cleared when any other
// connection has committed since the writer's last batch (PRAGMA
// data_version, which moves for exactly that) and whenever the writer rolls
// anything back, a savepoint or a batch, since the values it learnt there
// were undone.
type memo struct {
	version int64
	values  map[any]int64
}

// memoMax bounds the remembered counters; past it the memo starts over.
const memoMax = 1 << 16

func newMemo() *memo { return &memo{version: -1, values: map[any]int64{}} }

// clear forgets every value; safe on nil.
func (m *memo) clear() {
	if m != nil && len(m.values) > 0 {
		m.values = map[any]int64{}
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
