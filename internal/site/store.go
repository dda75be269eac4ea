package site

import (
	"context"
	"database/sql"
	"fmt"

	"gamehall/internal/db"
)

// Store reads site settings and content. Text columns ending in _i18n hold a
// JSON object keyed by language; the service picks the language.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Site is one operator site's settings.
type Site struct {
	ID                       int64
	Name                     string
	DemoMode                 bool
	GameRoomMode             bool
	DefaultLanguage          string
	DefaultCurrency          string
	DesktopTemplate          string
	MobileTemplate           string
	CustomerServiceURL       string
	AppIOSURL                string
	AppAndroidURL            string
	LinkExpireMinutes        int
	BulletinDisplayFrequency int
	SEOTitleI18n             string
	SEOContentI18n           string
	// From the member rules: the client checks passwords and counts SMS
	// resends the way the server does.
	StrongPasswords  bool
	SMSVerifySeconds int
}

// Site loads the site; db.ErrNotFound when there is none.
func (s *Store) Site(ctx context.Context, id int64) (Site, error) {
	var st Site
	err := s.db.QueryRowContext(ctx, `SELECT s.id, name, demo_mode, game_room_mode, default_language, default_currency,
		desktop_template, mobile_template, customer_service_url, app_ios_url, app_android_url,
		link_expire_minutes, bulletin_display_frequency, seo_title_i18n, seo_content_i18n,
		COALESCE(m.strong_passwords, FALSE), COALESCE(m.sms_verify_seconds, 60)
		FROM sites s LEFT JOIN member_settings m ON m.site_id = s.id WHERE s.id = $1`, id).Scan(&st.ID, &st.Name, &st.DemoMode, &st.GameRoomMode, &st.DefaultLanguage,
		&st.DefaultCurrency, &st.DesktopTemplate, &st.MobileTemplate, &st.CustomerServiceURL, &st.AppIOSURL,
		&st.AppAndroidURL, &st.LinkExpireMinutes, &st.BulletinDisplayFrequency, &st.SEOTitleI18n, &st.SEOContentI18n,
		&st.StrongPasswords, &st.SMSVerifySeconds)
	if err != nil {
		return Site{}, fmt.Errorf("site %d: %w", id, db.MapError(err))
	}
	return st, nil
}

// Currency is a currency the site offers.
type Currency struct {
	Code     string `json:"code"`
	Symbol   string `json:"symbol"`
	Exponent int    `json:"exponent"`
}

// Currencies lists the site's currencies in display order.
func (s *Store) Currencies(ctx context.Context, siteID int64) ([]Currency, error) {
	return db.Query(ctx, s.db, `SELECT c.code, c.symbol, c.exponent FROM site_currencies sc
		JOIN currencies c ON c.code = sc.currency WHERE sc.site_id = $1 ORDER BY sc.sort, c.code`,
		func(r *sql.Rows, c *Currency) error { return r.Scan(&c.Code, &c.Symbol, &c.Exponent) }, siteID)
}

// AllCurrencies lists every known currency.
func (s *Store) AllCurrencies(ctx context.Context) ([]Currency, error) {
	return db.Query(ctx, s.db, `SELECT code, symbol, exponent FROM currencies ORDER BY code`,
		func(r *sql.Rows, c *Currency) error { return r.Scan(&c.Code, &c.Symbol, &c.Exponent) })
}

// Language is a language the site offers.
type Language struct {
	Code string `json:"code"`
	ID   int    `json:"id"`
	Name string `json:"name"`
	Flag string `json:"flag"`
}

// Languages lists the site's languages in display order.
func (s *Store) Languages(ctx context.Context, siteID int64) ([]Language, error) {
	return db.Query(ctx, s.db, `SELECT l.code, l.id, l.name, l.flag FROM site_languages sl
		JOIN languages l ON l.code = sl.language WHERE sl.site_id = $1 ORDER BY sl.sort, l.id`,
		func(r *sql.Rows, l *Language) error { return r.Scan(&l.Code, &l.ID, &l.Name, &l.Flag) }, siteID)
}

// AllLanguages lists every known language.
func (s *Store) AllLanguages(ctx context.Context) ([]Language, error) {
	return db.Query(ctx, s.db, `SELECT code, id, name, flag FROM languages ORDER BY id`,
		func(r *sql.Rows, l *Language) error { return r.Scan(&l.Code, &l.ID, &l.Name, &l.Flag) })
}

// Logo is one logo image.
type Logo struct {
	ID        int64  `json:"id"`
	Type      string `json:"type"`
	PhotoPath string `json:"photo_path"`
}

// Logos lists the site's logos.
func (s *Store) Logos(ctx context.Context, siteID int64) ([]Logo, error) {
	return db.Query(ctx, s.db, `SELECT id, type, photo_path FROM logos WHERE site_id = $1 ORDER BY id`,
		func(r *sql.Rows, l *Logo) error { return r.Scan(&l.ID, &l.Type, &l.PhotoPath) }, siteID)
}

