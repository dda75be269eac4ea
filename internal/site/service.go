// Package site serves a site's settings and lobby content: env config, logos,
// footers, side float, template and model settings, banners, marquee,
// promotion bulletins and the jackpot figure.
package site

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
	"gamehall/internal/db"
	"gamehall/internal/geo"
	"gamehall/internal/i18n"
	"gamehall/internal/money"
)

// Spec-visible failures of this package.
var (
	ErrSiteNotFound = api.NewError(api.CodeNotFound, "site_not_found")
)

// Service holds the rules of site content.
type Service struct {
	store *Store
	dev   bool
	sites *cache.TTL[siteInfo]
}

// siteInfo is a site with the lists every content call needs.
type siteInfo struct {
	Site
	currencies []Currency
	languages  []Language
}

// NewService returns the service; dev reports the server's --dev mode, which
// the client sees as environment "development".
func NewService(store *Store, dev bool, ttl time.Duration) *Service {
	return &Service{store: store, dev: dev, sites: cache.New[siteInfo](ttl, 1024, time.Now)}
}

// Invalidate drops the cached sites, so an operator's change to a site's
// flags (demo mode, game-room mode, ...) shows on this node at once.
func (s *Service) Invalidate() { s.sites.Clear() }

// site loads the site with its currencies and languages, or ErrSiteNotFound.
func (s *Service) site(ctx context.Context, id int64) (siteInfo, error) {
	if id <= 0 {
		return siteInfo{}, api.Invalid("site_id", nil)
	}
	return s.sites.Get(strconv.FormatInt(id, 10), func() (siteInfo, error) {
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
	})
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
		PasswordRule:       passwordRule(info.StrongPasswords),
		SMSVerifySeconds:   info.SMSVerifySeconds,
		SEO:                SEO{Title: titles, Content: i18n.Pick(info.SEOContentI18n, lang, info.DefaultLanguage)},
	}}, nil
}

// Logos is /web/logo.
func (s *Service) Logos(ctx context.Context, siteID int64) (map[string][]Logo, error) {
	if err := s.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	logos, err := s.store.Logos(ctx, siteID)
	if err != nil {
		return nil, err
	}
	return map[string][]Logo{"web_logo_list": logos}, nil
}

// FooterGroup is a titled group of desktop footer links.
type FooterGroup struct {
	ID    int64        `json:"id"`
	Title string       `json:"title"`
	Sort  int          `json:"sort"`
	List  []FooterLink `json:"list"`
}

// FooterLink is one desktop footer link.
type FooterLink struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	URL   string `json:"url"`
	Sort  int    `json:"sort"`
}

// Footer is /arks/web/footer.
func (s *Service) Footer(ctx context.Context, siteID int64, lang string) (List[FooterGroup], error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return List[FooterGroup]{}, err
	}
	rows, err := s.store.FooterLinks(ctx, siteID)
	if err != nil {
		return List[FooterGroup]{}, err
	}
	groups := []FooterGroup{}
	for _, r := range rows {
		if len(groups) == 0 || groups[len(groups)-1].ID != r.GroupID {
			groups = append(groups, FooterGroup{ID: r.GroupID, Title: i18n.Pick(r.GroupTitleI18n, lang, info.DefaultLanguage),
				Sort: r.GroupSort, List: []FooterLink{}})
		}
		if r.LinkID.Valid {
			g := &groups[len(groups)-1]
			g.List = append(g.List, FooterLink{ID: r.LinkID.Int64, Title: i18n.Pick(r.LinkTitleI18n.String, lang, info.DefaultLanguage),
				URL: r.URL.String, Sort: int(r.LinkSort.Int64)})
		}
	}
	return List[FooterGroup]{List: groups}, nil
}

// List is the {list: [...]} shape many calls answer.
type List[T any] struct {
	List []T `json:"list"`
}

// NavItem is a mobile footer or side float entry.
type NavItem struct {
	ID         int64  `json:"id"`
	Type       string `json:"type"`
	Title      string `json:"title"`
	Icon       string `json:"icon"`
	IconActive string `json:"icon_active,omitempty"`
	URL        string `json:"url"`
	Sort       int    `json:"sort"`
}

// MobileFooter is /arks/web/web-mobile-footer.
func (s *Service) MobileFooter(ctx context.Context, siteID int64, template, lang string) (List[NavItem], error) {
	return s.nav(ctx, siteID, lang, func() ([]NavRow, error) { return s.store.MobileFooter(ctx, siteID, template) })
}

// Float is /arks/web/float.
func (s *Service) Float(ctx context.Context, siteID int64, lang string) (List[NavItem], error) {
	return s.nav(ctx, siteID, lang, func() ([]NavRow, error) { return s.store.Floats(ctx, siteID) })
}

