package wallet_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
	"gamehall/internal/wstest"
)

// These tests run the whole app (testutil.NewServer): the real member
// service behind the withdrawal password, the real settings, hub and
// operator API.

const operatorKey = "wallet-test-operator-key"

// addrs gives each call its own client address.
var addrs testutil.Addrs

func appServer(t *testing.T, d *db.DB) *testutil.Server {
	t.Helper()
	return testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(operatorKey))
}

// caller is a logged-in member of the app server.
type caller struct {
	s     *testutil.Server
	token string
	id    int64
}

func login(t *testing.T, s *testutil.Server, account string) caller {
	t.Helper()
	return caller{s: s, token: s.Login(account, seed.DemoPassword, "X-Forwarded-For", addrs.Next()), id: memberID(t, s.App.DB, account)}
}

// post calls a member API with a raw JSON body.
func (c caller) post(path, body string) testutil.Response {
	c.s.T().Helper()
	return c.s.Post(path, body, "Authorization", "Bearer "+c.token, "X-Forwarded-For", addrs.Next())
}

// bind binds a bank account and returns its id.
func (c caller) bind(t *testing.T, bank, no, holder string) int64 {
	t.Helper()
	res := c.post("/api/member/bank_accounts/bind", testutil.JSON(map[string]any{"bank_code": bank, "account_no": no, "holder_name": holder}))
	if res.Code != 100 {
		t.Fatalf("bind: %d %s", res.Code, res.Message)
	}
	var v struct {
		ID int64 `json:"id"`
	}
	res.Decode(t, &v)
	return v.ID
}

// withdraw asks for a withdrawal; amount is raw JSON text.
func (c caller) withdraw(channel, account int64, amount, password, request string) testutil.Response {
	c.s.T().Helper()
	return c.post("/api/member/withdraw", fmt.Sprintf(`{"channel_id":%d,"bank_account_id":%d,"amount":%s,"withdraw_password":%q,"request_id":%q}`,
		channel, account, amount, password, request))
}

