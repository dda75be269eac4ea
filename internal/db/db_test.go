package db_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

// TestMapError drives each constraint on both databases and checks the
// driver error becomes the domain error.
func TestMapError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		exec := func(q string, args ...any) error {
			_, err := d.ExecContext(ctx, q, args...)
			return db.MapError(err)
		}
		// USD comes with the reference migration.
		if err := exec(`INSERT INTO currencies (code, symbol, exponent) VALUES ('USD', '$', 2)`); !errors.Is(err, db.ErrConflict) {
			t.Fatalf("duplicate key: %v", err)
		}
		if err := exec(`INSERT INTO currencies (code, symbol, exponent) VALUES ('XXX', 'x', 9)`); !errors.Is(err, db.ErrCheck) {
			t.Fatalf("check: %v", err)
		}
		if err := exec(`INSERT INTO site_currencies (site_id, currency) VALUES (42, 'USD')`); !errors.Is(err, db.ErrForeignKey) {
			t.Fatalf("foreign key: %v", err)
		}
		var n int
		err := db.MapError(d.QueryRowContext(ctx, `SELECT exponent FROM currencies WHERE code = 'NOPE'`).Scan(&n))
		if !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("no rows: %v", err)
		}
	})
}

// TestTxRollsBack checks that a failing function leaves nothing behind.
func TestTxRollsBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := d.Tx(ctx, func(ctx context.Context) error {
			if _, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ('EUR', 'E', 2)`); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM currencies WHERE code = 'EUR'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("rolled-back row visible: %d %v", n, err)
		}
	})
}

func count(t *testing.T, ctx context.Context, d *db.DB, code string) int {
	t.Helper()
	var n int
	if err := d.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM currencies WHERE code = $1`, code).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNestedTx checks that an inner Tx joins the outer one: its writes are
// seen inside and committed with the outer; a failing inner Tx undoes only
// its own writes (the outer, even on PostgreSQL after a unique violation,
// goes on); after-commit effects run once after the outer commit, never for
// a rolled-back part or a rolled-back whole.
func TestNestedTx(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		insert := func(ctx context.Context, code string) error {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ($1, 'x', 2)`, code)
			return db.MapError(err)
		}
		var ran []string
		err := d.Tx(ctx, func(ctx context.Context) error {
			if !d.InTx(ctx) {
				t.Fatal("InTx false inside Tx")
			}
			if err := insert(ctx, "AAA"); err != nil {
				return err
			}
			d.AfterCommit(ctx, func() { ran = append(ran, "outer") })
			if err := d.Tx(ctx, func(ctx context.Context) error {
				d.AfterCommit(ctx, func() { ran = append(ran, "inner-ok") })
				return insert(ctx, "BBB")
			}); err != nil {
				return err
			}
			// A unique violation inside a nested Tx rolls back to its savepoint.
			err := d.Tx(ctx, func(ctx context.Context) error {
				d.AfterCommit(ctx, func() { ran = append(ran, "inner-failed") })
				if err := insert(ctx, "CCC"); err != nil {
					return err
				}
				return insert(ctx, "AAA")
			})
			if !errors.Is(err, db.ErrConflict) {
				t.Fatalf("nested conflict: %v", err)
			}
			if count(t, ctx, d, "CCC") != 0 || count(t, ctx, d, "BBB") != 1 {
				t.Fatal("savepoint rollback undid the wrong writes")
			}
			if len(ran) != 0 {
				t.Fatalf("effects ran before commit: %v", ran)
			}
			return insert(ctx, "DDD")
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(ran, ","); got != "outer,inner-ok" {
			t.Fatalf("effects = %q", got)
		}
		for code, want := range map[string]int{"AAA": 1, "BBB": 1, "CCC": 0, "DDD": 1} {
			if n := count(t, ctx, d, code); n != want {
				t.Fatalf("%s: %d rows, want %d", code, n, want)
			}
		}

		ran = nil
		boom := errors.New("boom")
		err = d.Tx(ctx, func(ctx context.Context) error {
			d.AfterCommit(ctx, func() { ran = append(ran, "never") })
			if err := d.Tx(ctx, func(ctx context.Context) error { return insert(ctx, "EEE") }); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || len(ran) != 0 || count(t, ctx, d, "EEE") != 0 {
			t.Fatalf("rolled-back outer: err %v, effects %v, EEE %d", err, ran, count(t, ctx, d, "EEE"))
		}

		// Outside a transaction an effect runs at once and Q is the pool.
		d.AfterCommit(ctx, func() { ran = append(ran, "now") })
		if len(ran) != 1 || d.InTx(ctx) {
			t.Fatalf("outside a transaction: %v", ran)
		}
	})
}

// TestAfterCommitQueriesThePool: an effect that queries with the context it
// captured runs on the pool once the transaction committed.
func TestAfterCommitQueriesThePool(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		got := -1
		err := d.Tx(ctx, func(ctx context.Context) error {
			if _, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ('ZZZ', 'z', 2)`); err != nil {
				return err
			}
			d.AfterCommit(ctx, func() {
				if d.InTx(ctx) {
					t.Error("InTx after commit")
				}
				_ = d.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM currencies WHERE code = 'ZZZ'`).Scan(&got)
			})
			return nil
		})
		if err != nil || got != 1 {
			t.Fatalf("effect saw %d rows (%v), want 1", got, err)
		}
	})
}

// TestPreparedStatements: statements run from the same text again and
// again (kept prepared on SQLite) behave as fresh ones would: inside a
// transaction they roll back with it; a second query of the same text while
// the first one's rows are still open reads its own rows (SQLite); a statement that
// fails (a unique violation) runs again afterwards; a statement that cannot
// be prepared reports it every time; more distinct statements than the
// cache holds all run.
func TestPreparedStatements(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		const insert = `INSERT INTO currencies (code, symbol, exponent) VALUES ($1, $2, 2)`
		const count = `SELECT COUNT(*) FROM currencies WHERE code = $1`
		boom := errors.New("boom")
		err := d.Tx(ctx, func(ctx context.Context) error {
			if _, err := d.Q(ctx).ExecContext(ctx, insert, "ZZA", "z"); err != nil {
				return err
			}
			var n int
			if err := d.Q(ctx).QueryRowContext(ctx, count, "ZZA").Scan(&n); err != nil || n != 1 {
				return fmt.Errorf("inside the transaction: %d %v", n, err)
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		var n int
		if err := d.Q(ctx).QueryRowContext(ctx, count, "ZZA").Scan(&n); err != nil || n != 0 {
			t.Fatalf("after the rollback: %d %v", n, err)
		}
		for _, code := range []string{"ZZB", "ZZC"} {
			if _, err := d.Q(ctx).ExecContext(ctx, insert, code, "z"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.Q(ctx).ExecContext(ctx, insert, "ZZB", "z"); !errors.Is(db.MapError(err), db.ErrConflict) {
			t.Fatalf("a duplicate: %v", err)
		}
		if _, err := d.Q(ctx).ExecContext(ctx, insert, "ZZD", "z"); err != nil {
			t.Fatalf("the same text after its failure: %v", err)
		}

		// PostgreSQL's wire protocol allows no second query on a
		// connection while rows are open; SQLite does.
		const list = `SELECT code FROM currencies WHERE code LIKE $1 ORDER BY code`
		err = d.Tx(ctx, func(ctx context.Context) error {
			if d.Dialect != db.SQLite {
				return nil
			}
			outer, err := d.Q(ctx).QueryContext(ctx, list, "ZZ%")
			if err != nil {
				return err
			}
			defer outer.Close()
			var got []string
			for outer.Next() {
				var code string
				if err := outer.Scan(&code); err != nil {
					return err
				}
				inner, err := db.Query(ctx, d.Q(ctx), list, func(r *sql.Rows, c *string) error { return r.Scan(c) }, code)
				if err != nil || len(inner) != 1 || inner[0] != code {
					return fmt.Errorf("inner query of %s: %v %v", code, inner, err)
				}
				got = append(got, code)
			}
			if strings.Join(got, ",") != "ZZB,ZZC,ZZD" {
				return fmt.Errorf("outer rows: %v", got)
			}
			return outer.Err()
		})
		if err != nil {
			t.Fatal(err)
		}

		for range 2 {
			if err := d.Q(ctx).QueryRowContext(ctx, `SELECT nope FROM nowhere`).Scan(&n); err == nil {
				t.Fatal("a statement that cannot be prepared ran")
			}
		}
		for i := range 600 {
			var got int
			if err := d.Q(ctx).QueryRowContext(ctx, fmt.Sprintf(`SELECT %d + $1`, i), 1).Scan(&got); err != nil || got != i+1 {
				t.Fatalf("statement %d: %d %v", i, got, err)
			}
		}
	})
}

// TestOptimisticUndoesOnlyTheFailedPart: Optimistic commits like Tx. A
// nested failure its caller carries on past (here a unique violation,
// which on PostgreSQL aborts a transaction without a savepoint) undoes
// that part only, through a second run with savepoints; its effects are
// dropped and the rest's run once. A failure without a nested one rolls
// back after one run.
func TestOptimisticUndoesOnlyTheFailedPart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		insert := func(ctx context.Context, code string) error {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ($1, 'x', 2)`, code)
			return db.MapError(err)
		}
		var runs int
		var ran []string
		err := d.Optimistic(ctx, func(ctx context.Context) error {
			runs++
			if err := d.Tx(ctx, func(ctx context.Context) error { return insert(ctx, "OA1") }); err != nil {
				return err
			}
			d.AfterCommit(ctx, func() { ran = append(ran, "outer") })
			err := d.Tx(ctx, func(ctx context.Context) error {
				d.AfterCommit(ctx, func() { ran = append(ran, "failed") })
				if err := insert(ctx, "OB1"); err != nil {
					return err
				}
				return insert(ctx, "OA1")
			})
			if !errors.Is(err, db.ErrConflict) {
				return fmt.Errorf("nested conflict: %w", err)
			}
			return insert(ctx, "OC1")
		})
		if err != nil {
			t.Fatal(err)
		}
		if runs != 2 || strings.Join(ran, ",") != "outer" {
			t.Fatalf("%d runs, effects %v; want 2 runs and the outer effect once", runs, ran)
		}
		for code, want := range map[string]int{"OA1": 1, "OB1": 0, "OC1": 1} {
			if n := count(t, ctx, d, code); n != want {
				t.Fatalf("%s: %d rows, want %d", code, n, want)
			}
		}

		runs, ran = 0, nil
		boom := errors.New("boom")
		err = d.Optimistic(ctx, func(ctx context.Context) error {
			runs++
			d.AfterCommit(ctx, func() { ran = append(ran, "never") })
			if err := d.Tx(ctx, func(ctx context.Context) error { return insert(ctx, "OD1") }); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || runs != 1 || len(ran) != 0 || count(t, ctx, d, "OD1") != 0 {
			t.Fatalf("failed run: err %v, %d runs, effects %v, OD1 %d", err, runs, ran, count(t, ctx, d, "OD1"))
		}

		// Inside a transaction it is a nested Tx: its savepoint undoes it alone.
		err = d.Tx(ctx, func(ctx context.Context) error {
			if err := insert(ctx, "OE1"); err != nil {
				return err
			}
			if err := d.Optimistic(ctx, func(ctx context.Context) error {
				if err := insert(ctx, "OF1"); err != nil {
					return err
				}
				return boom
			}); !errors.Is(err, boom) {
				return fmt.Errorf("nested optimistic: %w", err)
			}
			return nil
		})
		if err != nil || count(t, ctx, d, "OE1") != 1 || count(t, ctx, d, "OF1") != 0 {
			t.Fatalf("nested: %v, OE1 %d, OF1 %d", err, count(t, ctx, d, "OE1"), count(t, ctx, d, "OF1"))
		}
	})
}
