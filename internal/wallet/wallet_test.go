package wallet_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/payment"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/wallet"
)

// fakeGateway is a gateway the test drives: orders it was given, their
// states, and callbacks signed with a header the test can forge.
type fakeGateway struct {
	mu      sync.Mutex
	orders  map[string]payment.Notice
	payouts map[string]payment.Notice
	down    bool
}

func newFake() *fakeGateway {
	return &fakeGateway{orders: map[string]payment.Notice{}, payouts: map[string]payment.Notice{}}
}

func (g *fakeGateway) Code() string { return "fake" }

func (g *fakeGateway) CreateOrder(_ context.Context, o payment.Order) (payment.Checkout, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return payment.Checkout{}, payment.ErrUnavailable
	}
	g.orders[o.OrderNo] = payment.Notice{Kind: payment.DepositNotice, OrderNo: o.OrderNo, GatewayRef: "ref-" + o.OrderNo,
		Status: payment.Pending, Currency: o.Currency, Amount: o.Amount}
	return payment.Checkout{PayURL: "/pay/fake/" + o.OrderNo, GatewayRef: "ref-" + o.OrderNo}, nil
}

func (g *fakeGateway) VerifyCallback(r *http.Request, body []byte) (payment.Notice, error) {
	if r.Header.Get("X-Fake-Signature") != "valid" {
		return payment.Notice{}, payment.ErrSignature
	}
	var n payment.Notice
	if err := json.Unmarshal(body, &n); err != nil {
		return payment.Notice{}, payment.ErrSignature
	}
	return n, nil
}

func (g *fakeGateway) QueryOrder(_ context.Context, orderNo string) (payment.Notice, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return payment.Notice{}, payment.ErrUnavailable
	}
	n, ok := g.orders[orderNo]
	if !ok {
		return payment.Notice{Kind: payment.DepositNotice, OrderNo: orderNo, Status: payment.Unknown}, nil
	}
	return n, nil
}

func (g *fakeGateway) PayOut(_ context.Context, p payment.Payout) (payment.Notice, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return payment.Notice{}, payment.ErrUnavailable
	}
	if n, ok := g.payouts[p.OrderNo]; ok {
		return n, nil
	}
	n := payment.Notice{Kind: payment.PayoutNotice, OrderNo: p.OrderNo, Status: payment.Pending, Currency: p.Currency, Amount: p.Amount}
	g.payouts[p.OrderNo] = n
	return n, nil
}

func (g *fakeGateway) QueryPayout(_ context.Context, orderNo string) (payment.Notice, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	n, ok := g.payouts[orderNo]
	if !ok {
		return payment.Notice{Kind: payment.PayoutNotice, OrderNo: orderNo, Status: payment.Unknown}, nil
	}
	return n, nil
}

// set records the gateway's own outcome of an order (the payer paid).
func (g *fakeGateway) set(orderNo string, st payment.Status) payment.Notice {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.orders[orderNo]
	n.Status = st
	g.orders[orderNo] = n
	return n
}

func (g *fakeGateway) setPayout(orderNo string, st payment.Status) payment.Notice {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.payouts[orderNo]
	n.Status = st
	g.payouts[orderNo] = n
	return n
}

// fakeMembers answers the member questions of the wallet: names, and the
// withdrawal password "1234" (five wrong ones lock, as the shared lock does).
type fakeMembers struct {
	mu    sync.Mutex
	names map[int64]string
	wrong map[int64]int
	ids   map[string]int64
}

func (f *fakeMembers) Holder(_ context.Context, id int64) (string, bool, error) {
	return f.names[id], true, nil
}

func (f *fakeMembers) CheckWithdrawPassword(_ context.Context, id int64, pw string) (bool, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.wrong[id] >= 5 {
		return false, true, nil
	}
	if pw != "1234" {
		f.wrong[id]++
		return false, f.wrong[id] >= 5, nil
	}
	return true, false, nil
}

