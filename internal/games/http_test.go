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
func badBodies(path, valid string) []testutil.Scenario {
	return append(testutil.BadSiteBodies(path, valid),
		testutil.Scenario{Name: path + " currency not offered", Path: path, Body: strings.Replace(valid, `"USD"`, `"BRL"`, 1), WantCode: 400},
		testutil.Scenario{Name: path + " unknown currency", Path: path, Body: strings.Replace(valid, `"USD"`, `"XXX"`, 1), WantCode: 400})
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
	v := testutil.Decode[struct {
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
		cases := []testutil.Scenario{
			{Name: "types with providers", Path: path, Body: valid, WantCode: 100, Check: func(t *testing.T, raw json.RawMessage) {
				ts := types(t, raw)
				wantPrefix := map[int]string{2: "e_", 3: "v_", 4: "s_", 5: "l_", 6: "c_", 7: "t_", 8: "d_", 9: "g_"}
				for id, gt := range ts {
					// Live, sport, virtual sport, cockfight and esport have no engine
					// yet: listed (their halls show an empty state), no providers.
					played := id == 2 || id == 5 || id == 6
					if gt.Prefix != wantPrefix[id] || gt.GTIcon == "" || gt.GTIconActive == "" || (len(gt.GPList) > 0) != played {
						t.Fatalf("type %d = %+v: every type has its prefix, icons and (when played) providers", id, gt)
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
				// Both are served by the sandbox remote provider.
				if slot.GPList[1].GameCount != 5 || slot.GPList[2].GameCount != 4 || slot.GPList[1].Connected != 1 ||
					slot.GPList[2].Connected != 1 {
					t.Fatalf("third-party providers %+v", slot.GPList[1:])
				}
				if !slices.Equal(gpCodes(ts[5].GPList), []string{"GP001", "GP006"}) || !slices.Equal(gpCodes(ts[6].GPList), []string{"GP001", "GP007", "GP011"}) {
					t.Fatalf("lottery %v, cards %v", gpCodes(ts[5].GPList), gpCodes(ts[6].GPList))
				}
				// Royal Cards: Saigon Baccarat is VND only.
				if ts[6].GPList[1].GameCount != 5 || ts[6].GPList[2].GameCount != 2 {
					t.Fatalf("cards providers %+v", ts[6].GPList)
				}
			}},
			{Name: "mobile counts mobile-only games", Path: path, Body: `{"site_id":1,"support_device":2,"currency":"USD"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					ts := types(t, raw)
					if ts[2].GPList[1].GameCount != 6 {
						t.Fatalf("aurora on mobile %+v", ts[2].GPList[1])
					}
					if ts[6].GPList[1].GameCount != 4 {
						t.Fatalf("royal cards on mobile %+v: the desktop-only game does not count", ts[6].GPList[1])
					}
				}},
			{Name: "app platform is mobile", Path: path, Body: `{"site_id":1,"support_device":3,"currency":"USD"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if ts := types(t, raw); ts[2].GPList[1].GameCount != 6 {
						t.Fatalf("aurora on the app %+v", ts[2].GPList[1])
					}
				}},
			{Name: "currency filters providers", Path: path, Body: `{"site_id":1,"support_device":1,"currency":"RMB"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					ts := types(t, raw)
					if ts[5].GPList[1].GameCount != 4 {
						t.Fatalf("the northern lottery is not offered in RMB: %+v", ts[5].GPList[1])
					}
					if ts[2].GPList[2].GameCount != 5 {
						t.Fatalf("dragon reels in RMB %+v", ts[2].GPList[2])
					}
				}},
			{Name: "labels in the request language", Path: path, Body: valid, Headers: []string{"lang", "zh_CN"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					ts := types(t, raw)
					if ts[2].GTName != "电子游戏" || ts[2].GPList[0].GPGTName != "Gamehall 原创电子" {
						t.Fatalf("zh_CN labels %q %q", ts[2].GTName, ts[2].GPList[0].GPGTName)
					}
				}},
			{Name: "vietnamese", Path: path, Body: valid, Headers: []string{"lang", "vi_VN"}, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if ts := types(t, raw); ts[3].GTName != "Casino trực tiếp" {
						t.Fatalf("vi_VN label %q", ts[3].GTName)
					}
				}},
			{Name: "device missing", Path: path, Body: `{"site_id":1,"currency":"USD"}`, WantCode: 400},
			{Name: "device unknown", Path: path, Body: `{"site_id":1,"support_device":9,"currency":"USD"}`, WantCode: 400},
			{Name: "currency missing", Path: path, Body: `{"site_id":1,"support_device":1}`, WantCode: 400},
		}
		testutil.Run(t, s, append(cases, badBodies(path, valid)...))
	})
}

func TestProviderGames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		const path = "/api/demo/gp_games"
		valid := `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type_id":2,"house":1}`
		list := func(check func(t *testing.T, gs []game)) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				gs := testutil.Decode[gameList](t, raw).List
				clean(t, gs)
				check(t, gs)
			}
		}
		cases := []testutil.Scenario{
			{Name: "in-house slot with every field", Path: path, Body: valid, WantCode: 100, Check: list(func(t *testing.T, gs []game) {
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
			{Name: "game names do not follow the lang header", Path: path, Body: valid, Headers: []string{"lang", "zh_CN"}, WantCode: 100,
				Check: list(func(t *testing.T, gs []game) {
					if gs[0].GameName["en_US"] != "Fortune Reels" {
						t.Fatalf("game_name %v", gs[0].GameName)
					}
				})},
			{Name: "every provider, in-house only", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":0,"game_type_id":5,"house":1}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_keno") })},
			{Name: "house as a boolean", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":0,"game_type_id":6,"house":true}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_baccarat") })},
			{Name: "every provider of a type", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":0,"game_type_id":5,"house":0}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "gh_keno", "lkd_speed_lotto", "lkd_lucky_six", "lkd_pick_three", "lkd_bingo_blast")
				})},
			{Name: "desktop hides mobile-only", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":2,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "aur_northern_lights", "aur_polar_treasure", "aur_starfall_gems", "aur_midnight_wolf", "aur_crystal_cascade")
				})},
			{Name: "mobile shows mobile-only", Path: path, Body: `{"site_id":1,"currency":"USD","device":1,"gp_id":2,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if len(gs) != 6 || gs[5].GameCode != "aur_pocket_gems" || !slices.Equal(gs[5].Tags, []string{"new"}) {
						t.Fatalf("games %v", codes(gs))
					}
				})},
			{Name: "mobile hides desktop-only", Path: path, Body: `{"site_id":1,"currency":"USD","device":1,"gp_id":7,"game_type_id":6}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "roy_baccarat", "roy_mini_baccarat", "roy_tie_nine", "roy_low_commission")
				})},
			{Name: "currency limited game hidden in USD", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":3,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if hasCode(gs, "drg_red_envelope") || len(gs) != 4 {
						t.Fatalf("games %v", codes(gs))
					}
				})},
			{Name: "currency limited game shown in RMB", Path: path, Body: `{"site_id":1,"currency":"RMB","device":0,"gp_id":3,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if !hasCode(gs, "drg_red_envelope") {
						t.Fatalf("games %v", codes(gs))
					}
				})},
			{Name: "popular: the hot games of the type", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":"Popular","game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "gh_slot_fortune", "aur_northern_lights", "drg_jade_dragon", "aur_starfall_gems", "drg_golden_lantern")
				})},
			{Name: "gp_id as a numeric string", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":"1","game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_slot_fortune") })},
			{Name: "unknown provider has no games", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":4242,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs) })},
			{Name: "inactive provider has no games", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":99,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs) })},
			{Name: "hidden type", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type_id":1}`, WantCode: 400},
			{Name: "device id missing", Path: path, Body: `{"site_id":1,"currency":"USD","gp_id":1,"game_type_id":2}`, WantCode: 400},
			{Name: "device id unknown", Path: path, Body: `{"site_id":1,"currency":"USD","device":3,"gp_id":1,"game_type_id":2}`, WantCode: 400},
			{Name: "the app's device id lists mobile games", Path: path, Body: `{"site_id":1,"currency":"USD","device":2,"gp_id":2,"game_type_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if !slices.ContainsFunc(gs, func(g game) bool { return g.GameCode == "aur_pocket_gems" }) {
						t.Fatalf("app lists %v, want the mobile-only game", gs)
					}
				})},
			{Name: "gp_id not a number", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":"abc","game_type_id":2}`, WantCode: 400},
			{Name: "house not a flag", Path: path, Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type_id":2,"house":7}`, WantCode: 400},
			{Name: "device missing", Path: path, Body: `{"site_id":1,"currency":"USD","gp_id":1,"game_type_id":2}`, WantCode: 400},
		}
		testutil.Run(t, s, append(cases, badBodies(path, valid)...))
	})
}

