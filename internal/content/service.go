// Package content serves a site's lobby content: logos, footers, side
// float, template and model settings, the register background, banners,
// marquee, promotion bulletins, the jackpot figure and the operator's pages
// (promotions, FAQ, content pages, the app page). The site (tenant)
// package owns the site itself; content asks it through Sites.
package content

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/i18n"
	"gamehall/internal/money"
	"gamehall/internal/sanitize"
)

// Sites is what content needs of the tenant (site.Service).
type Sites interface {
	// DefaultLanguageOf is the site's default language; it answers
	// site_not_found for an unknown site.
	DefaultLanguageOf(ctx context.Context, siteID int64) (string, error)
	BulletinDisplayFrequency(ctx context.Context, siteID int64) (int, error)
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
	SiteLanguage(ctx context.Context, siteID int64, lang string) (bool, error)
}

// Pools are the live jackpot pools (the ledger's jackpot account).
type Pools interface {
	JackpotPool(ctx context.Context, currency string) (int64, error)
}

// Service holds the rules of lobby content.
type Service struct {
	store *Store
	sites Sites
	pools Pools
	now   func() time.Time
}

// NewService returns the service.
func NewService(store *Store, sites Sites, pools Pools) *Service {
	return &Service{store: store, sites: sites, pools: pools, now: time.Now}
}

// Logos is /web/logo.
func (s *Service) Logos(ctx context.Context, siteID int64) (map[string][]Logo, error) {
	if _, err := s.sites.DefaultLanguageOf(ctx, siteID); err != nil {
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
	defLang, err := s.sites.DefaultLanguageOf(ctx, siteID)
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
			groups = append(groups, FooterGroup{ID: r.GroupID, Title: i18n.Pick(r.GroupTitleI18n, lang, defLang),
				Sort: r.GroupSort, List: []FooterLink{}})
		}
		if r.LinkID.Valid {
			g := &groups[len(groups)-1]
			g.List = append(g.List, FooterLink{ID: r.LinkID.Int64, Title: i18n.Pick(r.LinkTitleI18n.String, lang, defLang),
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
	defLang, err := s.sites.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return List[NavItem]{}, err
	}
	rows, err := load()
	if err != nil {
		return List[NavItem]{}, err
	}
	out := make([]NavItem, len(rows))
	for i, r := range rows {
		out[i] = NavItem{ID: r.ID, Type: r.Type, Title: i18n.Pick(r.TitleI18n, lang, defLang), Icon: r.Icon, URL: r.URL, Sort: r.Sort}
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
	defLang, err := s.sites.DefaultLanguageOf(ctx, q.SiteID)
	if err != nil {
		return List[ModelItem]{}, err
	}
	if q.ModelVersion != 1 && q.ModelVersion != 2 {
		return List[ModelItem]{}, api.Invalid("model_version", nil)
	}
	lang := q.Language
	if lang == "" {
		lang = defLang
	}
	items, err := s.store.ModelItems(ctx, q.SiteID, kind, q.ModelVersion, lang, defLang)
	if err != nil {
		return List[ModelItem]{}, err
	}
	return List[ModelItem]{List: items}, nil
}

// TemplateConfig is /api/template_config: the config keyed by template name,
// answered with the spec's success code 1000. An unknown name answers an
// empty map, and the client falls back to H5_1.
func (s *Service) TemplateConfig(ctx context.Context, siteID int64, name string) (map[string]json.RawMessage, error) {
	if _, err := s.sites.DefaultLanguageOf(ctx, siteID); err != nil {
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
	if _, err := s.sites.DefaultLanguageOf(ctx, siteID); err != nil {
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
	if _, err := s.sites.DefaultLanguageOf(ctx, siteID); err != nil {
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
				GPGTName: r.GameGPGTName, Customized: api.Flag(r.Customized)}
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
	defLang, err := s.sites.DefaultLanguageOf(ctx, q.SiteID)
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
		out[i] = MarqueeItem{ID: r.ID, Title: i18n.Pick(r.TitleI18n, q.Lang, defLang),
			Content: i18n.Pick(r.ContentI18n, q.Lang, defLang), DisplayBeforeLogin: api.Flag(r.DisplayBeforeLogin),
			DisplayAfterLogin: api.Flag(r.DisplayAfterLogin), Sort: r.Sort, CreatedAt: api.FormatTime(r.CreatedAt)}
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
	defLang, err := s.sites.DefaultLanguageOf(ctx, siteID)
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
		// Stored HTML is sanitised when written; it is rebuilt again here so
		// a row written any other way (by hand, by an old release) cannot
		// reach a browser unsanitised.
		out.List[i] = BulletinItem{ID: r.ID, Title: i18n.Pick(r.TitleI18n, lang, defLang), DisplayDevice: r.DisplayDevice,
			DisplayContent: sanitize.HTML(i18n.Pick(r.DisplayContentI18n, lang, defLang)),
			Content:        sanitize.HTML(i18n.Pick(r.ContentI18n, lang, defLang)), Sort: r.Sort, UpdatedAt: api.FormatTime(r.UpdatedAt)}
	}
	if popup {
		freq, err := s.sites.BulletinDisplayFrequency(ctx, siteID)
		if err != nil {
			return BulletinList{}, err
		}
		out.Setting = &BulletinSetting{DisplayFrequency: freq}
	}
	return out, nil
}

// Jackpot is the jackpot figure of a currency.
type Jackpot struct {
	Currency           string       `json:"currency"`
	JackpotAmountTotal money.Amount `json:"jackpot_amount_total"`
}

// Jackpot is /v2/get_jackpot: the live progressive pool of the currency
// (zero before any slot bet fed it); a currency the site does not offer is
// invalid.
func (s *Service) Jackpot(ctx context.Context, siteID int64, currency string) (map[string]Jackpot, error) {
	exp, ok, err := s.sites.CurrencyExponent(ctx, siteID, currency)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, api.Invalid("currency", nil)
	}
	amount, err := s.pools.JackpotPool(ctx, currency)
	if err != nil {
		return nil, err
	}
	return map[string]Jackpot{"jackpot": {Currency: currency, JackpotAmountTotal: money.Amount{Minor: amount, Exp: exp}}}, nil
}