func (f *fakeMembers) Account(_ context.Context, _ int64, account string) (int64, string, error) {
	id, ok := f.ids[account]
	if !ok {
		return 0, "", api.NewError(404, "not_found")
	}
	return id, "USD", nil
}

type env struct {
	d      *db.DB
	svc    *wallet.Service
	gw     *fakeGateway
	ledger *ledger.Ledger
	alice  wallet.Member
	bob    wallet.Member
	dep    int64 // the gateway deposit channel
	wd     int64 // the gateway withdrawal channel
	bank   int64 // the bank-transfer deposit channel
}

func memberID(t *testing.T, d *db.DB, account string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRowContext(context.Background(), `SELECT id FROM members WHERE account = $1`, account).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// setup builds the service over the demo seed with empty wallets; tweaks
// change its dependencies (a clock, a zone) before it is built.
func setup(t *testing.T, d *db.DB, tweaks ...func(*wallet.Deps)) *env {
	t.Helper()
	ctx := context.Background()
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		t.Fatal(err)
	}
	e := &env{d: d, gw: newFake()}
	alice, bob := memberID(t, d, seed.DemoMember), memberID(t, d, seed.DemoAgent)
	e.alice = wallet.Member{SiteID: 1, ID: alice, Currency: "USD"}
	e.bob = wallet.Member{SiteID: 1, ID: bob, Currency: "USD"}
	e.ledger = ledger.New(d, time.Now, nil)
	// The tests start from empty wallets: the seed's starting balances go
	// to the adjustments account, and its deposit orders are forgotten.
	for _, id := range []int64{alice, bob} {
		main := ledger.Account{Kind: ledger.Main, MemberID: id}
		b, err := e.ledger.Balance(ctx, main, "USD")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.ledger.Post(ctx, ledger.Entry{Key: fmt.Sprintf("empty-%d", id), Kind: ledger.Adjustment, Currency: "USD",
			Postings: []ledger.Posting{{Account: main, Amount: -b}, {Account: ledger.Account{Kind: ledger.Adjustments}, Amount: b}}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.ExecContext(ctx, `DELETE FROM deposit_orders`); err != nil {
		t.Fatal(err)
	}
	deps := wallet.Deps{DB: d, Ledger: e.ledger, Sites: site.NewService(site.NewStore(d), false, 0, nil, time.Now),
		Members: &fakeMembers{names: map[int64]string{alice: "Dana Demo", bob: "Alex Agent"}, wrong: map[int64]int{},
			ids: map[string]int64{seed.DemoMember: alice, seed.DemoAgent: bob}},
		Gateways: []payment.Gateway{e.gw}, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	for _, tweak := range tweaks {
		tweak(&deps)
	}
	e.svc = wallet.NewService(deps)
	save := func(in wallet.ChannelInput) int64 {
		c, err := e.svc.SaveChannel(ctx, 1, in)
		if err != nil {
			t.Fatal(err)
		}
		return c.ID
	}
	name := map[string]string{"en_US": "Test"}
	e.dep = save(wallet.ChannelInput{Currency: "USD", Direction: "deposit", Kind: "gateway", Gateway: "fake", Name: name,
		Min: 10_00, Max: 5000_00, FeeBP: 100, Active: true})
	e.wd = save(wallet.ChannelInput{Currency: "USD", Direction: "withdrawal", Kind: "gateway", Gateway: "fake", Name: name,
		Min: 10_00, Max: 5000_00, FeeFixed: 2_00, DailyCount: 3, Active: true})
	e.bank = save(wallet.ChannelInput{Currency: "USD", Direction: "deposit", Kind: "bank_transfer", Name: name, Min: 10_00,
		Max: 100000_00, Active: true, Instructions: map[string]string{"bank": "Demo Bank", "account_no": "12345678", "account_name": "Gamehall"}})
	return e
}

func (e *env) main(t *testing.T, m wallet.Member) int64 {
	t.Helper()
	b, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Main, MemberID: m.ID}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (e *env) audit(t *testing.T) {
	t.Helper()
	r, err := e.ledger.Audit(context.Background())
	if err != nil || !r.Clean {
		t.Fatalf("audit: %v %v", r.Violations, err)
	}
}

func code(err error) int {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// field is the request field an API error names.
func field(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

func amount(v string) json.RawMessage { return json.RawMessage(v) }

// deliver posts a callback through the wallet's HTTP handler, as a gateway
// would; it answers the HTTP status.
func (e *env) deliver(t *testing.T, n payment.Notice, signature string) int {
	t.Helper()
	mux := http.NewServeMux()
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	apis := api.New(msgs, slog.New(slog.DiscardHandler))
	wallet.NewHandler(e.svc, nil, time.UTC, slog.New(slog.DiscardHandler)).Routes(apis.NewRouter(mux), mux)
	body, _ := json.Marshal(n)
	req := httptest.NewRequest("POST", "/pay/callback/fake", strings.NewReader(string(body)))
	req.Header.Set("X-Fake-Signature", signature)
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	return rec.Code
}

func TestDepositThroughCallbacks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		o, err := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: e.dep, Amount: amount("100.00"), RequestID: "r1"})
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != "pending" || o.PayURL == "" || o.Fee.Minor != 1_00 || o.Credit.Minor != 99_00 {
			t.Fatalf("order %+v", o)
		}
		again, err := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: e.dep, Amount: amount("100.00"), RequestID: "r1"})
		if err != nil || again.OrderNo != o.OrderNo {
			t.Fatalf("same request id: %+v %v", again, err)
		}
		paid := e.gw.set(o.OrderNo, payment.Paid)
		if c := e.deliver(t, paid, "forged"); c != http.StatusUnauthorized {
			t.Fatalf("forged callback: %d", c)
		}
		if e.main(t, e.alice) != 0 {
			t.Fatal("a forged callback credited")
		}
		wrong := paid
		wrong.Amount = 1_000_00
		if c := e.deliver(t, wrong, "valid"); c != http.StatusConflict {
			t.Fatalf("callback with another amount: %d", c)
		}
		unknown := paid
		unknown.OrderNo = "D20990101NOSUCHORDR"
		if c := e.deliver(t, unknown, "valid"); c != http.StatusNotFound {
			t.Fatalf("callback for an unknown order: %d", c)
		}
		for i := range 3 { // duplicated callbacks
			if c := e.deliver(t, paid, "valid"); c != http.StatusOK {
				t.Fatalf("callback %d: %d", i, c)
			}
		}
		if got := e.main(t, e.alice); got != 99_00 {
			t.Fatalf("main %d after duplicated callbacks, want 9900 once", got)
		}
		// A late "declined" after paid changes nothing.
		declined := paid
		declined.Status = payment.Declined
		if c := e.deliver(t, declined, "valid"); c != http.StatusOK || e.main(t, e.alice) != 99_00 {
			t.Fatalf("out-of-order decline: %d, main %d", c, e.main(t, e.alice))
		}
		fees, _ := e.ledger.Balance(ctx, ledger.Account{Kind: ledger.Fees}, "USD")
		if fees != 1_00 {
			t.Fatalf("fees %d", fees)
		}
		e.audit(t)
	})
}

