package referral_test

import (
	"context"
	"encoding/json"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

const (
	chrome  = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36"
	firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
)

// invite is a registration with the demo member's recommend code (an adult
// birthday: the site may ask it).
func invite(s *testutil.Server, account, ip, ua string, kv ...string) testutil.Response {
	s.T().Helper()
	h := []string{"X-Forwarded-For", ip, "User-Agent", ua}
	body := map[string]any{"site_id": 1, "member_account": account, "password": "abc12345", "member_currency": "USD",
		"member_email": account + "@mail.test", "member_birthday": "1990-01-01", "introducer": seed.DemoRecommendCode,
		"register_type": "recommend_code", "answer": "1234", "captcha_token": s.Captcha(2, h...)}
	for i := 0; i+1 < len(kv); i += 2 {
		body[kv[i]] = kv[i+1]
	}
	return s.Post("/api/register", testutil.JSON(body), h...)
}

// TestSelfInviteAtRegistration: the recommender's own device (the browser
// they signed in from, at that address) or phone cannot register under
// their code (721); another device can, including a friend on the same
// browser build elsewhere, and the invitees show in the recommender's list.
func TestSelfInviteAtRegistration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		token := s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.10", "User-Agent", chrome)
		if r := invite(s, "selfdev01", "203.0.113.10", chrome); r.Code != 721 {
			t.Fatalf("the recommender's browser: %d %s, want 721", r.Code, r.Message)
		}
		// The phone rule alone: the form neither verifies nor keeps phones unique here.
		if _, err := d.ExecContext(context.Background(), `UPDATE register_settings SET is_unique = FALSE, is_verification = FALSE
			WHERE site_id = 1 AND name = 'member_phone'`); err != nil {
			t.Fatal(err)
		}
		if r := invite(s, "selfphone01", "203.0.113.12", firefox, "member_phone", "5550000002"); r.Code != 721 {
			t.Fatalf("the recommender's phone: %d %s, want 721", r.Code, r.Message)
		}
		if r := invite(s, "friend01", "203.0.113.13", firefox); r.Code != 100 {
			t.Fatalf("a friend: %d %s", r.Code, r.Message)
		}
		if r := invite(s, "samebuild01", "203.0.113.14", chrome); r.Code != 100 {
			t.Fatalf("a friend on the recommender's browser build: %d %s", r.Code, r.Message)
		}
		auth := []string{"Authorization", "Bearer " + token}
		var inv struct {
			List []struct {
				Account      string `json:"account"`
				Status       string `json:"status"`
				RegisteredAt string `json:"registered_at"`
			} `json:"list"`
			Total int `json:"total_count"`
		}
		r := s.Post("/api/arks/web/referral/invitees", `{"search":"FRIEND","page":1,"count":10}`, auth...)
		if r.Code != 100 {
			t.Fatalf("invitees: %d %s", r.Code, r.Message)
		}
		r.Decode(t, &inv)
		if inv.Total != 1 || len(inv.List) != 1 || inv.List[0].Account != "friend01" || inv.List[0].RegisteredAt == "" {
			t.Fatalf("invitees %+v", inv)
		}
		if r := s.Post("/api/arks/web/referral/invitees", `{"search":"nobody"}`, auth...); r.Code != 100 {
			t.Fatalf("search: %d", r.Code)
		} else {
			r.Decode(t, &inv)
			if inv.Total != 0 || len(inv.List) != 0 {
				t.Fatalf("search nobody: %+v", inv)
			}
		}
	})
}

// TestMemberCalls: the spec's two checks and the pages' calls, through the
// app; the demo site has a USD plan.
func TestMemberCalls(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		member := []string{"Authorization", "Bearer " + s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.20")}
		agent := []string{"Authorization", "Bearer " + s.Login(seed.DemoAgent, seed.DemoPassword, "X-Forwarded-For", "203.0.113.21")}
		var f struct {
			IsFriend int `json:"is_friend"`
		}
		r := s.Post("/api/bonus_setting/check", `{"member_currency":"USD","site_id":1}`, member...)
		if r.Code != 100 {
			t.Fatalf("is_friend: %d", r.Code)
		}
		if r.Decode(t, &f); f.IsFriend != 1 {
			t.Fatalf("is_friend %d", f.IsFriend)
		}
		if r := s.Post("/api/member/apply_for_agent/check", `{"agent_id":"","apply_agent_flag":1}`, member...); r.Code != 100 {
			t.Fatalf("agent check of a member: %d", r.Code)
		}
		if r := s.Post("/api/member/apply_for_agent/check", `{}`, agent...); r.Code != 101 {
			t.Fatalf("agent check of an agent: %d, want 101", r.Code)
		}
		if r := s.Post("/api/arks/web/referral/project", `{}`, agent...); r.Code != 724 {
			t.Fatalf("an agent's project: %d, want 724", r.Code)
		}
		var p struct {
			Plan struct {
				FirstMin    json.Number `json:"first_deposit_min"`
				FirstReward json.Number `json:"first_deposit_reward"`
				Share       json.Number `json:"share_percent"`
				Period      string      `json:"share_period"`
				Cap         json.Number `json:"share_cap"`
			} `json:"plan"`
			Code string `json:"recommend_code"`
		}
		r = s.Post("/api/arks/web/referral/project", `{}`, member...)
		if r.Code != 100 {
			t.Fatalf("project: %d %s", r.Code, r.Message)
		}
		r.Decode(t, &p)
		if p.Code != seed.DemoRecommendCode || p.Plan.FirstMin.String() != "50.00" || p.Plan.FirstReward.String() != "10.00" || p.Plan.Share.String() != "0.50" ||
			p.Plan.Period != "day" || p.Plan.Cap.String() != "100.00" {
			t.Fatalf("project %+v", p)
		}
		if r := s.Post("/api/arks/web/referral/records", `{"from":"2026-01-01","to":"2026-12-31","page":1,"count":20}`, member...); r.Code != 100 {
			t.Fatalf("records: %d %s", r.Code, r.Message)
		}
		if r := s.Post("/api/arks/web/referral/records", `{"from":"yesterday"}`, member...); r.Code != 400 {
			t.Fatalf("records with a bad date: %d", r.Code)
		}
		if r := s.Post("/api/arks/web/referral/records", `{}`); r.Code == 100 {
			t.Fatal("records without a session")
		}
	})
}
