package referral_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/member"
	"gamehall/internal/referral"
	"gamehall/internal/secret"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/testutil/testclock"
)

// wallet is the wallet's half: paid deposit counts and bank holder names
// the test sets.
type wallet struct {
	mu      sync.Mutex
	paid    map[int64]int
	holders map[int64][]string
}

func (w *wallet) PaidDeposits(_ context.Context, id int64) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.paid[id], nil
}

func (w *wallet) HolderNames(_ context.Context, id int64, _ string) ([]string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.holders[id], nil
}

type noExclusions struct{ excluded map[int64]bool }

func (n noExclusions) Excluded(_ context.Context, id int64) (bool, error) { return n.excluded[id], nil }

type env struct {
	d      *db.DB
	clock  *testclock.Clock
	ledger *ledger.Ledger
	wallet *wallet
	ex     noExclusions
	svc    *referral.Service
	zone   *time.Location
	seq    int
}

var caracas = time.FixedZone("America/Caracas", -4*3600)

// setup seeds the demo site (its plans included: they are dropped, each
// test saves its own) on a clock at 2026-03-10 12:00 Caracas.
func setup(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(ctx, `DELETE FROM referral_plans`); err != nil {
		t.Fatal(err)
	}
	e := &env{d: d, clock: testclock.New(time.Date(2026, 3, 10, 16, 0, 0, 0, time.UTC)), wallet: &wallet{paid: map[int64]int{},
		holders: map[int64][]string{}}, ex: noExclusions{excluded: map[int64]bool{}}, zone: caracas}
	e.ledger = ledger.New(d, e.clock.Now, nil)
	members := member.NewService(member.Deps{DB: d, Now: e.clock.Now, Hash: secret.OWASP})
	e.svc = referral.NewService(referral.Deps{DB: d, Sites: site.NewService(site.NewStore(d), false, 0, nil, time.Now),
		Members: members, Wallet: e.wallet, Exclusions: e.ex, Ledger: e.ledger, Now: e.clock.Now, Zone: caracas})
	return e
}

