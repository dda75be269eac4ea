package content

import (
	"context"
	"database/sql"
	"fmt"

	"gamehall/internal/db"
)

// MemberBulletin is one member_bulletins row.
type MemberBulletin struct {
	Bulletin
	SiteID          int64
	DisplayLocation int
	Published       bool
}

const memberBulletinCols = `b.id, b.site_id, b.display_location, b.title_i18n, b.display_device, b.display_content_i18n,
	b.content_i18n, b.sort, b.published, b.updated_at`

func scanMemberBulletin(r *sql.Rows, b *MemberBulletin) error {
	return r.Scan(&b.ID, &b.SiteID, &b.DisplayLocation, &b.TitleI18n, &b.DisplayDevice, &b.DisplayContentI18n, &b.ContentI18n,
		&b.Sort, &b.Published, &b.UpdatedAt)
}

// MemberBulletins lists the published member bulletins of a location shown
// on device; skipHidden leaves out those the member hid since their last
// update.
func (s *Store) MemberBulletins(ctx context.Context, siteID, memberID int64, device, location int, skipHidden bool) ([]MemberBulletin, error) {
	q := `SELECT ` + memberBulletinCols + ` FROM member_bulletins b WHERE b.site_id = $1 AND b.display_location = $2
		AND b.display_device IN (0, $3) AND b.published = TRUE`
	if skipHidden {
		q += ` AND NOT EXISTS (SELECT 1 FROM member_bulletin_hidden h WHERE h.member_id = $4 AND h.bulletin_id = b.id
			AND h.hidden_at >= b.updated_at)`
	} else {
		q += ` AND CAST($4 AS BIGINT) > 0`
	}
	return db.Query(ctx, s.db.Q(ctx), q+` ORDER BY b.sort, b.id`, scanMemberBulletin, siteID, location, device, memberID)
}

// HideMemberBulletins hides for the member every bulletin the same list
// shows now.
func (s *Store) HideMemberBulletins(ctx context.Context, siteID, memberID int64, device, location int, now int64) (int64, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO member_bulletin_hidden (member_id, bulletin_id, hidden_at)
		SELECT $1, b.id, $2 FROM member_bulletins b WHERE b.site_id = $3 AND b.display_location = $4
		AND b.display_device IN (0, $5) AND b.published = TRUE
		ON CONFLICT (member_id, bulletin_id) DO UPDATE SET hidden_at = excluded.hidden_at`, memberID, now, siteID, location, device)
	if err != nil {
		return 0, fmt.Errorf("hide member bulletins: %w", db.MapError(err))
	}
	return res.RowsAffected()
}

// AllMemberBulletins lists a site's member bulletins for the operator.
func (s *Store) AllMemberBulletins(ctx context.Context, siteID int64) ([]MemberBulletin, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+memberBulletinCols+` FROM member_bulletins b WHERE b.site_id = $1
		ORDER BY b.display_location, b.sort, b.id`, scanMemberBulletin, siteID)
}

// SaveMemberBulletin inserts (ID 0) or updates a member bulletin; false
// when the id is not one of the site's.
func (s *Store) SaveMemberBulletin(ctx context.Context, b MemberBulletin) (int64, bool, error) {
	if b.ID == 0 {
		err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO member_bulletins (site_id, display_location, display_device, title_i18n,
			display_content_i18n, content_i18n, sort, published, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
			b.SiteID, b.DisplayLocation, b.DisplayDevice, b.TitleI18n, b.DisplayContentI18n, b.ContentI18n, b.Sort, b.Published,
			b.UpdatedAt).Scan(&b.ID)
		if err != nil {
			return 0, false, fmt.Errorf("insert member bulletin: %w", db.MapError(err))
		}
		return b.ID, true, nil
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE member_bulletins SET display_location = $3, display_device = $4, title_i18n = $5,
		display_content_i18n = $6, content_i18n = $7, sort = $8, published = $9, updated_at = $10 WHERE id = $1 AND site_id = $2`,
		b.ID, b.SiteID, b.DisplayLocation, b.DisplayDevice, b.TitleI18n, b.DisplayContentI18n, b.ContentI18n, b.Sort, b.Published, b.UpdatedAt)
	if err != nil {
		return 0, false, fmt.Errorf("update member bulletin: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return b.ID, n == 1, nil
}
