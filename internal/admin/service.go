// Package admin is the operator API under /admin/: site flags and member
// rules, register settings, the service agreement, blacklists, the SMS
// outbox, member flags and status, and real-time cache cleaning. Every
// successful write is audited (admin_audit and the log) in the transaction
// that makes it.
package admin

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gamehall/internal/api"
)

// Publisher sends real-time events (realtime.Hub).
type Publisher interface {
	Publish(channel, event string, data map[string]any)
	PublishMember(memberID int64, event string, data map[string]any)
	DisconnectMember(memberID int64)
}

// Failures of this package; bad input is api.Invalid naming the field.
var (
	ErrSiteNotFound   = api.NewError(api.CodeNotFound, "site_not_found")
	ErrMemberNotFound = &api.Error{Code: api.CodeNotFound, Key: "not_found", Detail: "member", Status: 200}
)

// bad is the 400 answer naming field, with why in the message.
func bad(field, why string) error { return api.Invalid(field, nil).With(field + " " + why) }

// Service holds the operator rules.
type Service struct {
	store      *Store
	pub        Publisher
	invalidate []func()
	log        *slog.Logger
	now        func() time.Time
}

// Deps are the collaborators of the service.
type Deps struct {
	Store *Store
	Pub   Publisher
	// Invalidate drop this node's content caches after a write that changes
	// what the public API answers (site.Handler.Invalidate, ...).
	Invalidate []func()
	Log        *slog.Logger
	Now        func() time.Time
}

// NewService returns the service.
func NewService(d Deps) *Service {
	return &Service{store: d.Store, pub: d.Pub, invalidate: d.Invalidate, log: d.Log, now: d.Now}
}

// Actor is who made a write: the operator's client address and the request.
type Actor struct {
	IP        string
	RequestID string
	Method    string
	Path      string
}

// AuditEntry is one audited write.
type AuditEntry struct {
	ID        int64           `json:"id"`
	CreatedAt string          `json:"created_at"`
	IP        string          `json:"ip"`
	RequestID string          `json:"request_id"`
	Method    string          `json:"method"`
	Path      string          `json:"path"`
	Action    string          `json:"action"`
	SiteID    int64           `json:"site_id"`
	Target    string          `json:"target"`
	Detail    json.RawMessage `json:"detail"`
	createdAt int64
}