// member adds a USD member of the demo site brought by recommender (0:
// nobody).
func (e *env) member(t *testing.T, recommender int64) int64 {
	t.Helper()
	e.seq++
	var rec any
	if recommender > 0 {
		rec = recommender
	}
	var id int64
	err := e.d.QueryRow(`INSERT INTO members (site_id, account, password_hash, currency, name, phone, recommender_id, recommend_code,
		created_at, updated_at) VALUES (1, $1, 'x', 'USD', $2, $3, $4, $5, $6, $6) RETURNING id`,
		fmt.Sprintf("ref%03d", e.seq), fmt.Sprintf("Person %d", e.seq), fmt.Sprintf("55511%05d", e.seq), rec,
		fmt.Sprintf("RC%06d", e.seq), e.clock.Now().UnixMicro()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func raw(v string) json.RawMessage { return json.RawMessage(v) }

func (e *env) plan(t *testing.T, in referral.PlanInput) referral.PlanView {
	t.Helper()
	if in.Currency == "" {
		in.Currency = "USD"
	}
	if in.SharePeriod == "" {
		in.SharePeriod = "day"
	}
	p, err := e.svc.SavePlan(context.Background(), 1, 0, in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (e *env) main(t *testing.T, id int64) int64 {
	t.Helper()
	b, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Main, MemberID: id}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// deposit credits amount as the wallet does: the ledger posting and the
// deposit hook in one transaction.
func (e *env) deposit(t *testing.T, id, amount int64) {
	t.Helper()
	e.wallet.mu.Lock()
	e.wallet.paid[id]++
	n := e.wallet.paid[id]
	e.wallet.mu.Unlock()
	ctx := context.Background()
	err := e.d.Tx(ctx, func(ctx context.Context) error {
		if _, err := e.ledger.Post(ctx, ledger.Entry{Key: fmt.Sprintf("deposit:%d:%d", id, n), Kind: ledger.Deposit, Currency: "USD",
			Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Clearing, Provider: "test"}, Amount: -amount},
				{Account: ledger.Account{Kind: ledger.Main, MemberID: id}, Amount: amount}}}); err != nil {
			return err
		}
		return e.svc.DepositCompleted(ctx, id, "USD", "order", amount)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// bet stakes amount from the member's main wallet now.
func (e *env) bet(t *testing.T, id, amount int64) {
	t.Helper()
	e.seq++
	if _, err := e.ledger.Post(context.Background(), ledger.Entry{Key: fmt.Sprintf("bet:%d", e.seq), Kind: ledger.Bet, Currency: "USD",
		Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Main, MemberID: id}, Amount: -amount},
			{Account: ledger.Account{Kind: ledger.House, Provider: "GP001"}, Amount: amount}}}); err != nil {
		t.Fatal(err)
	}
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

func (e *env) records(t *testing.T, id int64) []referral.AwardView {
	t.Helper()
	p, err := e.svc.Records(context.Background(), referral.Member{SiteID: 1, ID: id, Currency: "USD"}, referral.Query{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != len(p.List) {
		t.Fatalf("total %d, list %d", p.Total, len(p.List))
	}
	return p.List
}

// TestFirstDepositReward: 10.00 when the first deposit is at least 50.00;
// a first deposit below it, a later deposit, or a retry of the hook pay
// nothing more.
func TestFirstDepositReward(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		e.plan(t, referral.PlanInput{FirstMin: raw("50"), FirstReward: raw("10")})
		rec := e.member(t, 0)
		small, exact, loner := e.member(t, rec), e.member(t, rec), e.member(t, 0)
		e.deposit(t, small, 49_99)
		e.deposit(t, small, 500_00) // not the first any more
		e.deposit(t, loner, 100_00) // nobody brought this one
		if got := e.main(t, rec); got != 0 {
			t.Fatalf("recommender holds %d after deposits that do not qualify", got)
		}
		e.deposit(t, exact, 50_00)
		if got := e.main(t, rec); got != 10_00 {
			t.Fatalf("recommender holds %d, want 10.00", got)
		}
		// The hook asked again for the same deposit (a retried credit) pays once.
		err := d.Tx(context.Background(), func(ctx context.Context) error {
			return e.svc.DepositCompleted(ctx, exact, "USD", "order", 50_00)
		})
		if err != nil || e.main(t, rec) != 10_00 {
			t.Fatalf("retry: %v, recommender holds %d", err, e.main(t, rec))
		}
		list := e.records(t, rec)
		if len(list) != 1 || list[0].Kind != "first" || list[0].Amount.String() != "10.00" || list[0].Basis.String() != "50.00" ||
			list[0].Status != "paid" {
			t.Fatalf("records %+v", list)
		}
		promo, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Promotions}, "USD")
		if err != nil || promo != -10_00 {
			t.Fatalf("promotions %d %v", promo, err)
		}
		var kind string
		if err := d.QueryRow(`SELECT kind FROM ledger_transactions WHERE idem_key = $1`, fmt.Sprintf("referral:first:%d", exact)).
			Scan(&kind); err != nil || kind != "referral" {
			t.Fatalf("ledger kind %q %v", kind, err)
		}
		e.audit(t)
	})
}

