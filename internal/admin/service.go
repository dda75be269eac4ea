// Package admin is the operator API under /admin/: site flags and member
// rules, register settings, the service agreement, blacklists, the SMS
// outbox, member flags and status, and real-time cache cleaning. It checks
// the operator key, routes and decodes; the rules live in the domains that
// own the data (site, member, sms), which it calls inside one audited
// transaction (internal/audit) per write.
package admin

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/ledger"
	"gamehall/internal/member"
	"gamehall/internal/site"
	"gamehall/internal/sms"
	"gamehall/internal/wallet"
)

// Sites is what the operator API needs of the tenant (site.Service).
type Sites interface {
	CheckSite(ctx context.Context, id int64) error
	Settings(ctx context.Context, siteID int64) (site.Settings, error)
	UpdateSettings(ctx context.Context, siteID int64, u site.SettingsUpdate) error
	CurrencyCodes(ctx context.Context, siteID int64) ([]string, string, error)
}

// Members is what the operator API needs of members (member.Service).
type Members interface {
	Rules(ctx context.Context, siteID int64) (member.Rules, error)
	UpdateRules(ctx context.Context, siteID int64, u member.RulesUpdate) error
	RegisterSettingsOf(ctx context.Context, siteID int64, currency string) ([]member.RegisterSetting, error)
	ReplaceRegisterSettings(ctx context.Context, siteID int64, currency string, items []member.RegisterSetting) ([]member.RegisterSetting, error)
	UpdateRegisterSetting(ctx context.Context, siteID int64, currency, name string, u member.RegisterSettingUpdate) (member.RegisterSetting, error)
	AgreementsByLanguage(ctx context.Context, siteID int64) (member.Agreements, error)
	ReplaceAgreement(ctx context.Context, siteID int64, language string, blocks []member.AgreementBlock) ([]member.AgreementRow, error)
	Blacklist(ctx context.Context, siteID int64, kind string) (member.BlacklistPage, error)
	SetBlacklisted(ctx context.Context, siteID int64, e member.BlacklistEntry, on bool) (member.BlacklistEntry, bool, error)
	MemberOf(ctx context.Context, siteID int64, account string) (member.MemberView, error)
	UpdateMember(ctx context.Context, siteID int64, account string, u member.MemberUpdate) (member.MemberChange, error)
	MemberChannel(ctx context.Context, siteID int64, account string) (int64, error)
}

// Credits are a site's SMS credits (sms.Service).
type Credits interface {
	Credits(ctx context.Context, siteID int64) (int64, error)
	SetCredits(ctx context.Context, siteID, credits int64) error
}

// Outbox lists the built-in SMS provider's messages (sms.Outbox).
type Outbox interface {
	List(ctx context.Context, siteID int64, phone string, beforeID int64, limit int) (api.Page[sms.Message], error)
}

// Money is what the operator API needs of the wallet (wallet.Service).
type Money interface {
	AllChannels(ctx context.Context, siteID int64) ([]wallet.Channel, error)
	SaveChannel(ctx context.Context, siteID int64, in wallet.ChannelInput) (wallet.Channel, error)
	Settings(ctx context.Context, siteID int64) (wallet.Settings, error)
	SaveSettings(ctx context.Context, siteID int64, st wallet.Settings) error
	DepositOrders(ctx context.Context, siteID int64, f wallet.OrderFilter) (api.Page[wallet.OrderView], error)
	WithdrawalOrders(ctx context.Context, siteID int64, f wallet.OrderFilter) (api.Page[wallet.OrderView], error)
	ConfirmBankDeposit(ctx context.Context, siteID int64, orderNo string) (wallet.OrderView, error)
	Approve(ctx context.Context, siteID int64, orderNo string) (wallet.WithdrawalOrder, error)
	Reject(ctx context.Context, siteID int64, orderNo, reason string) (wallet.WithdrawalOrder, error)
	Adjust(ctx context.Context, siteID int64, in wallet.AdjustInput) (wallet.Adjustment, error)
	MemberLedger(ctx context.Context, siteID int64, account string, q wallet.RecordQuery) (wallet.Page[wallet.Movement], error)
	Audit(ctx context.Context) (ledger.Report, error)
}

// Publisher sends real-time events (realtime.Hub).
type Publisher interface {
	Publish(channel, event string, data map[string]any)
	PublishMember(memberID int64, event string, data map[string]any)
}

// Service composes the domains for the operator.
type Service struct {
	Deps
}