// write runs change and records its audit row in one transaction, then logs
// it. detail is called after change, so it can report what change found;
// it must hold no secret.
func (s *Service) write(ctx context.Context, a Actor, action string, siteID int64, target string,
	change func(q querier, now time.Time) error, detail func() any) error {
	now := s.now().UTC()
	var id int64
	err := s.store.tx(ctx, func(q querier) error {
		if err := change(q, now); err != nil {
			return err
		}
		raw, err := json.Marshal(detail())
		if err != nil {
			return fmt.Errorf("audit detail: %w", err)
		}
		id, err = s.store.InsertAudit(ctx, q, AuditEntry{createdAt: now.UnixMicro(), IP: a.IP, RequestID: a.RequestID,
			Method: a.Method, Path: a.Path, Action: action, SiteID: siteID, Target: target, Detail: raw})
		return err
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "admin write", "audit_id", id, "action", action, "site_id", siteID, "target", target,
		"ip", a.IP, "method", a.Method, "path", a.Path, "request_id", a.RequestID)
	return nil
}

func (s *Service) checkSite(ctx context.Context, id int64) error {
	if id <= 0 {
		return bad("site_id", "must be a positive integer")
	}
	ok, err := s.store.SiteExists(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return ErrSiteNotFound
	}
	return nil
}

func (s *Service) dropCaches() {
	for _, f := range s.invalidate {
		f()
	}
}

// --- site settings ---

// Settings are the operator-owned settings of a site: flags of env_config
// (sites) and the member rules (member_settings).
type Settings struct {
	DemoMode                 bool     `json:"demo_mode"`
	GameRoomMode             bool     `json:"game_room_mode"`
	CustomerServiceURL       string   `json:"customer_service_url"`
	AppIOSURL                string   `json:"app_ios_url"`
	AppAndroidURL            string   `json:"app_android_url"`
	LinkExpireMinutes        int      `json:"link_expire_minutes"`
	BulletinDisplayFrequency int      `json:"bulletin_display_frequency"`
	StrongPasswords          bool     `json:"strong_passwords"`
	SMSVerifySeconds         int      `json:"sms_verify_seconds"`
	SMSCredits               int64    `json:"sms_credits"`
	RecommendEnabled         bool     `json:"recommend_enabled"`
	RegisterPerIPLimit       int      `json:"register_per_ip_limit"`
	SessionIdleMinutes       int      `json:"session_idle_minutes"`
	DoubleValidation         bool     `json:"double_validation"`
	QuestionsCount           int      `json:"questions_count"`
	BlockedCountries         []string `json:"blocked_countries"`
}

// SettingsUpdate changes the fields that are present (not nil).
type SettingsUpdate struct {
	DemoMode                 *bool     `json:"demo_mode,omitempty"`
	GameRoomMode             *bool     `json:"game_room_mode,omitempty"`
	CustomerServiceURL       *string   `json:"customer_service_url,omitempty"`
	AppIOSURL                *string   `json:"app_ios_url,omitempty"`
	AppAndroidURL            *string   `json:"app_android_url,omitempty"`
	LinkExpireMinutes        *int      `json:"link_expire_minutes,omitempty"`
	BulletinDisplayFrequency *int      `json:"bulletin_display_frequency,omitempty"`
	StrongPasswords          *bool     `json:"strong_passwords,omitempty"`
	SMSVerifySeconds         *int      `json:"sms_verify_seconds,omitempty"`
	SMSCredits               *int64    `json:"sms_credits,omitempty"`
	RecommendEnabled         *bool     `json:"recommend_enabled,omitempty"`
	RegisterPerIPLimit       *int      `json:"register_per_ip_limit,omitempty"`
	SessionIdleMinutes       *int      `json:"session_idle_minutes,omitempty"`
	DoubleValidation         *bool     `json:"double_validation,omitempty"`
	QuestionsCount           *int      `json:"questions_count,omitempty"`
	BlockedCountries         *[]string `json:"blocked_countries,omitempty"`
}

func (u SettingsUpdate) touchesMemberSettings() bool {
	return u.StrongPasswords != nil || u.SMSVerifySeconds != nil || u.SMSCredits != nil || u.RecommendEnabled != nil ||
		u.RegisterPerIPLimit != nil || u.SessionIdleMinutes != nil || u.DoubleValidation != nil || u.QuestionsCount != nil ||
		u.BlockedCountries != nil
}

func (u SettingsUpdate) empty() bool {
	return u.DemoMode == nil && u.GameRoomMode == nil && u.CustomerServiceURL == nil && u.AppIOSURL == nil &&
		u.AppAndroidURL == nil && u.LinkExpireMinutes == nil && u.BulletinDisplayFrequency == nil && !u.touchesMemberSettings()
}

// validate checks ranges and normalises the update in place.
func (u *SettingsUpdate) validate() error {
	if u.empty() {
		return bad("body", "names no setting")
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"customer_service_url", u.CustomerServiceURL}, {"app_ios_url", u.AppIOSURL}, {"app_android_url", u.AppAndroidURL}} {
		if f.v == nil {
			continue
		}
		*f.v = strings.TrimSpace(*f.v)
		if !validURL(*f.v) {
			return bad(f.name, "must be empty, a site path (/...) or an absolute http(s) URL, at most 500 characters")
		}
	}
	for _, f := range []struct {
		name     string
		v        *int
		min, max int
	}{
		{"link_expire_minutes", u.LinkExpireMinutes, 1, 7 * 24 * 60},
		{"bulletin_display_frequency", u.BulletinDisplayFrequency, 0, 2},
		{"sms_verify_seconds", u.SMSVerifySeconds, 10, 3600},
		{"register_per_ip_limit", u.RegisterPerIPLimit, 0, 100000},
		{"session_idle_minutes", u.SessionIdleMinutes, 5, 7 * 24 * 60},
		{"questions_count", u.QuestionsCount, 1, 5},
	} {
		if f.v != nil && (*f.v < f.min || *f.v > f.max) {
			return bad(f.name, fmt.Sprintf("must be between %d and %d", f.min, f.max))
		}
	}
	if u.SMSCredits != nil && (*u.SMSCredits < 0 || *u.SMSCredits > 1_000_000_000) {
		return bad("sms_credits", "must be between 0 and 1000000000")
	}
	if u.BlockedCountries != nil {
		out := []string{}
		for i, c := range *u.BlockedCountries {
			c = strings.ToUpper(strings.TrimSpace(c))
			if len(c) != 2 || !isUpper(c[0]) || !isUpper(c[1]) {
				return bad(fmt.Sprintf("blocked_countries[%d]", i), "must be a two-letter ISO country code")
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		if len(out) > 300 {
			return bad("blocked_countries", "has too many entries")
		}
		*u.BlockedCountries = out
	}
	return nil
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// validURL accepts "", a path of this site ("/main/3", not "//host") or an
// absolute http(s) URL with a host.
func validURL(v string) bool {
	if v == "" {
		return true
	}
	if len(v) > 500 || strings.IndexFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return false
	}
	u, err := url.Parse(v)
	if err != nil {
		return false
	}
	if strings.HasPrefix(v, "/") {
		return !strings.HasPrefix(v, "//") && !strings.HasPrefix(v, "/\\") && u.Scheme == "" && u.Host == ""
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Settings reads a site's settings.
func (s *Service) Settings(ctx context.Context, siteID int64) (Settings, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return Settings{}, err
	}
	return s.store.Settings(ctx, siteID)
}

// UpdateSettings changes the fields present in u and drops the content
// caches, so /arks/web/site/detail shows the change (other nodes within
// their cache TTL).
func (s *Service) UpdateSettings(ctx context.Context, a Actor, siteID int64, u SettingsUpdate) (Settings, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return Settings{}, err
	}
	if err := u.validate(); err != nil {
		return Settings{}, err
	}
	err := s.write(ctx, a, "site.settings.update", siteID, "site:"+strconv.FormatInt(siteID, 10),
		func(q querier, now time.Time) error {
			return s.store.UpdateSettings(ctx, q, siteID, u, now.UnixMicro())
		},
		func() any { return u })
	if err != nil {
		return Settings{}, err
	}
	s.dropCaches()
	return s.store.Settings(ctx, siteID)
}

// --- register settings ---

// RegisterItem is one register setting, in the wire shape of
// /arks/web/register-settings (flags are 0 or 1).
type RegisterItem struct {
	Name                       string `json:"name"`
	Currency                   string `json:"currency"`
	IsDisplay                  int    `json:"is_display"`
	IsRequired                 int    `json:"is_required"`
	IsUnique                   int    `json:"is_unique"`
	IsMemberCenter             int    `json:"is_member_center"`
	IsVerification             int    `json:"is_verification"`
	IsMemberCenterVerification int    `json:"is_member_center_verification"`
}

// fieldCaps says which flags a register field can use: uniqueness is checked
// only for member columns that can be compared, the member centre edits only
// member columns, and only the phone has an SMS verification.
type fieldCaps struct{ unique, center, verification bool }

// RegisterFields are the register setting names the member code reads
// (internal/member register.go, profile.go; web/src/lib/register-settings.ts).
var RegisterFields = map[string]fieldCaps{
	"member_name": {unique: true, center: true}, "member_email": {unique: true, center: true},
	"member_phone": {unique: true, center: true, verification: true}, "member_birthday": {center: true},
	"identity_id": {unique: true, center: true}, "withdraw_password": {}, "introducer": {}, "check_password": {}, "captcha": {},
	"qq": {unique: true, center: true}, "telegram": {unique: true, center: true}, "whatsapp": {unique: true, center: true},
	"skype": {unique: true, center: true}, "facebook": {unique: true, center: true}, "zalo": {unique: true, center: true},
	"wechat": {unique: true, center: true},
}

// check validates one item; field prefixes the names in messages.
func (it RegisterItem) check(field string) error {
	caps, ok := RegisterFields[it.Name]
	if !ok {
		names := make([]string, 0, len(RegisterFields))
		for n := range RegisterFields {
			names = append(names, n)
		}
		slices.Sort(names)
		return bad(field+"name", "must be one of "+strings.Join(names, ", "))
	}
	flags := []struct {
		name    string
		v       int
		allowed bool
	}{
		{"is_display", it.IsDisplay, true}, {"is_required", it.IsRequired, true}, {"is_unique", it.IsUnique, caps.unique},
		{"is_member_center", it.IsMemberCenter, caps.center}, {"is_verification", it.IsVerification, caps.verification},
		{"is_member_center_verification", it.IsMemberCenterVerification, caps.verification},
	}
	for _, f := range flags {
		if f.v != 0 && f.v != 1 {
			return bad(field+f.name, "must be 0 or 1")
		}
		if f.v == 1 && !f.allowed {
			return bad(field+f.name, "is not available for "+it.Name)
		}
	}
	if it.IsRequired == 1 && it.IsDisplay == 0 {
		return bad(field+"is_required", "needs is_display 1")
	}
	if it.IsMemberCenterVerification == 1 && it.IsMemberCenter == 0 {
		return bad(field+"is_member_center_verification", "needs is_member_center 1")
	}
	return nil
}

func (s *Service) siteCurrency(ctx context.Context, siteID int64, currency string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(currency))
	codes, err := s.store.SiteCurrencies(ctx, siteID)
	if err != nil {
		return "", err
	}
	if !slices.Contains(codes, c) {
		return "", bad("currency", "is not offered by the site (offered: "+strings.Join(codes, ", ")+")")
	}
	return c, nil
}

// RegisterSettings lists a site's register settings, of one currency when
// currency is not empty.
func (s *Service) RegisterSettings(ctx context.Context, siteID int64, currency string) ([]RegisterItem, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return nil, err
	}
	if currency != "" {
		var err error
		if currency, err = s.siteCurrency(ctx, siteID, currency); err != nil {
			return nil, err
		}
	}
	return s.store.RegisterSettings(ctx, siteID, currency)
}

