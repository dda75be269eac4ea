package member_test

import (
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// TestMinimumAge: a site's minimum age is 18 unless the operator sets
// otherwise; with one set, the register settings show and require the
// birthday, a registration without one or with an impossible one is a 400
// naming member_birthday, an under-age one is 630, and one of age registers.
// At 0 the rule is off. Bad settings are refused naming min_age.
func TestMinimumAge(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const key = "ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12"
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(key))
		admin := func(body string) testutil.Response {
			return s.Do("PUT", "/admin/sites/1/settings", body, "Authorization", "Bearer "+key, "X-Forwarded-For", "198.51.100.40")
		}
		unborn := func(account string) map[string]any {
			body := usd(account)
			delete(body, "member_birthday")
			return body
		}
		if r := register(s, addrs.Next(), unborn("noage01")); r.Code != 400 || !strings.Contains(r.Message, "member_birthday") {
			t.Fatalf("by default a birthday is required: %d %s", r.Code, r.Message)
		}
		for _, bad := range []string{`{"min_age":-1}`, `{"min_age":100}`, `{"min_age":"18"}`} {
			if r := admin(bad); r.Code != 400 || !strings.Contains(r.Message, "min_age") {
				t.Fatalf("%s: %d %s", bad, r.Code, r.Message)
			}
		}
		if r := admin(`{"min_age":0}`); r.Code != 100 {
			t.Fatalf("unset min_age: %d %s", r.Code, r.Message)
		}
		if r := register(s, addrs.Next(), unborn("noage03")); r.Code != 100 {
			t.Fatalf("min_age 0, no birthday: %d %s", r.Code, r.Message)
		}
		if r := admin(`{"min_age":18}`); r.Code != 100 {
			t.Fatalf("set min_age: %d %s", r.Code, r.Message)
		}
		settings := s.Post("/api/arks/web/register-settings", `{"site_id":1}`)
		if !strings.Contains(string(settings.Data), `{"name":"member_birthday","currency":"USD","is_display":1,"is_required":1`) {
			t.Fatalf("register settings do not require the birthday: %s", settings.Data)
		}
		now := time.Now().UTC()
		justUnder := now.AddDate(-18, 0, 1).Format("2006-01-02")
		justOf := now.AddDate(-18, 0, 0).Format("2006-01-02")
		for _, c := range []struct {
			name, account, birthday string
			code                    int
			inMsg                   string
		}{
			{"no birthday", "ageaa01", "", 400, "member_birthday"},
			{"not a date", "ageaa02", "2001-02-30", 400, "member_birthday"},
			{"one day under 18", "ageaa03", justUnder, 630, "18"},
			{"born in the future", "ageaa04", now.AddDate(1, 0, 0).Format("2006-01-02"), 630, "18"},
			{"18 today", "ageaa05", justOf, 100, ""},
		} {
			body := unborn(c.account)
			if c.birthday != "" {
				body["member_birthday"] = c.birthday
			}
			r := register(s, addrs.Next(), body)
			if r.Code != c.code || !strings.Contains(r.Message, c.inMsg) {
				t.Errorf("%s: %d %q, want %d", c.name, r.Code, r.Message, c.code)
			}
		}
		var n int
		if err := d.QueryRow(`SELECT COUNT(*) FROM members WHERE account LIKE 'ageaa%'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d members registered (%v), want only the one of age", n, err)
		}
		if r := admin(`{"min_age":0}`); r.Code != 100 {
			t.Fatalf("unset min_age: %d %s", r.Code, r.Message)
		}
		if r := register(s, addrs.Next(), unborn("noage02")); r.Code != 100 {
			t.Fatalf("min_age 0, no birthday: %d %s", r.Code, r.Message)
		}
	})
}
