package games_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// lobbyGame is a tile of the demo lobby.
type lobbyGame struct {
	GPID     int64  `json:"gp_id"`
	GameType int    `json:"game_type"`
	GameCode string `json:"game_code"`
	House    int    `json:"house"`
	device   int    // the play device id it is launched from (0 desktop, 1 mobile)
}

// lobbyGames lists every tile of the demo lobby in a currency, desktop
// first, then the games only a phone shows.
func lobbyGames(t *testing.T, s *testutil.Server, currency string) []lobbyGame {
	t.Helper()
	var out []lobbyGame
	seen := map[string]bool{}
	for device, support := range []int{1, 2} {
		var v struct {
			List []lobbyGame `json:"list"`
		}
		r := s.Post("/api/v3/game_list", testutil.JSON(map[string]any{"site_id": 1, "currency": currency, "support_device": support}))
		r.Decode(t, &v)
		if r.Code != 100 || len(v.List) == 0 {
			t.Fatalf("game_list %s: %d %s", currency, r.Code, r.Data)
		}
		for _, g := range v.List {
			if !seen[g.GameCode] {
				seen[g.GameCode] = true
				g.device = device
				out = append(out, g)
			}
		}
	}
	return out
}

// playOne plays one smallest round of the game behind a game URL (an
// in-house page or the sandbox's) and answers the money it won less the
// stake.
func playOne(t *testing.T, s *testutil.Server, gameURL, rid string) int64 {
	t.Helper()
	u, err := url.Parse(gameURL)
	if err != nil || u.Query().Get("session") == "" {
		t.Fatalf("game_url %q", gameURL)
	}
	session := u.Query().Get("session")
	var round struct {
		Stake int64 `json:"stake"`
		Win   int64 `json:"win"`
	}
	if strings.HasPrefix(u.Path, "/rgs/") {
		info := s.Post("/rgs/api/session", testutil.JSON(map[string]any{"session": session}))
		var v struct {
			Kind     string  `json:"kind"`
			Name     string  `json:"name"`
			RTP      float64 `json:"rtp"`
			MinPicks int     `json:"min_picks"`
		}
		info.Decode(t, &v)
		if info.Code != 0 || v.Name == "" || v.RTP < 0.9 || v.RTP >= 1 {
			t.Fatalf("%s session: %d %s", gameURL, info.Code, info.Data)
		}
		body := map[string]any{"session": session, "request_id": rid}
		switch v.Kind {
		case "slot":
			body["line_bet"] = 1
		case "keno":
			picks := []int{}
			for i := range v.MinPicks {
				picks = append(picks, 7*i+3)
			}
			body["picks"], body["stake"] = picks, 100
		case "baccarat":
			body["bets"] = []map[string]any{{"kind": "banker", "stake": 100}}
		default:
			t.Fatalf("%s: kind %q", gameURL, v.Kind)
		}
		r := s.Post("/rgs/api/play", testutil.JSON(body))
		r.Decode(t, &round)
		if r.Code != 0 || round.Stake <= 0 {
			t.Fatalf("%s round: %d %s", gameURL, r.Code, r.Data)
		}
		return round.Win - round.Stake
	}
	info := s.Post("/games/api/session", testutil.JSON(map[string]any{"session": session}))
	var v struct {
		Kind   string `json:"kind"`
		Limits struct {
			LineBets []int64 `json:"line_bets"`
			Stakes   []int64 `json:"stakes"`
			Chips    []int64 `json:"chips"`
		} `json:"limits"`
	}
	info.Decode(t, &v)
	choices := map[string]any{}
	switch {
	case v.Kind == "slot" && len(v.Limits.LineBets) > 0:
		choices["line_bet"] = v.Limits.LineBets[0]
	case v.Kind == "keno" && len(v.Limits.Stakes) > 0:
		choices["picks"], choices["stake"] = []int{5}, v.Limits.Stakes[0]
	case v.Kind == "baccarat" && len(v.Limits.Chips) > 0:
		choices["bets"] = map[string]int64{"banker": v.Limits.Chips[0]}
	default:
		t.Fatalf("%s session: %d %s", gameURL, info.Code, info.Data)
	}
	r := s.Post("/games/api/play", testutil.JSON(map[string]any{"session": session, "request_id": rid, "choices": choices}))
	r.Decode(t, &round)
	if r.Code != 100 || round.Stake <= 0 {
		t.Fatalf("%s round: %d %s", gameURL, r.Code, r.Data)
	}
	return round.Win - round.Stake
}

// TestEveryTileLaunches walks every game of the demo lobby: each opens in
// demo play (every currency's lobby, from the device that shows it) and
// plays a round; each opens with a member's real money through play1,
// plays a round and leaves, and the member's money ends where the rounds
// say, with the ledger audit clean.
func TestEveryTileLaunches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(adminKey),
			testutil.Reconcile(200*time.Millisecond))
		for _, currency := range []string{"USD", "VND"} {
			for i, g := range lobbyGames(t, s, currency) {
				r := s.Post("/api/demo/play", testutil.JSON(map[string]any{"site_id": 1, "currency": currency, "device": g.device,
					"gp_id": g.GPID, "game_type": g.GameType, "game_code": g.GameCode, "house": g.House}),
					"X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i%200+1))
				var v struct {
					GameURL string `json:"game_url"`
				}
				r.Decode(t, &v)
				if r.Code != 100 {
					t.Fatalf("demo %s %s: %d %s", currency, g.GameCode, r.Code, r.Message)
				}
				playOne(t, s, v.GameURL, "demo-"+g.GameCode)
			}
		}

		m := login(t, s, d)
		gameURL := gameURLs(t, s, m)
		const start = 100000 // the demo member's 1,000.00 USD
		if main := m.walletOf(t, ""); main != "1000.00" {
			t.Fatalf("main before %s", main)
		}
		var net int64
		for _, g := range lobbyGames(t, s, "USD") {
			r := m.post(t, "/api/member/game/play1", map[string]any{"gp_id": g.GPID, "game_type": g.GameType, "game_code": g.GameCode,
				"lobby_url": "/close", "device": g.device})
			if r.Code != 100 {
				t.Fatalf("play1 %s: %d %s", g.GameCode, r.Code, r.Message)
			}
			net += playOne(t, s, gameURL(), "real-"+g.GameCode)
			if r := m.post(t, "/api/member/game/leave1", map[string]any{}); r.Code != 100 {
				t.Fatalf("leave1 %s: %d %s", g.GameCode, r.Code, r.Message)
			}
		}
		want := fmt.Sprintf("%d.%02d", (start+net)/100, (start+net)%100)
		if main := m.walletOf(t, ""); main != want {
			t.Fatalf("main after every game %s, want %s (net %d)", main, want, net)
		}
		for code, b := range m.wallets(t) {
			if code != "" && b != "0.00" {
				t.Fatalf("%s wallet holds %s after leaving", code, b)
			}
		}
		auditClean(t, s, "after every game")
	})
}