// Deps are the collaborators of the service.
type Deps struct {
	Sites   Sites
	Members Members
	Credits Credits
	Outbox  Outbox
	Money   Money
	Content Content
	Audit   *audit.Log
	Pub     Publisher
	// Games sets providers' maintenance windows; Faults is the sandbox
	// remote provider's fault switch (nil when it does not run).
	Games  Maintenance
	Faults FaultSwitch
	// Inbox, Promos and Bulletins are letters, red envelopes and sign-in,
	// and member bulletins.
	Inbox     Letters
	Promos    Promotions
	Bulletins MemberBulletins
	// Bonuses are promotion bonus rules and members' bonuses.
	Bonuses Bonuses
	// Referrals are recommend plans, members' invitees and awards (nil:
	// not wired).
	Referrals Referrals
	// Lobby is the marquee and the visitors' promotion bulletins.
	Lobby Lobby
	// Invalidate drop this node's answer caches after a write that changes
	// what the public API answers (site.Handler.Invalidate, ...).
	Invalidate []func()
}

// NewService returns the service.
func NewService(d Deps) *Service { return &Service{Deps: d} }

func checkSite(id int64) error {
	if id <= 0 {
		return api.Bad("site_id", "must be a positive integer")
	}
	return nil
}

func (s *Service) site(ctx context.Context, id int64) error {
	if err := checkSite(id); err != nil {
		return err
	}
	return s.Sites.CheckSite(ctx, id)
}

func (s *Service) dropCaches() {
	for _, f := range s.Invalidate {
		f()
	}
}

func siteTarget(id int64) string { return "site:" + strconv.FormatInt(id, 10) }

// --- site settings ---

// Settings are the operator-owned settings of a site in one flat object:
// the site's flags, the member rules and the SMS credits.
type Settings struct {
	site.Settings
	member.Rules
	SMSCredits int64 `json:"sms_credits"`
}

// SettingsUpdate changes the fields that are present (not nil).
type SettingsUpdate struct {
	site.SettingsUpdate
	member.RulesUpdate
	SMSCredits *int64 `json:"sms_credits,omitempty"`
}

// Settings reads a site's settings.
func (s *Service) Settings(ctx context.Context, siteID int64) (Settings, error) {
	if err := s.site(ctx, siteID); err != nil {
		return Settings{}, err
	}
	var out Settings
	var err error
	if out.Settings, err = s.Sites.Settings(ctx, siteID); err != nil {
		return Settings{}, err
	}
	if out.Rules, err = s.Members.Rules(ctx, siteID); err != nil {
		return Settings{}, err
	}
	if out.SMSCredits, err = s.Credits.Credits(ctx, siteID); err != nil {
		return Settings{}, err
	}
	return out, nil
}

// UpdateSettings changes the fields present in u, each through the domain
// that owns it, in one audited transaction, and drops the answer caches so
// /arks/web/site/detail shows the change (other nodes within their TTL).
func (s *Service) UpdateSettings(ctx context.Context, a audit.Actor, siteID int64, u SettingsUpdate) (Settings, error) {
	if err := s.site(ctx, siteID); err != nil {
		return Settings{}, err
	}
	if u.SettingsUpdate.Empty() && u.RulesUpdate.Empty() && u.SMSCredits == nil {
		return Settings{}, api.Bad("body", "names no setting")
	}
	// Validate every part before writing any.
	if err := u.SettingsUpdate.Validate(); err != nil {
		return Settings{}, err
	}
	if err := u.RulesUpdate.Validate(); err != nil {
		return Settings{}, err
	}
	if u.SMSCredits != nil && (*u.SMSCredits < 0 || *u.SMSCredits > sms.MaxCredits) {
		return Settings{}, api.Bad("sms_credits", "must be between 0 and "+strconv.Itoa(sms.MaxCredits))
	}
	err := s.Audit.Write(ctx, a, "site.settings.update", siteID, siteTarget(siteID), func(ctx context.Context) error {
		if err := s.Sites.UpdateSettings(ctx, siteID, u.SettingsUpdate); err != nil {
			return err
		}
		if err := s.Members.UpdateRules(ctx, siteID, u.RulesUpdate); err != nil {
			return err
		}
		if u.SMSCredits != nil {
			return s.Credits.SetCredits(ctx, siteID, *u.SMSCredits)
		}
		return nil
	}, func() any { return u })
	if err != nil {
		return Settings{}, err
	}
	s.dropCaches()
	return s.Settings(ctx, siteID)
}

