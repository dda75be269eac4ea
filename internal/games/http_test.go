package games_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/games"
	"gamehall/internal/testutil"
)

// scenario is one call and what the client must observe.
type scenario struct {
	name     string
	path     string
	body     string
	headers  []string
	wantCode int
	check    func(t *testing.T, data json.RawMessage)
}

func run(t *testing.T, s *testutil.Server, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := s.Post(c.path, c.body, c.headers...)
			if res.HTTP != 200 || res.Code != c.wantCode {
				t.Fatalf("POST %s %s: http %d code %d (%s), want code %d", c.path, c.body, res.HTTP, res.Code, res.Message, c.wantCode)
			}
			if c.check != nil {
				c.check(t, res.Data)
			}
		})
	}
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// game is the wire shape of one game.
type game struct {
	GameID         int64             `json:"game_id"`
	GPID           int64             `json:"gp_id"`
	GPCode         string            `json:"gp_code"`
	GameType       int               `json:"game_type"`
	GameCode       string            `json:"game_code"`
	GameName       map[string]string `json:"game_name"`
	House          *int              `json:"house"`
	Customized     *int              `json:"customized"`
	IconLight      string            `json:"icon_light"`
	IconDark       string            `json:"icon_dark"`
	MemberFavorite *int              `json:"member_favorite"`
	AndroidID      string            `json:"android_id"`
	LogoImgID      string            `json:"logo_img_id"`
	Tags           []string          `json:"tags"`
	Connected      *int              `json:"connected"`
}

type gameList struct {
	List []game `json:"list"`
}

func codes(gs []game) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.GameCode
	}
	return out
}

func wantCodes(t *testing.T, got []game, want ...string) {
	t.Helper()
	if c := codes(got); !slices.Equal(c, want) {
		t.Fatalf("games %v, want %v", c, want)
	}
}

func hasCode(gs []game, code string) bool { return slices.Contains(codes(gs), code) }

// every list of games must be free of hidden, inactive and disabled entries.
func clean(t *testing.T, gs []game) {
	t.Helper()
	for _, g := range gs {
		if g.GameType == 1 || g.GPCode == "GP099" || g.GameCode == "drg_fortune_cat" {
			t.Fatalf("listed %+v: hidden type, inactive provider or disabled game", g)
		}
		if g.GameName["en_US"] == "" || g.MemberFavorite == nil || *g.MemberFavorite != 0 || g.Tags == nil {
			t.Fatalf("game fields %+v", g)
		}
	}
}