// TestReconcileSettlesLostCallbacks: a paid order whose callback never came
// is settled once by the reconciler; a gateway that does not answer leaves
// it for next time; an order nobody paid expires.
func TestReconcileSettlesLostCallbacks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		paid, _ := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: e.dep, Amount: amount("50"), RequestID: "p"})
		idle, _ := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: e.dep, Amount: amount("60"), RequestID: "i"})
		e.gw.set(paid.OrderNo, payment.Paid)
		// Age both orders past the callback grace; the idle one past expiry.
		if _, err := d.ExecContext(ctx, `UPDATE deposit_orders SET created_at = created_at - $1`, int64(time.Hour/time.Microsecond)); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE deposit_orders SET expires_at = 1 WHERE order_no = $1`, idle.OrderNo); err != nil {
			t.Fatal(err)
		}
		e.gw.down = true
		if err := e.svc.Reconcile(ctx); err != nil {
			t.Fatal(err)
		}
		if e.main(t, e.alice) != 0 {
			t.Fatal("settled while the gateway was down")
		}
		e.gw.down = false
		for range 2 {
			if err := e.svc.Reconcile(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := e.main(t, e.alice); got != 49_50 {
			t.Fatalf("main %d, want 4950 (50.00 less 1%% fee) once", got)
		}
		var st string
		_ = d.QueryRowContext(ctx, `SELECT status FROM deposit_orders WHERE order_no = $1`, idle.OrderNo).Scan(&st)
		if st != "expired" {
			t.Fatalf("idle order %s, want expired", st)
		}
		// The payer paid after all: the expired order is still credited.
		late := e.gw.set(idle.OrderNo, payment.Paid)
		if c := e.deliver(t, late, "valid"); c != http.StatusOK || e.main(t, e.alice) != 49_50+59_40 {
			t.Fatalf("late payment: %d, main %d", c, e.main(t, e.alice))
		}
		e.audit(t)
	})
}

// TestDepositBadInput: every bad amount or channel answers a code naming
// the field and writes nothing.
func TestDepositBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		other := setup2Channel(t, e)
		cases := []struct {
			name    string
			channel int64
			amount  string
			want    int
			field   string
		}{
			{"zero", e.dep, "0", 400, "amount"},
			{"negative", e.dep, "-5", 400, "amount"},
			{"three decimals", e.dep, "10.001", 400, "amount"},
			{"twenty decimals", e.dep, "10.00000000000000000001", 400, "amount"},
			{"a string", e.dep, `"100"`, 400, "amount"},
			{"exponent", e.dep, "1e3", 400, "amount"},
			{"beyond int64", e.dep, "99999999999999999999999", 400, "amount"},
			{"missing", e.dep, "", 400, "amount"},
			{"below the minimum", e.dep, "9.99", 311, "amount"},
			{"above the maximum", e.dep, "5000.01", 312, "amount"},
			{"unknown channel", 999999, "100", 310, "channel_id"},
			{"a withdrawal channel", e.wd, "100", 310, "channel_id"},
			{"another currency's channel", other, "100", 310, "channel_id"},
		}
		for i, c := range cases {
			_, err := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: c.channel, Amount: amount(c.amount),
				RequestID: fmt.Sprintf("bad-%d", i)})
			if code(err) != c.want || field(err) != c.field {
				t.Errorf("%s: %v, want code %d naming %q", c.name, err, c.want, c.field)
			}
		}
		var n int
		_ = d.QueryRowContext(ctx, `SELECT COUNT(*) FROM deposit_orders`).Scan(&n)
		if n != 0 {
			t.Fatalf("%d orders written by bad requests", n)
		}
		if _, err := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: e.dep, Amount: amount("100"), RequestID: ""}); code(err) != 400 {
			t.Fatalf("no request id: %v", err)
		}
	})
}

// setup2Channel adds a VND deposit channel (not the member's currency).
func setup2Channel(t *testing.T, e *env) int64 {
	t.Helper()
	c, err := e.svc.SaveChannel(context.Background(), 1, wallet.ChannelInput{Currency: "VND", Direction: "deposit", Kind: "gateway",
		Gateway: "fake", Name: map[string]string{"en_US": "VND"}, Min: 10000, Max: 100000000, Active: true})
	if err != nil {
		t.Fatal(err)
	}
	return c.ID
}

func (e *env) fund(t *testing.T, m wallet.Member, amt string, key string) {
	t.Helper()
	o, err := e.svc.Deposit(context.Background(), m, wallet.DepositInput{ChannelID: e.bank, Amount: amount(amt), RequestID: key})
	if err != nil {
		t.Fatal(err)
	}
	if o.Bank["reference"] != o.OrderNo || o.Bank["account_no"] != "12345678" {
		t.Fatalf("bank transfer instructions: %+v", o.Bank)
	}
	if _, err := e.svc.ConfirmBankDeposit(context.Background(), 1, o.OrderNo); err != nil {
		t.Fatal(err)
	}
}

func TestWithdrawalLifecycle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		e.fund(t, e.alice, "1000", "fund")
		if got := e.main(t, e.alice); got != 1000_00 {
			t.Fatalf("after the bank transfer: %d", got)
		}
		bind := func(m wallet.Member, bank, no, holder string) (wallet.BankAccount, error) {
			return e.svc.BindBankAccount(ctx, 1, m.ID, m.Currency, wallet.BindInput{BankCode: bank, AccountNo: no, HolderName: holder})
		}
		for _, c := range []struct {
			bank, no, holder string
			want             int
		}{
			{"NOPE", "12345678", "Dana Demo", 323},
			{"CHASE", "12-34", "Dana Demo", 318},
			{"CHASE", "1234567", "Dana Demo", 318},
			{"CHASE", "12345678", "Someone Else", 317},
		} {
			if _, err := bind(e.alice, c.bank, c.no, c.holder); code(err) != c.want {
				t.Errorf("bind %+v: %v, want %d", c, err, c.want)
			}
		}
		acct, err := bind(e.alice, "chase", "1234 5678 9012", "dana  DEMO")
		if err != nil || acct.AccountNo != "********9012" {
			t.Fatalf("bind: %+v %v", acct, err)
		}
		if _, err := bind(e.alice, "CHASE", "123456789012", "Dana Demo"); code(err) != 327 {
			t.Fatalf("the same account twice: %v", err)
		}
		bobAcct, err := bind(e.bob, "BOFA", "99887766", "Alex Agent")
		if err != nil {
			t.Fatal(err)
		}
		withdraw := func(req, amt, pw string, acctID int64) (wallet.WithdrawalOrder, error) {
			return e.svc.Withdraw(ctx, e.alice, wallet.WithdrawInput{ChannelID: e.wd, BankAccountID: acctID, Amount: amount(amt),
				WithdrawPassword: pw, RequestID: req})
		}
		if _, err := withdraw("w0", "100", "1234", bobAcct.ID); code(err) != 315 {
			t.Fatalf("another member's bank account: %v", err)
		}
		if _, err := withdraw("w0", "100", "1234", 0); code(err) != 314 {
			t.Fatalf("no bank account: %v", err)
		}
		if _, err := withdraw("w0", "100", "9999", acct.ID); code(err) != 319 {
			t.Fatalf("wrong withdrawal password: %v", err)
		}
		if _, err := withdraw("w0", "2000", "1234", acct.ID); code(err) != 301 {
			t.Fatalf("more than the balance: %v", err)
		}
		w1, err := withdraw("w1", "300", "1234", acct.ID)
		if err != nil || w1.Status != "pending" || w1.Payout.Minor != 298_00 {
			t.Fatalf("withdraw: %+v %v", w1, err)
		}
		if got := e.main(t, e.alice); got != 700_00 {
			t.Fatalf("main after the hold: %d", got)
		}
		// Rejected: the hold comes back.
		if _, err := e.svc.Reject(ctx, 1, w1.OrderNo, "documents missing"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Reject(ctx, 1, w1.OrderNo, "again"); code(err) != 325 {
			t.Fatalf("reject twice: %v", err)
		}
		if got := e.main(t, e.alice); got != 1000_00 {
			t.Fatalf("main after the rejection: %d", got)
		}
		// Approved and paid out.
		w2, _ := withdraw("w2", "200", "1234", acct.ID)
		if w, err := e.svc.Approve(ctx, 1, w2.OrderNo); err != nil || w.Status != "approved" {
			t.Fatalf("approve: %+v %v", w, err)
		}
		if _, err := e.svc.Approve(ctx, 1, w2.OrderNo); code(err) != 325 {
			t.Fatalf("approve twice: %v", err)
		}
		paid := e.gw.setPayout(w2.OrderNo, payment.Paid)
		for range 2 {
			if c := e.deliver(t, paid, "valid"); c != http.StatusOK {
				t.Fatalf("payout callback: %d", c)
			}
		}
		// Approved and failed: the hold comes back.
		w3, _ := withdraw("w3", "100", "1234", acct.ID)
		if _, err := e.svc.Approve(ctx, 1, w3.OrderNo); err != nil {
			t.Fatal(err)
		}
		if c := e.deliver(t, e.gw.setPayout(w3.OrderNo, payment.Declined), "valid"); c != http.StatusOK {
			t.Fatalf("declined payout: %d", c)
		}
		if got := e.main(t, e.alice); got != 800_00 {
			t.Fatalf("main %d, want 800.00 (1000 - 200 paid)", got)
		}
		clearing, _ := e.ledger.Balance(ctx, ledger.Account{Kind: ledger.Clearing, Provider: "fake"}, "USD")
		if clearing != 198_00 {
			t.Fatalf("clearing %d, want 19800 (the payout less its fee)", clearing)
		}
		recs, err := e.svc.Records(ctx, e.alice, wallet.RecordQuery{}, time.UTC)
		if err != nil || recs.Total != 4 {
			t.Fatalf("records: %+v %v", recs, err)
		}
		statuses := []string{}
		for _, r := range recs.List {
			statuses = append(statuses, r.Type+":"+r.Status)
		}
		if strings.Join(statuses, " ") != "withdrawal:failed withdrawal:paid withdrawal:rejected deposit:paid" {
			t.Fatalf("records %v", statuses)
		}
		moves, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{Kinds: []string{"withdrawal_hold"}}, time.UTC)
		if err != nil || moves.Total != 6 { // three holds: main and hold line each
			t.Fatalf("transactions: %+v %v", moves, err)
		}
		e.audit(t)
	})
}

// TestDailyWithdrawalsUnderBurst: 10 parallel withdrawals against a daily
// count of 3 commit 3; the others answer 313 and hold nothing.
func TestDailyWithdrawalsUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		e.fund(t, e.alice, "1000", "fund")
		acct, err := e.svc.BindBankAccount(ctx, 1, e.alice.ID, "USD", wallet.BindInput{BankCode: "CHASE", AccountNo: "12345678", HolderName: "Dana Demo"})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		codes := make([]int, 10)
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.Withdraw(ctx, e.alice, wallet.WithdrawInput{ChannelID: e.wd, BankAccountID: acct.ID,
					Amount: amount("10"), WithdrawPassword: "1234", RequestID: fmt.Sprintf("b%d", i)})
				if err == nil {
					codes[i] = 100
				} else {
					codes[i] = code(err)
				}
			}()
		}
		wg.Wait()
		got := map[int]int{}
		for _, c := range codes {
			got[c]++
		}
		if got[100] != 3 || got[313] != 7 {
			t.Fatalf("codes %v, want 3 withdrawals and 7 answers 313", got)
		}
		if m := e.main(t, e.alice); m != 970_00 {
			t.Fatalf("main %d, want 97000", m)
		}
		e.audit(t)
	})
}

// TestBankAccountLimitUnderBurst: parallel binds pass the limit of 3 never.
func TestBankAccountLimitUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.BindBankAccount(ctx, 1, e.alice.ID, "USD", wallet.BindInput{BankCode: "CHASE",
					AccountNo: fmt.Sprintf("1000000%d", 10+i), HolderName: "Dana Demo"})
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if code(err) != 316 {
					t.Errorf("bind %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		list, _ := e.svc.BankAccounts(ctx, e.alice.ID, "USD")
		if ok != 3 || len(list) != 3 {
			t.Fatalf("%d binds succeeded, %d accounts; want 3", ok, len(list))
		}
	})
}
