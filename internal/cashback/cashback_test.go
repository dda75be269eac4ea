package cashback_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cashback"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/games"
	"gamehall/internal/ledger"
	"gamehall/internal/provider/house"
	"gamehall/internal/seed"
	"gamehall/internal/site"
)

const houseRef = "GP001:"

// caracas is the demo site's zone: a day runs [04:00Z, 04:00Z next day).
var caracas = time.FixedZone("America/Caracas", -4*3600)

type members struct{ id int64 }

func (m members) Account(_ context.Context, _ int64, account string) (int64, string, error) {
	if account != seed.DemoMember {
		return 0, "", api.NewError(404, "not_found")
	}
	return m.id, "USD", nil
}

func (m members) SiteOf(context.Context, int64) (int64, error) { return seed.DemoSiteID, nil }

// guard refuses the members in excluded as a time-out does.
type guard struct {
	mu       sync.Mutex
	excluded map[int64]bool
}

func (g *guard) CheckCashBack(_ context.Context, memberID int64) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.excluded[memberID] {
		return api.NewError(623, "exclusion_timeout_until")
	}
	return nil
}

// clock is the time the ledger and the service read; tests set it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

type env struct {
	d      *db.DB
	clock  *clock
	ledger *ledger.Ledger
	svc    *cashback.Service
	guard  *guard
	id     int64
	ruleID int64
	n      int
}

