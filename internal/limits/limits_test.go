package limits_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/limits"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/testutil"
	"gamehall/internal/testutil/testclock"
)

func service(t *testing.T, d *db.DB) (*limits.Service, *testclock.Clock, auth.Principal) {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := d.QueryRow(`SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&id); err != nil {
		t.Fatal(err)
	}
	c := testclock.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	svc := limits.NewService(d, ledger.New(d, c.Now, nil), site.NewService(site.NewStore(d), false, 0, nil, time.Now), c.Now)
	return svc, c, auth.Principal{MemberID: id, SiteID: seed.DemoSiteID, Currency: "USD"}
}

func code(err error) int {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return -1
}

func set(svc *limits.Service, p auth.Principal, kind, period, amount string) (limits.View, error) {
	return svc.Set(context.Background(), p, limits.SetInput{Kind: limits.Kind(kind), Period: limits.Period(period), Amount: json.RawMessage(amount)})
}

func confirm(svc *limits.Service, p auth.Principal, kind, period string) (limits.View, bool, error) {
	return svc.Confirm(context.Background(), p, limits.ConfirmInput{Kind: limits.Kind(kind), Period: limits.Period(period)})
}

// TestCoolOff: a first limit and a decrease apply at once; an increase and
// a removal wait 24 hours and the member's confirmation, the old limit
// holding meanwhile.
func TestCoolOff(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, clk, p := service(t, d)
		if v, err := set(svc, p, "deposit", "day", "100"); err != nil || v.PendingAmount != nil || jsonOf(v.Amount) != "100.00" {
			t.Fatalf("first limit: %+v %v", v, err)
		}
		if v, err := set(svc, p, "deposit", "day", "500"); err != nil || jsonOf(v.Amount) != "100.00" || jsonOf(v.PendingAmount) != "500.00" || v.Confirmable != 0 {
			t.Fatalf("an increase: %+v %v", v, err)
		}
		if _, _, err := confirm(svc, p, "deposit", "day"); code(err) != 612 {
			t.Fatalf("confirm at once: %v, want 612", err)
		}
		clk.Add(23*time.Hour + 59*time.Minute)
		if _, _, err := confirm(svc, p, "deposit", "day"); code(err) != 612 {
			t.Fatalf("confirm after 23:59: %v, want 612", err)
		}
		clk.Add(time.Minute)
		if v, _, err := confirm(svc, p, "deposit", "day"); err != nil || jsonOf(v.Amount) != "500.00" || v.PendingAmount != nil {
			t.Fatalf("confirm after 24 h: %+v %v", v, err)
		}
		if _, _, err := confirm(svc, p, "deposit", "day"); code(err) != 611 {
			t.Fatalf("confirm with nothing pending: %v, want 611", err)
		}
		// A raise waiting, then a decrease: the decrease applies and the raise is gone.
		if _, err := set(svc, p, "deposit", "day", "900"); err != nil {
			t.Fatal(err)
		}
		if v, err := set(svc, p, "deposit", "day", "50"); err != nil || jsonOf(v.Amount) != "50.00" || v.PendingAmount != nil {
			t.Fatalf("a decrease over a pending raise: %+v %v", v, err)
		}
		// A removal waits too.
		if v, err := set(svc, p, "deposit", "day", "null"); err != nil || v.PendingAmount != "remove" || jsonOf(v.Amount) != "50.00" {
			t.Fatalf("a removal: %+v %v", v, err)
		}
		clk.Add(24 * time.Hour)
		if _, removed, err := confirm(svc, p, "deposit", "day"); err != nil || !removed {
			t.Fatalf("confirm the removal: %v %v", removed, err)
		}
		if list, err := svc.List(context.Background(), p); err != nil || len(list) != 0 {
			t.Fatalf("limits after the removal: %+v %v", list, err)
		}
	})
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}

// TestBadLimits: every refusal names the field and writes nothing.
func TestBadLimits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, _, p := service(t, d)
		for _, c := range []struct{ kind, period, amount, field string }{
			{"bonus", "day", "10", "kind"},
			{"deposit", "year", "10", "period"},
			{"deposit", "session", "10", "period"},
			{"session", "day", "10", "period"},
			{"deposit", "day", "-5", "amount"},
			{"deposit", "day", "0", "amount"},
			{"deposit", "day", `"10"`, "amount"},
			{"deposit", "day", "10.001", "amount"},
			{"deposit", "day", "1e30", "amount"},
			{"deposit", "day", "99999999999999999999", "amount"},
			{"session", "session", "0.5", "amount"},
			{"session", "session", "1441", "amount"},
			{"loss", "week", "null", "amount"}, // nothing to remove
		} {
			_, err := set(svc, p, c.kind, c.period, c.amount)
			var e *api.Error
			if !errors.As(err, &e) || e.Code != 400 || e.Field != c.field {
				t.Errorf("%s %s %s: %v, want 400 naming %s", c.kind, c.period, c.amount, err, c.field)
			}
		}
		var n int
		if err := d.QueryRow(`SELECT COUNT(*) FROM player_limits`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d limits written (%v)", n, err)
		}
	})
}

// TestDepositLimitOverHTTP: the member sets a deposit limit and a deposit
// over what is left is refused (601, with which limit and when it resets)
// before any order or gateway call; pending orders count.
func TestDepositLimitOverHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		token := s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.95")
		post := func(path string, body any) testutil.Response {
			return s.Post(path, testutil.JSON(body), "Authorization", "Bearer "+token)
		}
		if r := s.Post("/api/member/limits", `{}`); r.HTTP != 401 {
			t.Fatalf("a guest's limits: http %d", r.HTTP)
		}
		// The demo's starting balance was deposited when the seed ran: move it
		// out of every window, as if it were two months old.
		if _, err := d.Exec(`UPDATE ledger_postings SET created_at = created_at - $1`, int64(60*24*time.Hour/time.Microsecond)); err != nil {
			t.Fatal(err)
		}
		if r := post("/api/member/limits/set", map[string]any{"kind": "deposit", "period": "day", "amount": 100}); r.Code != 100 {
			t.Fatalf("set: %d %s", r.Code, r.Message)
		}
		var channels struct {
			List []struct {
				ID   int64  `json:"id"`
				Kind string `json:"kind"`
			} `json:"list"`
		}
		post("/api/member/wallet/channels", map[string]any{"type": "deposit"}).Decode(t, &channels)
		var gateway int64
		for _, c := range channels.List {
			if c.Kind == "gateway" {
				gateway = c.ID
			}
		}
		var before int
		if err := d.QueryRow(`SELECT COUNT(*) FROM deposit_orders`).Scan(&before); err != nil {
			t.Fatal(err)
		}
		r := post("/api/member/deposit", map[string]any{"channel_id": gateway, "amount": 150, "request_id": "over"})
		if r.Code != 601 || !strings.Contains(string(r.Data), `"kind":"deposit"`) || !strings.Contains(string(r.Data), `"period":"day"`) ||
			!strings.Contains(string(r.Data), `"resets_at"`) || !strings.Contains(r.Message, "24 hours") {
			t.Fatalf("a deposit over the limit: %d %q %s", r.Code, r.Message, r.Data)
		}
		if r := post("/api/member/deposit", map[string]any{"channel_id": gateway, "amount": 80, "request_id": "fits"}); r.Code != 100 {
			t.Fatalf("a deposit within the limit: %d %s", r.Code, r.Message)
		}
		if r := post("/api/member/deposit", map[string]any{"channel_id": gateway, "amount": 30, "request_id": "pending-counts"}); r.Code != 601 {
			t.Fatalf("a deposit over the limit with 80 pending: %d %s", r.Code, r.Message)
		}
		var after int
		if err := d.QueryRow(`SELECT COUNT(*) FROM deposit_orders`).Scan(&after); err != nil || after != before+1 {
			t.Fatalf("orders: %d before, %d after (%v), want one more", before, after, err)
		}
		list := post("/api/member/limits", map[string]any{})
		if list.Code != 100 || !strings.Contains(string(list.Data), `"kind":"deposit"`) {
			t.Fatalf("list: %d %s", list.Code, list.Data)
		}
		if r := post("/api/member/limits/confirm", map[string]any{"kind": "deposit", "period": "day"}); r.Code != 611 {
			t.Fatalf("confirm with nothing pending: %d", r.Code)
		}
	})
}

// TestDepositLimitUnderParallelDeposits: 20 deposits of 10.00 at once
// against a 24-hour limit of 100.00 record exactly ten orders: the room is
// taken under the member's limit lock, never twice.
func TestDepositLimitUnderParallelDeposits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		token := s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.96")
		if _, err := d.Exec(`UPDATE ledger_postings SET created_at = created_at - $1`, int64(60*24*time.Hour/time.Microsecond)); err != nil {
			t.Fatal(err)
		}
		if r := s.Post("/api/member/limits/set", testutil.JSON(map[string]any{"kind": "deposit", "period": "day", "amount": 100}),
			"Authorization", "Bearer "+token); r.Code != 100 {
			t.Fatalf("set: %d %s", r.Code, r.Message)
		}
		var gateway int64
		if err := d.QueryRow(`SELECT id FROM payment_channels WHERE kind = 'gateway' AND direction = 'deposit' ORDER BY id LIMIT 1`).Scan(&gateway); err != nil {
			t.Fatal(err)
		}
		res := s.Parallel(20, func(i int) (testutil.Response, error) {
			body := testutil.JSON(map[string]any{"channel_id": gateway, "amount": 10, "request_id": fmt.Sprintf("p%d", i)})
			return s.Try("POST", "/api/member/deposit", body, "Authorization", "Bearer "+token)
		})
		if codes := testutil.Codes(res); codes[100] != 10 || codes[601] != 10 {
			t.Fatalf("codes %v, want ten orders and ten refusals", codes)
		}
		var n int
		var sum int64
		if err := d.QueryRow(`SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM deposit_orders WHERE request_id LIKE 'p%'`).Scan(&n, &sum); err != nil ||
			n != 10 || sum != 10000 {
			t.Fatalf("orders %d for %d minor units (%v), want 10 for 10000", n, sum, err)
		}
	})
}

// TestWriterSeesANewLimit: on SQLite real-money rounds check on the group
// committer's writer, which remembers a member's limits between batches; a
// wager limit set meanwhile (on another connection) binds the very next
// bet's check.
func TestWriterSeesANewLimit(t *testing.T) {
	d := dbtest.SQLite(t)
	svc, _, p := service(t, d)
	g := db.NewGroup(d)
	defer g.Close()
	ctx := context.Background()
	bet := func() error {
		var checked error
		if err := g.Tx(ctx, func(ctx context.Context) error {
			checked = svc.CheckBet(ctx, p.SiteID, p.MemberID, "USD", 2, 5000, 0)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return checked
	}
	for range 2 {
		if err := bet(); err != nil {
			t.Fatalf("without a limit: %v", err)
		}
	}
	if _, err := set(svc, p, "wager", "day", "10"); err != nil {
		t.Fatal(err)
	}
	if err := bet(); err == nil {
		t.Fatal("a 50.00 bet passed a new 10.00 daily wager limit")
	}
}
