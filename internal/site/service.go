// Package site holds the tenant: an operator's site, its currencies (with
// their minor-unit exponents) and languages, demo mode and the other site
// flags, the visitor's country, language and currency, and route rules.
// Lobby content lives in internal/content.
package site

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
	"gamehall/internal/db"
	"gamehall/internal/geo"
	"gamehall/internal/i18n"
	"gamehall/internal/sanitize"
)

// Spec-visible failures of this package.
var (
	ErrSiteNotFound = api.NewError(api.CodeNotFound, "site_not_found")
)

// MemberRules are the member rules the browser applies as the server does
// (member.Service.ClientRules).
type MemberRules interface {
	ClientRules(ctx context.Context, siteID int64) (strongPasswords bool, smsVerifySeconds int, err error)
}

// Service holds the rules of sites.
type Service struct {
	store *Store
	dev   bool
	sites *cache.TTL[siteInfo]
	rules MemberRules
	now   func() time.Time
}

// siteInfo is a site with the lists every content call needs.
type siteInfo struct {
	Site
	currencies []Currency
	languages  []Language
}

// NewService returns the service; dev reports the server's --dev mode, which
// the client sees as environment "development".
func NewService(store *Store, dev bool, ttl time.Duration, rules MemberRules, now func() time.Time) *Service {
	return &Service{store: store, dev: dev, sites: cache.New[siteInfo](ttl, 1024, now), rules: rules, now: now}
}

// Invalidate drops the cached sites, so an operator's change to a site's
// flags (demo mode, game-room mode, ...) shows on this node at once.
func (s *Service) Invalidate() { s.sites.Clear() }

// site loads the site with its currencies and languages, or ErrSiteNotFound.
func (s *Service) site(ctx context.Context, id int64) (siteInfo, error) {
	if id <= 0 {
		return siteInfo{}, api.Invalid("site_id", nil)
	}
	key := strconv.FormatInt(id, 10)
	load := func() (siteInfo, error) {
		st, err := s.store.Site(ctx, id)
		if errors.Is(err, db.ErrNotFound) {
			return siteInfo{}, ErrSiteNotFound
		}
		if err != nil {
			return siteInfo{}, err
		}
		info := siteInfo{Site: st}
		if info.currencies, err = s.store.Currencies(ctx, id); err != nil {
			return siteInfo{}, err
		}
		if info.languages, err = s.store.Languages(ctx, id); err != nil {
			return siteInfo{}, err
		}
		return info, nil
	}
	// A caller inside a transaction holds a connection of the pool: on a
	// miss it reads through its own transaction rather than wait for a
	// shared load, which may need a connection of its own while every one
	// is held by callers waiting the same way (PostgreSQL, 200 concurrent
	// real-money rounds, 32 connections: every round stopped).
	if s.store.db.InTx(ctx) {
		if info, ok := s.sites.Peek(key); ok {
			return info, nil
		}
		return load()
	}
	return s.sites.Get(key, load)
}

// CheckSite answers ErrSiteNotFound for an unknown site.
func (s *Service) CheckSite(ctx context.Context, id int64) error {
	_, err := s.site(ctx, id)
	return err
}

// DemoMode reports the site's demo mode flag (it disables play, banner
// actions, login, recovery and registration).
func (s *Service) DemoMode(ctx context.Context, id int64) (bool, error) {
	info, err := s.site(ctx, id)
	if err != nil {
		return false, err
	}
	return info.DemoMode, nil
}

// CurrencyExponent is the minor-unit exponent of code when the site offers it.
func (s *Service) CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return 0, false, err
	}
	c, ok := info.currency(code)
	return c.Exponent, ok, nil
}

// SiteLanguage reports whether lang is one of the site's languages.
func (s *Service) SiteLanguage(ctx context.Context, siteID int64, lang string) (bool, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return false, err
	}
	for _, l := range info.languages {
		if l.Code == lang {
			return true, nil
		}
	}
	return false, nil
}

// EnvConfig is the client's site configuration (docs/api.md).
type EnvConfig struct {
	SiteID             int64       `json:"site_id"`
	SiteName           string      `json:"site_name"`
	Environment        string      `json:"environment"`
	DemoMode           bool        `json:"demo_mode"`
	GameRoomMode       bool        `json:"game_room_mode"`
	TimeZone           string      `json:"time_zone"`
	DefaultLanguage    string      `json:"default_language"`
	Languages          []Language  `json:"languages"`
	DefaultCurrency    string      `json:"default_currency"`
	Currencies         []Currency  `json:"currencies"`
	DesktopTemplate    string      `json:"desktop_template"`
	MobileTemplate     string      `json:"mobile_template"`
	CustomerServiceURL string      `json:"customer_service_url"`
	AppDownload        AppDownload `json:"app_download"`
	LinkExpireTime     int         `json:"link_expire_time"`
	PasswordRule       string      `json:"password_rule"`
	SMSVerifySeconds   int         `json:"sms_verify_seconds"`
	SEO                SEO         `json:"seo"`
}

// AppDownload holds the native app links.
type AppDownload struct {
	IOSURL     string `json:"ios_url"`
	AndroidURL string `json:"android_url"`
}

// SEO holds the page title per language group and the seo-content block.
type SEO struct {
	Title   map[string]string `json:"title"`
	Content string            `json:"content"`
}

// DisplayZone is the site's display time zone (spec section 9).
const DisplayZone = "America/Caracas"

// Zone is DisplayZone's location; a day of the site's counts and rewards
// is [00:00, 24:00) there. Without the tz database (a bare container),
// Caracas's offset stands in: it has kept UTC-4 all year since 2016.
func Zone() *time.Location {
	if z, err := time.LoadLocation(DisplayZone); err == nil {
		return z
	}
	return time.FixedZone(DisplayZone, -4*3600)
}

