package admin_test

import (
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
)

// TestOperatorBonuses: the operator saves a bonus rule (bad fields named,
// audited), the member sees it among the offers and takes it over HTTP, the
// operator lists, grants and cancels the member's bonuses with a reason,
// every write audited, and the ledger audit stays clean.
func TestOperatorBonuses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		const rules = "/admin/sites/1/bonus-rules"
		rule := `{"currency":"USD","title":{"en_US":"Free 5"},"kind":"fixed","fixed_amount":5,"period":"once",
			"turnover_multiple":2,"turnover_base":"bonus","weights":{"2":50},"expiry_days":3}`
		if res := s.admin(t, "POST", rules, `{"currency":"USD","title":{"en_US":"x"},"kind":"fixed","period":"once",
			"turnover_base":"bonus","expiry_days":3}`); res.Code != 400 || res.Message != "invalid parameters: fixed_amount is required" {
			t.Fatalf("a rule without its amount: %d %s", res.Code, res.Message)
		}
		res := s.admin(t, "POST", rules, rule)
		if res.Code != 100 {
			t.Fatalf("save rule: %d %s", res.Code, res.Message)
		}
		created := decode[struct {
			ID int64 `json:"id"`
		}](t, res.Data)
		s.wantAudit(t, "bonus.rule.save", "bonus_rule:0", rules)
		if res := s.admin(t, "PUT", fmt.Sprintf("%s/%d", rules, created.ID+100), rule); res.Code != 701 {
			t.Fatalf("change of an unknown rule: %d %s", res.Code, res.Message)
		}

		_, token := s.login(t, seed.DemoMember)
		offers := s.member(t, token, "/api/arks/web/bonus/offers", map[string]any{"page_id": 0})
		if offers.Code != 100 || !strings.Contains(string(offers.Data), `"title":"Free 5"`) {
			t.Fatalf("offers: %d %s", offers.Code, offers.Data)
		}
		if res := s.member(t, token, "/api/arks/web/bonus/apply", map[string]any{"rule_id": created.ID}); res.Code != 100 {
			t.Fatalf("apply: %d %s", res.Code, res.Message)
		}
		if res := s.member(t, token, "/api/arks/web/bonus/apply", map[string]any{"rule_id": created.ID}); res.Code != 703 {
			t.Fatalf("apply twice: %d %s", res.Code, res.Message)
		}
		if got := s.mainCash(t, token); got != "1005.00" {
			t.Fatalf("main after the bonus %s", got)
		}

		grant := `{"account":"` + seed.DemoMember + `","rule_id":` + fmt.Sprint(created.ID) + `,"amount":12,"request_id":"g1","reason":"VIP"}`
		if res := s.admin(t, "POST", "/admin/sites/1/bonuses", grant); res.Code != 100 {
			t.Fatalf("grant: %d %s", res.Code, res.Message)
		}
		s.wantAudit(t, "bonus.grant", "member:"+seed.DemoMember, "/admin/sites/1/bonuses")
		list := s.admin(t, "GET", "/admin/sites/1/members/"+seed.DemoMember+"/bonuses", "")
		bonuses := decode[struct {
			List []struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
			} `json:"list"`
		}](t, list.Data)
		if len(bonuses.List) != 2 || bonuses.List[0].Status != "active" {
			t.Fatalf("member bonuses: %s", list.Data)
		}
		cancel := fmt.Sprintf("/admin/sites/1/bonuses/%d/cancel", bonuses.List[0].ID)
		if res := s.admin(t, "POST", cancel, `{"reason":""}`); res.Code != 400 {
			t.Fatalf("cancel without a reason: %d %s", res.Code, res.Message)
		}
		if res := s.admin(t, "POST", cancel, `{"reason":"duplicate"}`); res.Code != 100 || !strings.Contains(string(res.Data), `"status":"cancelled"`) {
			t.Fatalf("cancel: %d %s", res.Code, res.Data)
		}
		s.wantAudit(t, "bonus.cancel", fmt.Sprintf("bonus:%d", bonuses.List[0].ID), cancel)
		if res := s.admin(t, "POST", cancel, `{"reason":"again"}`); res.Code != 707 {
			t.Fatalf("cancel twice: %d %s", res.Code, res.Message)
		}
		if got := s.mainCash(t, token); got != "1005.00" {
			t.Fatalf("main after the cancel %s", got)
		}
		audit := s.admin(t, "GET", "/admin/audit", "")
		if !strings.Contains(string(audit.Data), `"clean":true`) {
			t.Fatalf("ledger audit: %s", audit.Data)
		}
	})
}
