package games_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
	"gamehall/internal/wstest"
)

type member struct {
	s     *testutil.Server
	token string
	id    int64
}

func (m member) post(t *testing.T, path string, body any) testutil.Response {
	t.Helper()
	return m.s.Post(path, testutil.JSON(body), "Authorization", "Bearer "+m.token)
}

// cash reads my_cash: the main wallet and the in-house wallet.
func (m member) cash(t *testing.T) (main, house string) {
	t.Helper()
	res := m.post(t, "/api/member/profile/my_cash", map[string]any{})
	var v struct {
		List []struct {
			GPCode  string      `json:"gp_code"`
			Balance json.Number `json:"balance"`
		} `json:"my_cash_list"`
	}
	res.Decode(t, &v)
	for _, e := range v.List {
		switch e.GPCode {
		case "":
			main = e.Balance.String()
		case "GP001":
			house = e.Balance.String()
		}
	}
	return main, house
}

func login(t *testing.T, s *testutil.Server, d *db.DB) member {
	t.Helper()
	m := member{s: s, token: s.Login(seed.DemoMember, seed.DemoPassword, "X-Forwarded-For", "203.0.113.90")}
	if err := d.QueryRow(`SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&m.id); err != nil {
		t.Fatal(err)
	}
	return m
}

var play1 = map[string]any{"gp_id": 1, "game_type": 2, "game_code": "gh_slot_fortune", "lobby_url": "/close", "device": 0}

// TestRealMoneySlot: a member opens the in-house slot with real money (the
// address arrives on member.{id}), plays spins from the provider wallet,
// leaves, and finds the rest back in the main wallet; the ledger shows the
// transfers, bets and wins, and the audit is clean.
func TestRealMoneySlot(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		m := login(t, s, d)
		ws := wstest.Dial(t, s.URL)
		if ok, r := ws.Connect(m.token); !ok {
			t.Fatalf("connect: %v", r)
		}
		ch := fmt.Sprintf("member.%d", m.id)
		ws.Subscribe(ch)

		if res := s.Post("/api/member/game/play1", testutil.JSON(play1)); res.HTTP != 401 {
			t.Fatalf("a guest's play1: http %d", res.HTTP)
		}
		res := m.post(t, "/api/member/game/play1", play1)
		if res.Code != 100 {
			t.Fatalf("play1: %d %s", res.Code, res.Message)
		}
		var gameURL string
		for deadline := time.Now().Add(5 * time.Second); gameURL == "" && time.Now().Before(deadline); {
			pub := ws.Publication(ch, time.Second)
			if pub["event"] == "game_url" {
				gameURL, _ = pub["data"].(map[string]any)["game_url"].(string)
			}
		}
		if !strings.HasPrefix(gameURL, "/games/gh_slot_fortune/?session=") {
			t.Fatalf("game_url %q", gameURL)
		}
		if main, house := m.cash(t); main != "0.00" || house != "1000.00" {
			t.Fatalf("after play1: main %s, in-house %s", main, house)
		}
		layout := m.post(t, "/api/member/profile/common/layout", map[string]any{})
		if !strings.Contains(string(layout.Data), `"is_playing":1`) {
			t.Fatalf("layout while playing: %s", layout.Data)
		}
		if r := m.post(t, "/api/member/game/play1", play1); r.Code != 953 {
			t.Fatalf("the same game again: %d", r.Code)
		}
		if r := m.post(t, "/api/member/profile/balance/all/back", map[string]any{}); r.Code != 103 {
			t.Fatalf("recall while playing: %d", r.Code)
		}

		u, _ := url.Parse(gameURL)
		session := u.Query().Get("session")
		info := s.Post("/games/api/session", testutil.JSON(map[string]any{"session": session}))
		if !strings.Contains(string(info.Data), `"demo":false`) || !strings.Contains(string(info.Data), `"balance":100000`) {
			t.Fatalf("session: %s", info.Data)
		}
		jackpot := func() string {
			return string(s.Post("/api/v2/get_jackpot", testutil.JSON(map[string]any{"currency": "USD"})).Data)
		}
		poolBefore := jackpot()
		var net int64
		for i := range 5 {
			r := s.Post("/games/api/play", testutil.JSON(map[string]any{"session": session, "request_id": fmt.Sprintf("spin-%d", i),
				"choices": map[string]any{"line_bet": 5}}), "X-Forwarded-For", "203.0.113.91")
			var raw struct {
				Stake        int64 `json:"stake"`
				Win          int64 `json:"win"`
				BalanceAfter int64 `json:"balance_after"`
			}
			r.Decode(t, &raw)
			if r.Code != 100 {
				t.Fatalf("spin %d: %d %s", i, r.Code, r.Message)
			}
			net += raw.Win - raw.Stake
			if raw.BalanceAfter != 100000+net {
				t.Fatalf("spin %d: balance after %d, want %d", i, raw.BalanceAfter, 100000+net)
			}
		}
		// Real-money spins feed the live pool the lobby shows.
		if after := jackpot(); after == poolBefore {
			t.Fatalf("the jackpot stayed %s after real-money spins", after)
		}
		// A stake above the wallet is refused and moves nothing.
		if r := s.Post("/games/api/play", testutil.JSON(map[string]any{"session": session, "request_id": "too-much",
			"choices": map[string]any{"line_bet": 1000000}}), "X-Forwarded-For", "203.0.113.91"); r.Code != 209 && r.Code != 208 {
			t.Fatalf("a stake off the ladder or above the wallet: %d", r.Code)
		}

		if r := m.post(t, "/api/member/game/leave1", map[string]any{}); r.Code != 100 {
			t.Fatalf("leave1: %d %s", r.Code, r.Message)
		}
		want := fmt.Sprintf("%d.%02d", (100000+net)/100, (100000+net)%100)
		if main, house := m.cash(t); main != want || house != "0.00" {
			t.Fatalf("after leaving: main %s (want %s), in-house %s", main, want, house)
		}
		if r := s.Post("/games/api/play", testutil.JSON(map[string]any{"session": session, "request_id": "after-leave",
			"choices": map[string]any{"line_bet": 5}})); r.Code != 207 {
			t.Fatalf("a left session still plays: %d", r.Code)
		}
		moves := m.post(t, "/api/member/transactions", map[string]any{"count": 100})
		for _, kind := range []string{`"kind":"transfer_in"`, `"kind":"transfer_out"`, `"kind":"bet"`} {
			if !strings.Contains(string(moves.Data), kind) {
				t.Fatalf("transactions lack %s: %s", kind, moves.Data)
			}
		}
		if r := m.post(t, "/api/member/profile/balance/all/back", map[string]any{}); r.Code != 105 {
			t.Fatalf("recall with nothing out: %d", r.Code)
		}
		if r := m.post(t, "/api/member/profile/balance/all/back", map[string]any{}); r.Code != 102 {
			t.Fatalf("recall within the cool-down: %d", r.Code)
		}
	})
}

// TestConcurrentPlay1: 50 parallel play1 of one member open one game; the
// others are refused, and the money moved once.
func TestConcurrentPlay1(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		m := login(t, s, d)
		res := s.Parallel(50, func(int) (testutil.Response, error) {
			return s.Try("POST", "/api/member/game/play1", testutil.JSON(play1), "Authorization", "Bearer "+m.token)
		})
		codes := testutil.Codes(res)
		if codes[100] != 1 || codes[100]+codes[951]+codes[953] != 50 {
			t.Fatalf("codes %v, want one game opened", codes)
		}
		if main, house := m.cash(t); main != "0.00" || house != "1000.00" {
			t.Fatalf("main %s, in-house %s", main, house)
		}
		if r := m.post(t, "/api/member/game/leave1", map[string]any{}); r.Code != 100 {
			t.Fatalf("leave1: %d", r.Code)
		}
		if main, _ := m.cash(t); main != "1000.00" {
			t.Fatalf("after leaving: %s", main)
		}
	})
}

// TestStuckOpenGameIsFreed: an open game left in a passing state by a
// process that died (here: a row stuck in starting for three minutes)
// refuses launches with 951 until the sweep frees it; a game abandoned for
// a day is left, bringing its money back to the main wallet.
func TestStuckOpenGameIsFreed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.Reconcile(100*time.Millisecond))
		m := login(t, s, d)
		old := time.Now().Add(-3 * time.Minute).UnixMicro()
		if _, err := d.Exec(`INSERT INTO member_open_games (member_id, site_id, currency, provider, game_code, state, device,
			started_at, updated_at) VALUES ($1, 1, 'USD', 'GP001', 'gh_slot_fortune', 'starting', 0, $2, $2)`, m.id, old); err != nil {
			t.Fatal(err)
		}
		// The sweeper may free the stuck launch before this first play1 (then it
		// opens the game) or after (951, and a later play1 opens it).
		switch r := m.post(t, "/api/member/game/play1", play1); r.Code {
		case 100:
		case 951:
			waitFor(t, func() bool { return m.post(t, "/api/member/game/play1", play1).Code == 100 })
		default:
			t.Fatalf("play1 beside a stuck launch: %d", r.Code)
		}
		if main, house := m.cash(t); main != "0.00" || house != "1000.00" {
			t.Fatalf("playing: main %s, in-house %s", main, house)
		}
		// The member walks away for a day.
		if _, err := d.Exec(`UPDATE member_open_games SET updated_at = $2 WHERE member_id = $1`, m.id,
			time.Now().Add(-25*time.Hour).UnixMicro()); err != nil {
			t.Fatal(err)
		}
		waitFor(t, func() bool { main, house := m.cash(t); return main == "1000.00" && house == "0.00" })
		layout := m.post(t, "/api/member/profile/common/layout", map[string]any{})
		if !strings.Contains(string(layout.Data), `"is_playing":0`) {
			t.Fatalf("layout after the sweep: %s", layout.Data)
		}
	})
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}