// maxRegisterItems bounds one currency's list (there are 16 field names).
const maxRegisterItems = 32

// ReplaceRegisterSettings makes items the currency's whole list, in display
// order. An empty list leaves the currency without a registration form.
func (s *Service) ReplaceRegisterSettings(ctx context.Context, a Actor, siteID int64, currency string, items []RegisterItem) ([]RegisterItem, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return nil, err
	}
	cur, err := s.siteCurrency(ctx, siteID, currency)
	if err != nil {
		return nil, err
	}
	if len(items) > maxRegisterItems {
		return nil, bad("items", fmt.Sprintf("has more than %d entries", maxRegisterItems))
	}
	seen := map[string]bool{}
	for i := range items {
		field := fmt.Sprintf("items[%d].", i)
		it := &items[i]
		it.Name = strings.TrimSpace(it.Name)
		if it.Currency != "" && !strings.EqualFold(it.Currency, cur) {
			return nil, bad(field+"currency", "must be empty or "+cur)
		}
		it.Currency = cur
		if err := it.check(field); err != nil {
			return nil, err
		}
		if seen[it.Name] {
			return nil, bad(field+"name", "is listed twice")
		}
		seen[it.Name] = true
	}
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.Name
	}
	err = s.write(ctx, a, "register_settings.replace", siteID, "currency:"+cur,
		func(q querier, _ time.Time) error { return s.store.ReplaceRegisterSettings(ctx, q, siteID, cur, items) },
		func() any { return map[string]any{"currency": cur, "items": items} })
	if err != nil {
		return nil, err
	}
	return s.store.RegisterSettings(ctx, siteID, cur)
}

