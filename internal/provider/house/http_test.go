package house_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/provider/house"
	"gamehall/internal/testutil"
)

// call is one play API call and what the client must observe.
type call struct {
	name     string
	method   string // POST when empty
	path     string
	body     string
	headers  []string
	wantHTTP int // 200 when 0
	wantCode int
	wantMsg  string // a substring of the message, when set
	// wantExact is the whole message, when set: a translated text, never a
	// raw key or Go error text.
	wantExact string
	check     func(t *testing.T, data json.RawMessage)
}

func runCalls(t *testing.T, s *testutil.Server, calls []call) {
	t.Helper()
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			method := c.method
			if method == "" {
				method = http.MethodPost
			}
			wantHTTP := c.wantHTTP
			if wantHTTP == 0 {
				wantHTTP = http.StatusOK
			}
			res := s.Do(method, c.path, c.body, c.headers...)
			if res.HTTP != wantHTTP || res.Code != c.wantCode {
				t.Fatalf("%s %s %s: http %d code %d (%s), want http %d code %d", method, c.path, c.body, res.HTTP, res.Code,
					res.Message, wantHTTP, c.wantCode)
			}
			if c.wantExact != "" && res.Message != c.wantExact {
				t.Fatalf("message %q, want %q", res.Message, c.wantExact)
			}
			if c.wantMsg != "" && !strings.Contains(res.Message, c.wantMsg) {
				t.Fatalf("message %q does not name %q", res.Message, c.wantMsg)
			}
			if c.check != nil {
				c.check(t, res.Data)
			}
		})
	}
}

