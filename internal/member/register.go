package member

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/captcha"
	"gamehall/internal/db"
	"gamehall/internal/secret"
	"gamehall/internal/sms"
)

// RegisterInput is the /register payload after the client's key mapping
// (spec section 3), in wire (snake_case) names.
type RegisterInput struct {
	SiteID           int64  `json:"site_id"`
	MemberAccount    string `json:"member_account"`
	Password         string `json:"password"`
	MemberCurrency   string `json:"member_currency"`
	MemberName       string `json:"member_name"`
	Introducer       string `json:"introducer"`
	RegisterType     string `json:"register_type"` // optional: member_agent or recommend_code
	MemberEmail      string `json:"member_email"`
	MemberBirthday   string `json:"member_birthday"`
	WithdrawPassword string `json:"withdraw_password"`
	MemberPhone      string `json:"member_phone"`
	PhoneVerify      string `json:"phone_verify"`
	MemberQQ         string `json:"member_qq"`
	MemberTelegram   string `json:"member_telegram"`
	MemberWhatsApp   string `json:"member_whats_app"`
	MemberSkype      string `json:"member_skype"`
	MemberFB         string `json:"member_fb"`
	MemberZalo       string `json:"member_zalo"`
	MemberWechat     string `json:"member_wechat"`
	MemberOthers     string `json:"member_others"`
	IdentityID       string `json:"identity_id"`
	Answer           string `json:"answer"`
	CaptchaToken     string `json:"captcha_token"`
	AgentDomain      string `json:"agent_domain"` // optional: host whose agent locks the currency
}

// settingsFor is the currency's field rules by name.
func (s *Service) settingsFor(ctx context.Context, siteID int64, currency string) (map[string]RegisterSetting, error) {
	all, err := s.store.RegisterSettings(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := map[string]RegisterSetting{}
	for _, r := range all {
		if r.Currency == currency {
			out[r.Name] = r
		}
	}
	return out, nil
}

func shown(set map[string]RegisterSetting, name string) bool { return set[name].IsDisplay == 1 }
func required(set map[string]RegisterSetting, name string) bool {
	return shown(set, name) && set[name].IsRequired == 1
}
func unique(set map[string]RegisterSetting, name string) bool { return set[name].IsUnique == 1 }

// contact describes one contact handle field: its setting name, rule kind,
// member column and input value.
type contact struct {
	setting, kind, column, value string
}

func (in RegisterInput) contacts() []contact {
	return []contact{
		{"qq", "qq", "qq", in.MemberQQ}, {"telegram", "telegram", "telegram", in.MemberTelegram},
		{"whatsapp", "whatsapp", "whats_app", in.MemberWhatsApp}, {"skype", "skype", "skype", in.MemberSkype},
		{"facebook", "facebook", "fb", in.MemberFB}, {"zalo", "zalo", "zalo", in.MemberZalo},
		{"wechat", "wechat", "wechat", in.MemberWechat},
	}
}

// introducer is who brought the new member.
type introducer struct {
	agentID, recommenderID sql.NullInt64
}

// resolveIntroducer finds the agent or recommender named by code. An agent
// is named by its account, a recommender by its recommend code.
func (s *Service) resolveIntroducer(ctx context.Context, siteID int64, code, regType string, settings Settings) (introducer, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return introducer{}, nil
	}
	if len(code) > 32 || strings.ContainsAny(code, " <>\"'") {
		return introducer{}, ErrIntroducerInvalid
	}
	if regType != "member_agent" {
		rec, err := s.store.ByRecommendCode(ctx, siteID, strings.ToUpper(code))
		switch {
		case err == nil:
			if !settings.RecommendEnabled {
				return introducer{}, ErrRecommendClosed
			}
			switch rec.Status {
			case "disabled":
				return introducer{}, ErrRecommendDisabled
			case "frozen":
				return introducer{}, ErrCodeDisabled
			}
			return introducer{recommenderID: sql.NullInt64{Int64: rec.ID, Valid: true}}, nil
		case !errors.Is(err, db.ErrNotFound):
			return introducer{}, err
		case regType == "recommend_code":
			return introducer{}, ErrIntroducerNotFound
		}
	}
	agent, err := s.store.ByAccount(ctx, siteID, code)
	if errors.Is(err, db.ErrNotFound) || (err == nil && !agent.IsAgent) {
		if regType == "member_agent" {
			return introducer{}, ErrNoProxy
		}
		return introducer{}, ErrIntroducerNotFound2
	}
	if err != nil {
		return introducer{}, err
	}
	if agent.Status != "active" || !agent.AgentActive {
		return introducer{}, ErrAgentDisabled
	}
	return introducer{agentID: sql.NullInt64{Int64: agent.ID, Valid: true}}, nil
}

