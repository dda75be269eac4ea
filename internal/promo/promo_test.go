package promo_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/promo"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

const key = "8b1c9a7be24d58c06a1f93e7b2c4d8a05e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

type env struct {
	*testutil.Server
	t   *testing.T
	d   *db.DB
	tok map[string]string
}

func newEnv(t *testing.T, d *db.DB) *env {
	s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(key))
	e := &env{Server: s, t: t, d: d, tok: map[string]string{}}
	e.tok["demo"] = s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.30")
	e.tok["agent"] = s.Login(seed.DemoAgent, seed.DemoPassword, "X-Forwarded-For", "203.0.113.31")
	return e
}

func (e *env) auth(who string) []string {
	return []string{"Authorization", "Bearer " + e.tok[who], "X-Forwarded-For", "203.0.113.32"}
}

func (e *env) call(who, path string, body string) testutil.Response {
	e.t.Helper()
	return e.Post(path, body, e.auth(who)...)
}

func (e *env) admin(method, path, body string) testutil.Response {
	e.t.Helper()
	return e.Do(method, path, body, "Authorization", "Bearer "+key, "X-Forwarded-For", "198.51.100.10")
}

// cash is the member's main wallet as the header shows it.
func (e *env) cash(who string) string {
	e.t.Helper()
	res := e.call(who, "/api/member/profile/my_cash", `{}`)
	v := testutil.Decode[struct {
		List []struct {
			Balance json.Number `json:"balance"`
		} `json:"my_cash_list"`
	}](e.t, res.Data)
	return v.List[0].Balance.String()
}

// envelope creates an envelope through the operator API and returns its id.
func (e *env) envelope(body string) int64 {
	e.t.Helper()
	res := e.admin("POST", "/admin/sites/1/red-envelopes", body)
	if res.Code != 100 {
		e.t.Fatalf("create envelope %s: %d %s", body, res.Code, res.Message)
	}
	return testutil.Decode[struct {
		ID int64 `json:"id"`
	}](e.t, res.Data).ID
}

func caracas(t time.Time) string {
	return t.In(time.FixedZone("VET", -4*3600)).Format(promo.WallTime)
}

func envelopeBody(currency string, from, to time.Time, budget, lo, hi string, extra string) string {
	return fmt.Sprintf(`{"currency":%q,"title":{"en_US":"Test envelope"},"start_at":%q,"end_at":%q,"budget":%s,"min_award":%s,"max_award":%s%s}`,
		currency, caracas(from), caracas(to), budget, lo, hi, extra)
}

