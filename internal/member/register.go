package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
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

func shown(set map[string]RegisterSetting, name string) bool { return set[name].IsDisplay == 1 }
func required(set map[string]RegisterSetting, name string) bool {
	return shown(set, name) && set[name].IsRequired == 1
}
func unique(set map[string]RegisterSetting, name string) bool { return set[name].IsUnique == 1 }

// contact describes one contact handle field: its setting name, rule kind,
// member column and input value.
type contact struct {
	setting, wire, kind, column, value string
}

func (in RegisterInput) contacts() []contact {
	out := make([]contact, len(contactSettings))
	for i, setting := range contactSettings {
		f, _ := fieldBySetting(setting)
		out[i] = contact{setting: setting, wire: f.wire, kind: setting, column: f.column, value: *f.value(&in)}
	}
	return out
}

// introducer is who brought the new member.
type introducer struct {
	agentID, recommenderID sql.NullInt64
}

// resolveIntroducer finds the agent or recommender named by code. An agent
// is named by its account, a recommender by its recommend code.
func (s *Service) resolveIntroducer(ctx context.Context, siteID int64, code, regType string, settings Rules) (introducer, error) {
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
func (s *Service) checkFields(ctx context.Context, in RegisterInput, set map[string]RegisterSetting, settings Rules, except int64) error {
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
			// The rule's key, translated per request, after the field's name.
			bad := api.NewError(contactCodes[c.column], "reg_contact_invalid").With(e)
			bad.Field = c.wire
			return bad
		}
	}
	// A minimum age makes a new member's birthday required.
	ageRule := settings.MinAge > 0
	if shown(set, "member_birthday") || in.MemberBirthday != "" || (ageRule && except == 0) {
		y, m, d := splitBirthday(in.MemberBirthday)
		if e := CheckBirthday(y, m, d, required(set, "member_birthday") || (ageRule && except == 0)); e != "" {
			return api.Invalid("member_birthday", nil).With(e)
		}
		if ageRule && in.MemberBirthday != "" {
			born, ok := parseBirthday(y, m, d)
			if !ok {
				return api.Invalid("member_birthday", nil).With(ErrBirthday)
			}
			if age := yearsOld(born, s.now().UTC()); age < settings.MinAge {
				return ErrUnderAge.With(strconv.Itoa(settings.MinAge)).WithData(map[string]int{"min_age": settings.MinAge})
			}
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
			return ErrPhoneBlacklisted
		}
	}
	if in.MemberEmail != "" {
		if bad, err := s.store.Blacklisted(ctx, in.SiteID, "email", strings.ToLower(in.MemberEmail)); err != nil {
			return err
		} else if bad {
			return ErrEmailBlacklisted
		}
	}
	for _, u := range uniqueValues(in, set) {
		taken, err := s.store.Taken(ctx, in.SiteID, u.column, u.value, except)
		if err != nil {
			return err
		}
		if taken {
			return u.err
		}
	}
	return nil
}

// uniqueValue is a value of a member that the site keeps unique, in the
// form registration compares, with the code a clash answers.
type uniqueValue struct {
	column, value string
	err           *api.Error
}

// uniqueValues lists in's values that set keeps unique, the account first
// (always unique).
func uniqueValues(in RegisterInput, set map[string]RegisterSetting) []uniqueValue {
	out := []uniqueValue{{"account", normAccount(in.MemberAccount), ErrAccountTaken}}
	add := func(setting, column, value string, err *api.Error) {
		if unique(set, setting) && value != "" {
			out = append(out, uniqueValue{column, value, err})
		}
	}
	add("member_name", "name", strings.TrimSpace(in.MemberName), ErrNameTaken)
	add("member_phone", "phone", in.MemberPhone, ErrPhoneTaken)
	add("member_email", "email", strings.ToLower(strings.TrimSpace(in.MemberEmail)), ErrEmailTaken)
	add("identity_id", "identity_id", strings.TrimSpace(in.IdentityID), ErrIdentityTaken)
	for _, c := range in.contacts() {
		add(c.setting, c.column, c.value, api.NewError(contactCodes[c.column], "reg_contact_taken"))
	}
	return out
}

