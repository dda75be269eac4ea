package seed

// seedGame is one game of the demo catalogue.
type seedGame struct {
	code, en, zh, vi string
	devices          int      // 1 desktop, 2 mobile, 3 both
	currencies       []string // nil: every currency
	customized       bool     // the entry opens the provider's own lobby
}

// seedHall is a provider's games in one game type.
type seedHall struct {
	gameType   int
	en, zh, vi string // gp_gt_name
	games      []seedGame
}

// seedProvider is one row of the static provider table with its halls.
type seedProvider struct {
	id         int
	code, name string
	house      bool
	appID      string
	halls      []seedHall
	currencies []string // every game of the provider limited to these
}

func newGame(code, en, zh, vi string) seedGame {
	return seedGame{code: code, en: en, zh: zh, vi: vi, devices: 3}
}

// demoProviders is the demo catalogue: the in-house provider and the
// fictional third-party providers the sandbox remote provider serves
// (internal/provider/remote, Catalog; a test holds the two together), each
// game on one of the in-house engines. The types no engine plays yet (live,
// sport, virtual sport, cockfight, esport) have no games: their halls show
// an empty state rather than tiles that cannot open.
func demoProviders() []seedProvider {
	only := func(x seedGame, devices int) seedGame { x.devices = devices; return x }
	in := func(x seedGame, currencies ...string) seedGame { x.currencies = currencies; return x }
	return []seedProvider{
		{id: 1, code: "GP001", name: "Gamehall Originals", house: true, appID: "gh-originals", halls: []seedHall{
			{gameType: 2, en: "Gamehall Originals Slots", zh: "Gamehall 原创电子", vi: "Slot Gamehall Originals", games: []seedGame{
				newGame("gh_slot_fortune", "Fortune Reels", "财富转轴", "Vòng Quay Tài Lộc")}},
			{gameType: 6, en: "Gamehall Originals Cards", zh: "Gamehall 原创棋牌", vi: "Game bài Gamehall Originals", games: []seedGame{
				newGame("gh_baccarat", "Gamehall Baccarat", "Gamehall 百家乐", "Baccarat Gamehall")}},
			{gameType: 5, en: "Gamehall Originals Lottery", zh: "Gamehall 原创彩票", vi: "Xổ số Gamehall Originals", games: []seedGame{
				newGame("gh_keno", "Gamehall Keno", "Gamehall 基诺", "Keno Gamehall")}},
		}},
		{id: 2, code: "GP002", name: "Aurora Gaming", appID: "aurora-gaming", halls: []seedHall{
			{gameType: 2, en: "Aurora Gaming Slots", zh: "极光电子", vi: "Slot Aurora Gaming", games: []seedGame{
				newGame("aur_northern_lights", "Northern Lights", "北极光", "Bắc Cực Quang"),
				newGame("aur_polar_treasure", "Polar Treasure", "极地宝藏", "Kho Báu Vùng Cực"),
				newGame("aur_starfall_gems", "Starfall Gems", "星落宝石", "Đá Quý Sao Rơi"),
				newGame("aur_midnight_wolf", "Midnight Wolf", "午夜狼", "Sói Nửa Đêm"),
				newGame("aur_crystal_cascade", "Crystal Cascade", "水晶瀑布", "Thác Pha Lê"),
				only(newGame("aur_pocket_gems", "Pocket Gems", "口袋宝石", "Đá Quý Bỏ Túi"), 2),
			}},
		}},
		{id: 3, code: "GP003", name: "Dragon Reels", appID: "dragon-reels", halls: []seedHall{
			{gameType: 2, en: "Dragon Reels Slots", zh: "龙轴电子", vi: "Slot Dragon Reels", games: []seedGame{
				newGame("drg_jade_dragon", "Jade Dragon", "翡翠龙", "Rồng Ngọc"),
				newGame("drg_lucky_koi", "Lucky Koi", "幸运锦鲤", "Cá Chép May Mắn"),
				newGame("drg_golden_lantern", "Golden Lantern", "金灯笼", "Đèn Lồng Vàng"),
				newGame("drg_fortune_cat", "Fortune Cat", "招财猫", "Mèo Thần Tài"),
				newGame("drg_phoenix_rise", "Phoenix Rise", "凤凰涅槃", "Phượng Hoàng Tái Sinh"),
				in(newGame("drg_red_envelope", "Red Envelope Rush", "红包来了", "Lì Xì Đỏ"), "RMB", "VND"),
			}},
		}},
		{id: 6, code: "GP006", name: "Lucky Draw", appID: "lucky-draw", halls: []seedHall{
			{gameType: 5, en: "Lucky Draw Lottery", zh: "幸运开奖彩票", vi: "Xổ số Lucky Draw", games: []seedGame{
				newGame("lkd_speed_lotto", "Speed Lotto", "极速乐透", "Xổ Số Siêu Tốc"),
				newGame("lkd_lucky_six", "Lucky Six", "幸运六合", "Sáu Số May Mắn"),
				newGame("lkd_pick_three", "Pick Three", "排列三", "Chọn Ba Số"),
				in(newGame("lkd_northern_lottery", "Northern Lottery", "北部彩票", "Xổ Số Miền Bắc"), "VND"),
				newGame("lkd_bingo_blast", "Bingo Blast", "宾果狂欢", "Bingo Bùng Nổ"),
			}},
		}},
		{id: 7, code: "GP007", name: "Royal Cards", appID: "royal-cards", halls: []seedHall{
			{gameType: 6, en: "Royal Cards", zh: "皇家棋牌", vi: "Game bài Royal Cards", games: []seedGame{
				newGame("roy_baccarat", "Royal Baccarat", "皇家百家乐", "Baccarat Hoàng Gia"),
				newGame("roy_mini_baccarat", "Royal Mini Baccarat", "皇家迷你百家乐", "Baccarat Mini Hoàng Gia"),
				only(newGame("roy_single_deck", "Royal Single Deck Baccarat", "皇家单副牌百家乐", "Baccarat Một Bộ Bài Hoàng Gia"), 1),
				newGame("roy_tie_nine", "Royal Tie Nine Baccarat", "皇家和局九倍百家乐", "Baccarat Hòa Ăn Chín Hoàng Gia"),
				in(newGame("roy_saigon_baccarat", "Saigon Baccarat", "西贡百家乐", "Baccarat Sài Gòn"), "VND"),
				newGame("roy_low_commission", "Royal Low Commission Baccarat", "皇家低佣百家乐", "Baccarat Hoa Hồng Thấp Hoàng Gia"),
			}},
		}},
		{id: 11, code: "GP011", name: "Jade Tables", appID: "jade-tables", halls: []seedHall{
			{gameType: 6, en: "Jade Tables Cards", zh: "翡翠棋牌", vi: "Game bài Jade Tables", games: []seedGame{
				newGame("jad_baccarat", "Jade Baccarat", "翡翠百家乐", "Baccarat Ngọc Bích"),
				newGame("jad_squeeze_baccarat", "Jade Squeeze Baccarat", "翡翠咪牌百家乐", "Baccarat Nặn Bài Ngọc Bích"),
			}},
		}},
	}
}

