package site

import (
	"context"
	"database/sql"
	"fmt"

	"gamehall/internal/db"
)

// Store holds the SQL of sites, their currencies and languages and route
// redirects. Text columns ending in _i18n hold a JSON object keyed by
// language; the service picks the language.
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
	RealityCheckMinutes      int
	SEOTitleI18n             string
	SEOContentI18n           string
}

// Site loads the site; db.ErrNotFound when there is none.
func (s *Store) Site(ctx context.Context, id int64) (Site, error) {
	var st Site
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, name, demo_mode, game_room_mode, default_language, default_currency,
		desktop_template, mobile_template, customer_service_url, app_ios_url, app_android_url,
		link_expire_minutes, bulletin_display_frequency, reality_check_minutes, seo_title_i18n, seo_content_i18n
		FROM sites WHERE id = $1`, id).Scan(&st.ID, &st.Name, &st.DemoMode, &st.GameRoomMode, &st.DefaultLanguage,
		&st.DefaultCurrency, &st.DesktopTemplate, &st.MobileTemplate, &st.CustomerServiceURL, &st.AppIOSURL,
		&st.AppAndroidURL, &st.LinkExpireMinutes, &st.BulletinDisplayFrequency, &st.RealityCheckMinutes, &st.SEOTitleI18n, &st.SEOContentI18n)
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
	return db.Query(ctx, s.db.Q(ctx), `SELECT c.code, c.symbol, c.exponent FROM site_currencies sc
		JOIN currencies c ON c.code = sc.currency WHERE sc.site_id = $1 ORDER BY sc.sort, c.code`,
		func(r *sql.Rows, c *Currency) error { return r.Scan(&c.Code, &c.Symbol, &c.Exponent) }, siteID)
}

// AllCurrencies lists every known currency.
func (s *Store) AllCurrencies(ctx context.Context) ([]Currency, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT code, symbol, exponent FROM currencies ORDER BY code`,
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
	return db.Query(ctx, s.db.Q(ctx), `SELECT l.code, l.id, l.name, l.flag FROM site_languages sl
		JOIN languages l ON l.code = sl.language WHERE sl.site_id = $1 ORDER BY sl.sort, l.id`,
		func(r *sql.Rows, l *Language) error { return r.Scan(&l.Code, &l.ID, &l.Name, &l.Flag) }, siteID)
}

// AllLanguages lists every known language.
func (s *Store) AllLanguages(ctx context.Context) ([]Language, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT code, id, name, flag FROM languages ORDER BY id`,
		func(r *sql.Rows, l *Language) error { return r.Scan(&l.Code, &l.ID, &l.Name, &l.Flag) })
}

// Redirect is a server-defined route redirect.
type Redirect struct {
	Path   string
	Target string
}

// Redirects lists the site's route redirects.
func (s *Store) Redirects(ctx context.Context, siteID int64) ([]Redirect, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT path, target FROM route_redirects WHERE site_id = $1 ORDER BY path`,
		func(r *sql.Rows, d *Redirect) error { return r.Scan(&d.Path, &d.Target) }, siteID)
}

// UpdateSettings sets the fields of u that are not nil. Each column is
// COALESCE(new, old), so concurrent writers of different fields never undo
// each other.
func (s *Store) UpdateSettings(ctx context.Context, siteID int64, u SettingsUpdate, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sites SET demo_mode = COALESCE($2, demo_mode),
		game_room_mode = COALESCE($3, game_room_mode), customer_service_url = COALESCE($4, customer_service_url),
		app_ios_url = COALESCE($5, app_ios_url), app_android_url = COALESCE($6, app_android_url),
		link_expire_minutes = COALESCE($7, link_expire_minutes),
		bulletin_display_frequency = COALESCE($8, bulletin_display_frequency),
		reality_check_minutes = COALESCE($10, reality_check_minutes), updated_at = $9 WHERE id = $1`,
		siteID, db.Opt(u.DemoMode), db.Opt(u.GameRoomMode), db.Opt(u.CustomerServiceURL), db.Opt(u.AppIOSURL),
		db.Opt(u.AppAndroidURL), db.Opt(u.LinkExpireMinutes), db.Opt(u.BulletinDisplayFrequency), now,
		db.Opt(u.RealityCheckMinutes))
	if err != nil {
		return fmt.Errorf("update site %d: %w", siteID, db.MapError(err))
	}
	return nil
}
