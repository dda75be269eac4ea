package db_test

import (
	"context"
	"database/sql"
	"errors"
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
		if err := exec(`INSERT INTO currencies (code, symbol, exponent) VALUES ('USD', '$', 2)`); err != nil {
			t.Fatal(err)
		}
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
		err := d.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ('EUR', 'E', 2)`); err != nil {
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