// FooterLinkRow is one desktop footer link with its group.
type FooterLinkRow struct {
	GroupID        int64
	GroupTitleI18n string
	GroupSort      int
	LinkID         sql.NullInt64
	LinkTitleI18n  sql.NullString
	URL            sql.NullString
	LinkSort       sql.NullInt64
}

// FooterLinks lists groups and their links, ordered for display.
func (s *Store) FooterLinks(ctx context.Context, siteID int64) ([]FooterLinkRow, error) {
	return db.Query(ctx, s.db, `SELECT g.id, g.title_i18n, g.sort, l.id, l.title_i18n, l.url, l.sort
		FROM footer_groups g LEFT JOIN footer_links l ON l.group_id = g.id
		WHERE g.site_id = $1 ORDER BY g.sort, g.id, l.sort, l.id`,
		func(r *sql.Rows, f *FooterLinkRow) error {
			return r.Scan(&f.GroupID, &f.GroupTitleI18n, &f.GroupSort, &f.LinkID, &f.LinkTitleI18n, &f.URL, &f.LinkSort)
		}, siteID)
}

// NavRow is a mobile footer entry or a side float entry.
type NavRow struct {
	ID         int64
	Type       string
	TitleI18n  string
	Icon       string
	IconActive string
	URL        string
	Sort       int
}

// MobileFooter lists the mobile footer entries of template, or the site's
// default entries (template ”) when the template has none of its own.
func (s *Store) MobileFooter(ctx context.Context, siteID int64, template string) ([]NavRow, error) {
	return db.Query(ctx, s.db, `SELECT id, type, title_i18n, icon, icon_active, url, sort FROM mobile_footers
		WHERE site_id = $1 AND template = (
			SELECT COALESCE(MAX(template), '') FROM mobile_footers WHERE site_id = $1 AND template = $2)
		ORDER BY sort, id`,
		func(r *sql.Rows, n *NavRow) error {
			return r.Scan(&n.ID, &n.Type, &n.TitleI18n, &n.Icon, &n.IconActive, &n.URL, &n.Sort)
		}, siteID, template)
}

// Floats lists the side float entries.
func (s *Store) Floats(ctx context.Context, siteID int64) ([]NavRow, error) {
	return db.Query(ctx, s.db, `SELECT id, type, title_i18n, icon, icon, url, sort FROM floats
		WHERE site_id = $1 ORDER BY sort, id`,
		func(r *sql.Rows, n *NavRow) error {
			return r.Scan(&n.ID, &n.Type, &n.TitleI18n, &n.Icon, &n.IconActive, &n.URL, &n.Sort)
		}, siteID)
}

// ModelItem is an ad, sponsor or login-page block.
type ModelItem struct {
	ID      int64  `json:"id"`
	Title   string `json:"title"`
	Photo   string `json:"photo"`
	Content string `json:"content"`
	URL     string `json:"url"`
	Sort    int    `json:"sort"`
}

// ModelItems lists the blocks of kind for the version in lang, falling back
// to fallbackLang when lang has none.
func (s *Store) ModelItems(ctx context.Context, siteID int64, kind string, version int, lang, fallbackLang string) ([]ModelItem, error) {
	return db.Query(ctx, s.db, `SELECT id, title, photo, content, url, sort FROM model_items
		WHERE site_id = $1 AND kind = $2 AND model_version = $3 AND language = (
			CASE WHEN EXISTS (SELECT 1 FROM model_items WHERE site_id = $1 AND kind = $2 AND model_version = $3 AND language = $4)
			THEN $4 ELSE $5 END)
		ORDER BY sort, id`,
		func(r *sql.Rows, m *ModelItem) error {
			return r.Scan(&m.ID, &m.Title, &m.Photo, &m.Content, &m.URL, &m.Sort)
		}, siteID, kind, version, lang, fallbackLang)
}

// TemplateConfig is the stored JSON config of a mobile template; ok false
// when the site has none under that name.
func (s *Store) TemplateConfig(ctx context.Context, siteID int64, name string) (string, bool, error) {
	var cfg string
	err := s.db.QueryRowContext(ctx, `SELECT config FROM template_configs WHERE site_id = $1 AND name = $2`,
		siteID, name).Scan(&cfg)
	if err == sql.ErrNoRows {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("template config: %w", db.MapError(err))
	}
	return cfg, true, nil
}

// RegisterBackground is the template's background, else the site default
// (template ”), else "".
func (s *Store) RegisterBackground(ctx context.Context, siteID int64, template string) (string, error) {
	rows, err := db.Query(ctx, s.db, `SELECT photo FROM register_backgrounds WHERE site_id = $1 AND template IN ($2, '')
		ORDER BY CASE WHEN template = $2 THEN 0 ELSE 1 END`,
		func(r *sql.Rows, p *string) error { return r.Scan(p) }, siteID, template)
	if err != nil || len(rows) == 0 {
		return "", err
	}
	return rows[0], nil
}

