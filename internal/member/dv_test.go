package member_test

import (
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/member"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// pendingLogin logs demo001 in from a new device and returns the challenge.
func pendingLogin(t *testing.T, c *client) member.Challenge {
	t.Helper()
	res := c.login(seed.DemoMember, seed.DemoPassword)
	if res.Code != 107 {
		t.Fatalf("new device login: %d %s", res.Code, res.Message)
	}
	var ch member.Challenge
	res.Decode(t, &ch)
	if ch.MemberLoginID == "" || ch.Question == "" || ch.AvailableQuestionsCount != 3 {
		t.Fatalf("challenge %+v", ch)
	}
	return ch
}

// answers are demo001's true answers.
var answers = map[string]string{"member_name": "dana demo", "member_phone": "5550000002", "member_email": "DEMO@gamehall.test",
	"withdraw_password": "1234", "identity_id": ""}

func dv(c *client, id, answer, captchaAnswer string) int {
	tok := c.s.Captcha(1, c.headers()...)
	return c.post("/api/login/double_validation", map[string]any{"member_login_id": id, "answer": answer,
		"captcha_answer": captchaAnswer, "captcha_token": tok}).Code
}

func TestDoubleValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		home := &client{s: s, ip: "203.0.113.60", ua: chrome}
		if res := home.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("first login trusts the device: %d", res.Code)
		}
		away := &client{s: s, ip: "203.0.113.61", ua: firefox}
		ch := pendingLogin(t, away)
		if c := dv(away, ch.MemberLoginID, "", "1234"); c != 104 {
			t.Fatalf("blank answer: %d", c)
		}
		if c := dv(away, ch.MemberLoginID, answers[ch.Question], "0000"); c != 105 {
			t.Fatalf("wrong captcha: %d", c)
		}
		if c := dv(away, "no-such-login", "x", "1234"); c != 101 {
			t.Fatalf("unknown login: %d", c)
		}
		if c := dv(away, ch.MemberLoginID, "wrong answer", "1234"); c != 103 {
			t.Fatalf("wrong answer: %d", c)
		}
		// Skip to another question and answer it right.
		res := away.post("/api/login/double_validation/skip", map[string]any{"member_login_id": ch.MemberLoginID})
		var next member.Challenge
		res.Decode(t, &next)
		if res.Code != 100 || next.Question == ch.Question || next.AvailableQuestionsCount != 2 {
			t.Fatalf("skip: %d %+v", res.Code, next)
		}
		tok := s.Captcha(1, away.headers()...)
		res = away.post("/api/login/double_validation", map[string]any{"member_login_id": ch.MemberLoginID,
			"answer": answers[next.Question], "captcha_answer": "1234", "captcha_token": tok})
		if res.Code != 100 || !strings.Contains(string(res.Data), `"token":"`) {
			t.Fatalf("right answer: %d %s", res.Code, res.Message)
		}
		// The pending login is spent; the device is now trusted.
		if c := dv(away, ch.MemberLoginID, answers[next.Question], "1234"); c != 101 {
			t.Fatalf("replayed validation: %d", c)
		}
		if res := away.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("trusted device logs in directly: %d", res.Code)
		}
		// Three wrong answers lock the pending login (202).
		other := &client{s: s, ip: "203.0.113.62", ua: "Other/1.0"}
		ch = pendingLogin(t, other)
		for i := 0; i < 2; i++ {
			if c := dv(other, ch.MemberLoginID, "nope", "1234"); c != 103 {
				t.Fatalf("wrong %d: %d", i, c)
			}
		}
		if c := dv(other, ch.MemberLoginID, "nope", "1234"); c != 202 {
			t.Fatalf("third wrong: %d, want 202", c)
		}
		// Skipping past the last question fails (998); skip of an unknown login is 101.
		third := &client{s: s, ip: "203.0.113.63", ua: "Third/1.0"}
		ch = pendingLogin(t, third)
		codes := []int{}
		for i := 0; i < 3; i++ {
			codes = append(codes, third.post("/api/login/double_validation/skip", map[string]any{"member_login_id": ch.MemberLoginID}).Code)
		}
		if codes[0] != 100 || codes[1] != 100 || codes[2] != 998 {
			t.Fatalf("skips: %v, want 100 100 998", codes)
		}
		if c := third.post("/api/login/double_validation/skip", `{"member_login_id":"nope"}`).Code; c != 101 {
			t.Fatalf("skip unknown: %d", c)
		}
		// 102: the account is disabled while validation is pending; 106: the network is blocked.
		fourth := &client{s: s, ip: "203.0.113.64", ua: "Fourth/1.0"}
		ch = pendingLogin(t, fourth)
		exec(t, d, `INSERT INTO blacklist (site_id, kind, value) VALUES (1, 'ip', '203.0.113.64')`)
		if c := dv(fourth, ch.MemberLoginID, "x", "1234"); c != 106 {
			t.Fatalf("blocked network: %d", c)
		}
		exec(t, d, `UPDATE members SET status = 'disabled' WHERE account = 'demo001'`)
		if c := dv(fourth, ch.MemberLoginID, "x", "1234"); c != 102 {
			t.Fatalf("disabled: %d", c)
		}
	})
}

