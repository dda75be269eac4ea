package games_test

import (
	"context"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

func TestGameTypes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		// Type 1 exists in some catalogues but is never shown (spec section 1).
		if _, err := d.ExecContext(context.Background(), `INSERT INTO game_types (id, type_key, name_en, hall_label_i18n, app_prefix, icon, icon_active, sort)
			VALUES (1, 'all', 'All', '{}', 'a_', '/media/game-type/2.svg', '/media/game-type/2.svg', -1)`); err != nil {
			t.Fatal(err)
		}
		body := `{"site_id":1,"support_device":1,"currency":"USD","template":"default"}`
		res := s.Post("/api/demo/gt_games", body, "lang", "vi_VN")
		if res.Code != 100 {
			t.Fatalf("code %d %s", res.Code, res.Message)
		}
		var v struct {
			List []struct {
				GTID         int    `json:"gt_id"`
				GTName       string `json:"gt_name"`
				GTKey        string `json:"gt_key"`
				Prefix       string `json:"app_type_prefix"`
				GTIcon       string `json:"gt_icon"`
				GTIconActive string `json:"gt_icon_active"`
				GPList       []any  `json:"gp_list"`
			} `json:"list"`
		}
		res.Decode(t, &v)
		wantPrefix := map[int]string{2: "e_", 3: "v_", 4: "s_", 5: "l_", 6: "c_", 7: "t_", 8: "d_", 9: "g_"}
		if len(v.List) != 8 {
			t.Fatalf("types = %+v", v.List)
		}
		for _, gt := range v.List {
			if gt.GTID == 1 {
				t.Fatal("type 1 shown")
			}
			if wantPrefix[gt.GTID] != gt.Prefix || gt.GTIcon == "" || gt.GTIconActive == "" || gt.GPList == nil {
				t.Fatalf("type %+v", gt)
			}
		}
		if v.List[0].GTName != "Slot" || v.List[1].GTName != "Casino trực tiếp" {
			t.Fatalf("labels not in vi_VN: %+v", v.List[:2])
		}
		for _, bad := range []struct {
			body string
			code int
		}{{`{"site_id":999}`, 404}, {`{"site_id":"1"}`, 400}, {`{`, 400}} {
			if res := s.Post("/api/demo/gt_games", bad.body); res.Code != bad.code {
				t.Errorf("%s: code %d want %d", bad.body, res.Code, bad.code)
			}
		}
	})
}
