package admin_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"gamehall/internal/admin"
	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/member"
	"gamehall/internal/seed"
	"gamehall/internal/sms"
	"gamehall/internal/testutil"
)

// scenario is one operator call and what must come back.
type scenario struct {
	name      string
	method    string
	path      string
	body      string
	wantHTTP  int // 200 when 0
	wantCode  int
	wantInMsg string // part of the message (the field a 400 names)
	check     func(t *testing.T, data json.RawMessage)
}

func (s *server) run(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := s.auditCount(t)
			res := s.admin(t, c.method, c.path, c.body)
			wantHTTP := c.wantHTTP
			if wantHTTP == 0 {
				wantHTTP = 200
			}
			if res.HTTP != wantHTTP || res.Code != c.wantCode || !strings.Contains(res.Message, c.wantInMsg) {
				t.Fatalf("%s %s %s: http %d code %d %q, want http %d code %d with %q", c.method, c.path, c.body,
					res.HTTP, res.Code, res.Message, wantHTTP, c.wantCode, c.wantInMsg)
			}
			if c.wantCode != 100 && s.auditCount(t) != before {
				t.Fatal("a refused write left an audit row")
			}
			if c.check != nil {
				c.check(t, res.Data)
			}
		})
	}
}

func (s *server) auditCount(t *testing.T) int {
	t.Helper()
	var n int
	if err := s.App.DB.QueryRow(`SELECT COUNT(*) FROM admin_audit`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// lastAudit is the newest audit row, read through the operator API.
func (s *server) lastAudit(t *testing.T) audit.Entry {
	t.Helper()
	res := s.admin(t, "GET", "/admin/audit-log?site_id=1&limit=1", "")
	if res.Code != 100 {
		t.Fatalf("audit: %d %s", res.Code, res.Message)
	}
	page := decode[api.Page[audit.Entry]](t, res.Data)
	if len(page.List) != 1 {
		t.Fatalf("audit list %s", res.Data)
	}
	return page.List[0]
}

// wantAudit checks the newest audit row: the action, the target, the
// operator's address and the path.
func (s *server) wantAudit(t *testing.T, action, target, path string) audit.Entry {
	t.Helper()
	a := s.lastAudit(t)
	if a.Action != action || a.Target != target || a.IP != operatorIP || a.Path != path || a.RequestID == "" || a.CreatedAt == "" {
		t.Fatalf("audit %+v, want %s on %s by %s at %s", a, action, target, operatorIP, path)
	}
	if !strings.Contains(s.log.String(), fmt.Sprintf("audit_id=%d action=%s", a.ID, action)) {
		t.Fatalf("audit %d not logged", a.ID)
	}
	return a
}

func (s *server) captcha(t *testing.T, ip string, kind int) string {
	t.Helper()
	res := s.post(t, ip, "/api/captcha", fmt.Sprintf(`{"type":%d,"site_id":1}`, kind))
	if res.Code != 100 {
		t.Fatalf("captcha: %d %s", res.Code, res.Message)
	}
	return decode[struct {
		Token string `json:"token"`
	}](t, res.Data).Token
}

// login answers the code of a login of account (and the token on success).
func (s *server) login(t *testing.T, account string) (int, string) {
	t.Helper()
	ip := addrs.Next()
	res := s.post(t, ip, "/api/login", testutil.JSON(map[string]any{"account": account, "password": seed.DemoPassword,
		"site_id": 1, "answer": "1234", "captcha_token": s.captcha(t, ip, 1)}))
	if res.Code != 100 {
		return res.Code, ""
	}
	return 100, decode[struct {
		Token string `json:"token"`
	}](t, res.Data).Token
}

// register answers the code of a USD registration with fields changed.
func (s *server) register(t *testing.T, account string, kv ...string) int {
	t.Helper()
	ip := addrs.Next()
	body := map[string]any{"site_id": 1, "member_account": account, "password": "abc12345", "member_currency": "USD",
		"member_email": account + "@mail.test", "answer": "1234", "member_birthday": "1990-05-17", "captcha_token": s.captcha(t, ip, 2)}
	for i := 0; i+1 < len(kv); i += 2 {
		body[kv[i]] = kv[i+1]
	}
	return s.post(t, ip, "/api/register", testutil.JSON(body)).Code
}

func memberID(t *testing.T, s *server, account string) int64 {
	t.Helper()
	var id int64
	if err := s.App.DB.QueryRow(`SELECT id FROM members WHERE account = $1`, account).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestOff: without a key the operator API does not exist.
func TestOff(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t), "")
	for _, c := range []struct{ method, path string }{
		{"GET", "/admin/sites/1/settings"}, {"PUT", "/admin/sites/1/settings"}, {"GET", "/admin/audit-log"},
		{"POST", "/admin/realtime/app-clean-cache"}, {"GET", "/admin/"}, {"GET", "/admin/anything/else"},
	} {
		res := s.Do(c.method, c.path, `{"demo_mode":true}`, "Authorization", "Bearer "+key)
		if res.HTTP != 404 || res.Code != 404 {
			t.Errorf("%s %s with the API off: http %d code %d, want 404", c.method, c.path, res.HTTP, res.Code)
		}
	}
	if res := s.post(t, addrs.Next(), "/api/arks/web/site/detail", `{"site_id":1}`); !strings.Contains(string(res.Data), `"demo_mode":false`) {
		t.Fatalf("detail %s", res.Data)
	}
}

func TestAuth(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		ip := addrs.Next()
		for _, c := range []struct {
			name     string
			headers  []string
			method   string
			path     string
			wantHTTP int
		}{
			{"no key", nil, "GET", "/admin/sites/1/settings", 401},
			{"wrong key", []string{"Authorization", "Bearer " + strings.Repeat("0", 64)}, "GET", "/admin/sites/1/settings", 401},
			{"key with another scheme", []string{"Authorization", "Basic " + key}, "GET", "/admin/sites/1/settings", 401},
			{"key without scheme", []string{"Authorization", key}, "GET", "/admin/sites/1/settings", 401},
			{"key prefix", []string{"Authorization", "Bearer " + key[:63]}, "GET", "/admin/sites/1/settings", 401},
			{"unknown path without key", nil, "GET", "/admin/nothing", 401},
			{"right key", []string{"Authorization", "Bearer " + key}, "GET", "/admin/sites/1/settings", 200},
			{"scheme is case-insensitive", []string{"Authorization", "bearer " + key}, "GET", "/admin/audit-log", 200},
			{"unknown path with key", []string{"Authorization", "Bearer " + key}, "GET", "/admin/nothing", 404},
			{"wrong method with key", []string{"Authorization", "Bearer " + key}, "DELETE", "/admin/sites/1/settings", 405},
			{"wrong method without key", nil, "DELETE", "/admin/sites/1/settings", 401},
		} {
			t.Run(c.name, func(t *testing.T) {
				res := s.Do(c.method, c.path, "", append([]string{"X-Forwarded-For", ip}, c.headers...)...)
				if res.HTTP != c.wantHTTP || res.Code != c.wantHTTP && c.wantHTTP != 200 {
					t.Fatalf("http %d code %d %q, want %d", res.HTTP, res.Code, res.Message, c.wantHTTP)
				}
				if c.wantHTTP == 401 && res.Header.Get("WWW-Authenticate") == "" {
					t.Fatal("401 without WWW-Authenticate")
				}
				if c.wantHTTP == 405 && res.Header.Get("Allow") != "GET, PUT" {
					t.Fatalf("Allow %q", res.Header.Get("Allow"))
				}
			})
		}
		if strings.Contains(s.log.String(), key) || strings.Contains(s.log.String(), key[:16]) {
			t.Fatal("the key reached the log")
		}
		if !strings.Contains(s.log.String(), "admin auth failed") {
			t.Fatal("failed authentications are not logged")
		}
	})
}

func TestAuthRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		guesser, other := addrs.Next(), addrs.Next()
		wrong := []string{"Authorization", "Bearer " + strings.Repeat("1", 64), "X-Forwarded-For", guesser}
		for i := 1; i <= admin.AuthFailures; i++ {
			if res := s.Do("GET", "/admin/audit-log", "", wrong...); res.HTTP != 401 {
				t.Fatalf("failure %d: http %d", i, res.HTTP)
			}
		}
		res := s.Do("GET", "/admin/audit-log", "", wrong...)
		if res.HTTP != 429 || res.Code != 429 || res.Header.Get("Retry-After") == "" {
			t.Fatalf("after %d failures: http %d code %d retry-after %q", admin.AuthFailures, res.HTTP, res.Code, res.Header.Get("Retry-After"))
		}
		// The right key from the guessing address is refused too: a guesser
		// must not learn which guess was right.
		if res := s.Do("GET", "/admin/audit-log", "", "Authorization", "Bearer "+key, "X-Forwarded-For", guesser); res.HTTP != 429 {
			t.Fatalf("right key from the limited address: http %d", res.HTTP)
		}
		if res := s.Do("GET", "/admin/audit-log", "", "Authorization", "Bearer "+key, "X-Forwarded-For", other); res.HTTP != 200 {
			t.Fatalf("right key from another address: http %d", res.HTTP)
		}
	})
}

func TestSiteSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		detail := func(t *testing.T) map[string]any {
			res := s.post(t, addrs.Next(), "/api/arks/web/site/detail", `{"site_id":1}`)
			return decode[map[string]map[string]any](t, res.Data)["env_config"]
		}
		demoPlay := func(t *testing.T) int {
			return s.post(t, addrs.Next(), "/api/demo/play",
				`{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type":2,"game_code":"gh_slot_fortune","house":1}`).Code
		}
		if code := demoPlay(t); code != 100 {
			t.Fatalf("demo play before: %d", code)
		}
		const path = "/admin/sites/1/settings"
		s.run(t, []scenario{
			{name: "read", method: "GET", path: path, wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				st := decode[admin.Settings](t, raw)
				if st.DemoMode || st.GameRoomMode || st.SMSVerifySeconds != 60 || st.StrongPasswords || st.QuestionsCount != 3 {
					t.Fatalf("settings %+v", st)
				}
			}},
			{name: "set demo and game room mode and member rules", method: "PUT", path: path, wantCode: 100,
				body: `{"demo_mode":true,"game_room_mode":true,"sms_verify_seconds":90,"strong_passwords":true,
					"blocked_countries":["kp"," ir ","KP"],"customer_service_url":"https://help.example.com/chat"}`,
				check: func(t *testing.T, raw json.RawMessage) {
					st := decode[admin.Settings](t, raw)
					if !st.DemoMode || !st.GameRoomMode || st.SMSVerifySeconds != 90 || !st.StrongPasswords ||
						strings.Join(st.BlockedCountries, ",") != "KP,IR" || st.LinkExpireMinutes != 60 {
						t.Fatalf("settings %+v", st)
					}
					s.wantAudit(t, "site.settings.update", "site:1", path)
					env := detail(t)
					if env["demo_mode"] != true || env["game_room_mode"] != true || env["sms_verify_seconds"] != 90.0 ||
						env["password_rule"] != "strong" || env["customer_service_url"] != "https://help.example.com/chat" {
						t.Fatalf("env_config %v", env)
					}
					if code := demoPlay(t); code != 205 {
						t.Fatalf("demo play in demo mode: %d, want 205", code)
					}
					if code, _ := s.login(t, seed.DemoMember); code != 205 {
						t.Fatalf("login in demo mode: %d, want 205", code)
					}
				}},
			{name: "fields not given keep their value", method: "PUT", path: path, wantCode: 100, body: `{"demo_mode":false}`,
				check: func(t *testing.T, raw json.RawMessage) {
					st := decode[admin.Settings](t, raw)
					if st.DemoMode || !st.GameRoomMode || st.SMSVerifySeconds != 90 {
						t.Fatalf("settings %+v", st)
					}
					if env := detail(t); env["demo_mode"] != false || env["game_room_mode"] != true {
						t.Fatalf("env_config %v", env)
					}
					if code := demoPlay(t); code != 100 {
						t.Fatalf("demo play after demo mode: %d", code)
					}
				}},
			{name: "wrong type", method: "PUT", path: path, body: `{"demo_mode":"yes"}`, wantCode: 400, wantInMsg: "demo_mode"},
			{name: "unknown field", method: "PUT", path: path, body: `{"demo_mode":true,"site_name":"x"}`, wantCode: 400, wantInMsg: "site_name"},
			{name: "nothing to set", method: "PUT", path: path, body: `{}`, wantCode: 400, wantInMsg: "body"},
			{name: "empty body", method: "PUT", path: path, body: ``, wantCode: 400, wantInMsg: "body"},
			{name: "not an object", method: "PUT", path: path, body: `[true]`, wantCode: 400, wantInMsg: "body"},
			{name: "bad json", method: "PUT", path: path, body: `{"demo_mode":`, wantCode: 400},
			{name: "trailing data", method: "PUT", path: path, body: `{"demo_mode":true} {}`, wantCode: 400},
			{name: "out of range", method: "PUT", path: path, body: `{"questions_count":9}`, wantCode: 400, wantInMsg: "questions_count"},
			{name: "frequency", method: "PUT", path: path, body: `{"bulletin_display_frequency":3}`, wantCode: 400, wantInMsg: "bulletin_display_frequency"},
			{name: "reality check too long", method: "PUT", path: path, body: `{"reality_check_minutes":1441}`, wantCode: 400, wantInMsg: "reality_check_minutes"},
			{name: "reality check negative", method: "PUT", path: path, body: `{"reality_check_minutes":-1}`, wantCode: 400, wantInMsg: "reality_check_minutes"},
			{name: "reality check off", method: "PUT", path: path, body: `{"reality_check_minutes":0}`, wantCode: 100},
			{name: "site path url", method: "PUT", path: path, body: `{"app_ios_url":"/app?platform=ios&v=2"}`, wantCode: 100},
			{name: "protocol-relative url", method: "PUT", path: path, body: `{"app_ios_url":"//evil.example"}`, wantCode: 400, wantInMsg: "app_ios_url"},
			{name: "script url", method: "PUT", path: path, body: `{"customer_service_url":"javascript:alert(1)"}`, wantCode: 400, wantInMsg: "customer_service_url"},
			{name: "bad country", method: "PUT", path: path, body: `{"blocked_countries":["USA"]}`, wantCode: 400, wantInMsg: "blocked_countries[0]"},
			{name: "negative credits", method: "PUT", path: path, body: `{"sms_credits":-1}`, wantCode: 400, wantInMsg: "sms_credits"},
			{name: "unknown site", method: "PUT", path: "/admin/sites/999/settings", body: `{"demo_mode":true}`, wantCode: 404, wantInMsg: "site not found"},
			{name: "unknown site read", method: "GET", path: "/admin/sites/999/settings", wantCode: 404},
			{name: "site id not a number", method: "GET", path: "/admin/sites/abc/settings", wantCode: 400, wantInMsg: "site_id"},
		})
		res := s.Do("PUT", path, "demo_mode=1", "Authorization", "Bearer "+key, "Content-Type", "application/x-www-form-urlencoded")
		if res.HTTP != 415 {
			t.Fatalf("form body: http %d", res.HTTP)
		}
	})
}