// extras adds what the seed lacks so filters can be seen: a game type 1 (never
// shown) with a game that is even labelled hot and listed in a template list,
// an inactive provider with a game, and a disabled game.
func extras(t *testing.T, d *db.DB) {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO game_types (id, type_key, name_en, hall_label_i18n, app_prefix, icon, icon_active, sort)
			VALUES (1, 'all', 'All', '{}', 'a_', '/media/game-type/2.svg', '/media/game-type/2.svg', -1)`,
		`INSERT INTO provider_game_types (provider_id, game_type, name_i18n, sort) VALUES (1, 1, '{"en_US":"Hidden"}', 0)`,
		`INSERT INTO games (provider_id, game_type, game_code, name_i18n, icon_light, icon_dark, created_at)
			VALUES (1, 1, 'hidden_game', '{"en_US":"Hidden"}', '/media/game/hidden_game.svg', '/media/game/hidden_game-dark.svg', 1)`,
		`INSERT INTO game_label_games (label_id, game_id, sort) SELECT l.id, g.id, -1 FROM game_labels l, games g
			WHERE l.tag = 'hot' AND g.game_code = 'hidden_game'`,
		`INSERT INTO template_game_list_games (list_id, game_id, sort) SELECT MIN(l.id), MIN(g.id), -1 FROM template_game_lists l, games g
			WHERE g.game_code = 'hidden_game'`,
		`INSERT INTO providers (id, code, name, active, sort) VALUES (99, 'GP099', 'Retired Reels', FALSE, 99)`,
		`INSERT INTO provider_game_types (provider_id, game_type, name_i18n, sort) VALUES (99, 2, '{"en_US":"Retired"}', 0)`,
		`INSERT INTO games (provider_id, game_type, game_code, name_i18n, icon_light, icon_dark, created_at)
			VALUES (99, 2, 'old_reels', '{"en_US":"Old Reels"}', '/media/game/old_reels.svg', '/media/game/old_reels-dark.svg', 1)`,
		`UPDATE games SET enabled = FALSE WHERE game_code = 'drg_fortune_cat'`,
	} {
		if _, err := d.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// badBodies are the failures every catalogue endpoint shares.
func badBodies(path, valid string) []scenario {
	unknown := strings.Replace(valid, `"site_id":1`, `"site_id":999`, 1)
	return []scenario{
		{name: "malformed json", path: path, body: `{"site_id":`, wantCode: 400},
		{name: "wrong type", path: path, body: `{"site_id":"one"}`, wantCode: 400},
		{name: "not an object", path: path, body: `[1]`, wantCode: 400},
		{name: "missing site", path: path, body: `{}`, wantCode: 400},
		{name: "unknown site", path: path, body: unknown, wantCode: 404},
		{name: "currency not offered", path: path, body: strings.Replace(valid, `"USD"`, `"BRL"`, 1), wantCode: 400},
		{name: "unknown currency", path: path, body: strings.Replace(valid, `"USD"`, `"XXX"`, 1), wantCode: 400},
	}
}

type provider struct {
	GPID        int64  `json:"gp_id"`
	GPCode      string `json:"gp_code"`
	GPName      string `json:"gp_name"`
	GPGTName    string `json:"gp_gt_name"`
	GPLogo      string `json:"gp_logo"`
	GPLogoDark  string `json:"gp_logo_dark"`
	House       int    `json:"house"`
	Active      int    `json:"active"`
	AppID       string `json:"app_id"`
	Connected   int    `json:"connected"`
	Maintenance int    `json:"maintenance"`
	GameCount   int    `json:"game_count"`
}

type gameType struct {
	GTID         int        `json:"gt_id"`
	GTName       string     `json:"gt_name"`
	GTKey        string     `json:"gt_key"`
	Prefix       string     `json:"app_type_prefix"`
	GTIcon       string     `json:"gt_icon"`
	GTIconActive string     `json:"gt_icon_active"`
	GPList       []provider `json:"gp_list"`
}

func types(t *testing.T, raw json.RawMessage) map[int]gameType {
	t.Helper()
	v := decode[struct {
		List []gameType `json:"list"`
	}](t, raw)
	out := map[int]gameType{}
	var order []int
	for _, gt := range v.List {
		out[gt.GTID] = gt
		order = append(order, gt.GTID)
	}
	if !slices.Equal(order, []int{2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("types %v, want 2..9 in order and never 1", order)
	}
	return out
}

func gpCodes(ps []provider) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.GPCode
	}
	return out
}

func TestGameTypes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		const path = "/api/demo/gt_games"
		valid := `{"site_id":1,"support_device":1,"currency":"USD","template":"default"}`
		cases := []scenario{
			{name: "types with providers", path: path, body: valid, wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
				ts := types(t, raw)
				wantPrefix := map[int]string{2: "e_", 3: "v_", 4: "s_", 5: "l_", 6: "c_", 7: "t_", 8: "d_", 9: "g_"}
				for id, gt := range ts {
					if gt.Prefix != wantPrefix[id] || gt.GTIcon == "" || gt.GTIconActive == "" || len(gt.GPList) == 0 {
						t.Fatalf("type %d = %+v: every type has its prefix, icons and providers", id, gt)
					}
				}
				slot := ts[2]
				if slot.GTKey != "slot" || !slices.Equal(gpCodes(slot.GPList), []string{"GP001", "GP002", "GP003"}) {
					t.Fatalf("slot providers %v (the inactive GP099 must not show)", gpCodes(slot.GPList))
				}
				house := slot.GPList[0]
				if house != (provider{GPID: 1, GPCode: "GP001", GPName: "Gamehall Originals", GPGTName: "Gamehall Originals Slots",
					GPLogo: "/media/provider/GP001.svg", GPLogoDark: "/media/provider/GP001-dark.svg", House: 1, Active: 1,
					AppID: "gh-originals", Connected: 1, GameCount: 1}) {
					t.Fatalf("in-house provider entry %+v", house)
				}
				// Aurora's Pocket Gems is mobile only; Dragon Reels' Fortune Cat is disabled
				// and Red Envelope Rush is offered in RMB and VND only.
				if slot.GPList[1].GameCount != 5 || slot.GPList[2].GameCount != 4 || slot.GPList[1].Connected != 0 {
					t.Fatalf("third-party providers %+v", slot.GPList[1:])
				}
				if !slices.Equal(gpCodes(ts[5].GPList), []string{"GP001", "GP006"}) || !slices.Equal(gpCodes(ts[6].GPList), []string{"GP001", "GP007", "GP011"}) {
					t.Fatalf("lottery %v, cards %v", gpCodes(ts[5].GPList), gpCodes(ts[6].GPList))
				}
				if got := gpCodes(ts[8].GPList); !slices.Equal(got, []string{"GP009"}) || ts[8].GPList[0].House != 0 {
					t.Fatalf("cockfight providers %v: third party only", got)
				}
				if !slices.Equal(gpCodes(ts[3].GPList), []string{"GP004", "GP011"}) {
					t.Fatalf("a provider in two types shows in both: %v", gpCodes(ts[3].GPList))
				}
			}},
			{name: "mobile counts mobile-only games", path: path, body: `{"site_id":1,"support_device":2,"currency":"USD"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					ts := types(t, raw)
					if ts[2].GPList[1].GameCount != 6 {
						t.Fatalf("aurora on mobile %+v", ts[2].GPList[1])
					}
					if ts[4].GPList[0].GameCount != 3 {
						t.Fatalf("sport on mobile %+v: the desktop-only game does not count", ts[4].GPList[0])
					}
				}},
			{name: "app platform is mobile", path: path, body: `{"site_id":1,"support_device":3,"currency":"USD"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if ts := types(t, raw); ts[2].GPList[1].GameCount != 6 {
						t.Fatalf("aurora on the app %+v", ts[2].GPList[1])
					}
				}},
			{name: "currency filters providers", path: path, body: `{"site_id":1,"support_device":1,"currency":"RMB"}`, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					ts := types(t, raw)
					if len(ts[8].GPList) != 0 {
						t.Fatalf("cockfight is not offered in RMB: %+v", ts[8].GPList)
					}
					if ts[2].GPList[2].GameCount != 5 {
						t.Fatalf("dragon reels in RMB %+v", ts[2].GPList[2])
					}
				}},
			{name: "labels in the request language", path: path, body: valid, headers: []string{"lang", "zh_CN"}, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					ts := types(t, raw)
					if ts[2].GTName != "电子游戏" || ts[2].GPList[0].GPGTName != "Gamehall 原创电子" {
						t.Fatalf("zh_CN labels %q %q", ts[2].GTName, ts[2].GPList[0].GPGTName)
					}
				}},
			{name: "vietnamese", path: path, body: valid, headers: []string{"lang", "vi_VN"}, wantCode: 100,
				check: func(t *testing.T, raw json.RawMessage) {
					if ts := types(t, raw); ts[3].GTName != "Casino trực tiếp" {
						t.Fatalf("vi_VN label %q", ts[3].GTName)
					}
				}},
			{name: "device missing", path: path, body: `{"site_id":1,"currency":"USD"}`, wantCode: 400},
			{name: "device unknown", path: path, body: `{"site_id":1,"support_device":9,"currency":"USD"}`, wantCode: 400},
			{name: "currency missing", path: path, body: `{"site_id":1,"support_device":1}`, wantCode: 400},
		}
		run(t, s, append(cases, badBodies(path, valid)...))
	})
}

func TestProviderGames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		const path = "/api/demo/gp_games"
		valid := `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":2,"house":1}`
		list := func(check func(t *testing.T, gs []game)) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				gs := decode[gameList](t, raw).List
				clean(t, gs)
				check(t, gs)
			}
		}
		cases := []scenario{
			{name: "in-house slot with every field", path: path, body: valid, wantCode: 100, check: list(func(t *testing.T, gs []game) {
				wantCodes(t, gs, "gh_slot_fortune")
				g := gs[0]
				if g.GameID == 0 || g.GPID != 1 || g.GPCode != "GP001" || g.GameType != 2 || *g.House != 1 || *g.Customized != 0 ||
					*g.Connected != 1 || g.AndroidID != "e_gh_slot_fortune" || g.LogoImgID != "GP001" ||
					g.IconLight != "/media/game/gh_slot_fortune.svg" || g.IconDark != "/media/game/gh_slot_fortune-dark.svg" ||
					!slices.Equal(g.Tags, []string{"hot"}) {
					t.Fatalf("game %+v", g)
				}
				if g.GameName["en_US"] != "Fortune Reels" || g.GameName["zh_CN"] != "财富转轴" || g.GameName["vi_VN"] != "Vòng Quay Tài Lộc" {
					t.Fatalf("game_name %v: the per-language map", g.GameName)
				}
			})},
			{name: "game names do not follow the lang header", path: path, body: valid, headers: []string{"lang", "zh_CN"}, wantCode: 100,
				check: list(func(t *testing.T, gs []game) {
					if gs[0].GameName["en_US"] != "Fortune Reels" {
						t.Fatalf("game_name %v", gs[0].GameName)
					}
				})},
			{name: "every provider, in-house only", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":0,"game_type_id":5,"house":1}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_keno") })},
			{name: "house as a boolean", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":0,"game_type_id":6,"house":true}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_baccarat") })},
			{name: "every provider of a type", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":0,"game_type_id":5,"house":0}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "gh_keno", "lkd_speed_lotto", "lkd_lucky_six", "lkd_pick_three", "lkd_bingo_blast")
				})},
			{name: "desktop hides mobile-only", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":2,"game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "aur_northern_lights", "aur_polar_treasure", "aur_starfall_gems", "aur_midnight_wolf", "aur_crystal_cascade")
				})},
			{name: "mobile shows mobile-only", path: path, body: `{"site_id":1,"currency":"USD","device":2,"gp_id":2,"game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					if len(gs) != 6 || gs[5].GameCode != "aur_pocket_gems" || !slices.Equal(gs[5].Tags, []string{"new"}) {
						t.Fatalf("games %v", codes(gs))
					}
				})},
			{name: "mobile hides desktop-only", path: path, body: `{"site_id":1,"currency":"USD","device":2,"gp_id":5,"game_type_id":4}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "pit_sportsbook", "pit_live_betting", "pit_football_specials")
					if *gs[0].Customized != 1 {
						t.Fatalf("the sportsbook lobby is customized: %+v", gs[0])
					}
				})},
			{name: "currency limited game hidden in USD", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":3,"game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					if hasCode(gs, "drg_red_envelope") || len(gs) != 4 {
						t.Fatalf("games %v", codes(gs))
					}
				})},
			{name: "currency limited game shown in RMB", path: path, body: `{"site_id":1,"currency":"RMB","device":1,"gp_id":3,"game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					if !hasCode(gs, "drg_red_envelope") {
						t.Fatalf("games %v", codes(gs))
					}
				})},
			{name: "popular: the hot games of the type", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":"Popular","game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "gh_slot_fortune", "aur_northern_lights", "drg_jade_dragon")
				})},
			{name: "gp_id as a numeric string", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":"1","game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_slot_fortune") })},
			{name: "unknown provider has no games", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":4242,"game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs) })},
			{name: "inactive provider has no games", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":99,"game_type_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs) })},
			{name: "hidden type", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":1}`, wantCode: 400},
			{name: "gp_id not a number", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":"abc","game_type_id":2}`, wantCode: 400},
			{name: "house not a flag", path: path, body: `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":2,"house":7}`, wantCode: 400},
			{name: "device missing", path: path, body: `{"site_id":1,"currency":"USD","gp_id":1,"game_type_id":2}`, wantCode: 400},
		}
		run(t, s, append(cases, badBodies(path, valid)...))
	})
}

