package db_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sync"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

// TestReturning: an insert answers its new id, an upsert that met its
// conflict and an update that matched nothing answer not found, a
// constraint failure is mapped, and an update answers the row as it left
// it, in a transaction and outside one, on both databases.
func TestReturning(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ddl := `CREATE TABLE ret_test (id INTEGER PRIMARY KEY, k TEXT NOT NULL UNIQUE, n BIGINT NOT NULL CHECK (n >= 0))`
		if d.Dialect == db.Postgres {
			ddl = `CREATE TABLE ret_test (id BIGSERIAL PRIMARY KEY, k TEXT NOT NULL UNIQUE, n BIGINT NOT NULL CHECK (n >= 0))`
		}
		if _, err := d.ExecContext(ctx, ddl); err != nil {
			t.Fatal(err)
		}
		insert := db.NewReturning(`INSERT INTO ret_test (k, n) VALUES ($1, $2) ON CONFLICT (k) DO NOTHING`, "id", "")
		bump := db.NewReturning(`UPDATE ret_test SET n = n + $2 WHERE k = $1 AND n + $2 >= 0`, "id, n", `SELECT id, n FROM ret_test WHERE k = $1`)
		var a, b int64
		if err := d.Row(ctx, insert, []any{"a", 5}, &a); err != nil {
			t.Fatal(err)
		}
		err := d.Tx(ctx, func(ctx context.Context) error { return d.Row(ctx, insert, []any{"b", 1}, &b) })
		if err != nil || b == a || b == 0 || a == 0 {
			t.Fatalf("ids %d %d: %v", a, b, err)
		}
		var again int64
		if err := d.Row(ctx, insert, []any{"a", 9}, &again); !errors.Is(err, sql.ErrNoRows) || !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("conflict: %v", err)
		}
		var id, n int64
		err = d.Tx(ctx, func(ctx context.Context) error { return d.Row(ctx, bump, []any{"a", -3}, &id, &n) })
		if err != nil || id != a || n != 2 {
			t.Fatalf("bump: id %d n %d (%v), want %d 2", id, n, err, a)
		}
		if err := d.Row(ctx, bump, []any{"a", -3}, &id, &n); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("refused bump: %v", err)
		}
		if err := d.Row(ctx, bump, []any{"zz", 1}, &id, &n); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("no row: %v", err)
		}
		check := db.NewReturning(`UPDATE ret_test SET n = n - 100 WHERE k = $1`, "n", `SELECT n FROM ret_test WHERE k = $1`)
		if err := d.Row(ctx, check, []any{"a"}, &n); !errors.Is(err, db.ErrCheck) {
			t.Fatalf("check: %v", err)
		}
	})
}

// TestReturningOutsideATransaction: 300 increments at once, each outside any
// transaction, answer 300 different counts: each reads the row as its own
// write left it.
func TestReturningOutsideATransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, `CREATE TABLE ret_count (k TEXT PRIMARY KEY, n BIGINT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		hit := db.NewReturning(`INSERT INTO ret_count (k, n) VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET n = ret_count.n + 1`, "n",
			`SELECT n FROM ret_count WHERE k = $1`)
		const callers = 300
		seen := make([]int, callers)
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() {
				if err := d.Row(ctx, hit, []any{"k"}, &seen[i]); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		slices.Sort(seen)
		for i, n := range seen {
			if n != i+1 {
				t.Fatalf("counts %v: two callers read the same row", seen)
			}
		}
	})
}