// --- register settings and the service agreement ---

// RegisterSettings lists a site's register settings, of one currency when
// currency is not empty.
func (s *Service) RegisterSettings(ctx context.Context, siteID int64, currency string) ([]member.RegisterSetting, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	return s.Members.RegisterSettingsOf(ctx, siteID, currency)
}

// ReplaceRegisterSettings makes items the currency's whole list.
func (s *Service) ReplaceRegisterSettings(ctx context.Context, a audit.Actor, siteID int64, currency string, items []member.RegisterSetting) ([]member.RegisterSetting, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	var out []member.RegisterSetting
	err := s.Audit.Write(ctx, a, "register_settings.replace", siteID, "currency:"+strings.ToUpper(strings.TrimSpace(currency)),
		func(ctx context.Context) error {
			var err error
			out, err = s.Members.ReplaceRegisterSettings(ctx, siteID, currency, items)
			return err
		},
		func() any {
			return map[string]any{"currency": strings.ToUpper(strings.TrimSpace(currency)), "items": out}
		})
	return out, err
}

// UpdateRegisterItem creates or changes one setting of a currency.
func (s *Service) UpdateRegisterItem(ctx context.Context, a audit.Actor, siteID int64, currency, name string, u member.RegisterSettingUpdate) (member.RegisterSetting, error) {
	if err := s.site(ctx, siteID); err != nil {
		return member.RegisterSetting{}, err
	}
	var out member.RegisterSetting
	err := s.Audit.Write(ctx, a, "register_settings.update", siteID,
		"register_setting:"+strings.ToUpper(strings.TrimSpace(currency))+"/"+name,
		func(ctx context.Context) error {
			var err error
			out, err = s.Members.UpdateRegisterSetting(ctx, siteID, currency, name, u)
			return err
		},
		func() any { return out })
	return out, err
}

// Agreement reads the site's service agreement, per language.
func (s *Service) Agreement(ctx context.Context, siteID int64) (member.Agreements, error) {
	if err := s.site(ctx, siteID); err != nil {
		return member.Agreements{}, err
	}
	return s.Members.AgreementsByLanguage(ctx, siteID)
}

// ReplaceAgreement makes blocks the language's whole agreement.
func (s *Service) ReplaceAgreement(ctx context.Context, a audit.Actor, siteID int64, language string, blocks []member.AgreementBlock) ([]member.AgreementRow, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	var out []member.AgreementRow
	err := s.Audit.Write(ctx, a, "service_agreement.replace", siteID, "language:"+language,
		func(ctx context.Context) error {
			var err error
			out, err = s.Members.ReplaceAgreement(ctx, siteID, language, blocks)
			return err
		},
		func() any {
			titles := make([]string, len(out))
			for i, b := range out {
				titles[i] = b.Title
			}
			return map[string]any{"language": language, "titles": titles}
		})
	return out, err
}

// --- blacklists ---

// Blacklist lists a site's entries of kind (every kind when empty).
func (s *Service) Blacklist(ctx context.Context, siteID int64, kind string) (member.BlacklistPage, error) {
	if err := s.site(ctx, siteID); err != nil {
		return member.BlacklistPage{}, err
	}
	return s.Members.Blacklist(ctx, siteID, kind)
}

// BlacklistChange is the answer of an add or a remove.
type BlacklistChange struct {
	member.BlacklistEntry
	Changed bool `json:"changed"`
}

// SetBlacklisted adds (on) or removes an entry (Changed false when the list
// already was that way). The value stays in the audit table; the log names
// only the list.
func (s *Service) SetBlacklisted(ctx context.Context, a audit.Actor, siteID int64, e member.BlacklistEntry, on bool) (BlacklistChange, error) {
	if err := s.site(ctx, siteID); err != nil {
		return BlacklistChange{}, err
	}
	action := "blacklist.remove"
	if on {
		action = "blacklist.add"
	}
	var out BlacklistChange
	err := s.Audit.Write(ctx, a, action, siteID, "blacklist:"+e.Kind, func(ctx context.Context) error {
		var err error
		out.BlacklistEntry, out.Changed, err = s.Members.SetBlacklisted(ctx, siteID, e, on)
		return err
	}, func() any { return out })
	return out, err
}

// --- SMS outbox ---