// RegisterItemUpdate changes the flags that are present of one setting; a
// setting that does not exist yet starts with every flag 0.
type RegisterItemUpdate struct {
	IsDisplay                  *int `json:"is_display,omitempty"`
	IsRequired                 *int `json:"is_required,omitempty"`
	IsUnique                   *int `json:"is_unique,omitempty"`
	IsMemberCenter             *int `json:"is_member_center,omitempty"`
	IsVerification             *int `json:"is_verification,omitempty"`
	IsMemberCenterVerification *int `json:"is_member_center_verification,omitempty"`
}

// UpdateRegisterItem creates or changes one setting of a currency.
func (s *Service) UpdateRegisterItem(ctx context.Context, a Actor, siteID int64, currency, name string, u RegisterItemUpdate) (RegisterItem, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return RegisterItem{}, err
	}
	cur, err := s.siteCurrency(ctx, siteID, currency)
	if err != nil {
		return RegisterItem{}, err
	}
	if _, ok := RegisterFields[name]; !ok {
		return RegisterItem{}, RegisterItem{Name: name}.check("")
	}
	var out RegisterItem
	err = s.write(ctx, a, "register_settings.update", siteID, "register_setting:"+cur+"/"+name,
		func(q querier, _ time.Time) error {
			it, err := s.store.RegisterItem(ctx, q, siteID, cur, name)
			if isNotFound(err) {
				it, err = RegisterItem{Name: name, Currency: cur}, nil
			}
			if err != nil {
				return err
			}
			for _, f := range []struct {
				dst *int
				src *int
			}{{&it.IsDisplay, u.IsDisplay}, {&it.IsRequired, u.IsRequired}, {&it.IsUnique, u.IsUnique},
				{&it.IsMemberCenter, u.IsMemberCenter}, {&it.IsVerification, u.IsVerification},
				{&it.IsMemberCenterVerification, u.IsMemberCenterVerification}} {
				if f.src != nil {
					*f.dst = *f.src
				}
			}
			if err := it.check(""); err != nil {
				return err
			}
			out = it
			return s.store.UpsertRegisterItem(ctx, q, siteID, it)
		},
		func() any { return out })
	return out, err
}

