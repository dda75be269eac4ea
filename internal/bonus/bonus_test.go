package bonus_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/bonus"
	"gamehall/internal/content"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/exclusion"
	"gamehall/internal/games"
	"gamehall/internal/ledger"
	"gamehall/internal/member"
	"gamehall/internal/provider/house"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/testutil/testclock"
)

const houseRef = "GP001:"

type members struct{ ids map[string]int64 }

func (m members) Account(_ context.Context, _ int64, account string) (int64, string, error) {
	id, ok := m.ids[account]
	if !ok {
		return 0, "", api.NewError(404, "not_found")
	}
	return id, "USD", nil
}

type env struct {
	deps   bonus.Deps
	d      *db.DB
	clock  *testclock.Clock
	ledger *ledger.Ledger
	svc    *bonus.Service
	m      bonus.Member
}

// setup seeds the demo site and gives the demo member an empty main wallet;
// the ledger and the service read one test clock.
func setup(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := d.QueryRow(`SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&id); err != nil {
		t.Fatal(err)
	}
	e := &env{d: d, clock: testclock.New(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)), m: bonus.Member{SiteID: 1, ID: id, Currency: "USD"}}
	e.ledger = ledger.New(d, e.clock.Now, nil)
	main := ledger.Account{Kind: ledger.Main, MemberID: id}
	b, err := e.ledger.Balance(ctx, main, "USD")
	if err != nil {
		t.Fatal(err)
	}
	if b > 0 {
		if _, err := e.ledger.Post(ctx, ledger.Entry{Key: "empty", Kind: ledger.Adjustment, Currency: "USD",
			Postings: []ledger.Posting{{Account: main, Amount: -b}, {Account: ledger.Account{Kind: ledger.Adjustments}, Amount: b}}}); err != nil {
			t.Fatal(err)
		}
	}
	e.deps = bonus.Deps{DB: d, Sites: site.NewService(site.NewStore(d), false, 0, nil, time.Now),
		Members: members{ids: map[string]int64{seed.DemoMember: id}}, Ledger: e.ledger, Now: e.clock.Now,
		Pages: content.NewStore(d), Rounds: house.NewStore(d), Games: games.NewStore(d),
		Zone: time.FixedZone("America/Caracas", -4*3600), HouseRef: houseRef}
	e.svc = bonus.NewService(e.deps)
	return e
}

func (e *env) rule(t *testing.T, in bonus.RuleInput) bonus.RuleView {
	t.Helper()
	if in.Currency == "" {
		in.Currency = "USD"
	}
	if in.Title == nil {
		in.Title = map[string]string{"en_US": "Welcome bonus", "zh_CN": "首存红利"}
	}
	if in.Period == "" {
		in.Period = "once"
	}
	if in.TurnoverBase == "" {
		in.TurnoverBase = "bonus"
	}
	if in.ExpiryDays == 0 {
		in.ExpiryDays = 7
	}
	r, err := e.svc.SaveRule(context.Background(), 1, 0, in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func raw(v string) json.RawMessage { return json.RawMessage(v) }

func (e *env) main(t *testing.T) int64 {
	t.Helper()
	b, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Main, MemberID: e.m.ID}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// credit puts money in the main wallet as a deposit would.
func (e *env) credit(t *testing.T, key string, amount int64) {
	t.Helper()
	if _, err := e.ledger.Post(context.Background(), ledger.Entry{Key: key, Kind: ledger.Deposit, Currency: "USD",
		Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Clearing, Provider: "test"}, Amount: -amount},
			{Account: ledger.Account{Kind: ledger.Main, MemberID: e.m.ID}, Amount: amount}}}); err != nil {
		t.Fatal(err)
	}
}

// bet stakes amount from the main wallet under ref (the ledger reference
// of a round).
func (e *env) bet(t *testing.T, ref string, amount int64) {
	t.Helper()
	if _, err := e.ledger.Post(context.Background(), ledger.Entry{Key: "round-bet:" + ref, Kind: ledger.Bet, Currency: "USD",
		Reference: ref, Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Main, MemberID: e.m.ID}, Amount: -amount},
			{Account: ledger.Account{Kind: ledger.House, Provider: "GP001"}, Amount: amount}}}); err != nil {
		t.Fatal(err)
	}
}

// round records an in-house round of a game of gameType and answers its
// ledger reference.
func (e *env) round(t *testing.T, gameType int) string {
	t.Helper()
	var code string
	if err := e.d.QueryRow(`SELECT game_code FROM games WHERE game_type = $1 ORDER BY id LIMIT 1`, gameType).Scan(&code); err != nil {
		t.Fatalf("a game of type %d: %v", gameType, err)
	}
	var id int64
	err := e.d.QueryRow(`INSERT INTO game_rounds (session_hash, request_id, demo, member_id, game_code, game_version, currency,
		stake, win, balance_before, balance_after, choices, outcome, created_at)
		VALUES ('h', $1, FALSE, $2, $3, 'v1', 'USD', 0, 0, 0, 0, '{}', '{}', 0) RETURNING id`,
		fmt.Sprintf("r%d", time.Now().UnixNano()), e.m.ID, code).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s%d", houseRef, id)
}

// gameTypes are two game types of the seed that have games.
func (e *env) gameTypes(t *testing.T) (int, int) {
	t.Helper()
	rows, err := e.d.Query(`SELECT DISTINCT game_type FROM games ORDER BY game_type LIMIT 2`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var types []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		types = append(types, v)
	}
	if len(types) < 2 {
		t.Fatalf("the seed has games of %d types", len(types))
	}
	return types[0], types[1]
}

func (e *env) audit(t *testing.T) {
	t.Helper()
	r, err := e.ledger.Audit(context.Background())
	if err != nil || !r.Clean {
		t.Fatalf("audit: %+v %v", r.Violations, err)
	}
}

func code(err error) int {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func (e *env) list(t *testing.T) []bonus.View {
	t.Helper()
	l, err := e.svc.List(context.Background(), e.m, "en_US")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestDepositBonusAmount: 50% of the deposit, at most 30.00, from a 20.00
// deposit; a 10.00 deposit leaves it waiting; 80.00 pays 30.00 (50% is 40.00,
// capped); turnover 5x (bonus + deposit) = 550.00. Once only.
func TestDepositBonusAmount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		r := e.rule(t, bonus.RuleInput{Kind: "deposit", Percent: raw("50"), Cap: raw("30"), MinDeposit: raw("20"),
			TurnoverMultiple: raw("5"), TurnoverBase: "bonus_deposit"})
		v, err := e.svc.Apply(ctx, e.m, r.ID, "zh_CN")
		if err != nil || v.Status != bonus.Pending || v.Title != "首存红利" {
			t.Fatalf("apply: %+v %v", v, err)
		}
		if err := e.svc.DepositCompleted(ctx, e.m.ID, "USD", "D1", 10_00); err != nil {
			t.Fatal(err)
		}
		if l := e.list(t); l[0].Status != bonus.Pending || e.main(t) != 0 {
			t.Fatalf("a deposit below the minimum paid: %+v main %d", l[0], e.main(t))
		}
		e.credit(t, "dep-D2", 80_00)
		if err := e.svc.DepositCompleted(ctx, e.m.ID, "USD", "D2", 80_00); err != nil {
			t.Fatal(err)
		}
		// The same deposit again (a retried hook) pays nothing more.
		if err := e.svc.DepositCompleted(ctx, e.m.ID, "USD", "D2", 80_00); err != nil {
			t.Fatal(err)
		}
		l := e.list(t)
		if len(l) != 1 || l[0].Status != bonus.Active || l[0].Amount.Minor != 30_00 || l[0].Deposit.Minor != 80_00 ||
			l[0].TurnoverRequired.Minor != 550_00 || l[0].TurnoverLeft.Minor != 550_00 {
			t.Fatalf("after the deposit: %+v", l)
		}
		if got := e.main(t); got != 110_00 {
			t.Fatalf("main %d, want 110.00", got)
		}
		if _, err := e.svc.Apply(ctx, e.m, r.ID, "en_US"); code(err) != 703 {
			t.Fatalf("a once-only bonus twice: %v", err)
		}
		e.audit(t)
	})
}

// people reads members for the exclusion service as member.Service does.
type people struct{ s *member.Store }

func (p people) Person(ctx context.Context, id int64) (string, string, string, error) {
	m, err := p.s.ByID(ctx, id)
	return m.Phone, m.Email, m.IdentityID, err
}

func (p people) Accounts(ctx context.Context, id int64) ([]auth.Principal, error) {
	m, err := p.s.ByID(ctx, id)
	if err != nil {
		return nil, err
	}
	return p.s.SamePerson(ctx, m)
}

// restrictions asks the exclusion service as the app does.
type restrictions struct{ svc *exclusion.Service }

func (r restrictions) CheckBonus(ctx context.Context, memberID int64) error {
	return r.svc.Check(ctx, memberID, exclusion.Bonus)
}

// TestTimeOutRefusesBonuses: under a time-out a bonus application is 628
// and writes nothing; a deposit bonus applied for before the time-out is
// not paid by a deposit credited during it (it keeps waiting), and the
// money moved is the deposit's alone.
func TestTimeOutRefusesBonuses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		ex := exclusion.NewService(d, people{member.NewStore(d)}, nil, e.clock.Now, slog.New(slog.DiscardHandler))
		deps := e.deps
		deps.Restrictions = restrictions{ex}
		svc := bonus.NewService(deps)
		fixed := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("5"), TurnoverMultiple: raw("1")})
		dep := e.rule(t, bonus.RuleInput{Kind: "deposit", Percent: raw("100"), TurnoverMultiple: raw("1")})
		if _, err := svc.Apply(ctx, e.m, dep.ID, "en_US"); err != nil {
			t.Fatal(err)
		}
		if _, err := ex.Take(ctx, auth.Principal{MemberID: e.m.ID, SiteID: e.m.SiteID, Currency: "USD"},
			exclusion.TakeInput{Kind: exclusion.TimeOut, Days: &[]int{1}[0]}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Apply(ctx, e.m, fixed.ID, "en_US"); code(err) != 628 {
			t.Fatalf("a bonus during a time-out: %v, want 628", err)
		}
		e.credit(t, "dep-T1", 40_00)
		if err := svc.DepositCompleted(ctx, e.m.ID, "USD", "T1", 40_00); err != nil {
			t.Fatal(err)
		}
		l := e.list(t)
		if len(l) != 1 || l[0].Status != bonus.Pending || e.main(t) != 40_00 {
			t.Fatalf("during the time-out: %+v, main %d (want the deposit only)", l, e.main(t))
		}
		e.audit(t)
	})
}

// TestApplyRefusals: unknown rule 701, another currency's or inactive 702,
// a second waiting deposit bonus 704, the period rule counts per day.
func TestApplyRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		if _, err := e.svc.Apply(ctx, e.m, 999, "en_US"); code(err) != 701 {
			t.Fatalf("unknown rule: %v", err)
		}
		off := false
		inactive := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("5"), TurnoverMultiple: raw("1"), Active: &off})
		if _, err := e.svc.Apply(ctx, e.m, inactive.ID, "en_US"); code(err) != 702 {
			t.Fatalf("inactive rule: %v", err)
		}
		a := e.rule(t, bonus.RuleInput{Kind: "deposit", Percent: raw("10"), TurnoverMultiple: raw("1")})
		b := e.rule(t, bonus.RuleInput{Kind: "deposit", Percent: raw("20"), TurnoverMultiple: raw("1")})
		if _, err := e.svc.Apply(ctx, e.m, a.ID, "en_US"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Apply(ctx, e.m, b.ID, "en_US"); code(err) != 704 {
			t.Fatalf("a second waiting deposit bonus: %v", err)
		}
		daily := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("1.25"), TurnoverMultiple: raw("0"), Period: "day"})
		if _, err := e.svc.Apply(ctx, e.m, daily.ID, "en_US"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Apply(ctx, e.m, daily.ID, "en_US"); code(err) != 703 {
			t.Fatalf("the daily bonus twice a day: %v", err)
		}
		e.clock.Add(24 * time.Hour)
		if _, err := e.svc.Apply(ctx, e.m, daily.ID, "en_US"); err != nil {
			t.Fatalf("the daily bonus the next day: %v", err)
		}
		offers, err := e.svc.Offers(ctx, e.m, 0, "en_US")
		if err != nil || len(offers) != 3 {
			t.Fatalf("offers: %+v %v", offers, err)
		}
		for _, o := range offers {
			if want := o.ID != b.ID; *o.Taken != want {
				t.Errorf("offer %d taken %v", o.ID, *o.Taken)
			}
		}
		e.audit(t)
	})
}

// TestRuleInput: every field rule of the operator's form.
func TestRuleInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		ok := bonus.RuleInput{Currency: "USD", Title: map[string]string{"en_US": "X"}, Kind: "deposit", Percent: raw("10"),
			Period: "once", TurnoverMultiple: raw("3"), TurnoverBase: "bonus", ExpiryDays: 7}
		for name, c := range map[string]struct {
			mod   func(*bonus.RuleInput)
			field string
		}{
			"currency":       {func(in *bonus.RuleInput) { in.Currency = "XXX" }, "currency"},
			"title":          {func(in *bonus.RuleInput) { in.Title = nil }, "title"},
			"kind":           {func(in *bonus.RuleInput) { in.Kind = "cash" }, "kind"},
			"percent":        {func(in *bonus.RuleInput) { in.Percent = nil }, "percent"},
			"percent string": {func(in *bonus.RuleInput) { in.Percent = raw(`"10"`) }, "percent"},
			"percent big":    {func(in *bonus.RuleInput) { in.Percent = raw("1000.01") }, "percent"},
			"cap decimals":   {func(in *bonus.RuleInput) { in.Cap = raw("1.001") }, "cap"},
			"fixed":          {func(in *bonus.RuleInput) { in.Kind = "fixed" }, "fixed_amount"},
			"period":         {func(in *bonus.RuleInput) { in.Period = "year" }, "period"},
			"multiple":       {func(in *bonus.RuleInput) { in.TurnoverMultiple = raw("-1") }, "turnover_multiple"},
			"base":           {func(in *bonus.RuleInput) { in.TurnoverBase = "deposit" }, "turnover_base"},
			"weight key":     {func(in *bonus.RuleInput) { in.Weights = map[string]int64{"slots": 10} }, "weights"},
			"weight value":   {func(in *bonus.RuleInput) { in.Weights = map[string]int64{"3": 101} }, "weights"},
			"default weight": {func(in *bonus.RuleInput) { w := int64(-1); in.DefaultWeight = &w }, "default_weight"},
			"expiry":         {func(in *bonus.RuleInput) { in.ExpiryDays = 0 }, "expiry_days"},
			"page":           {func(in *bonus.RuleInput) { in.PageID = 987654 }, "page_id"},
		} {
			in := ok
			c.mod(&in)
			_, err := e.svc.SaveRule(context.Background(), 1, 0, in)
			var ae *api.Error
			if !errors.As(err, &ae) || ae.Code != 400 || ae.Field != c.field {
				t.Errorf("%s: %v, want a bad %s", name, err, c.field)
			}
		}
		if _, err := e.svc.SaveRule(context.Background(), 1, 12345, ok); code(err) != 701 {
			t.Fatalf("change of an unknown rule: %v", err)
		}
	})
}

// TestWeightedTurnover: a fixed 10.00 bonus, 3x turnover (30.00); type A
// counts 100%, type B 10%, others (a remote provider's bet) 50%. Bets of
// 10.00 on A, 20.00 on B and 5.00 elsewhere count 10 + 2 + 2.50 = 14.50; a
// bet before the award counts nothing; 0.07 on B counts 0 (rounded down).
func TestWeightedTurnover(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		ta, tb := e.gameTypes(t)
		e.credit(t, "dep", 100_00)
		e.bet(t, e.round(t, ta), 50_00) // before the bonus
		e.clock.Add(time.Second)
		dw := int64(50)
		r := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("10"), TurnoverMultiple: raw("3"),
			Weights: map[string]int64{fmt.Sprint(ta): 100, fmt.Sprint(tb): 10}, DefaultWeight: &dw})
		if _, err := e.svc.Apply(ctx, e.m, r.ID, "en_US"); err != nil {
			t.Fatal(err)
		}
		e.clock.Add(time.Second)
		e.bet(t, e.round(t, ta), 10_00)
		e.bet(t, e.round(t, tb), 20_00)
		e.bet(t, e.round(t, tb), 7)
		e.bet(t, "GP777:1", 5_00)
		l := e.list(t)
		if l[0].TurnoverDone.Minor != 14_50 || l[0].TurnoverRequired.Minor != 30_00 || l[0].TurnoverLeft.Minor != 15_50 {
			t.Fatalf("progress: %+v", l[0])
		}
		err := e.svc.CheckWithdrawal(ctx, 1, e.m.ID, "USD")
		var ae *api.Error
		if !errors.As(err, &ae) || ae.Code != 705 || ae.Detail != "15.50 USD" {
			t.Fatalf("withdrawal check: %v", err)
		}
		e.bet(t, e.round(t, ta), 15_50)
		if err := e.svc.CheckWithdrawal(ctx, 1, e.m.ID, "USD"); err != nil {
			t.Fatalf("after the turnover is met: %v", err)
		}
		if l := e.list(t); l[0].Status != bonus.Released || l[0].TurnoverLeft.Minor != 0 {
			t.Fatalf("released: %+v", l[0])
		}
		if _, err := e.svc.Forfeit(ctx, e.m, l[0].ID, "en_US"); code(err) != 707 {
			t.Fatalf("forfeit of a released bonus: %v", err)
		}
		e.audit(t)
	})
}

// TestForfeit: a 50.00 bonus of which the member lost 35.00 on bets: the
// forfeit takes back the 15.00 the main wallet holds, never more; a second
// forfeit is 707; another member's bonus is 706.
func TestForfeit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		r := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("50"), TurnoverMultiple: raw("10")})
		v, err := e.svc.Apply(ctx, e.m, r.ID, "en_US")
		if err != nil || v.Status != bonus.Active || e.main(t) != 50_00 {
			t.Fatalf("apply: %+v %v", v, err)
		}
		e.bet(t, "GP777:9", 35_00)
		if _, err := e.svc.Forfeit(ctx, bonus.Member{SiteID: 1, ID: e.m.ID + 1000, Currency: "USD"}, v.ID, "en_US"); code(err) != 706 {
			t.Fatalf("another member's bonus: %v", err)
		}
		f, err := e.svc.Forfeit(ctx, e.m, v.ID, "en_US")
		if err != nil || f.Status != bonus.Forfeited || f.TakenBack.Minor != 15_00 || e.main(t) != 0 {
			t.Fatalf("forfeit: %+v %v main %d", f, err, e.main(t))
		}
		if _, err := e.svc.Forfeit(ctx, e.m, v.ID, "en_US"); code(err) != 707 {
			t.Fatalf("forfeit twice: %v", err)
		}
		if err := e.svc.CheckWithdrawal(ctx, 1, e.m.ID, "USD"); err != nil {
			t.Fatalf("a forfeited bonus still blocks: %v", err)
		}
		e.audit(t)
	})
}

// TestExpiry: after expiry_days the sweep takes an unmet bonus back (all
// 20.00 while the wallet holds 120.00), releases one whose turnover was met,
// and drops a deposit bonus still waiting.
func TestExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		e.credit(t, "dep", 100_00)
		unmet := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("20"), TurnoverMultiple: raw("5"), ExpiryDays: 2})
		met := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("1"), TurnoverMultiple: raw("1"), ExpiryDays: 2})
		waiting := e.rule(t, bonus.RuleInput{Kind: "deposit", Percent: raw("10"), TurnoverMultiple: raw("1"), ExpiryDays: 1})
		for _, id := range []int64{unmet.ID, met.ID, waiting.ID} {
			if _, err := e.svc.Apply(ctx, e.m, id, "en_US"); err != nil {
				t.Fatal(err)
			}
		}
		e.clock.Add(time.Second)
		e.bet(t, "GP777:1", 1_00)
		e.clock.Add(47 * time.Hour)
		if err := e.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		got := map[int64]bonus.View{}
		for _, v := range e.list(t) {
			got[v.RuleID] = v
		}
		if got[waiting.ID].Status != bonus.Expired || got[unmet.ID].Status != bonus.Active {
			t.Fatalf("after 47 hours: %+v", got)
		}
		e.clock.Add(time.Hour)
		if err := e.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		for _, v := range e.list(t) {
			got[v.RuleID] = v
		}
		if got[unmet.ID].Status != bonus.Expired || got[unmet.ID].TakenBack.Minor != 20_00 || got[met.ID].Status != bonus.Released {
			t.Fatalf("after 48 hours: %+v", got)
		}
		if b := e.main(t); b != 100_00+20_00+1_00-1_00-20_00 {
			t.Fatalf("main %d", b)
		}
		e.audit(t)
	})
}

// TestGrantAndCancel: the operator grants 12.00 under a rule (one request
// id grants once) and cancels it with a reason; a reason is required.
func TestGrantAndCancel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		r := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("5"), TurnoverMultiple: raw("2")})
		in := bonus.GrantInput{Account: seed.DemoMember, RuleID: r.ID, Amount: raw("12"), RequestID: "g1", Reason: "VIP"}
		for range 2 {
			v, err := e.svc.Grant(ctx, 1, in)
			if err != nil || v.Amount.Minor != 12_00 || v.TurnoverRequired.Minor != 24_00 || v.Status != bonus.Active {
				t.Fatalf("grant: %+v %v", v, err)
			}
		}
		if e.main(t) != 12_00 {
			t.Fatalf("granted twice: %d", e.main(t))
		}
		bad := in
		bad.Reason = " "
		if _, err := e.svc.Grant(ctx, 1, bad); code(err) != 400 {
			t.Fatalf("grant without a reason: %v", err)
		}
		bad = in
		bad.RuleID = 999
		bad.RequestID = "g2"
		if _, err := e.svc.Grant(ctx, 1, bad); code(err) != 701 {
			t.Fatalf("grant under an unknown rule: %v", err)
		}
		l, err := e.svc.MemberBonuses(ctx, 1, seed.DemoMember)
		if err != nil || len(l) != 1 {
			t.Fatalf("member bonuses: %+v %v", l, err)
		}
		if _, err := e.svc.Cancel(ctx, 1, l[0].ID, ""); code(err) != 400 {
			t.Fatalf("cancel without a reason: %v", err)
		}
		if _, err := e.svc.Cancel(ctx, 1, 99999, "x"); code(err) != 706 {
			t.Fatalf("cancel of an unknown bonus: %v", err)
		}
		v, err := e.svc.Cancel(ctx, 1, l[0].ID, "abuse")
		if err != nil || v.Status != bonus.Cancelled || v.Reason != "abuse" || v.TakenBack.Minor != 12_00 || e.main(t) != 0 {
			t.Fatalf("cancel: %+v %v", v, err)
		}
		e.audit(t)
	})
}

// TestConcurrentApplications: 100 applications at once for one once-only
// fixed bonus pay it once; the others are 703.
func TestConcurrentApplications(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		r := e.rule(t, bonus.RuleInput{Kind: "fixed", FixedAmount: raw("8"), TurnoverMultiple: raw("1")})
		var wins atomic.Int32
		var mu sync.Mutex
		refusals := map[int]int{}
		var wg sync.WaitGroup
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.Apply(ctx, e.m, r.ID, "en_US")
				if err == nil {
					wins.Add(1)
					return
				}
				mu.Lock()
				refusals[code(err)]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if wins.Load() != 1 || refusals[703] != 99 {
			t.Fatalf("wins %d, refusals %v", wins.Load(), refusals)
		}
		if e.main(t) != 8_00 {
			t.Fatalf("main %d, want 8.00", e.main(t))
		}
		paid, err := e.ledger.Balance(ctx, ledger.Account{Kind: ledger.Promotions}, "USD")
		if err != nil || paid != -8_00 {
			t.Fatalf("promotions %d %v", paid, err)
		}
		e.audit(t)
	})
}