func TestGameListTagsLabelsTemplatesHot(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		list := func(check func(t *testing.T, gs []game)) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				gs := testutil.Decode[gameList](t, raw).List
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
		cases := []testutil.Scenario{
			{Name: "game list USD desktop", Path: "/api/v3/game_list", Body: `{"site_id":1,"currency":"USD","support_device":1,"template":"H5_1"}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					// 28 seeded: not Pocket Gems (mobile), Fortune Cat (disabled), Red Envelope Rush,
					// Northern Lottery and Saigon Baccarat (other currencies).
					if len(gs) != 23 || gs[0].GameCode != "gh_slot_fortune" {
						t.Fatalf("%d games starting %v", len(gs), codes(gs)[:3])
					}
					last := 0
					for _, g := range gs {
						if g.GameType < last {
							t.Fatalf("not in type order at %s", g.GameCode)
						}
						last = g.GameType
					}
					if !hasCode(gs, "jad_squeeze_baccarat") || hasCode(gs, "roy_saigon_baccarat") || hasCode(gs, "old_reels") {
						t.Fatal("currency filter")
					}
				})},
			{Name: "game list VND mobile", Path: "/api/v3/game_list", Body: `{"site_id":1,"currency":"VND","support_device":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if len(gs) != 26 || !hasCode(gs, "roy_saigon_baccarat") || !hasCode(gs, "aur_pocket_gems") || hasCode(gs, "roy_single_deck") {
						t.Fatalf("%d games", len(gs))
					}
				})},
			{Name: "game list RMB has no VND-only games", Path: "/api/v3/game_list", Body: `{"site_id":1,"currency":"RMB","support_device":1}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if hasCode(gs, "roy_saigon_baccarat") || hasCode(gs, "lkd_northern_lottery") || !hasCode(gs, "drg_red_envelope") {
						t.Fatalf("RMB games %v", codes(gs))
					}
				})},
			{Name: "game list device missing", Path: "/api/v3/game_list", Body: `{"site_id":1,"currency":"USD"}`, WantCode: 400},

			{Name: "tag new", Path: "/api/v2/get_tag_game_list", Body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"new","gt_id":0}`,
				WantCode: 100, Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						Tag  string `json:"tag"`
						List []game `json:"list"`
					}](t, raw)
					clean(t, v.List)
					if v.Tag != "new" {
						t.Fatalf("tag %q", v.Tag)
					}
					wantCodes(t, v.List, "gh_keno", "drg_phoenix_rise", "lkd_bingo_blast", "roy_tie_nine", "jad_squeeze_baccarat")
				}},
			{Name: "tag hot of one type", Path: "/api/v2/get_tag_game_list", Body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":6}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_baccarat", "roy_mini_baccarat", "jad_baccarat") })},
			{Name: "tag new on mobile", Path: "/api/v2/get_tag_game_list", Body: `{"site_id":1,"currency":"VND","support_device":2,"tag":"new","gt_id":2}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					wantCodes(t, gs, "aur_pocket_gems", "drg_phoenix_rise", "drg_red_envelope")
				})},
			{Name: "unknown tag", Path: "/api/v2/get_tag_game_list", Body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"retro","gt_id":0}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs) })},
			{Name: "tag missing", Path: "/api/v2/get_tag_game_list", Body: `{"site_id":1,"currency":"USD","support_device":1,"gt_id":0}`, WantCode: 400},
			{Name: "tag of the hidden type", Path: "/api/v2/get_tag_game_list", Body: `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":1}`, WantCode: 400},

			{Name: "labels of slots", Path: "/api/v2/game_label", Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":0,"game_type_id":2,"house":0}`,
				WantCode: 100, Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[labels](t, raw)
					clean(t, v.Main)
					if len(v.List) != 2 || v.List[0].Tag != "hot" || v.List[1].Tag != "new" || v.List[0].Name != "Hot" || v.List[0].ID == 0 {
						t.Fatalf("labels %+v", v.List)
					}
					wantCodes(t, v.List[0].GameList, "gh_slot_fortune", "aur_northern_lights", "drg_jade_dragon", "aur_starfall_gems",
						"drg_golden_lantern")
					wantCodes(t, v.List[1].GameList, "drg_phoenix_rise")
					if len(v.Main) != 10 || v.Main[0].GameCode != "gh_slot_fortune" {
						t.Fatalf("main %v", codes(v.Main))
					}
				}},
			{Name: "labels of one provider in chinese", Path: "/api/v2/game_label", Headers: []string{"lang", "zh_CN"},
				Body:     `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type_id":5,"house":1}`,
				WantCode: 100, Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[labels](t, raw)
					if v.List[0].Name != "热门" || v.List[1].Name != "新游戏" {
						t.Fatalf("labels %+v", v.List)
					}
					wantCodes(t, v.List[0].GameList, "gh_keno")
					wantCodes(t, v.List[1].GameList, "gh_keno")
					wantCodes(t, v.Main, "gh_keno")
				}},
			{Name: "labels of the hidden type", Path: "/api/v2/game_label", Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":0,"game_type_id":1}`, WantCode: 400},

			{Name: "template lists", Path: "/api/v2/get_template_game_list", Body: `{"site_id":1,"currency":"USD","support_device":1}`,
				WantCode: 100, Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						List []template `json:"list"`
					}](t, raw)
					if len(v.List) != 3 || v.List[0].Title != "Gamehall Originals" || v.List[2].Title != "Table games" {
						t.Fatalf("lists %+v", v.List)
					}
					wantCodes(t, v.List[0].GameList, "gh_slot_fortune", "gh_baccarat", "gh_keno")
					clean(t, v.List[1].GameList)
					if len(v.List[1].GameList) != 8 || hasCode(v.List[1].GameList, "roy_saigon_baccarat") {
						t.Fatalf("featured %v", codes(v.List[1].GameList))
					}
				}},
			{Name: "template lists follow currency", Path: "/api/v2/get_template_game_list", Headers: []string{"lang", "vi_VN"},
				Body: `{"site_id":1,"currency":"VND","support_device":2}`, WantCode: 100, Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						List []template `json:"list"`
					}](t, raw)
					if v.List[1].Title != "Đề xuất" || !hasCode(v.List[1].GameList, "roy_saigon_baccarat") || len(v.List[1].GameList) != 9 {
						t.Fatalf("featured in RMB %q %v", v.List[1].Title, codes(v.List[1].GameList))
					}
				}},

			{Name: "hot games of every type", Path: "/api/arks/web/member-games/hot-games", Body: `{"site_id":1,"currency":"USD","gt_id":0}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if len(gs) != 11 || gs[0].GameCode != "gh_slot_fortune" || gs[10].GameCode != "jad_baccarat" {
						t.Fatalf("hot %v", codes(gs))
					}
				})},
			{Name: "hot games of cards", Path: "/api/arks/web/member-games/hot-games", Body: `{"site_id":1,"currency":"USD","gt_id":6}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) { wantCodes(t, gs, "gh_baccarat", "roy_mini_baccarat", "jad_baccarat") })},
			{Name: "hot games in RMB", Path: "/api/arks/web/member-games/hot-games", Body: `{"site_id":1,"currency":"RMB","gt_id":0}`,
				WantCode: 100, Check: list(func(t *testing.T, gs []game) {
					if len(gs) != 11 || hasCode(gs, "roy_saigon_baccarat") {
						t.Fatalf("hot in RMB %v", codes(gs))
					}
				})},
			{Name: "hot games of the hidden type", Path: "/api/arks/web/member-games/hot-games", Body: `{"site_id":1,"currency":"USD","gt_id":1}`, WantCode: 400},
			{Name: "hot games without currency", Path: "/api/arks/web/member-games/hot-games", Body: `{"site_id":1,"gt_id":0}`, WantCode: 400},
		}
		for _, c := range []struct{ path, valid string }{
			{"/api/v3/game_list", `{"site_id":1,"currency":"USD","support_device":1}`},
			{"/api/v2/get_tag_game_list", `{"site_id":1,"currency":"USD","support_device":1,"tag":"hot","gt_id":0}`},
			{"/api/v2/game_label", `{"site_id":1,"currency":"USD","device":0,"gp_id":0,"game_type_id":2}`},
			{"/api/v2/get_template_game_list", `{"site_id":1,"currency":"USD","support_device":1}`},
			{"/api/arks/web/member-games/hot-games", `{"site_id":1,"currency":"USD","gt_id":0}`},
		} {
			cases = append(cases, badBodies(c.path, c.valid)...)
		}
		testutil.Run(t, s, cases)
	})
}

