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

// demoProviders is the demo catalogue: the in-house provider (the only one
// whose games launch) and fictional third-party providers an operator would
// connect later. Every game type 2..9 has content; cockfight (8) has no
// in-house game.
func demoProviders() []seedProvider {
	lobby := func(x seedGame) seedGame { x.customized = true; return x }
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
		{id: 4, code: "GP004", name: "Velvet Live", appID: "velvet-live", halls: []seedHall{
			{gameType: 3, en: "Velvet Live Casino", zh: "丝绒真人", vi: "Casino Velvet Live", games: []seedGame{
				lobby(newGame("vel_lobby", "Velvet Live Lobby", "丝绒真人大厅", "Sảnh Velvet Live")),
				newGame("vel_baccarat", "Velvet Baccarat", "丝绒百家乐", "Baccarat Nhung"),
				newGame("vel_roulette", "Velvet Roulette", "丝绒轮盘", "Roulette Nhung"),
				newGame("vel_blackjack", "Velvet Blackjack", "丝绒二十一点", "Blackjack Nhung"),
				newGame("vel_sicbo", "Velvet Sic Bo", "丝绒骰宝", "Tài Xỉu Nhung"),
				newGame("vel_dragon_tiger", "Velvet Dragon Tiger", "丝绒龙虎", "Rồng Hổ Nhung"),
			}},
		}},
		{id: 5, code: "GP005", name: "Pitchside", appID: "pitchside", halls: []seedHall{
			{gameType: 4, en: "Pitchside Sports", zh: "Pitchside 体育", vi: "Thể thao Pitchside", games: []seedGame{
				lobby(newGame("pit_sportsbook", "Pitchside Sportsbook", "Pitchside 体育投注", "Cá cược thể thao Pitchside")),
				newGame("pit_live_betting", "Live Betting", "滚球投注", "Cược trực tiếp"),
				newGame("pit_football_specials", "Football Specials", "足球特别投注", "Kèo đặc biệt bóng đá"),
				only(newGame("pit_pro_trader", "Pro Trader", "专业交易台", "Bàn giao dịch chuyên nghiệp"), 1),
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
				newGame("roy_holdem", "Royal Hold'em", "皇家德州扑克", "Hold'em Hoàng Gia"),
				newGame("roy_bull_bull", "Bull & Bull", "牛牛", "Ngưu Ngưu"),
				newGame("roy_three_cards", "Three Card Duel", "三公", "Ba Cây"),
				newGame("roy_landlord", "Fight the Landlord", "斗地主", "Đấu Địa Chủ"),
				in(newGame("roy_tien_len", "Tien Len", "越南扑克", "Tiến Lên"), "VND"),
				newGame("roy_rummy", "Royal Rummy", "皇家拉米", "Rummy Hoàng Gia"),
			}},
		}},
		{id: 8, code: "GP008", name: "Turbo Virtuals", appID: "turbo-virtuals", halls: []seedHall{
			{gameType: 7, en: "Turbo Virtual Sports", zh: "极速虚拟体育", vi: "Thể thao ảo Turbo", games: []seedGame{
				newGame("tur_virtual_football", "Virtual Football League", "虚拟足球联赛", "Giải bóng đá ảo"),
				newGame("tur_greyhounds", "Greyhound Sprint", "赛狗冲刺", "Đua chó ảo"),
				newGame("tur_horse_derby", "Horse Derby", "赛马大赛", "Đua ngựa Derby"),
				newGame("tur_speedway", "Turbo Speedway", "极速赛车", "Đường đua Turbo"),
				newGame("tur_virtual_tennis", "Virtual Tennis", "虚拟网球", "Quần vợt ảo"),
			}},
		}},
		// Cockfight is offered only where it is customary: VND, THB and USD.
		{id: 9, code: "GP009", name: "Cockpit Arena", appID: "cockpit-arena", currencies: []string{"VND", "THB", "USD"}, halls: []seedHall{
			{gameType: 8, en: "Cockpit Arena", zh: "斗鸡竞技场", vi: "Đấu trường Cockpit", games: []seedGame{
				lobby(newGame("cpa_arena_live", "Cockpit Arena Live", "斗鸡竞技场直播", "Đấu trường Cockpit trực tiếp")),
				newGame("cpa_main_event", "Main Event", "主赛事", "Trận chính"),
				newGame("cpa_derby_night", "Derby Night", "德比之夜", "Đêm Derby"),
				newGame("cpa_quick_match", "Quick Match", "快速对战", "Trận nhanh"),
			}},
		}},
		{id: 10, code: "GP010", name: "Pixel Arena", appID: "pixel-arena", halls: []seedHall{
			{gameType: 9, en: "Pixel Arena Esports", zh: "像素竞技电竞", vi: "Thể thao điện tử Pixel Arena", games: []seedGame{
				lobby(newGame("pix_esports_hub", "Pixel Esports Hub", "像素电竞中心", "Trung tâm Esports Pixel")),
				newGame("pix_moba_masters", "MOBA Masters", "MOBA 大师", "Cao thủ MOBA"),
				newGame("pix_tactical_cup", "Tactical Shooter Cup", "战术射击杯", "Cúp Bắn Súng Chiến Thuật"),
				newGame("pix_battle_royale", "Battle Royale Series", "大逃杀系列赛", "Giải Battle Royale"),
				newGame("pix_fighting_finals", "Fighting Game Finals", "格斗游戏总决赛", "Chung kết Đối Kháng"),
			}},
		}},
		{id: 11, code: "GP011", name: "Jade Tables", appID: "jade-tables", halls: []seedHall{
			{gameType: 3, en: "Jade Tables Live", zh: "翡翠真人", vi: "Casino Jade Tables", games: []seedGame{
				newGame("jad_speed_baccarat", "Jade Speed Baccarat", "翡翠极速百家乐", "Baccarat Tốc Độ Ngọc Bích"),
				newGame("jad_fan_tan", "Jade Fan Tan", "翡翠番摊", "Fan Tan Ngọc Bích"),
				newGame("jad_lucky_wheel", "Lucky Wheel", "幸运转盘", "Vòng Quay May Mắn"),
			}},
			{gameType: 6, en: "Jade Tables Cards", zh: "翡翠棋牌", vi: "Game bài Jade Tables", games: []seedGame{
				newGame("jad_mahjong", "Jade Mahjong", "翡翠麻将", "Mạt Chược Ngọc Bích"),
				newGame("jad_pai_gow", "Jade Pai Gow", "翡翠牌九", "Bài Cẩu Ngọc Bích"),
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
			"drg_jade_dragon", "vel_baccarat", "pit_sportsbook", "lkd_speed_lotto", "roy_bull_bull", "tur_virtual_football",
			"cpa_arena_live", "pix_moba_masters", "jad_speed_baccarat"}},
		{"new", "New", "新游戏", "Mới", []string{"gh_keno", "aur_pocket_gems", "drg_phoenix_rise", "lkd_bingo_blast",
			"tur_speedway", "pix_fighting_finals", "jad_mahjong", "drg_red_envelope"}},
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
		{"Featured", "精选推荐", "Đề xuất", []string{"aur_northern_lights", "vel_baccarat", "pit_sportsbook", "drg_jade_dragon",
			"roy_holdem", "tur_horse_derby", "pix_moba_masters", "lkd_speed_lotto", "cpa_main_event"}},
		{"Table games", "桌面游戏", "Trò chơi bàn", []string{"gh_baccarat", "vel_roulette", "vel_blackjack", "jad_fan_tan",
			"roy_bull_bull", "jad_mahjong", "jad_pai_gow"}},
	}
	for li, l := range lists {
		lid := s.insertID(`INSERT INTO template_game_lists (site_id, title_i18n, sort) VALUES ($1, $2, $3)`,
			DemoSiteID, tr(l.en, l.zh, l.vi), li)
		for gi, code := range l.games {
			s.exec(`INSERT INTO template_game_list_games (list_id, game_id, sort) VALUES ($1, $2, $3)`, lid, ids[code], gi)
		}
	}
}
