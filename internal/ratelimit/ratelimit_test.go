package ratelimit_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ratelimit"
)

func TestWindowsAndLocks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
		l := ratelimit.New(d, func() time.Time { return now })
		for i := 1; i <= 3; i++ {
			ok, err := l.Allow(ctx, "login:ip:1.2.3.4", 2, time.Minute)
			if err != nil || ok != (i <= 2) {
				t.Fatalf("hit %d: ok=%v err=%v", i, ok, err)
			}
		}
		now = now.Add(time.Minute)
		if ok, _ := l.Allow(ctx, "login:ip:1.2.3.4", 2, time.Minute); !ok {
			t.Fatal("a new window starts fresh")
		}
		if locked, _ := l.Locked(ctx, "wpw:7"); locked {
			t.Fatal("locked before lock")
		}
		if err := l.Lock(ctx, "wpw:7", 15*time.Minute); err != nil {
			t.Fatal(err)
		}
		if err := l.Lock(ctx, "wpw:7", time.Minute); err != nil { // never shortens
			t.Fatal(err)
		}
		now = now.Add(10 * time.Minute)
		if locked, _ := l.Locked(ctx, "wpw:7"); !locked {
			t.Fatal("lock shortened or lost")
		}
		now = now.Add(6 * time.Minute)
		if locked, _ := l.Locked(ctx, "wpw:7"); locked {
			t.Fatal("lock outlived its time")
		}
	})
}

// TestConcurrentHitsCountExactly: many goroutines on one key never lose a count.
func TestConcurrentHitsCountExactly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		fixed := time.Date(2026, 1, 1, 10, 30, 0, 0, time.UTC)
		l := ratelimit.New(d, func() time.Time { return fixed })
		var wg sync.WaitGroup
		for range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := l.Hit(ctx, "k", time.Hour); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if n, err := l.Count(ctx, "k", time.Hour); err != nil || n != 40 {
			t.Fatalf("count = %d %v, want 40", n, err)
		}
	})
}