// TestBetShare: 0.5% of each invitee's valid bets of a closed day, at most
// 1.00 per recommender and day, worked by hand:
//
//	A (of R1): 120.00 + 30.50 = 150.50 -> 0.7525 -> 0.75
//	B (of R1):  80.00                  -> 0.40, capped to 1.00 - 0.75 = 0.25
//	C (of R2):  99.99                  -> 0.49995 -> 0.49
//
// Bets the day before and the day after count nothing.
func TestBetShare(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		p := e.plan(t, referral.PlanInput{SharePercent: raw("0.5"), ShareCap: raw("1"), SharePeriod: "day"})
		r1, r2 := e.member(t, 0), e.member(t, 0)
		a, b, c := e.member(t, r1), e.member(t, r1), e.member(t, r2)
		for _, id := range []int64{a, b, c} {
			e.deposit(t, id, 1000_00)
		}
		e.clock.Add(-24 * time.Hour) // 2026-03-09
		e.bet(t, a, 500_00)
		e.clock.Add(24 * time.Hour) // 2026-03-10
		e.bet(t, a, 120_00)
		e.bet(t, a, 30_50)
		e.bet(t, b, 80_00)
		e.bet(t, c, 99_99)
		if _, err := e.svc.RunShares(ctx, 1, p.ID, "2026-03-10"); code(err) != 725 {
			t.Fatalf("the open day: %v, want 725", err)
		}
		e.clock.Add(12 * time.Hour) // 2026-03-11 00:00 Caracas
		e.bet(t, b, 300_00)
		if err := e.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if e.main(t, r1) != 1_00 || e.main(t, r2) != 49 {
			t.Fatalf("R1 %d, R2 %d; want 1.00 and 0.49", e.main(t, r1), e.main(t, r2))
		}
		got := map[string]string{}
		for _, x := range e.records(t, r1) {
			got[x.Invitee] = x.Amount.String() + " of " + x.Basis.String() + " " + x.Period
		}
		want := map[string]string{"ref003": "0.75 of 150.50 2026-03-10", "ref004": "0.25 of 80.00 2026-03-10"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("R1 records %v, want %v", got, want)
		}
		run, err := e.svc.RunShares(ctx, 1, p.ID, "2026-03-10")
		if err != nil || run.Paid.String() != "1.49" {
			t.Fatalf("run again: %+v %v", run, err)
		}
		if e.main(t, r1) != 1_00 || e.main(t, r2) != 49 {
			t.Fatalf("a second run paid: R1 %d, R2 %d", e.main(t, r1), e.main(t, r2))
		}
		// Two days later (the server was down at the turn), the sweep still
		// pays 2026-03-11: B's 300.00 -> 1.50, capped to 1.00.
		e.clock.Add(48 * time.Hour)
		if err := e.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if e.main(t, r1) != 2_00 {
			t.Fatalf("R1 %d after the catch-up, want 2.00", e.main(t, r1))
		}
		e.audit(t)
	})
}

// TestConcurrentShareRuns: 50 runs of one period at once pay each share
// once: one ledger transaction per key.
func TestConcurrentShareRuns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		p := e.plan(t, referral.PlanInput{SharePercent: raw("1"), SharePeriod: "week"})
		rec := e.member(t, 0)
		var invitees []int64
		for range 5 {
			id := e.member(t, rec)
			invitees = append(invitees, id)
			e.deposit(t, id, 100_00)
			e.bet(t, id, 10_00)
		}
		y, w := e.clock.Now().In(caracas).ISOWeek()
		week := fmt.Sprintf("%04d-W%02d", y, w)
		e.clock.Add(8 * 24 * time.Hour)
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run, err := e.svc.RunShares(ctx, 1, p.ID, week)
				if err == nil && run.Paid.String() != "0.50" {
					err = fmt.Errorf("a run answered %s paid", run.Paid)
				}
				if err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if code(err) != 503 { // the database busy: the client retries
				t.Fatal(err)
			}
		}
		if got := e.main(t, rec); got != 50 {
			t.Fatalf("recommender holds %d, want 0.50 (5 x 1%% of 10.00)", got)
		}
		for _, id := range invitees {
			var n int
			if err := d.QueryRow(`SELECT COUNT(*) FROM ledger_transactions WHERE idem_key = $1`,
				fmt.Sprintf("referral:share:%d:%d:%s", rec, id, week)).Scan(&n); err != nil || n != 1 {
				t.Fatalf("invitee %d: %d transactions %v", id, n, err)
			}
		}
		e.audit(t)
	})
}

