package member_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// addrs gives each registration its own address.
var addrs testutil.Addrs

// usd is a valid USD registration (of age: sites refuse minors by default);
// tests change one field.
func usd(account string) map[string]any {
	return map[string]any{"site_id": 1, "member_account": account, "password": "abc12345", "member_currency": "USD",
		"member_email": account + "@mail.test", "answer": "1234", "member_birthday": "1990-05-17"}
}

func register(s *testutil.Server, ip string, body map[string]any) testutil.Response {
	s.T().Helper()
	h := []string{"X-Forwarded-For", ip, "User-Agent", chrome}
	body = with(body)
	if _, ok := body["captcha_token"]; !ok {
		body["captcha_token"] = s.Captcha(2, h...)
	}
	return s.Post("/api/register", testutil.JSON(body), h...)
}

func with(base map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func TestRegisterCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		ok := register(s, addrs.Next(), with(usd("taken01"), "member_name", "Taken Name"))
		if ok.Code != 100 {
			t.Fatalf("valid registration: %d %s", ok.Code, ok.Message)
		}
		exec(t, d, `UPDATE members SET phone = '5551230001' WHERE account = 'taken01'`)
		exec(t, d, `UPDATE register_settings SET is_unique = TRUE WHERE currency = 'USD' AND name IN ('member_name', 'telegram')`)
		exec(t, d, `INSERT INTO register_settings (site_id, currency, name, is_display, is_unique) VALUES (1, 'USD', 'identity_id', TRUE, TRUE),
			(1, 'USD', 'qq', TRUE, FALSE), (1, 'USD', 'skype', TRUE, FALSE), (1, 'USD', 'wechat', TRUE, FALSE),
			(1, 'USD', 'zalo', TRUE, FALSE), (1, 'USD', 'facebook', TRUE, FALSE)`)
		exec(t, d, `UPDATE members SET identity_id = 'ID-777', telegram = 'taken_tg' WHERE account = 'taken01'`)
		exec(t, d, `INSERT INTO members (site_id, account, password_hash, currency, status, recommend_code, created_at, updated_at)
			VALUES (1, 'offrec01', 'x', 'USD', 'disabled', 'OFFCODE1', 0, 0), (1, 'frzrec01', 'x', 'USD', 'frozen', 'FRZCODE1', 0, 0),
			(1, 'offagent', 'x', 'USD', 'active', 'OFFAGENT', 0, 0)`)
		exec(t, d, `UPDATE members SET is_agent = TRUE, agent_active = FALSE WHERE account = 'offagent'`)
		exec(t, d, `INSERT INTO blacklist (site_id, kind, value) VALUES (1, 'ip', '192.0.2.218')`)

		cases := []struct {
			name string
			ip   string
			body map[string]any
			want int
		}{
			{"account used", "", usd("TAKEN01"), 102},
			{"name used", "", with(usd("new00103"), "member_name", "Taken Name"), 103},
			{"phone used", "", with(usd("new00104"), "member_phone", "5551230001"), 104},
			{"email used", "", with(usd("new00105"), "member_email", "TAKEN01@mail.test"), 105},
			{"agent not found", "", with(usd("new00106"), "introducer", "ghostagent", "register_type", "member_agent"), 106},
			{"agent disabled", "", with(usd("new00108"), "introducer", "offagent", "register_type", "member_agent"), 108},
			{"recommender disabled", "", with(usd("new00109"), "introducer", "OFFCODE1", "register_type", "recommend_code"), 109},
			{"code disabled", "", with(usd("new00110"), "introducer", "FRZCODE1", "register_type", "recommend_code"), 110},
			{"recommend code not found", "", with(usd("new00112"), "introducer", "NOSUCH99", "register_type", "recommend_code"), 112},
			{"introducer not found", "", with(usd("new00219"), "introducer", "nosuchthing"), 219},
			{"identity used", "", with(usd("new00114"), "identity_id", "ID-777"), 114},
			{"email invalid", "", with(usd("new00206"), "member_email", "not-an-email"), 206},
			{"phone invalid", "", with(usd("new00209"), "member_phone", "55-12"), 209},
			{"name blacklisted", "", with(usd("new00214"), "member_name", "Blocked Name"), 214},
			{"phone blacklisted", "", with(usd("new00215"), "member_phone", "5559999999"), 215},
			{"email blacklisted", "", with(usd("new00216"), "member_email", "blocked@gamehall.test"), 216},
			{"ip blocked", "192.0.2.218", usd("new00218"), 218},
			{"agent domain unknown", "", with(usd("new00222"), "agent_domain", "nobody.example"), 222},
			{"captcha wrong", "", with(usd("new00224"), "answer", "0000"), 224},
			{"name invalid for RMB", "", with(usd("new00227"), "member_currency", "RMB", "member_name", "Zhang San",
				"member_phone", "13800000000", "withdraw_password", "1234"), 227},
			{"introducer invalid", "", with(usd("new00228"), "introducer", "<script>"), 228},
			{"qq invalid", "", with(usd("new00301"), "member_qq", "a@b"), 301},
			{"skype invalid", "", with(usd("new00302"), "member_skype", "x y"), 302},
			{"wechat invalid", "", with(usd("new00304"), "member_wechat", "ab"), 304},
			{"zalo invalid", "", with(usd("new00305"), "member_zalo", "bad zalo"), 305},
			{"facebook invalid", "", with(usd("new00306"), "member_fb", "fb!!!!"), 306},
			{"telegram used", "", with(usd("new00307"), "member_telegram", "taken_tg"), 307},
			{"whatsapp invalid", "", with(usd("new00308"), "member_whats_app", "w#hats"), 308},
			{"currency not open", "", with(usd("new00400"), "member_currency", "NGN"), 400},
			{"password rule", "", with(usd("new00401"), "password", "abcdefgh"), 400},
			{"account rule", "", with(usd("ab")), 400},
			{"unknown site", "", with(usd("new00404"), "site_id", 999), 404},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				ip := c.ip
				if ip == "" {
					ip = addrs.Next()
				}
				res := register(s, ip, c.body)
				if res.Code != c.want {
					t.Fatalf("code %d (%s), want %d", res.Code, res.Message, c.want)
				}
			})
		}
		t.Run("recommend closed", func(t *testing.T) {
			exec(t, d, `UPDATE member_settings SET recommend_enabled = FALSE WHERE site_id = 1`)
			defer exec(t, d, `UPDATE member_settings SET recommend_enabled = TRUE WHERE site_id = 1`)
			res := register(s, addrs.Next(), with(usd("new00107"), "introducer", seed.DemoRecommendCode))
			if res.Code != 107 {
				t.Fatalf("code %d", res.Code)
			}
		})
		t.Run("too frequent", func(t *testing.T) {
			sameMinute(t)
			ip := addrs.Next()
			for i := 0; i < 3; i++ {
				register(s, ip, with(usd(fmt.Sprintf("freq%04d", i)), "answer", "0000"))
			}
			if res := register(s, ip, usd("freq0003")); res.Code != 996 {
				t.Fatalf("4th attempt in a minute: %d, want 996", res.Code)
			}
		})
		t.Run("per-ip limit", func(t *testing.T) {
			exec(t, d, `UPDATE member_settings SET register_per_ip_limit = 2 WHERE site_id = 1`)
			defer exec(t, d, `UPDATE member_settings SET register_per_ip_limit = 5 WHERE site_id = 1`)
			ip := addrs.Next()
			for i := 0; i < 2; i++ {
				if res := register(s, ip, usd(fmt.Sprintf("lim%05d", i))); res.Code != 100 {
					t.Fatalf("registration %d: %d %s", i, res.Code, res.Message)
				}
			}
			if res := register(s, ip, usd("lim00002")); res.Code != 997 {
				t.Fatalf("third from one ip: %d, want 997", res.Code)
			}
		})
	})
}