// --- service agreement ---

// AgreementBlock is one titled block of the service agreement; content is
// HTML, stored sanitised.
type AgreementBlock struct {
	Title   string `json:"title"`
	Content string `json:"content"`
}

// AgreementRow is a stored block.
type AgreementRow struct {
	ID       int64  `json:"id"`
	Language string `json:"-"`
	Title    string `json:"title"`
	Content  string `json:"content"`
}

// Agreements is every language's agreement and the site's languages.
type Agreements struct {
	Languages     map[string][]AgreementRow `json:"languages"`
	SiteLanguages []string                  `json:"site_languages"`
}

// Agreement reads the site's service agreement, per language.
func (s *Service) Agreement(ctx context.Context, siteID int64) (Agreements, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return Agreements{}, err
	}
	rows, err := s.store.Agreements(ctx, siteID)
	if err != nil {
		return Agreements{}, err
	}
	langs, err := s.store.SiteLanguages(ctx, siteID)
	if err != nil {
		return Agreements{}, err
	}
	out := Agreements{Languages: map[string][]AgreementRow{}, SiteLanguages: langs}
	for _, r := range rows {
		out.Languages[r.Language] = append(out.Languages[r.Language], r)
	}
	return out, nil
}

// Agreement limits.
const (
	maxAgreementBlocks  = 50
	maxAgreementTitle   = 200
	maxAgreementContent = 64 << 10
)

// ReplaceAgreement makes blocks the language's whole agreement. Content is
// sanitised (SanitizeHTML); an empty list removes the language, which then
// falls back to the site's default language.
func (s *Service) ReplaceAgreement(ctx context.Context, a Actor, siteID int64, language string, blocks []AgreementBlock) ([]AgreementRow, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return nil, err
	}
	langs, err := s.store.SiteLanguages(ctx, siteID)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(langs, language) {
		return nil, bad("language", "is not a language of the site (offered: "+strings.Join(langs, ", ")+")")
	}
	if len(blocks) > maxAgreementBlocks {
		return nil, bad("blocks", fmt.Sprintf("has more than %d entries", maxAgreementBlocks))
	}
	for i := range blocks {
		b := &blocks[i]
		field := fmt.Sprintf("blocks[%d].", i)
		b.Title = strings.TrimSpace(b.Title)
		if b.Title == "" || utf8.RuneCountInString(b.Title) > maxAgreementTitle || !utf8.ValidString(b.Title) ||
			strings.IndexFunc(b.Title, unicode.IsControl) >= 0 {
			return nil, bad(field+"title", fmt.Sprintf("must be 1 to %d characters of text", maxAgreementTitle))
		}
		if len(b.Content) > maxAgreementContent || !utf8.ValidString(b.Content) {
			return nil, bad(field+"content", fmt.Sprintf("must be UTF-8 text of at most %d bytes", maxAgreementContent))
		}
		b.Content = strings.TrimSpace(SanitizeHTML(b.Content))
		if b.Content == "" {
			return nil, bad(field+"content", "is empty")
		}
	}
	var ids []int64
	err = s.write(ctx, a, "service_agreement.replace", siteID, "language:"+language,
		func(q querier, _ time.Time) error {
			var err error
			ids, err = s.store.ReplaceAgreement(ctx, q, siteID, language, blocks)
			return err
		},
		func() any {
			titles := make([]string, len(blocks))
			for i, b := range blocks {
				titles[i] = b.Title
			}
			return map[string]any{"language": language, "titles": titles}
		})
	if err != nil {
		return nil, err
	}
	out := make([]AgreementRow, len(blocks))
	for i, b := range blocks {
		out[i] = AgreementRow{ID: ids[i], Language: language, Title: b.Title, Content: b.Content}
	}
	return out, nil
}

// --- blacklists ---

