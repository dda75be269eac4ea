package exclusion_test

import (
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

const adminKey = "cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34cd34"

// TestTimeOutOverHTTP: the demo member, with a game open and cash in it,
// takes a time-out through the API. The game is closed and its money is
// back in the main wallet; opening a game (621), depositing (622), claiming
// the red envelope (623) and the sign-in award (624) are refused with the
// time-out's message; a broadcast written meanwhile does not reach them but
// a letter to them by name does; a withdrawal and the records still work.
func TestTimeOutOverHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(adminKey))
		token := s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.140")
		post := func(path string, body any) testutil.Response {
			t.Helper()
			return s.Post(path, testutil.JSON(body), "Authorization", "Bearer "+token, "X-Forwarded-For", "203.0.113.141")
		}
		admin := func(method, path, body string) testutil.Response {
			t.Helper()
			return s.Do(method, path, body, "Authorization", "Bearer "+adminKey, "X-Forwarded-For", "198.51.100.41")
		}
		if r := s.Post("/api/member/exclusion", `{}`); r.HTTP != 401 {
			t.Fatalf("a guest's status: http %d", r.HTTP)
		}
		if r := post("/api/member/exclusion", map[string]any{}); r.Code != 100 || !strings.Contains(string(r.Data), `"state":null`) ||
			!strings.Contains(string(r.Data), `"timeout_days":[1,3,7,14,42]`) {
			t.Fatalf("status before: %d %s", r.Code, r.Data)
		}
		play1 := map[string]any{"gp_id": 1, "game_type": 2, "game_code": "gh_slot_fortune", "lobby_url": "/close", "device": 0}
		if r := post("/api/member/game/play1", play1); r.Code != 100 {
			t.Fatalf("play1 before: %d %s", r.Code, r.Message)
		}
		if cash := post("/api/member/profile/my_cash", map[string]any{}); !strings.Contains(string(cash.Data), `"balance":0`) {
			t.Fatalf("main wallet while playing: %s", cash.Data)
		}
		if r := post("/api/member/exclusion/take", map[string]any{"kind": "timeout", "days": 43}); r.Code != 400 || !strings.Contains(r.Message, "days") {
			t.Fatalf("a 43-day time-out: %d %s", r.Code, r.Message)
		}
		if r := post("/api/member/exclusion/preview", map[string]any{"kind": "timeout", "days": 3}); r.Code != 100 || !strings.Contains(string(r.Data), `"ends_at"`) {
			t.Fatalf("preview: %d %s", r.Code, r.Data)
		}
		r := post("/api/member/exclusion/take", map[string]any{"kind": "timeout", "days": 3})
		if r.Code != 100 || !strings.Contains(string(r.Data), `"stage":"active"`) {
			t.Fatalf("take: %d %s", r.Code, r.Data)
		}
		// The open game was closed and the in-house wallet came home.
		var open int
		if err := d.QueryRow(`SELECT COUNT(*) FROM member_open_games`).Scan(&open); err != nil || open != 0 {
			t.Fatalf("open games after the time-out: %d (%v)", open, err)
		}
		cash := post("/api/member/profile/my_cash", map[string]any{})
		if !strings.Contains(string(cash.Data), `"balance":1000.00`) {
			t.Fatalf("main wallet after the time-out: %s", cash.Data)
		}

		refused := func(name string, r testutil.Response, code int) {
			t.Helper()
			if r.Code != code || !strings.HasPrefix(r.Message, "you are on a time-out until: ") || !strings.Contains(r.Message, " UTC") ||
				!strings.Contains(string(r.Data), `"kind":"timeout"`) {
				t.Errorf("%s: %d %q %s, want %d with the time-out's end", name, r.Code, r.Message, r.Data, code)
			}
		}
		refused("play1", post("/api/member/game/play1", play1), 621)
		var gateway int64
		if err := d.QueryRow(`SELECT id FROM payment_channels WHERE kind = 'gateway' AND direction = 'deposit' ORDER BY id LIMIT 1`).Scan(&gateway); err != nil {
			t.Fatal(err)
		}
		var orders int
		_ = d.QueryRow(`SELECT COUNT(*) FROM deposit_orders`).Scan(&orders)
		refused("deposit", post("/api/member/deposit", map[string]any{"channel_id": gateway, "amount": 50, "request_id": "ex1"}), 622)
		var after int
		if err := d.QueryRow(`SELECT COUNT(*) FROM deposit_orders`).Scan(&after); err != nil || after != orders {
			t.Fatalf("a refused deposit wrote an order: %d -> %d", orders, after)
		}
		var envelope int64
		if err := d.QueryRow(`SELECT id FROM red_envelopes WHERE currency = 'USD'`).Scan(&envelope); err != nil {
			t.Fatal(err)
		}
		refused("envelope", post("/api/arks/web/activity/red_envelope", map[string]any{"id": envelope}), 623)
		refused("sign-in", post("/api/arks/web/activity/signin/store", map[string]any{}), 624)

		// Letters: the broadcast to USD stays away, the one by name arrives.
		if r := admin("POST", "/admin/sites/1/letters", `{"to":"currency","currency":"USD","title":{"en_US":"Weekend bonus"},"content":{"en_US":"Play more"}}`); r.Code != 100 {
			t.Fatalf("broadcast: %d %s", r.Code, r.Message)
		}
		if r := admin("POST", "/admin/sites/1/letters", `{"to":"member","account":"demo001","title":{"en_US":"Your account"},"content":{"en_US":"Your time-out is noted"}}`); r.Code != 100 {
			t.Fatalf("letter: %d %s", r.Code, r.Message)
		}
		letters := post("/api/arks/web/member/letter", map[string]any{"active": 0, "count": 50, "language": "en_US", "page": 1, "site_id": 1})
		if !strings.Contains(string(letters.Data), "Your account") || strings.Contains(string(letters.Data), "Weekend bonus") {
			t.Fatalf("letters during the time-out: %s", letters.Data)
		}
		agent := s.Login(seed.DemoAgent, seed.DemoPassword, "X-Forwarded-For", "203.0.113.142")
		other := s.Post("/api/arks/web/member/letter", testutil.JSON(map[string]any{"page": 1, "site_id": 1}), "Authorization", "Bearer "+agent)
		if !strings.Contains(string(other.Data), "Weekend bonus") {
			t.Fatalf("another member misses the broadcast: %s", other.Data)
		}

		// A withdrawal still goes.
		if r := post("/api/member/bank_accounts/bind", map[string]any{"bank_code": "CHASE", "account_no": "1234 5678 9012", "holder_name": "Dana Demo"}); r.Code != 100 {
			t.Fatalf("bind: %d %s", r.Code, r.Message)
		}
		var acct, wd int64
		if err := d.QueryRow(`SELECT id FROM bank_accounts ORDER BY id DESC LIMIT 1`).Scan(&acct); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(`SELECT id FROM payment_channels WHERE direction = 'withdrawal' ORDER BY id LIMIT 1`).Scan(&wd); err != nil {
			t.Fatal(err)
		}
		if r := post("/api/member/withdraw", map[string]any{"channel_id": wd, "bank_account_id": acct, "amount": 100, "withdraw_password": seed.DemoWithdrawPW,
			"request_id": "exw1"}); r.Code != 100 {
			t.Fatalf("withdraw during the time-out: %d %s", r.Code, r.Message)
		}
		if r := post("/api/member/records", map[string]any{"type": "withdrawal"}); r.Code != 100 {
			t.Fatalf("records during the time-out: %d %s", r.Code, r.Message)
		}
		if r := post("/api/member/exclusion/return", map[string]any{}); r.Code != 626 {
			t.Fatalf("asking to return at once: %d %s", r.Code, r.Message)
		}
		st := post("/api/member/exclusion", map[string]any{})
		if !strings.Contains(string(st.Data), `"kind":"timeout"`) || !strings.Contains(string(st.Data), `"stage":"active"`) {
			t.Fatalf("status: %s", st.Data)
		}
	})
}
