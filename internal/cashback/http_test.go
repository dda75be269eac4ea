package cashback_test

import (
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// TestCheckAndLayout: the public check and the member layout follow the
// site's USD rule (the seed's, active); the member calls need a session and
// answer the rule and an empty list; bad input is named.
func TestCheckAndLayout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		check := func(body string) (int, int) {
			r := s.Post("/api/arks/web/cash_surplus/check", body)
			var v struct {
				Active int `json:"active"`
			}
			if r.Code == 100 {
				r.Decode(t, &v)
			}
			return r.Code, v.Active
		}
		if code, on := check(`{"site_id":1,"currency":"USD"}`); code != 100 || on != 1 {
			t.Fatalf("USD: %d %d", code, on)
		}
		if code, on := check(`{"site_id":1,"currency":"BRL"}`); code != 100 || on != 0 {
			t.Fatalf("a currency without a rule: %d %d", code, on)
		}
		if code, _ := check(`{"site_id":0,"currency":"USD"}`); code != 400 {
			t.Fatalf("site 0: %d", code)
		}
		if code, _ := check(`{"site_id":1}`); code != 400 {
			t.Fatalf("no currency: %d", code)
		}
		if r := s.Post("/api/member/cashback/payouts", `{}`); r.HTTP != 401 {
			t.Fatalf("payouts without a session: %d", r.HTTP)
		}
		token := s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.97")
		auth := []string{"Authorization", "Bearer " + token}
		var layout struct {
			L struct {
				CashBackStatus int `json:"cash_back_status"`
			} `json:"member_common_layout"`
		}
		s.Post("/api/member/profile/common/layout", `{}`, auth...).Decode(t, &layout)
		if layout.L.CashBackStatus != 1 {
			t.Fatalf("cash_back_status %d", layout.L.CashBackStatus)
		}
		var rule struct {
			Rule *struct {
				Basis string             `json:"basis"`
				Rates map[string]float64 `json:"rates"`
				Cap   float64            `json:"cap"`
			} `json:"rule"`
		}
		s.Post("/api/member/cashback/rule", `{}`, auth...).Decode(t, &rule)
		if rule.Rule == nil || rule.Rule.Basis != "valid_bets" || rule.Rule.Rates["2"] != 1 || rule.Rule.Cap != 100 {
			t.Fatalf("rule %+v", rule.Rule)
		}
		var list struct {
			List  []any `json:"list"`
			Total int   `json:"total"`
		}
		s.Post("/api/member/cashback/payouts", `{"page":1,"page_size":10}`, auth...).Decode(t, &list)
		if len(list.List) != 0 || list.Total != 0 {
			t.Fatalf("payouts %+v", list)
		}
		if r := s.Post("/api/member/cashback/payouts", `{"page_size":500}`, auth...); r.Code != 400 {
			t.Fatalf("page_size 500: %d", r.Code)
		}
	})
}
