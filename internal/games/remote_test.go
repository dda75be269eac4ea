package games_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
	"gamehall/internal/wstest"
)

const adminKey = "3f1c9a7be24d58c06a1f93e7b2c4d8a05e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

var remotePlay1 = map[string]any{"gp_id": 2, "game_type": 2, "game_code": "aur_northern_lights", "lobby_url": "/close", "device": 0}

func admin(s *testutil.Server, method, path string, body any) testutil.Response {
	return s.Do(method, path, testutil.JSON(body), "Authorization", "Bearer "+adminKey)
}

// wallets reads my_cash: each wallet's balance by provider code ("" the
// main wallet).
func (m member) wallets(t *testing.T) map[string]string {
	t.Helper()
	var v struct {
		List []struct {
			GPCode  string      `json:"gp_code"`
			Balance json.Number `json:"balance"`
		} `json:"my_cash_list"`
	}
	m.post(t, "/api/member/profile/my_cash", map[string]any{}).Decode(t, &v)
	out := map[string]string{}
	for _, e := range v.List {
		out[e.GPCode] = e.Balance.String()
	}
	return out
}

// walletOf reads one wallet of my_cash ("" the main wallet).
func (m member) walletOf(t *testing.T, code string) string {
	t.Helper()
	b, ok := m.wallets(t)[code]
	if !ok {
		t.Fatalf("no %q wallet in my_cash", code)
	}
	return b
}

func auditClean(t *testing.T, s *testutil.Server, step string) {
	t.Helper()
	r := admin(s, "GET", "/admin/audit", nil)
	if r.Code != 100 || !strings.Contains(string(r.Data), `"clean":true`) {
		t.Fatalf("%s: audit %d %s", step, r.Code, r.Data)
	}
}

// gameURLs listens on the member's channel and answers a function that
// waits for the next game_url a launch sends there.
func gameURLs(t *testing.T, s *testutil.Server, m member) func() string {
	t.Helper()
	ws := wstest.Dial(t, s.URL)
	if ok, r := ws.Connect(m.token); !ok {
		t.Fatalf("connect: %v", r)
	}
	ch := fmt.Sprintf("member.%d", m.id)
	ws.Subscribe(ch)
	return func() string {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
			if pub := ws.Publication(ch, time.Second); pub["event"] == "game_url" {
				u, _ := pub["data"].(map[string]any)["game_url"].(string)
				return u
			}
		}
		t.Fatal("no game_url")
		return ""
	}
}