// A node caches site answers for --content-cache-ttl; an operator's change
// must not wait for it on the node that made it.
func TestSettingsShowAtOnceThroughCaches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key, func(s *testutil.Setup) { s.ContentCacheTTL = time.Hour })
		demoMode := func() any {
			res := s.post(t, addrs.Next(), "/api/arks/web/site/detail", `{"site_id":1}`)
			return decode[map[string]map[string]any](t, res.Data)["env_config"]["demo_mode"]
		}
		if got := demoMode(); got != false {
			t.Fatalf("demo_mode before: %v", got)
		}
		if res := s.admin(t, "PUT", "/admin/sites/1/settings", `{"demo_mode":true}`); res.Code != 100 {
			t.Fatalf("set: %+v", res)
		}
		if got := demoMode(); got != true {
			t.Fatalf("demo_mode after the change: %v (a cache kept the old answer)", got)
		}
		code := s.post(t, addrs.Next(), "/api/demo/play",
			`{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type":2,"game_code":"gh_slot_fortune","house":1}`).Code
		if code != 205 {
			t.Fatalf("demo play after the change: %d", code)
		}
	})
}

func TestRegisterSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		public := func(t *testing.T, currency, name string) map[string]any {
			res := s.post(t, addrs.Next(), "/api/arks/web/register-settings", `{"site_id":1}`)
			for _, it := range decode[struct {
				List []map[string]any `json:"list"`
			}](t, res.Data).List {
				if it["currency"] == currency && it["name"] == name {
					return it
				}
			}
			return nil
		}
		usd := `{"items":[
			{"name":"member_email","is_display":1,"is_required":1,"is_unique":1,"is_member_center":1},
			{"name":"member_phone","currency":"USD","is_display":1,"is_unique":1,"is_member_center":1,"is_verification":1,"is_member_center_verification":1},
			{"name":"qq","is_display":1,"is_required":1,"is_member_center":1},
			{"name":"check_password","is_display":1,"is_required":1},
			{"name":"captcha","is_display":1,"is_required":1}]}`
		item := func(name string) string {
			return `{"items":[{"name":"` + name + `","is_display":1}]}`
		}
		s.run(t, []scenario{
			{name: "list one currency", method: "GET", path: "/admin/sites/1/register-settings?currency=usd", wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					list := decode[struct{ List []member.RegisterSetting }](t, raw).List
					if len(list) != 10 || list[0].Name != "member_name" || list[0].Currency != "USD" {
						t.Fatalf("list %+v", list)
					}
				}},
			{name: "replace a currency's form", method: "PUT", path: "/admin/sites/1/register-settings/USD", body: usd, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					list := decode[struct{ List []member.RegisterSetting }](t, raw).List
					if len(list) != 5 || list[2].Name != "qq" || list[2].IsRequired != 1 {
						t.Fatalf("list %+v", list)
					}
					s.wantAudit(t, "register_settings.replace", "currency:USD", "/admin/sites/1/register-settings/USD")
					if qq := public(t, "USD", "qq"); qq == nil || qq["is_display"] != 1.0 || qq["is_required"] != 1.0 {
						t.Fatalf("public qq %v", qq)
					}
					if public(t, "USD", "member_name") != nil {
						t.Fatal("member_name still in the USD form")
					}
					if code := s.register(t, "noqq0001"); code != 301 {
						t.Fatalf("registration without the now required qq: %d, want 301", code)
					}
					if code := s.register(t, "withqq01", "member_qq", "qq12345"); code != 100 {
						t.Fatalf("registration with qq: %d", code)
					}
				}},
			{name: "update one setting", method: "PUT", path: "/admin/sites/1/register-settings/USD/member_phone", body: `{"is_required":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if it := decode[member.RegisterSetting](t, raw); it.IsRequired != 1 || it.IsVerification != 1 {
						t.Fatalf("item %+v", it)
					}
					s.wantAudit(t, "register_settings.update", "register_setting:USD/member_phone", "/admin/sites/1/register-settings/USD/member_phone")
					if p := public(t, "USD", "member_phone"); p["is_required"] != 1.0 {
						t.Fatalf("public phone %v", p)
					}
				}},
			{name: "add one setting", method: "PUT", path: "/admin/sites/1/register-settings/JPY/identity_id", body: `{"is_display":1,"is_unique":1}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if p := public(t, "JPY", "identity_id"); p["is_unique"] != 1.0 {
						t.Fatalf("public identity %v", p)
					}
				}},
			{name: "unknown field name", method: "PUT", path: "/admin/sites/1/register-settings/USD", body: item("shoe_size"), wantCode: 400, wantInMsg: "items[0].name"},
			{name: "unknown name in path", method: "PUT", path: "/admin/sites/1/register-settings/USD/shoe_size", body: `{"is_display":1}`, wantCode: 400, wantInMsg: "name"},
			{name: "twice", method: "PUT", path: "/admin/sites/1/register-settings/USD",
				body: `{"items":[{"name":"qq","is_display":1},{"name":"qq","is_display":1}]}`, wantCode: 400, wantInMsg: "items[1].name"},
			{name: "flag not 0 or 1", method: "PUT", path: "/admin/sites/1/register-settings/USD",
				body: `{"items":[{"name":"qq","is_display":2}]}`, wantCode: 400, wantInMsg: "items[0].is_display"},
			{name: "verification of a name", method: "PUT", path: "/admin/sites/1/register-settings/USD",
				body: `{"items":[{"name":"member_name","is_display":1,"is_verification":1}]}`, wantCode: 400, wantInMsg: "items[0].is_verification"},
			{name: "required but hidden", method: "PUT", path: "/admin/sites/1/register-settings/USD/qq", body: `{"is_display":0}`, wantCode: 400, wantInMsg: "is_required"},
			{name: "flag of wrong type", method: "PUT", path: "/admin/sites/1/register-settings/USD/qq", body: `{"is_display":true}`, wantCode: 400, wantInMsg: "is_display"},
			{name: "unknown item field", method: "PUT", path: "/admin/sites/1/register-settings/USD",
				body: `{"items":[{"name":"qq","visible":1}]}`, wantCode: 400, wantInMsg: "visible"},
			{name: "currency mismatch", method: "PUT", path: "/admin/sites/1/register-settings/USD",
				body: `{"items":[{"name":"qq","currency":"VND","is_display":1}]}`, wantCode: 400, wantInMsg: "items[0].currency"},
			{name: "currency not offered", method: "PUT", path: "/admin/sites/1/register-settings/EUR", body: item("qq"), wantCode: 400, wantInMsg: "currency"},
			{name: "items missing", method: "PUT", path: "/admin/sites/1/register-settings/USD", body: `{"list":[]}`, wantCode: 400, wantInMsg: "list"},
			{name: "items absent", method: "PUT", path: "/admin/sites/1/register-settings/USD", body: `{"items":null}`, wantCode: 400, wantInMsg: "items"},
			{name: "unknown site", method: "PUT", path: "/admin/sites/999/register-settings/USD", body: item("qq"), wantCode: 404},
		})
	})
}

