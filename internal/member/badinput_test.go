package member_test

import (
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// Bad input is a 400 naming the wire field, never a 500: a NUL character
// (which no PostgreSQL text column takes), a megabyte account (which no index
// row takes), a field left empty.
func TestBadInputNamesTheField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.40", ua: chrome}
		big := strings.Repeat("a", 1_000_000)
		for _, tc := range []struct {
			name, path, body, want string
		}{
			{"NUL in account", "/api/login", `{"account":"demo\u0000","password":"x","site_id":1}`, "invalid parameters: account must not contain a NUL character"},
			{"NUL in a device field", "/api/login", `{"account":"demo001","udid":"\u0000","site_id":1}`, "invalid parameters: udid must not contain"},
			{"megabyte account", "/api/login", `{"account":"` + big + `","password":"x","site_id":1}`, "invalid parameters: account must be at most 2048 bytes"},
			{"NUL in double validation", "/api/login/double_validation", `{"member_login_id":"\u0000"}`, "member_login_id must not contain"},
			{"NUL in recovery", "/api/arks/web/vx/verify", `{"account":"\u0000","site_id":1}`, "account must not contain"},
			{"NUL in reset", "/api/arks/web/vx/reset", `{"token":"\u0000","site_id":1}`, "token must not contain"},
			{"NUL in forgot password", "/api/forgot_password/sms", `{"account":"\u0000","site_id":1}`, "account must not contain"},
			{"NUL in agent domain", "/api/arks/web/check-agent-domain", `{"host":"\u0000","site_id":1}`, "host must not contain"},
			{"NUL in member_info", "/api/member_info", `{"id":"\u0000","site_id":1}`, "id must not contain"},
			{"NUL in register", "/api/register", `{"site_id":1,"identity_id":"\u0000","introducer":"x"}`, "identity_id must not contain"},
			{"NUL in verification", "/api/register/verification", `{"site_id":1,"member_account":"\u0000","verification":1}`, "member_account must not contain"},
			{"verification of no field", "/api/register/verification", `{"site_id":1,"verification":1}`, "invalid parameters: body names no field that can be verified"},
			{"NUL in a profile map", "/api/register/verification", `{"site_id":1,"member_email":"a\u0000"}`, "member_email must not contain"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := c.post(tc.path, tc.body)
				if res.HTTP != 200 || res.Code != 400 || !strings.Contains(res.Message, tc.want) {
					t.Fatalf("HTTP %d code %d %q, want 400 with %q", res.HTTP, res.Code, res.Message, tc.want)
				}
			})
		}

		t.Run("an empty required field is named", func(t *testing.T) {
			res := register(s, addrs.Next(), with(usd("empty001"), "member_email", ""))
			if res.Code != 400 || res.Message != "invalid parameters: member_email: required" {
				t.Fatalf("code %d %q", res.Code, res.Message)
			}
			res = register(s, addrs.Next(), with(usd(""), "member_email", "x1@mail.test"))
			if res.Code != 400 || res.Message != "invalid parameters: member_account: required" {
				t.Fatalf("code %d %q", res.Code, res.Message)
			}
		})
		t.Run("a bad withdrawal password says four digits", func(t *testing.T) {
			res := register(s, addrs.Next(), with(usd("wpw00001"), "withdraw_password", "12ab"))
			if res.Code != 400 || res.Message != "invalid parameters: withdraw_password: must be four digits" {
				t.Fatalf("code %d %q", res.Code, res.Message)
			}
		})
		t.Run("a bad contact names its field in the request language", func(t *testing.T) {
			res := register(s, addrs.Next(), with(usd("qqbad001"), "member_qq", "a@b"))
			if res.Code != 301 || res.Message != "this contact is not valid: member_qq: letters, digits, underscore, dot and hyphen only" {
				t.Fatalf("code %d %q", res.Code, res.Message)
			}
			h := []string{"X-Forwarded-For", addrs.Next(), "User-Agent", chrome, "lang", "zh_CN"}
			body := with(usd("qqbad002"), "member_qq", "a@b", "captcha_token", s.Captcha(2, h...))
			res = s.Post("/api/register", testutil.JSON(body), h...)
			if res.Code != 301 || strings.Contains(res.Message, "letters") || !strings.Contains(res.Message, "member_qq: ") {
				t.Fatalf("zh_CN: code %d %q", res.Code, res.Message)
			}
		})
		t.Run("text/plain is refused", func(t *testing.T) {
			res := s.Post("/api/register/sms", `{"member_phone":"5554440001","site_id":1}`, "Content-Type", "text/plain")
			if res.HTTP != 415 || res.Code != 415 {
				t.Fatalf("HTTP %d code %d", res.HTTP, res.Code)
			}
		})
	})
}

// The device-info fields describe the client: numbers, strings, booleans
// and nulls are all taken, and a login never fails over their type.
func TestDeviceInfoTakesAnyType(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.41", ua: chrome}
		for i, dev := range []map[string]any{
			{"device": 1, "system_group": 2, "udid": 123456789, "login_type": 0, "cdn": 1.5, "system": 3, "browser": 4,
				"system_version": 17.2, "remote_addr": 1, "host": 2},
			{"device": "mobile", "system_group": "ios", "udid": "abc", "login_type": "web", "cdn": "cf", "system": "iOS",
				"browser": "Safari", "system_version": "17.2", "remote_addr": "1.2.3.4", "host": "demo.test"},
			{"device": nil, "udid": true, "browser": map[string]any{"name": "x"}, "system": []any{1}},
		} {
			body := map[string]any{"account": seed.DemoMember, "password": seed.DemoPassword, "site_id": 1, "answer": "1234",
				"captcha_token": s.Captcha(1, c.headers()...)}
			for k, v := range dev {
				body[k] = v
			}
			res := c.post("/api/login", testutil.JSON(body))
			if res.Code != 100 && res.Code != 107 {
				t.Fatalf("device info %d: code %d %q", i, res.Code, res.Message)
			}
		}
	})
}

// A forged reset token answers alike for an existing and an unknown
// account, and both probes of who is registered are limited per address:
// vx/reset answers 429, register/verification the too-frequent code 996.
func TestRecoveryResetAndVerificationProbes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.42", ua: chrome}
		reset := func(account string) testutil.Response {
			return c.post("/api/arks/web/vx/reset", map[string]any{"account": account, "password": "fresh123", "token": "forged", "site_id": 1})
		}
		known, unknown := reset(seed.DemoMember), reset("nobody99")
		if known.Code != unknown.Code || known.Message != unknown.Message || known.Code != 101 {
			t.Fatalf("existing account %d %q, unknown %d %q: want one answer", known.Code, known.Message, unknown.Code, unknown.Message)
		}
		var last testutil.Response
		for i := 0; i < 20; i++ {
			last = reset("nobody99")
		}
		if last.HTTP != 429 || last.Code != 429 {
			t.Fatalf("reset past the per-address limit: HTTP %d code %d", last.HTTP, last.Code)
		}

		v := &client{s: s, ip: "203.0.113.43", ua: chrome}
		for i := 0; i < 61; i++ {
			last = v.post("/api/register/verification", map[string]any{"site_id": 1, "member_currency": "USD",
				"member_account": fmt.Sprintf("probe%04d", i), "verification": 1})
		}
		if last.Code != 996 {
			t.Fatalf("verification past the per-address limit: code %d %q", last.Code, last.Message)
		}
	})
}