// BlacklistEntry is one blocked value: a member name, an e-mail, a phone
// (registration codes 214, 216, 215) or an IP address (login 201,
// registration 218).
type BlacklistEntry struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

// BlacklistKinds are the lists a site has.
var BlacklistKinds = []string{"name", "email", "phone", "ip"}

// normalise checks the entry and puts its value in the form registration
// and login compare with: names trimmed (compared exactly), e-mails trimmed
// and lower case, phones as digits, IPs in canonical form.
func (e *BlacklistEntry) normalise() error {
	if !slices.Contains(BlacklistKinds, e.Kind) {
		return bad("kind", "must be one of "+strings.Join(BlacklistKinds, ", "))
	}
	v := strings.TrimSpace(e.Value)
	switch e.Kind {
	case "name":
		if v == "" || utf8.RuneCountInString(v) > 50 || !utf8.ValidString(v) || strings.IndexFunc(v, unicode.IsControl) >= 0 {
			return bad("value", "must be a name of 1 to 50 characters")
		}
	case "email":
		v = strings.ToLower(v)
		local, domain, ok := strings.Cut(v, "@")
		if !ok || local == "" || !strings.Contains(domain, ".") || strings.ContainsAny(v, " \t<>\"',;") ||
			strings.Count(v, "@") != 1 || len(v) > 100 {
			return bad("value", "must be an e-mail address")
		}
	case "phone":
		if v == "" || len(v) > 20 || strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
			return bad("value", "must be 1 to 20 digits")
		}
	case "ip":
		ip, err := netip.ParseAddr(v)
		if err != nil {
			return bad("value", "must be an IP address")
		}
		v = ip.Unmap().String()
	}
	e.Value = v
	return nil
}

// maxBlacklist bounds one listing.
const maxBlacklist = 1000

// BlacklistPage is a listing; Truncated says more entries exist.
type BlacklistPage struct {
	List      []BlacklistEntry `json:"list"`
	Truncated bool             `json:"truncated"`
}

// Blacklist lists a site's entries of kind (every kind when empty).
func (s *Service) Blacklist(ctx context.Context, siteID int64, kind string) (BlacklistPage, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return BlacklistPage{}, err
	}
	if kind != "" && !slices.Contains(BlacklistKinds, kind) {
		return BlacklistPage{}, bad("kind", "must be one of "+strings.Join(BlacklistKinds, ", "))
	}
	list, err := s.store.Blacklist(ctx, siteID, kind, maxBlacklist+1)
	if err != nil {
		return BlacklistPage{}, err
	}
	page := BlacklistPage{List: list}
	if len(list) > maxBlacklist {
		page.List, page.Truncated = list[:maxBlacklist], true
	}
	return page, nil
}

// BlacklistChange is the answer of an add or a remove.
type BlacklistChange struct {
	BlacklistEntry
	Changed bool `json:"changed"`
}

// AddBlacklist adds an entry (Changed false when it was there already).
func (s *Service) AddBlacklist(ctx context.Context, a Actor, siteID int64, e BlacklistEntry) (BlacklistChange, error) {
	return s.changeBlacklist(ctx, a, siteID, e, true)
}

// RemoveBlacklist removes an entry (Changed false when it was not there).
func (s *Service) RemoveBlacklist(ctx context.Context, a Actor, siteID int64, e BlacklistEntry) (BlacklistChange, error) {
	return s.changeBlacklist(ctx, a, siteID, e, false)
}

func (s *Service) changeBlacklist(ctx context.Context, a Actor, siteID int64, e BlacklistEntry, add bool) (BlacklistChange, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return BlacklistChange{}, err
	}
	if err := e.normalise(); err != nil {
		return BlacklistChange{}, err
	}
	action, change := "blacklist.remove", s.store.RemoveBlacklist
	if add {
		action, change = "blacklist.add", s.store.AddBlacklist
	}
	out := BlacklistChange{BlacklistEntry: e}
	// The value stays in the audit table; the log names only the list.
	err := s.write(ctx, a, action, siteID, "blacklist:"+e.Kind,
		func(q querier, _ time.Time) error {
			var err error
			out.Changed, err = change(ctx, q, siteID, e)
			return err
		},
		func() any { return out })
	return out, err
}

// --- SMS outbox ---

// OutboxMessage is one message the built-in SMS provider "sent".
type OutboxMessage struct {
	ID        int64  `json:"id"`
	Phone     string `json:"phone"`
	Body      string `json:"body"`
	CreatedAt string `json:"created_at"`
	createdAt int64
}

