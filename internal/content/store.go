package content

import (
	"context"
	"database/sql"
	"fmt"

	"gamehall/internal/db"
)

// Store reads lobby content. Text columns ending in _i18n hold a JSON
// object keyed by language; the service picks the language.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Logo is one logo image.
type Logo struct {
	ID        int64  `json:"id"`
	Type      string `json:"type"`
	PhotoPath string `json:"photo_path"`
}

// Logos lists the site's logos.
func (s *Store) Logos(ctx context.Context, siteID int64) ([]Logo, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, type, photo_path FROM logos WHERE site_id = $1 ORDER BY id`,
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
	return db.Query(ctx, s.db.Q(ctx), `SELECT g.id, g.title_i18n, g.sort, l.id, l.title_i18n, l.url, l.sort
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
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, type, title_i18n, icon, icon_active, url, sort FROM mobile_footers
		WHERE site_id = $1 AND template = (
			SELECT COALESCE(MAX(template), '') FROM mobile_footers WHERE site_id = $1 AND template = $2)
		ORDER BY sort, id`,
		func(r *sql.Rows, n *NavRow) error {
			return r.Scan(&n.ID, &n.Type, &n.TitleI18n, &n.Icon, &n.IconActive, &n.URL, &n.Sort)
		}, siteID, template)
}

// OwnMobileFooter lists the entries stored under template itself (no fallback).
func (s *Store) OwnMobileFooter(ctx context.Context, siteID int64, template string) ([]NavRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, type, title_i18n, icon, icon_active, url, sort FROM mobile_footers
		WHERE site_id = $1 AND template = $2 ORDER BY sort, id`,
		func(r *sql.Rows, n *NavRow) error {
			return r.Scan(&n.ID, &n.Type, &n.TitleI18n, &n.Icon, &n.IconActive, &n.URL, &n.Sort)
		}, siteID, template)
}

// Floats lists the side float entries.
func (s *Store) Floats(ctx context.Context, siteID int64) ([]NavRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, type, title_i18n, icon, icon, url, sort FROM floats
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
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, title, photo, content, url, sort FROM model_items
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
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT config FROM template_configs WHERE site_id = $1 AND name = $2`,
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
	rows, err := db.Query(ctx, s.db.Q(ctx), `SELECT photo FROM register_backgrounds WHERE site_id = $1 AND template IN ($2, '')
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
	Published    bool
}

// Carousels lists the published banners of one use type.
func (s *Store) Carousels(ctx context.Context, siteID int64, useType int) ([]Carousel, error) {
	return s.carousels(ctx, siteID, useType, `AND published = TRUE`)
}

// AllCarousels lists every banner of one use type, unpublished ones included.
func (s *Store) AllCarousels(ctx context.Context, siteID int64, useType int) ([]Carousel, error) {
	return s.carousels(ctx, siteID, useType, ``)
}