// OutboxPage lists a site's outbox newest first, optionally for one phone. The
// bodies hold verification codes: the answer is for the operator only and
// never logged.
func (s *Service) OutboxPage(ctx context.Context, siteID int64, phone string, beforeID int64, limit int) (api.Page[sms.Message], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[sms.Message]{}, err
	}
	phone = strings.TrimSpace(phone)
	if len(phone) > 20 || strings.IndexFunc(phone, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return api.Page[sms.Message]{}, api.Bad("phone", "must be digits")
	}
	return s.Outbox.List(ctx, siteID, phone, beforeID, limit)
}

// --- members ---

// Member looks a member up by account.
func (s *Service) Member(ctx context.Context, siteID int64, account string) (member.MemberView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return member.MemberView{}, err
	}
	return s.Members.MemberOf(ctx, siteID, account)
}

// UpdateMember applies u (status, forced password change, withdrawal-password
// reset) in one audited transaction.
func (s *Service) UpdateMember(ctx context.Context, a audit.Actor, siteID int64, account string, u member.MemberUpdate) (member.MemberChange, error) {
	if err := s.site(ctx, siteID); err != nil {
		return member.MemberChange{}, err
	}
	target := "member:" + strings.ToLower(strings.TrimSpace(account))
	var out member.MemberChange
	err := s.Audit.Write(ctx, a, "member.update", siteID, target, func(ctx context.Context) error {
		var err error
		out, err = s.Members.UpdateMember(ctx, siteID, account, u)
		return err
	}, func() any {
		return map[string]any{"member_id": out.Member.ID, "change": u, "sessions_revoked": out.SessionsRevoked}
	})
	return out, err
}

// --- real time ---

// CleanCacheInput names who gets app_clean_cache: one member (Account), the
// browsers of one currency (Currency: web_api.{CUR}) or every browser of
// every currency of the site (All).
type CleanCacheInput struct {
	SiteID   int64  `json:"site_id"`
	Account  string `json:"account"`
	Currency string `json:"currency"`
	All      bool   `json:"all"`
}

// CleanCacheResult names the channels published to.
type CleanCacheResult struct {
	Channels []string `json:"channels"`
}

// CleanCache publishes app_clean_cache (the browser logs out and reloads)
// and drops this node's answer caches, so the reload reads fresh content.
func (s *Service) CleanCache(ctx context.Context, a audit.Actor, in CleanCacheInput) (CleanCacheResult, error) {
	if err := s.site(ctx, in.SiteID); err != nil {
		return CleanCacheResult{}, err
	}
	targets := 0
	for _, set := range []bool{in.Account != "", in.Currency != "", in.All} {
		if set {
			targets++
		}
	}
	if targets != 1 {
		return CleanCacheResult{}, api.Bad("body", "must name exactly one of account, currency or all")
	}
	var memberID int64
	var channels []string
	switch {
	case in.Account != "":
		id, err := s.Members.MemberChannel(ctx, in.SiteID, in.Account)
		if err != nil {
			return CleanCacheResult{}, err
		}
		memberID, channels = id, []string{"member." + strconv.FormatInt(id, 10)}
	default:
		codes, _, err := s.Sites.CurrencyCodes(ctx, in.SiteID)
		if err != nil {
			return CleanCacheResult{}, err
		}
		if in.Currency != "" {
			cur := strings.ToUpper(strings.TrimSpace(in.Currency))
			if !slices.Contains(codes, cur) {
				return CleanCacheResult{}, api.Bad("currency", "is not offered by the site (offered: "+strings.Join(codes, ", ")+")")
			}
			codes = []string{cur}
		}
		for _, c := range codes {
			channels = append(channels, "web_api."+c)
		}
	}
	err := s.Audit.Write(ctx, a, "realtime.app_clean_cache", in.SiteID, "channels:"+strings.Join(channels, ","),
		func(context.Context) error { return nil },
		func() any { return map[string]any{"channels": channels} })
	if err != nil {
		return CleanCacheResult{}, err
	}
	s.dropCaches()
	if s.Pub != nil {
		if memberID != 0 {
			s.Pub.PublishMember(memberID, "app_clean_cache", nil)
		} else {
			for _, ch := range channels {
				s.Pub.Publish(ch, "app_clean_cache", nil)
			}
		}
	}
	return CleanCacheResult{Channels: channels}, nil
}

// --- audit ---

// AuditLog lists audited writes newest first (of one site when siteID > 0).
func (s *Service) AuditLog(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[audit.Entry], error) {
	if siteID < 0 {
		return api.Page[audit.Entry]{}, api.Bad("site_id", "must not be negative")
	}
	return s.Audit.List(ctx, siteID, beforeID, limit)
}