func TestServiceAgreement(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		const path = "/admin/sites/1/service-agreement/en_US"
		evil := `<p onclick="steal()">Play <b>fair</b> &amp; <script>alert(1)</script>` +
			`<a href="javascript:alert(2)">x</a> <a href="https://example.com/terms" style="x">terms</a>` +
			`<img src=x onerror=alert(3)><iframe src="//evil"></iframe></p>`
		s.run(t, []scenario{
			{name: "replace english", method: "PUT", path: path, wantCode: 100,
				body: testutil.JSON(map[string]any{"blocks": []map[string]string{{"title": " Rules ", "content": evil}, {"title": "Privacy", "content": "Plain text < 3"}}}),
				check: func(t *testing.T, raw json.RawMessage) {
					s.wantAudit(t, "service_agreement.replace", "language:en_US", path)
					res := s.post(t, addrs.Next(), "/api/arks/web/register-settings/service-agreement", `{"site_id":1}`, "lang", "en_US")
					list := decode[struct {
						List []struct{ Title, Content string }
					}](t, res.Data).List
					if len(list) != 2 || list[0].Title != "Rules" || list[1].Content != "Plain text &lt; 3" {
						t.Fatalf("public agreement %+v", list)
					}
					c := strings.ToLower(list[0].Content)
					for _, bad := range []string{"onclick", "script", "javascript", "onerror", "<img", "iframe", "style", "alert(1)"} {
						if strings.Contains(c, bad) {
							t.Fatalf("%q survived: %s", bad, list[0].Content)
						}
					}
					for _, good := range []string{"<p>", "<b>fair</b>", "&amp;", `href="https://example.com/terms"`, "terms</a>"} {
						if !strings.Contains(list[0].Content, good) {
							t.Fatalf("%q lost: %s", good, list[0].Content)
						}
					}
					// Another language keeps its own text.
					res = s.post(t, addrs.Next(), "/api/arks/web/register-settings/service-agreement", `{"site_id":1}`, "lang", "zh_CN")
					if !strings.Contains(string(res.Data), "服务条款") {
						t.Fatalf("zh_CN agreement %s", res.Data)
					}
				}},
			{name: "read every language", method: "GET", path: "/admin/sites/1/service-agreement", wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					a := decode[member.Agreements](t, raw)
					if len(a.Languages["en_US"]) != 2 || len(a.Languages["vi_VN"]) != 3 || len(a.SiteLanguages) == 0 {
						t.Fatalf("agreements %+v", a)
					}
				}},
			{name: "language not offered", method: "PUT", path: "/admin/sites/1/service-agreement/xx_XX",
				body: `{"blocks":[{"title":"t","content":"c"}]}`, wantCode: 400, wantInMsg: "language"},
			{name: "blank title", method: "PUT", path: path, body: `{"blocks":[{"title":" ","content":"c"}]}`, wantCode: 400, wantInMsg: "blocks[0].title"},
			{name: "nothing left after sanitising", method: "PUT", path: path, body: `{"blocks":[{"title":"t","content":"<script>x</script>"}]}`,
				wantCode: 400, wantInMsg: "blocks[0].content"},
			{name: "blocks missing", method: "PUT", path: path, body: `{"title":"t"}`, wantCode: 400, wantInMsg: "title"},
			{name: "blocks null", method: "PUT", path: path, body: `{"blocks":null}`, wantCode: 400, wantInMsg: "blocks"},
			{name: "content of wrong type", method: "PUT", path: path, body: `{"blocks":[{"title":"t","content":5}]}`, wantCode: 400, wantInMsg: "content"},
			{name: "remove a language", method: "PUT", path: "/admin/sites/1/service-agreement/vi_VN", body: `{"blocks":[]}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					// The site default (en_US) shows instead.
					res := s.post(t, addrs.Next(), "/api/arks/web/register-settings/service-agreement", `{"site_id":1}`, "lang", "vi_VN")
					if !strings.Contains(string(res.Data), "Rules") {
						t.Fatalf("vi_VN falls back to %s", res.Data)
					}
				}},
		})
	})
}

func TestBlacklist(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		const path = "/admin/sites/1/blacklist"
		changed := func(want bool) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				if c := decode[admin.BlacklistChange](t, raw); c.Changed != want {
					t.Fatalf("change %+v, want changed %v", c, want)
				}
			}
		}
		s.run(t, []scenario{
			{name: "add an e-mail", method: "POST", path: path, body: `{"kind":"email","value":" Cheat@Example.COM "}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if c := decode[admin.BlacklistChange](t, raw); !c.Changed || c.Value != "cheat@example.com" {
						t.Fatalf("change %+v", c)
					}
					a := s.wantAudit(t, "blacklist.add", "blacklist:email", path)
					if !strings.Contains(string(a.Detail), "cheat@example.com") {
						t.Fatalf("audit detail %s", a.Detail)
					}
					if strings.Contains(s.log.String(), "cheat@example.com") {
						t.Fatal("the blocked e-mail reached the log")
					}
					if code := s.register(t, "cheater01", "member_email", "CHEAT@example.com"); code != 216 {
						t.Fatalf("registration with the blocked e-mail: %d, want 216", code)
					}
				}},
			{name: "add it again", method: "POST", path: path, body: `{"kind":"email","value":"cheat@example.com"}`, wantCode: 100, check: changed(false)},
			{name: "add a name", method: "POST", path: path, body: `{"kind":"name","value":"Bad Actor"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if code := s.register(t, "badname01", "member_name", "Bad Actor"); code != 214 {
						t.Fatalf("registration with the blocked name: %d, want 214", code)
					}
				}},
			{name: "add a phone", method: "POST", path: path, body: `{"kind":"phone","value":"5554443333"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if code := s.register(t, "badphone1", "member_phone", "5554443333"); code != 215 {
						t.Fatalf("registration with the blocked phone: %d, want 215", code)
					}
				}},
			{name: "add an ip", method: "POST", path: path, body: `{"kind":"ip","value":"::ffff:192.0.2.9"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if c := decode[admin.BlacklistChange](t, raw); c.Value != "192.0.2.9" {
						t.Fatalf("ip stored as %q", c.Value)
					}
				}},
			{name: "list e-mails", method: "GET", path: path + "?kind=email", wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				p := decode[member.BlacklistPage](t, raw)
				if len(p.List) != 2 || p.List[1].Value != "cheat@example.com" || p.Truncated {
					t.Fatalf("list %+v", p) // the seed's blocked@gamehall.test comes first
				}
			}},
			{name: "list every kind", method: "GET", path: path, wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				if p := decode[member.BlacklistPage](t, raw); len(p.List) != 7 {
					t.Fatalf("list %+v", p)
				}
			}},
			{name: "remove the e-mail", method: "POST", path: path + "/remove", body: `{"kind":"email","value":"CHEAT@example.com"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					changed(true)(t, raw)
					s.wantAudit(t, "blacklist.remove", "blacklist:email", path+"/remove")
					if code := s.register(t, "cheater02", "member_email", "cheat@example.com"); code != 100 {
						t.Fatalf("registration after removal: %d", code)
					}
				}},
			{name: "remove it again", method: "POST", path: path + "/remove", body: `{"kind":"email","value":"cheat@example.com"}`, wantCode: 100, check: changed(false)},
			{name: "unknown kind", method: "POST", path: path, body: `{"kind":"zip","value":"1"}`, wantCode: 400, wantInMsg: "kind"},
			{name: "unknown kind listed", method: "GET", path: path + "?kind=zip", wantCode: 400, wantInMsg: "kind"},
			{name: "not an e-mail", method: "POST", path: path, body: `{"kind":"email","value":"nobody"}`, wantCode: 400, wantInMsg: "value"},
			{name: "not a phone", method: "POST", path: path, body: `{"kind":"phone","value":"+1 555"}`, wantCode: 400, wantInMsg: "value"},
			{name: "not an ip", method: "POST", path: path, body: `{"kind":"ip","value":"1.2.3"}`, wantCode: 400, wantInMsg: "value"},
			{name: "blank name", method: "POST", path: path, body: `{"kind":"name","value":"  "}`, wantCode: 400, wantInMsg: "value"},
			{name: "value of wrong type", method: "POST", path: path, body: `{"kind":"name","value":7}`, wantCode: 400, wantInMsg: "value"},
			{name: "unknown site", method: "POST", path: "/admin/sites/999/blacklist", body: `{"kind":"name","value":"x"}`, wantCode: 404},
		})
	})
}

func TestOutbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		for _, phone := range []string{"5551110001", "5551110002"} {
			if res := s.post(t, addrs.Next(), "/api/register/sms", `{"site_id":1,"currency":"USD","type":"register_member","member_phone":"`+phone+`"}`); res.Code != 100 {
				t.Fatalf("sms: %d %s", res.Code, res.Message)
			}
		}
		code := regexp.MustCompile(`\b[0-9]{6}\b`)
		s.run(t, []scenario{
			{name: "newest first", method: "GET", path: "/admin/sites/1/sms-outbox", wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				p := decode[api.Page[sms.Message]](t, raw)
				if len(p.List) != 2 || p.List[0].Phone != "5551110002" || p.NextBeforeID != 0 || p.List[0].CreatedAt == "" {
					t.Fatalf("outbox %+v", p)
				}
				for _, m := range p.List {
					if c := code.FindString(m.Body); c == "" || strings.Contains(s.log.String(), "is "+c) {
						t.Fatalf("message %q: no code, or the code reached the log", m.Body)
					}
				}
			}},
			{name: "one phone", method: "GET", path: "/admin/sites/1/sms-outbox?phone=5551110001", wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				if p := decode[api.Page[sms.Message]](t, raw); len(p.List) != 1 || p.List[0].Phone != "5551110001" {
					t.Fatalf("outbox %+v", p)
				}
			}},
			{name: "paged", method: "GET", path: "/admin/sites/1/sms-outbox?limit=1", wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				p := decode[api.Page[sms.Message]](t, raw)
				if len(p.List) != 1 || p.NextBeforeID != p.List[0].ID {
					t.Fatalf("page %+v", p)
				}
				res := s.admin(t, "GET", fmt.Sprintf("/admin/sites/1/sms-outbox?limit=1&before_id=%d", p.NextBeforeID), "")
				if next := decode[api.Page[sms.Message]](t, res.Data); len(next.List) != 1 || next.List[0].Phone != "5551110001" {
					t.Fatalf("next page %+v", next)
				}
			}},
			{name: "bad phone", method: "GET", path: "/admin/sites/1/sms-outbox?phone=abc", wantCode: 400, wantInMsg: "phone"},
			{name: "bad limit", method: "GET", path: "/admin/sites/1/sms-outbox?limit=0", wantCode: 400, wantInMsg: "limit"},
			{name: "bad cursor", method: "GET", path: "/admin/sites/1/sms-outbox?before_id=x", wantCode: 400, wantInMsg: "before_id"},
			{name: "another site has none", method: "GET", path: "/admin/sites/999/sms-outbox", wantCode: 404},
		})
	})
}

