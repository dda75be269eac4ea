package remote_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/provider"
	"gamehall/internal/provider/remote"
)

// clock is a test clock the sandbox and its client share.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// pageEnv is a sandbox on a test clock with its pages served, and the
// members whose acknowledgements reached the platform's callback.
type pageEnv struct {
	sb    *remote.Sandbox
	clock *clock
	pages *httptest.Server
	mu    sync.Mutex
	acked []int64
}

func pageSetup(t *testing.T, d *db.DB) *pageEnv {
	t.Helper()
	e := &pageEnv{clock: &clock{now: time.Date(2026, 11, 25, 2, 0, 0, 0, time.UTC)}}
	sb, err := remote.Start(d, remote.StartOptions{Addr: "127.0.0.1:0", Timeout: testTimeout, Now: e.clock.Now,
		RealityAcked: func(_ context.Context, memberID int64) error {
			e.mu.Lock()
			defer e.mu.Unlock()
			e.acked = append(e.acked, memberID)
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	e.sb = sb
	e.pages = httptest.NewServer(sb.Pages)
	t.Cleanup(e.pages.Close)
	return e
}

func (e *pageEnv) ackedMembers() []int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]int64(nil), e.acked...)
}

// fund makes the member a player at the sandbox with money in its wallet.
func (e *pageEnv) fund(t *testing.T, memberID int64, amount int64) provider.Player {
	t.Helper()
	p := provider.Player{SiteID: 1, MemberID: memberID, Currency: "USD", Exponent: 2}
	ctx := context.Background()
	if err := e.sb.Client.EnsurePlayer(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := e.sb.Client.TransferIn(ctx, provider.Transfer{OrderNo: fmt.Sprintf("fund-%d", memberID), Player: p, Amount: amount}); err != nil {
		t.Fatal(err)
	}
	return p
}

// call posts to the page's play API and answers the envelope.
func (e *pageEnv) call(t *testing.T, path string, body map[string]any) (code float64, data map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	res, err := http.Post(e.pages.URL+"/rgs/api/"+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Code float64        `json:"code"`
		Data map[string]any `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Code, out.Data
}

func (e *pageEnv) spin(t *testing.T, token, requestID string) (float64, map[string]any) {
	t.Helper()
	return e.call(t, "play", map[string]any{"session": token, "request_id": requestID, "line_bet": 5})
}

// TestRemoteRealityCheck: a real-money session launched with the member's
// interval refuses rounds once it has run (code 460, with the elapsed
// minutes, the session's net position and the member's pages) until the
// member acknowledges on the page; the acknowledgement restarts the
// interval and reaches the platform once. A retried round settled before
// the check fell due still answers; demo play and an interval of 0 never
// stop.
func TestRemoteRealityCheck(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := pageSetup(t, d)
		p := e.fund(t, 41, 100_00)
		u, err := e.sb.Client.LaunchURL(ctx, provider.Launch{Player: p, GameCode: "aur_northern_lights", Lang: "zh_CN", LobbyURL: "/close",
			RealityMinutes: 15, HistoryURL: "/user/Transaction", LimitsURL: "/user/Limits"})
		if err != nil {
			t.Fatal(err)
		}
		if q, _ := url.Parse(u); q.Query().Get("lang") != "zh_CN" {
			t.Fatalf("the launch URL names the language: %s", u)
		}
		token := sessionOf(t, u)
		if code, info := e.call(t, "session", map[string]any{"session": token}); code != 0 || info["reality_minutes"] != float64(15) ||
			info["reality"] != nil {
			t.Fatalf("session: %v %v", code, info)
		}
		net := int64(0)
		for i := range 3 {
			e.clock.add(time.Minute)
			code, r := e.spin(t, token, fmt.Sprintf("r%d", i))
			if code != 0 {
				t.Fatalf("round %d: %v %v", i, code, r)
			}
			net += int64(r["win"].(float64)) - int64(r["stake"].(float64))
		}
		e.clock.add(12 * time.Minute) // 15 minutes since the launch
		code, due := e.spin(t, token, "late")
		want := map[string]any{"minutes": float64(15), "elapsed_minutes": float64(15), "net": float64(net),
			"history_url": "/user/Transaction", "limits_url": "/user/Limits"}
		if code != 460 || fmt.Sprint(due) != fmt.Sprint(want) {
			t.Fatalf("a round once the interval ran: %v %v, want 460 %v", code, due, want)
		}
		if code, r := e.spin(t, token, "r2"); code != 0 || r["request_id"] != "r2" {
			t.Fatalf("a retry of a round settled before: %v %v", code, r)
		}
		if _, info := e.call(t, "session", map[string]any{"session": token}); fmt.Sprint(info["reality"]) != fmt.Sprint(want) {
			t.Fatalf("a page opened while the check waits shows it: %v", info["reality"])
		}
		if got := e.ackedMembers(); len(got) != 0 {
			t.Fatalf("nothing acknowledged yet, the platform was told %v", got)
		}

		// Many acknowledgements at once (double clicks, two tabs): one
		// restarts the interval and tells the platform.
		var wg sync.WaitGroup
		var acks atomic.Int64
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				raw, _ := json.Marshal(map[string]any{"session": token})
				res, err := http.Post(e.pages.URL+"/rgs/api/reality/ack", "application/json", bytes.NewReader(raw))
				if err != nil {
					t.Error(err)
					return
				}
				defer res.Body.Close()
				b, _ := io.ReadAll(res.Body)
				if strings.Contains(string(b), `"acknowledged":true`) {
					acks.Add(1)
				} else if !strings.Contains(string(b), `"acknowledged":false`) {
					t.Errorf("ack: %s", b)
				}
			}()
		}
		wg.Wait()
		if acks.Load() != 1 || fmt.Sprint(e.ackedMembers()) != "[41]" {
			t.Fatalf("concurrent acknowledgements: %d acknowledged, platform told %v", acks.Load(), e.ackedMembers())
		}
		if code, r := e.spin(t, token, "after-ack"); code != 0 {
			t.Fatalf("a round after the acknowledgement: %v %v", code, r)
		}
		e.clock.add(14 * time.Minute)
		if code, _ := e.spin(t, token, "before-next"); code != 0 {
			t.Fatalf("a round 14 minutes after the acknowledgement: %v", code)
		}
		e.clock.add(time.Minute)
		if code, r := e.spin(t, token, "next"); code != 460 || r["elapsed_minutes"] != float64(30) {
			t.Fatalf("15 minutes after the acknowledgement: %v %v", code, r)
		}

		// No interval, and play money: never stopped.
		if err := e.sb.Client.Leave(ctx, p); err != nil {
			t.Fatal(err)
		}
		off, err := e.sb.Client.LaunchURL(ctx, provider.Launch{Player: p, GameCode: "aur_northern_lights", LobbyURL: "/close"})
		if err != nil {
			t.Fatal(err)
		}
		demo, err := e.sb.Client.StartDemo(ctx, provider.DemoLaunch{SiteID: 1, GameCode: "aur_northern_lights", Currency: "USD",
			Exponent: 2, Lang: "ja_JP"})
		if err != nil || !strings.Contains(demo, "lang=ja_JP") {
			t.Fatalf("demo launch: %q %v", demo, err)
		}
		e.clock.add(3 * time.Hour)
		for _, tok := range []string{sessionOf(t, off), sessionOf(t, demo)} {
			if code, r := e.spin(t, tok, "free"); code != 0 {
				t.Fatalf("a round without a check: %v %v", code, r)
			}
		}
		if code, r := e.call(t, "reality/ack", map[string]any{"session": sessionOf(t, off)}); code != 0 || r["acknowledged"] != false {
			t.Fatalf("acknowledging nothing due: %v %v", code, r)
		}
		if fmt.Sprint(e.ackedMembers()) != "[41]" {
			t.Fatalf("the platform told of a check not due: %v", e.ackedMembers())
		}

		// What a launch may hand over is bounded.
		for _, l := range []provider.Launch{
			{Player: p, GameCode: "aur_northern_lights", RealityMinutes: -1},
			{Player: p, GameCode: "aur_northern_lights", RealityMinutes: 24*60 + 1},
			{Player: p, GameCode: "aur_northern_lights", HistoryURL: "//evil.example/x"},
			{Player: p, GameCode: "aur_northern_lights", LimitsURL: "https://evil.example/"},
		} {
			if _, err := e.sb.Client.LaunchURL(ctx, l); err == nil {
				t.Errorf("launch %+v accepted", l)
			}
		}
	})
}

// TestRemoteHistoryIsThePlayersOwn: the page's history panel lists the
// session's player's own rounds of the game (every session of theirs),
// newest first, at most 20; never another player's, and a demo session
// only its own.
func TestRemoteHistoryIsThePlayersOwn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := pageSetup(t, d)
		launch := func(p provider.Player, game string) string {
			u, err := e.sb.Client.LaunchURL(ctx, provider.Launch{Player: p, GameCode: game, LobbyURL: "/close"})
			if err != nil {
				t.Fatal(err)
			}
			return sessionOf(t, u)
		}
		demo := func() string {
			u, err := e.sb.Client.StartDemo(ctx, provider.DemoLaunch{SiteID: 1, GameCode: "aur_northern_lights", Currency: "USD", Exponent: 2})
			if err != nil {
				t.Fatal(err)
			}
			return sessionOf(t, u)
		}
		history := func(token string) []map[string]any {
			t.Helper()
			code, data := e.call(t, "history", map[string]any{"session": token})
			if code != 0 {
				t.Fatalf("history: %v %v", code, data)
			}
			raw, _ := json.Marshal(data["rounds"])
			var rs []map[string]any
			if err := json.Unmarshal(raw, &rs); err != nil {
				t.Fatal(err)
			}
			return rs
		}
		a, b := e.fund(t, 51, 500_00), e.fund(t, 52, 500_00)
		a1, b1 := launch(a, "aur_northern_lights"), launch(b, "aur_northern_lights")
		aOther := launch(a, "aur_polar_treasure")
		d1, d2 := demo(), demo()
		if rs := history(a1); len(rs) != 0 {
			t.Fatalf("history before any round: %v", rs)
		}
		var aBalances []float64
		for i := range 12 {
			e.clock.add(time.Second)
			for _, tok := range []string{a1, b1, d1} {
				if code, r := e.spin(t, tok, fmt.Sprintf("s%d", i)); code != 0 {
					t.Fatalf("round: %v %v", code, r)
				} else if tok == a1 {
					aBalances = append(aBalances, r["balance"].(float64))
				}
			}
		}
		if code, _ := e.spin(t, aOther, "other-game"); code != 0 {
			t.Fatal("a round of another game")
		}
		// A's second session of the game sees the first one's rounds too.
		a2 := launch(a, "aur_northern_lights")
		for i := range 10 {
			e.clock.add(time.Second)
			code, r := e.spin(t, a2, fmt.Sprintf("t%d", i))
			if code != 0 {
				t.Fatalf("round: %v %v", code, r)
			}
			aBalances = append(aBalances, r["balance"].(float64))
		}
		rs := history(a2)
		if len(rs) != 20 {
			t.Fatalf("A sees %d rounds, want the latest 20", len(rs))
		}
		for i, r := range rs {
			if want := aBalances[len(aBalances)-1-i]; r["balance"] != want || r["stake"] != float64(100) {
				t.Fatalf("A's round %d: %v, want balance %v (newest first)", i, r, want)
			}
			if i > 0 && r["id"].(float64) >= rs[i-1]["id"].(float64) {
				t.Fatalf("not newest first: %v", rs)
			}
			if _, err := time.Parse(time.RFC3339, r["at"].(string)); err != nil {
				t.Fatalf("time %v", r["at"])
			}
		}
		seen := map[float64]bool{}
		for _, r := range rs {
			seen[r["id"].(float64)] = true
		}
		for _, tok := range []string{b1, d1} {
			for _, r := range history(tok) {
				if seen[r["id"].(float64)] {
					t.Fatalf("A's round %v shows in another player's history", r)
				}
			}
		}
		if n := len(history(b1)); n != 12 {
			t.Fatalf("B sees %d rounds, played 12", n)
		}
		if n := len(history(aOther)); n != 1 {
			t.Fatalf("the other game's history has %d rounds, want 1", n)
		}
		if n := len(history(d1)); n != 12 {
			t.Fatalf("the demo session sees %d rounds, played 12", n)
		}
		if n := len(history(d2)); n != 0 {
			t.Fatalf("another demo session sees %d rounds of the first", n)
		}
		if err := e.sb.Client.Leave(ctx, a); err != nil {
			t.Fatal(err)
		}
		if code, _ := e.call(t, "history", map[string]any{"session": a2}); code != 404 {
			t.Fatalf("history of a closed session: %v", code)
		}
	})
}

// TestPageSpeaksEveryLanguage: the page's dictionaries have every key the
// page uses in each of the eleven languages, translated (the same text as
// English only where listed).
func TestPageSpeaksEveryLanguage(t *testing.T) {
	e := pageSetup(t, dbtest.SQLite(t))
	get := func(path string) string {
		res, err := http.Get(e.pages.URL + path)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("%s: %v %v", path, res, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	src := get("/rgs/play/i18n.js")
	start, end := strings.Index(src, "var DICTS = ")+len("var DICTS = "), strings.Index(src, "\n  };\n")+len("\n  }")
	var dicts map[string]map[string]string
	if err := json.Unmarshal([]byte(src[start:end]), &dicts); err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, re := range []string{`data-i18n="(\w+)"`} {
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(get("/rgs/play/"), -1) {
			used[m[1]] = true
		}
	}
	game := get("/rgs/play/game.js")
	for _, re := range []string{`\bt\('(\w+)'`, `\d{3}: '(\w+)'`, `\['(player)', '(banker)', '(tie)'\]`} {
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(game, -1) {
			for _, k := range m[1:] {
				used[k] = true
			}
		}
	}
	if len(used) < 30 {
		t.Fatalf("found only %d keys in the page: %v", len(used), used)
	}
	// Texts that may read as in English: an abbreviation Vietnamese keeps.
	same := map[string]bool{"vi_VN.rtp": true}
	en := dicts["en_US"]
	for k := range used {
		if en[k] == "" {
			t.Errorf("the page uses %q, which en_US lacks", k)
		}
	}
	for _, lang := range remote.Langs {
		dict, ok := dicts[lang]
		if !ok {
			t.Errorf("no %s dictionary", lang)
			continue
		}
		if len(dict) != len(en) {
			t.Errorf("%s has %d keys, en_US %d", lang, len(dict), len(en))
		}
		for k, v := range en {
			if dict[k] == "" || (lang != "en_US" && dict[k] == v && !same[lang+"."+k]) {
				t.Errorf("%s.%s = %q (English %q)", lang, k, dict[k], v)
			}
		}
	}
}
