package admin_test

import (
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
)

// The operator rejects a withdrawal over HTTP: the reason is required and
// at most 200 characters (characters, not bytes: 200 in Chinese pass); the
// held amount goes back to the main wallet and the rejection is audited.
// (A 200-character Chinese reason was a 500: the ledger counted its memo in bytes.)
func TestRejectWithdrawalOverHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		_, token := s.login(t, seed.DemoMember)
		res := s.member(t, token, "/api/member/bank_accounts/bind", map[string]any{"bank_code": "CHASE", "account_no": "123456789",
			"holder_name": "Dana Demo"})
		var acct struct {
			ID int64 `json:"id"`
		}
		res.Decode(t, &acct)
		res = s.member(t, token, "/api/member/wallet/channels", map[string]any{"type": "withdrawal"})
		var channels struct {
			List []struct {
				ID int64 `json:"id"`
			} `json:"list"`
		}
		res.Decode(t, &channels)
		res = s.member(t, token, "/api/member/withdraw", map[string]any{"channel_id": channels.List[0].ID, "bank_account_id": acct.ID,
			"amount": 200, "withdraw_password": seed.DemoWithdrawPW, "request_id": "r1"})
		var w struct {
			OrderNo string `json:"order_no"`
		}
		res.Decode(t, &w)
		if res.Code != 100 || s.mainCash(t, token) != "800.00" {
			t.Fatalf("withdraw: %d %s", res.Code, res.Message)
		}
		reject := "/admin/sites/1/withdrawals/" + w.OrderNo + "/reject"
		for _, reason := range []string{"", "   ", strings.Repeat("拒", 201)} {
			if r := s.admin(t, "POST", reject, `{"reason":"`+reason+`"}`); r.Code != 400 || !strings.Contains(r.Message, "reason") {
				t.Fatalf("reason of %d characters: %d %q", len([]rune(reason)), r.Code, r.Message)
			}
		}
		if got := s.mainCash(t, token); got != "800.00" {
			t.Fatalf("a refused rejection moved money: main %s", got)
		}
		if r := s.admin(t, "POST", reject, `{"reason":"`+strings.Repeat("拒", 200)+`"}`); r.Code != 100 || !strings.Contains(string(r.Data), `"status":"rejected"`) {
			t.Fatalf("reject: %d %s", r.Code, r.Data)
		}
		s.wantAudit(t, "wallet.withdrawal.reject", "withdrawal:"+w.OrderNo, reject)
		if got := s.mainCash(t, token); got != "1000.00" {
			t.Fatalf("after the rejection main %s, want the 200.00 back", got)
		}
		if r := s.admin(t, "POST", reject, `{"reason":"again"}`); r.Code == 100 {
			t.Fatalf("a second rejection: %d %s", r.Code, r.Data)
		}
		// An adjustment's reason is counted alike, through to the ledger's memo.
		if r := s.admin(t, "POST", "/admin/sites/1/members/demo001/adjust", `{"amount":1,"reason":"`+strings.Repeat("调", 200)+`","request_id":"r2"}`); r.Code != 100 {
			t.Fatalf("adjust with a reason of 200 Chinese characters: %d %s", r.Code, r.Message)
		}
		if r := s.admin(t, "GET", "/admin/audit", ""); r.Code != 100 || !strings.Contains(string(r.Data), `"clean":true`) {
			t.Fatalf("audit: %d %s", r.Code, r.Data)
		}
	})
}
