package house_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/provider/house"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/testutil/testclock"
)

func setup(t *testing.T, d *db.DB) (*house.DemoSessions, *testclock.Clock) {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := testclock.New(time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC))
	return house.NewDemoSessions(house.NewStore(d), inHouse(), site.NewService(site.NewStore(d), false, 0, nil, time.Now), c.Now), c
}

// inHouse builds the games once for the package's tests (the slot's exact
// RTP is an enumeration).
var inHouse = sync.OnceValue(house.NewGames)

func TestDemoSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clk := setup(t, d)
		s, err := svc.Create(ctx, 1, "gh_slot_fortune", "USD", 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.ID) != 43 || s.Balance != 200000 || s.Currency != "USD" || !s.ExpiresAt.Equal(s.CreatedAt.Add(24*time.Hour)) {
			t.Fatalf("session %+v", s)
		}
		other, err := svc.Create(ctx, 1, "gh_slot_fortune", "USD", 2)
		if err != nil || other.ID == s.ID {
			t.Fatalf("ids must differ: %v", err)
		}
		// Only the hash is stored.
		var stored string
		if err := d.QueryRowContext(ctx, `SELECT id_hash FROM demo_sessions WHERE id_hash = $1`, house.HashID(s.ID)).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		var raw int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_sessions WHERE id_hash = $1`, s.ID).Scan(&raw); err != nil || raw != 0 {
			t.Fatalf("raw id stored: %d %v", raw, err)
		}

		got, err := svc.Get(ctx, s.ID)
		if err != nil || got.GameCode != "gh_slot_fortune" || got.Balance != 200000 || got.Exponent != 2 || got.SiteID != 1 {
			t.Fatalf("get %+v %v", got, err)
		}
		// Rounds move the play money: the stake must be covered before the
		// win counts, and an unknown session moves nothing.
		store := house.NewStore(d)
		settle := func(id, req string, stake, win int64) (int64, error) {
			r, _, err := store.SettleDemoRound(ctx, house.RoundRow{SessionHash: house.HashID(id), RequestID: req,
				GameCode: "gh_slot_fortune", GameVersion: "v", Currency: "USD", Stake: stake, Win: win,
				Choices: "{}", Outcome: "{}", CreatedAt: clk.Now().UnixMicro()})
			return r.BalanceAfter, err
		}
		if b, err := settle(s.ID, "a", 150, 0); err != nil || b != 199850 {
			t.Fatalf("stake: %d %v", b, err)
		}
		if b, err := settle(s.ID, "b", 0, 1000); err != nil || b != 200850 {
			t.Fatalf("win: %d %v", b, err)
		}
		if _, err := settle(s.ID, "c", 200851, 1_000_000); err == nil {
			t.Fatal("overdraw settled: a win must not cover its own stake")
		}
		if b, err := settle(s.ID, "d", 200850, 0); err != nil || b != 0 {
			t.Fatalf("stake everything: %d %v", b, err)
		}
		for _, id := range []string{"", "nope", strings.Repeat("x", 500), s.ID + "x"} {
			if _, err := svc.Get(ctx, id); !errors.Is(err, house.ErrSessionNotFound) {
				t.Fatalf("get %q: %v", id, err)
			}
			if _, err := settle(id, "e", 0, 1); !errors.Is(err, db.ErrNotFound) {
				t.Fatalf("settle %q: %v", id, err)
			}
		}
		if _, err := svc.Create(ctx, 1, "aur_northern_lights", "USD", 2); !errors.Is(err, house.ErrUnknownGame) {
			t.Fatalf("third-party game: %v", err)
		}

		// Expiry: the session is gone for reads and writes, then purged.
		clk.Add(24*time.Hour + time.Second)
		if _, err := svc.Get(ctx, other.ID); !errors.Is(err, house.ErrSessionNotFound) {
			t.Fatalf("expired get: %v", err)
		}
		if _, err := settle(other.ID, "f", 0, 1); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("expired settle: %v", err)
		}
		if _, err := svc.Create(ctx, 1, "gh_keno", "VND", 0); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_sessions`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("expired sessions not purged: %d %v", n, err)
		}
	})
}

// TestConcurrentStakes: parallel rounds never take the balance below zero
// and none is lost.
func TestConcurrentStakes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		s, err := svc.Create(ctx, 1, "gh_baccarat", "JPY", 0)
		if err != nil {
			t.Fatal(err)
		}
		if s.Balance != 200000 {
			t.Fatalf("JPY balance %d", s.Balance)
		}
		// 250 stakes of 1,000 against 200,000: exactly 200 succeed.
		var ok, short atomic.Int64
		var wg sync.WaitGroup
		store := house.NewStore(d)
		for w := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 25 {
					_, _, err := store.SettleDemoRound(ctx, house.RoundRow{SessionHash: house.HashID(s.ID),
						RequestID: fmt.Sprintf("w%d-%d", w, i), GameCode: "gh_baccarat", GameVersion: "v", Currency: "JPY",
						Stake: 1000, Choices: "{}", Outcome: "{}", CreatedAt: time.Date(2026, 11, 22, 18, 0, 1, 0, time.UTC).UnixMicro()})
					switch {
					case err == nil:
						ok.Add(1)
					case err != nil && !errors.Is(err, db.ErrNotFound):
						short.Add(1)
					default:
						t.Errorf("worker %d: %v", w, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		got, err := svc.Get(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ok.Load() != 200 || short.Load() != 50 || got.Balance != 0 {
			t.Fatalf("%d stakes taken, %d refused, balance %d", ok.Load(), short.Load(), got.Balance)
		}
	})
}

func TestDemoBalanceAndURL(t *testing.T) {
	for _, c := range []struct {
		currency string
		exp      int
		want     int64
	}{{"USD", 2, 200000}, {"VND", 0, 50_000_000}, {"RMB", 2, 1_000_000}, {"THB", 2, 5_000_000}, {"WON", 0, 2_000_000}, {"XXX", 3, 2_000_000}} {
		if got := house.DemoBalance(c.currency, c.exp); got != c.want {
			t.Errorf("DemoBalance(%s) = %d, want %d", c.currency, got, c.want)
		}
	}
	if u := house.GameURL("gh_keno", "a+b/c"); u != "/games/gh_keno/?session=a%2Bb%2Fc" {
		t.Fatalf("url %s", u)
	}
}
