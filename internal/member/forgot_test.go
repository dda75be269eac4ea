package member_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

var reCode = regexp.MustCompile(`\b[0-9]{6}\b`)

// outbox lists the SMS bodies sent to phone, newest first.
func outbox(t *testing.T, s *testutil.Server, phone string) []string {
	t.Helper()
	var v struct {
		List []struct {
			Body string `json:"body"`
		} `json:"list"`
	}
	s.Do("GET", "/api/dev/sms-outbox?phone="+phone, "").Decode(t, &v)
	out := make([]string, len(v.List))
	for i, m := range v.List {
		out[i] = m.Body
	}
	return out
}

// lastCode is the code of the newest SMS to phone.
func lastCode(t *testing.T, s *testutil.Server, phone string) string {
	t.Helper()
	msgs := outbox(t, s, phone)
	if len(msgs) == 0 {
		t.Fatalf("no SMS to %s", phone)
	}
	return reCode.FindString(msgs[0])
}

// ageCodes moves every SMS code of phone 10 minutes into the past, as if
// the resend interval had passed.
func ageCodes(t *testing.T, d *db.DB, phone string) {
	t.Helper()
	exec(t, d, `UPDATE sms_codes SET created_at = created_at - $2 WHERE phone = $1`, phone, (10 * time.Minute).Microseconds())
	exec(t, d, `UPDATE sms_throttle SET last_sent_at = last_sent_at - $2 WHERE phone = $1`, phone, (10 * time.Minute).Microseconds())
}

// TestForgotPasswordSMS: every answer of /forgot_password/sms, identical
// whether account and phone match or not (only a match sends a message).
func TestForgotPasswordSMS(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		send := func(ip, account, phone string) int {
			return s.Post("/api/forgot_password/sms", testutil.JSON(map[string]any{"site_id": 1, "account": account,
				"member_phone": phone}), "X-Forwarded-For", ip).Code
		}
		ip := addrs.Next()
		for _, c := range []struct {
			account, phone string
			want           int
		}{
			{seed.DemoMember, "", 201},
			{seed.DemoMember, "55-0000", 99},
			{"nobody99", "55-0000", 99},
			{"nobody99", "5550001111", 100},
			{seed.DemoMember, "5550001112", 100},
			{seed.DemoMember, "5550000002", 100},
		} {
			if got := send(ip, c.account, c.phone); got != c.want {
				t.Fatalf("%s %q: %d, want %d", c.account, c.phone, got, c.want)
			}
		}
		if n := len(outbox(t, s, "5550001111")) + len(outbox(t, s, "5550001112")); n != 0 {
			t.Fatalf("%d messages sent for mismatches", n)
		}
		if len(outbox(t, s, "5550000002")) != 1 || lastCode(t, s, "5550000002") == "" {
			t.Fatalf("no code sent to the member: %v", outbox(t, s, "5550000002"))
		}
		// Again within five minutes: 102, for the match and the mismatches alike.
		for _, c := range [][2]string{{seed.DemoMember, "5550000002"}, {"nobody99", "5550001111"}, {seed.DemoMember, "5550001112"}} {
			if got := send(addrs.Next(), c[0], c[1]); got != 102 {
				t.Fatalf("%s %s again: %d, want 102", c[0], c[1], got)
			}
		}
		// The hourly cap per address (20) counts every request: 104.
		capped := addrs.Next()
		for i := 0; i < 20; i++ {
			if got := send(capped, "nobody99", fmt.Sprintf("55500020%02d", i)); got != 100 {
				t.Fatalf("request %d: %d", i, got)
			}
		}
		if got := send(capped, seed.DemoAgent, "5550000001"); got != 104 {
			t.Fatalf("21st request from one address: %d, want 104", got)
		}
		// No credit left: 103, match or not.
		exec(t, d, `UPDATE sms_credits SET credits = 0`)
		if got := send(addrs.Next(), seed.DemoAgent, "5550000001"); got != 103 {
			t.Fatalf("no credits, match: %d", got)
		}
		if got := send(addrs.Next(), "nobody99", "5550003333"); got != 103 {
			t.Fatalf("no credits, mismatch: %d", got)
		}
		if got := s.Post("/api/forgot_password/sms", `{"site_id":9,"account":"demo001","member_phone":"5550000002"}`).Code; got != 404 {
			t.Fatalf("unknown site: %d", got)
		}
		exec(t, d, `UPDATE sites SET demo_mode = TRUE`)
		if got := send(addrs.Next(), seed.DemoAgent, "5550000001"); got != 205 {
			t.Fatalf("demo mode: %d", got)
		}
	})
}

