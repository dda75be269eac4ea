package db_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"gamehall/internal/db"
)

// TestCheckpointerCopiesTheWAL: rows committed through group commit reach
// the database file itself, read with the WAL ignored, within a few of the
// checkpointer's periods, without any commit checkpointing (the WAL stays
// far below SQLite's automatic threshold).
func TestCheckpointerCopiesTheWAL(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ckpt.db")
	d, err := db.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ExecContext(ctx, `CREATE TABLE ckpt (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	g := db.NewGroup(d)
	defer g.Close()
	const rows = 500
	for i := range rows {
		if err := g.Tx(ctx, func(ctx context.Context) error {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO ckpt (id, v) VALUES ($1, 'x')`, i)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	// immutable=1 reads the database file as it is, never the WAL; it
	// also trusts the file never to change, so each look opens it anew.
	count := func() (int, error) {
		file, err := sql.Open("sqlite", "file:"+path+"?immutable=1")
		if err != nil {
			return 0, err
		}
		defer file.Close()
		var n int
		err = file.QueryRowContext(ctx, `SELECT COUNT(*) FROM ckpt`).Scan(&n)
		return n, err
	}
	deadline := time.Now().Add(10 * db.CheckpointEvery)
	for {
		n, err := count()
		if err == nil && n == rows {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the database file holds %d of %d rows (%v) after %s", n, rows, err, 10*db.CheckpointEvery)
		}
		time.Sleep(db.CheckpointEvery / 5)
	}
}