// Page is a newest-first listing; NextBeforeID continues it (0: no more).
type Page[T any] struct {
	List         []T   `json:"list"`
	NextBeforeID int64 `json:"next_before_id"`
}

// Paging bounds.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)

// Outbox lists a site's outbox newest first, optionally for one phone.
// The bodies hold verification codes: the answer is for the operator only
// and never logged.
func (s *Service) Outbox(ctx context.Context, siteID int64, phone string, beforeID int64, limit int) (Page[OutboxMessage], error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return Page[OutboxMessage]{}, err
	}
	phone = strings.TrimSpace(phone)
	if len(phone) > 20 || strings.IndexFunc(phone, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return Page[OutboxMessage]{}, bad("phone", "must be digits")
	}
	list, err := s.store.Outbox(ctx, siteID, phone, beforeID, limit)
	if err != nil {
		return Page[OutboxMessage]{}, err
	}
	for i := range list {
		list[i].CreatedAt = formatTime(list[i].createdAt)
	}
	return pageOf(list, limit, func(m OutboxMessage) int64 { return m.ID }), nil
}

func pageOf[T any](list []T, limit int, id func(T) int64) Page[T] {
	p := Page[T]{List: list}
	if len(list) == limit && limit > 0 {
		p.NextBeforeID = id(list[len(list)-1])
	}
	return p
}

func formatTime(micros int64) string { return time.UnixMicro(micros).UTC().Format(time.RFC3339) }

// --- members ---

// MemberView is what an operator sees of a member.
type MemberView struct {
	ID                         int64  `json:"id"`
	SiteID                     int64  `json:"site_id"`
	Account                    string `json:"account"`
	Currency                   string `json:"currency"`
	Name                       string `json:"name"`
	Email                      string `json:"email"`
	Phone                      string `json:"phone"`
	MemberType                 int    `json:"member_type"`
	Status                     string `json:"status"`
	IsAgent                    bool   `json:"is_agent"`
	FirstLoginToChangePassword bool   `json:"first_login_to_change_password"`
	MustResetPassword          bool   `json:"must_reset_password"`
	CreatedAt                  string `json:"created_at"`
	UpdatedAt                  string `json:"updated_at"`
	createdAt, updatedAt       int64
}

// MemberStatuses are the account states login knows (102 disabled, 103 frozen).
var MemberStatuses = []string{"active", "disabled", "frozen"}

func normAccount(account string) (string, error) {
	a := strings.ToLower(strings.TrimSpace(account))
	if a == "" || len(a) > 64 {
		return "", bad("account", "must be 1 to 64 characters")
	}
	return a, nil
}

func (s *Service) member(ctx context.Context, q querier, siteID int64, account string) (MemberView, error) {
	m, err := s.store.Member(ctx, q, siteID, account)
	if isNotFound(err) {
		return MemberView{}, ErrMemberNotFound
	}
	if err != nil {
		return MemberView{}, err
	}
	m.CreatedAt, m.UpdatedAt = formatTime(m.createdAt), formatTime(m.updatedAt)
	return m, nil
}

// Member looks a member up by account.
func (s *Service) Member(ctx context.Context, siteID int64, account string) (MemberView, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return MemberView{}, err
	}
	acct, err := normAccount(account)
	if err != nil {
		return MemberView{}, err
	}
	return s.member(ctx, s.store.db, siteID, acct)
}

// MemberUpdate changes the fields that are present. FirstLoginToChangePassword
// makes the member layout ask for a new password; MustResetPassword makes
// login answer 802 (withdrawal-password recovery); a status other than
// active makes login answer 102 (disabled) or 103 (frozen).
type MemberUpdate struct {
	Status                     *string `json:"status,omitempty"`
	FirstLoginToChangePassword *bool   `json:"first_login_to_change_password,omitempty"`
	MustResetPassword          *bool   `json:"must_reset_password,omitempty"`
}

// MemberChange is the answer of a member update.
type MemberChange struct {
	Member          MemberView `json:"member"`
	SessionsRevoked int64      `json:"sessions_revoked"`
}

