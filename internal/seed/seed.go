// Package seed fills an empty database with the demo site: currencies,
// languages, the site's settings and lobby content. Every image it names is
// an SVG in internal/media.
package seed

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/i18n"
	"gamehall/internal/sanitize"
	"gamehall/internal/secret"
)

// DemoSiteID is the id of the demo site.
const DemoSiteID = 1

// languageCodes are the spec's languages (the reference migration stores
// them); the demo site offers them all.
var languageCodes = []string{"zh_TW", "zh_CN", "en_US", "vi_VN", "ko_KR", "ja_JP", "th_TH", "hi_IN", "my_MM", "ta_IN", "bn_BD"}

// seeder runs inserts in one transaction and remembers every media path it
// wrote, so tests can check the images exist.
type seeder struct {
	ctx   context.Context
	db    *db.DB
	tx    db.Querier
	now   int64
	hash  secret.Params
	media []string
	err   error
}

func (s *seeder) exec(q string, args ...any) {
	if s.err != nil {
		return
	}
	if _, err := s.tx.ExecContext(s.ctx, q, args...); err != nil {
		s.err = fmt.Errorf("seed: %w", db.MapError(err))
	}
}

func (s *seeder) insertID(q string, args ...any) int64 {
	if s.err != nil {
		return 0
	}
	var id int64
	if err := s.tx.QueryRowContext(s.ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
		s.err = fmt.Errorf("seed: %w", db.MapError(err))
	}
	return id
}

// m records and returns a media path.
func (s *seeder) m(p string) string {
	s.media = append(s.media, p)
	return p
}

//go:embed text/*.json
var textFiles embed.FS

// translations is the demo content in the eight languages beyond the three
// written inline (en_US, zh_CN, vi_VN): text/<lang>.json maps each English
// text to its translation. Keying by the English text keeps every call of tr
// at three arguments, and a text nobody translated shows up in one place
// (seed_test) instead of as a silent English fallback.
var translations = sync.OnceValues(func() (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	files, err := textFiles.ReadDir("text")
	if err != nil {
		return nil, fmt.Errorf("seed text: %w", err)
	}
	for _, f := range files {
		raw, err := textFiles.ReadFile("text/" + f.Name())
		if err != nil {
			return nil, fmt.Errorf("seed text: %w", err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("seed text %s: %w", f.Name(), err)
		}
		out[f.Name()[:len(f.Name())-len(".json")]] = m
	}
	return out, nil
})

// translate is en in lang, or en itself when nobody translated it.
func translate(lang, en string) string {
	all, _ := translations()
	if t := all[lang][en]; t != "" {
		return t
	}
	return en
}

// texts is a text in every language: English, Simplified Chinese and
// Vietnamese as given, the others from text/*.json.
func texts(en, zh, vi string) map[string]string {
	m := map[string]string{"en_US": en, "zh_CN": zh, "vi_VN": vi}
	all, _ := translations()
	for lang, t := range all {
		if v := t[en]; v != "" {
			m[lang] = v
		}
	}
	return m
}

// tr is a text in every language, in its stored form.
func tr(en, zh, vi string) string {
	return i18n.Text(texts(en, zh, vi))
}

// html is operator HTML in every language, stored as the sanitiser rebuilds
// it (as every operator write of HTML is), so nothing else ever reaches a
// browser.
func html(en, zh, vi string) string {
	m := texts(en, zh, vi)
	for lang, v := range m {
		m[lang] = sanitize.HTML(v)
	}
	return i18n.Text(m)
}

// Demo seeds the demo site unless it exists, its members' passwords hashed
// at the OWASP cost. It returns the media paths the seed refers to.
func Demo(ctx context.Context, d *db.DB, now time.Time) ([]string, error) {
	return DemoHashed(ctx, d, now, secret.OWASP)
}

// DemoHashed is Demo with the members' passwords hashed at cost hash.
func DemoHashed(ctx context.Context, d *db.DB, now time.Time, hash secret.Params) ([]string, error) {
	var exists int
	err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM sites WHERE id = $1`, DemoSiteID).Scan(&exists)
	if err != nil {
		return nil, fmt.Errorf("seed: %w", db.MapError(err))
	}
	if exists > 0 {
		return nil, nil
	}
	if _, err := translations(); err != nil {
		return nil, err
	}
	var media []string
	err = d.Tx(ctx, func(ctx context.Context) error {
		s := &seeder{ctx: ctx, db: d, tx: d.Q(ctx), now: now.UTC().UnixMicro(), hash: hash}
		s.reference()
		s.site()
		s.content(s.pages())
		s.banners()
		s.notices()
		s.games()
		s.members()
		s.cashBack()
		media = s.media
		return s.err
	})
	if errors.Is(err, db.ErrConflict) {
		// Another process seeded between our check and our insert.
		return nil, nil
	}
	return media, err
}

func (s *seeder) reference() {
	// The reference migration stores the languages with these flags.
	for _, code := range languageCodes {
		s.m("/media/flags/" + code + ".svg")
	}
	types := []struct {
		id              int
		key, en, prefix string
		zh, vi          string
	}{
		{2, "slot", "Slots", "e_", "电子游戏", "Slot"},
		{3, "live", "Live Casino", "v_", "真人视讯", "Casino trực tiếp"},
		{4, "sport", "Sports", "s_", "体育", "Thể thao"},
		{5, "lottery", "Lottery", "l_", "彩票", "Xổ số"},
		{6, "chess", "Card Games", "c_", "棋牌", "Game bài"},
		{7, "virtual_sport", "Virtual Sports", "t_", "虚拟体育", "Thể thao ảo"},
		{8, "cockfight", "Cockfight", "d_", "斗鸡", "Đá gà"},
		{9, "esport", "Esports", "g_", "电子竞技", "Thể thao điện tử"},
	}
	for i, t := range types {
		icon := fmt.Sprintf("/media/game-type/%d.svg", t.id)
		active := fmt.Sprintf("/media/game-type/%d-active.svg", t.id)
		s.exec(`INSERT INTO game_types (id, type_key, name_en, hall_label_i18n, app_prefix, icon, icon_active, sort)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
			t.id, t.key, t.en, tr(t.en, t.zh, t.vi), t.prefix, s.m(icon), s.m(active), i)
	}
}

