package promo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/promo"
	"gamehall/internal/seed"
)

type sites struct{}

func (sites) DefaultLanguageOf(context.Context, int64) (string, error) { return "en_US", nil }
func (sites) CurrencyExponent(_ context.Context, _ int64, c string) (int, bool, error) {
	return 2, c == "USD", nil
}

type quiet struct{}

func (quiet) Publish(string, string, map[string]any) {}

type noDeposits struct{}

func (noDeposits) DepositedBetween(context.Context, promo.Member, time.Time, time.Time) (bool, error) {
	return false, nil
}

// members inserts n USD members and returns them.
func members(t *testing.T, d *db.DB, n int) []promo.Member {
	t.Helper()
	out := make([]promo.Member, n)
	for i := range out {
		var id int64
		err := d.QueryRow(`INSERT INTO members (site_id, account, password_hash, currency, status, recommend_code, created_at, updated_at)
			VALUES (1, $1, 'x', 'USD', 'active', $2, 0, 0) RETURNING id`, fmt.Sprintf("load%05d", i), fmt.Sprintf("LD%06d", i)).Scan(&id)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = promo.Member{SiteID: 1, ID: id, Currency: "USD"}
	}
	return out
}

func service(t *testing.T, d *db.DB, now func() time.Time, l *ledger.Ledger) *promo.Service {
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	return promo.NewService(promo.Deps{DB: d, Sites: sites{}, Ledger: l, Deposits: noDeposits{}, Pub: quiet{}, Now: now,
		Zone: time.FixedZone("America/Caracas", -4*3600)})
}

// TestConcurrentClaims: 200 claims at once (100 members, each twice)
// against a budget smaller than what they would all win: the awards never
// exceed the budget and add up to what it lost, no member wins twice,
// every refusal is 102 or 103, and the ledger audit is clean.
func TestConcurrentClaims(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := db.NewGroup(d)
		defer g.Close()
		l := ledger.New(d, time.Now, nil, ledger.WithGroupCommit(g))
		svc := service(t, d, time.Now, l)
		ms := members(t, d, 100)
		ctx := context.Background()
		now := time.Now().In(time.FixedZone("VET", -4*3600))
		env, err := svc.SaveEnvelope(ctx, 1, 0, promo.EnvelopeInput{Currency: "USD", Title: map[string]string{"en_US": "Race"},
			StartAt: now.Add(-time.Minute).Format(promo.WallTime), EndAt: now.Add(time.Hour).Format(promo.WallTime),
			Budget: []byte("2.00"), MinAward: []byte("0.01"), MaxAward: []byte("0.05")})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var total atomic.Int64
		wins := make([]atomic.Int32, len(ms))
		codes := sync.Map{}
		for i := range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := i % len(ms)
				a, err := svc.Claim(ctx, ms[m], env.ID)
				if err == nil {
					total.Add(a.Cash.Minor)
					wins[m].Add(1)
					return
				}
				var e *api.Error
				if !errors.As(err, &e) {
					t.Errorf("claim: %v", err)
					return
				}
				n, _ := codes.LoadOrStore(e.Code, new(atomic.Int32))
				n.(*atomic.Int32).Add(1)
			}()
		}
		wg.Wait()
		for m := range wins {
			if w := wins[m].Load(); w > 1 {
				t.Fatalf("member %d won %d times", m, w)
			}
		}
		codes.Range(func(k, _ any) bool {
			if k != 102 && k != 103 {
				t.Errorf("refusal code %v", k)
			}
			return true
		})
		var remaining, claimed, claims int64
		if err := d.QueryRow(`SELECT remaining FROM red_envelopes WHERE id = $1`, env.ID).Scan(&remaining); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(`SELECT COALESCE(SUM(amount), 0), COUNT(*) FROM red_envelope_claims WHERE envelope_id = $1`, env.ID).Scan(&claimed, &claims); err != nil {
			t.Fatal(err)
		}
		if total.Load() > 200 || total.Load() != claimed || claimed+remaining != 200 || claims == 0 {
			t.Fatalf("awarded %d (claims %d sum %d), remaining %d of a 200 budget", total.Load(), claims, claimed, remaining)
		}
		paid, err := l.Balance(ctx, ledger.Account{Kind: ledger.Promotions}, "USD")
		if err != nil || paid != -claimed {
			t.Fatalf("promotions account %d, want %d (%v)", paid, -claimed, err)
		}
		r, err := l.Audit(ctx)
		if err != nil || !r.Clean {
			t.Fatalf("audit: %+v %v", r, err)
		}
	})
}

// TestSignInStreak: consecutive days (the site's zone) grow the streak and
// its award; a missed day starts again; the same day twice, even at once,
// pays once.
func TestSignInStreak(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		l := ledger.New(d, time.Now, nil)
		var clock atomic.Int64
		// 23:30 in Caracas is 03:30 UTC the next day: the day is Caracas'.
		day0 := time.Date(2026, 3, 1, 3, 30, 0, 0, time.UTC)
		clock.Store(day0.UnixMicro())
		svc := service(t, d, func() time.Time { return time.UnixMicro(clock.Load()) }, l)
		ctx := context.Background()
		if _, err := svc.SaveSignIn(ctx, 1, promo.SignInSettings{Currency: "USD", Enabled: true,
			Awards: []json.RawMessage{[]byte("1"), []byte("2"), []byte("3")}}); err != nil {
			t.Fatal(err)
		}
		m := members(t, d, 1)[0]
		steps := []struct {
			at     time.Duration
			streak int
			award  string
			today  string
		}{
			{0, 1, "1.00", "2026-02-28"},
			{time.Hour, 2, "2.00", "2026-03-01"},      // 00:30 in Caracas: the next day
			{25 * time.Hour, 3, "3.00", "2026-03-02"}, // the next
			{49 * time.Hour, 4, "3.00", "2026-03-03"}, // the last award repeats
			{97 * time.Hour, 1, "1.00", "2026-03-05"}, // a day missed
		}
		for _, s := range steps {
			clock.Store(day0.Add(s.at).UnixMicro())
			var wg sync.WaitGroup
			var successes atomic.Int32
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					st, err := svc.SignIn(ctx, m)
					if err != nil {
						t.Errorf("sign in: %v", err)
						return
					}
					if st.Streak != s.streak || st.TodayAward.String() != s.award || st.Today != s.today {
						t.Errorf("at %v: %+v, want streak %d award %s day %s", s.at, st, s.streak, s.award, s.today)
					}
					if st.Event == promo.EventSuccess {
						successes.Add(1)
					}
				}()
			}
			wg.Wait()
			if successes.Load() != 1 {
				t.Fatalf("at %v: %d successes, want 1", s.at, successes.Load())
			}
		}
		bal, err := l.Balance(ctx, ledger.Account{Kind: ledger.Main, MemberID: m.ID}, "USD")
		if err != nil || bal != 1000 {
			t.Fatalf("balance %d, want 10.00 (1+2+3+3+1)", bal)
		}
	})
}
