package member_test

import (
	"context"
	"fmt"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// Limits and invariants under bursts of parallel requests, on both
// databases: an attempt is reserved before it is evaluated, so at most the
// limit is ever evaluated, whatever the concurrency.

// loginBodies fetches n login captchas (one address each, so no per-address
// limit interferes) and returns the bodies and headers of n logins.
func loginBodies(s *testutil.Server, n int, account func(i int) string, password func(i int) string) ([]string, [][]string) {
	bodies, headers := make([]string, n), make([][]string, n)
	for i := range n {
		h := []string{"X-Forwarded-For", addrs.Next(), "User-Agent", chrome}
		bodies[i] = testutil.JSON(map[string]any{"account": account(i), "password": password(i), "site_id": 1,
			"answer": "1234", "captcha_token": s.Captcha(1, h...)})
		headers[i] = h
	}
	return bodies, headers
}

// TestLoginLimitUnderBurst: 40 parallel logins of one account, 39 wrong and
// one right: at most 10 passwords are checked (the account limit), the rest
// answer 106 before any check; 150 wrong in parallel likewise.
func TestLoginLimitUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		bodies, headers := loginBodies(s, 40, func(int) string { return seed.DemoMember }, func(i int) string {
			if i == 39 {
				return seed.DemoPassword
			}
			return fmt.Sprintf("wrong%03d", i)
		})
		res := s.Parallel(40, func(i int) (testutil.Response, error) {
			return s.Try("POST", "/api/login", bodies[i], headers[i]...)
		})
		codes := testutil.Codes(res)
		if codes[101] > 10 || codes[101]+codes[100]+codes[106] != 40 {
			t.Fatalf("codes %v: more than 10 wrong passwords checked", codes)
		}

		exec(t, d, `DELETE FROM rate_counters`)
		bodies, headers = loginBodies(s, 150, func(int) string { return seed.DemoAgent }, func(i int) string { return fmt.Sprintf("bad%04d", i) })
		res = s.Parallel(150, func(i int) (testutil.Response, error) {
			return s.Try("POST", "/api/login", bodies[i], headers[i]...)
		})
		if codes := testutil.Codes(res); codes[101] != 10 || codes[106] != 140 {
			t.Fatalf("150 wrong in parallel: %v, want 10 checked (101) and 140 refused (106)", codes)
		}
	})
}

// TestLoginIPLimitUnderBurst: 60 parallel wrong logins from one address on
// different accounts: at most 30 are checked, the rest answer 203.
func TestLoginIPLimitUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		h := []string{"X-Forwarded-For", "198.51.100.90", "User-Agent", chrome}
		bodies := make([]string, 60)
		for i := range bodies {
			bodies[i] = testutil.JSON(map[string]any{"account": fmt.Sprintf("nobody%03d", i), "password": "abc12345",
				"site_id": 1, "answer": "1234", "captcha_token": s.Captcha(1, "X-Forwarded-For", addrs.Next())})
		}
		res := s.Parallel(60, func(i int) (testutil.Response, error) { return s.Try("POST", "/api/login", bodies[i], h...) })
		if codes := testutil.Codes(res); codes[101] != 30 || codes[203] != 30 {
			t.Fatalf("codes %v, want 30 checked (101) and 30 refused (203)", codes)
		}
	})
}