func (s *Store) carousels(ctx context.Context, siteID int64, useType int, filter string) ([]Carousel, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, url, link_type, link_method, link_url, game_currency, game_gt_id, game_gp_id,
		game_gp_gt_name, game_customized, sort, published FROM carousels
		WHERE site_id = $1 AND use_type = $2 `+filter+` ORDER BY sort, id`,
		func(r *sql.Rows, c *Carousel) error {
			return r.Scan(&c.ID, &c.URL, &c.LinkType, &c.LinkMethod, &c.LinkURL, &c.GameCurrency, &c.GameGTID,
				&c.GameGPID, &c.GameGPGTName, &c.Customized, &c.Sort, &c.Published)
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
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, title_i18n, content_i18n, display_before_login, display_after_login, sort, created_at
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
	return db.Query(ctx, s.db.Q(ctx), q, func(r *sql.Rows, b *Bulletin) error {
		return r.Scan(&b.ID, &b.TitleI18n, &b.DisplayDevice, &b.DisplayContentI18n, &b.ContentI18n, &b.Sort, &b.UpdatedAt)
	}, siteID, device)
}

// FooterGroupRow is a footer group to store with its links.
type FooterGroupRow struct {
	TitleI18n string
	Sort      int
	Links     []FooterLinkRow
}

// ReplaceFooter replaces the site's footer groups and links.
func (s *Store) ReplaceFooter(ctx context.Context, siteID int64, groups []FooterGroupRow) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `DELETE FROM footer_groups WHERE site_id = $1`, siteID); err != nil {
			return fmt.Errorf("footer: %w", db.MapError(err))
		}
		for _, g := range groups {
			var id int64
			if err := q.QueryRowContext(ctx, `INSERT INTO footer_groups (site_id, title_i18n, sort) VALUES ($1, $2, $3) RETURNING id`,
				siteID, g.TitleI18n, g.Sort).Scan(&id); err != nil {
				return fmt.Errorf("footer group: %w", db.MapError(err))
			}
			for _, l := range g.Links {
				if _, err := q.ExecContext(ctx, `INSERT INTO footer_links (group_id, title_i18n, url, sort) VALUES ($1, $2, $3, $4)`,
					id, l.LinkTitleI18n.String, l.URL.String, l.LinkSort.Int64); err != nil {
					return fmt.Errorf("footer link: %w", db.MapError(err))
				}
			}
		}
		return nil
	})
}

// ReplaceMobileFooter replaces the mobile footer entries of template.
func (s *Store) ReplaceMobileFooter(ctx context.Context, siteID int64, template string, rows []NavRow) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `DELETE FROM mobile_footers WHERE site_id = $1 AND template = $2`, siteID, template); err != nil {
			return fmt.Errorf("mobile footer: %w", db.MapError(err))
		}
		for _, r := range rows {
			if _, err := q.ExecContext(ctx, `INSERT INTO mobile_footers (site_id, template, type, title_i18n, icon, icon_active, url, sort)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, siteID, template, r.Type, r.TitleI18n, r.Icon, r.IconActive, r.URL, r.Sort); err != nil {
				return fmt.Errorf("mobile footer entry: %w", db.MapError(err))
			}
		}
		return nil
	})
}

// ReplaceFloats replaces the side float entries.
func (s *Store) ReplaceFloats(ctx context.Context, siteID int64, rows []NavRow) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `DELETE FROM floats WHERE site_id = $1`, siteID); err != nil {
			return fmt.Errorf("floats: %w", db.MapError(err))
		}
		for _, r := range rows {
			if _, err := q.ExecContext(ctx, `INSERT INTO floats (site_id, type, title_i18n, icon, url, sort) VALUES ($1, $2, $3, $4, $5, $6)`,
				siteID, r.Type, r.TitleI18n, r.Icon, r.URL, r.Sort); err != nil {
				return fmt.Errorf("float entry: %w", db.MapError(err))
			}
		}
		return nil
	})
}

// ReplaceCarousels replaces the banners of one use type.
func (s *Store) ReplaceCarousels(ctx context.Context, siteID int64, useType int, rows []Carousel, published []bool) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		q := s.db.Q(ctx)
		if _, err := q.ExecContext(ctx, `DELETE FROM carousels WHERE site_id = $1 AND use_type = $2`, siteID, useType); err != nil {
			return fmt.Errorf("banners: %w", db.MapError(err))
		}
		for i, c := range rows {
			if _, err := q.ExecContext(ctx, `INSERT INTO carousels (site_id, use_type, url, link_type, link_method, link_url, game_currency,
				game_gt_id, game_gp_id, game_gp_gt_name, game_customized, sort, published)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`, siteID, useType, c.URL, c.LinkType, c.LinkMethod,
				c.LinkURL, c.GameCurrency, c.GameGTID, c.GameGPID, c.GameGPGTName, c.Customized, c.Sort, published[i]); err != nil {
				return fmt.Errorf("banner: %w", db.MapError(err))
			}
		}
		return nil
	})
}
