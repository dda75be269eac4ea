package member_test

import (
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/member"
	"gamehall/internal/secret"
	"gamehall/internal/seed"
)

// verifyCode posts /arks/web/vx/verify and returns the code and message.
func verifyCode(c *client, body map[string]any) (int, string) {
	res := c.post("/api/arks/web/vx/verify", body)
	return res.Code, res.Message
}

// TestRecoveryResetIsNoPasswordOracle: without a live token, vx/reset says
// nothing about the old password; with one, "same as the old" (202) is
// answered once and spends the token.
func TestRecoveryResetIsNoPasswordOracle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.170", ua: chrome}
		reset := func(password, token string) int {
			return c.post("/api/arks/web/vx/reset", map[string]any{"account": seed.DemoMember, "password": password, "token": token}).Code
		}
		for _, guess := range []string{"wrong123", seed.DemoPassword} {
			if got := reset(guess, "forged-token"); got != 101 {
				t.Fatalf("forged token with guess %q: %d, want 101 whatever the guess", guess, got)
			}
		}
		res := c.post("/api/arks/web/vx/verify", map[string]any{"account": seed.DemoMember, "withdraw_password": seed.DemoWithdrawPW,
			"member_email": "demo@gamehall.test"})
		var v struct {
			Token string `json:"token"`
		}
		res.Decode(t, &v)
		if got := reset(seed.DemoPassword, v.Token); got != 202 {
			t.Fatalf("live token, same password: %d, want 202", got)
		}
		if got := reset("other123", v.Token); got != 101 {
			t.Fatalf("the token after 202: %d, want 101 (spent)", got)
		}
	})
}

// TestEditPasswordLocksAfterWrongOldPasswords: five wrong old passwords in
// 15 minutes lock the change (106), even for the right one; the session
// itself stays, and other members are not affected.
func TestEditPasswordLocksAfterWrongOldPasswords(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.171", ua: chrome}
		if res := c.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		change := func(cl *client, old string) int {
			return cl.post("/api/member/profile/edit_password", map[string]any{"old_password": old, "new_password": "fresh123"}).Code
		}
		for i := 0; i < 4; i++ {
			if got := change(c, fmt.Sprintf("guess%03d", i)); got != 101 {
				t.Fatalf("wrong old password %d: %d, want 101", i, got)
			}
		}
		if got := change(c, "guess999"); got != 106 {
			t.Fatalf("fifth wrong old password: %d, want 106", got)
		}
		if got := change(c, seed.DemoPassword); got != 106 {
			t.Fatalf("right old password while locked: %d, want 106", got)
		}
		if res := c.post("/api/member/profile", `{}`); res.Code != 100 {
			t.Fatalf("the session after the lock: %d", res.Code)
		}
		agent := &client{s: s, ip: "203.0.113.172", ua: chrome}
		agent.login(seed.DemoAgent, seed.DemoPassword)
		if got := change(agent, seed.DemoPassword); got != 100 {
			t.Fatalf("another member's change: %d", got)
		}
	})
}

// onlyWithdrawQuestion leaves demo001 the withdrawal password as its only
// double-validation question, and trusts one device so that others are asked.
func onlyWithdrawQuestion(t *testing.T, d *db.DB, s *client) {
	t.Helper()
	if res := s.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
		t.Fatalf("first login: %d", res.Code)
	}
	exec(t, d, `UPDATE members SET name = '', phone = '', email = '' WHERE account = 'demo001'`)
}

// newDevice logs demo001 in from a device never seen and returns the challenge.
func newDevice(t *testing.T, s *client, n int) member.Challenge {
	t.Helper()
	c := &client{s: s.s, ip: fmt.Sprintf("203.0.113.%d", 180+n), ua: fmt.Sprintf("Probe/%d", n)}
	res := c.login(seed.DemoMember, seed.DemoPassword)
	if res.Code != 107 {
		t.Fatalf("new device %d: %d", n, res.Code)
	}
	var ch member.Challenge
	res.Decode(t, &ch)
	return ch
}

