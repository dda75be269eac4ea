package db_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

// TestGroupIsolatesWorkInOneBatch: while the writer is busy with a first
// batch, three callers queue; they commit as the next batch, in which the
// work that fails (after writing) rolls back alone and loses its
// after-commit effect, the work that succeeds commits and its effect has run
// by the time it is answered, and the work whose caller gave up before the
// batch began is skipped. The caller's context values reach its work.
func TestGroupIsolatesWorkInOneBatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := db.NewGroup(d)
		defer g.Close()
		insert := func(ctx context.Context, code string) error {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ($1, 'x', 2)`, code)
			return db.MapError(err)
		}
		release, started := make(chan struct{}), make(chan struct{})
		first := make(chan error, 1)
		go func() {
			first <- g.Tx(context.Background(), func(ctx context.Context) error {
				close(started)
				<-release
				return insert(ctx, "GA1")
			})
		}()
		<-started

		type key struct{}
		var mu sync.Mutex
		var effects []string
		effect := func(ctx context.Context, name string) {
			d.AfterCommit(ctx, func() { mu.Lock(); effects = append(effects, name); mu.Unlock() })
		}
		boom := errors.New("boom")
		gone, cancel := context.WithCancel(context.Background())
		works := []struct {
			ctx context.Context
			fn  func(ctx context.Context) error
		}{
			{context.Background(), func(ctx context.Context) error { effect(ctx, "failed"); _ = insert(ctx, "GB1"); return boom }},
			{context.WithValue(context.Background(), key{}, "GC1"), func(ctx context.Context) error {
				effect(ctx, "committed")
				return insert(ctx, ctx.Value(key{}).(string))
			}},
			{gone, func(ctx context.Context) error { return insert(ctx, "GD1") }},
		}
		errs := make([]error, len(works))
		var wg sync.WaitGroup
		for i, w := range works {
			wg.Add(1)
			go func() { defer wg.Done(); errs[i] = g.Tx(w.ctx, w.fn) }()
			waitQueued(t, g, i+1)
		}
		cancel()
		close(release)
		wg.Wait()
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		if !errors.Is(errs[0], boom) || errs[1] != nil || !errors.Is(errs[2], context.Canceled) {
			t.Fatalf("answers %v", errs)
		}
		for code, want := range map[string]int{"GA1": 1, "GB1": 0, "GC1": 1, "GD1": 0} {
			if n := count(t, context.Background(), d, code); n != want {
				t.Fatalf("%s: %d rows, want %d", code, n, want)
			}
		}
		if fmt.Sprint(effects) != "[committed]" {
			t.Fatalf("effects %v", effects)
		}
	})
}

// TestGroupUndoesAFailureItsCallerSurvived: in one batch, a work whose
// nested transaction fails after writing carries on and succeeds; the
// nested write is undone (as a savepoint would undo it), the work's own
// writes and those of its neighbour commit, and each work's effect runs
// once.
func TestGroupUndoesAFailureItsCallerSurvived(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := db.NewGroup(d)
		defer g.Close()
		insert := func(ctx context.Context, code string) error {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ($1, 'x', 2)`, code)
			return db.MapError(err)
		}
		release, started := make(chan struct{}), make(chan struct{})
		first := make(chan error, 1)
		go func() {
			first <- g.Tx(context.Background(), func(ctx context.Context) error {
				close(started)
				<-release
				return nil
			})
		}()
		<-started
		var mu sync.Mutex
		var effects []string
		effect := func(ctx context.Context, name string) {
			d.AfterCommit(ctx, func() { mu.Lock(); effects = append(effects, name); mu.Unlock() })
		}
		boom := errors.New("boom")
		works := []func(ctx context.Context) error{
			func(ctx context.Context) error {
				if err := insert(ctx, "UA1"); err != nil {
					return err
				}
				err := d.Tx(ctx, func(ctx context.Context) error {
					effect(ctx, "nested")
					if err := insert(ctx, "UB1"); err != nil {
						return err
					}
					return boom
				})
				if !errors.Is(err, boom) {
					return fmt.Errorf("nested: %v", err)
				}
				effect(ctx, "survivor")
				return insert(ctx, "UC1")
			},
			func(ctx context.Context) error { effect(ctx, "neighbour"); return insert(ctx, "UD1") },
		}
		errs := make([]error, len(works))
		var wg sync.WaitGroup
		for i, fn := range works {
			wg.Add(1)
			go func() { defer wg.Done(); errs[i] = g.Tx(context.Background(), fn) }()
			waitQueued(t, g, i+1)
		}
		close(release)
		wg.Wait()
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("answers %v", errs)
		}
		for code, want := range map[string]int{"UA1": 1, "UB1": 0, "UC1": 1, "UD1": 1} {
			if n := count(t, context.Background(), d, code); n != want {
				t.Fatalf("%s: %d rows, want %d", code, n, want)
			}
		}
		slices.Sort(effects)
		if fmt.Sprint(effects) != "[neighbour survivor]" {
			t.Fatalf("effects %v", effects)
		}
	})
}

// waitQueued waits until n works wait in g's queue.
func waitQueued(t *testing.T, g *db.Group, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); db.Queued(g) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d works queued, want %d", db.Queued(g), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestGroupCloseDrainsTheQueue: Close commits and answers the work queued
// before it (32 works waiting behind a busy writer); it may run twice, and
// work after it commits on its own.
func TestGroupCloseDrainsTheQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := db.NewGroup(d)
		insert := func(code string) error {
			return g.Tx(context.Background(), func(ctx context.Context) error {
				_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO currencies (code, symbol, exponent) VALUES ($1, 'x', 2)`, code)
				return db.MapError(err)
			})
		}
		release, started := make(chan struct{}), make(chan struct{})
		first := make(chan error, 1)
		go func() {
			first <- g.Tx(context.Background(), func(ctx context.Context) error {
				close(started)
				<-release
				return nil
			})
		}()
		<-started
		errs := make(chan error, 32)
		for i := range 32 {
			go func() { errs <- insert(fmt.Sprintf("Q%02d", i)) }()
		}
		waitQueued(t, g, 32)
		closed := make(chan struct{})
		go func() { g.Close(); close(closed) }()
		close(release)
		<-closed
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		for range 32 {
			select {
			case err := <-errs:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("a work queued before Close was never answered")
			}
		}
		g.Close()
		if err := insert("QQQ"); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM currencies WHERE code LIKE 'Q%'`).Scan(&n); err != nil || n != 33 {
			t.Fatalf("%d rows %v, want 33", n, err)
		}
	})
}