func decodeAs[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// openDemo launches game through /api/demo/play, as the lobby does, and
// answers the session id of its game_url.
func openDemo(t *testing.T, s *testutil.Server, game string) string {
	t.Helper()
	res := s.Post("/api/demo/play", fmt.Sprintf(`{"site_id":1,"currency":"USD","device":0,"game_code":%q}`, game))
	if res.Code != 100 {
		t.Fatalf("demo play %s: %d %s", game, res.Code, res.Message)
	}
	v := decodeAs[struct {
		GameURL string `json:"game_url"`
	}](t, res.Data)
	id, ok := strings.CutPrefix(v.GameURL, "/games/"+game+"/?session=")
	if !ok {
		t.Fatalf("game_url %q", v.GameURL)
	}
	return id
}

func sessionInfo(t *testing.T, s *testutil.Server, id string) house.SessionInfo {
	t.Helper()
	res := s.Post("/games/api/session", testutil.JSON(map[string]string{"session": id}))
	if res.Code != 100 {
		t.Fatalf("session: %d %s", res.Code, res.Message)
	}
	return decodeAs[house.SessionInfo](t, res.Data)
}

func playBody(session, request, choices string) string {
	return fmt.Sprintf(`{"session":%q,"request_id":%q,"choices":%s}`, session, request, choices)
}

// round checks a played round against its session and choices.
func round(session *int64, wantStake int64, wantGame string) func(t *testing.T, raw json.RawMessage) {
	return func(t *testing.T, raw json.RawMessage) {
		r := decodeAs[house.Round](t, raw)
		if r.ID <= 0 || r.GameCode != wantGame || r.GameVersion == "" || r.Currency != "USD" || r.Stake != wantStake {
			t.Fatalf("round %+v", r)
		}
		if r.BalanceBefore != *session || r.BalanceAfter != r.BalanceBefore-r.Stake+r.Win || r.Win < 0 {
			t.Fatalf("round %+v after balance %d", r, *session)
		}
		if len(r.Choices) < 5 || len(r.Outcome) < 10 {
			t.Fatalf("round lacks choices or outcome: %+v", r)
		}
		if _, err := time.Parse(time.RFC3339, r.CreatedAt); err != nil {
			t.Fatalf("created_at %q: %v", r.CreatedAt, err)
		}
		*session = r.BalanceAfter
	}
}

// TestPlayAPI drives the play API of the real app: a round of each game,
// every refusal the API documents, a retried request id and the history.
func TestPlayAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testutil.NewServer(t, d, testutil.TrustLoopback)
		slot, bac, keno := openDemo(t, s, "gh_slot_fortune"), openDemo(t, s, "gh_baccarat"), openDemo(t, s, "gh_keno")
		expired, short, orphan := openDemo(t, s, "gh_slot_fortune"), openDemo(t, s, "gh_slot_fortune"), "orphan-session-id"
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`UPDATE demo_sessions SET expires_at = $1 WHERE id_hash = $2`, []any{time.Now().Add(-time.Second).UnixMicro(), house.HashID(expired)}},
			{`UPDATE demo_sessions SET balance = 19 WHERE id_hash = $1`, []any{house.HashID(short)}},
			// A session of a game the in-house provider does not serve.
			{`INSERT INTO demo_sessions (id_hash, site_id, game_code, currency, balance, created_at, updated_at, expires_at)
				VALUES ($1, 1, 'gh_roulette', 'USD', 1000, $2, $2, $3)`,
				[]any{house.HashID(orphan), time.Now().UnixMicro(), time.Now().Add(time.Hour).UnixMicro()}},
		} {
			if _, err := d.ExecContext(ctx, q.sql, q.args...); err != nil {
				t.Fatalf("%s: %v", q.sql, err)
			}
		}

		info := sessionInfo(t, s, slot)
		if info.Kind != "slot" || !info.Demo || info.Balance != 200000 || info.RTP < 0.95 || info.RTP > 0.97 ||
			len(info.Limits.LineBets) == 0 || info.Rules == nil || info.Version == "" {
			t.Fatalf("slot session %+v", info)
		}
		slotBal, bacBal, kenoBal := int64(200000), int64(200000), int64(200000)
		lineBet := info.Limits.LineBets[2]
		bacLimits, kenoLimits := sessionInfo(t, s, bac).Limits, sessionInfo(t, s, keno).Limits
		chip, stake := bacLimits.Chips[1], kenoLimits.Stakes[3]
		const play = "/games/api/play"

		runCalls(t, s, []call{
			// Happy paths.
			{name: "slot spin", path: play, body: playBody(slot, "s1", fmt.Sprintf(`{"line_bet":%d}`, lineBet)), wantCode: 100,
				check: round(&slotBal, 20*lineBet, "gh_slot_fortune")},
			{name: "slot spin again", path: play, body: playBody(slot, "s2", fmt.Sprintf(`{"line_bet":%d}`, lineBet)), wantCode: 100,
				check: round(&slotBal, 20*lineBet, "gh_slot_fortune")},
			{name: "baccarat bet", path: play, body: playBody(bac, "b1", fmt.Sprintf(`{"bets":{"banker":%d,"tie":%d}}`, chip, chip)),
				wantCode: 100, check: round(&bacBal, 2*chip, "gh_baccarat")},
			{name: "keno pick", path: play, body: playBody(keno, "k1", fmt.Sprintf(`{"picks":[1,7,13,22,35],"stake":%d}`, stake)),
				wantCode: 100, check: round(&kenoBal, stake, "gh_keno")},
			{name: "session info in another language", path: "/games/api/session", body: testutil.JSON(map[string]string{"session": keno}),
				headers: []string{"lang", "zh_CN"}, wantCode: 100},

			// Sessions.
			{name: "unknown session", path: play, body: playBody("nope", "x1", `{"line_bet":1}`), wantCode: 207},
			{name: "no session", path: play, body: `{"request_id":"x2","choices":{"line_bet":1}}`, wantCode: 207},
			{name: "expired session", path: play, body: playBody(expired, "x3", `{"line_bet":1}`), wantCode: 207},
			{name: "expired session info", path: "/games/api/session", body: testutil.JSON(map[string]string{"session": expired}), wantCode: 207},
			{name: "expired session history", path: "/games/api/history", body: testutil.JSON(map[string]string{"session": expired}), wantCode: 207},
			{name: "unknown session history", path: "/games/api/history", body: `{"session":"nope"}`, wantCode: 207},
			{name: "session of an unknown game", path: play, body: playBody(orphan, "x4", `{"line_bet":1}`), wantCode: 204},
			{name: "session info of an unknown game", path: "/games/api/session", body: testutil.JSON(map[string]string{"session": orphan}), wantCode: 204},

			// Bets and choices.
			{name: "line bet off the ladder", path: play, body: playBody(slot, "x5", `{"line_bet":3}`), wantCode: 209},
			{name: "line bet above the ladder", path: play, body: playBody(slot, "x6", fmt.Sprintf(`{"line_bet":%d}`, 1000*info.Limits.LineBets[len(info.Limits.LineBets)-1])), wantCode: 209},
			{name: "zero line bet", path: play, body: playBody(slot, "x7", `{"line_bet":0}`), wantCode: 209},
			{name: "baccarat over the max bet", path: play, body: playBody(bac, "x8", fmt.Sprintf(`{"bets":{"player":%d}}`, bacLimits.MaxBet+bacLimits.Chips[0])), wantCode: 209},
			{name: "baccarat odd chip", path: play, body: playBody(bac, "x9", `{"bets":{"player":3}}`), wantCode: 209},
			{name: "baccarat no bet", path: play, body: playBody(bac, "x10", `{"bets":{}}`), wantCode: 209},
			{name: "baccarat unknown bet", path: play, body: playBody(bac, "x11", `{"bets":{"dragon":2000}}`), wantCode: 209},
			{name: "keno stake off the ladder", path: play, body: playBody(keno, "x12", `{"picks":[1],"stake":7}`), wantCode: 209,
				wantExact: "the bet is not valid for this game"},
			{name: "keno eleven picks", path: play, body: playBody(keno, "x13", fmt.Sprintf(`{"picks":[1,2,3,4,5,6,7,8,9,10,11],"stake":%d}`, stake)), wantCode: 210},
			{name: "keno no picks", path: play, body: playBody(keno, "x14", fmt.Sprintf(`{"picks":[],"stake":%d}`, stake)), wantCode: 210},
			{name: "keno duplicate picks", path: play, body: playBody(keno, "x15", fmt.Sprintf(`{"picks":[5,5],"stake":%d}`, stake)), wantCode: 210,
				wantExact: "the picked numbers are not valid"},
			{name: "keno duplicate picks in chinese", path: play, body: playBody(keno, "x15b", fmt.Sprintf(`{"picks":[5,5],"stake":%d}`, stake)),
				headers: []string{"lang", "zh_CN"}, wantCode: 210, wantExact: "所选号码无效"},
			{name: "keno pick out of range", path: play, body: playBody(keno, "x16", fmt.Sprintf(`{"picks":[0,81],"stake":%d}`, stake)), wantCode: 210},
			{name: "choices not an object", path: play, body: playBody(slot, "x17", `[1]`), wantCode: 209},
			{name: "no choices", path: play, body: fmt.Sprintf(`{"session":%q,"request_id":"x18"}`, slot), wantCode: 209},
			{name: "stake above the play money", path: play, body: playBody(short, "x19", `{"line_bet":1}`), wantCode: 208},

			// Bodies.
			{name: "no request id", path: play, body: fmt.Sprintf(`{"session":%q,"choices":{"line_bet":1}}`, slot), wantCode: 400, wantMsg: "request_id"},
			{name: "request id too long", path: play, body: playBody(slot, strings.Repeat("r", 65), `{"line_bet":1}`), wantCode: 400, wantMsg: "request_id"},
			{name: "malformed json", path: play, body: `{"session":`, wantCode: 400},
			{name: "session of the wrong type", path: play, body: `{"session":5,"request_id":"x20","choices":{}}`, wantCode: 400, wantMsg: "session"},
			{name: "request id of the wrong type", path: play, body: fmt.Sprintf(`{"session":%q,"request_id":7,"choices":{}}`, slot), wantCode: 400, wantMsg: "request_id"},
			{name: "session body of the wrong type", path: "/games/api/session", body: `{"session":["a"]}`, wantCode: 400, wantMsg: "session"},
			{name: "history limit of the wrong type", path: "/games/api/history", body: fmt.Sprintf(`{"session":%q,"limit":"ten"}`, slot), wantCode: 400, wantMsg: "limit"},
			{name: "NUL in the request id", path: play, body: fmt.Sprintf(`{"session":%q,"request_id":"x\u0000","choices":{"line_bet":1}}`, slot), wantCode: 400,
				wantExact: "invalid parameters: request_id must not contain a NUL character"},
			{name: "NUL in the choices", path: play, body: playBody(bac, "x22", `{"bets":{"\u0000":1}}`), wantCode: 400, wantMsg: "choices.bets"},
			{name: "text/plain body", path: play, body: playBody(slot, "x23", `{"line_bet":1}`), headers: []string{"Content-Type", "text/plain"},
				wantHTTP: 415, wantCode: 415},
			{name: "trailing data", path: play, body: playBody(slot, "x21", `{"line_bet":1}`) + `{}`, wantCode: 400},

			// Methods and paths.
			{name: "GET play", method: http.MethodGet, path: play, wantHTTP: 405, wantCode: 405},
			{name: "PUT session", method: http.MethodPut, path: "/games/api/session", body: `{}`, wantHTTP: 405, wantCode: 405},
			{name: "GET history", method: http.MethodGet, path: "/games/api/history", wantHTTP: 405, wantCode: 405},
		})

		// Nothing refused moved money or recorded a round.
		var rounds int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_rounds`).Scan(&rounds); err != nil || rounds != 4 {
			t.Fatalf("%d rounds recorded, want 4 (%v)", rounds, err)
		}
		if b := sessionInfo(t, s, short).Balance; b != 19 {
			t.Fatalf("a refused stake moved money: %d", b)
		}
		for id, want := range map[string]int64{slot: slotBal, bac: bacBal, keno: kenoBal} {
			if got := sessionInfo(t, s, id).Balance; got != want {
				t.Fatalf("session balance %d, want %d", got, want)
			}
		}

		// A retried request id answers the first round and moves nothing,
		// even with other choices.
		var first house.Round
		runCalls(t, s, []call{
			{name: "first call", path: play, body: playBody(keno, "retry", fmt.Sprintf(`{"picks":[2,4,6],"stake":%d}`, stake)), wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					round(&kenoBal, stake, "gh_keno")(t, raw)
					first = decodeAs[house.Round](t, raw)
				}},
			{name: "retry", path: play, body: playBody(keno, "retry", fmt.Sprintf(`{"picks":[2,4,6],"stake":%d}`, stake)), wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if r := decodeAs[house.Round](t, raw); r.ID != first.ID || string(r.Outcome) != string(first.Outcome) ||
						r.BalanceAfter != first.BalanceAfter || r.CreatedAt != first.CreatedAt {
						t.Fatalf("retry %+v, first %+v", r, first)
					}
				}},
			{name: "retry with other choices", path: play, body: playBody(keno, "retry", fmt.Sprintf(`{"picks":[9],"stake":%d}`, kenoLimits.Stakes[7])),
				wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					if r := decodeAs[house.Round](t, raw); r.ID != first.ID || r.Stake != first.Stake {
						t.Fatalf("retry %+v, first %+v", r, first)
					}
				}},
			{name: "same request id on another session is another round", path: play,
				body: playBody(slot, "retry", fmt.Sprintf(`{"line_bet":%d}`, lineBet)), wantCode: 100, check: round(&slotBal, 20*lineBet, "gh_slot_fortune")},
		})
		if got := sessionInfo(t, s, keno).Balance; got != first.BalanceAfter {
			t.Fatalf("balance %d after the retries, want %d (moved twice?)", got, first.BalanceAfter)
		}

		// The history lists every round, newest first, with its record.
		runCalls(t, s, []call{
			{name: "keno history", path: "/games/api/history", body: fmt.Sprintf(`{"session":%q}`, keno), wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decodeAs[struct {
						List []map[string]json.RawMessage `json:"list"`
					}](t, raw)
					if len(v.List) != 2 {
						t.Fatalf("%d rounds, want 2", len(v.List))
					}
					for _, f := range []string{"id", "created_at", "stake", "win", "balance_before", "balance_after", "choices", "outcome", "game_version", "game_code", "currency"} {
						if _, ok := v.List[0][f]; !ok {
							t.Fatalf("round without %s: %v", f, v.List[0])
						}
					}
					r := decodeAs[house.Round](t, mustMarshal(t, v.List[0]))
					if r.ID != first.ID || r.BalanceBefore != first.BalanceBefore || r.BalanceAfter != first.BalanceAfter ||
						r.Stake != first.Stake || r.Win != first.Win || r.GameVersion != "keno-80-20/1" || r.CreatedAt != first.CreatedAt {
						t.Fatalf("newest round %+v, played %+v", r, first)
					}
					choices := decodeAs[struct {
						Picks []int `json:"picks"`
						Stake int64 `json:"stake"`
					}](t, r.Choices)
					if fmt.Sprint(choices.Picks) != "[2 4 6]" || choices.Stake != stake {
						t.Fatalf("choices %s", r.Choices)
					}
					older := decodeAs[house.Round](t, mustMarshal(t, v.List[1]))
					if older.BalanceAfter != r.BalanceBefore || older.ID >= r.ID {
						t.Fatalf("older round %+v does not lead to %+v", older, r)
					}
				}},
			{name: "history limit", path: "/games/api/history", body: fmt.Sprintf(`{"session":%q,"limit":1}`, slot), wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					v := decodeAs[struct {
						List []house.Round `json:"list"`
					}](t, raw)
					if len(v.List) != 1 || v.List[0].BalanceAfter != slotBal || v.List[0].GameVersion == "" {
						t.Fatalf("history %+v, want the newest round ending at %d", v.List, slotBal)
					}
				}},
			{name: "empty history", path: "/games/api/history", body: fmt.Sprintf(`{"session":%q}`, short), wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if string(raw) != `{"list":[]}` {
						t.Fatalf("empty history %s", raw)
					}
				}},
		})

		// Unknown paths under /games/ are 404 (under /games/api/ in the
		// envelope); a game page answers GET only.
		for _, c := range []struct {
			method, path string
			want         int
		}{
			{http.MethodPost, "/games/api/nope", 404},
			{http.MethodGet, "/games/api/", 404},
			{http.MethodGet, "/games/api/session", 405},
			{http.MethodGet, "/games/gh_roulette/", 404},
			{http.MethodGet, "/games/gh_keno", 404},
			{http.MethodGet, "/games/gh_keno/extra/", 404},
			{http.MethodPost, "/games/gh_keno/", 405},
			{http.MethodDelete, "/games/gh_slot_fortune/?session=" + slot, 405},
		} {
			req, _ := http.NewRequest(c.method, s.URL+c.path, nil)
			res, err := s.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.want {
				t.Errorf("%s %s: %d, want %d", c.method, c.path, res.StatusCode, c.want)
			}
			if strings.HasPrefix(c.path, "/games/api/") && !bytes.HasPrefix(body, []byte(fmt.Sprintf(`{"code":%d,`, c.want))) {
				t.Errorf("%s %s: not an envelope: %s", c.method, c.path, body)
			}
		}
	})
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPlayAPIDemoMode: the site's demo_mode flag stops play on sessions
// opened before it went on (205, as /demo/play answers); the session and its
// history stay readable, and play resumes when the flag goes off.
func TestPlayAPIDemoMode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testutil.NewServer(t, d)
		id := openDemo(t, s, "gh_slot_fortune")
		bal := int64(200000)
		const play = "/games/api/play"
		runCalls(t, s, []call{{name: "before", path: play, body: playBody(id, "r1", `{"line_bet":10}`), wantCode: 100,
			check: round(&bal, 200, "gh_slot_fortune")}})
		if _, err := d.ExecContext(ctx, `UPDATE sites SET demo_mode = TRUE WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		runCalls(t, s, []call{
			{name: "play refused", path: play, body: playBody(id, "r2", `{"line_bet":10}`), wantCode: 205},
			{name: "play refused in Chinese", path: play, body: playBody(id, "r3", `{"line_bet":10}`), headers: []string{"lang", "zh_CN"}, wantCode: 205},
			{name: "demo play refused", path: "/api/demo/play", body: `{"site_id":1,"currency":"USD","device":0,"game_code":"gh_keno"}`, wantCode: 205},
			{name: "session readable", path: "/games/api/session", body: testutil.JSON(map[string]string{"session": id}), wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if v := decodeAs[house.SessionInfo](t, raw); v.Balance != bal || !v.PlayDisabled {
						t.Fatalf("session %+v, want balance %d and play disabled", v, bal)
					}
				}},
			{name: "history readable", path: "/games/api/history", body: testutil.JSON(map[string]string{"session": id}), wantCode: 100},
		})
		var rounds int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_rounds`).Scan(&rounds); err != nil || rounds != 1 {
			t.Fatalf("%d rounds in demo mode, want 1 (%v)", rounds, err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE sites SET demo_mode = FALSE WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		runCalls(t, s, []call{{name: "after", path: play, body: playBody(id, "r4", `{"line_bet":10}`), wantCode: 100,
			check: round(&bal, 200, "gh_slot_fortune")}})
	})
}

// TestPlayAPIRateLimit: a client address gets PlaysPerMinute plays a minute;
// beyond, HTTP 429 with code 429, and nothing is played. A retry of a
// played round still answers it, and another address is not affected.
func TestPlayAPIRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := testutil.NewServer(t, d, testutil.TrustLoopback)
		id := openDemo(t, s, "gh_keno")
		bal := int64(200000)
		const busy, calm = "203.0.113.7", "203.0.113.8"
		// The busy address has used all but one play of this minute (and of
		// the next, should the minute turn during the test).
		now := time.Now()
		for _, w := range []time.Time{now.Truncate(time.Minute), now.Truncate(time.Minute).Add(time.Minute)} {
			if _, err := d.ExecContext(ctx, `INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, $3)`,
				"play:ip:"+busy, w.UnixMicro(), house.PlaysPerMinute-1); err != nil {
				t.Fatal(err)
			}
		}
		const play = "/games/api/play"
		var first int64
		played := round(&bal, 100, "gh_keno")
		runCalls(t, s, []call{
			{name: "last play of the minute", path: play, body: playBody(id, "r1", `{"picks":[1],"stake":100}`),
				headers: []string{"X-Forwarded-For", busy}, wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					played(t, raw)
					first = decodeAs[house.Round](t, raw).ID
				}},
			{name: "over the limit", path: play, body: playBody(id, "r2", `{"picks":[1],"stake":100}`),
				headers: []string{"X-Forwarded-For", busy}, wantHTTP: 429, wantCode: 429},
			{name: "still over the limit", path: play, body: playBody(id, "r3", `{"picks":[1],"stake":100}`),
				headers: []string{"X-Forwarded-For", busy}, wantHTTP: 429, wantCode: 429},
			{name: "a retry of the played round", path: play, body: playBody(id, "r1", `{"picks":[1],"stake":100}`),
				headers: []string{"X-Forwarded-For", busy}, wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					if r := decodeAs[house.Round](t, raw); r.ID != first || r.BalanceAfter != bal {
						t.Fatalf("retry answered %+v, want round %d", r, first)
					}
				}},
			{name: "another address", path: play, body: playBody(id, "r4", `{"picks":[1],"stake":100}`),
				headers: []string{"X-Forwarded-For", calm}, wantCode: 100, check: round(&bal, 100, "gh_keno")},
			{name: "session not limited", path: "/games/api/session", body: testutil.JSON(map[string]string{"session": id}),
				headers: []string{"X-Forwarded-For", busy}, wantCode: 100},
		})
		var rounds int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_rounds`).Scan(&rounds); err != nil || rounds != 2 {
			t.Fatalf("%d rounds, want 2 (%v)", rounds, err)
		}
	})
}