// appPrefix is the app-type prefix of each game type (spec section 3).
func appPrefix(gameType int) string {
	return map[int]string{2: "e_", 3: "v_", 4: "s_", 5: "l_", 6: "c_", 7: "t_", 8: "d_", 9: "g_"}[gameType]
}

// games seeds providers and games of the demo catalogue, the hot and new
// labels and the template game lists. Game tiles and provider logos are
// generated (/media/game/..., /media/provider/...), not files, so they are not
// recorded with s.m.
func (s *seeder) games() {
	ids := map[string]int64{}
	for pi, p := range demoProviders() {
		s.exec(`INSERT INTO providers (id, code, name, house, active, app_id, sort) VALUES ($1, $2, $3, $4, TRUE, $5, $6)`,
			p.id, p.code, p.name, p.house, p.appID, pi)
		for _, h := range p.halls {
			// sort orders the providers within a game type's gp_list.
			s.exec(`INSERT INTO provider_game_types (provider_id, game_type, name_i18n, sort) VALUES ($1, $2, $3, $4)`,
				p.id, h.gameType, tr(h.en, h.zh, h.vi), pi)
			for gi, x := range h.games {
				currencies := x.currencies
				if currencies == nil {
					currencies = p.currencies
				}
				id := s.insertID(`INSERT INTO games (provider_id, game_type, game_code, name_i18n, customized, icon_light, icon_dark,
					android_id, logo_img_id, devices, all_currencies, sort, created_at)
					VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
					p.id, h.gameType, x.code, tr(x.en, x.zh, x.vi), x.customized,
					"/media/game/"+x.code+".svg", "/media/game/"+x.code+"-dark.svg",
					appPrefix(h.gameType)+x.code, p.code, x.devices, currencies == nil, gi, s.now)
				for _, c := range currencies {
					s.exec(`INSERT INTO game_currencies (game_id, currency) VALUES ($1, $2)`, id, c)
				}
				ids[x.code] = id
			}
		}
	}
	labels := []struct {
		tag, en, zh, vi string
		games           []string
	}{
		{"hot", "Hot", "热门", "Nổi bật", []string{"gh_slot_fortune", "gh_baccarat", "gh_keno", "aur_northern_lights",
			"drg_jade_dragon", "lkd_speed_lotto", "roy_mini_baccarat", "aur_starfall_gems", "drg_golden_lantern", "lkd_lucky_six",
			"roy_saigon_baccarat", "jad_baccarat"}},
		{"new", "New", "新游戏", "Mới", []string{"gh_keno", "aur_pocket_gems", "drg_phoenix_rise", "lkd_bingo_blast",
			"roy_tie_nine", "jad_squeeze_baccarat", "drg_red_envelope"}},
	}
	for li, l := range labels {
		lid := s.insertID(`INSERT INTO game_labels (site_id, tag, name_i18n, sort) VALUES ($1, $2, $3, $4)`,
			DemoSiteID, l.tag, tr(l.en, l.zh, l.vi), li)
		for gi, code := range l.games {
			s.exec(`INSERT INTO game_label_games (label_id, game_id, sort) VALUES ($1, $2, $3)`, lid, ids[code], gi)
		}
	}
	lists := []struct {
		en, zh, vi string
		games      []string
	}{
		{"Gamehall Originals", "Gamehall 原创", "Gamehall Originals", []string{"gh_slot_fortune", "gh_baccarat", "gh_keno"}},
		{"Featured", "精选推荐", "Đề xuất", []string{"aur_northern_lights", "roy_baccarat", "lkd_pick_three", "drg_jade_dragon",
			"aur_midnight_wolf", "drg_lucky_koi", "jad_baccarat", "lkd_speed_lotto", "roy_saigon_baccarat"}},
		{"Table games", "桌面游戏", "Trò chơi bàn", []string{"gh_baccarat", "roy_baccarat", "roy_mini_baccarat", "roy_single_deck",
			"roy_low_commission", "jad_baccarat", "jad_squeeze_baccarat"}},
	}
	for li, l := range lists {
		lid := s.insertID(`INSERT INTO template_game_lists (site_id, title_i18n, sort) VALUES ($1, $2, $3)`,
			DemoSiteID, tr(l.en, l.zh, l.vi), li)
		for gi, code := range l.games {
			s.exec(`INSERT INTO template_game_list_games (list_id, game_id, sort) VALUES ($1, $2, $3)`, lid, ids[code], gi)
		}
	}
}