func TestDemoPlay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		extras(t, d)
		ctx := context.Background()
		// A provider the operator configured whose connection is off: no
		// provider of this binary serves it.
		for _, q := range []string{
			`INSERT INTO providers (id, code, name, active, sort) VALUES (98, 'GP098', 'Offline Live', TRUE, 98)`,
			`INSERT INTO provider_game_types (provider_id, game_type, name_i18n, sort) VALUES (98, 3, '{"en_US":"Offline Live"}', 0)`,
			`INSERT INTO games (provider_id, game_type, game_code, name_i18n, icon_light, icon_dark, created_at)
				VALUES (98, 3, 'off_live_table', '{"en_US":"Offline Table"}', '/media/game/off_live_table.svg', '/media/game/off_live_table-dark.svg', 1)`,
		} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		const path = "/api/demo/play"
		valid := `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type":2,"game_code":"gh_slot_fortune","house":1}`
		session := func(wantGame string, wantBalance int64, wantCurrency string) func(t *testing.T, raw json.RawMessage) {
			return func(t *testing.T, raw json.RawMessage) {
				v := testutil.Decode[struct {
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
		cases := []testutil.Scenario{
			{Name: "in-house slot", Path: path, Body: valid, WantCode: 100, Check: session("gh_slot_fortune", 200000, "USD")},
			{Name: "in-house baccarat in VND on mobile", Path: path, WantCode: 100,
				Body:  `{"site_id":1,"currency":"VND","device":1,"gp_id":1,"game_type":6,"game_code":"gh_baccarat","house":1}`,
				Check: session("gh_baccarat", 50_000_000, "VND")},
			{Name: "in-house keno with only the game code", Path: path, WantCode: 100,
				Body: `{"site_id":1,"currency":"RMB","device":0,"game_code":"gh_keno"}`, Check: session("gh_keno", 1_000_000, "RMB")},
			{Name: "configured provider switched off", Path: path, WantCode: 204,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":98,"game_type":3,"game_code":"off_live_table","house":0}`},
			{Name: "sandbox remote provider's slot", Path: path, WantCode: 100,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":2,"game_type":2,"game_code":"aur_northern_lights","house":0}`,
				Check: func(t *testing.T, raw json.RawMessage) {
					v := testutil.Decode[struct {
						GameURL string `json:"game_url"`
					}](t, raw)
					if !strings.HasPrefix(v.GameURL, "/rgs/play/?session=") {
						t.Fatalf("game_url %q", v.GameURL)
					}
				}},
			{Name: "sandbox remote provider's keno", Path: path, WantCode: 100,
				Body: `{"site_id":1,"currency":"VND","device":1,"gp_id":6,"game_type":5,"game_code":"lkd_northern_lottery","house":0}`},
			{Name: "sandbox remote provider's baccarat", Path: path, WantCode: 100,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":11,"game_type":6,"game_code":"jad_squeeze_baccarat","house":0}`},
			{Name: "unknown game", Path: path, WantCode: 404, Body: `{"site_id":1,"currency":"USD","device":0,"game_code":"no_such_game"}`},
			{Name: "game of the hidden type", Path: path, WantCode: 404, Body: `{"site_id":1,"currency":"USD","device":0,"game_code":"hidden_game"}`},
			{Name: "provider does not match", Path: path, WantCode: 404,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":2,"game_type":2,"game_code":"gh_slot_fortune"}`},
			{Name: "type does not match", Path: path, WantCode: 404,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type":5,"game_code":"gh_slot_fortune"}`},
			{Name: "mobile-only game on desktop", Path: path, WantCode: 206,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":2,"game_type":2,"game_code":"aur_pocket_gems"}`},
			{Name: "game not offered in the currency", Path: path, WantCode: 206,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":3,"game_type":2,"game_code":"drg_red_envelope"}`},
			{Name: "disabled game", Path: path, WantCode: 206, Body: `{"site_id":1,"currency":"USD","device":0,"game_code":"drg_fortune_cat"}`},
			{Name: "inactive provider", Path: path, WantCode: 206, Body: `{"site_id":1,"currency":"USD","device":0,"game_code":"old_reels"}`},
			{Name: "game code missing", Path: path, WantCode: 400, Body: `{"site_id":1,"currency":"USD","device":0}`},
			{Name: "device missing", Path: path, WantCode: 400, Body: `{"site_id":1,"currency":"USD","game_code":"gh_keno"}`},
		}
		testutil.Run(t, s, append(cases, badBodies(path, valid)...))

		if _, err := d.ExecContext(ctx, `UPDATE providers SET maintenance = TRUE, maintenance_start_at = 1800000000000000,
			maintenance_end_at = 1800003600000000 WHERE code = 'GP001'`); err != nil {
			t.Fatal(err)
		}
		testutil.Run(t, s, []testutil.Scenario{{Name: "provider in maintenance", Path: path, Body: valid, WantCode: 203, Check: func(t *testing.T, raw json.RawMessage) {
			v := testutil.Decode[struct {
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
		testutil.Run(t, s, []testutil.Scenario{
			{Name: "demo mode site", Path: path, Body: valid, WantCode: 205},
			{Name: "demo mode message", Path: path, Body: valid, Headers: []string{"lang", "zh_CN"}, WantCode: 205},
			{Name: "catalogue still browsable in demo mode", Path: "/api/demo/gp_games", WantCode: 100,
				Body: `{"site_id":1,"currency":"USD","device":0,"gp_id":1,"game_type_id":2}`},
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
		if len(paths) != 56 {
			t.Fatalf("%d tile paths", len(paths))
		}
		for _, code := range []string{"GP001", "GP002", "GP003", "GP006", "GP007", "GP011"} {
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