// pages records the entry a game page request is served.
type pages struct{ served []string }

func (p *pages) ServeEntry(w http.ResponseWriter, r *http.Request, name string) {
	p.served = append(p.served, name)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = io.WriteString(w, "<!doctype html><title>"+name+"</title>")
}

// TestGamePages: GET /games/{code}/ serves the game's own front-end entry
// (the built pages are not needed: the entry server is stubbed).
func TestGamePages(t *testing.T) {
	d := dbtest.SQLite(t)
	demo, clk := setup(t, d)
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	apis := api.New(msgs, slog.New(slog.NewTextHandler(io.Discard, nil)))
	mux := http.NewServeMux()
	p := &pages{}
	play := house.NewPlay(inHouse(), house.NewStore(d), demo, nil, clk.Now, house.SourceFunc(nil))
	house.NewHandler(play, p).Routes(apis.NewRouter(mux), mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, c := range []struct {
		method, path string
		want         int
		entry        string
	}{
		{http.MethodGet, "/games/gh_slot_fortune/?session=abc", 200, "games/slot/index.html"},
		{http.MethodGet, "/games/gh_baccarat/", 200, "games/baccarat/index.html"},
		{http.MethodHead, "/games/gh_keno/", 200, "games/keno/index.html"},
		{http.MethodGet, "/games/gh_roulette/", 404, ""},
		{http.MethodGet, "/games/gh_keno", 404, ""},
		{http.MethodGet, "/games/", 404, ""},
		{http.MethodPost, "/games/gh_keno/", 405, ""},
	} {
		p.served = nil
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		got := strings.Join(p.served, ",")
		if res.StatusCode != c.want || got != c.entry {
			t.Errorf("%s %s: %d serving %q, want %d serving %q", c.method, c.path, res.StatusCode, got, c.want, c.entry)
		}
		if c.want == 405 && res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q", c.method, c.path, res.Header.Get("Allow"))
		}
	}
}