// TestWithdrawPasswordLockCoversDoubleValidation: wrong withdrawal
// passwords in double validation count towards the account's lock (5 in 30
// minutes, shared with recovery), across pending logins; while locked the
// question is refused (206) even with the right answer, recovery is locked
// too (203), and the question is not offered when others remain.
func TestWithdrawPasswordLockCoversDoubleValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		home := &client{s: s, ip: "203.0.113.179", ua: chrome}
		onlyWithdrawQuestion(t, d, home)
		ch := newDevice(t, home, 1)
		if ch.Question != "withdraw_password" {
			t.Fatalf("question %q", ch.Question)
		}
		// Three wrong answers end the first pending login (202)...
		for i, want := range []int{103, 103, 202} {
			if got := dv(home, ch.MemberLoginID, fmt.Sprintf("000%d", i), "1234"); got != want {
				t.Fatalf("pending 1, guess %d: %d, want %d", i, got, want)
			}
		}
		// ...but the guesses went on counting: the fifth engages the lock.
		ch = newDevice(t, home, 2)
		if got := dv(home, ch.MemberLoginID, "0003", "1234"); got != 103 {
			t.Fatalf("fourth guess: %d", got)
		}
		if got := dv(home, ch.MemberLoginID, "0004", "1234"); got != 206 {
			t.Fatalf("fifth guess: %d, want 206", got)
		}
		if got := dv(home, ch.MemberLoginID, seed.DemoWithdrawPW, "1234"); got != 206 {
			t.Fatalf("right answer while locked: %d, want 206", got)
		}
		ch = newDevice(t, home, 3)
		if got := dv(home, ch.MemberLoginID, seed.DemoWithdrawPW, "1234"); got != 206 {
			t.Fatalf("right answer on a new pending login while locked: %d, want 206", got)
		}
		exec(t, d, `UPDATE members SET name = 'Dana Demo', phone = '5550000002', email = 'demo@gamehall.test' WHERE account = 'demo001'`)
		if got, _ := verifyCode(home, map[string]any{"account": seed.DemoMember, "withdraw_password": seed.DemoWithdrawPW,
			"member_email": "demo@gamehall.test"}); got != 203 {
			t.Fatalf("recovery while the lock is on: %d, want 203", got)
		}
		// With other questions left, the locked one is not offered at all.
		ch = newDevice(t, home, 4)
		asked := []string{ch.Question}
		for i := 0; i < 2; i++ {
			res := home.post("/api/login/double_validation/skip", map[string]any{"member_login_id": ch.MemberLoginID})
			var next member.Challenge
			res.Decode(t, &next)
			asked = append(asked, next.Question)
		}
		for _, q := range asked {
			if q == "withdraw_password" {
				t.Fatalf("locked question offered: %v", asked)
			}
		}
	})
}

// TestRecoveryVerifyChecksContactFirst: a wrong e-mail or phone answers the
// same whatever the withdrawal password, and counts towards the lock.
func TestRecoveryVerifyChecksContactFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.190", ua: chrome}
		base := map[string]any{"account": seed.DemoMember}
		right, _ := verifyCode(c, with(base, "withdraw_password", seed.DemoWithdrawPW, "member_email", "x@mail.test"))
		wrong, _ := verifyCode(c, with(base, "withdraw_password", "9999", "member_email", "x@mail.test"))
		if right != 201 || wrong != 201 {
			t.Fatalf("wrong e-mail with the right / a wrong withdrawal password: %d / %d, want 201 / 201", right, wrong)
		}
		right, _ = verifyCode(c, with(base, "withdraw_password", seed.DemoWithdrawPW, "member_phone", "5550009999"))
		wrong, _ = verifyCode(c, with(base, "withdraw_password", "9999", "member_phone", "5550009999"))
		if right != 202 || wrong != 202 {
			t.Fatalf("wrong phone with the right / a wrong withdrawal password: %d / %d, want 202 / 202", right, wrong)
		}
		// Four wrong contacts so far; the fifth locks.
		if got, _ := verifyCode(c, with(base, "withdraw_password", "9999", "member_email", "y@mail.test")); got != 203 {
			t.Fatalf("fifth wrong answer: %d, want 203", got)
		}
		if got, _ := verifyCode(c, with(base, "withdraw_password", seed.DemoWithdrawPW, "member_email", "demo@gamehall.test")); got != 203 {
			t.Fatalf("all right while locked: %d, want 203", got)
		}
		// With the right contact the withdrawal password is checked (102).
		agent := map[string]any{"account": seed.DemoAgent, "member_email": "agent@gamehall.test"}
		if got, _ := verifyCode(c, with(agent, "withdraw_password", "9999")); got != 102 {
			t.Fatalf("right contact, wrong withdrawal password: %d, want 102", got)
		}
	})
}

