package games_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/dbtest"
	"gamehall/internal/games"
	"gamehall/internal/seed"
	"gamehall/internal/site"
)

// favorites is a member domain stand-in: member 7 likes the in-house slot.
type favorites struct{ calls int }

func (f *favorites) FavoriteGameIDs(_ context.Context, memberID int64) (map[int64]bool, error) {
	f.calls++
	if memberID == 7 {
		return map[int64]bool{1: true}, nil
	}
	return map[int64]bool{}, nil
}

// TestFavoritesAfterCache: answers are cached for everyone, and a member's
// favourites are marked on a copy, never leaking into the cache.
func TestFavoritesAfterCache(t *testing.T) {
	d := dbtest.SQLite(t)
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	a := api.New(msgs, slog.New(slog.NewTextHandler(io.Discard, nil)))
	mux := http.NewServeMux()
	favs := &favorites{}
	svc := games.NewService(games.NewStore(d), site.NewService(site.NewStore(d), false, time.Minute), nil, favs)
	member := func(r *http.Request) int64 {
		id, _ := strconv.ParseInt(r.Header.Get("X-Test-Member"), 10, 64)
		return id
	}
	games.NewHandler(svc, time.Minute, member, nil).Routes(a.NewRouter(mux), mux)
	srv := httptest.NewServer(api.Chain(mux, api.RequestContext(func(string) bool { return true }, nil)))
	t.Cleanup(srv.Close)

	favorite := func(path, body, member string) map[string]int {
		t.Helper()
		req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
		req.Header.Set("X-Test-Member", member)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		// Collect member_favorite of every game anywhere in the answer.
		out := map[string]int{}
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case map[string]any:
				if code, ok := x["game_code"].(string); ok {
					out[code] += int(x["member_favorite"].(float64))
				}
				for _, y := range x {
					walk(y)
				}
			case []any:
				for _, y := range x {
					walk(y)
				}
			}
		}
		var env map[string]any
		if err := json.Unmarshal(raw, &env); err != nil || env["code"].(float64) != 100 {
			t.Fatalf("%s: %s", path, raw)
		}
		walk(env["data"])
		return out
	}
	for _, c := range []struct{ path, body string }{
		{"/api/demo/gp_games", `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":2}`},
		{"/api/v3/game_list", `{"site_id":1,"currency":"USD","support_device":1}`},
		{"/api/v2/get_tag_game_list", `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":2}`},
		{"/api/v2/game_label", `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":2}`},
		{"/api/v2/get_template_game_list", `{"site_id":1,"currency":"USD","support_device":1}`},
		{"/api/arks/web/member-games/hot-games", `{"site_id":1,"currency":"USD","gt_id":0}`},
	} {
		if v := favorite(c.path, c.body, ""); v["gh_slot_fortune"] != 0 || len(v) == 0 {
			t.Fatalf("%s visitor: %v", c.path, v)
		}
		if v := favorite(c.path, c.body, "7"); v["gh_slot_fortune"] == 0 || v["gh_baccarat"] != 0 {
			t.Fatalf("%s member 7: %v", c.path, v)
		}
		if v := favorite(c.path, c.body, "8"); v["gh_slot_fortune"] != 0 {
			t.Fatalf("%s member 8 sees member 7's favourite: %v", c.path, v)
		}
		if v := favorite(c.path, c.body, ""); v["gh_slot_fortune"] != 0 {
			t.Fatalf("%s visitor after a member: %v", c.path, v)
		}
	}
	if favs.calls != 12 {
		t.Fatalf("favourites asked %d times, want once per member call", favs.calls)
	}
	// Without a launcher nothing launches: the in-house game is "not connected".
	req, _ := http.NewRequest("POST", srv.URL+"/api/demo/play", strings.NewReader(`{"site_id":1,"currency":"USD","device":1,"game_code":"gh_keno"}`))
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(raw), `"code":204`) {
		t.Fatalf("demo play without launcher: %s", raw)
	}
}