// Detail is /arks/web/site/detail.
func (s *Service) Detail(ctx context.Context, siteID int64, lang string) (map[string]EnvConfig, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return nil, err
	}
	env := "production"
	if s.dev {
		env = "development"
	}
	strong, smsSeconds, err := s.rules.ClientRules(ctx, siteID)
	if err != nil {
		return nil, err
	}
	titles := map[string]string{}
	_ = json.Unmarshal([]byte(info.SEOTitleI18n), &titles)
	return map[string]EnvConfig{"env_config": {
		SiteID: info.ID, SiteName: info.Name, Environment: env, DemoMode: info.DemoMode,
		GameRoomMode: info.GameRoomMode, TimeZone: DisplayZone, DefaultLanguage: info.DefaultLanguage,
		Languages: info.languages, DefaultCurrency: info.DefaultCurrency, Currencies: info.currencies,
		DesktopTemplate: info.DesktopTemplate, MobileTemplate: info.MobileTemplate,
		CustomerServiceURL: info.CustomerServiceURL,
		AppDownload:        AppDownload{IOSURL: info.AppIOSURL, AndroidURL: info.AppAndroidURL},
		LinkExpireTime:     info.LinkExpireMinutes,
		PasswordRule:       passwordRule(strong),
		SMSVerifySeconds:   smsSeconds,
		// Rebuilt on the way out too: no stored row reaches a browser raw.
		SEO: SEO{Title: titles, Content: sanitize.HTML(i18n.Pick(info.SEOContentI18n, lang, info.DefaultLanguage))},
	}}, nil
}

func (i siteInfo) currency(code string) (Currency, bool) {
	for _, c := range i.currencies {
		if c.Code == code {
			return c, true
		}
	}
	return Currency{}, false
}

// Currencies lists the site's currencies.
func (s *Service) Currencies(ctx context.Context, siteID int64) ([]Currency, string, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return nil, "", err
	}
	return info.currencies, info.DefaultCurrency, nil
}

// RouteRules is the route_rules map of the build meta file.
func (s *Service) RouteRules(ctx context.Context, siteID int64) (map[string]RouteRule, error) {
	rows, err := s.store.Redirects(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]RouteRule, len(rows))
	for _, r := range rows {
		out[r.Path] = RouteRule{Redirect: r.Target}
	}
	return out, nil
}

// RouteRule is one server-defined route rule.
type RouteRule struct {
	Redirect string `json:"redirect"`
}

// Visitor is where a visitor seems to come from, and what that means here.
type Visitor struct {
	Country  string `json:"country"`
	Language string `json:"language"`
	Currency string `json:"currency"`
}

// Visitor picks the visitor's language (the country's, if the site offers it;
// else the browser's; else the site default) and the currency of that
// language when the site offers it, else the site default currency.
func (s *Service) Visitor(ctx context.Context, siteID int64, country, acceptLanguage string) (Visitor, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return Visitor{}, err
	}
	offered := func(code string) bool {
		for _, l := range info.languages {
			if l.Code == code {
				return true
			}
		}
		return false
	}
	v := Visitor{Country: country}
	if l := geo.LanguageForCountry(country); l != "" && offered(l) {
		v.Language = l
	} else if l := geo.LanguageFromAccept(acceptLanguage, offered); l != "" {
		v.Language = l
	} else {
		v.Language = info.DefaultLanguage
	}
	v.Currency = info.DefaultCurrency
	if c, ok := info.currency(geo.CurrencyForLanguage(v.Language)); ok {
		v.Currency = c.Code
	}
	return v, nil
}

// DefaultLanguage is the site's default language (en_US when unknown).
func (s *Service) DefaultLanguage(ctx context.Context, siteID int64) string {
	lang, err := s.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return api.DefaultLang
	}
	return lang
}

// DefaultLanguageOf is the site's default language, or ErrSiteNotFound.
func (s *Service) DefaultLanguageOf(ctx context.Context, siteID int64) (string, error) {
	info, err := s.site(ctx, siteID)
	return info.DefaultLanguage, err
}

// BulletinDisplayFrequency is how often the pop-up bulletin shows (0 once,
// 1 once per browser session, 2 every load).
func (s *Service) BulletinDisplayFrequency(ctx context.Context, siteID int64) (int, error) {
	info, err := s.site(ctx, siteID)
	return info.BulletinDisplayFrequency, err
}

// Languages lists the codes of the site's languages, in display order.
func (s *Service) Languages(ctx context.Context, siteID int64) ([]string, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(info.languages))
	for i, l := range info.languages {
		out[i] = l.Code
	}
	return out, nil
}

// CurrencyCodes lists the codes of the site's currencies, in display order,
// and its default currency.
func (s *Service) CurrencyCodes(ctx context.Context, siteID int64) ([]string, string, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return nil, "", err
	}
	out := make([]string, len(info.currencies))
	for i, c := range info.currencies {
		out[i] = c.Code
	}
	return out, info.DefaultCurrency, nil
}

// KnownLanguages lists every language the server knows (the spec's
// eleven), from the reference table; a request's lang header must be one.
func (s *Service) KnownLanguages(ctx context.Context) (map[string]bool, error) {
	all, err := s.store.AllLanguages(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(all))
	for _, l := range all {
		out[l.Code] = true
	}
	return out, nil
}

// passwordRule names the site's password rule for the client: "default"
// (spec section 5) or "strong" (8-64 characters, not a common password).
func passwordRule(strong bool) string {
	if strong {
		return "strong"
	}
	return "default"
}