// TestRecoveryVerifyPerIPLimit: 20 calls per address in 10 minutes, then 429.
func TestRecoveryVerifyPerIPLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.191", ua: chrome}
		for i := 0; i < 20; i++ {
			if got, _ := verifyCode(c, map[string]any{"account": fmt.Sprintf("ghost%03d", i), "withdraw_password": "1234",
				"member_email": "a@mail.test"}); got != 101 {
				t.Fatalf("call %d: %d", i, got)
			}
		}
		res := c.post("/api/arks/web/vx/verify", map[string]any{"account": seed.DemoMember, "withdraw_password": "1234",
			"member_email": "demo@gamehall.test"})
		if res.Code != 429 || res.HTTP != 429 {
			t.Fatalf("21st call: code %d http %d, want 429", res.Code, res.HTTP)
		}
		other := &client{s: s, ip: "203.0.113.192", ua: chrome}
		if got, _ := verifyCode(other, map[string]any{"account": seed.DemoMember, "withdraw_password": "1234",
			"member_email": "demo@gamehall.test"}); got != 100 {
			t.Fatalf("another address: %d", got)
		}
	})
}

// TestDoubleValidationExpired: a pending login past its 10 minutes answers
// 205 to an answer and to a skip (101 stays for unknown or finished ones).
func TestDoubleValidationExpired(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		home := &client{s: s, ip: "203.0.113.193", ua: chrome}
		if res := home.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		ch := newDevice(t, home, 10)
		exec(t, d, `UPDATE pending_logins SET expires_at = 1 WHERE id = $1`, ch.MemberLoginID)
		if got := dv(home, ch.MemberLoginID, answers[ch.Question], "1234"); got != 205 {
			t.Fatalf("answer to an expired login: %d, want 205", got)
		}
		if got := home.post("/api/login/double_validation/skip", map[string]any{"member_login_id": ch.MemberLoginID}).Code; got != 205 {
			t.Fatalf("skip of an expired login: %d, want 205", got)
		}
		if got := dv(home, "never-issued", "x", "1234"); got != 101 {
			t.Fatalf("unknown login: %d, want 101", got)
		}
	})
}