// TestOneLiveSessionUnderBurst: 40 parallel logins of one member leave
// exactly one live session and one valid token. (At most 10 checks of one
// account run at once, so some of the burst answers 106.)
func TestOneLiveSessionUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		bodies, headers := loginBodies(s, 40, func(int) string { return seed.DemoMember }, func(int) string { return seed.DemoPassword })
		res := s.Parallel(40, func(i int) (testutil.Response, error) {
			return s.Try("POST", "/api/login", bodies[i], headers[i]...)
		})
		if codes := testutil.Codes(res); codes[100] < 2 || codes[100]+codes[106] != 40 {
			t.Fatalf("codes %v, want logins (and refusals only by the account limit)", codes)
		}
		var live int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sessions s JOIN members m ON m.id = s.member_id
			WHERE m.account = $1 AND s.revoked_at IS NULL`, seed.DemoMember).Scan(&live); err != nil {
			t.Fatal(err)
		}
		if live != 1 {
			t.Fatalf("%d live sessions after 40 parallel logins, want 1", live)
		}
		valid := 0
		for _, r := range res {
			if r.Code != 100 {
				continue
			}
			var v struct {
				Token string `json:"token"`
			}
			r.Decode(t, &v)
			if s.Post("/api/member/profile", `{}`, "Authorization", "Bearer "+v.Token).HTTP == 200 {
				valid++
			}
		}
		if valid != 1 {
			t.Fatalf("%d tokens still valid, want 1", valid)
		}
	})
}

// TestRecoveryLockUnderBurst: 100 parallel withdrawal-password recoveries
// (99 wrong, the right one last): at most 5 are checked, the rest answer
// 203, and the right one gets a token only if it was among them.
func TestRecoveryLockUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		res := s.Parallel(100, func(i int) (testutil.Response, error) {
			pw := fmt.Sprintf("%04d", 5000+i)
			if i == 99 {
				pw = seed.DemoWithdrawPW
			}
			return s.Try("POST", "/api/arks/web/vx/verify", testutil.JSON(map[string]any{"site_id": 1, "account": seed.DemoMember,
				"withdraw_password": pw, "member_email": "demo@gamehall.test"}), "X-Forwarded-For", addrs.Next())
		})
		codes := testutil.Codes(res)
		if checked := codes[102] + codes[100] + 1; codes[203]+codes[102]+codes[100] != 100 || checked-1 > 5 {
			t.Fatalf("codes %v: more than 5 withdrawal passwords checked", codes)
		}
		if codes[100] == 1 && res[99].Code != 100 {
			t.Fatalf("a wrong password got a token: %v", codes)
		}
	})
}

// TestDoubleValidationUnderBurst: 30 parallel wrong answers to one pending
// login: at most 3 are checked (2 answer "wrong", the third ends it with
// 202; the rest answer 202 or, once it has ended, 998) and the right answer
// afterwards cannot pass.
func TestDoubleValidationUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		home := &client{s: s, ip: "203.0.113.80", ua: chrome}
		if res := home.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("first login: %d", res.Code)
		}
		away := &client{s: s, ip: "203.0.113.81", ua: firefox}
		ch := pendingLogin(t, away)
		tokens := make([]string, 30)
		for i := range tokens {
			tokens[i] = s.Captcha(1, "X-Forwarded-For", addrs.Next())
		}
		res := s.Parallel(30, func(i int) (testutil.Response, error) {
			return s.Try("POST", "/api/login/double_validation", testutil.JSON(map[string]any{"member_login_id": ch.MemberLoginID,
				"answer": "wrong answer", "captcha_answer": "1234", "captcha_token": tokens[i]}), away.headers()...)
		})
		codes := testutil.Codes(res)
		if codes[103] > 2 || codes[103]+codes[202]+codes[998] != 30 {
			t.Fatalf("codes %v: more than 3 answers checked", codes)
		}
		if c := dv(away, ch.MemberLoginID, answers[ch.Question], "1234"); c == 100 {
			t.Fatal("the right answer passed after the tries were spent")
		}
	})
}

// TestPasswordChangeLockUnderBurst: 40 parallel wrong current passwords: at
// most 5 are checked (4 answer 101, the fifth locks with 106).
func TestPasswordChangeLockUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		c := &client{s: s, ip: "203.0.113.82", ua: chrome}
		if res := c.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		res := s.Parallel(40, func(i int) (testutil.Response, error) {
			return s.Try("POST", "/api/member/profile/edit_password", testutil.JSON(map[string]any{
				"old_password": fmt.Sprintf("guess%03d", i), "new_password": "newpass77"}), c.headers()...)
		})
		if codes := testutil.Codes(res); codes[101] != 4 || codes[106] != 36 {
			t.Fatalf("codes %v, want 4 checked (101) and 36 locked (106)", codes)
		}
	})
}

// TestRegisterSMSResendUnderBurst: 15 parallel /register/sms for one phone
// send exactly one message; the others answer 102.
func TestRegisterSMSResendUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		res := s.Parallel(15, func(i int) (testutil.Response, error) {
			return s.Try("POST", "/api/register/sms", testutil.JSON(map[string]any{"site_id": 1, "member_phone": "5553330001",
				"currency": "USD", "type": "register_member"}), "X-Forwarded-For", addrs.Next())
		})
		if codes := testutil.Codes(res); codes[100] != 1 || codes[102] != 14 {
			t.Fatalf("codes %v, want one send and 14 answers 102", codes)
		}
		var sent int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM sms_outbox WHERE phone = '5553330001'`).Scan(&sent); err != nil {
			t.Fatal(err)
		}
		if sent != 1 {
			t.Fatalf("%d messages sent, want 1", sent)
		}
	})
}

// TestUniqueFieldsUnderBurst: 20 parallel registrations with one e-mail
// (unique in the USD form) create one account; the others answer 105. 50
// parallel registrations of one account name create one; the others answer
// 102, never a 500 or a captcha code (SQLite's busy timeout included).
func TestUniqueFieldsUnderBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		burst := func(n int, body func(i int) map[string]any) map[int]int {
			bodies, headers := make([]string, n), make([][]string, n)
			for i := range n {
				headers[i] = []string{"X-Forwarded-For", addrs.Next(), "User-Agent", chrome}
				b := body(i)
				b["captcha_token"] = s.Captcha(2, headers[i]...)
				bodies[i] = testutil.JSON(b)
			}
			return testutil.Codes(s.Parallel(n, func(i int) (testutil.Response, error) {
				return s.Try("POST", "/api/register", bodies[i], headers[i]...)
			}))
		}
		if codes := burst(20, func(i int) map[string]any {
			return with(usd(fmt.Sprintf("same%04d", i)), "member_email", "same@mail.test")
		}); codes[100] != 1 || codes[105] != 19 {
			t.Fatalf("one e-mail: codes %v, want 1 account and 19 answers 105", codes)
		}
		if codes := burst(50, func(i int) map[string]any {
			return with(usd("racer01"), "member_email", fmt.Sprintf("racer%d@mail.test", i))
		}); codes[100] != 1 || codes[102] != 49 {
			t.Fatalf("one account: codes %v, want 1 account and 49 answers 102", codes)
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM members WHERE email = 'same@mail.test' OR account = 'racer01'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Fatalf("%d members hold the e-mail or the account, want 2", n)
		}
	})
}