// checkFields applies spec section 5 and the site's lists to every field;
// the first failure wins, in the form's order.
func (s *Service) checkFields(ctx context.Context, in RegisterInput, set map[string]RegisterSetting, settings Settings, except int64) error {
	if e := CheckAccount(in.MemberAccount); e != "" {
		return api.Invalid("member_account", nil).With(e)
	}
	if in.Password != "" || except == 0 {
		if e := CheckPassword(in.Password, settings.StrongPasswords); e != "" {
			return ErrPasswordRules.With(e)
		}
	}
	name := strings.TrimSpace(in.MemberName)
	if shown(set, "member_name") || name != "" {
		if e := CheckName(name, in.MemberCurrency, required(set, "member_name")); e != "" {
			return ErrNameInvalid.With(e)
		}
	}
	if shown(set, "member_email") || in.MemberEmail != "" {
		if e := CheckEmail(in.MemberEmail, required(set, "member_email")); e != "" {
			if e == ErrRequired {
				return api.Invalid("member_email", nil).With(e)
			}
			return ErrEmailInvalid
		}
	}
	if shown(set, "member_phone") || in.MemberPhone != "" {
		if e := CheckPhone(in.MemberPhone, in.MemberCurrency, required(set, "member_phone")); e != "" {
			if e == ErrRequired {
				return api.Invalid("member_phone", nil).With(e)
			}
			return ErrPhoneInvalid
		}
	}
	for _, c := range in.contacts() {
		if !shown(set, c.setting) && c.value == "" {
			continue
		}
		if e := CheckHandle(c.kind, c.value, required(set, c.setting)); e != "" {
			return api.NewError(contactCodes[c.column], "reg_contact_invalid").With(s.msg("", e))
		}
	}
	if shown(set, "member_birthday") || in.MemberBirthday != "" {
		y, m, d := splitBirthday(in.MemberBirthday)
		if e := CheckBirthday(y, m, d, required(set, "member_birthday")); e != "" {
			return api.Invalid("member_birthday", nil).With(e)
		}
	}
	if shown(set, "withdraw_password") || in.WithdrawPassword != "" {
		if e := CheckWithdrawPassword(in.WithdrawPassword, required(set, "withdraw_password")); e != "" {
			return api.Invalid("withdraw_password", nil).With(e)
		}
	}
	if required(set, "identity_id") && strings.TrimSpace(in.IdentityID) == "" {
		return api.Invalid("identity_id", nil).With(ErrRequired)
	}
	if len(in.IdentityID) > 40 {
		return api.Invalid("identity_id", nil)
	}
	// Lists and uniqueness.
	if name != "" {
		if bad, err := s.store.Blacklisted(ctx, in.SiteID, "name", name); err != nil {
			return err
		} else if bad {
			return ErrNameBlacklisted
		}
	}
	if in.MemberPhone != "" {
		if bad, err := s.store.Blacklisted(ctx, in.SiteID, "phone", in.MemberPhone); err != nil {
			return err
		} else if bad {
			return ErrPhoneBlacklisted.With(s.msg("", "reg_phone_blacklisted"))
		}
	}
	if in.MemberEmail != "" {
		if bad, err := s.store.Blacklisted(ctx, in.SiteID, "email", strings.ToLower(in.MemberEmail)); err != nil {
			return err
		} else if bad {
			return ErrEmailBlacklisted
		}
	}
	type uq struct {
		on     bool
		column string
		value  string
		err    *api.Error
	}
	checks := []uq{
		{true, "account", normAccount(in.MemberAccount), ErrAccountTaken},
		{unique(set, "member_name") && name != "", "name", name, ErrNameTaken},
		{unique(set, "member_phone") && in.MemberPhone != "", "phone", in.MemberPhone, ErrPhoneTaken},
		{unique(set, "member_email") && in.MemberEmail != "", "email", strings.ToLower(in.MemberEmail), ErrEmailTaken},
		{unique(set, "identity_id") && in.IdentityID != "", "identity_id", in.IdentityID, ErrIdentityTaken},
	}
	for _, c := range in.contacts() {
		checks = append(checks, uq{unique(set, c.setting) && c.value != "", c.column, c.value,
			api.NewError(contactCodes[c.column], "reg_contact_taken")})
	}
	for _, c := range checks {
		if !c.on {
			continue
		}
		taken, err := s.store.Taken(ctx, in.SiteID, c.column, c.value, except)
		if err != nil {
			return err
		}
		if taken {
			return c.err
		}
	}
	return nil
}

