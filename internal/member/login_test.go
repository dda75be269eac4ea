package member_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

const (
	chrome  = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36"
	firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
)

// client is one browser: an address, a user agent and maybe a token.
type client struct {
	s     *testutil.Server
	ip    string
	ua    string
	token string
}

func (c *client) headers(extra ...string) []string {
	h := []string{"X-Forwarded-For", c.ip, "User-Agent", c.ua}
	if c.token != "" {
		h = append(h, "Authorization", "Bearer "+c.token)
	}
	return append(h, extra...)
}

func (c *client) post(path string, body any, extra ...string) testutil.Response {
	c.s.T().Helper()
	raw, ok := body.(string)
	if !ok {
		raw = testutil.JSON(body)
	}
	return c.s.Post(path, raw, c.headers(extra...)...)
}

func (c *client) login(account, password string) testutil.Response {
	c.s.T().Helper()
	tok := c.s.Captcha(1, c.headers()...)
	res := c.post("/api/login", map[string]any{"account": account, "password": password, "site_id": 1, "answer": "1234",
		"captcha_token": tok, "device": "web", "browser": "test"})
	if res.Code == 100 {
		var v struct {
			Token string `json:"token"`
		}
		res.Decode(c.s.T(), &v)
		c.token = v.Token
	}
	return res
}

func newServer(t *testing.T, d *db.DB) *testutil.Server {
	return testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
}

func exec(t *testing.T, d *db.DB, q string, args ...any) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatal(err)
	}
}

func TestLoginCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		browser := &client{s: s, ip: "203.0.113.10", ua: chrome}
		if res := browser.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("demo login: %d %s", res.Code, res.Message)
		}
		cases := []struct {
			name      string
			setup     func()
			ip, ua    string
			account   string
			password  string
			answer    string
			extra     []string
			want      int
			wantExtra string
		}{
			{name: "wrong password", account: seed.DemoMember, password: "wrong999", want: 101},
			{name: "unknown account", account: "nobody01", password: "abc12345", want: 101},
			{name: "wrong captcha", account: seed.DemoMember, password: seed.DemoPassword, answer: "9999", want: 105},
			{name: "disabled", setup: func() { exec(t, d, `UPDATE members SET status = 'disabled' WHERE account = 'agent001'`) },
				account: seed.DemoAgent, password: seed.DemoPassword, want: 102},
			{name: "frozen", setup: func() { exec(t, d, `UPDATE members SET status = 'frozen' WHERE account = 'agent001'`) },
				account: seed.DemoAgent, password: seed.DemoPassword, want: 103},
			{name: "must reset", setup: func() {
				exec(t, d, `UPDATE members SET status = 'active', must_reset_password = TRUE WHERE account = 'agent001'`)
			}, account: seed.DemoAgent, password: seed.DemoPassword, want: 802},
			{name: "ip blacklisted", setup: func() { exec(t, d, `INSERT INTO blacklist (site_id, kind, value) VALUES (1, 'ip', '198.51.100.66')`) },
				ip: "198.51.100.66", account: seed.DemoMember, password: seed.DemoPassword, want: 201},
			{name: "country blocked", setup: func() { exec(t, d, `UPDATE member_settings SET blocked_countries = 'US,KP' WHERE site_id = 1`) },
				ip: "198.51.100.67", extra: []string{"CF-IPCountry", "KP"}, account: seed.DemoMember, password: seed.DemoPassword, want: 202},
			{name: "ip throttled", setup: func() {
				exec(t, d, `INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 30)`,
					"login:fail:ip:198.51.100.68", time.Now().Truncate(time.Hour).UnixMicro())
			}, ip: "198.51.100.68", account: seed.DemoMember, password: seed.DemoPassword, want: 203},
			{name: "account throttled", setup: func() {
				exec(t, d, `INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 10)
					ON CONFLICT (key, window_start) DO UPDATE SET count = 10`,
					"login:fail:acct:demo001", time.Now().Truncate(15*time.Minute).UnixMicro())
			}, ip: "198.51.100.69", account: seed.DemoMember, password: seed.DemoPassword, want: 106},
			{name: "new device", setup: func() {
				exec(t, d, `DELETE FROM rate_counters`)
			}, ip: "198.51.100.70", ua: firefox, account: seed.DemoMember, password: seed.DemoPassword, want: 107,
				wantExtra: "available_questions_count"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if c.setup != nil {
					c.setup()
				}
				cl := &client{s: s, ip: "203.0.113.10", ua: chrome}
				if c.ip != "" {
					cl.ip = c.ip
				}
				if c.ua != "" {
					cl.ua = c.ua
				}
				answer := c.answer
				if answer == "" {
					answer = "1234"
				}
				tok := s.Captcha(1, cl.headers()...)
				res := cl.post("/api/login", map[string]any{"account": c.account, "password": c.password, "site_id": 1,
					"answer": answer, "captcha_token": tok}, c.extra...)
				if res.Code != c.want {
					t.Fatalf("code %d (%s), want %d", res.Code, res.Message, c.want)
				}
				if c.wantExtra != "" && !strings.Contains(string(res.Data), c.wantExtra) {
					t.Fatalf("data %s lacks %s", res.Data, c.wantExtra)
				}
			})
		}
		t.Run("bad body", func(t *testing.T) {
			if res := browser.post("/api/login", `{"account":5}`); res.Code != 400 {
				t.Fatalf("code %d", res.Code)
			}
		})
	})
}

