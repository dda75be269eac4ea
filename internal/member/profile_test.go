package member_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// TestProfileUpdate: only fields whose register setting has
// is_member_center change, with registration's rules and uniqueness; a
// phone change needs the member-centre SMS code while
// is_member_center_verification is on; every change publishes
// profile_updated on member.{id}, and a refused one publishes nothing.
func TestProfileUpdate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.210", ua: chrome}
		if res := c.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		own := fmt.Sprintf("member.%d", memberID(t, d, seed.DemoMember))
		sock, ok := connect(t, s.URL, c.token, own)
		if !ok {
			t.Fatal("socket refused")
		}
		update := func(body map[string]any) (int, string) {
			res := c.post("/api/member/profile/update", body)
			return res.Code, res.Message
		}
		profile := func() string { return string(c.post("/api/member/profile", `{}`).Data) }

		// Refused: not open to the member centre (USD: identity_id and qq have
		// no is_member_center; member_account is never editable), rules, uniqueness.
		for _, tc := range []struct {
			name string
			body map[string]any
			want int
		}{
			{"identity id not in member centre", map[string]any{"identity_id": "ID-1"}, 400},
			{"qq not in member centre", map[string]any{"member_qq": "12345678"}, 400},
			{"account never editable", map[string]any{"member_account": "other001"}, 400},
			{"open field with a closed one", map[string]any{"member_name": "New Name", "identity_id": "ID-1"}, 400},
			{"nothing", map[string]any{}, 400},
			{"not a string", map[string]any{"member_name": 5}, 400},
			{"unknown field", map[string]any{"<script>x</script>": "v"}, 400},
			{"e-mail of another member", map[string]any{"member_email": "AGENT@gamehall.test"}, 105},
			{"phone of another member", map[string]any{"member_phone": "5550000001"}, 104},
			{"e-mail invalid", map[string]any{"member_email": "not-an-email"}, 206},
			{"telegram invalid", map[string]any{"member_telegram": "a b"}, 307},
			{"phone without its code", map[string]any{"member_phone": "5551239999"}, 113},
			{"phone with a wrong code", map[string]any{"member_phone": "5551239999", "phone_verify": "000000"}, 113},
		} {
			got, msg := update(tc.body)
			if got != tc.want {
				t.Fatalf("%s: %d (%s), want %d", tc.name, got, msg, tc.want)
			}
			if strings.Contains(msg, "<script>") {
				t.Fatalf("%s: the client's field name echoed back: %s", tc.name, msg)
			}
		}
		if ev := sock.Event(own, 300*time.Millisecond); ev != "" {
			t.Fatalf("a refused update published %q", ev)
		}
		if p := profile(); !strings.Contains(p, `"member_name":"Dana Demo"`) || !strings.Contains(p, `"member_phone":"5550000002"`) {
			t.Fatalf("a refused update changed the profile: %s", p)
		}

		// Accepted: open fields, own values (uniqueness excludes the member).
		if got, msg := update(map[string]any{"member_name": "Dana Renamed", "member_email": "demo@gamehall.test",
			"member_telegram": "dana_tg"}); got != 100 {
			t.Fatalf("open fields: %d %s", got, msg)
		}
		if ev := sock.Event(own, 5*time.Second); ev != "profile_updated" {
			t.Fatalf("after an update the socket got %q, want profile_updated", ev)
		}
		if p := profile(); !strings.Contains(p, `"member_name":"Dana Renamed"`) || !strings.Contains(p, `"member_telegram":"dana_tg"`) {
			t.Fatalf("profile: %s", p)
		}

		// A phone change with the code sent by /member/profile/sms.
		if res := c.post("/api/member/profile/sms", `{"member_phone":"55512x"}`); res.Code != 99 {
			t.Fatalf("profile sms, bad phone: %d", res.Code)
		}
		if res := c.post("/api/member/profile/sms", `{"member_phone":"5551239999"}`); res.Code != 100 {
			t.Fatalf("profile sms: %d %s", res.Code, res.Message)
		}
		code := lastCode(t, s, "5551239999")
		if got, msg := update(map[string]any{"member_phone": "5551239999", "phone_verify": code}); got != 100 {
			t.Fatalf("phone with its code: %d %s", got, msg)
		}
		if ev := sock.Event(own, 5*time.Second); ev != "profile_updated" {
			t.Fatalf("after the phone change the socket got %q", ev)
		}
		// Without is_member_center_verification no code is asked.
		exec(t, d, `UPDATE register_settings SET is_member_center_verification = FALSE WHERE currency = 'USD' AND name = 'member_phone'`)
		if got, msg := update(map[string]any{"member_phone": "5551238888"}); got != 100 {
			t.Fatalf("phone without verification: %d %s", got, msg)
		}
		if p := profile(); !strings.Contains(p, `"member_phone":"5551238888"`) {
			t.Fatalf("profile: %s", p)
		}
		// Closing a field to the member centre closes it to updates.
		exec(t, d, `UPDATE register_settings SET is_member_center = FALSE WHERE currency = 'USD' AND name = 'member_name'`)
		if got, _ := update(map[string]any{"member_name": "Again"}); got != 400 {
			t.Fatalf("closed field: %d", got)
		}
		// Member-only.
		if res := s.Post("/api/member/profile/update", testutil.JSON(map[string]any{"member_name": "x"})); res.HTTP != 401 {
			t.Fatalf("visitor: http %d", res.HTTP)
		}
	})
}