func splitBirthday(b string) (string, string, string) {
	if b == "" {
		return "", "", ""
	}
	parts := strings.Split(b, "-")
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	return parts[0], parts[1], parts[2]
}

// Register is /register: checks everything the browser checks and what only
// the server can, creates the member and logs them in.
func (s *Service) Register(ctx context.Context, in RegisterInput, meta Meta) (LoginData, error) {
	if err := s.open(ctx, in.SiteID); err != nil {
		return LoginData{}, err
	}
	now := s.now()
	if bad, err := s.store.Blacklisted(ctx, in.SiteID, "ip", meta.IP); err != nil {
		return LoginData{}, err
	} else if bad {
		return LoginData{}, ErrRegisterIP
	}
	if ok, err := s.limit.Allow(ctx, "register:ip:"+meta.IP, 3, time.Minute); err != nil {
		return LoginData{}, err
	} else if !ok {
		return LoginData{}, ErrTooFrequent
	}
	settings, err := s.store.Settings(ctx, in.SiteID)
	if err != nil {
		return LoginData{}, err
	}
	if n, err := s.store.RegistrationsFromIP(ctx, in.SiteID, meta.IP, now.Add(-24*time.Hour).UnixMicro()); err != nil {
		return LoginData{}, err
	} else if n >= settings.RegisterPerIPLimit {
		return LoginData{}, ErrIPLimit
	}
	// The host the browser called decides the agent domain; the body's
	// agent_domain is only a claim, refused when it is not that host.
	host := normHost(meta.Host)
	agent, onAgentDomain, err := s.domainAgent(ctx, in.SiteID, host)
	if err != nil {
		return LoginData{}, err
	}
	if claimed := normHost(in.AgentDomain); claimed != "" && (claimed != host || !onAgentDomain) {
		return LoginData{}, ErrDomainAgentMissing
	}
	if onAgentDomain {
		// The agent's domain fixes the currency and the introducer.
		if in.MemberCurrency != "" && in.MemberCurrency != agent.Currency {
			return LoginData{}, ErrCurrencyLocked.With(agent.Currency)
		}
		in.MemberCurrency, in.Introducer, in.RegisterType = agent.Currency, agent.Account, "member_agent"
	}
	if err := s.siteCurrency(ctx, in.SiteID, in.MemberCurrency); err != nil {
		return LoginData{}, err
	}
	set, err := s.settingsFor(ctx, in.SiteID, in.MemberCurrency)
	if err != nil {
		return LoginData{}, err
	}
	// The captcha is spent first: every attempt costs a fresh one.
	if shown(set, "captcha") {
		if err := s.captchas.Verify(ctx, in.CaptchaToken, in.Answer, captcha.KindRegister); err != nil {
			return LoginData{}, ErrCaptcha
		}
	}
	in.MemberEmail = strings.TrimSpace(in.MemberEmail)
	in.MemberName = strings.TrimSpace(in.MemberName)
	if err := s.checkFields(ctx, in, set, settings, 0); err != nil {
		return LoginData{}, err
	}
	intro, err := s.resolveIntroducer(ctx, in.SiteID, in.Introducer, in.RegisterType, settings)
	if err != nil {
		return LoginData{}, err
	}
	if in.Introducer == "" && required(set, "introducer") {
		return LoginData{}, ErrIntroducerNotFound
	}
	if in.MemberPhone != "" && set["member_phone"].IsVerification == 1 {
		if e := CheckVerifyCode(in.PhoneVerify); e != "" {
			return LoginData{}, ErrPhoneCode
		}
		if err := s.codes.VerifyCode(ctx, in.SiteID, in.MemberPhone, "register_member", in.PhoneVerify); err != nil {
			if errors.Is(err, sms.ErrCodeWrong) {
				return LoginData{}, ErrPhoneCode
			}
			return LoginData{}, err
		}
	}
	m := Member{SiteID: in.SiteID, Account: in.MemberAccount, PasswordHash: secret.HashPassword(in.Password, s.hash),
		Currency: in.MemberCurrency, Name: in.MemberName, Email: strings.ToLower(in.MemberEmail), Phone: in.MemberPhone,
		Birthday: in.MemberBirthday, IdentityID: strings.TrimSpace(in.IdentityID), QQ: in.MemberQQ, Telegram: in.MemberTelegram,
		WhatsApp: in.MemberWhatsApp, Skype: in.MemberSkype, FB: in.MemberFB, Zalo: in.MemberZalo, Wechat: in.MemberWechat,
		Others: in.MemberOthers, MemberType: 1, AgentID: intro.agentID, RecommenderID: intro.recommenderID,
		RegisterIP: meta.IP, CreatedAt: now.UnixMicro()}
	if in.WithdrawPassword != "" {
		m.WithdrawPasswordHash = secret.HashPassword(in.WithdrawPassword, s.hash)
	}
	var out LoginData
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		for range 5 { // a recommend code collision is astronomically rare; retry anyway
			m.RecommendCode = newRecommendCode()
			m.ID, err = s.store.Insert(ctx, tx, m)
			if !errors.Is(err, db.ErrConflict) {
				break
			}
			if taken, terr := s.store.Taken(ctx, in.SiteID, "account", normAccount(in.MemberAccount), 0); terr == nil && taken {
				return ErrAccountTaken
			}
		}
		if err != nil {
			return err
		}
		m.Account = normAccount(m.Account)
		out, err = s.startSession(ctx, tx, m, device("", meta.UserAgent), meta.IP, now)
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		return LoginData{}, ErrAccountTaken
	}
	return out, err
}

