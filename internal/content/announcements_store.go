package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gamehall/internal/db"
)

// AnnouncementRow is one announcements row as the operator writes it.
type AnnouncementRow struct {
	Announcement
	SiteID    int64
	Published bool
}

const announcementCols = `id, site_id, title_i18n, content_i18n, display_before_login, display_after_login, sort, published, created_at`

func scanAnnouncement(r interface{ Scan(...any) error }, a *AnnouncementRow) error {
	return r.Scan(&a.ID, &a.SiteID, &a.TitleI18n, &a.ContentI18n, &a.DisplayBeforeLogin, &a.DisplayAfterLogin, &a.Sort,
		&a.Published, &a.CreatedAt)
}

// AllAnnouncements lists a site's announcements, unpublished ones included.
func (s *Store) AllAnnouncements(ctx context.Context, siteID int64) ([]AnnouncementRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+announcementCols+` FROM announcements WHERE site_id = $1 ORDER BY sort, id`,
		func(r *sql.Rows, a *AnnouncementRow) error { return scanAnnouncement(r, a) }, siteID)
}

// SaveAnnouncement inserts (ID 0) or replaces an announcement; a zero
// CreatedAt keeps the stored one. ok is false when the id is not one of the
// site's.
func (s *Store) SaveAnnouncement(ctx context.Context, a AnnouncementRow) (AnnouncementRow, bool, error) {
	q := s.db.Q(ctx)
	var row interface{ Scan(...any) error }
	if a.ID == 0 {
		row = q.QueryRowContext(ctx, `INSERT INTO announcements (site_id, title_i18n, content_i18n, display_before_login,
			display_after_login, sort, published, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+announcementCols,
			a.SiteID, a.TitleI18n, a.ContentI18n, a.DisplayBeforeLogin, a.DisplayAfterLogin, a.Sort, a.Published, a.CreatedAt)
	} else {
		row = q.QueryRowContext(ctx, `UPDATE announcements SET title_i18n = $3, content_i18n = $4, display_before_login = $5,
			display_after_login = $6, sort = $7, published = $8, created_at = COALESCE(NULLIF(CAST($9 AS BIGINT), 0), created_at)
			WHERE id = $1 AND site_id = $2 RETURNING `+announcementCols,
			a.ID, a.SiteID, a.TitleI18n, a.ContentI18n, a.DisplayBeforeLogin, a.DisplayAfterLogin, a.Sort, a.Published, a.CreatedAt)
	}
	err := scanAnnouncement(row, &a)
	if errors.Is(err, sql.ErrNoRows) {
		return AnnouncementRow{}, false, nil
	}
	if err != nil {
		return AnnouncementRow{}, false, fmt.Errorf("save announcement: %w", db.MapError(err))
	}
	return a, true, nil
}

// BulletinRow is one bulletins row as the operator writes it.
type BulletinRow struct {
	Bulletin
	SiteID    int64
	Popup     bool
	Published bool
}

const bulletinCols = `id, site_id, title_i18n, display_device, display_content_i18n, content_i18n, sort, popup, published, updated_at`

func scanBulletin(r interface{ Scan(...any) error }, b *BulletinRow) error {
	return r.Scan(&b.ID, &b.SiteID, &b.TitleI18n, &b.DisplayDevice, &b.DisplayContentI18n, &b.ContentI18n, &b.Sort, &b.Popup,
		&b.Published, &b.UpdatedAt)
}

// AllBulletins lists a site's promotion bulletins, unpublished ones included.
func (s *Store) AllBulletins(ctx context.Context, siteID int64) ([]BulletinRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+bulletinCols+` FROM bulletins WHERE site_id = $1 ORDER BY sort, id`,
		func(r *sql.Rows, b *BulletinRow) error { return scanBulletin(r, b) }, siteID)
}

// SaveBulletin inserts (ID 0) or replaces a promotion bulletin; ok is false
// when the id is not one of the site's.
func (s *Store) SaveBulletin(ctx context.Context, b BulletinRow) (BulletinRow, bool, error) {
	q := s.db.Q(ctx)
	var row interface{ Scan(...any) error }
	if b.ID == 0 {
		row = q.QueryRowContext(ctx, `INSERT INTO bulletins (site_id, title_i18n, display_device, display_content_i18n, content_i18n,
			sort, popup, published, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING `+bulletinCols,
			b.SiteID, b.TitleI18n, b.DisplayDevice, b.DisplayContentI18n, b.ContentI18n, b.Sort, b.Popup, b.Published, b.UpdatedAt)
	} else {
		row = q.QueryRowContext(ctx, `UPDATE bulletins SET title_i18n = $3, display_device = $4, display_content_i18n = $5,
			content_i18n = $6, sort = $7, popup = $8, published = $9, updated_at = $10 WHERE id = $1 AND site_id = $2
			RETURNING `+bulletinCols,
			b.ID, b.SiteID, b.TitleI18n, b.DisplayDevice, b.DisplayContentI18n, b.ContentI18n, b.Sort, b.Popup, b.Published, b.UpdatedAt)
	}
	err := scanBulletin(row, &b)
	if errors.Is(err, sql.ErrNoRows) {
		return BulletinRow{}, false, nil
	}
	if err != nil {
		return BulletinRow{}, false, fmt.Errorf("save bulletin: %w", db.MapError(err))
	}
	return b, true, nil
}

// DeleteAnnouncement removes an announcement; false when the site has none
// with that id.
func (s *Store) DeleteAnnouncement(ctx context.Context, siteID, id int64) (bool, error) {
	return s.deleteOne(ctx, `DELETE FROM announcements WHERE id = $1 AND site_id = $2`, id, siteID)
}

// DeleteBulletin removes a promotion bulletin; false when the site has none
// with that id.
func (s *Store) DeleteBulletin(ctx context.Context, siteID, id int64) (bool, error) {
	return s.deleteOne(ctx, `DELETE FROM bulletins WHERE id = $1 AND site_id = $2`, id, siteID)
}

// DeleteMemberBulletin removes a member bulletin (and, by cascade, who hid
// it); false when the site has none with that id.
func (s *Store) DeleteMemberBulletin(ctx context.Context, siteID, id int64) (bool, error) {
	return s.deleteOne(ctx, `DELETE FROM member_bulletins WHERE id = $1 AND site_id = $2`, id, siteID)
}

func (s *Store) deleteOne(ctx context.Context, q string, args ...any) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, q, args...)
	if err != nil {
		return false, fmt.Errorf("delete: %w", db.MapError(err))
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