func TestRecovery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.70", ua: chrome}
		verify := func(body map[string]any) (int, string) {
			res := c.post("/api/arks/web/vx/verify", body)
			var v struct {
				Token string `json:"token"`
			}
			if res.Code == 100 {
				res.Decode(t, &v)
			}
			return res.Code, v.Token
		}
		good := map[string]any{"account": "demo001", "withdraw_password": "1234", "member_email": "demo@gamehall.test"}
		for _, tc := range []struct {
			body map[string]any
			want int
		}{
			{with(good, "account", "nobody99"), 101},
			{with(good, "member_email", "", "member_phone", ""), 204},
			{with(good, "member_email", "other@gamehall.test"), 201},
			{with(good, "member_email", "", "member_phone", "5550000000"), 202},
			{with(good, "withdraw_password", "9999"), 102},
		} {
			if code, _ := verify(tc.body); code != tc.want {
				t.Fatalf("%v: %d, want %d", tc.body, code, tc.want)
			}
		}
		code, token := verify(good)
		if code != 100 || token == "" {
			t.Fatalf("verify: %d", code)
		}
		reset := func(body map[string]any) int { return c.post("/api/arks/web/vx/reset", body).Code }
		if got := reset(map[string]any{"account": "demo001", "password": "short", "token": token}); got != 201 {
			t.Fatalf("bad password: %d", got)
		}
		if got := reset(map[string]any{"account": "demo001", "password": "demo123", "token": token}); got != 202 {
			t.Fatalf("same password: %d", got)
		}
		// 202 spent the token: one comparison with the old password per token.
		if got := reset(map[string]any{"account": "demo001", "password": "newpass99", "token": token}); got != 101 {
			t.Fatalf("token after 202: %d, want 101", got)
		}
		_, token = verify(good)
		if got := reset(map[string]any{"account": "agent001", "password": "newpass99", "token": token}); got != 102 {
			t.Fatalf("token of another account: %d", got)
		}
		_, token = verify(good)
		if got := reset(map[string]any{"account": "demo001", "password": "newpass99", "token": "forged"}); got != 101 {
			t.Fatalf("forged token: %d", got)
		}
		if got := reset(map[string]any{"account": "demo001", "password": "newpass99", "token": token}); got != 100 {
			t.Fatalf("reset: %d", got)
		}
		if got := reset(map[string]any{"account": "demo001", "password": "newpass98", "token": token}); got != 101 {
			t.Fatalf("token reuse: %d", got)
		}
		if res := c.login("demo001", "newpass99"); res.Code != 100 {
			t.Fatalf("login with the new password: %d", res.Code)
		}
		// Brute force on the withdrawal password locks recovery (203) for verify and reset.
		_, early := verify(map[string]any{"account": "agent001", "withdraw_password": "1234", "member_email": "agent@gamehall.test"})
		var last int
		for i := 0; i < 5; i++ {
			last, _ = verify(with(good, "account", "agent001", "member_email", "agent@gamehall.test", "withdraw_password", "000"+string(rune('0'+i))))
		}
		if last != 203 {
			t.Fatalf("fifth wrong withdrawal password: %d, want 203", last)
		}
		if code, _ := verify(map[string]any{"account": "agent001", "withdraw_password": "1234", "member_email": "agent@gamehall.test"}); code != 203 {
			t.Fatalf("right password while locked: %d, want 203", code)
		}
		if got := reset(map[string]any{"account": "agent001", "password": "newpass99", "token": early}); got != 203 {
			t.Fatalf("reset while locked with a token from before the lock: %d", got)
		}
		// A forged token answers alike for a locked, an open and an unknown account.
		for _, acct := range []string{"agent001", "demo001", "nosuchacct"} {
			if got := reset(map[string]any{"account": acct, "password": "newpass99", "token": "forged"}); got != 101 {
				t.Fatalf("forged token for %s: %d, want 101", acct, got)
			}
		}
	})
}

func TestForcedPasswordChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		exec(t, d, `UPDATE members SET first_login_to_change_password = TRUE WHERE account = 'demo001'`)
		c := &client{s: s, ip: "203.0.113.80", ua: chrome}
		c.login(seed.DemoMember, seed.DemoPassword)
		if res := c.post("/api/member/profile/common/layout", `{}`); !strings.Contains(string(res.Data), `"first_login_to_change_password":1`) {
			t.Fatalf("layout: %s", res.Data)
		}
		if res := c.post("/api/member/profile/edit_password", `{"old_password":"nope","new_password":"fresh123"}`); res.Code != 101 {
			t.Fatalf("wrong old password: %d", res.Code)
		}
		if res := c.post("/api/member/profile/edit_password", `{"old_password":"demo123","new_password":"fresh"}`); res.Code != 400 {
			t.Fatalf("weak new password: %d", res.Code)
		}
		res := c.post("/api/member/profile/edit_password", `{"old_password":"demo123","new_password":"fresh123"}`)
		fresh := strings.TrimPrefix(res.Header.Get("Authorization"), "Bearer ")
		if res.Code != 100 || fresh == "" {
			t.Fatalf("change: %d", res.Code)
		}
		if res := c.post("/api/member/profile", `{}`); res.HTTP != 401 {
			t.Fatalf("old token after password change: %d", res.HTTP)
		}
		c.token = fresh
		if res := c.post("/api/member/profile/common/layout", `{}`); !strings.Contains(string(res.Data), `"first_login_to_change_password":0`) {
			t.Fatalf("flag not cleared: %s", res.Data)
		}
	})
}

func TestHandoff(t *testing.T) {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	d := dbtest.SQLite(t)
	s := newServerWithKey(t, d, key)
	seal := func(h member.Handoff) string {
		nonce := make([]byte, 12)
		_, _ = rand.Read(nonce)
		enc, err := member.SealHandoff(key, h, nonce)
		if err != nil {
			t.Fatal(err)
		}
		return enc
	}
	now := time.Now().Unix()
	good := member.Handoff{SiteID: 1, Account: "demo001", IssuedAt: now, ExpiresAt: now + 60, Nonce: "n-1"}
	enc := seal(good)
	res := s.Post("/api/get_info_data", testutil.JSON(map[string]string{"enc": enc}))
	var data string
	res.Decode(t, &data)
	if res.Code != 100 || !strings.Contains(data, `"member_account":"demo001"`) || !strings.Contains(data, `"tk":"`) {
		t.Fatalf("handoff: %d %s", res.Code, res.Data)
	}
	if res := s.Post("/api/get_info_data", testutil.JSON(map[string]string{"enc": enc})); res.Code != 101 {
		t.Fatalf("replay: %d", res.Code)
	}
	expired := good
	expired.Nonce, expired.IssuedAt, expired.ExpiresAt = "n-2", now-120, now-60
	long := good
	long.Nonce, long.ExpiresAt = "n-3", now+3600
	otherKey := make([]byte, 32)
	nonce := make([]byte, 12)
	forged, _ := member.SealHandoff(otherKey, member.Handoff{SiteID: 1, Account: "demo001", IssuedAt: now, ExpiresAt: now + 60, Nonce: "n-4"}, nonce)
	for name, enc := range map[string]string{"expired": seal(expired), "too long-lived": seal(long), "wrong key": forged,
		"garbage": "not-base64!!", "unknown account": seal(member.Handoff{SiteID: 1, Account: "ghost", IssuedAt: now, ExpiresAt: now + 60, Nonce: "n-5"})} {
		if res := s.Post("/api/get_info_data", testutil.JSON(map[string]string{"enc": enc})); res.Code != 101 {
			t.Errorf("%s: %d", name, res.Code)
		}
	}
}