// cash is the member's main wallet in minor units, read from the ledger.
func (c caller) cash(t *testing.T) int64 {
	t.Helper()
	b, err := ledger.New(c.s.App.DB, time.Now, nil).Balance(context.Background(), ledger.Account{Kind: ledger.Main, MemberID: c.id}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rows counts the rows of table belonging to the member.
func (c caller) rows(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := c.s.App.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM `+table+` WHERE member_id = $1`, c.id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// seededChannel is the demo site's USD channel of direction and kind.
func seededChannel(t *testing.T, d *db.DB, direction, kind string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRowContext(context.Background(), `SELECT id FROM payment_channels WHERE site_id = 1 AND currency = 'USD'
		AND direction = $1 AND kind = $2`, direction, kind).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// names reports whether an answer's message names field.
func names(res testutil.Response, field string) bool { return strings.Contains(res.Message, field) }

// TestWithdrawBadAmountOverHTTP: every bad amount of /api/member/withdraw
// answers its code with a message naming the field, and writes nothing.
func TestWithdrawBadAmountOverHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := appServer(t, d)
		m := login(t, s, seed.DemoMember)
		wd := seededChannel(t, d, "withdrawal", "gateway") // the seed's USD payout: 20.00 to 20000.00
		acct := m.bind(t, "CHASE", "12345678", "Dana Demo")
		before := m.cash(t)
		cases := []struct {
			name, amount string
			want         int
			field        string
		}{
			{"zero", "0", 400, "amount"},
			{"negative", "-5", 400, "amount"},
			{"three decimals", "20.001", 400, "amount"},
			{"twenty decimals", "20.00000000000000000001", 400, "amount"},
			{"a string", `"100"`, 400, "amount"},
			{"beyond int64", "99999999999999999999999", 400, "amount"},
			{"null", "null", 400, "amount"},
			{"below the minimum", "19.99", 311, "amount"},
			{"above the maximum", "20000.01", 312, "amount"},
		}
		for i, c := range cases {
			res := m.withdraw(wd, acct, c.amount, seed.DemoWithdrawPW, fmt.Sprintf("bad-%d", i))
			if res.Code != c.want || !names(res, c.field) {
				t.Errorf("%s: %d %q, want code %d naming %q", c.name, res.Code, res.Message, c.want, c.field)
			}
		}
		if res := m.withdraw(wd, acct, "19.99", seed.DemoWithdrawPW, "limit-text"); !strings.Contains(res.Message, "20.00") {
			t.Errorf("below the minimum: %q does not give the minimum", res.Message)
		}
		if res := m.withdraw(wd, 999999, "100", seed.DemoWithdrawPW, "no-such-account"); res.Code != 315 || !names(res, "bank_account_id") {
			t.Errorf("an unknown bank account: %d %q, want 315 naming bank_account_id", res.Code, res.Message)
		}
		if res := m.withdraw(999999, acct, "100", seed.DemoWithdrawPW, "no-such-channel"); res.Code != 310 || !names(res, "channel_id") {
			t.Errorf("an unknown channel: %d %q, want 310 naming channel_id", res.Code, res.Message)
		}
		if got := m.cash(t); got != before {
			t.Fatalf("main %d after bad requests, was %d", got, before)
		}
		if n := m.rows(t, "withdrawal_orders"); n != 0 {
			t.Fatalf("%d withdrawal orders written by bad requests", n)
		}
		// The same channel with a good amount goes through: the refusals
		// above were the amounts'.
		if res := m.withdraw(wd, acct, "20", seed.DemoWithdrawPW, "good"); res.Code != 100 || m.cash(t) != before-20_00 {
			t.Fatalf("a good withdrawal: %d %s, main %d", res.Code, res.Message, m.cash(t))
		}
	})
}

// TestInactiveChannelRefused: a channel the operator switched off answers
// 310 naming channel_id, for deposits and withdrawals, and writes nothing.
func TestInactiveChannelRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := appServer(t, d)
		m := login(t, s, seed.DemoMember)
		wd := seededChannel(t, d, "withdrawal", "gateway")
		dep := seededChannel(t, d, "deposit", "bank_transfer")
		acct := m.bind(t, "CHASE", "12345678", "Dana Demo")
		deposits, before := m.rows(t, "deposit_orders"), m.cash(t)
		if _, err := d.ExecContext(context.Background(), `UPDATE payment_channels SET active = FALSE WHERE id IN ($1, $2)`, wd, dep); err != nil {
			t.Fatal(err)
		}
		if res := m.withdraw(wd, acct, "100", seed.DemoWithdrawPW, "off-w"); res.Code != 310 || !names(res, "channel_id") {
			t.Errorf("withdrawal on an inactive channel: %d %q, want 310 naming channel_id", res.Code, res.Message)
		}
		res := m.post("/api/member/deposit", fmt.Sprintf(`{"channel_id":%d,"amount":100,"request_id":"off-d"}`, dep))
		if res.Code != 310 || !names(res, "channel_id") {
			t.Errorf("deposit on an inactive channel: %d %q, want 310 naming channel_id", res.Code, res.Message)
		}
		var list struct {
			List []struct {
				ID int64 `json:"id"`
			} `json:"list"`
		}
		m.post("/api/member/wallet/channels", `{"type":"withdrawal"}`).Decode(t, &list)
		for _, c := range list.List {
			if c.ID == wd {
				t.Errorf("the inactive channel %d is still listed", wd)
			}
		}
		if m.rows(t, "withdrawal_orders") != 0 || m.rows(t, "deposit_orders") != deposits || m.cash(t) != before {
			t.Fatal("a refused order wrote something")
		}
	})
}

// TestWithdrawPasswordSharesTheLock: through the real member service, wrong
// withdrawal passwords at /api/member/withdraw answer 319 until the fifth,
// which engages the lock (320); the right password is then refused too, and
// the lock is the one recovery checks (203). The other way round: wrong
// recovery contacts lock withdrawals.
func TestWithdrawPasswordSharesTheLock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := appServer(t, d)
		wd := seededChannel(t, d, "withdrawal", "gateway")
		recover := func(account, email string) int {
			return s.Post("/api/arks/web/vx/verify", testutil.JSON(map[string]any{"site_id": 1, "account": account,
				"withdraw_password": seed.DemoWithdrawPW, "member_email": email}), "X-Forwarded-For", addrs.Next()).Code
		}

		m := login(t, s, seed.DemoMember)
		acct := m.bind(t, "CHASE", "12345678", "Dana Demo")
		before := m.cash(t)
		for i := 1; i <= 4; i++ {
			if res := m.withdraw(wd, acct, "50", "0000", fmt.Sprintf("wrong-%d", i)); res.Code != 319 {
				t.Fatalf("wrong password %d: %d %s, want 319", i, res.Code, res.Message)
			}
		}
		if res := m.withdraw(wd, acct, "50", "0000", "wrong-5"); res.Code != 320 {
			t.Fatalf("fifth wrong password: %d %s, want 320", res.Code, res.Message)
		}
		if res := m.withdraw(wd, acct, "50", seed.DemoWithdrawPW, "right"); res.Code != 320 {
			t.Fatalf("the right password under the lock: %d %s, want 320", res.Code, res.Message)
		}
		if got := recover(seed.DemoMember, "demo@gamehall.test"); got != 203 {
			t.Fatalf("recovery with the right answers after wrong withdrawal passwords: %d, want 203 (the shared lock)", got)
		}
		if m.rows(t, "withdrawal_orders") != 0 || m.cash(t) != before {
			t.Fatal("a refused withdrawal wrote something")
		}

		// Wrong recovery contacts lock the agent's withdrawals.
		a := login(t, s, seed.DemoAgent)
		agentAcct := a.bind(t, "BOFA", "99887766", "Alex Agent")
		for i := 1; i <= 5; i++ {
			want := 201 // e-mail mismatch; the fifth engages the lock
			if i == 5 {
				want = 203
			}
			if got := recover(seed.DemoAgent, "nobody@gamehall.test"); got != want {
				t.Fatalf("wrong recovery contact %d: %d, want %d", i, got, want)
			}
		}
		if res := a.withdraw(wd, agentAcct, "50", seed.DemoWithdrawPW, "after-recovery"); res.Code != 320 {
			t.Fatalf("withdrawal after five wrong recovery contacts: %d %s, want 320", res.Code, res.Message)
		}
		if a.rows(t, "withdrawal_orders") != 0 {
			t.Fatal("a locked withdrawal wrote an order")
		}
	})
}

// layoutNeedBank is need_bank_account_deposit_verified of the member layout.
func (c caller) layoutNeedBank(t *testing.T) int {
	t.Helper()
	var v struct {
		L struct {
			NeedBank *int `json:"need_bank_account_deposit_verified"`
		} `json:"member_common_layout"`
	}
	res := c.post("/api/member/profile/common/layout", `{}`)
	if res.Code != 100 {
		t.Fatalf("layout: %d %s", res.Code, res.Message)
	}
	res.Decode(t, &v)
	if v.L.NeedBank == nil {
		t.Fatalf("layout without need_bank_account_deposit_verified: %s", res.Data)
	}
	return *v.L.NeedBank
}

// TestBankBeforeDeposit: with the site's bank_before_deposit on, a member
// without a bound account is refused a deposit (324, nothing written) and
// the layout says so (1); once an account is bound, 0 and the deposit goes
// through.
func TestBankBeforeDeposit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := appServer(t, d)
		m := login(t, s, seed.DemoMember)
		dep := seededChannel(t, d, "deposit", "bank_transfer")
		deposit := func(req string) testutil.Response {
			return m.post("/api/member/deposit", fmt.Sprintf(`{"channel_id":%d,"amount":100,"request_id":%q}`, dep, req))
		}
		if got := m.layoutNeedBank(t); got != 0 {
			t.Fatalf("setting off: need_bank_account_deposit_verified %d", got)
		}
		if _, err := d.ExecContext(context.Background(), `UPDATE wallet_settings SET bank_before_deposit = TRUE WHERE site_id = 1`); err != nil {
			t.Fatal(err)
		}
		orders := m.rows(t, "deposit_orders")
		if got := m.layoutNeedBank(t); got != 1 {
			t.Fatalf("setting on, no account: need_bank_account_deposit_verified %d, want 1", got)
		}
		if res := deposit("before-bind"); res.Code != 324 {
			t.Fatalf("deposit without a bound account: %d %s, want 324", res.Code, res.Message)
		}
		if got := m.rows(t, "deposit_orders"); got != orders {
			t.Fatalf("the refused deposit wrote an order (%d, was %d)", got, orders)
		}
		m.bind(t, "CHASE", "12345678", "Dana Demo")
		if got := m.layoutNeedBank(t); got != 0 {
			t.Fatalf("after binding: need_bank_account_deposit_verified %d, want 0", got)
		}
		if res := deposit("after-bind"); res.Code != 100 || m.rows(t, "deposit_orders") != orders+1 {
			t.Fatalf("deposit after binding: %d %s", res.Code, res.Message)
		}
	})
}

// TestDepositSuccessEvent: a settled deposit publishes deposit_success on
// member.{id} with the order, amount, currency and the member's count of
// paid deposits. The demo seed's starting balance is a paid deposit order,
// so a demo member's first deposit of their own is their second.
func TestDepositSuccessEvent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := appServer(t, d)
		m := login(t, s, seed.DemoMember)
		dep := seededChannel(t, d, "deposit", "bank_transfer")
		channel := fmt.Sprintf("member.%d", m.id)
		ws := wstest.Dial(t, s.URL)
		if ok, reply := ws.Connect(m.token); !ok {
			t.Fatalf("connect: %v", reply)
		}
		ws.Subscribe(channel)
		var seeded int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM deposit_orders WHERE member_id = $1 AND status = 'paid'`,
			m.id).Scan(&seeded); err != nil {
			t.Fatal(err)
		}
		if seeded != 1 {
			t.Fatalf("the seed left %d paid deposits, the test expects its one", seeded)
		}
		for i, amt := range []string{"50", "75.25"} {
			res := m.post("/api/member/deposit", fmt.Sprintf(`{"channel_id":%d,"amount":%s,"request_id":"ev-%d"}`, dep, amt, i))
			var o struct {
				OrderNo string `json:"order_no"`
			}
			if res.Code != 100 {
				t.Fatalf("deposit %d: %d %s", i, res.Code, res.Message)
			}
			res.Decode(t, &o)
			if r := s.Do("POST", "/admin/sites/1/deposits/"+o.OrderNo+"/confirm", `{}`, "Authorization", "Bearer "+operatorKey); r.Code != 100 {
				t.Fatalf("confirm %s: %d %s", o.OrderNo, r.Code, r.Message)
			}
			var got map[string]any
			for deadline := time.Now().Add(10 * time.Second); got == nil && time.Now().Before(deadline); {
				p := ws.Publication(channel, 5*time.Second)
				if p != nil && p["event"] == "deposit_success" {
					got, _ = p["data"].(map[string]any)
				}
			}
			want := map[string]any{"order_no": o.OrderNo, "amount": amt, "currency": "USD", "deposit_count": fmt.Sprint(seeded + i + 1)}
			for k, v := range want {
				if got == nil || fmt.Sprint(got[k]) != v {
					t.Fatalf("deposit %d: deposit_success %v, want %s = %s", i, got, k, v)
				}
			}
		}
	})
}