// TestRemoteProviderRealMoney: the sandbox remote provider's slot opens
// with real money through play1 (the page comes through our origin), its
// rounds settle on its own wallet and reach our ledger through the
// reconcile loop; its maintenance (a fault switched by the operator) answers 203
// and keeps money there, which the operator's maintenance window then
// keeps from the recall (104); the catalogue shows the window, and the
// audit is clean throughout.
func TestRemoteProviderRealMoney(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(adminKey),
			testutil.Reconcile(200*time.Millisecond))
		m := login(t, s, d)
		gameURL := gameURLs(t, s, m)

		if r := m.post(t, "/api/member/game/play1", remotePlay1); r.Code != 100 {
			t.Fatalf("play1: %d %s", r.Code, r.Message)
		}
		u, err := url.Parse(gameURL())
		if err != nil || u.Path != "/rgs/play/" || u.Query().Get("session") == "" {
			t.Fatalf("game_url %v %v", u, err)
		}
		if main, gp := m.walletOf(t, ""), m.walletOf(t, "GP002"); main != "0.00" || gp != "1000.00" {
			t.Fatalf("after play1: main %s, GP002 %s", main, gp)
		}
		session := u.Query().Get("session")
		var net int64
		for i := range 6 {
			r := s.Post("/rgs/api/spin", testutil.JSON(map[string]any{"session": session, "request_id": fmt.Sprintf("s%d", i), "line_bet": 5}))
			var v struct {
				Stake, Win, Balance int64
			}
			r.Decode(t, &v)
			if r.Code != 0 || v.Stake != 100 {
				t.Fatalf("spin %d: %d %s", i, r.Code, r.Data)
			}
			net += v.Win - v.Stake
			if v.Balance != 100000+net {
				t.Fatalf("spin %d: balance %d, want %d", i, v.Balance, 100000+net)
			}
		}
		want := fmt.Sprintf("%d.%02d", (100000+net)/100, (100000+net)%100)
		// The reconcile loop books the provider's rounds into our ledger
		// while the game is open.
		waitFor(t, func() bool { return m.walletOf(t, "GP002") == want })
		if r := m.post(t, "/api/member/game/leave1", map[string]any{}); r.Code != 100 {
			t.Fatalf("leave1: %d", r.Code)
		}
		if main, gp := m.walletOf(t, ""), m.walletOf(t, "GP002"); main != want || gp != "0.00" {
			t.Fatalf("after leave1: main %s (want %s), GP002 %s", main, want, gp)
		}
		tx := m.post(t, "/api/member/transactions", map[string]any{"kinds": []string{"bet"}, "page": 1, "count": 50})
		if tx.Code != 100 || strings.Count(string(tx.Data), `"wallet":"GP002"`) != 6 {
			t.Fatalf("the six bets in Transaction: %s", tx.Data)
		}
		auditClean(t, s, "after playing")

		// The provider in maintenance (a fault the operator switches).
		if r := admin(s, "POST", "/admin/providers/GP002/faults", map[string]any{"maintenance": true}); r.Code != 100 {
			t.Fatalf("faults: %d %s", r.Code, r.Message)
		}
		if r := m.post(t, "/api/member/game/play1", remotePlay1); r.Code != 203 {
			t.Fatalf("play1 while the provider says maintenance: %d", r.Code)
		}
		if main := m.walletOf(t, ""); main != want {
			t.Fatalf("main after a refused launch: %s", main)
		}
		admin(s, "POST", "/admin/providers/GP002/faults", map[string]any{})
		if r := m.post(t, "/api/member/game/play1", remotePlay1); r.Code != 100 {
			t.Fatalf("play1: %d", r.Code)
		}
		gameURL()
		admin(s, "POST", "/admin/providers/GP002/faults", map[string]any{"maintenance": true})
		if r := m.post(t, "/api/member/game/leave1", map[string]any{}); r.Code != 100 {
			t.Fatalf("leave1 in maintenance: %d", r.Code)
		}
		if gp := m.walletOf(t, "GP002"); gp != want {
			t.Fatalf("the money stays at the provider in maintenance: GP002 %s", gp)
		}
		admin(s, "POST", "/admin/providers/GP002/faults", map[string]any{})
		auditClean(t, s, "money kept at the provider")

		// The operator's maintenance window.
		now := time.Now().UTC()
		window := map[string]any{"start_at": now.Add(-time.Hour).Format(time.RFC3339), "end_at": now.Add(time.Hour).Format(time.RFC3339),
			"text": map[string]string{"en_US": "Aurora upgrade", "zh_CN": "极光升级"}}
		if r := admin(s, "PUT", "/admin/providers/GP002/maintenance", window); r.Code != 100 || !strings.Contains(string(r.Data), `"active_now":true`) {
			t.Fatalf("maintenance window: %d %s", r.Code, r.Data)
		}
		r := m.post(t, "/api/member/profile/balance/all/back", map[string]any{})
		var kept struct {
			Kept []string `json:"kept"`
		}
		r.Decode(t, &kept)
		if r.Code != 104 || !slices.Equal(kept.Kept, []string{"GP002"}) {
			t.Fatalf("recall during the window: %d %s", r.Code, r.Data)
		}
		if gp := m.walletOf(t, "GP002"); gp != want {
			t.Fatalf("the recall moved money of a provider in maintenance: GP002 %s", gp)
		}
		r = m.post(t, "/api/member/game/play1", remotePlay1)
		var mt struct {
			GPID    int64  `json:"gp_id"`
			StartAt string `json:"start_at"`
			EndAt   string `json:"end_at"`
			Text    string `json:"text"`
		}
		r.Decode(t, &mt)
		if r.Code != 203 || mt.GPID != 2 || mt.Text != "Aurora upgrade" || mt.StartAt != window["start_at"] || mt.EndAt != window["end_at"] {
			t.Fatalf("play1 in the window: %d %s", r.Code, r.Data)
		}
		r = s.Post("/api/demo/play", `{"site_id":1,"currency":"USD","device":0,"game_code":"aur_northern_lights"}`, "lang", "zh_CN")
		r.Decode(t, &mt)
		if r.Code != 203 || mt.Text != "极光升级" {
			t.Fatalf("demo play in the window: %d %s", r.Code, r.Data)
		}
		gt := s.Post("/api/demo/gt_games", `{"site_id":1,"support_device":1,"currency":"USD","template":"default"}`)
		if p := types(t, gt.Data)[2].GPList; len(p) < 2 || p[1].GPCode != "GP002" || p[1].Maintenance != 1 || p[0].Maintenance != 0 {
			t.Fatalf("catalogue during the window: %+v", p)
		}
		log := admin(s, "GET", "/admin/audit-log", nil)
		for _, action := range []string{"provider.maintenance.set", "provider.faults.set"} {
			if !strings.Contains(string(log.Data), action) {
				t.Fatalf("audit log lacks %s: %s", action, log.Data)
			}
		}

		// A window that ended: play again, leave, and everything is home.
		window["end_at"] = now.Add(-time.Minute).Format(time.RFC3339)
		if r := admin(s, "PUT", "/admin/providers/GP002/maintenance", window); r.Code != 100 || !strings.Contains(string(r.Data), `"active_now":false`) {
			t.Fatalf("ended window: %d %s", r.Code, r.Data)
		}
		if r := m.post(t, "/api/member/game/play1", remotePlay1); r.Code != 100 {
			t.Fatalf("play1 after the window: %d", r.Code)
		}
		gameURL()
		m.post(t, "/api/member/game/leave1", map[string]any{})
		if main, gp := m.walletOf(t, ""), m.walletOf(t, "GP002"); main != want || gp != "0.00" {
			t.Fatalf("after the window: main %s, GP002 %s", main, gp)
		}
		auditClean(t, s, "end")
	})
}

