package admin_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// member calls the member API with a token.
func (s *server) member(t *testing.T, token, path string, body any) testutil.Response {
	t.Helper()
	return s.Do("POST", path, testutil.JSON(body), "Authorization", "Bearer "+token, "X-Forwarded-For", addrs.Next())
}

// mainCash is the member's main wallet from my_cash.
func (s *server) mainCash(t *testing.T, token string) string {
	t.Helper()
	res := s.member(t, token, "/api/member/profile/my_cash", map[string]any{})
	if res.Code != 100 {
		t.Fatalf("my_cash: %d %s", res.Code, res.Message)
	}
	var v struct {
		List []struct {
			Balance json.Number `json:"balance"`
		} `json:"my_cash_list"`
	}
	res.Decode(t, &v)
	return v.List[0].Balance.String()
}

// eventually waits for cond (callbacks and payouts are asynchronous).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

var formToken = regexp.MustCompile(`name="form_token" value="([^"]+)"`)

// payAtSandbox opens a pay page and presses Confirm, as the payer would.
func (s *server) payAtSandbox(t *testing.T, payURL string) {
	t.Helper()
	res, err := s.Client().Get(s.URL + payURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := formToken.FindSubmatch(page)
	if res.StatusCode != 200 || m == nil {
		t.Fatalf("pay page: %d %s", res.StatusCode, page)
	}
	noRedirect := *s.Client()
	noRedirect.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err = noRedirect.PostForm(s.URL+payURL+"/confirm", url.Values{"form_token": {string(m[1])}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
}

// TestMoneyJourney: a member deposits through the sandbox page, binds a bank
// account and withdraws; the operator approves and the payout arrives; a
// bank transfer is confirmed; an adjustment is made; the audit is clean.
func TestMoneyJourney(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key, func(st *testutil.Setup) { st.SandboxPayoutDelay = 50 * time.Millisecond })
		if res := s.Do("POST", "/api/member/deposit", `{}`); res.HTTP != 401 {
			t.Fatalf("a guest's deposit: http %d", res.HTTP)
		}
		_, token := s.login(t, seed.DemoMember)
		_, agent := s.login(t, seed.DemoAgent)
		if got := s.mainCash(t, token); got != "1000.00" {
			t.Fatalf("starting balance %s", got)
		}
		res := s.member(t, token, "/api/member/wallet/channels", map[string]any{"type": "deposit"})
		var channels struct {
			List []struct {
				ID   int64  `json:"id"`
				Kind string `json:"kind"`
			} `json:"list"`
		}
		res.Decode(t, &channels)
		if len(channels.List) != 2 {
			t.Fatalf("deposit channels %s", res.Data)
		}
		gateway, bank := channels.List[0].ID, channels.List[1].ID

		res = s.member(t, token, "/api/member/deposit", map[string]any{"channel_id": gateway, "amount": 100, "request_id": "dep-1"})
		var order struct {
			OrderNo string `json:"order_no"`
			PayURL  string `json:"pay_url"`
		}
		res.Decode(t, &order)
		if res.Code != 100 || !strings.HasPrefix(order.PayURL, "/pay/sandbox/") {
			t.Fatalf("deposit: %d %s", res.Code, res.Data)
		}
		s.payAtSandbox(t, order.PayURL)
		eventually(t, "the deposit's callback", func() bool { return s.mainCash(t, token) == "1100.00" })

		// Bad input names the field; another member's bank account is refused.
		for _, c := range []struct {
			body  map[string]any
			code  int
			field string
		}{
			{map[string]any{"channel_id": gateway, "amount": "100", "request_id": "b1"}, 400, "amount"},
			{map[string]any{"channel_id": gateway, "amount": 0, "request_id": "b2"}, 400, "amount"},
			{map[string]any{"channel_id": gateway, "amount": 10.001, "request_id": "b3"}, 400, "amount"},
			{map[string]any{"channel_id": gateway, "amount": 1e30, "request_id": "b4"}, 400, "amount"},
			{map[string]any{"channel_id": 424242, "amount": 100, "request_id": "b5"}, 310, ""},
		} {
			if r := s.member(t, token, "/api/member/deposit", c.body); r.Code != c.code || !strings.Contains(r.Message, c.field) {
				t.Errorf("deposit %v: %d %q", c.body, r.Code, r.Message)
			}
		}
		res = s.member(t, agent, "/api/member/bank_accounts/bind", map[string]any{"bank_code": "BOFA", "account_no": "99887766",
			"holder_name": "Alex Agent"})
		var agentAcct struct {
			ID int64 `json:"id"`
		}
		res.Decode(t, &agentAcct)
		res = s.member(t, token, "/api/member/bank_accounts/bind", map[string]any{"bank_code": "CHASE", "account_no": "123456789",
			"holder_name": "Dana Demo"})
		var acct struct {
			ID int64 `json:"id"`
		}
		res.Decode(t, &acct)
		if res.Code != 100 || acct.ID == 0 {
			t.Fatalf("bind: %d %s", res.Code, res.Message)
		}
		if r := s.member(t, token, "/api/member/bank_accounts", map[string]any{}); r.Code != 100 ||
			!strings.Contains(string(r.Data), `"account_no_digits":{"min":8,"max":17}`) || !strings.Contains(string(r.Data), `"account_no_rule":"8 to 17 digits"`) {
			t.Fatalf("bank accounts: %d %s", r.Code, r.Data)
		}
		if r := s.member(t, token, "/api/member/bank_accounts/bind", map[string]any{"bank_code": "CHASE", "account_no": "1234567",
			"holder_name": "Dana Demo"}); r.Code == 100 || !strings.Contains(r.Message, "8 to 17 digits") {
			t.Fatalf("a 7-digit USD account: %d %q", r.Code, r.Message)
		}
		res = s.member(t, token, "/api/member/wallet/channels", map[string]any{"type": "withdrawal"})
		res.Decode(t, &channels)
		wd := channels.List[0].ID
		if r := s.member(t, token, "/api/member/withdraw", map[string]any{"channel_id": wd, "bank_account_id": agentAcct.ID,
			"amount": 100, "withdraw_password": seed.DemoWithdrawPW, "request_id": "w0"}); r.Code != 315 {
			t.Fatalf("another member's bank account: %d", r.Code)
		}
		res = s.member(t, token, "/api/member/withdraw", map[string]any{"channel_id": wd, "bank_account_id": acct.ID,
			"amount": 200, "withdraw_password": seed.DemoWithdrawPW, "request_id": "w1"})
		var w struct {
			OrderNo string `json:"order_no"`
		}
		res.Decode(t, &w)
		if res.Code != 100 || s.mainCash(t, token) != "900.00" {
			t.Fatalf("withdraw: %d %s, main %s", res.Code, res.Message, s.mainCash(t, token))
		}
		if r := s.admin(t, "POST", "/admin/sites/1/withdrawals/"+w.OrderNo+"/approve", `{}`); r.Code != 100 {
			t.Fatalf("approve: %d %s", r.Code, r.Message)
		}
		s.wantAudit(t, "wallet.withdrawal.approve", "withdrawal:"+w.OrderNo, "/admin/sites/1/withdrawals/"+w.OrderNo+"/approve")
		defer func() {
			if t.Failed() {
				r := s.admin(t, "GET", "/admin/sites/1/withdrawals", "")
				t.Logf("withdrawals: %s", r.Data)
				rows, _ := d.Query(`SELECT kind, order_no, status FROM pay_sandbox_orders`)
				for rows.Next() {
					var a, b, c string
					_ = rows.Scan(&a, &b, &c)
					t.Logf("sandbox %s %s %s", a, b, c)
				}
				rows.Close()
				t.Logf("log: %s", s.log.String())
			}
		}()
		eventually(t, "the payout", func() bool {
			r := s.admin(t, "GET", "/admin/sites/1/withdrawals?status=paid", "")
			return strings.Contains(string(r.Data), w.OrderNo)
		})

		// A bank transfer, confirmed by the operator.
		res = s.member(t, token, "/api/member/deposit", map[string]any{"channel_id": bank, "amount": 50, "request_id": "bank-1"})
		res.Decode(t, &order)
		if r := s.admin(t, "GET", "/admin/sites/1/deposits?status=pending", ""); r.Code != 100 || !strings.Contains(string(r.Data), order.OrderNo) {
			t.Fatalf("pending deposits: %d %s", r.Code, r.Data)
		}
		if r := s.admin(t, "POST", "/admin/sites/1/deposits/"+order.OrderNo+"/confirm", `{}`); r.Code != 100 {
			t.Fatalf("confirm: %d %s", r.Code, r.Message)
		}
		if r := s.admin(t, "POST", "/admin/sites/1/deposits/"+order.OrderNo+"/confirm", `{}`); r.Code != 325 {
			t.Fatalf("confirm twice: %d", r.Code)
		}
		if got := s.mainCash(t, token); got != "950.00" {
			t.Fatalf("after the bank transfer: %s", got)
		}

		// Adjustments: a credit, and a debit beyond the balance refused.
		if r := s.admin(t, "POST", "/admin/sites/1/members/demo001/adjust", `{"amount":25.5,"reason":"goodwill","request_id":"a1"}`); r.Code != 100 {
			t.Fatalf("adjust: %d %s", r.Code, r.Message)
		}
		if r := s.admin(t, "POST", "/admin/sites/1/members/demo001/adjust", `{"amount":-5000,"reason":"chargeback","request_id":"a2"}`); r.Code != ledger.ErrInsufficient.Code {
			t.Fatalf("overdraft adjustment: %d", r.Code)
		}
		if r := s.admin(t, "POST", "/admin/sites/1/members/demo001/adjust", `{"amount":1,"reason":"","request_id":"a3"}`); r.Code != 400 {
			t.Fatalf("adjustment without a reason: %d", r.Code)
		}
		if got := s.mainCash(t, token); got != "975.50" {
			t.Fatalf("after the adjustment: %s", got)
		}

		// The member's records and movements, and the operator's view.
		res = s.member(t, token, "/api/member/records", map[string]any{})
		if !strings.Contains(string(res.Data), `"total_count":4`) {
			t.Fatalf("records: %s", res.Data)
		}
		res = s.admin(t, "POST", "/admin/sites/1/members/demo001/ledger", `{"kinds":["adjustment"]}`)
		if res.Code != 100 || !strings.Contains(string(res.Data), `"amount":25.50`) {
			t.Fatalf("member ledger: %d %s", res.Code, res.Data)
		}
		res = s.admin(t, "GET", "/admin/audit", "")
		if res.Code != 100 || !strings.Contains(string(res.Data), `"clean":true`) {
			t.Fatalf("audit: %s", res.Data)
		}
	})
}
