package ratelimit_test

import (
	"context"
	"strings"
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
		// The window slides: a minute on, the last minute still holds the
		// three; two minutes on it holds none.
		now = now.Add(time.Minute)
		if ok, _ := l.Allow(ctx, "login:ip:1.2.3.4", 2, time.Minute); ok {
			t.Fatal("the turn of the fixed window gave a second allowance")
		}
		now = now.Add(time.Minute)
		if ok, _ := l.Allow(ctx, "login:ip:1.2.3.4", 2, time.Minute); !ok {
			t.Fatal("a minute with no hits before it starts fresh")
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

// TestGuardUnderBurst: of 60 concurrent checks of one secret, exactly Max
// are let through; the Max-th failure locks; right answers give their
// attempt back and never lock.
func TestGuardUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := ratelimit.New(d, time.Now)
		g := ratelimit.Guard{Max: 5, Window: 30 * time.Minute, Lock: 30 * time.Minute}
		var mu sync.Mutex
		var tries []ratelimit.Attempt
		refused := 0
		var wg sync.WaitGroup
		for range 60 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				try, ok, err := l.Try(ctx, "secret:burst", g)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if ok {
					tries = append(tries, try)
				} else {
					refused++
				}
			}()
		}
		wg.Wait()
		if len(tries) != 5 || refused != 55 {
			t.Fatalf("%d checks let through, %d refused; want 5 and 55", len(tries), refused)
		}
		if locked, _ := l.Locked(ctx, "secret:burst"); locked {
			t.Fatal("refused reservations locked the secret before any check failed")
		}
		for _, try := range tries {
			locked, err := l.Failed(ctx, "secret:burst", g, try)
			if err != nil || locked != (try.N == 5) {
				t.Fatalf("failure %d: locked %v %v", try.N, locked, err)
			}
		}
		if locked, _ := l.Locked(ctx, "secret:burst"); !locked {
			t.Fatal("five failures did not lock")
		}

		// Right answers refund: 20 in a row never lock.
		for i := range 20 {
			try, ok, err := l.Try(ctx, "secret:right", g)
			if err != nil || !ok {
				t.Fatalf("right answer %d refused: %v", i, err)
			}
			if err := l.Refund(ctx, try); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// Keys carry client input: a 1 MB key, or one with a NUL or bad UTF-8, is
// counted and locked like any other (stored as a digest), and two long keys
// that share a prefix stay apart.
func TestLongAndOddKeys(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
		l := ratelimit.New(d, func() time.Time { return now })
		long := "login:acct:1:" + strings.Repeat("a", 1<<20)
		for _, key := range []string{long, long + "b", "login:acct:1:a\x00b", "login:acct:1:\xff\xfe", "login:acct:1:" + strings.Repeat("é", 200)} {
			for i := 1; i <= 3; i++ {
				ok, err := l.Allow(ctx, key, 2, time.Minute)
				if err != nil || ok != (i <= 2) {
					t.Fatalf("key of %d bytes, hit %d: ok=%v err=%v", len(key), i, ok, err)
				}
			}
			if n, err := l.Count(ctx, key, time.Minute); err != nil || n != 3 {
				t.Fatalf("count %d %v", n, err)
			}
			try, _, err := l.Reserve(ctx, key, 10, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.Refund(ctx, try); err != nil {
				t.Fatal(err)
			}
			if n, _ := l.Count(ctx, key, time.Minute); n != 3 {
				t.Fatalf("count after refund %d", n)
			}
			if err := l.Lock(ctx, key, time.Minute); err != nil {
				t.Fatal(err)
			}
			if locked, err := l.Locked(ctx, key); err != nil || !locked {
				t.Fatalf("locked %v %v", locked, err)
			}
			if err := l.Unlock(ctx, key); err != nil {
				t.Fatal(err)
			}
			if first, err := l.Cooldown(ctx, key, time.Minute); err != nil || !first {
				t.Fatalf("cooldown %v %v", first, err)
			}
		}
		var longest int
		if err := d.QueryRowContext(ctx, `SELECT MAX(LENGTH(key)) FROM rate_counters`).Scan(&longest); err != nil {
			t.Fatal(err)
		}
		if longest > 128 {
			t.Fatalf("a key of %d characters is stored", longest)
		}
	})
}

// TestReserveSlidesAcrossWindows: attempts spent just before a window
// boundary still count just after it, so a burst that straddles the
// boundary gets no second allowance; the previous window's weight fades
// as the new one fills.
func TestReserveSlidesAcrossWindows(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 10, 14, 59, 0, time.UTC)
		l := ratelimit.New(d, func() time.Time { return now })
		reserve := func() bool {
			t.Helper()
			_, ok, err := l.Reserve(ctx, "acct", 10, 15*time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		for i := range 10 {
			if !reserve() {
				t.Fatalf("attempt %d of 10 refused", i+1)
			}
		}
		now = now.Add(2 * time.Second) // 10:15:01, a new fixed window
		if reserve() {
			t.Fatal("the 11th attempt two seconds later was let through")
		}
		// Halfway into the new window about half the old count remains:
		// 5 carried + 1 refused above, so four more fit.
		now = time.Date(2026, 1, 1, 10, 22, 30, 0, time.UTC)
		got := 0
		for range 10 {
			if reserve() {
				got++
			}
		}
		if got != 4 {
			t.Fatalf("halfway: %d attempts let through, want 4", got)
		}
		now = time.Date(2026, 1, 1, 10, 45, 0, 0, time.UTC)
		if !reserve() {
			t.Fatal("a window after the last burst still refuses")
		}
	})
}