func (s *Service) nav(ctx context.Context, siteID int64, lang string, load func() ([]NavRow, error)) (List[NavItem], error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return List[NavItem]{}, err
	}
	rows, err := load()
	if err != nil {
		return List[NavItem]{}, err
	}
	out := make([]NavItem, len(rows))
	for i, r := range rows {
		out[i] = NavItem{ID: r.ID, Type: r.Type, Title: i18n.Pick(r.TitleI18n, lang, info.DefaultLanguage), Icon: r.Icon, URL: r.URL, Sort: r.Sort}
		if r.IconActive != r.Icon {
			out[i].IconActive = r.IconActive
		}
	}
	return List[NavItem]{List: out}, nil
}

// Model kinds of /web/model_*.
const (
	ModelSetting = "setting"
	ModelSponsor = "sponsor"
	ModelLogin   = "login"
)

// ModelQuery is the body of /web/model_setting, _sponsor and _login.
type ModelQuery struct {
	SiteID       int64
	Language     string
	ModelVersion int
}

// Model lists the ad, sponsor or login blocks for the language and version
// (1 desktop, 2 mobile), in the site's default language when lang has none.
func (s *Service) Model(ctx context.Context, kind string, q ModelQuery) (List[ModelItem], error) {
	info, err := s.site(ctx, q.SiteID)
	if err != nil {
		return List[ModelItem]{}, err
	}
	if q.ModelVersion != 1 && q.ModelVersion != 2 {
		return List[ModelItem]{}, api.Invalid("model_version", nil)
	}
	lang := q.Language
	if lang == "" {
		lang = info.DefaultLanguage
	}
	items, err := s.store.ModelItems(ctx, q.SiteID, kind, q.ModelVersion, lang, info.DefaultLanguage)
	if err != nil {
		return List[ModelItem]{}, err
	}
	return List[ModelItem]{List: items}, nil
}

// TemplateConfig is /api/template_config: the config keyed by template name,
// answered with the spec's success code 1000. An unknown name answers an
// empty map, and the client falls back to H5_1.
func (s *Service) TemplateConfig(ctx context.Context, siteID int64, name string) (map[string]json.RawMessage, error) {
	if err := s.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	if name == "" {
		return nil, api.Invalid("mobileTemplateName", nil)
	}
	cfg, ok, err := s.store.TemplateConfig(ctx, siteID, name)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	if ok {
		out[name] = json.RawMessage(cfg)
	}
	return out, nil
}

// PhotoDetail is the register background answer.
type PhotoDetail struct {
	Detail struct {
		Photo string `json:"photo"`
	} `json:"detail"`
}

// RegisterBackground is /arks/web/model/register-background/detail.
func (s *Service) RegisterBackground(ctx context.Context, siteID int64, template string) (PhotoDetail, error) {
	var out PhotoDetail
	if err := s.CheckSite(ctx, siteID); err != nil {
		return out, err
	}
	photo, err := s.store.RegisterBackground(ctx, siteID, template)
	out.Detail.Photo = photo
	return out, err
}

// GameLink is a banner's game target.
type GameLink struct {
	Currency   string `json:"currency"`
	GTID       int64  `json:"gt_id"`
	GPID       int64  `json:"gp_id"`
	GPGTName   string `json:"gp_gt_name"`
	Customized int    `json:"customized"`
}

// Banner is one carousel picture.
type Banner struct {
	ID                int64     `json:"id"`
	URL               string    `json:"url"`
	LinkType          int       `json:"link_type"`
	LinkMethod        int       `json:"link_method"`
	LinkURL           string    `json:"link_url"`
	GameLinkParameter *GameLink `json:"game_link_parameter"`
	Sort              int       `json:"sort"`
}

// Banner link types and use types (spec section 3).
const (
	LinkExternal = 0
	LinkInternal = 1
	LinkGame     = 2
)

// Carousel is /arks/web/carousel_picture.
func (s *Service) Carousel(ctx context.Context, siteID int64, useType int) (map[string][]Banner, error) {
	if err := s.CheckSite(ctx, siteID); err != nil {
		return nil, err
	}
	if useType < 0 || useType > 2 {
		return nil, api.Invalid("use_type", nil)
	}
	rows, err := s.store.Carousels(ctx, siteID, useType)
	if err != nil {
		return nil, err
	}
	out := make([]Banner, len(rows))
	for i, r := range rows {
		out[i] = Banner{ID: r.ID, URL: r.URL, LinkType: r.LinkType, LinkMethod: r.LinkMethod, LinkURL: r.LinkURL, Sort: r.Sort}
		if r.LinkType == LinkGame {
			out[i].GameLinkParameter = &GameLink{Currency: r.GameCurrency, GTID: r.GameGTID, GPID: r.GameGPID,
				GPGTName: r.GameGPGTName, Customized: boolInt(r.Customized)}
		}
	}
	return map[string][]Banner{"web_carousel_picture_list": out}, nil
}

// MarqueeItem is one announcement.
type MarqueeItem struct {
	ID                 int64  `json:"id"`
	Title              string `json:"title"`
	Content            string `json:"content"`
	DisplayBeforeLogin int    `json:"display_before_login"`
	DisplayAfterLogin  int    `json:"display_after_login"`
	Sort               int    `json:"sort"`
	CreatedAt          string `json:"created_at"`
}