// TestForgotPasswordReset: every answer of /forgot_password/reset; a code
// works once, not after expiry nor after five wrong guesses; a reset ends
// every session (tokens and sockets).
func TestForgotPasswordReset(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		const phone = "5550000002"
		browser := &client{s: s, ip: "203.0.113.200", ua: chrome}
		if res := browser.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		sock, ok := connect(t, s.URL, browser.token, fmt.Sprintf("member.%d", memberID(t, d, seed.DemoMember)))
		if !ok {
			t.Fatal("socket refused")
		}
		sendCode := func() string {
			t.Helper()
			ageCodes(t, d, phone)
			if res := s.Post("/api/forgot_password/sms", testutil.JSON(map[string]any{"site_id": 1, "account": seed.DemoMember,
				"member_phone": phone}), "X-Forwarded-For", addrs.Next()); res.Code != 100 {
				t.Fatalf("sms: %d", res.Code)
			}
			return lastCode(t, s, phone)
		}
		reset := func(account, phone, code, password string) int {
			return s.Post("/api/forgot_password/reset", testutil.JSON(map[string]any{"site_id": 1, "account": account,
				"member_phone": phone, "code": code, "password": password}), "X-Forwarded-For", addrs.Next()).Code
		}
		code := sendCode()
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		for _, c := range []struct {
			name                     string
			account, phone, pw, code string
			want                     int
		}{
			{"weak password", seed.DemoMember, phone, "abcdefgh", code, 400},
			{"unknown account", "nobody99", phone, "reset123", code, 113},
			{"phone of another account", seed.DemoAgent, phone, "reset123", code, 113},
			{"wrong phone", seed.DemoMember, "5550000001", "reset123", code, 113},
			{"wrong code", seed.DemoMember, phone, "reset123", wrong, 113},
		} {
			if got := reset(c.account, c.phone, c.code, c.pw); got != c.want {
				t.Fatalf("%s: %d, want %d", c.name, got, c.want)
			}
		}
		if got := reset(seed.DemoMember, phone, code, "reset123"); got != 100 {
			t.Fatalf("right code: %d", got)
		}
		// Every session ended: the token is dead and its socket closed.
		if res := browser.post("/api/member/profile", `{}`); res.HTTP != 401 {
			t.Fatalf("old token after reset: http %d", res.HTTP)
		}
		if got := sock.ClosedWith(5*time.Second, nil); got != closeSessionEnded {
			t.Fatalf("old socket after reset: close %d, want %d", got, closeSessionEnded)
		}
		if res := browser.login(seed.DemoMember, "reset123"); res.Code != 100 {
			t.Fatalf("login with the new password: %d", res.Code)
		}
		// Single use.
		if got := reset(seed.DemoMember, phone, code, "again123"); got != 113 {
			t.Fatalf("code used twice: %d, want 113", got)
		}
		// Expired.
		code = sendCode()
		exec(t, d, `UPDATE sms_codes SET expires_at = 1 WHERE phone = $1`, phone)
		if got := reset(seed.DemoMember, phone, code, "again123"); got != 113 {
			t.Fatalf("expired code: %d, want 113", got)
		}
		// Five wrong guesses burn the code.
		code = sendCode()
		for i := 0; i < 5; i++ {
			if got := reset(seed.DemoMember, phone, wrong, "again123"); got != 113 {
				t.Fatalf("guess %d: %d", i, got)
			}
		}
		if got := reset(seed.DemoMember, phone, code, "again123"); got != 113 {
			t.Fatalf("right code after five wrong guesses: %d, want 113", got)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sessions WHERE revoked_at IS NULL`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("live sessions %d (%v), want the one login after the reset", n, err)
		}
		exec(t, d, `UPDATE sites SET demo_mode = TRUE`)
		if got := reset(seed.DemoMember, phone, code, "again123"); got != 205 {
			t.Fatalf("demo mode: %d", got)
		}
	})
}
