package content

import (
	"context"
	"database/sql"
	"fmt"

	"gamehall/internal/db"
)

// PageRow is one stored operator page.
type PageRow struct {
	ID          int64
	SiteID      int64
	Kind        string
	TitleI18n   string
	SummaryI18n string
	BodyI18n    string
	Image       string
	StartsAt    int64
	EndsAt      int64
	Active      bool
	Sort        int
	CreatedAt   int64
	UpdatedAt   int64
}

const pageColumns = `id, site_id, kind, title_i18n, summary_i18n, body_i18n, image, starts_at, ends_at, active, sort, created_at, updated_at`

func scanPage(r interface{ Scan(...any) error }, p *PageRow) error {
	return r.Scan(&p.ID, &p.SiteID, &p.Kind, &p.TitleI18n, &p.SummaryI18n, &p.BodyI18n, &p.Image, &p.StartsAt, &p.EndsAt,
		&p.Active, &p.Sort, &p.CreatedAt, &p.UpdatedAt)
}

// LivePages lists the pages of kind a visitor may see at now: active, and
// for promotions inside their dates.
func (s *Store) LivePages(ctx context.Context, siteID int64, kind string, now int64) ([]PageRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+pageColumns+` FROM content_pages
		WHERE site_id = $1 AND kind = $2 AND active = TRUE AND starts_at <= $3 AND (ends_at = 0 OR ends_at > $3)
		ORDER BY sort, id`,
		func(r *sql.Rows, p *PageRow) error { return scanPage(r, p) }, siteID, kind, now)
}

// LivePage is one page a visitor may see at now; ok false when there is none.
func (s *Store) LivePage(ctx context.Context, siteID int64, kind string, id, now int64) (PageRow, bool, error) {
	var p PageRow
	err := scanPage(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+pageColumns+` FROM content_pages
		WHERE id = $1 AND site_id = $2 AND kind = $3 AND active = TRUE AND starts_at <= $4 AND (ends_at = 0 OR ends_at > $4)`,
		id, siteID, kind, now), &p)
	if err == sql.ErrNoRows {
		return PageRow{}, false, nil
	}
	if err != nil {
		return PageRow{}, false, fmt.Errorf("page: %w", db.MapError(err))
	}
	return p, true, nil
}

// HasPage reports whether the site has a page of kind with id, shown now
// or not.
func (s *Store) HasPage(ctx context.Context, siteID int64, kind string, id int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM content_pages WHERE id = $1 AND site_id = $2 AND kind = $3`,
		id, siteID, kind).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("page: %w", db.MapError(err))
	}
	return n > 0, nil
}

// AllPages lists every page of kind, hidden ones included (the operator's view).
func (s *Store) AllPages(ctx context.Context, siteID int64, kind string) ([]PageRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+pageColumns+` FROM content_pages WHERE site_id = $1 AND kind = $2 ORDER BY sort, id`,
		func(r *sql.Rows, p *PageRow) error { return scanPage(r, p) }, siteID, kind)
}

// InsertPage stores p and returns it with its id.
func (s *Store) InsertPage(ctx context.Context, p PageRow) (PageRow, error) {
	err := scanPage(s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO content_pages (site_id, kind, title_i18n, summary_i18n, body_i18n,
		image, starts_at, ends_at, active, sort, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
		RETURNING `+pageColumns, p.SiteID, p.Kind, p.TitleI18n, p.SummaryI18n, p.BodyI18n, p.Image, p.StartsAt, p.EndsAt,
		p.Active, p.Sort, p.UpdatedAt), &p)
	if err != nil {
		return PageRow{}, fmt.Errorf("insert page: %w", db.MapError(err))
	}
	return p, nil
}

// UpdatePage replaces the page's fields; ok false when the site has no such
// page of that kind.
func (s *Store) UpdatePage(ctx context.Context, p PageRow) (PageRow, bool, error) {
	err := scanPage(s.db.Q(ctx).QueryRowContext(ctx, `UPDATE content_pages SET title_i18n = $4, summary_i18n = $5, body_i18n = $6,
		image = $7, starts_at = $8, ends_at = $9, active = $10, sort = $11, updated_at = $12
		WHERE id = $1 AND site_id = $2 AND kind = $3 RETURNING `+pageColumns,
		p.ID, p.SiteID, p.Kind, p.TitleI18n, p.SummaryI18n, p.BodyI18n, p.Image, p.StartsAt, p.EndsAt, p.Active, p.Sort, p.UpdatedAt), &p)
	if err == sql.ErrNoRows {
		return PageRow{}, false, nil
	}
	if err != nil {
		return PageRow{}, false, fmt.Errorf("update page: %w", db.MapError(err))
	}
	return p, true, nil
}

// DeletePage removes a page; ok false when there was none.
func (s *Store) DeletePage(ctx context.Context, siteID int64, kind string, id int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM content_pages WHERE id = $1 AND site_id = $2 AND kind = $3`, id, siteID, kind)
	if err != nil {
		return false, fmt.Errorf("delete page: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
