package games_test

import (
	"fmt"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

func gameID(t *testing.T, d *db.DB, code string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRow(`SELECT id FROM games WHERE game_code = $1`, code).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestFavoritesAndLastPlayed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev)
		auth := []string{"Authorization", "Bearer " + s.Login(seed.DemoMember, seed.DemoPassword)}
		slot, keno := gameID(t, d, "gh_slot_fortune"), gameID(t, d, "gh_keno")

		if res := s.Post("/api/arks/web/member-games/favorite/store", fmt.Sprintf(`{"data":[%d,%d],"status":1}`, slot, keno), auth...); res.Code != 100 {
			t.Fatalf("store: %d %s", res.Code, res.Message)
		}
		list := `{"currency":"USD","site_id":1,"support_device":1,"template":"default"}`
		marked := func(headers ...string) map[string]bool {
			res := s.Post("/api/v3/game_list", list, headers...)
			out := map[string]bool{}
			var v struct {
				List []struct {
					GameCode string `json:"game_code"`
					Fav      int    `json:"member_favorite"`
				} `json:"list"`
			}
			res.Decode(t, &v)
			for _, g := range v.List {
				if g.Fav == 1 {
					out[g.GameCode] = true
				}
			}
			return out
		}
		if m := marked(auth...); len(m) != 2 || !m["gh_slot_fortune"] || !m["gh_keno"] {
			t.Fatalf("favourites marked: %v", m)
		}
		if m := marked(); len(m) != 0 {
			t.Fatalf("a visitor sees a member's favourites: %v", m)
		}
		other := []string{"Authorization", "Bearer " + s.Login(seed.DemoAgent, seed.DemoPassword)}
		if m := marked(other...); len(m) != 0 {
			t.Fatalf("another member sees demo001's favourites: %v", m)
		}
		s.Post("/api/arks/web/member-games/favorite/store", fmt.Sprintf(`{"data":[%d],"status":0}`, keno), auth...)
		if m := marked(auth...); len(m) != 1 || !m["gh_slot_fortune"] {
			t.Fatalf("after removing keno: %v", m)
		}
		for body, want := range map[string]int{
			`{"data":[999999],"status":1}`:                404,
			fmt.Sprintf(`{"data":[%d]}`, slot):            400,
			fmt.Sprintf(`{"data":[%d],"status":2}`, slot): 400,
			`{"data":[],"status":1}`:                      400,
		} {
			if res := s.Post("/api/arks/web/member-games/favorite/store", body, auth...); res.Code != want {
				t.Errorf("%s: %d, want %d", body, res.Code, want)
			}
		}
		if res := s.Post("/api/arks/web/member-games/favorite/store", fmt.Sprintf(`{"data":[%d],"status":1}`, slot)); res.HTTP != 401 {
			t.Fatalf("visitor favourite: http %d", res.HTTP)
		}

		play := func(code string) {
			res := s.Post("/api/demo/play", fmt.Sprintf(`{"site_id":1,"currency":"USD","device":0,"game_code":%q}`, code), auth...)
			if res.Code != 100 {
				t.Fatalf("demo play %s: %d %s", code, res.Code, res.Message)
			}
		}
		play("gh_keno")
		play("gh_slot_fortune")
		res := s.Post("/api/arks/web/member-games/last-playing-game", `{}`, auth...)
		if res.Code != 100 || !strings.Contains(string(res.Data), fmt.Sprintf(`"list":[%d,%d]`, slot, keno)) {
			t.Fatalf("last played: %d %s", res.Code, res.Data)
		}
		if res := s.Post("/api/arks/web/member-games/last-playing-game", `{}`, other...); string(res.Data) != `{"list":[]}` {
			t.Fatalf("another member's last played: %s", res.Data)
		}
		if res := s.Post("/api/arks/web/member-games/last-playing-game", `{}`); res.HTTP != 401 {
			t.Fatalf("visitor: http %d", res.HTTP)
		}
	})
}