// claimUnique records the member's unique values (not the account, which
// has its own index) in the transaction ctx carries: a value another member
// took meanwhile answers its code, whatever the concurrency.
func (s *Service) claimUnique(ctx context.Context, siteID, memberID int64, values []uniqueValue) error {
	for _, u := range values {
		if u.column == "account" {
			continue
		}
		err := s.store.ClaimUnique(ctx, siteID, memberID, u.column, u.value)
		if errors.Is(err, db.ErrConflict) {
			return u.err
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// parseBirthday reads a birthday's parts as a real calendar date.
func parseBirthday(y, m, d string) (time.Time, bool) {
	yy, e1 := strconv.Atoi(y)
	mm, e2 := strconv.Atoi(m)
	dd, e3 := strconv.Atoi(d)
	if e1 != nil || e2 != nil || e3 != nil || yy < 1900 {
		return time.Time{}, false
	}
	t := time.Date(yy, time.Month(mm), dd, 0, 0, 0, 0, time.UTC)
	if t.Year() != yy || int(t.Month()) != mm || t.Day() != dd {
		return time.Time{}, false
	}
	return t, true
}

// yearsOld is the age in whole years at now of someone born on born.
func yearsOld(born, now time.Time) int {
	age := now.Year() - born.Year()
	if now.Month() < born.Month() || (now.Month() == born.Month() && now.Day() < born.Day()) {
		age--
	}
	return age
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
	settings, err := s.store.Rules(ctx, in.SiteID)
	if err != nil {
		return LoginData{}, err
	}
	// The last 24 hours' registrations from one address are reserved before the
	// work, and given back when the registration fails.
	dayTry, ok, err := s.limit.Reserve(ctx, "register:day:"+strconv.FormatInt(in.SiteID, 10)+":"+meta.IP,
		settings.RegisterPerIPLimit, 24*time.Hour)
	if err != nil {
		return LoginData{}, err
	}
	if !ok {
		return LoginData{}, ErrIPLimit
	}
	out, err := s.register(ctx, in, meta, settings, now)
	if err != nil {
		return LoginData{}, errors.Join(err, s.limit.Refund(ctx, dayTry))
	}
	return out, nil
}

// register is Register past the address's limits.
func (s *Service) register(ctx context.Context, in RegisterInput, meta Meta, settings Rules, now time.Time) (LoginData, error) {
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
			if errors.Is(err, captcha.ErrWrong) {
				return LoginData{}, ErrCaptcha
			}
			return LoginData{}, err
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
	if intro.recommenderID.Valid {
		if err := s.selfInvite(ctx, intro.recommenderID.Int64, in.MemberPhone, device("", meta.UserAgent), meta.IP); err != nil {
			return LoginData{}, err
		}
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
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.insertMember(ctx, &m); err != nil {
			return err
		}
		if err := s.claimUnique(ctx, in.SiteID, m.ID, uniqueValues(in, set)); err != nil {
			return err
		}
		var err error
		out, err = s.startSession(ctx, m, device("", meta.UserAgent), meta.IP, now)
		return err
	})
	return out, err
}

// insertMember stores m with a fresh recommend code; a taken account is
// ErrAccountTaken. Each insert runs in its own savepoint, so a clash leaves
// the registration's transaction usable (PostgreSQL aborts it otherwise).
func (s *Service) insertMember(ctx context.Context, m *Member) error {
	for range 5 { // a recommend code collision is astronomically rare; retry anyway
		m.RecommendCode = newRecommendCode()
		err := s.db.Tx(ctx, func(ctx context.Context) error {
			var err error
			m.ID, err = s.store.Insert(ctx, *m)
			return err
		})
		if err == nil {
			m.Account = normAccount(m.Account)
			return nil
		}
		if !errors.Is(err, db.ErrConflict) {
			return err
		}
		if taken, terr := s.store.Taken(ctx, m.SiteID, "account", normAccount(m.Account), 0); terr != nil {
			return terr
		} else if taken {
			return ErrAccountTaken
		}
	}
	return fmt.Errorf("insert member: no free recommend code")
}

// Field checks per address: a form's blur checks are a handful a minute.
const (
	verifyPerIP  = 60
	verifyWindow = 10 * time.Minute
)

// VerifyField is /register/verification: the server half of the on-blur
// check of one field, with the same codes /register gives.
func (s *Service) VerifyField(ctx context.Context, siteID int64, currency, field, value, regType string, meta Meta) error {
	if err := s.sites.CheckSite(ctx, siteID); err != nil {
		return err
	}
	// Each check tells whether a value is taken: bounded per address, like
	// the other probes of who is registered.
	if ok, err := s.limit.Allow(ctx, "register:verify:ip:"+meta.IP, verifyPerIP, verifyWindow); err != nil {
		return err
	} else if !ok {
		return ErrTooFrequent
	}
	set := func(in *RegisterInput, v string) { in.MemberAccount = v }
	if field != "member_account" {
		f, ok := fieldByWire(field)
		if !ok || f.setting == "member_birthday" {
			return api.Bad("body", "names no field that can be verified")
		}
		set = func(in *RegisterInput, v string) { *f.value(in) = v }
	}
	if err := s.siteCurrency(ctx, siteID, currency); err != nil {
		return err
	}
	rules, err := s.settingsFor(ctx, siteID, currency)
	if err != nil {
		return err
	}
	settings, err := s.store.Rules(ctx, siteID)
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
		if f, ok := fieldBySetting(name); ok && f.wire == field {
			one[name] = r
		}
	}
	if field != "member_account" {
		in.MemberAccount = "zz_" + randomSuffix()
	}
	err = s.checkFields(ctx, in, one, Rules{}, -1)
	if errors.Is(err, ErrIdentityTaken) {
		return ErrIdentityTaken2
	}
	return err
}

func randomSuffix() string { return strings.ToLower(newRecommendCode()[:6]) }