// fieldNames maps /register/verification field names to the payload.
var fieldNames = map[string]func(*RegisterInput, string){
	"member_account": func(in *RegisterInput, v string) { in.MemberAccount = v },
	"member_name":    func(in *RegisterInput, v string) { in.MemberName = v },
	"member_email":   func(in *RegisterInput, v string) { in.MemberEmail = v },
	"member_phone":   func(in *RegisterInput, v string) { in.MemberPhone = v },
	"identity_id":    func(in *RegisterInput, v string) { in.IdentityID = v },
	"member_qq":      func(in *RegisterInput, v string) { in.MemberQQ = v },
	"member_telegram": func(in *RegisterInput, v string) {
		in.MemberTelegram = v
	},
	"member_whats_app": func(in *RegisterInput, v string) { in.MemberWhatsApp = v },
	"member_skype":     func(in *RegisterInput, v string) { in.MemberSkype = v },
	"member_fb":        func(in *RegisterInput, v string) { in.MemberFB = v },
	"member_zalo":      func(in *RegisterInput, v string) { in.MemberZalo = v },
	"member_wechat":    func(in *RegisterInput, v string) { in.MemberWechat = v },
	"introducer":       func(in *RegisterInput, v string) { in.Introducer = v },
}

// VerifyField is /register/verification: the server half of the on-blur
// check of one field, with the same codes /register gives.
func (s *Service) VerifyField(ctx context.Context, siteID int64, currency, field, value, regType string) error {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return err
	}
	set := fieldNames[field]
	if set == nil {
		return api.Invalid("field", nil)
	}
	if err := s.siteCurrency(ctx, siteID, currency); err != nil {
		return err
	}
	rules, err := s.settingsFor(ctx, siteID, currency)
	if err != nil {
		return err
	}
	settings, err := s.store.Settings(ctx, siteID)
	if err != nil {
		return err
	}
	if field == "introducer" {
		_, err := s.resolveIntroducer(ctx, siteID, value, regType, settings)
		return err
	}
	// Check one field: the others take values that always pass, and only
	// this field's rule is switched on.
	in := RegisterInput{SiteID: siteID, MemberCurrency: currency, MemberAccount: "check_only", Password: "abc12345"}
	set(&in, strings.TrimSpace(value))
	one := map[string]RegisterSetting{}
	for name, r := range rules {
		if settingField(name) == field {
			one[name] = r
		}
	}
	if field != "member_account" {
		in.MemberAccount = "zz_" + randomSuffix()
	}
	err = s.checkFields(ctx, in, one, Settings{}, -1)
	if errors.Is(err, ErrIdentityTaken) {
		return ErrIdentityTaken2
	}
	return err
}

// settingField maps a register setting name to its /register/verification field.
func settingField(setting string) string {
	switch setting {
	case "qq", "telegram", "skype", "zalo", "wechat":
		return "member_" + setting
	case "whatsapp":
		return "member_whats_app"
	case "facebook":
		return "member_fb"
	}
	return setting
}

func randomSuffix() string { return strings.ToLower(newRecommendCode()[:6]) }