// TestOnePersonRefused: the same bank account holder name, a device both
// signed in from, or the same phone refuse the award and flag the pair.
func TestOnePersonRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		p := e.plan(t, referral.PlanInput{FirstMin: raw("10"), FirstReward: raw("5"), SharePercent: raw("10")})
		rec := e.member(t, 0)
		bank, dev, phone := e.member(t, rec), e.member(t, rec), e.member(t, rec)
		e.wallet.holders[rec] = []string{"Dana  Demo"}
		e.wallet.holders[bank] = []string{"dana demo"}
		now := e.clock.Now().UnixMicro()
		for i, id := range []int64{rec, dev} {
			if _, err := d.ExecContext(ctx, `INSERT INTO sessions (member_id, token_hash, rotated_at, device, created_at, last_seen_at)
				VALUES ($1, $2, $3, 'same-device', $3, $3)`, id, fmt.Sprintf("tok%d", i), now); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.ExecContext(ctx, `UPDATE members SET phone = (SELECT phone FROM members WHERE id = $1) WHERE id = $2`,
			rec, phone); err != nil {
			t.Fatal(err)
		}
		e.deposit(t, bank, 20_00)
		// Money for the bets, not through the deposit hook: the first
		// deposits of dev and phone are not what this test refuses.
		for _, id := range []int64{dev, phone} {
			if _, err := e.ledger.Post(ctx, ledger.Entry{Key: fmt.Sprintf("credit:%d", id), Kind: ledger.Adjustment, Currency: "USD",
				Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Adjustments}, Amount: -100_00},
					{Account: ledger.Account{Kind: ledger.Main, MemberID: id}, Amount: 100_00}}}); err != nil {
				t.Fatal(err)
			}
		}
		e.bet(t, dev, 10_00)
		e.bet(t, phone, 10_00)
		e.clock.Add(24 * time.Hour)
		if err := e.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := e.main(t, rec); got != 0 {
			t.Fatalf("recommender was paid %d", got)
		}
		flags, err := e.svc.Flags(ctx, 1, 0, 50)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, f := range flags.List {
			got[f.Invitee] = f.Reason + "/" + f.AwardKind
		}
		want := map[string]string{"ref002": "bank_holder/first", "ref003": "device/share", "ref004": "phone/share"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("flags %v, want %v", got, want)
		}
		if list := e.records(t, rec); len(list) != 0 {
			t.Fatalf("the member sees refused awards: %+v", list)
		}
		mv, err := e.svc.MemberReferrals(ctx, 1, "ref001")
		if err != nil || len(mv.Awards) != 3 || mv.Invitees.Total != 3 {
			t.Fatalf("operator view %+v %v", mv, err)
		}
		for _, a := range mv.Awards {
			if a.Status != "refused" || a.Amount.Minor != 0 {
				t.Fatalf("award %+v", a)
			}
		}
		if run, err := e.svc.RunShares(ctx, 1, p.ID, "2026-03-10"); err != nil || run.Paid.String() != "0.00" {
			t.Fatalf("the refused day paid %+v %v", run, err)
		}
		e.audit(t)
	})
}

// TestFeatureChecks: is_friend follows the plan and the site's switch; the
// agent check answers 101 for an agent and 104 under a restriction, and
// either closes the member's pages (724).
func TestFeatureChecks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		friend := func() int {
			v, err := e.svc.IsFriend(ctx, 1, "USD")
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		if friend() != 0 {
			t.Fatal("is_friend without a plan")
		}
		p := e.plan(t, referral.PlanInput{FirstReward: raw("1")})
		if friend() != 1 {
			t.Fatal("is_friend 0 with an active plan")
		}
		if _, err := d.ExecContext(ctx, `UPDATE member_settings SET recommend_enabled = FALSE WHERE site_id = 1`); err != nil {
			t.Fatal(err)
		}
		if friend() != 0 {
			t.Fatal("is_friend 1 with the recommend switch off")
		}
		if _, err := d.ExecContext(ctx, `UPDATE member_settings SET recommend_enabled = TRUE WHERE site_id = 1`); err != nil {
			t.Fatal(err)
		}
		off := false
		if _, err := e.svc.SavePlan(ctx, 1, p.ID, referral.PlanInput{Currency: "USD", FirstReward: raw("1"), SharePeriod: "day",
			Active: &off}); err != nil || friend() != 0 {
			t.Fatalf("inactive plan: %v", err)
		}
		on := true
		if _, err := e.svc.SavePlan(ctx, 1, p.ID, referral.PlanInput{Currency: "USD", FirstReward: raw("1"), SharePeriod: "day",
			Active: &on}); err != nil {
			t.Fatal(err)
		}
		plain, agent, excluded := e.member(t, 0), e.member(t, 0), e.member(t, 0)
		if _, err := d.ExecContext(ctx, `UPDATE members SET is_agent = TRUE WHERE id = $1`, agent); err != nil {
			t.Fatal(err)
		}
		e.ex.excluded[excluded] = true
		for id, want := range map[int64]int{plain: 0, agent: 101, excluded: 104} {
			if got := code(e.svc.AgentCheck(ctx, id)); got != want {
				t.Errorf("agent check of %d: %d, want %d", id, got, want)
			}
			_, err := e.svc.Project(ctx, referral.Member{SiteID: 1, ID: id, Currency: "USD"})
			if want == 0 && err != nil || want != 0 && code(err) != 724 {
				t.Errorf("project of %d: %v", id, err)
			}
		}
		pr, err := e.svc.Project(ctx, referral.Member{SiteID: 1, ID: plain, Currency: "USD"})
		if err != nil || pr.RecommendCode == "" || pr.Plan.FirstReward.String() != "1.00" {
			t.Fatalf("project %+v %v", pr, err)
		}
	})
}