func TestCaptchaIsSingleUse(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	cl := &client{s: s, ip: "203.0.113.20", ua: chrome}
	tok := s.Captcha(1, cl.headers()...)
	body := map[string]any{"account": seed.DemoMember, "password": "wrong999", "site_id": 1, "answer": "1234", "captcha_token": tok}
	if res := cl.post("/api/login", body); res.Code != 101 {
		t.Fatalf("first use: %d", res.Code)
	}
	body["password"] = seed.DemoPassword
	if res := cl.post("/api/login", body); res.Code != 105 {
		t.Fatalf("reused captcha answered %d, want 105", res.Code)
	}
	// Register captchas do not open logins.
	reg := s.Captcha(2, cl.headers()...)
	body["captcha_token"] = reg
	if res := cl.post("/api/login", body); res.Code != 105 {
		t.Fatalf("register captcha on login answered %d, want 105", res.Code)
	}
}

func TestCaptchaTooFrequent(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	h := []string{"X-Forwarded-For", "203.0.113.99"}
	for i := 0; i < 30; i++ {
		s.Captcha(1, h...)
	}
	if res := s.Post("/api/captcha", `{"type":1,"site_id":1}`, h...); res.Code != 101 {
		t.Fatalf("31st captcha in a minute: %d, want 101", res.Code)
	}
	if res := s.Post("/api/captcha", `{"type":7,"site_id":1}`, "X-Forwarded-For", "203.0.113.98"); res.Code != 400 {
		t.Fatalf("bad type: %d", res.Code)
	}
}

func TestSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.OWASPHash)
		first := &client{s: s, ip: "203.0.113.30", ua: chrome}
		second := &client{s: s, ip: "203.0.113.31", ua: chrome}
		if res := first.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d %s", res.Code, res.Message)
		}
		var stored string
		if err := d.QueryRowContext(context.Background(), `SELECT password_hash FROM members WHERE account = 'demo001'`).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(stored, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("stored hash %q is not OWASP argon2id", stored[:20])
		}
		var tokens int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sessions WHERE token_hash = $1`, first.token).Scan(&tokens); err != nil || tokens != 0 {
			t.Fatal("the raw token must never be stored")
		}
		if res := first.post("/api/member/profile", `{}`); res.Code != 100 || !strings.Contains(string(res.Data), `"member_account":"demo001"`) {
			t.Fatalf("profile with token: %d %s", res.Code, res.Data)
		}
		if res := second.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("second login: %d", res.Code)
		}
		if res := first.post("/api/member/profile", `{}`); res.HTTP != 401 || res.Code != 401 {
			t.Fatalf("token after a second login: http %d code %d, want 401", res.HTTP, res.Code)
		}
		if res := second.post("/api/logout", `{}`); res.Code != 100 {
			t.Fatalf("logout: %d", res.Code)
		}
		if res := second.post("/api/member/profile/common/layout", `{}`); res.HTTP != 401 {
			t.Fatalf("token after logout: http %d", res.HTTP)
		}
		anon := &client{s: s, ip: "203.0.113.32", ua: chrome}
		if res := anon.post("/api/member/profile", `{}`); res.HTTP != 401 {
			t.Fatalf("no token: http %d", res.HTTP)
		}
		anon.token = "forged-token"
		if res := anon.post("/api/member/profile", `{}`); res.HTTP != 401 {
			t.Fatalf("forged token: http %d", res.HTTP)
		}
	})
}

func TestTokenRotationAndIdleExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		cl := &client{s: s, ip: "203.0.113.40", ua: chrome}
		if res := cl.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		// Age the session past the rotation interval.
		old := time.Now().Add(-31 * time.Minute).UnixMicro()
		exec(t, d, `UPDATE sessions SET rotated_at = $1`, old)
		res := cl.post("/api/member/profile/common/layout", `{}`)
		fresh := strings.TrimPrefix(res.Header.Get("Authorization"), "Bearer ")
		if res.Code != 100 || fresh == "" || fresh == cl.token {
			t.Fatalf("no rotated token: code %d header %q", res.Code, res.Header.Get("Authorization"))
		}
		// The old token still works within the grace period, the new one too.
		if res := cl.post("/api/member/profile", `{}`); res.Code != 100 {
			t.Fatalf("old token in grace: %d", res.Code)
		}
		cl.token = fresh
		if res := cl.post("/api/member/profile", `{}`); res.Code != 100 {
			t.Fatalf("new token: %d", res.Code)
		}
		// Idle beyond the site's limit: dead.
		exec(t, d, `UPDATE sessions SET last_seen_at = $1`, time.Now().Add(-3*time.Hour).UnixMicro())
		if res := cl.post("/api/member/profile", `{}`); res.HTTP != 401 {
			t.Fatalf("idle token: http %d", res.HTTP)
		}
	})
}

func TestProfileIsTheCallersOwn(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	a := &client{s: s, ip: "203.0.113.50", ua: chrome}
	b := &client{s: s, ip: "203.0.113.51", ua: chrome}
	a.login(seed.DemoMember, seed.DemoPassword)
	b.login(seed.DemoAgent, seed.DemoPassword)
	res := a.post("/api/member/profile", `{"id":1,"member_id":1}`)
	if !strings.Contains(string(res.Data), `"member_account":"demo001"`) || strings.Contains(string(res.Data), "agent001") {
		t.Fatalf("profile leaks another member: %s", res.Data)
	}
	res = b.post("/api/member/profile/common/layout", `{"id":2}`)
	if !strings.Contains(string(res.Data), `"member_account":"agent001"`) || !strings.Contains(string(res.Data), `"is_agent":1`) {
		t.Fatalf("layout: %s", res.Data)
	}
	if !strings.Contains(string(res.Data), `"member_cash":1000.00`) {
		t.Fatalf("cash must be an exact amount: %s", res.Data)
	}
}

func newServerWithKey(t *testing.T, d *db.DB, key []byte) *testutil.Server {
	return testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, func(s *testutil.Setup) { s.HandoffKey = key })
}

func TestDemoModeDisablesLoginRegistrationAndRecovery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		exec(t, d, `UPDATE sites SET demo_mode = TRUE`)
		c := &client{s: s, ip: "203.0.113.120", ua: chrome}
		if res := c.login(seed.DemoMember, seed.DemoPassword); res.Code != 205 {
			t.Fatalf("login in demo mode: %d", res.Code)
		}
		if res := register(s, addrs.Next(), usd("demo0205")); res.Code != 205 {
			t.Fatalf("register in demo mode: %d", res.Code)
		}
		if res := c.post("/api/arks/web/vx/verify", `{"account":"demo001","withdraw_password":"1234","member_email":"demo@gamehall.test"}`); res.Code != 205 {
			t.Fatalf("recovery in demo mode: %d", res.Code)
		}
		if res := c.post("/api/register/sms", `{"member_phone":"5554440000","currency":"USD","type":"register_member","site_id":1}`); res.Code != 205 {
			t.Fatalf("sms in demo mode: %d", res.Code)
		}
	})
}