// Carousel is one banner row.
type Carousel struct {
	ID           int64
	URL          string
	LinkType     int
	LinkMethod   int
	LinkURL      string
	GameCurrency string
	GameGTID     int64
	GameGPID     int64
	GameGPGTName string
	Customized   bool
	Sort         int
}

// Carousels lists the published banners of one use type.
func (s *Store) Carousels(ctx context.Context, siteID int64, useType int) ([]Carousel, error) {
	return db.Query(ctx, s.db, `SELECT id, url, link_type, link_method, link_url, game_currency, game_gt_id, game_gp_id,
		game_gp_gt_name, game_customized, sort FROM carousels
		WHERE site_id = $1 AND use_type = $2 AND published = TRUE ORDER BY sort, id`,
		func(r *sql.Rows, c *Carousel) error {
			return r.Scan(&c.ID, &c.URL, &c.LinkType, &c.LinkMethod, &c.LinkURL, &c.GameCurrency, &c.GameGTID,
				&c.GameGPID, &c.GameGPGTName, &c.Customized, &c.Sort)
		}, siteID, useType)
}

// Announcement is one marquee row.
type Announcement struct {
	ID                 int64
	TitleI18n          string
	ContentI18n        string
	DisplayBeforeLogin bool
	DisplayAfterLogin  bool
	Sort               int
	CreatedAt          int64
}

// announcementOrder maps the client's sort field and order to SQL; only these
// texts ever reach the query.
var announcementOrder = map[[2]string]string{
	{"sort", "asc"}:        "sort ASC, id ASC",
	{"sort", "desc"}:       "sort DESC, id DESC",
	{"id", "asc"}:          "id ASC",
	{"id", "desc"}:         "id DESC",
	{"created_at", "asc"}:  "created_at ASC, id ASC",
	{"created_at", "desc"}: "created_at DESC, id DESC",
}

// Announcements lists published announcements for visitors (member false) or
// members, in the given order (validated by the service).
func (s *Store) Announcements(ctx context.Context, siteID int64, member bool, field, order string) ([]Announcement, error) {
	orderBy, ok := announcementOrder[[2]string{field, order}]
	if !ok {
		return nil, fmt.Errorf("announcement order %s %s: %w", field, order, db.ErrNotFound)
	}
	audience := "display_before_login = TRUE"
	if member {
		audience = "display_after_login = TRUE"
	}
	return db.Query(ctx, s.db, `SELECT id, title_i18n, content_i18n, display_before_login, display_after_login, sort, created_at
		FROM announcements WHERE site_id = $1 AND published = TRUE AND `+audience+` ORDER BY `+orderBy,
		func(r *sql.Rows, a *Announcement) error {
			return r.Scan(&a.ID, &a.TitleI18n, &a.ContentI18n, &a.DisplayBeforeLogin, &a.DisplayAfterLogin, &a.Sort, &a.CreatedAt)
		}, siteID)
}

// Bulletin is one promotion bulletin row.
type Bulletin struct {
	ID                 int64
	TitleI18n          string
	DisplayDevice      int
	DisplayContentI18n string
	ContentI18n        string
	Sort               int
	UpdatedAt          int64
}

// Bulletins lists published bulletins shown on device (1 desktop, 2 mobile;
// rows for both devices included). popupOnly keeps the pop-up ones; the
// history lists every one, newest first.
func (s *Store) Bulletins(ctx context.Context, siteID int64, device int, popupOnly bool) ([]Bulletin, error) {
	q := `SELECT id, title_i18n, display_device, display_content_i18n, content_i18n, sort, updated_at
		FROM bulletins WHERE site_id = $1 AND published = TRUE AND display_device IN (0, $2)`
	if popupOnly {
		q += ` AND popup = TRUE ORDER BY sort, id`
	} else {
		q += ` ORDER BY updated_at DESC, id DESC`
	}
	return db.Query(ctx, s.db, q, func(r *sql.Rows, b *Bulletin) error {
		return r.Scan(&b.ID, &b.TitleI18n, &b.DisplayDevice, &b.DisplayContentI18n, &b.ContentI18n, &b.Sort, &b.UpdatedAt)
	}, siteID, device)
}

// Jackpot is the displayed jackpot of the currency in minor units; ok false
// when the site has none for it.
func (s *Store) Jackpot(ctx context.Context, siteID int64, currency string) (int64, bool, error) {
	var amount int64
	err := s.db.QueryRowContext(ctx, `SELECT amount FROM jackpots WHERE site_id = $1 AND currency = $2`,
		siteID, currency).Scan(&amount)
	if err == sql.ErrNoRows {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("jackpot: %w", db.MapError(err))
	}
	return amount, true, nil
}

// Redirect is a server-defined route redirect.
type Redirect struct {
	Path   string
	Target string
}

// Redirects lists the site's route redirects.
func (s *Store) Redirects(ctx context.Context, siteID int64) ([]Redirect, error) {
	return db.Query(ctx, s.db, `SELECT path, target FROM route_redirects WHERE site_id = $1 ORDER BY path`,
		func(r *sql.Rows, d *Redirect) error { return r.Scan(&d.Path, &d.Target) }, siteID)
}