// demoCurrencies are the currencies the demo site offers, default first.
var demoCurrencies = []string{"USD", "RMB", "VND", "THB", "INR", "JPY", "WON"}

func (s *seeder) site() {
	const title = "Gamehall — online casino, slots, live games and sports"
	titles := map[string]string{"default": title, "zh_CN": "Gamehall 游戏大厅 — 电子游戏、真人视讯、体育",
		"vi_VN": "Gamehall — casino trực tuyến, slot, game trực tiếp và thể thao"}
	for _, lang := range languageCodes {
		if t := translate(lang, title); t != title {
			titles[lang] = t
		}
	}
	seoTitle := i18n.Text(titles)
	seoContent := html(
		"<h2>Gamehall demo site</h2><p>Slots, live casino, card games, lottery and sports in one hall. Demo play is free; real play needs an account. 18+ only. Play responsibly.</p>",
		"<h2>Gamehall 演示站</h2><p>电子游戏、真人视讯、棋牌、彩票和体育尽在一处。试玩免费，真钱游戏需注册账户。仅限 18 岁以上，请理性娱乐。</p>",
		"<h2>Trang demo Gamehall</h2><p>Slot, casino trực tiếp, game bài, xổ số và thể thao trong một sảnh. Chơi thử miễn phí; chơi thật cần tài khoản. Chỉ dành cho người trên 18 tuổi. Hãy chơi có trách nhiệm.</p>")
	s.exec(`INSERT INTO sites (id, name, demo_mode, game_room_mode, default_language, default_currency, desktop_template,
		mobile_template, customer_service_url, app_ios_url, app_android_url, link_expire_minutes, bulletin_display_frequency,
		seo_title_i18n, seo_content_i18n, created_at, updated_at)
		VALUES ($1, $2, FALSE, FALSE, 'en_US', 'USD', 'default', 'H5_1', '/main/3', '/app?platform=ios', '/app?platform=android',
		60, 1, $3, $4, $5, $5)`, DemoSiteID, "Gamehall Demo", seoTitle, seoContent, s.now)
	for i, c := range demoCurrencies {
		s.exec(`INSERT INTO site_currencies (site_id, currency, sort) VALUES ($1, $2, $3)`, DemoSiteID, c, i)
	}
	for i, code := range languageCodes {
		// English first in the selector, then the spec's order.
		sort := i + 1
		if code == "en_US" {
			sort = 0
		}
		s.exec(`INSERT INTO site_languages (site_id, language, sort) VALUES ($1, $2, $3)`, DemoSiteID, code, sort)
	}
	for _, l := range []struct{ typ, file string }{
		{"desktop", "logo-desktop"}, {"mobile", "logo-mobile"}, {"favicon", "favicon"}, {"app", "app-icon"},
	} {
		s.exec(`INSERT INTO logos (site_id, type, photo_path) VALUES ($1, $2, $3)`,
			DemoSiteID, l.typ, s.m("/media/logo/"+l.file+".svg"))
	}
	s.exec(`INSERT INTO register_backgrounds (site_id, template, photo) VALUES ($1, '', $2), ($1, 'H5_1', $3)`,
		DemoSiteID, s.m("/media/background/register-default.svg"), s.m("/media/background/register-h5.svg"))
	s.exec(`INSERT INTO route_redirects (site_id, path, target) VALUES ($1, '/promotions', '/discount')`, DemoSiteID)
	themes := []string{"#f5c542", "#3de1ff", "#ff3d7f", "#7cff6b", "#b18cff", "#ff9f43", "#4dd0e1", "#f06292"}
	for i, color := range themes {
		name := fmt.Sprintf("H5_%d", i+1)
		cfg := fmt.Sprintf(`{"name":%q,"theme_color":%q,"home_sections":["carousel","marquee","jackpot","game_types"],"show_jackpot":true,"show_marquee":true}`, name, color)
		s.exec(`INSERT INTO template_configs (site_id, name, config) VALUES ($1, $2, $3)`, DemoSiteID, name, cfg)
	}
}