// TestLoginThrottlesCountRealFailures: 10 wrong passwords on one account
// (from several addresses) answer 106 even to the right password; 30
// failures from one address answer 203 there, and only there.
func TestLoginThrottlesCountRealFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		n := 0
		attempt := func(ip, account, password string) int {
			// Captchas come from other addresses: their own per-IP limit
			// (30 a minute) is not what is tested here.
			n++
			tok := s.Captcha(1, "X-Forwarded-For", fmt.Sprintf("192.0.2.%d", n))
			return s.Post("/api/login", fmt.Sprintf(`{"account":%q,"password":%q,"site_id":1,"answer":"1234","captcha_token":%q}`,
				account, password, tok), "X-Forwarded-For", ip, "User-Agent", chrome).Code
		}
		for i := 0; i < 10; i++ {
			if got := attempt(fmt.Sprintf("198.51.100.%d", 10+i), seed.DemoMember, "wrong999"); got != 101 {
				t.Fatalf("wrong password %d: %d", i, got)
			}
		}
		if got := attempt("198.51.100.30", seed.DemoMember, seed.DemoPassword); got != 106 {
			t.Fatalf("right password after 10 failures: %d, want 106", got)
		}
		if got := attempt("198.51.100.30", seed.DemoAgent, seed.DemoPassword); got != 100 {
			t.Fatalf("another account: %d", got)
		}
		for i := 0; i < 30; i++ {
			if got := attempt("198.51.100.40", fmt.Sprintf("nobody%02d", i), "wrong999"); got != 101 {
				t.Fatalf("failure %d from one address: %d", i, got)
			}
		}
		if got := attempt("198.51.100.40", seed.DemoAgent, seed.DemoPassword); got != 203 {
			t.Fatalf("right login after 30 failures from the address: %d, want 203", got)
		}
		if got := attempt("198.51.100.41", seed.DemoAgent, seed.DemoPassword); got != 100 {
			t.Fatalf("another address: %d", got)
		}
	})
}

// TestSetWithdrawPassword: a member without a withdrawal password sets one
// with the login password; a change needs the old withdrawal password, and
// wrong ones spend the account's shared withdrawal-password lock.
func TestSetWithdrawPassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.181", ua: chrome}
		if res := c.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		set := func(body map[string]any) int { return c.post("/api/member/profile/withdraw_password", body).Code }
		isSet := func() bool {
			return strings.Contains(string(c.post("/api/member/profile", `{}`).Data), `"is_withdraw_password":1`)
		}
		exec(t, d, `UPDATE members SET withdraw_password_hash = '' WHERE account = 'demo001'`)
		if isSet() {
			t.Fatal("profile says set after clearing")
		}
		for _, tc := range []struct {
			name string
			body map[string]any
			want int
		}{
			{"missing", map[string]any{"password": seed.DemoPassword}, 400},
			{"three digits", map[string]any{"password": seed.DemoPassword, "withdraw_password": "123"}, 400},
			{"letters", map[string]any{"password": seed.DemoPassword, "withdraw_password": "12a4"}, 400},
			{"wrong login password", map[string]any{"password": "not-mine1", "withdraw_password": "4321"}, 101},
			{"first setting", map[string]any{"password": seed.DemoPassword, "withdraw_password": "4321"}, 100},
			{"a change with the login password only", map[string]any{"password": seed.DemoPassword, "withdraw_password": "5555"}, 107},
			{"a change with the old one", map[string]any{"old_withdraw_password": "4321", "withdraw_password": "5555"}, 100},
		} {
			if got := set(tc.body); got != tc.want {
				t.Fatalf("%s: %d, want %d", tc.name, got, tc.want)
			}
		}
		if !isSet() {
			t.Fatal("profile says not set")
		}
		locked := 0
		for i := 0; i < 8 && locked == 0; i++ {
			switch got := set(map[string]any{"old_withdraw_password": fmt.Sprintf("%04d", 9000+i), "withdraw_password": "6666"}); got {
			case 107:
			case 108:
				locked = i + 1
			default:
				t.Fatalf("wrong old withdrawal password %d: %d", i, got)
			}
		}
		if locked == 0 {
			t.Fatal("wrong old withdrawal passwords never locked")
		}
		if got := set(map[string]any{"old_withdraw_password": "5555", "withdraw_password": "6666"}); got != 108 {
			t.Fatalf("right old one while locked: %d, want 108", got)
		}
		var hash string
		if err := d.QueryRow(`SELECT withdraw_password_hash FROM members WHERE account = 'demo001'`).Scan(&hash); err != nil {
			t.Fatal(err)
		}
		if secret.CheckPassword(hash, "5555") != nil {
			t.Fatal("the stored withdrawal password is not the last one set")
		}
	})
}