func TestGameListTagsLabelsTemplatesHot(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		list := func(check func(t *testing.T, gs []game)) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				gs := decode[gameList](t, raw).List
				clean(t, gs)
				check(t, gs)
			}
		}
		type label struct {
			ID       int64  `json:"id"`
			Tag      string `json:"tag"`
			Name     string `json:"name"`
			GameList []game `json:"game_list"`
		}
		type labels struct {
			List []label `json:"list"`
			Main []game  `json:"main"`
		}
		type template struct {
			ID       int64  `json:"id"`
			Title    string `json:"title"`
			GameList []game `json:"game_list"`
		}
		cases := []scenario{
			{name: "game list USD desktop", path: "/api/v3/game_list", body: `{"site_id":1,"currency":"USD","support_device":1,"template":"H5_1"}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					// 55 seeded: not Pocket Gems (mobile), Fortune Cat (disabled), Red Envelope Rush,
					// Northern Lottery and Tien Len (other currencies).
					if len(gs) != 50 || gs[0].GameCode != "gh_slot_fortune" {
						t.Fatalf("%d games starting %v", len(gs), codes(gs)[:3])
					}
					last := 0
					for _, g := range gs {
						if g.GameType < last {
							t.Fatalf("not in type order at %s", g.GameCode)
						}
						last = g.GameType
					}
					if !hasCode(gs, "cpa_main_event") || hasCode(gs, "roy_tien_len") || hasCode(gs, "old_reels") {
						t.Fatal("currency filter")
					}
				})},
			{name: "game list VND mobile", path: "/api/v3/game_list", body: `{"site_id":1,"currency":"VND","support_device":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					if len(gs) != 53 || !hasCode(gs, "roy_tien_len") || !hasCode(gs, "aur_pocket_gems") || hasCode(gs, "pit_pro_trader") {
						t.Fatalf("%d games", len(gs))
					}
				})},
			{name: "game list RMB has no cockfight", path: "/api/v3/game_list", body: `{"site_id":1,"currency":"RMB","support_device":1}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					for _, g := range gs {
						if g.GameType == 8 {
							t.Fatalf("cockfight in RMB: %s", g.GameCode)
						}
					}
				})},
			{name: "game list device missing", path: "/api/v3/game_list", body: `{"site_id":1,"currency":"USD"}`, wantCode: 400},

			{name: "tag new", path: "/api/v2/get_tag_game_list", body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"new","gt_id":0}`,
				wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						Tag  string `json:"tag"`
						List []game `json:"list"`
					}](t, raw)
					clean(t, v.List)
					if v.Tag != "new" {
						t.Fatalf("tag %q", v.Tag)
					}
					wantCodes(t, v.List, "gh_keno", "drg_phoenix_rise", "lkd_bingo_blast", "tur_speedway", "pix_fighting_finals", "jad_mahjong")
				}},
			{name: "tag hot of one type", path: "/api/v2/get_tag_game_list", body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":6}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_baccarat", "roy_bull_bull") })},
			{name: "tag new on mobile", path: "/api/v2/get_tag_game_list", body: `{"site_id":1,"currency":"VND","support_device":2,"tag":"new","gt_id":2}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "aur_pocket_gems", "drg_phoenix_rise", "drg_red_envelope")
				})},
			{name: "unknown tag", path: "/api/v2/get_tag_game_list", body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"retro","gt_id":0}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs) })},
			{name: "tag missing", path: "/api/v2/get_tag_game_list", body: `{"site_id":1,"currency":"USD","support_device":1,"gt_id":0}`, wantCode: 400},
			{name: "tag of the hidden type", path: "/api/v2/get_tag_game_list", body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":1}`, wantCode: 400},

			{name: "labels of slots", path: "/api/v2/game_label", body: `{"site_id":1,"currency":"USD","device":1,"gp_id":0,"game_type_id":2,"house":0}`,
				wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					v := decode[labels](t, raw)
					clean(t, v.Main)
					if len(v.List) != 2 || v.List[0].Tag != "hot" || v.List[1].Tag != "new" || v.List[0].Name != "Hot" || v.List[0].ID == 0 {
						t.Fatalf("labels %+v", v.List)
					}
					wantCodes(t, v.List[0].GameList, "gh_slot_fortune", "aur_northern_lights", "drg_jade_dragon")
					wantCodes(t, v.List[1].GameList, "drg_phoenix_rise")
					if len(v.Main) != 10 || v.Main[0].GameCode != "gh_slot_fortune" {
						t.Fatalf("main %v", codes(v.Main))
					}
				}},
			{name: "labels of one provider in chinese", path: "/api/v2/game_label", headers: []string{"lang", "zh_CN"},
				body:     `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":5,"house":1}`,
				wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					v := decode[labels](t, raw)
					if v.List[0].Name != "热门" || v.List[1].Name != "新游戏" {
						t.Fatalf("labels %+v", v.List)
					}
					wantCodes(t, v.List[0].GameList, "gh_keno")
					wantCodes(t, v.List[1].GameList, "gh_keno")
					wantCodes(t, v.Main, "gh_keno")
				}},
			{name: "labels of the hidden type", path: "/api/v2/game_label", body: `{"site_id":1,"currency":"USD","device":1,"gp_id":0,"game_type_id":1}`, wantCode: 400},

			{name: "template lists", path: "/api/v2/get_template_game_list", body: `{"site_id":1,"currency":"USD","support_device":1}`,
				wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []template `json:"list"`
					}](t, raw)
					if len(v.List) != 3 || v.List[0].Title != "Gamehall Originals" || v.List[2].Title != "Table games" {
						t.Fatalf("lists %+v", v.List)
					}
					wantCodes(t, v.List[0].GameList, "gh_slot_fortune", "gh_baccarat", "gh_keno")
					clean(t, v.List[1].GameList)
					if len(v.List[1].GameList) != 9 || v.List[1].GameList[8].GameCode != "cpa_main_event" {
						t.Fatalf("featured %v", codes(v.List[1].GameList))
					}
				}},
			{name: "template lists follow currency", path: "/api/v2/get_template_game_list", headers: []string{"lang", "vi_VN"},
				body: `{"site_id":1,"currency":"RMB","support_device":2}`, wantCode: 100, check: func(t *testing.T, raw json.RawMessage) {
					v := decode[struct {
						List []template `json:"list"`
					}](t, raw)
					if v.List[1].Title != "Đề xuất" || hasCode(v.List[1].GameList, "cpa_main_event") || len(v.List[1].GameList) != 8 {
						t.Fatalf("featured in RMB %q %v", v.List[1].Title, codes(v.List[1].GameList))
					}
				}},

			{name: "hot games of every type", path: "/api/arks/web/member-games/hot-games", body: `{"site_id":1,"currency":"USD","gt_id":0}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					if len(gs) != 13 || gs[0].GameCode != "gh_slot_fortune" || gs[12].GameCode != "jad_speed_baccarat" {
						t.Fatalf("hot %v", codes(gs))
					}
				})},
			{name: "hot games of cards", path: "/api/arks/web/member-games/hot-games", body: `{"site_id":1,"currency":"USD","gt_id":6}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_baccarat", "roy_bull_bull") })},
			{name: "hot games in RMB", path: "/api/arks/web/member-games/hot-games", body: `{"site_id":1,"currency":"RMB","gt_id":0}`,
				wantCode: 100, check: list(func(t *testing.T, gs []game) {
					if len(gs) != 12 || hasCode(gs, "cpa_arena_live") {
						t.Fatalf("hot in RMB %v", codes(gs))
					}
				})},
			{name: "hot games of the hidden type", path: "/api/arks/web/member-games/hot-games", body: `{"site_id":1,"currency":"USD","gt_id":1}`, wantCode: 400},
			{name: "hot games without currency", path: "/api/arks/web/member-games/hot-games", body: `{"site_id":1,"gt_id":0}`, wantCode: 400},
		}
		for _, c := range []struct{ path, valid string }{
			{"/api/v3/game_list", `{"site_id":1,"currency":"USD","support_device":1}`},
			{"/api/v2/get_tag_game_list", `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":0}`},
			{"/api/v2/game_label", `{"site_id":1,"currency":"USD","device":1,"gp_id":0,"game_type_id":2}`},
			{"/api/v2/get_template_game_list", `{"site_id":1,"currency":"USD","support_device":1}`},
			{"/api/arks/web/member-games/hot-games", `{"site_id":1,"currency":"USD","gt_id":0}`},
		} {
			for _, b := range badBodies(c.path, c.valid) {
				b.name = c.path + " " + b.name
				cases = append(cases, b)
			}
		}
		run(t, s, cases)
	})
}