// MarqueeQuery is the body of /arks/web/announcement/marquee.
type MarqueeQuery struct {
	SiteID    int64
	SortField string
	SortOrder string
	Member    bool // a logged-in member sees the after-login announcements
	Lang      string
}

// Marquee is /arks/web/announcement/marquee.
func (s *Service) Marquee(ctx context.Context, q MarqueeQuery) (map[string][]MarqueeItem, error) {
	info, err := s.site(ctx, q.SiteID)
	if err != nil {
		return nil, err
	}
	field, order := q.SortField, strings.ToLower(q.SortOrder)
	if field == "" {
		field = "sort"
	}
	if order == "" {
		order = "asc"
	}
	if _, ok := announcementOrder[[2]string{field, order}]; !ok {
		if order != "asc" && order != "desc" {
			return nil, api.Invalid("sort_order", nil)
		}
		return nil, api.Invalid("sort_field", nil)
	}
	rows, err := s.store.Announcements(ctx, q.SiteID, q.Member, field, order)
	if err != nil {
		return nil, err
	}
	out := make([]MarqueeItem, len(rows))
	for i, r := range rows {
		out[i] = MarqueeItem{ID: r.ID, Title: i18n.Pick(r.TitleI18n, q.Lang, info.DefaultLanguage),
			Content: i18n.Pick(r.ContentI18n, q.Lang, info.DefaultLanguage), DisplayBeforeLogin: boolInt(r.DisplayBeforeLogin),
			DisplayAfterLogin: boolInt(r.DisplayAfterLogin), Sort: r.Sort, CreatedAt: formatTime(r.CreatedAt)}
	}
	return map[string][]MarqueeItem{"web_announcement_list": out}, nil
}

// BulletinItem is one promotion bulletin.
type BulletinItem struct {
	ID             int64  `json:"id"`
	Title          string `json:"title"`
	DisplayDevice  int    `json:"display_device"`
	DisplayContent string `json:"display_content"`
	Content        string `json:"content"`
	Sort           int    `json:"sort"`
	UpdatedAt      string `json:"updated_at"`
}

// BulletinSetting is the site's pop-up behaviour.
type BulletinSetting struct {
	DisplayFrequency int `json:"display_frequency"`
}

// BulletinList is the /arks/web/bulletin answer.
type BulletinList struct {
	List    []BulletinItem   `json:"list"`
	Setting *BulletinSetting `json:"setting,omitempty"`
}

// Bulletins is /arks/web/bulletin (popup true: the pop-up list with the
// frequency setting) and /arks/web/bulletin/history (popup false).
func (s *Service) Bulletins(ctx context.Context, siteID int64, device int, popup bool, lang string) (BulletinList, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return BulletinList{}, err
	}
	if device != 1 && device != 2 {
		return BulletinList{}, api.Invalid("display_device", nil)
	}
	rows, err := s.store.Bulletins(ctx, siteID, device, popup)
	if err != nil {
		return BulletinList{}, err
	}
	out := BulletinList{List: make([]BulletinItem, len(rows))}
	for i, r := range rows {
		out.List[i] = BulletinItem{ID: r.ID, Title: i18n.Pick(r.TitleI18n, lang, info.DefaultLanguage), DisplayDevice: r.DisplayDevice,
			DisplayContent: i18n.Pick(r.DisplayContentI18n, lang, info.DefaultLanguage),
			Content:        i18n.Pick(r.ContentI18n, lang, info.DefaultLanguage), Sort: r.Sort, UpdatedAt: formatTime(r.UpdatedAt)}
	}
	if popup {
		out.Setting = &BulletinSetting{DisplayFrequency: info.BulletinDisplayFrequency}
	}
	return out, nil
}

// Jackpot is the jackpot figure of a currency.
type Jackpot struct {
	Currency           string       `json:"currency"`
	JackpotAmountTotal money.Amount `json:"jackpot_amount_total"`
}

// Jackpot is /v2/get_jackpot. A currency the site offers without a pool
// answers zero; a currency it does not offer is invalid.
func (s *Service) Jackpot(ctx context.Context, siteID int64, currency string) (map[string]Jackpot, error) {
	info, err := s.site(ctx, siteID)
	if err != nil {
		return nil, err
	}
	cur, ok := info.currency(currency)
	if !ok {
		return nil, api.Invalid("currency", nil)
	}
	amount, _, err := s.store.Jackpot(ctx, siteID, cur.Code)
	if err != nil {
		return nil, err
	}
	return map[string]Jackpot{"jackpot": {Currency: cur.Code, JackpotAmountTotal: money.Amount{Minor: amount, Exp: cur.Exponent}}}, nil
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func formatTime(micros int64) string {
	return time.UnixMicro(micros).UTC().Format(time.RFC3339)
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
	info, err := s.site(ctx, siteID)
	if err != nil {
		return api.DefaultLang
	}
	return info.DefaultLanguage
}

// passwordRule names the site's password rule for the client: "default"
// (spec section 5) or "strong" (8-64 characters, not a common password).
func passwordRule(strong bool) string {
	if strong {
		return "strong"
	}
	return "default"
}