// TestProviderOperatorRoutes: the maintenance and fault routes' bad input
// and unknown providers.
func TestProviderOperatorRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.AdminKey(adminKey))
		cases := []struct {
			method, path string
			body         any
			code         int
		}{
			{"PUT", "/admin/providers/GP999/maintenance", map[string]any{"maintenance": true}, 404},
			{"GET", "/admin/providers/GP999/maintenance", nil, 404},
			{"PUT", "/admin/providers/GP002/maintenance", map[string]any{"start_at": "2027-01-01T00:00:00Z"}, 400},
			{"PUT", "/admin/providers/GP002/maintenance", map[string]any{"start_at": "yesterday", "end_at": "2027-01-01T00:00:00Z"}, 400},
			{"PUT", "/admin/providers/GP002/maintenance", map[string]any{"start_at": "2027-01-02T00:00:00Z", "end_at": "2027-01-01T00:00:00Z"}, 400},
			{"PUT", "/admin/providers/GP002/maintenance", map[string]any{"maintenance": "yes"}, 400},
			{"PUT", "/admin/providers/GP002/maintenance", map[string]any{"unknown": 1}, 400},
			{"POST", "/admin/providers/GP004/faults", map[string]any{"slow": true}, 404},
			{"GET", "/admin/providers/GP003/faults", nil, 100},
			{"GET", "/admin/providers/GP001/faults", nil, 404},
			{"POST", "/admin/providers/GP002/faults", map[string]any{"slow": "on"}, 400},
			{"GET", "/admin/providers/GP002/faults", nil, 100},
			{"PUT", "/admin/providers/GP001/maintenance", map[string]any{"maintenance": true, "text": map[string]string{"en_US": "x"}}, 100},
		}
		for _, c := range cases {
			if r := admin(s, c.method, c.path, c.body); r.Code != c.code {
				t.Errorf("%s %s %v: code %d %s, want %d", c.method, c.path, c.body, r.Code, r.Message, c.code)
			}
		}
		if r := s.Do("GET", "/admin/providers/GP002/faults", ""); r.HTTP != 401 {
			t.Fatalf("without the key: HTTP %d", r.HTTP)
		}
		// The flag alone puts a provider in maintenance (203 on launch).
		if r := s.Post("/api/demo/play", `{"site_id":1,"currency":"USD","device":0,"game_code":"gh_keno"}`); r.Code != 203 ||
			!strings.Contains(string(r.Data), `"text":"x"`) {
			t.Fatalf("demo play with the flag on: %d %s", r.Code, r.Data)
		}
	})
}

// TestRemoteSpinsLimited: the sandbox's spins through our origin take the
// in-house plays' limit per client address (429 beyond).
func TestRemoteSpinsLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.TrustLoopback)
		// The address has used up this minute (and the next, should the
		// minute turn meanwhile).
		now := time.Now()
		for _, w := range []time.Time{now.Truncate(time.Minute), now.Truncate(time.Minute).Add(time.Minute)} {
			if _, err := d.Exec(`INSERT INTO rate_counters (key, window_start, count) VALUES ('rgs_spin:203.0.113.77', $1, 600)`,
				w.UnixMicro()); err != nil {
				t.Fatal(err)
			}
		}
		body := testutil.JSON(map[string]any{"session": "x", "request_id": "r", "line_bet": 1})
		if r := s.Post("/rgs/api/spin", body, "X-Forwarded-For", "203.0.113.77"); r.HTTP != 429 || r.Code != 429 {
			t.Fatalf("over the limit: HTTP %d code %d", r.HTTP, r.Code)
		}
		if r := s.Post("/rgs/api/spin", body, "X-Forwarded-For", "203.0.113.78"); r.Code != 404 {
			t.Fatalf("another address, an unknown session: %d %s", r.Code, r.Message)
		}
	})
}