func TestDemoPlay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		ctx := context.Background()
		const path = "/api/demo/play"
		valid := `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type":2,"game_code":"gh_slot_fortune","house":1}`
		session := func(wantGame string, wantBalance int64, wantCurrency string) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				v := decode[struct {
					GameURL string `json:"game_url"`
				}](t, raw)
				prefix := "/games/" + wantGame + "/?session="
				id, ok := strings.CutPrefix(v.GameURL, prefix)
				if !ok || len(id) < 43 {
					t.Fatalf("game_url %q", v.GameURL)
				}
				sum := sha256.Sum256([]byte(id))
				var n int
				if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_sessions WHERE id_hash = $1 OR id_hash = $2`, id, id).Scan(&n); err != nil || n != 0 {
					t.Fatalf("the raw session id is stored (%d, %v)", n, err)
				}
				var code, currency string
				var balance, created, expires int64
				err := d.QueryRowContext(ctx, `SELECT game_code, currency, balance, created_at, expires_at FROM demo_sessions WHERE id_hash = $1`,
					hex.EncodeToString(sum[:])).Scan(&code, &currency, &balance, &created, &expires)
				if err != nil {
					t.Fatalf("session not stored by its hash: %v", err)
				}
				if code != wantGame || currency != wantCurrency || balance != wantBalance || expires <= created {
					t.Fatalf("session %s %s %d %d..%d", code, currency, balance, created, expires)
				}
			}
		}
		cases := []scenario{
			{name: "in-house slot", path: path, body: valid, wantCode: 100, check: session("gh_slot_fortune", 200000, "USD")},
			{name: "in-house baccarat in VND on mobile", path: path, wantCode: 100,
				body:  `{"site_id":1,"currency":"VND","device":2,"gp_id":1,"game_type":6,"game_code":"gh_baccarat","house":1}`,
				check: session("gh_baccarat", 50_000_000, "VND")},
			{name: "in-house keno with only the game code", path: path, wantCode: 100,
				body: `{"site_id":1,"currency":"RMB","device":1,"game_code":"gh_keno"}`, check: session("gh_keno", 1_000_000, "RMB")},
			{name: "third-party provider not connected", path: path, wantCode: 204,
				body: `{"site_id":1,"currency":"USD","device":1,"gp_id":2,"game_type":2,"game_code":"aur_northern_lights","house":0}`},
			{name: "cockfight catalogue entry not connected", path: path, wantCode: 204,
				body: `{"site_id":1,"currency":"VND","device":2,"gp_id":9,"game_type":8,"game_code":"cpa_arena_live","house":0}`},
			{name: "unknown game", path: path, wantCode: 404, body: `{"site_id":1,"currency":"USD","device":1,"game_code":"no_such_game"}`},
			{name: "game of the hidden type", path: path, wantCode: 404, body: `{"site_id":1,"currency":"USD","device":1,"game_code":"hidden_game"}`},
			{name: "provider does not match", path: path, wantCode: 404,
				body: `{"site_id":1,"currency":"USD","device":1,"gp_id":2,"game_type":2,"game_code":"gh_slot_fortune"}`},
			{name: "type does not match", path: path, wantCode: 404,
				body: `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type":5,"game_code":"gh_slot_fortune"}`},
			{name: "mobile-only game on desktop", path: path, wantCode: 206,
				body: `{"site_id":1,"currency":"USD","device":1,"gp_id":2,"game_type":2,"game_code":"aur_pocket_gems"}`},
			{name: "game not offered in the currency", path: path, wantCode: 206,
				body: `{"site_id":1,"currency":"USD","device":1,"gp_id":3,"game_type":2,"game_code":"drg_red_envelope"}`},
			{name: "disabled game", path: path, wantCode: 206, body: `{"site_id":1,"currency":"USD","device":1,"game_code":"drg_fortune_cat"}`},
			{name: "inactive provider", path: path, wantCode: 206, body: `{"site_id":1,"currency":"USD","device":1,"game_code":"old_reels"}`},
			{name: "game code missing", path: path, wantCode: 400, body: `{"site_id":1,"currency":"USD","device":1}`},
			{name: "device missing", path: path, wantCode: 400, body: `{"site_id":1,"currency":"USD","game_code":"gh_keno"}`},
		}
		run(t, s, append(cases, badBodies(path, valid)...))

		if _, err := d.ExecContext(ctx, `UPDATE providers SET maintenance = TRUE, maintenance_start_at = 1800000000000000,
			maintenance_end_at = 1800003600000000 WHERE code = 'GP001'`); err != nil {
			t.Fatal(err)
		}
		run(t, s, []scenario{{name: "provider in maintenance", path: path, body: valid, wantCode: 203, check: func(t *testing.T, raw json.RawMessage) {
			v := decode[struct {
				GPID    int64  `json:"gp_id"`
				StartAt string `json:"start_at"`
				EndAt   string `json:"end_at"`
			}](t, raw)
			if v.GPID != 1 || v.StartAt != "2027-01-15T08:00:00Z" || v.EndAt != "2027-01-15T09:00:00Z" {
				t.Fatalf("maintenance window %+v", v)
			}
		}}})
		if _, err := d.ExecContext(ctx, `UPDATE providers SET maintenance = FALSE WHERE code = 'GP001'`); err != nil {
			t.Fatal(err)
		}

		// The site's demo mode flag disables play, demo play included.
		if _, err := d.ExecContext(ctx, `UPDATE sites SET demo_mode = TRUE WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		var before int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_sessions`).Scan(&before); err != nil {
			t.Fatal(err)
		}
		run(t, s, []scenario{
			{name: "demo mode site", path: path, body: valid, wantCode: 205},
			{name: "demo mode message", path: path, body: valid, headers: []string{"lang", "zh_CN"}, wantCode: 205},
			{name: "catalogue still browsable in demo mode", path: "/api/demo/gp_games", wantCode: 100,
				body: `{"site_id":1,"currency":"USD","device":1,"gp_id":1,"game_type_id":2}`},
		})
		var after int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM demo_sessions`).Scan(&after); err != nil || after != before {
			t.Fatalf("demo mode opened sessions: %d -> %d (%v)", before, after, err)
		}

		// Launches are limited per client address; 2n+1 calls exceed n in some window.
		limited := false
		for range 2*games.DemoPlaysPerMinute + 1 {
			if res := s.Post(path, valid); res.HTTP == 429 && res.Code == 429 {
				limited = true
				break
			}
		}
		if !limited {
			t.Fatal("demo play is not rate limited")
		}
	})
}

func get(t *testing.T, s *testutil.Server, path string) (*http.Response, string) {
	t.Helper()
	res, err := s.Client().Get(s.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func wellFormed(t *testing.T, what, body string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(body))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v\n%s", what, err, body)
		}
	}
}

func TestGeneratedImages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		ctx := context.Background()
		// Every tile and logo the catalogue names is served.
		rows, err := d.QueryContext(ctx, `SELECT icon_light FROM games UNION ALL SELECT icon_dark FROM games`)
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
		rows.Close()
		if len(paths) != 110 {
			t.Fatalf("%d tile paths", len(paths))
		}
		for i := 1; i <= 11; i++ {
			code := "GP0" + string(rune('0'+i/10)) + string(rune('0'+i%10))
			paths = append(paths, "/media/provider/"+code+".svg", "/media/provider/"+code+"-dark.svg")
		}
		for _, p := range paths {
			res, body := get(t, s, p)
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" ||
				!strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") ||
				!strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
				t.Fatalf("GET %s: %d %v", p, res.StatusCode, res.Header)
			}
			wellFormed(t, p, body)
		}
		_, light := get(t, s, "/media/game/gh_slot_fortune.svg")
		_, dark := get(t, s, "/media/game/gh_slot_fortune-dark.svg")
		if light == dark || !strings.Contains(light, "Fortune Reels") || !strings.Contains(dark, "GAMEHALL ORIGINALS") {
			t.Fatal("light and dark tiles")
		}
		if _, again := get(t, s, "/media/game/gh_slot_fortune.svg"); again != light {
			t.Fatal("tiles are not deterministic")
		}
		// Names are text, never markup.
		if _, err := d.ExecContext(ctx, `INSERT INTO games (provider_id, game_type, game_code, name_i18n, icon_light, icon_dark, created_at)
			VALUES (2, 2, 'aur_markup', '{"en_US":"<script>alert(1)</script> & \"Tom''s\""}', '', '', 1)`); err != nil {
			t.Fatal(err)
		}
		res, body := get(t, s, "/media/game/aur_markup.svg")
		wellFormed(t, "tile with markup in its name", body)
		if res.StatusCode != 200 || strings.Contains(body, "<script") || !strings.Contains(body, "&lt;script&gt;") {
			t.Fatalf("name not escaped: %s", body)
		}
		for _, p := range []string{"/media/game/no_such_game.svg", "/media/game/gh_slot_fortune.png", "/media/game/-dark.svg",
			"/media/game/%3Cx%3E.svg", "/media/provider/GP999.svg", "/media/game-type/99.svg"} {
			if res, _ := get(t, s, p); res.StatusCode != 404 {
				t.Errorf("GET %s = %d, want 404", p, res.StatusCode)
			}
		}
		// Files under /media/ are still served by the file handler.
		if res, _ := get(t, s, "/media/game-type/2.svg"); res.StatusCode != 200 {
			t.Fatalf("game type icon %d", res.StatusCode)
		}
	})
}