// TestWithdrawPasswordLockUnderBurst: 40 parallel withdrawals with wrong
// passwords, the right one last: at most 5 passwords are checked (4 answer
// 319, the fifth engages the lock), the rest answer 320, and nothing is
// held unless the right one was among the checked.
func TestWithdrawPasswordLockUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := appServer(t, d)
		wd := seededChannel(t, d, "withdrawal", "gateway")
		m := login(t, s, seed.DemoMember)
		acct := m.bind(t, "CHASE", "12345678", "Dana Demo")
		before := m.cash(t)
		res := s.Parallel(40, func(i int) (testutil.Response, error) {
			pw := "0000"
			if i == 39 {
				pw = seed.DemoWithdrawPW
			}
			body := fmt.Sprintf(`{"channel_id":%d,"bank_account_id":%d,"amount":50,"withdraw_password":%q,"request_id":"burst-%d"}`,
				wd, acct, pw, i)
			return s.Try("POST", "/api/member/withdraw", body, "Authorization", "Bearer "+m.token, "X-Forwarded-For", addrs.Next())
		})
		codes := testutil.Codes(res)
		if codes[319] > 4 || codes[319]+codes[320]+codes[100] != 40 || codes[100] > 1 {
			t.Fatalf("codes %v: more than 5 withdrawal passwords checked", codes)
		}
		if codes[100] == 1 && res[39].Code != 100 {
			t.Fatalf("a wrong password withdrew: %v", codes)
		}
		if held := int64(codes[100]) * 50_00; m.cash(t) != before-held || m.rows(t, "withdrawal_orders") != codes[100] {
			t.Fatalf("main %d and %d orders after %v, was %d", m.cash(t), m.rows(t, "withdrawal_orders"), codes, before)
		}
	})
}