func TestRegisterWithPhoneVerificationAndIntroducers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		ip := addrs.Next()
		h := []string{"X-Forwarded-For", ip}
		body := `{"member_phone":"5557654321","currency":"USD","type":"register_member","site_id":1}`
		if res := s.Post("/api/register/sms", body, h...); res.Code != 100 {
			t.Fatalf("sms: %d %s", res.Code, res.Message)
		}
		var outbox struct {
			List []struct {
				Body string `json:"body"`
			} `json:"list"`
		}
		s.Do("GET", "/api/dev/sms-outbox?phone=5557654321", "").Decode(t, &outbox)
		if len(outbox.List) != 1 {
			t.Fatalf("outbox: %+v", outbox)
		}
		code := outbox.List[0].Body[strings.Index(outbox.List[0].Body, "is ")+3:][:6]
		reg := with(usd("phone001"), "member_phone", "5557654321", "phone_verify", "000000")
		if res := register(s, ip, reg); res.Code != 113 {
			t.Fatalf("wrong code: %d, want 113", res.Code)
		}
		reg = with(reg, "phone_verify", code, "introducer", seed.DemoRecommendCode)
		res := register(s, addrs.Next(), reg)
		if res.Code != 100 {
			t.Fatalf("register: %d %s", res.Code, res.Message)
		}
		var login struct {
			MemberID int64  `json:"member_id"`
			Token    string `json:"token"`
			Account  string `json:"member_account"`
		}
		res.Decode(t, &login)
		if login.MemberID == 0 || login.Token == "" || login.Account != "phone001" {
			t.Fatalf("login data %+v", login)
		}
		var recommender, agent any
		if err := d.QueryRowContext(context.Background(), `SELECT recommender_id, agent_id FROM members WHERE id = $1`, login.MemberID).Scan(&recommender, &agent); err != nil {
			t.Fatal(err)
		}
		if recommender == nil || agent != nil {
			t.Fatalf("recommender %v agent %v", recommender, agent)
		}
		// The code was spent: with the phone free again (so that uniqueness,
		// 104, does not answer first), the same code is refused as wrong.
		exec(t, d, `UPDATE members SET phone = '' WHERE account = 'phone001'`)
		if res := register(s, addrs.Next(), with(reg, "member_account", "phone002", "member_email", "p2@mail.test")); res.Code != 113 {
			t.Fatalf("reused code: %d (%s), want 113", res.Code, res.Message)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM members WHERE account = 'phone002'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("a reused code registered phone002 (%d rows, %v)", n, err)
		}
	})
}

func TestSMSCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		send := func(phone, ip string) int {
			return s.Post("/api/register/sms", fmt.Sprintf(`{"member_phone":%q,"currency":"USD","type":"register_member","site_id":1}`, phone),
				"X-Forwarded-For", ip).Code
		}
		if c := send("", addrs.Next()); c != 201 {
			t.Fatalf("blank: %d", c)
		}
		if c := send("55-12", addrs.Next()); c != 99 {
			t.Fatalf("invalid: %d", c)
		}
		if c := send("5551110000", addrs.Next()); c != 100 {
			t.Fatalf("first: %d", c)
		}
		if c := send("5551110000", addrs.Next()); c != 102 {
			t.Fatalf("again within five minutes: %d", c)
		}
		exec(t, d, `INSERT INTO rate_counters (key, window_start, count) VALUES ('sms:phone:5552220000', $1, 10)`,
			time.Now().Truncate(24*time.Hour).UnixMicro())
		if c := send("5552220000", addrs.Next()); c != 104 {
			t.Fatalf("daily cap: %d", c)
		}
		exec(t, d, `UPDATE sms_credits SET credits = 0`)
		if c := send("5553330000", addrs.Next()); c != 103 {
			t.Fatalf("no credits: %d", c)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sms_outbox`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("outbox holds %d messages, want 1", n)
		}
	})
}

func TestFieldVerification(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	cases := []struct {
		body string
		want int
	}{
		{`{"member_account":"demo001","site_id":1,"member_currency":"USD","verification":1}`, 102},
		{`{"member_account":"fresh001","site_id":1,"member_currency":"USD","verification":1}`, 100},
		{`{"member_email":"demo@gamehall.test","site_id":1,"member_currency":"USD","verification":1}`, 105},
		{`{"member_email":"bad","site_id":1,"member_currency":"USD","verification":1}`, 206},
		{`{"member_phone":"5550000002","site_id":1,"member_currency":"USD","verification":1}`, 104},
		{`{"member_name":"Blocked Name","site_id":1,"member_currency":"USD","verification":1}`, 214},
		{`{"member_name":"Nguyen Van","site_id":1,"member_currency":"VND","verification":1}`, 227},
		{`{"introducer":"AGENT777","site_id":1,"member_currency":"USD","verification":1}`, 100},
		{`{"introducer":"nobody","site_id":1,"member_currency":"USD","verification":1,"register_type":"member_agent"}`, 106},
		{`{"site_id":1,"member_currency":"USD","verification":1}`, 400},
		{`{"member_account":5,"site_id":1,"member_currency":"USD"}`, 400},
		{`{"member_account":"x","site_id":1,"member_currency":"NGN"}`, 400},
	}
	for _, c := range cases {
		if res := s.Post("/api/register/verification", c.body, "X-Forwarded-For", addrs.Next()); res.Code != c.want {
			t.Errorf("%s: code %d (%s), want %d", c.body, res.Code, res.Message, c.want)
		}
	}
	// 223: identity taken, from the field check.
	if _, err := s.App.DB.Exec(`UPDATE members SET identity_id = 'ID-223' WHERE account = 'demo001'`); err != nil {
		t.Fatal(err)
	}
	if res := s.Post("/api/register/verification", `{"identity_id":"ID-223","site_id":1,"member_currency":"RMB","verification":1}`); res.Code != 223 {
		t.Fatalf("identity taken: %d", res.Code)
	}
}

func TestLinks(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	check := func(path, body string, wantCode int, wantData string) {
		t.Helper()
		res := s.Post(path, body)
		if res.Code != wantCode || (wantData != "" && !strings.Contains(string(res.Data), wantData)) {
			t.Errorf("%s %s: %d %s", path, body, res.Code, res.Data)
		}
	}
	check("/api/member_info", `{"id":"agent001"}`, 100, `"currency":"USD"`)
	check("/api/member_info", `{"id":"demo001"}`, 106, "")
	check("/api/register/valid_message", `{"site_id":1,"recommend_code":"DEMO2026"}`, 100, `"is_valid":1`)
	check("/api/register/valid_message", `{"site_id":1,"recommend_code":"NOPE0000"}`, 112, `"is_valid":0`)
	check("/api/register/valid_message", `{"site_id":1,"agent_id":"agent001"}`, 100, `"is_valid":1`)
	check("/api/arks/web/check-agent-domain", `{"site_id":1,"host":"agent.localhost:8080"}`, 100, `"is_valid":1,"currency":"USD","agent_id":"agent001"`)
	check("/api/arks/web/check-agent-domain", `{"site_id":1,"host":"localhost"}`, 100, `"is_valid":0`)
	check("/api/arks/web/register-settings", `{"site_id":1}`, 100, `"name":"member_phone","currency":"VND"`)
	check("/api/arks/web/register-settings", `{"site_id":9}`, 404, "")
	check("/api/arks/web/register-settings/service-agreement", `{"site_id":1}`, 100, "Terms of service")
	res := s.Post("/api/arks/web/register-settings/service-agreement", `{"site_id":1}`, "lang", "vi_VN")
	if !strings.Contains(string(res.Data), "Điều khoản dịch vụ") {
		t.Errorf("agreement in vi_VN: %s", res.Data)
	}
	check("/api/get_login_header", `{}`, 100, `"remote_addr":"127.0.0.1"`)
}

// postHost posts to the server as a browser that called host.
func postHost(t *testing.T, s *testutil.Server, host, path string, body map[string]any, headers ...string) testutil.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL+path, strings.NewReader(testutil.JSON(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := testutil.Response{HTTP: res.StatusCode, Header: res.Header}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRegisterOnAgentDomain: the host the browser called decides the agent
// domain, whatever the body says: its agent's currency is the only one
// accepted and its agent is the introducer.
func TestRegisterOnAgentDomain(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		agentID := memberID(t, d, seed.DemoAgent)
		reg := func(host string, body map[string]any, headers ...string) testutil.Response {
			ip := addrs.Next()
			h := append([]string{"X-Forwarded-For", ip, "User-Agent", chrome}, headers...)
			body = with(body, "captcha_token", s.Captcha(2, "X-Forwarded-For", ip))
			return postHost(t, s, host, "/api/register", body, h...)
		}
		attribution := func(account string) (currency string, agent, recommender sql.NullInt64) {
			t.Helper()
			if err := d.QueryRowContext(context.Background(), `SELECT currency, agent_id, recommender_id FROM members WHERE account = $1`,
				account).Scan(&currency, &agent, &recommender); err != nil {
				t.Fatalf("%s: %v", account, err)
			}
			return
		}
		// Another currency on the agent's host is refused, agent_domain or not.
		for _, body := range []map[string]any{
			with(usd("dom00001"), "member_currency", "RMB"),
			with(usd("dom00002"), "member_currency", "VND", "agent_domain", seed.DemoAgentDomain),
		} {
			if res := reg(seed.DemoAgentDomain, body); res.Code != 400 || !strings.Contains(res.Message, "currency") {
				t.Fatalf("%s on the agent's host: %d %s, want 400 reg_currency_locked", body["member_currency"], res.Code, res.Message)
			}
		}
		// No agent_domain in the body, a recommend code as introducer, a
		// port in the host: the domain's agent still introduces.
		res := reg(seed.DemoAgentDomain+":8080", with(usd("dom00003"), "introducer", seed.DemoRecommendCode))
		if res.Code != 100 {
			t.Fatalf("register on the agent's host: %d %s", res.Code, res.Message)
		}
		if cur, agent, rec := attribution("dom00003"); cur != "USD" || agent.Int64 != agentID || rec.Valid {
			t.Fatalf("dom00003: currency %s agent %v recommender %v, want USD, agent %d, none", cur, agent, rec, agentID)
		}
		// Without a currency the agent's is taken.
		b := usd("dom00004")
		delete(b, "member_currency")
		if res := reg(seed.DemoAgentDomain, b); res.Code != 100 {
			t.Fatalf("no currency on the agent's host: %d %s", res.Code, res.Message)
		}
		// Behind a trusted proxy the forwarded host counts.
		if res := reg("127.0.0.1", usd("dom00005"), "X-Forwarded-Host", seed.DemoAgentDomain); res.Code != 100 {
			t.Fatalf("forwarded agent host: %d %s", res.Code, res.Message)
		}
		if _, agent, _ := attribution("dom00005"); agent.Int64 != agentID {
			t.Fatalf("forwarded agent host: agent %v", agent)
		}
		// Claiming the agent's domain from another host is refused (222), and
		// registers nobody under the agent.
		if res := reg("127.0.0.1", with(usd("dom00006"), "member_currency", "RMB", "agent_domain", seed.DemoAgentDomain)); res.Code != 222 {
			t.Fatalf("agent_domain claimed from another host: %d, want 222", res.Code)
		}
		// A plain host registers in any open currency, with no agent.
		if res := reg("127.0.0.1", usd("dom00007")); res.Code != 100 {
			t.Fatalf("plain host: %d %s", res.Code, res.Message)
		}
		if _, agent, _ := attribution("dom00007"); agent.Valid {
			t.Fatalf("plain host attributed to agent %v", agent)
		}
	})
}

// TestRegisterSMSPhoneRule: /register/sms applies registration's phone
// rule: for VND exactly 10 digits (99 otherwise).
func TestRegisterSMSPhoneRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		send := func(phone, currency string) int {
			return s.Post("/api/register/sms", testutil.JSON(map[string]any{"member_phone": phone, "currency": currency,
				"type": "register_member", "site_id": 1}), "X-Forwarded-For", addrs.Next()).Code
		}
		for _, c := range []struct {
			phone, currency string
			want            int
		}{
			{"091234567", "VND", 99},
			{"09123456789", "VND", 99},
			{"09123x5678", "VND", 99},
			{"0912345678", "VND", 100},
			{"555123456", "USD", 100},
			{"", "VND", 201},
		} {
			if got := send(c.phone, c.currency); got != c.want {
				t.Errorf("%s %q: %d, want %d", c.currency, c.phone, got, c.want)
			}
		}
	})
}

// sameMinute waits for a fresh minute when the current one is nearly over:
// the limiter counts per clock minute, and a burst that straddles two
// minutes would be counted in two windows.
func sameMinute(t *testing.T) {
	t.Helper()
	now := time.Now()
	if left := now.Truncate(time.Minute).Add(time.Minute).Sub(now); left < 25*time.Second {
		time.Sleep(left)
	}
}