func setup(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		t.Fatal(err)
	}
	e := &env{d: d, clock: &clock{t: time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC)}, guard: &guard{excluded: map[int64]bool{}}}
	if err := d.QueryRow(`SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&e.id); err != nil {
		t.Fatal(err)
	}
	e.ledger = ledger.New(d, e.clock.Now, nil)
	e.svc = cashback.NewService(cashback.Deps{DB: d, Sites: site.NewService(site.NewStore(d), false, 0, nil, time.Now),
		Members: members{id: e.id}, Ledger: e.ledger, Rounds: house.NewStore(d), Games: games.NewStore(d), Guard: e.guard,
		Now: e.clock.Now, Zone: caracas, HouseRef: houseRef})
	rules, err := e.svc.Rules(ctx, seed.DemoSiteID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		if r.Currency == "USD" {
			e.ruleID = r.ID
		}
	}
	if e.ruleID == 0 {
		t.Fatalf("the seed has no USD cash-back rule: %+v", rules)
	}
	e.post(t, ledger.Deposit, "", 10_000_00, ledger.Account{Kind: ledger.Clearing, Provider: "test"})
	return e
}

func raw(v string) json.RawMessage { return json.RawMessage(v) }

// setRule replaces the USD rule.
func (e *env) setRule(t *testing.T, in cashback.RuleInput) {
	t.Helper()
	in.Currency = "USD"
	if _, err := e.svc.SaveRule(context.Background(), seed.DemoSiteID, e.ruleID, in); err != nil {
		t.Fatal(err)
	}
}

// post moves amount between the member's main wallet and other: a bet
// (out of main), a win or a deposit (into main), under ref.
func (e *env) post(t *testing.T, kind ledger.Kind, ref string, amount int64, other ledger.Account) {
	t.Helper()
	e.n++
	main := ledger.Account{Kind: ledger.Main, MemberID: e.id}
	p := []ledger.Posting{{Account: main, Amount: amount}, {Account: other, Amount: -amount}}
	if kind == ledger.Bet {
		p = []ledger.Posting{{Account: main, Amount: -amount}, {Account: other, Amount: amount}}
	}
	if _, err := e.ledger.Post(context.Background(), ledger.Entry{Key: fmt.Sprintf("t%d", e.n), Kind: kind, Currency: "USD",
		Reference: ref, Postings: p}); err != nil {
		t.Fatal(err)
	}
}

var houseAcct = ledger.Account{Kind: ledger.House, Provider: "GP001"}

// round records an in-house round of a game of gameType; its ledger
// reference.
func (e *env) round(t *testing.T, gameType int) string {
	t.Helper()
	var code string
	if err := e.d.QueryRow(`SELECT game_code FROM games WHERE game_type = $1 ORDER BY id LIMIT 1`, gameType).Scan(&code); err != nil {
		t.Fatalf("a game of type %d: %v", gameType, err)
	}
	e.n++
	var id int64
	err := e.d.QueryRow(`INSERT INTO game_rounds (session_hash, request_id, demo, member_id, game_code, game_version, currency,
		stake, win, balance_before, balance_after, choices, outcome, created_at)
		VALUES ('h', $1, FALSE, $2, $3, 'v1', 'USD', 0, 0, 0, 0, '{}', '{}', 0) RETURNING id`,
		fmt.Sprintf("r%d-%d", time.Now().UnixNano(), e.n), e.id, code).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s%d", houseRef, id)
}

// at sets the clock to a wall time of the site's zone.
func (e *env) at(day string, hms string) {
	t, err := time.ParseInLocation("2006-01-02 15:04:05.999999", day+" "+hms, caracas)
	if err != nil {
		panic(err)
	}
	e.clock.Set(t)
}

func (e *env) main(t *testing.T) int64 {
	t.Helper()
	b, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Main, MemberID: e.id}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (e *env) audit(t *testing.T) {
	t.Helper()
	r, err := e.ledger.Audit(context.Background())
	if err != nil || !r.Clean {
		t.Fatalf("audit: %+v %v", r.Violations, err)
	}
}

func (e *env) payouts(t *testing.T) []cashback.PayoutView {
	t.Helper()
	l, _, err := e.svc.Payouts(context.Background(), cashback.Member{SiteID: seed.DemoSiteID, ID: e.id, Currency: "USD"}, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func code(err error) int {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// gameTypes are two game types of the seed that have games.
func (e *env) gameTypes(t *testing.T) (int, int) {
	t.Helper()
	var a, b int
	if err := e.d.QueryRow(`SELECT MIN(game_type), MAX(game_type) FROM games`).Scan(&a, &b); err != nil || a == b {
		t.Fatalf("two game types: %d %d %v", a, b, err)
	}
	return a, b
}

// TestDayFigures works four days out by hand. The rule pays 1% on game
// type A, 0.5% on the rest (type B, and a remote provider's bet whose type
// is not known here).
func TestDayFigures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		a, b := e.gameTypes(t)
		rates := map[string]json.RawMessage{fmt.Sprint(a): raw("1")}
		remote := ledger.Account{Kind: ledger.House, Provider: "GP900"}
		for _, c := range []struct {
			name, day, basis string
			min, cap         string
			play             func()
			base, amount     int64 // 0 amount: no payout
		}{
			{name: "valid bets; midnight edges", day: "2026-03-01", basis: cashback.ValidBets, play: func() {
				e.at("2026-02-28", "23:59:59.999999")
				e.post(t, ledger.Bet, e.round(t, a), 10_00, houseAcct) // the day before
				e.at("2026-03-01", "00:00:00")
				e.post(t, ledger.Bet, e.round(t, a), 200_00, houseAcct)
				e.at("2026-03-01", "08:00:00")
				rb := e.round(t, b)
				e.post(t, ledger.Bet, rb, 300_00, houseAcct)
				e.post(t, ledger.Win, rb, 100_00, houseAcct)
				e.post(t, ledger.Bet, "GP900:77", 100_00, remote)
				e.at("2026-03-01", "23:59:59.999999")
				e.post(t, ledger.Bet, e.round(t, a), 55_55, houseAcct)
				e.at("2026-03-02", "00:00:00")
				e.post(t, ledger.Bet, e.round(t, a), 1000_00, houseAcct) // the day after
			},
				// A 255.55 x 1% = 2.5555 -> 2.55; B 300.00 x 0.5% = 1.50;
				// remote 100.00 x 0.5% = 0.50. Wins do not count.
				base: 655_55, amount: 4_55},
			{name: "net loss per game type", day: "2026-03-05", basis: cashback.NetLoss, play: func() {
				e.at("2026-03-05", "10:00:00")
				ra, rb := e.round(t, a), e.round(t, b)
				e.post(t, ledger.Bet, ra, 200_00, houseAcct)
				e.post(t, ledger.Win, ra, 50_00, houseAcct)
				e.post(t, ledger.Bet, rb, 100_00, houseAcct)
				e.post(t, ledger.Win, rb, 300_00, houseAcct)
			},
				// A lost 150.00 x 1% = 1.50; B won, counts 0.
				base: 150_00, amount: 1_50},
			{name: "cap", day: "2026-03-07", basis: cashback.ValidBets, cap: "2", play: func() {
				e.at("2026-03-07", "10:00:00")
				e.post(t, ledger.Bet, e.round(t, a), 500_00, houseAcct)
			},
				// 5.00, capped at 2.00.
				base: 500_00, amount: 2_00},
			{name: "below the minimum", day: "2026-03-09", basis: cashback.ValidBets, min: "5", play: func() {
				e.at("2026-03-09", "10:00:00")
				e.post(t, ledger.Bet, e.round(t, a), 100_00, houseAcct)
			},
				// 1.00 is below 5.00: nothing.
				base: 100_00, amount: 0},
		} {
			e.setRule(t, cashback.RuleInput{Basis: c.basis, Rates: rates, DefaultRate: raw("0.5"), MinPayout: opt(c.min), Cap: opt(c.cap)})
			c.play()
			e.at(c.day, "23:59:59")
			e.clock.Set(e.clock.Now().Add(48 * time.Hour))
			before := e.main(t)
			reps, err := e.svc.RunDay(ctx, seed.DemoSiteID, c.day)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			var usd cashback.Report
			for _, r := range reps {
				if r.Currency == "USD" {
					usd = r
				}
			}
			paid := e.main(t) - before
			if paid != c.amount || usd.Amount.Minor != c.amount || usd.Members != 1 {
				t.Fatalf("%s: paid %d, report %+v; want %d", c.name, paid, usd, c.amount)
			}
			l := e.payouts(t)
			if c.amount == 0 {
				if len(l) > 0 && l[0].Day == c.day {
					t.Fatalf("%s: a payout below the minimum: %+v", c.name, l[0])
				}
				continue
			}
			if l[0].Day != c.day || l[0].Amount.Minor != c.amount || l[0].Base.Minor != c.base || l[0].Status != cashback.Paid ||
				l[0].Basis != c.basis {
				t.Fatalf("%s: payout %+v", c.name, l[0])
			}
		}
		e.audit(t)
	})
}

func opt(v string) json.RawMessage {
	if v == "" {
		return nil
	}
	return raw(v)
}

// TestConcurrentRuns: 20 runs of one day at once pay the member once: one
// payout row, one ledger transaction; a later run pays nothing more.
func TestConcurrentRuns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		a, _ := e.gameTypes(t)
		e.setRule(t, cashback.RuleInput{Basis: cashback.ValidBets, DefaultRate: raw("1")})
		e.at("2026-03-01", "12:00:00")
		e.post(t, ledger.Bet, e.round(t, a), 1000_00, houseAcct)
		e.at("2026-03-02", "01:00:00")
		before := e.main(t)
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := e.svc.RunDay(ctx, seed.DemoSiteID, "2026-03-01"); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if !errors.Is(err, api.ErrBusy) {
				t.Fatal(err)
			}
		}
		if err := e.svc.RunYesterday(ctx); err != nil {
			t.Fatal(err)
		}
		if got := e.main(t) - before; got != 10_00 {
			t.Fatalf("paid %d, want 10.00 once", got)
		}
		var txs int
		if err := d.QueryRow(`SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'cashback'`).Scan(&txs); err != nil || txs != 1 {
			t.Fatalf("%d cash-back transactions %v", txs, err)
		}
		if l := e.payouts(t); len(l) != 1 {
			t.Fatalf("payouts %+v", l)
		}
		e.audit(t)
	})
}

// TestExcludedMember: a member on a time-out when the day is paid gets
// nothing, the day is withheld for good.
func TestExcludedMember(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		a, _ := e.gameTypes(t)
		e.setRule(t, cashback.RuleInput{Basis: cashback.ValidBets, DefaultRate: raw("1")})
		e.at("2026-03-01", "12:00:00")
		e.post(t, ledger.Bet, e.round(t, a), 1000_00, houseAcct)
		e.at("2026-03-02", "01:00:00")
		before := e.main(t)
		e.guard.excluded[e.id] = true
		reps, err := e.svc.RunDay(ctx, seed.DemoSiteID, "2026-03-01")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reps {
			if r.Currency == "USD" && (r.Withheld != 1 || r.Paid != 0 || r.Amount.Minor != 0) {
				t.Fatalf("report %+v", r)
			}
		}
		delete(e.guard.excluded, e.id)
		if _, err := e.svc.RunDay(ctx, seed.DemoSiteID, "2026-03-01"); err != nil {
			t.Fatal(err)
		}
		if got := e.main(t); got != before {
			t.Fatalf("an excluded member was paid %d", got-before)
		}
		if l := e.payouts(t); len(l) != 1 || l[0].Status != cashback.Withheld {
			t.Fatalf("payouts %+v", l)
		}
		e.audit(t)
	})
}

// TestOperatorInput: bad fields are named (code 1xx invalid), one rule per
// currency (712), unknown rule (711), a day not over (713), and the
// public check follows the active flag.
func TestOperatorInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		field := func(err error) string {
			var ae *api.Error
			if errors.As(err, &ae) && ae.Code == api.CodeInvalid {
				return ae.Field
			}
			return fmt.Sprintf("not invalid: %v", err)
		}
		for _, c := range []struct {
			in    cashback.RuleInput
			field string
		}{
			{cashback.RuleInput{Currency: "BRL", Basis: cashback.ValidBets}, "currency"},
			{cashback.RuleInput{Currency: "USD", Basis: "turnover"}, "basis"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, Rates: map[string]json.RawMessage{"slots": raw("1")}}, "rates"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, Rates: map[string]json.RawMessage{"2": raw("100.01")}}, "rates"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, DefaultRate: raw(`"1"`)}, "default_rate"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, DefaultRate: raw("0.123")}, "default_rate"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, MinPayout: raw("-1")}, "min_payout"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, MinPayout: raw("5"), Cap: raw("1")}, "cap"},
			{cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss, Cap: raw("1.001")}, "cap"},
		} {
			if _, err := e.svc.SaveRule(ctx, seed.DemoSiteID, e.ruleID, c.in); field(err) != c.field {
				t.Fatalf("%+v: %s, want %s", c.in, field(err), c.field)
			}
		}
		if _, err := e.svc.SaveRule(ctx, seed.DemoSiteID, 0, cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss}); code(err) != 712 {
			t.Fatalf("a second USD rule: %v", err)
		}
		if _, err := e.svc.SaveRule(ctx, seed.DemoSiteID, 9999, cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss}); code(err) != 711 {
			t.Fatalf("an unknown rule: %v", err)
		}
		if _, err := e.svc.SaveRule(ctx, seed.DemoSiteID, e.ruleID, cashback.RuleInput{Currency: "RMB", Basis: cashback.NetLoss}); field(err) != "currency" {
			t.Fatalf("a currency change: %v", err)
		}
		e.at("2026-03-01", "23:00:00")
		if _, err := e.svc.RunDay(ctx, seed.DemoSiteID, "2026-03-02"); code(err) != 713 {
			t.Fatalf("a day not started: %v", err)
		}
		if _, err := e.svc.RunDay(ctx, seed.DemoSiteID, "2026-03-01"); code(err) != 713 {
			t.Fatalf("today, not over: %v", err)
		}
		if _, err := e.svc.RunDay(ctx, seed.DemoSiteID, "01/03/2026"); field(err) != "day" {
			t.Fatalf("a bad day: %v", err)
		}
		if _, err := e.svc.RunDay(ctx, seed.DemoSiteID, "2026-02-28"); err != nil {
			t.Fatalf("yesterday: %v", err)
		}
		on, err := e.svc.Active(ctx, seed.DemoSiteID, "USD")
		if err != nil || !on {
			t.Fatalf("active %v %v", on, err)
		}
		off := false
		v, err := e.svc.SaveRule(ctx, seed.DemoSiteID, e.ruleID, cashback.RuleInput{Currency: "USD", Basis: cashback.NetLoss,
			Rates: map[string]json.RawMessage{"2": raw("1.25")}, DefaultRate: raw("0.5"), Cap: raw("50"), Active: &off})
		if err != nil || v.Rates["2"].String() != "1.25" || v.DefaultRate.String() != "0.50" || v.Cap.String() != "50.00" || v.Active {
			t.Fatalf("saved %+v %v", v, err)
		}
		if on, err := e.svc.Active(ctx, seed.DemoSiteID, "USD"); err != nil || on {
			t.Fatalf("inactive rule: active %v %v", on, err)
		}
		if _, ok, err := e.svc.Rule(ctx, cashback.Member{SiteID: seed.DemoSiteID, ID: e.id, Currency: "USD"}); err != nil || ok {
			t.Fatalf("an inactive rule shown to the member: %v %v", ok, err)
		}
		e.audit(t)
	})
}
