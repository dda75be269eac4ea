package seed

import (
	"strconv"
	"time"
)

// engage seeds what brings the demo member back: a letter to them and one
// to every USD member, member bulletins for the pop-up after login and the
// member centre, a red envelope open for a month in every currency, and the
// daily sign-in with a seven-day award table.
func (s *seeder) engage(memberID int64) {
	letter := s.insertID(`INSERT INTO letters (site_id, currency, title_i18n, content_i18n, recipients, created_at)
		VALUES ($1, '', $2, $3, 1, $4)`, DemoSiteID,
		tr("Welcome to Gamehall", "欢迎来到 Gamehall", "Chào mừng đến với Gamehall"),
		html("<p>Your account is ready. Open <b>Red envelope</b> in the lobby and sign in every day for a growing award.</p>",
			"<p>您的账户已开通。在大厅领取<b>红包</b>，每天签到奖励越来越多。</p>",
			"<p>Tài khoản của bạn đã sẵn sàng. Mở <b>lì xì</b> ở sảnh và điểm danh mỗi ngày để nhận thưởng tăng dần.</p>"), s.now)
	s.exec(`INSERT INTO letter_states (member_id, letter_id) VALUES ($1, $2)`, memberID, letter)
	s.exec(`INSERT INTO letters (site_id, currency, title_i18n, content_i18n, created_at) VALUES ($1, 'USD', $2, $3, $4)`, DemoSiteID,
		tr("Weekend reload is back", "周末充值优惠回归", "Khuyến mãi nạp cuối tuần trở lại"),
		html("<p>Deposit on Saturday or Sunday and get 50% extra, up to $200. See <b>Promotions</b> for the terms.</p>",
			"<p>周六或周日存款额外赠送 50%，最高 200 美元。详情请见<b>优惠活动</b>。</p>",
			"<p>Nạp tiền vào thứ Bảy hoặc Chủ nhật, nhận thêm 50%, tối đa 200 USD. Xem điều khoản tại <b>Khuyến mãi</b>.</p>"), s.now+1)
	bulletins := []struct {
		location       int
		title, content string
	}{
		{2, tr("Red envelope rain", "红包雨来了", "Mưa lì xì"),
			html("<p>A red envelope is waiting in the lobby: open it before it ends!</p>",
				"<p>大厅有红包等您领取，活动结束前快来打开！</p>",
				"<p>Một phong lì xì đang chờ bạn ở sảnh: hãy mở trước khi hết giờ!</p>")},
		{3, tr("Sign in every day", "每日签到", "Điểm danh mỗi ngày"),
			html("<p>Sign in daily: day 7 of a streak pays five times day 1.</p>",
				"<p>每天签到：连续第 7 天的奖励是第 1 天的五倍。</p>",
				"<p>Điểm danh mỗi ngày: ngày thứ 7 liên tiếp nhận gấp năm lần ngày đầu.</p>")},
	}
	for i, b := range bulletins {
		s.exec(`INSERT INTO member_bulletins (site_id, display_location, display_device, title_i18n, display_content_i18n,
			content_i18n, sort, updated_at) VALUES ($1, $2, 0, $3, $4, $4, $5, $6)`, DemoSiteID, b.location, b.title, b.content, i, s.now)
	}
	start := s.now - time.Hour.Microseconds()
	end := s.now + (30 * 24 * time.Hour).Microseconds()
	for _, cur := range demoCurrencies {
		// Seeded open, with nobody online: its start counts as announced.
		s.exec(`INSERT INTO red_envelopes (site_id, currency, title_i18n, start_at, end_at, budget, remaining, min_award, max_award,
			created_at, updated_at, announced_start) VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $9, $4)`, DemoSiteID, cur,
			tr("Lucky red envelope", "幸运红包", "Lì xì may mắn"), start, end, minor(cur, 500), minor(cur, 1), minor(cur, 8), s.now)
		awards := "["
		for day, usd := range []int64{1, 1, 2, 2, 3, 3, 5} {
			if day > 0 {
				awards += ","
			}
			awards += strconv.FormatInt(minor(cur, usd), 10)
		}
		s.exec(`INSERT INTO signin_settings (site_id, currency, enabled, awards) VALUES ($1, $2, TRUE, $3)`, DemoSiteID, cur, awards+"]")
	}
}