func TestMembers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		id := memberID(t, s, seed.DemoMember)
		_, token := s.login(t, seed.DemoMember)
		ws := dial(t, s.URL, token)
		channel := fmt.Sprintf("member.%d", id)
		ws.Subscribe(channel)
		layout := func(t *testing.T, token string) string {
			res := s.Do("POST", "/api/member/profile/common/layout", `{}`, "Authorization", "Bearer "+token)
			if res.Code != 100 {
				t.Fatalf("layout: %d %s", res.Code, res.Message)
			}
			return string(res.Data)
		}
		const path = "/admin/sites/1/members/demo001"
		s.run(t, []scenario{
			{name: "look up", method: "GET", path: "/admin/sites/1/members/DEMO001", wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				m := decode[member.MemberView](t, raw)
				if m.ID != id || m.Account != "demo001" || m.Status != "active" || m.FirstLoginToChangePassword || m.MustResetPassword {
					t.Fatalf("member %+v", m)
				}
			}},
			{name: "force a password change", method: "PUT", path: path, body: `{"first_login_to_change_password":true}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if c := decode[member.MemberChange](t, raw); !c.Member.FirstLoginToChangePassword || c.SessionsRevoked != 0 {
						t.Fatalf("change %+v", c)
					}
					s.wantAudit(t, "member.update", "member:demo001", path)
					if ev := ws.Event(channel, 5*time.Second); ev != "profile_updated" {
						t.Fatalf("event on %s: %q, want %s", channel, ev, "profile_updated")
					}
					if l := layout(t, token); !strings.Contains(l, `"first_login_to_change_password":1`) {
						t.Fatalf("layout %s", l)
					}
				}},
			{name: "clear it", method: "PUT", path: path, body: `{"first_login_to_change_password":false}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if l := layout(t, token); !strings.Contains(l, `"first_login_to_change_password":0`) {
						t.Fatalf("layout %s", l)
					}
				}},
			{name: "must reset", method: "PUT", path: path, body: `{"must_reset_password":true}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if code, _ := s.login(t, seed.DemoMember); code != 802 {
						t.Fatalf("login: %d, want 802", code)
					}
				}},
			{name: "forget the withdrawal password", method: "PUT", path: path, body: `{"clear_withdraw_password":true}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					var hash string
					if err := d.QueryRow(`SELECT withdraw_password_hash FROM members WHERE account = $1`, seed.DemoMember).Scan(&hash); err != nil || hash != "" {
						t.Fatalf("withdrawal password hash %q (%v), want it cleared", hash, err)
					}
				}},
			{name: "freeze", method: "PUT", path: path, body: `{"status":"frozen","must_reset_password":false}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if c := decode[member.MemberChange](t, raw); c.Member.Status != "frozen" || c.SessionsRevoked != 1 {
						t.Fatalf("change %+v", c)
					}
					if code := ws.ClosedWith(5*time.Second, nil); code == -1 {
						t.Fatal("the server kept the connection open")
					}
					if res := s.Do("POST", "/api/member/profile/common/layout", `{}`, "Authorization", "Bearer "+token); res.HTTP != 401 {
						t.Fatalf("the frozen member's token: http %d", res.HTTP)
					}
					if code, _ := s.login(t, seed.DemoMember); code != 103 {
						t.Fatalf("login: %d, want 103", code)
					}
				}},
			{name: "disable", method: "PUT", path: path, body: `{"status":"disabled"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if code, _ := s.login(t, seed.DemoMember); code != 102 {
						t.Fatalf("login: %d, want 102", code)
					}
				}},
			{name: "enable", method: "PUT", path: path, body: `{"status":"active"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if code, _ := s.login(t, seed.DemoMember); code != 100 {
						t.Fatalf("login: %d", code)
					}
				}},
			{name: "unknown status", method: "PUT", path: path, body: `{"status":"gone"}`, wantCode: 400, wantInMsg: "status"},
			{name: "status of wrong type", method: "PUT", path: path, body: `{"status":1}`, wantCode: 400, wantInMsg: "status"},
			{name: "nothing to change", method: "PUT", path: path, body: `{}`, wantCode: 400, wantInMsg: "body"},
			{name: "unknown field", method: "PUT", path: path, body: `{"password":"x"}`, wantCode: 400, wantInMsg: "password"},
			{name: "unknown member", method: "GET", path: "/admin/sites/1/members/nobody99", wantCode: 404, wantInMsg: "member"},
			{name: "unknown member write", method: "PUT", path: "/admin/sites/1/members/nobody99", body: `{"status":"active"}`, wantCode: 404},
			{name: "unknown site", method: "GET", path: "/admin/sites/2/members/demo001", wantCode: 404, wantInMsg: "site"},
		})
	})
}

func TestCleanCache(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		id := memberID(t, s, seed.DemoMember)
		_, token := s.login(t, seed.DemoMember)
		member := dial(t, s.URL, token)
		memberChannel := fmt.Sprintf("member.%d", id)
		member.Subscribe(memberChannel)
		visitor := dial(t, s.URL, "")
		visitor.Subscribe("web_api.VND")
		const path = "/admin/realtime/app-clean-cache"
		channels := func(want ...string) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				if got := decode[admin.CleanCacheResult](t, raw).Channels; strings.Join(got, " ") != strings.Join(want, " ") {
					t.Fatalf("channels %v, want %v", got, want)
				}
			}
		}
		all := []string{"web_api.USD", "web_api.RMB", "web_api.VND", "web_api.THB", "web_api.INR", "web_api.JPY", "web_api.WON"}
		s.run(t, []scenario{
			{name: "one member", method: "POST", path: path, body: `{"site_id":1,"account":"Demo001"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					channels(memberChannel)(t, raw)
					if ev := member.Event(memberChannel, 5*time.Second); ev != "app_clean_cache" {
						t.Fatalf("event on %s: %q, want %s", memberChannel, ev, "app_clean_cache")
					}
					s.wantAudit(t, "realtime.app_clean_cache", "channels:"+memberChannel, path)
				}},
			{name: "one currency", method: "POST", path: path, body: `{"site_id":1,"currency":"vnd"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					channels("web_api.VND")(t, raw)
					if ev := visitor.Event("web_api.VND", 5*time.Second); ev != "app_clean_cache" {
						t.Fatalf("event on %s: %q, want %s", "web_api.VND", ev, "app_clean_cache")
					}
				}},
			{name: "everyone", method: "POST", path: path, body: `{"site_id":1,"all":true}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					channels(all...)(t, raw)
					if ev := visitor.Event("web_api.VND", 5*time.Second); ev != "app_clean_cache" {
						t.Fatalf("event on %s: %q, want %s", "web_api.VND", ev, "app_clean_cache")
					}
				}},
			{name: "no target", method: "POST", path: path, body: `{"site_id":1}`, wantCode: 400, wantInMsg: "body"},
			{name: "two targets", method: "POST", path: path, body: `{"site_id":1,"account":"demo001","all":true}`, wantCode: 400, wantInMsg: "body"},
			{name: "currency not offered", method: "POST", path: path, body: `{"site_id":1,"currency":"EUR"}`, wantCode: 400, wantInMsg: "currency"},
			{name: "site missing", method: "POST", path: path, body: `{"all":true}`, wantCode: 400, wantInMsg: "site_id"},
			{name: "unknown site", method: "POST", path: path, body: `{"site_id":999,"all":true}`, wantCode: 404},
			{name: "unknown member", method: "POST", path: path, body: `{"site_id":1,"account":"nobody99"}`, wantCode: 404, wantInMsg: "member"},
			{name: "wrong type", method: "POST", path: path, body: `{"site_id":1,"all":"yes"}`, wantCode: 400, wantInMsg: "all"},
			{name: "audit paging", method: "GET", path: "/admin/audit-log?limit=2", wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				p := decode[api.Page[audit.Entry]](t, raw)
				if len(p.List) != 2 || p.NextBeforeID != p.List[1].ID || p.List[0].ID <= p.List[1].ID {
					t.Fatalf("audit page %+v", p)
				}
			}},
			{name: "audit bad limit", method: "GET", path: "/admin/audit-log?limit=1000", wantCode: 400, wantInMsg: "limit"},
		})
	})
}
