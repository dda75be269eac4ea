package seed

import (
	"gamehall/internal/member"
	"gamehall/internal/sanitize"
	"gamehall/internal/secret"
)

// Demo accounts (README): a member and an agent, both with password demo123
// and withdrawal password 1234.
const (
	DemoMember         = "demo001"
	DemoAgent          = "agent001"
	DemoPassword       = "demo123"
	DemoWithdrawPW     = "1234"
	DemoAgentDomain    = "agent.localhost"
	DemoRecommendCode  = "DEMO2026"
	DemoAgentRecommend = "AGENT777"
)

// field is one register setting: shown, required, unique, editable in the
// member centre, verified (SMS for the phone).
type field struct {
	name                                   string
	display, required, unique, center, ver bool
}

// registerFields are the demo site's registration forms per currency.
var registerFields = map[string][]field{
	"USD": {
		{name: "member_name", display: true, center: true},
		{name: "member_email", display: true, required: true, unique: true, center: true},
		{name: "member_phone", display: true, unique: true, center: true, ver: true},
		{name: "member_birthday", display: true, center: true},
		{name: "withdraw_password", display: true},
		{name: "introducer", display: true},
		{name: "telegram", display: true, center: true},
		{name: "whatsapp", display: true, center: true},
		{name: "check_password", display: true, required: true},
		{name: "captcha", display: true, required: true},
	},
	"RMB": {
		{name: "member_name", display: true, required: true, unique: true},
		{name: "member_phone", display: true, required: true, unique: true, center: true, ver: true},
		{name: "withdraw_password", display: true, required: true},
		{name: "identity_id", display: true, unique: true},
		{name: "introducer", display: true},
		{name: "qq", display: true, center: true},
		{name: "wechat", display: true, center: true},
		{name: "check_password", display: true, required: true},
		{name: "captcha", display: true, required: true},
	},
	"VND": {
		{name: "member_name", display: true, required: true},
		{name: "member_phone", display: true, required: true, unique: true, center: true, ver: true},
		{name: "member_email", display: true, center: true},
		{name: "introducer", display: true},
		{name: "zalo", display: true, center: true},
		{name: "facebook", display: true, center: true},
		{name: "check_password", display: true, required: true},
		{name: "captcha", display: true, required: true},
	},
}

// members seeds register settings, agreements, the member rules, an agent
// with a domain, a demo member and the blacklists.
func (s *seeder) members() {
	for _, cur := range demoCurrencies {
		fields, ok := registerFields[cur]
		if !ok {
			fields = registerFields["USD"]
		}
		for i, f := range fields {
			s.exec(`INSERT INTO register_settings (site_id, currency, name, is_display, is_required, is_unique, is_member_center,
				is_verification, is_member_center_verification, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				DemoSiteID, cur, f.name, f.display, f.required, f.unique, f.center, f.ver, f.ver && f.center, i)
		}
	}
	s.exec(`INSERT INTO member_settings (site_id, min_age) VALUES ($1, $2)`, DemoSiteID, member.DefaultMinAge)
	s.exec(`INSERT INTO sms_credits (site_id) VALUES ($1)`, DemoSiteID)
	agreements := map[string][][2]string{
		"en_US": {{"Terms of service", "<p>You must be 18 or older to play. One account per person. Gamehall may close accounts that break these terms.</p>"},
			{"Responsible gaming", "<p>Set limits, take breaks and never chase losses. Self-exclusion is available in the member centre.</p>"},
			{"Privacy", "<p>We keep your data to run your account and as the law requires. We never sell it.</p>"}},
		"zh_CN": {{"服务条款", "<p>您必须年满 18 岁方可游戏。每人限开一个账户。违反条款的账户可能被关闭。</p>"},
			{"理性娱乐", "<p>请设定限额，适时休息，切勿追逐损失。会员中心可申请自我排除。</p>"},
			{"隐私", "<p>我们仅为运营您的账户及依法保存您的资料，绝不出售。</p>"}},
		"vi_VN": {{"Điều khoản dịch vụ", "<p>Bạn phải từ 18 tuổi trở lên. Mỗi người một tài khoản. Gamehall có thể đóng tài khoản vi phạm điều khoản.</p>"},
			{"Chơi có trách nhiệm", "<p>Hãy đặt giới hạn, nghỉ ngơi và đừng cố gỡ thua. Có thể tự loại trừ trong trung tâm thành viên.</p>"},
			{"Quyền riêng tư", "<p>Chúng tôi lưu dữ liệu để vận hành tài khoản và theo quy định pháp luật. Chúng tôi không bao giờ bán dữ liệu.</p>"}},
	}
	for _, lang := range languageCodes {
		if _, ok := agreements[lang]; !ok {
			for _, b := range agreements["en_US"] {
				agreements[lang] = append(agreements[lang], [2]string{translate(lang, b[0]), translate(lang, b[1])})
			}
		}
	}
	for lang, blocks := range agreements {
		for i, b := range blocks {
			s.exec(`INSERT INTO service_agreements (site_id, language, title, content, sort) VALUES ($1, $2, $3, $4, $5)`,
				DemoSiteID, lang, b[0], sanitize.HTML(b[1]), i)
		}
	}
	if s.err != nil {
		return
	}
	pw := secret.HashPassword(DemoPassword, s.hash)
	wpw := secret.HashPassword(DemoWithdrawPW, s.hash)
	agentID := s.insertID(`INSERT INTO members (site_id, account, password_hash, withdraw_password_hash, currency, name, email, phone,
		member_type, is_agent, agent_active, agent_type, agent_level, recommend_code, created_at, updated_at)
		VALUES ($1, $2, $3, $4, 'USD', 'Alex Agent', 'agent@gamehall.test', '5550000001', 2, TRUE, TRUE, 1, 1, $5, $6, $6)`,
		DemoSiteID, DemoAgent, pw, wpw, DemoAgentRecommend, s.now)
	s.exec(`INSERT INTO agent_domains (host, site_id, agent_id) VALUES ($1, $2, $3)`, DemoAgentDomain, DemoSiteID, agentID)
	memberID := s.insertID(`INSERT INTO members (site_id, account, password_hash, withdraw_password_hash, currency, name, email, phone, birthday,
		agent_id, recommend_code, created_at, updated_at)
		VALUES ($1, $2, $3, $4, 'USD', 'Dana Demo', 'demo@gamehall.test', '5550000002', '1990-05-17', $5, $6, $7, $7)`,
		DemoSiteID, DemoMember, pw, wpw, agentID, DemoRecommendCode, s.now)
	// The USD form keeps e-mails and phones unique: claim them as
	// registration would.
	for _, u := range []struct {
		id           int64
		field, value string
	}{{agentID, "email", "agent@gamehall.test"}, {agentID, "phone", "5550000001"},
		{memberID, "email", "demo@gamehall.test"}, {memberID, "phone", "5550000002"}} {
		s.exec(`INSERT INTO member_unique_values (site_id, field, value, member_id) VALUES ($1, $2, $3, $4)`,
			DemoSiteID, u.field, u.value, u.id)
	}
	for _, b := range [][2]string{{"name", "Blocked Name"}, {"phone", "5559999999"}, {"email", "blocked@gamehall.test"}} {
		s.exec(`INSERT INTO blacklist (site_id, kind, value) VALUES ($1, $2, $3)`, DemoSiteID, b[0], b[1])
	}
	s.money(agentID, memberID)
	s.engage(memberID)
	s.referral()
}