// UpdateMember applies u. Leaving the active status revokes the member's
// sessions and closes their real-time connections; any change publishes
// profile_updated on member.{id}.
func (s *Service) UpdateMember(ctx context.Context, a Actor, siteID int64, account string, u MemberUpdate) (MemberChange, error) {
	if err := s.checkSite(ctx, siteID); err != nil {
		return MemberChange{}, err
	}
	acct, err := normAccount(account)
	if err != nil {
		return MemberChange{}, err
	}
	if u.Status == nil && u.FirstLoginToChangePassword == nil && u.MustResetPassword == nil {
		return MemberChange{}, bad("body", "names no field (status, first_login_to_change_password, must_reset_password)")
	}
	if u.Status != nil && !slices.Contains(MemberStatuses, *u.Status) {
		return MemberChange{}, bad("status", "must be one of "+strings.Join(MemberStatuses, ", "))
	}
	var out MemberChange
	var before MemberView
	err = s.write(ctx, a, "member.update", siteID, "member:"+acct,
		func(q querier, now time.Time) error {
			var err error
			if before, err = s.member(ctx, q, siteID, acct); err != nil {
				return err
			}
			if err := s.store.UpdateMember(ctx, q, before.ID, u, now.UnixMicro()); err != nil {
				return err
			}
			if u.Status != nil && *u.Status != "active" {
				if out.SessionsRevoked, err = s.store.RevokeSessions(ctx, q, before.ID, now.UnixMicro()); err != nil {
					return err
				}
			}
			out.Member, err = s.member(ctx, q, siteID, acct)
			return err
		},
		func() any {
			return map[string]any{"member_id": before.ID, "change": u, "sessions_revoked": out.SessionsRevoked}
		})
	if err != nil {
		return MemberChange{}, err
	}
	if s.pub != nil {
		s.pub.PublishMember(out.Member.ID, "profile_updated", nil)
		if out.Member.Status != "active" {
			s.pub.DisconnectMember(out.Member.ID)
		}
	}
	return out, nil
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
// and drops this node's content caches, so the reload reads fresh content.
func (s *Service) CleanCache(ctx context.Context, a Actor, in CleanCacheInput) (CleanCacheResult, error) {
	if err := s.checkSite(ctx, in.SiteID); err != nil {
		return CleanCacheResult{}, err
	}
	targets := 0
	for _, set := range []bool{in.Account != "", in.Currency != "", in.All} {
		if set {
			targets++
		}
	}
	if targets != 1 {
		return CleanCacheResult{}, bad("body", "must name exactly one of account, currency or all")
	}
	var memberID int64
	var channels []string
	switch {
	case in.Account != "":
		acct, err := normAccount(in.Account)
		if err != nil {
			return CleanCacheResult{}, err
		}
		m, err := s.member(ctx, s.store.db, in.SiteID, acct)
		if err != nil {
			return CleanCacheResult{}, err
		}
		memberID = m.ID
		channels = []string{"member." + strconv.FormatInt(m.ID, 10)}
	case in.Currency != "":
		cur, err := s.siteCurrency(ctx, in.SiteID, in.Currency)
		if err != nil {
			return CleanCacheResult{}, err
		}
		channels = []string{"web_api." + cur}
	default:
		codes, err := s.store.SiteCurrencies(ctx, in.SiteID)
		if err != nil {
			return CleanCacheResult{}, err
		}
		for _, c := range codes {
			channels = append(channels, "web_api."+c)
		}
	}
	target := "channels:" + strings.Join(channels, ",")
	err := s.write(ctx, a, "realtime.app_clean_cache", in.SiteID, target,
		func(querier, time.Time) error { return nil },
		func() any { return map[string]any{"channels": channels} })
	if err != nil {
		return CleanCacheResult{}, err
	}
	s.dropCaches()
	if s.pub != nil {
		if memberID != 0 {
			s.pub.PublishMember(memberID, "app_clean_cache", nil)
		} else {
			for _, ch := range channels {
				s.pub.Publish(ch, "app_clean_cache", nil)
			}
		}
	}
	return CleanCacheResult{Channels: channels}, nil
}

// --- audit ---

// Audit lists audited writes newest first (of one site when siteID > 0).
func (s *Service) Audit(ctx context.Context, siteID, beforeID int64, limit int) (Page[AuditEntry], error) {
	if siteID < 0 {
		return Page[AuditEntry]{}, bad("site_id", "must not be negative")
	}
	list, err := s.store.Audit(ctx, siteID, beforeID, limit)
	if err != nil {
		return Page[AuditEntry]{}, err
	}
	for i := range list {
		list[i].CreatedAt = formatTime(list[i].createdAt)
	}
	return pageOf(list, limit, func(a AuditEntry) int64 { return a.ID }), nil
}
