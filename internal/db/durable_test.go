package db_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

// TestGroupAnswersOnceTheWALIsOnDisk: the writer commits a batch without a
// sync and goes on; its caller, and a reader outside a transaction that
// could see the batch, hear nothing until the WAL's sync returned.
func TestGroupAnswersOnceTheWALIsOnDisk(t *testing.T) {
	d := dbtest.SQLite(t)
	gate := make(chan struct{})
	var syncs atomic.Int32
	db.SetSync(d, func() error { syncs.Add(1); <-gate; return nil })
	g := db.NewGroup(d)
	defer g.Close()
	var once sync.Once
	open := func() { once.Do(func() { close(gate) }) }
	defer open() // before Close: the answerer waits on the gate
	ctx := context.Background()
	answered := make(chan error, 1)
	go func() {
		answered <- g.Tx(ctx, func(ctx context.Context) error {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ('DU1', 'x', 2)`)
			return err
		})
	}()
	for deadline := time.Now().Add(10 * time.Second); db.Committed(d) < 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the batch never committed")
		}
	}
	read := make(chan int, 1)
	go func() {
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM currencies WHERE code = 'DU1'`).Scan(&n); err != nil {
			t.Error(err)
		}
		read <- n
	}()
	select {
	case err := <-answered:
		t.Fatalf("answered before the sync: %v", err)
	case n := <-read:
		t.Fatalf("a reader saw %d rows before the sync", n)
	case <-time.After(100 * time.Millisecond):
	}
	open()
	if err := <-answered; err != nil {
		t.Fatal(err)
	}
	if n := <-read; n != 1 {
		t.Fatalf("reader saw %d rows, want 1", n)
	}
	if syncs.Load() == 0 {
		t.Fatal("the WAL was never synced")
	}
}

// TestGroupStopsWritingAfterAFailedSync: a failed sync of the WAL answers
// the batch's caller with ErrNotDurable, and every later batch fails the
// same way without running its work.
func TestGroupStopsWritingAfterAFailedSync(t *testing.T) {
	d := dbtest.SQLite(t)
	db.SetSync(d, func() error { return errors.New("EIO") })
	g := db.NewGroup(d)
	defer g.Close()
	ctx := context.Background()
	err := g.Tx(ctx, func(ctx context.Context) error {
		_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ('DF1', 'x', 2)`)
		return err
	})
	if !errors.Is(err, db.ErrNotDurable) {
		t.Fatalf("first batch: %v, want ErrNotDurable", err)
	}
	ran := false
	err = g.Tx(ctx, func(ctx context.Context) error { ran = true; return nil })
	if !errors.Is(err, db.ErrNotDurable) || ran {
		t.Fatalf("later batch: %v (ran %v), want ErrNotDurable without running", err, ran)
	}
}

// TestAddRemembersCountsOnlyWhileAlone: in the group's batches Add answers
// a counter's new value without reading it back (Remembered answers it
// too), and the value stays true when another connection changes the row
// between batches and when a savepoint undoes an Add; outside the group it
// reads, as Row does.
func TestAddRemembersCountsOnlyWhileAlone(t *testing.T) {
	d := dbtest.SQLite(t)
	g := db.NewGroup(d)
	defer g.Close()
	ctx := context.Background()
	hit := db.NewReturning(`INSERT INTO rate_counters (key, window_start, count) VALUES ($1, 0, 1)
		ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1`, "count",
		`SELECT count FROM rate_counters WHERE key = $1 AND window_start = 0`)
	type counter string
	add := func(ctx context.Context) (int64, error) {
		var n int64
		err := d.Add(ctx, hit, counter("k"), 1, []any{"k"}, &n)
		return n, err
	}
	inBatch := func() int64 {
		t.Helper()
		var n int64
		if err := g.Tx(ctx, func(ctx context.Context) (err error) { n, err = add(ctx); return err }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for want := int64(1); want <= 3; want++ {
		if n := inBatch(); n != want {
			t.Fatalf("count %d, want %d", n, want)
		}
	}
	if _, err := d.ExecContext(ctx, `UPDATE rate_counters SET count = 100 WHERE key = 'k'`); err != nil {
		t.Fatal(err)
	}
	err := g.Tx(ctx, func(ctx context.Context) error {
		if v, known := d.Remembered(ctx, counter("k")); known {
			t.Errorf("remembered %d after another connection's write", v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := inBatch(); n != 101 {
		t.Fatalf("after another connection's write: %d, want 101", n)
	}
	err = g.Tx(ctx, func(ctx context.Context) error {
		if v, known := d.Remembered(ctx, counter("k")); !known || v != 101 {
			t.Errorf("remembered %d %v, want 101", v, known)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, known := d.Remembered(ctx, counter("k")); known {
		t.Error("remembered outside the group's transactions")
	}
	boom := errors.New("boom")
	var n int64
	err = g.Tx(ctx, func(ctx context.Context) error {
		if err := d.Tx(ctx, func(ctx context.Context) error { _, _ = add(ctx); return boom }); !errors.Is(err, boom) {
			return err
		}
		var err error
		n, err = add(ctx)
		return err
	})
	if err != nil || n != 102 {
		t.Fatalf("after an undone add: %d %v, want 102", n, err)
	}
	if n, err := add(ctx); err != nil || n != 103 {
		t.Fatalf("outside the group: %d %v, want 103", n, err)
	}
}

// TestRecallRemembersReadsOnlyWhileAlone: in the group's batches Recall
// answers a read again without running it, until another connection
// commits, a write in the batch calls Forget or a savepoint is undone;
// outside the group it reads every time.
func TestRecallRemembersReadsOnlyWhileAlone(t *testing.T) {
	d := dbtest.SQLite(t)
	g := db.NewGroup(d)
	defer g.Close()
	ctx := context.Background()
	if _, err := d.ExecContext(ctx, `INSERT INTO rate_counters (key, window_start, count) VALUES ('r', 0, 1)`); err != nil {
		t.Fatal(err)
	}
	type key string
	reads := 0
	load := func(ctx context.Context) (int64, error) {
		reads++
		var n int64
		err := d.Q(ctx).QueryRowContext(ctx, `SELECT count FROM rate_counters WHERE key = 'r'`).Scan(&n)
		return n, err
	}
	// In the writer's goroutine: what it read, checked by the test's.
	recall := func(ctx context.Context) (int64, error) { return db.Recall(ctx, d, key("r"), load) }
	step := func(name string, want int64, wantReads int) {
		t.Helper()
		var n int64
		if err := g.Tx(ctx, func(ctx context.Context) (err error) { n, err = recall(ctx); return err }); err != nil {
			t.Fatal(err)
		}
		if n != want || reads != wantReads {
			t.Fatalf("%s: %d after %d reads, want %d after %d", name, n, reads, want, wantReads)
		}
	}
	step("first", 1, 1)
	step("remembered", 1, 1)
	if _, err := d.ExecContext(ctx, `UPDATE rate_counters SET count = 2 WHERE key = 'r'`); err != nil {
		t.Fatal(err)
	}
	step("after another connection's write", 2, 2)
	err := g.Tx(ctx, func(ctx context.Context) error {
		if _, err := d.Q(ctx).ExecContext(ctx, `UPDATE rate_counters SET count = 3 WHERE key = 'r'`); err != nil {
			return err
		}
		d.Forget(ctx)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	step("after a write that forgot", 3, 3)
	// A failed savepoint makes the batch run again, each work in a
	// savepoint: the read runs in both runs, each after a forgetting.
	boom := errors.New("boom")
	err = g.Tx(ctx, func(ctx context.Context) error {
		if err := d.Tx(ctx, func(ctx context.Context) error { _, _ = recall(ctx); return boom }); !errors.Is(err, boom) {
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	step("after an undone savepoint", 3, 5)
	if n, err := recall(ctx); err != nil || n != 3 || reads != 6 {
		t.Fatalf("outside the group: %d %v after %d reads, want 3 after 6", n, err, reads)
	}
}