// TestOperatorInput: every rule of the plan form and of a manual run.
func TestOperatorInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		base := func(kv func(*referral.PlanInput)) referral.PlanInput {
			in := referral.PlanInput{Currency: "USD", FirstMin: raw("50"), FirstReward: raw("10"), SharePercent: raw("0.5"),
				SharePeriod: "day", ShareCap: raw("100")}
			kv(&in)
			return in
		}
		for name, in := range map[string]referral.PlanInput{
			"currency":        base(func(p *referral.PlanInput) { p.Currency = "XXX" }),
			"reward string":   base(func(p *referral.PlanInput) { p.FirstReward = raw(`"10"`) }),
			"reward negative": base(func(p *referral.PlanInput) { p.FirstReward = raw("-1") }),
			"reward decimals": base(func(p *referral.PlanInput) { p.FirstReward = raw("1.001") }),
			"percent":         base(func(p *referral.PlanInput) { p.SharePercent = raw("100.01") }),
			"period":          base(func(p *referral.PlanInput) { p.SharePeriod = "month" }),
			"nothing paid":    base(func(p *referral.PlanInput) { p.FirstReward, p.SharePercent = nil, raw("0") }),
		} {
			if _, err := e.svc.SavePlan(ctx, 1, 0, in); code(err) != api.CodeInvalid {
				t.Errorf("%s: %v, want %d", name, err, api.CodeInvalid)
			}
		}
		p, err := e.svc.SavePlan(ctx, 1, 0, base(func(*referral.PlanInput) {}))
		if err != nil || p.SharePercent.String() != "0.50" || p.FirstMin.String() != "50.00" {
			t.Fatalf("save: %+v %v", p, err)
		}
		if _, err := e.svc.SavePlan(ctx, 1, 0, base(func(*referral.PlanInput) {})); code(err) != 723 {
			t.Errorf("a second USD plan: %v", err)
		}
		if _, err := e.svc.SavePlan(ctx, 1, p.ID+100, base(func(*referral.PlanInput) {})); code(err) != 722 {
			t.Errorf("an unknown plan: %v", err)
		}
		if _, err := e.svc.SavePlan(ctx, 1, p.ID, base(func(p *referral.PlanInput) { p.Currency = "VND"; p.FirstReward = raw("10") })); code(err) != api.CodeInvalid {
			t.Errorf("a currency change: %v", err)
		}
		for _, period := range []string{"", "2026-13-01", "2026-W10", "yesterday"} {
			if _, err := e.svc.RunShares(ctx, 1, p.ID, period); code(err) != api.CodeInvalid {
				t.Errorf("run %q: %v", period, err)
			}
		}
		if _, err := e.svc.RunShares(ctx, 1, p.ID+100, "2026-03-01"); code(err) != 722 {
			t.Errorf("run of an unknown plan: %v", err)
		}
		if _, err := e.svc.RunShares(ctx, 2, p.ID, "2026-03-01"); code(err) != 722 {
			t.Errorf("run of another site's plan: %v", err)
		}
		run, err := e.svc.RunShares(ctx, 1, p.ID, "2026-03-01")
		if err != nil || run.Paid.String() != "0.00" {
			t.Errorf("run of a quiet day: %+v %v", run, err)
		}
		list, err := e.svc.Plans(ctx, 1)
		if err != nil || len(list) != 1 {
			t.Fatalf("plans %+v %v", list, err)
		}
		for _, q := range []referral.Query{{From: "03/01/2026"}, {From: "2026-03-02", To: "2026-03-01"}, {Page: -1}, {Count: 101}} {
			if _, err := e.svc.Records(ctx, referral.Member{SiteID: 1, ID: e.member(t, 0), Currency: "USD"}, q); code(err) != api.CodeInvalid {
				t.Errorf("records %+v: %v", q, err)
			}
		}
	})
}