// TestRedEnvelopes: the seeded envelope, claiming it once, and every
// refusal of issue 12 (ended, spent, unknown, another currency's, a second
// claim, not started, a deposit condition), each with its code.
func TestRedEnvelopes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		now := time.Now()
		res := e.call("demo", "/api/arks/web/activity/red_envelope_promotion", `{"site_id":1}`)
		cur := testutil.Decode[struct {
			Envelope *struct {
				ID    int64  `json:"id"`
				EndAt string `json:"end_at"`
			} `json:"envelope"`
		}](t, res.Data)
		if res.Code != 100 || cur.Envelope == nil || cur.Envelope.ID == 0 {
			t.Fatalf("seeded envelope: %d %s", res.Code, res.Data)
		}
		end, err := time.ParseInLocation(promo.WallTime, cur.Envelope.EndAt, time.FixedZone("VET", -4*3600))
		if err != nil || end.Sub(now) < 29*24*time.Hour || end.Sub(now) > 31*24*time.Hour {
			t.Fatalf("end_at %q (Caracas wall time) should be a month away: %v", cur.Envelope.EndAt, err)
		}
		seeded := cur.Envelope.ID
		var rmbID int64
		if err := d.QueryRow(`SELECT id FROM red_envelopes WHERE currency = 'RMB'`).Scan(&rmbID); err != nil {
			t.Fatal(err)
		}
		before := e.cash("demo")
		ended := e.envelope(envelopeBody("USD", now.Add(-2*time.Hour), now.Add(-time.Hour), "10", "1", "2", ""))
		future := e.envelope(envelopeBody("USD", now.Add(time.Hour), now.Add(2*time.Hour), "10", "1", "2", ""))
		tiny := e.envelope(envelopeBody("USD", now.Add(-time.Hour), now.Add(time.Hour), "0.05", "0.05", "0.05", ""))
		past := fmt.Sprintf(`,"deposit_from":%q,"deposit_to":%q`, "2020-01-01 00:00:00", "2020-02-01 00:00:00")
		depositedLongAgo := e.envelope(envelopeBody("USD", now.Add(-time.Hour), now.Add(time.Hour), "10", "1", "2", past))
		recent := fmt.Sprintf(`,"deposit_from":%q,"deposit_to":%q`, caracas(now.Add(-24*time.Hour)), caracas(now.Add(time.Hour)))
		deposited := e.envelope(envelopeBody("USD", now.Add(-time.Hour), now.Add(time.Hour), "10", "1", "1", recent))

		claim := func(id int64) string { return fmt.Sprintf(`{"id":%d}`, id) }
		var won float64
		testutil.Run(t, e.Server, []testutil.Scenario{
			{Name: "claim", Path: "/api/arks/web/activity/red_envelope", Body: claim(seeded), Headers: e.auth("demo"), WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						Cash float64 `json:"cash"`
					}](t, raw)
					if v.Cash < 1 || v.Cash > 8 {
						t.Fatalf("cash %v outside 1..8", v.Cash)
					}
					won = v.Cash
				}},
			{Name: "second claim", Path: "/api/arks/web/activity/red_envelope", Body: claim(seeded), Headers: e.auth("demo"), WantCode: 103},
			{Name: "ended", Path: "/api/arks/web/activity/red_envelope", Body: claim(ended), Headers: e.auth("demo"), WantCode: 102},
			{Name: "spent by the agent", Path: "/api/arks/web/activity/red_envelope", Body: claim(tiny), Headers: e.auth("agent"), WantCode: 100},
			{Name: "budget spent", Path: "/api/arks/web/activity/red_envelope", Body: claim(tiny), Headers: e.auth("demo"), WantCode: 102},
			{Name: "not started", Path: "/api/arks/web/activity/red_envelope", Body: claim(future), Headers: e.auth("demo"), WantCode: 101},
			{Name: "unknown", Path: "/api/arks/web/activity/red_envelope", Body: claim(987654), Headers: e.auth("demo"), WantCode: 101},
			{Name: "another currency's", Path: "/api/arks/web/activity/red_envelope", Body: claim(rmbID), Headers: e.auth("demo"), WantCode: 101},
			{Name: "no deposit in the window", Path: "/api/arks/web/activity/red_envelope", Body: claim(depositedLongAgo), Headers: e.auth("demo"), WantCode: 104},
			{Name: "deposited in the window", Path: "/api/arks/web/activity/red_envelope", Body: claim(deposited), Headers: e.auth("demo"), WantCode: 100},
			{Name: "no id", Path: "/api/arks/web/activity/red_envelope", Body: `{}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "id as text", Path: "/api/arks/web/activity/red_envelope", Body: `{"id":"1"}`, Headers: e.auth("demo"), WantCode: 400},
			{Name: "no session", Path: "/api/arks/web/activity/red_envelope", Body: claim(seeded), WantHTTP: 401, WantCode: 401},
			{Name: "current without a session", Path: "/api/arks/web/activity/red_envelope_promotion", Body: `{}`, WantHTTP: 401, WantCode: 401},
		})
		want := fmt.Sprintf("%.2f", mustFloat(t, before)+won+1)
		if got := e.cash("demo"); got != want {
			t.Fatalf("cash %s after winning %.2f and 1.00, want %s", got, won, want)
		}
		// The claimed envelopes are gone from the member's current one.
		res = e.call("demo", "/api/arks/web/activity/red_envelope_promotion", `{}`)
		if strings.Contains(string(res.Data), fmt.Sprintf(`"id":%d,`, seeded)) {
			t.Fatalf("claimed envelope still offered: %s", res.Data)
		}

		// The operator's bad input.
		for _, c := range []struct{ name, body string }{
			{"end before start", envelopeBody("USD", now, now.Add(-time.Hour), "10", "1", "2", "")},
			{"max below min", envelopeBody("USD", now, now.Add(time.Hour), "10", "3", "2", "")},
			{"max above budget", envelopeBody("USD", now, now.Add(time.Hour), "10", "1", "20", "")},
			{"unknown currency", envelopeBody("XXX", now, now.Add(time.Hour), "10", "1", "2", "")},
			{"budget as text", envelopeBody("USD", now, now.Add(time.Hour), `"10"`, "1", "2", "")},
			{"too many decimals", envelopeBody("USD", now, now.Add(time.Hour), "10.001", "1", "2", "")},
			{"zero award", envelopeBody("USD", now, now.Add(time.Hour), "10", "0", "2", "")},
			{"bad time", `{"currency":"USD","title":{"en_US":"x"},"start_at":"tomorrow","end_at":"2030-01-01 00:00:00","budget":1,"min_award":1,"max_award":1}`},
		} {
			if res := e.admin("POST", "/admin/sites/1/red-envelopes", c.body); res.Code != 400 {
				t.Errorf("%s: %d %s", c.name, res.Code, res.Message)
			}
		}
		if res := e.admin("PUT", "/admin/sites/1/red-envelopes/987654", envelopeBody("USD", now, now.Add(time.Hour), "10", "1", "2", "")); res.Code != 404 {
			t.Fatalf("update unknown: %d", res.Code)
		}
		// A budget cut below what was claimed is refused; above it keeps the claims.
		if res := e.admin("PUT", fmt.Sprintf("/admin/sites/1/red-envelopes/%d", tiny), envelopeBody("USD", now.Add(-time.Hour), now.Add(time.Hour), "0.04", "0.01", "0.04", "")); res.Code != 400 {
			t.Fatalf("budget below claims: %d", res.Code)
		}
		res = e.admin("PUT", fmt.Sprintf("/admin/sites/1/red-envelopes/%d", tiny), envelopeBody("USD", now.Add(-time.Hour), now.Add(time.Hour), "1", "0.05", "0.05", ""))
		if res.Code != 100 || !strings.Contains(string(res.Data), `"remaining":0.95`) || !strings.Contains(string(res.Data), `"claims":1`) {
			t.Fatalf("budget raised: %d %s", res.Code, res.Data)
		}
		if res := e.admin("GET", "/admin/sites/1/red-envelopes", ""); res.Code != 100 || !strings.Contains(string(res.Data), `"currency":"RMB"`) {
			t.Fatalf("list: %s", res.Data)
		}
		if res := e.admin("GET", "/admin/audit", ""); !strings.Contains(string(res.Data), `"clean":true`) {
			t.Fatalf("ledger audit: %s", res.Data)
		}
	})
}

func mustFloat(t *testing.T, s string) float64 {
	var f float64
	if _, err := fmt.Sscan(s, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSignIn: the day's award once, the same answer on a second sign-in,
// and nothing when the operator has not opened it.
func TestSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.call("demo", "/api/arks/web/activity/signin", `{}`)
		if res.Code != 100 || !strings.Contains(string(res.Data), `"event":"is_signin_true"`) || !strings.Contains(string(res.Data), `"today_award":1.00`) {
			t.Fatalf("detail: %d %s", res.Code, res.Data)
		}
		before := mustFloat(t, e.cash("demo"))
		res = e.call("demo", "/api/arks/web/activity/signin/store", `{}`)
		if res.Code != 100 || !strings.Contains(string(res.Data), `"event":"is_signin_success"`) || !strings.Contains(string(res.Data), `"streak":1`) {
			t.Fatalf("sign in: %d %s", res.Code, res.Data)
		}
		res = e.call("demo", "/api/arks/web/activity/signin/store", `{}`)
		if res.Code != 100 || !strings.Contains(string(res.Data), `"event":"is_signin_pass"`) {
			t.Fatalf("again: %d %s", res.Code, res.Data)
		}
		if got := mustFloat(t, e.cash("demo")); got != before+1 {
			t.Fatalf("cash %.2f, want %.2f (one award)", got, before+1)
		}
		if res := e.call("demo", "/api/arks/web/activity/signin", `{}`); !strings.Contains(string(res.Data), `"signed_today":1`) {
			t.Fatalf("detail after: %s", res.Data)
		}
		// Closed by the operator.
		if res := e.admin("PUT", "/admin/sites/1/signin/USD", `{"enabled":false,"awards":[]}`); res.Code != 100 {
			t.Fatalf("close: %d %s", res.Code, res.Message)
		}
		if res := e.call("agent", "/api/arks/web/activity/signin", `{}`); !strings.Contains(string(res.Data), `"event":"is_signin_noopen"`) {
			t.Fatalf("closed detail: %s", res.Data)
		}
		if res := e.call("agent", "/api/arks/web/activity/signin/store", `{}`); res.Code != 101 {
			t.Fatalf("closed sign-in: %d", res.Code)
		}
		for _, c := range []struct{ name, path, body string }{
			{"enabled without awards", "/admin/sites/1/signin/USD", `{"enabled":true,"awards":[]}`},
			{"negative award", "/admin/sites/1/signin/USD", `{"enabled":true,"awards":[-1]}`},
			{"award as text", "/admin/sites/1/signin/USD", `{"enabled":true,"awards":["1"]}`},
			{"unknown currency", "/admin/sites/1/signin/XXX", `{"enabled":true,"awards":[1]}`},
		} {
			if res := e.admin("PUT", c.path, c.body); res.Code != 400 {
				t.Errorf("%s: %d", c.name, res.Code)
			}
		}
		if res := e.admin("GET", "/admin/sites/1/signin", ""); !strings.Contains(string(res.Data), `"currency":"USD","enabled":false`) {
			t.Fatalf("settings: %s", res.Data)
		}
		if res := e.Post("/api/arks/web/activity/signin/store", `{}`); res.HTTP != 401 {
			t.Fatalf("without a session: %d", res.HTTP)
		}
	})
}