func (s *seeder) content(pages map[string][]int64) {
	page := func(kind string, i int) string {
		if i >= len(pages[kind]) {
			return "/" + kind
		}
		return fmt.Sprintf("%s/%d", kind, pages[kind][i])
	}
	contact := "/" + page("main", 2)
	groups := []struct {
		title string
		links [][2]string // title, url
	}{
		{tr("About", "关于我们", "Giới thiệu"), [][2]string{
			{tr("About us", "关于我们", "Về chúng tôi"), page("main", 0)},
			{tr("Responsible gaming", "理性娱乐", "Chơi có trách nhiệm"), page("main", 1)},
			{tr("Contact us", "联系我们", "Liên hệ"), page("main", 2)},
		}},
		{tr("Help", "帮助", "Trợ giúp"), [][2]string{
			{tr("FAQ", "常见问题", "Câu hỏi thường gặp"), "/faq"},
			{tr("How to open an account", "如何注册", "Cách mở tài khoản"), page("faq", 0)},
			{tr("How to deposit", "如何存款", "Cách nạp tiền"), page("faq", 1)},
			{tr("How to withdraw", "如何取款", "Cách rút tiền"), page("faq", 2)},
		}},
		{tr("Promotions", "优惠活动", "Khuyến mãi"), [][2]string{
			{tr("All promotions", "全部优惠", "Tất cả khuyến mãi"), "/discount"},
			{tr("Sponsorship", "赞助", "Tài trợ"), "/sponsor"},
		}},
	}
	for gi, g := range groups {
		gid := s.insertID(`INSERT INTO footer_groups (site_id, title_i18n, sort) VALUES ($1, $2, $3)`, DemoSiteID, g.title, gi)
		for li, l := range g.links {
			s.exec(`INSERT INTO footer_links (group_id, title_i18n, url, sort) VALUES ($1, $2, $3, $4)`, gid, l[0], l[1], li)
		}
	}
	nav := []struct{ typ, title, url string }{
		{"home", tr("Home", "首页", "Trang chủ"), "/"},
		{"discount", tr("Promotions", "优惠", "Khuyến mãi"), "/discount"},
		{"deposit", tr("Deposit", "存款", "Nạp tiền"), "/user/Deposit"},
		{"announcement", tr("News", "公告", "Thông báo"), ""},
		{"custom_link", tr("FAQ", "常见问题", "Hỏi đáp"), "/faq"},
		{"custom_service", tr("Support", "客服", "Hỗ trợ"), contact},
	}
	for i, n := range nav {
		s.exec(`INSERT INTO mobile_footers (site_id, template, type, title_i18n, icon, icon_active, url, sort)
			VALUES ($1, '', $2, $3, $4, $5, $6, $7)`, DemoSiteID, n.typ, n.title,
			s.m("/media/footer/"+n.typ+".svg"), s.m("/media/footer/"+n.typ+"-active.svg"), n.url, i)
	}
	floats := []struct{ typ, title, url string }{
		{"custom_service", tr("Live support", "在线客服", "Hỗ trợ trực tuyến"), contact},
		{"custom_link", tr("FAQ", "常见问题", "Câu hỏi thường gặp"), "/faq"},
		{"app_download", tr("Get the app", "下载应用", "Tải ứng dụng"), "/app"},
		{"go_top", tr("Top", "顶部", "Lên đầu"), ""},
	}
	for i, f := range floats {
		s.exec(`INSERT INTO floats (site_id, type, title_i18n, icon, url, sort) VALUES ($1, $2, $3, $4, $5, $6)`,
			DemoSiteID, f.typ, f.title, s.m("/media/float/"+f.typ+".svg"), f.url, i)
	}
	type block struct{ title, content, photo, url string }
	type blocks struct{ ads, sponsors, login []block }
	byLang := map[string]blocks{
		"en_US": {
			ads: []block{{"Refer a friend", "Invite friends and earn a bonus on their first deposit.", "/media/ad/1.svg", "/discount"},
				{"Daily red envelope", "Open a red envelope every day for a cash surprise.", "/media/ad/2.svg", "/discount"},
				{"VIP cashback", "Up to 1.2% weekly cashback for VIP members.", "/media/ad/3.svg", "/discount"}},
			sponsors: []block{{"Northbay Rovers FC", "Official betting partner of Northbay Rovers FC.", "/media/sponsor/1.svg", ""},
				{"Silverlake Strikers", "Proud sponsor of the Silverlake Strikers.", "/media/sponsor/2.svg", ""},
				{"Eastport Mariners", "Main partner of the Eastport Mariners esports team.", "/media/sponsor/3.svg", ""}},
			login: []block{{"Safe and fair", "Every game result is decided on our server with a certified random number generator.", "", ""},
				{"Fast withdrawals", "Withdrawals are processed around the clock.", "", ""}},
		},
		"zh_CN": {
			ads: []block{{"推荐好友", "邀请好友，首存即送奖金。", "/media/ad/1.svg", "/discount"},
				{"每日红包", "每天拆红包，现金惊喜。", "/media/ad/2.svg", "/discount"},
				{"VIP 返水", "VIP 会员每周最高返水 1.2%。", "/media/ad/3.svg", "/discount"}},
			sponsors: []block{{"北湾流浪者足球俱乐部", "北湾流浪者足球俱乐部官方合作伙伴。", "/media/sponsor/1.svg", ""},
				{"银湖前锋队", "银湖前锋队荣誉赞助商。", "/media/sponsor/2.svg", ""},
				{"东港水手电竞", "东港水手电竞战队主要合作伙伴。", "/media/sponsor/3.svg", ""}},
			login: []block{{"安全公平", "每局结果均由服务器上经认证的随机数生成器决定。", "", ""},
				{"极速出款", "全天候处理提款。", "", ""}},
		},
		"vi_VN": {
			ads: []block{{"Giới thiệu bạn bè", "Mời bạn bè và nhận thưởng khi họ nạp lần đầu.", "/media/ad/1.svg", "/discount"},
				{"Lì xì mỗi ngày", "Mở lì xì mỗi ngày để nhận tiền thưởng bất ngờ.", "/media/ad/2.svg", "/discount"},
				{"Hoàn trả VIP", "Hoàn trả hằng tuần lên đến 1,2% cho thành viên VIP.", "/media/ad/3.svg", "/discount"}},
			sponsors: []block{{"CLB Northbay Rovers", "Đối tác chính thức của CLB Northbay Rovers.", "/media/sponsor/1.svg", ""},
				{"Silverlake Strikers", "Nhà tài trợ của Silverlake Strikers.", "/media/sponsor/2.svg", ""},
				{"Eastport Mariners", "Đối tác chính của đội esports Eastport Mariners.", "/media/sponsor/3.svg", ""}},
			login: []block{{"An toàn và công bằng", "Mọi kết quả đều do máy chủ quyết định bằng bộ sinh số ngẫu nhiên đã kiểm định.", "", ""},
				{"Rút tiền nhanh", "Xử lý rút tiền suốt ngày đêm.", "", ""}},
		},
	}
	// The other languages' blocks are the English ones, translated.
	in := func(lang string, en []block) []block {
		out := make([]block, len(en))
		for i, b := range en {
			out[i] = block{translate(lang, b.title), translate(lang, b.content), b.photo, b.url}
		}
		return out
	}
	for _, lang := range languageCodes {
		if _, ok := byLang[lang]; !ok {
			en := byLang["en_US"]
			byLang[lang] = blocks{in(lang, en.ads), in(lang, en.sponsors), in(lang, en.login)}
		}
	}
	for lang, kinds := range byLang {
		for _, version := range []int{1, 2} {
			for kind, blocks := range map[string][]block{"setting": kinds.ads, "sponsor": kinds.sponsors, "login": kinds.login} {
				for i, b := range blocks {
					photo := b.photo
					if photo != "" {
						photo = s.m(photo)
					}
					s.exec(`INSERT INTO model_items (site_id, kind, model_version, language, title, photo, content, url, sort)
						VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, DemoSiteID, kind, version, lang, b.title, photo, b.content, b.url, i)
				}
			}
		}
	}
}

func (s *seeder) banners() {
	type banner struct {
		useType, linkType, linkMethod int
		file, linkURL                 string
		gtID                          int
	}
	var list []banner
	for _, device := range []struct {
		useType int
		prefix  string
		count   int
	}{{0, "desktop", 4}, {1, "small", 3}, {2, "mobile", 4}} {
		for i := 1; i <= device.count; i++ {
			b := banner{useType: device.useType, file: fmt.Sprintf("/media/banner/%s-%d.svg", device.prefix, i)}
			switch i {
			case 1:
				b.linkType, b.linkURL = 1, "/discount"
			case 2:
				b.linkType, b.gtID = 2, 2
			case 3:
				b.linkType, b.linkURL = 1, "/gameHall/6"
			case 4:
				b.linkType, b.linkURL = 1, "/gameHall/5"
			}
			list = append(list, b)
		}
	}
	for i, b := range list {
		gpGTName, gpID := "", 0
		if b.gtID != 0 {
			// The in-house provider (GP001, gp_id 1) and its slot section.
			gpGTName, gpID = "Gamehall Originals Slots", 1
		}
		s.exec(`INSERT INTO carousels (site_id, use_type, url, link_type, link_method, link_url, game_currency, game_gt_id,
			game_gp_id, game_gp_gt_name, game_customized, sort) VALUES ($1, $2, $3, $4, $5, $6, '', $7, $8, $9, FALSE, $10)`,
			DemoSiteID, b.useType, s.m(b.file), b.linkType, b.linkMethod, b.linkURL, b.gtID, gpID, gpGTName, i)
	}
}

func (s *seeder) notices() {
	announcements := []struct {
		title, content string
		before, after  bool
	}{
		{tr("Welcome", "欢迎", "Chào mừng"),
			tr("Welcome to Gamehall! New members get a 100% welcome bonus on their first deposit.",
				"欢迎来到 Gamehall！新会员首存即享 100% 迎新奖金。",
				"Chào mừng đến với Gamehall! Thành viên mới nhận thưởng 100% cho lần nạp đầu tiên."), true, false},
		{tr("New game", "新游戏", "Trò chơi mới"),
			tr("Gamehall Keno is live: 20 numbers drawn every round, pick 1 to 10.",
				"Gamehall 基诺上线：每局开出 20 个号码，可选 1 至 10 个。",
				"Gamehall Keno đã ra mắt: mỗi ván quay 20 số, chọn từ 1 đến 10 số."), true, true},
		{tr("Maintenance", "维护通知", "Bảo trì"),
			tr("Scheduled maintenance of the sports book every Monday 04:00–05:00 (GMT-4).",
				"体育平台每周一 04:00–05:00（GMT-4）例行维护。",
				"Bảo trì định kỳ sảnh thể thao vào thứ Hai hằng tuần 04:00–05:00 (GMT-4)."), true, true},
		{tr("Member bonus", "会员奖金", "Thưởng thành viên"),
			tr("Members: claim your daily red envelope from the promotions page.",
				"会员：请到优惠页面领取每日红包。",
				"Thành viên: nhận lì xì hằng ngày tại trang khuyến mãi."), false, true},
	}
	for i, a := range announcements {
		s.exec(`INSERT INTO announcements (site_id, title_i18n, content_i18n, display_before_login, display_after_login, sort, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, DemoSiteID, a.title, a.content, a.before, a.after, i, s.now+int64(i))
	}
	bulletins := []struct {
		title, display, content string
		device                  int
		popup                   bool
	}{
		{tr("Weekend reload 50%", "周末充值 50%", "Nạp cuối tuần 50%"),
			html(`<p><img src="`+s.m("/media/bulletin/promo-1.svg")+`" alt="Weekend reload"></p><p>Deposit on Saturday or Sunday and get 50% extra, up to $200.</p>`,
				`<p><img src="/media/bulletin/promo-1.svg" alt="周末充值"></p><p>周六或周日存款额外赠送 50%，最高 200 美元。</p>`,
				`<p><img src="/media/bulletin/promo-1.svg" alt="Nạp cuối tuần"></p><p>Nạp tiền vào thứ Bảy hoặc Chủ nhật, nhận thêm 50%, tối đa 200 USD.</p>`),
			tr("Deposit at the weekend and get 50% extra, up to $200.", "周末存款额外赠送 50%，最高 200 美元。",
				"Nạp tiền cuối tuần nhận thêm 50%, tối đa 200 USD."), 0, true},
		{tr("New game: Gamehall Keno", "新游戏：Gamehall 基诺", "Trò chơi mới: Gamehall Keno"),
			html(`<p><img src="`+s.m("/media/bulletin/promo-2.svg")+`" alt="Keno"></p><p>Pick up to 10 numbers and win up to 10,000 times your stake.</p>`,
				`<p><img src="/media/bulletin/promo-2.svg" alt="基诺"></p><p>最多选 10 个号码，最高赢取投注额的 10,000 倍。</p>`,
				`<p><img src="/media/bulletin/promo-2.svg" alt="Keno"></p><p>Chọn tối đa 10 số và thắng đến 10.000 lần tiền cược.</p>`),
			tr("Pick up to 10 numbers, win up to 10,000x.", "最多选 10 个号码，最高赢 10,000 倍。", "Chọn tối đa 10 số, thắng đến 10.000 lần."), 0, true},
		{tr("Desktop tournament", "桌面锦标赛", "Giải đấu máy tính"),
			html("<p>Slot tournament this week on desktop: top 10 share $5,000.</p>", "<p>本周桌面版电子游戏锦标赛：前 10 名瓜分 5,000 美元。</p>",
				"<p>Giải đấu slot tuần này trên máy tính: top 10 chia 5.000 USD.</p>"),
			tr("Slot tournament: top 10 share $5,000.", "电子游戏锦标赛：前 10 名瓜分 5,000 美元。", "Giải đấu slot: top 10 chia 5.000 USD."), 1, false},
		{tr("Responsible gaming", "理性娱乐", "Chơi có trách nhiệm"),
			html("<p>Set deposit limits and take breaks. Help is available in the member centre.</p>",
				"<p>设置存款限额，适时休息。会员中心可获取帮助。</p>",
				"<p>Hãy đặt giới hạn nạp tiền và nghỉ ngơi hợp lý. Trợ giúp có trong trung tâm thành viên.</p>"),
			tr("Set deposit limits and take breaks.", "设置存款限额，适时休息。", "Đặt giới hạn nạp tiền và nghỉ ngơi hợp lý."), 0, false},
	}
	for i, b := range bulletins {
		s.exec(`INSERT INTO bulletins (site_id, title_i18n, display_device, display_content_i18n, content_i18n, sort, popup, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, DemoSiteID, b.title, b.device, b.display, b.content, i, b.popup, s.now+int64(i))
	}
}
