package admin

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"gamehall/internal/db"
)

// Store holds the SQL of the operator API. Writes take a querier so that the
// change and its audit row share one transaction.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// querier is a *sql.Tx or the pool.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// tx runs fn in one transaction.
func (s *Store) tx(ctx context.Context, fn func(q querier) error) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error { return fn(tx) })
}

// SiteExists reports whether the site is known.
func (s *Store) SiteExists(ctx context.Context, id int64) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sites WHERE id = $1`, id).Scan(&n); err != nil {
		return false, fmt.Errorf("site %d: %w", id, db.MapError(err))
	}
	return n > 0, nil
}

// SiteCurrencies lists the currency codes the site offers, in display order.
func (s *Store) SiteCurrencies(ctx context.Context, siteID int64) ([]string, error) {
	return db.Query(ctx, s.db, `SELECT currency FROM site_currencies WHERE site_id = $1 ORDER BY sort, currency`,
		func(r *sql.Rows, c *string) error { return r.Scan(c) }, siteID)
}

// SiteLanguages lists the language codes the site offers.
func (s *Store) SiteLanguages(ctx context.Context, siteID int64) ([]string, error) {
	return db.Query(ctx, s.db, `SELECT language FROM site_languages WHERE site_id = $1 ORDER BY sort, language`,
		func(r *sql.Rows, c *string) error { return r.Scan(c) }, siteID)
}

// Settings loads the operator-owned settings of a site: its sites row and its
// member rules (the defaults of the migration when it has no member_settings
// row). db.ErrNotFound for an unknown site.
func (s *Store) Settings(ctx context.Context, siteID int64) (Settings, error) {
	var st Settings
	var blocked string
	err := s.db.QueryRowContext(ctx, `SELECT s.demo_mode, s.game_room_mode, s.customer_service_url, s.app_ios_url,
		s.app_android_url, s.link_expire_minutes, s.bulletin_display_frequency,
		COALESCE(m.strong_passwords, FALSE), COALESCE(m.sms_verify_seconds, 60), COALESCE(m.sms_credits, 1000),
		COALESCE(m.recommend_enabled, TRUE), COALESCE(m.register_per_ip_limit, 5), COALESCE(m.session_idle_minutes, 120),
		COALESCE(m.double_validation, TRUE), COALESCE(m.questions_count, 3), COALESCE(m.blocked_countries, '')
		FROM sites s LEFT JOIN member_settings m ON m.site_id = s.id WHERE s.id = $1`, siteID).Scan(
		&st.DemoMode, &st.GameRoomMode, &st.CustomerServiceURL, &st.AppIOSURL, &st.AppAndroidURL, &st.LinkExpireMinutes,
		&st.BulletinDisplayFrequency, &st.StrongPasswords, &st.SMSVerifySeconds, &st.SMSCredits, &st.RecommendEnabled,
		&st.RegisterPerIPLimit, &st.SessionIdleMinutes, &st.DoubleValidation, &st.QuestionsCount, &blocked)
	if err != nil {
		return Settings{}, fmt.Errorf("site settings %d: %w", siteID, db.MapError(err))
	}
	st.BlockedCountries = splitList(blocked)
	return st, nil
}

// opt is a pointer's value for a query argument, or NULL when it is nil
// (the COALESCE in the UPDATE then keeps the column).
func opt[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// UpdateSettings sets the fields of u that are not nil, in q. Each column is
// COALESCE(new, old), so concurrent writers of different fields never undo
// each other.
func (s *Store) UpdateSettings(ctx context.Context, q querier, siteID int64, u SettingsUpdate, now int64) error {
	var blocked any
	if u.BlockedCountries != nil {
		blocked = strings.Join(*u.BlockedCountries, ",")
	}
	_, err := q.ExecContext(ctx, `UPDATE sites SET demo_mode = COALESCE($2, demo_mode),
		game_room_mode = COALESCE($3, game_room_mode), customer_service_url = COALESCE($4, customer_service_url),
		app_ios_url = COALESCE($5, app_ios_url), app_android_url = COALESCE($6, app_android_url),
		link_expire_minutes = COALESCE($7, link_expire_minutes),
		bulletin_display_frequency = COALESCE($8, bulletin_display_frequency), updated_at = $9 WHERE id = $1`,
		siteID, opt(u.DemoMode), opt(u.GameRoomMode), opt(u.CustomerServiceURL), opt(u.AppIOSURL), opt(u.AppAndroidURL),
		opt(u.LinkExpireMinutes), opt(u.BulletinDisplayFrequency), now)
	if err != nil {
		return fmt.Errorf("update site %d: %w", siteID, db.MapError(err))
	}
	if !u.touchesMemberSettings() {
		return nil
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO member_settings (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING`, siteID); err != nil {
		return fmt.Errorf("member settings %d: %w", siteID, db.MapError(err))
	}
	_, err = q.ExecContext(ctx, `UPDATE member_settings SET strong_passwords = COALESCE($2, strong_passwords),
		sms_verify_seconds = COALESCE($3, sms_verify_seconds), sms_credits = COALESCE($4, sms_credits),
		recommend_enabled = COALESCE($5, recommend_enabled), register_per_ip_limit = COALESCE($6, register_per_ip_limit),
		session_idle_minutes = COALESCE($7, session_idle_minutes), double_validation = COALESCE($8, double_validation),
		questions_count = COALESCE($9, questions_count), blocked_countries = COALESCE($10, blocked_countries)
		WHERE site_id = $1`,
		siteID, opt(u.StrongPasswords), opt(u.SMSVerifySeconds), opt(u.SMSCredits), opt(u.RecommendEnabled),
		opt(u.RegisterPerIPLimit), opt(u.SessionIdleMinutes), opt(u.DoubleValidation), opt(u.QuestionsCount), blocked)
	if err != nil {
		return fmt.Errorf("member settings %d: %w", siteID, db.MapError(err))
	}
	return nil
}

// RegisterSettings lists the site's register settings (one currency, or all
// when currency is empty) in display order.
func (s *Store) RegisterSettings(ctx context.Context, siteID int64, currency string) ([]RegisterItem, error) {
	return db.Query(ctx, s.db, `SELECT name, currency, is_display, is_required, is_unique, is_member_center, is_verification,
		is_member_center_verification FROM register_settings WHERE site_id = $1 AND ($2 = '' OR currency = $2)
		ORDER BY currency, sort, name`, scanRegisterItem, siteID, currency)
}

func scanRegisterItem(r *sql.Rows, x *RegisterItem) error {
	var d, req, u, mc, v, mcv bool
	if err := r.Scan(&x.Name, &x.Currency, &d, &req, &u, &mc, &v, &mcv); err != nil {
		return err
	}
	x.IsDisplay, x.IsRequired, x.IsUnique, x.IsMemberCenter, x.IsVerification, x.IsMemberCenterVerification =
		b2i(d), b2i(req), b2i(u), b2i(mc), b2i(v), b2i(mcv)
	return nil
}

// ReplaceRegisterSettings makes items the currency's whole list, in order.
func (s *Store) ReplaceRegisterSettings(ctx context.Context, q querier, siteID int64, currency string, items []RegisterItem) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM register_settings WHERE site_id = $1 AND currency = $2`, siteID, currency); err != nil {
		return fmt.Errorf("register settings: %w", db.MapError(err))
	}
	for i, it := range items {
		_, err := q.ExecContext(ctx, `INSERT INTO register_settings (site_id, currency, name, is_display, is_required, is_unique,
			is_member_center, is_verification, is_member_center_verification, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			siteID, currency, it.Name, it.IsDisplay == 1, it.IsRequired == 1, it.IsUnique == 1, it.IsMemberCenter == 1,
			it.IsVerification == 1, it.IsMemberCenterVerification == 1, i)
		if err != nil {
			return fmt.Errorf("register setting %s: %w", it.Name, db.MapError(err))
		}
	}
	return nil
}

// RegisterItem loads one register setting; db.ErrNotFound when absent.
func (s *Store) RegisterItem(ctx context.Context, q querier, siteID int64, currency, name string) (RegisterItem, error) {
	var x RegisterItem
	var d, req, u, mc, v, mcv bool
	err := q.QueryRowContext(ctx, `SELECT name, currency, is_display, is_required, is_unique, is_member_center, is_verification,
		is_member_center_verification FROM register_settings WHERE site_id = $1 AND currency = $2 AND name = $3`,
		siteID, currency, name).Scan(&x.Name, &x.Currency, &d, &req, &u, &mc, &v, &mcv)
	if err != nil {
		return RegisterItem{}, fmt.Errorf("register setting %s: %w", name, db.MapError(err))
	}
	x.IsDisplay, x.IsRequired, x.IsUnique, x.IsMemberCenter, x.IsVerification, x.IsMemberCenterVerification =
		b2i(d), b2i(req), b2i(u), b2i(mc), b2i(v), b2i(mcv)
	return x, nil
}

// UpsertRegisterItem writes one register setting; a new one goes last.
func (s *Store) UpsertRegisterItem(ctx context.Context, q querier, siteID int64, it RegisterItem) error {
	_, err := q.ExecContext(ctx, `INSERT INTO register_settings (site_id, currency, name, is_display, is_required, is_unique,
		is_member_center, is_verification, is_member_center_verification, sort)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
			(SELECT COALESCE(MAX(sort), -1) + 1 FROM register_settings WHERE site_id = $1 AND currency = $2))
		ON CONFLICT (site_id, currency, name) DO UPDATE SET is_display = $4, is_required = $5, is_unique = $6,
			is_member_center = $7, is_verification = $8, is_member_center_verification = $9`,
		siteID, it.Currency, it.Name, it.IsDisplay == 1, it.IsRequired == 1, it.IsUnique == 1, it.IsMemberCenter == 1,
		it.IsVerification == 1, it.IsMemberCenterVerification == 1)
	if err != nil {
		return fmt.Errorf("register setting %s: %w", it.Name, db.MapError(err))
	}
	return nil
}

// Agreements lists every language's agreement blocks of the site.
func (s *Store) Agreements(ctx context.Context, siteID int64) ([]AgreementRow, error) {
	return db.Query(ctx, s.db, `SELECT id, language, title, content FROM service_agreements WHERE site_id = $1
		ORDER BY language, sort, id`, func(r *sql.Rows, a *AgreementRow) error {
		return r.Scan(&a.ID, &a.Language, &a.Title, &a.Content)
	}, siteID)
}

// ReplaceAgreement makes blocks the language's whole agreement, in order,
// and returns their new ids.
func (s *Store) ReplaceAgreement(ctx context.Context, q querier, siteID int64, language string, blocks []AgreementBlock) ([]int64, error) {
	if _, err := q.ExecContext(ctx, `DELETE FROM service_agreements WHERE site_id = $1 AND language = $2`, siteID, language); err != nil {
		return nil, fmt.Errorf("agreement: %w", db.MapError(err))
	}
	ids := make([]int64, len(blocks))
	for i, b := range blocks {
		err := q.QueryRowContext(ctx, `INSERT INTO service_agreements (site_id, language, title, content, sort)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, siteID, language, b.Title, b.Content, i).Scan(&ids[i])
		if err != nil {
			return nil, fmt.Errorf("agreement block %d: %w", i, db.MapError(err))
		}
	}
	return ids, nil
}

// Blacklist lists the site's entries of kind (every kind when empty), at
// most limit of them.
func (s *Store) Blacklist(ctx context.Context, siteID int64, kind string, limit int) ([]BlacklistEntry, error) {
	return db.Query(ctx, s.db, `SELECT kind, value FROM blacklist WHERE site_id = $1 AND ($2 = '' OR kind = $2)
		ORDER BY kind, value LIMIT $3`, func(r *sql.Rows, e *BlacklistEntry) error { return r.Scan(&e.Kind, &e.Value) },
		siteID, kind, limit)
}

// AddBlacklist adds an entry; false when it was there already.
func (s *Store) AddBlacklist(ctx context.Context, q querier, siteID int64, e BlacklistEntry) (bool, error) {
	res, err := q.ExecContext(ctx, `INSERT INTO blacklist (site_id, kind, value) VALUES ($1, $2, $3)
		ON CONFLICT (site_id, kind, value) DO NOTHING`, siteID, e.Kind, e.Value)
	if err != nil {
		return false, fmt.Errorf("blacklist add: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RemoveBlacklist removes an entry; false when it was not there.
func (s *Store) RemoveBlacklist(ctx context.Context, q querier, siteID int64, e BlacklistEntry) (bool, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM blacklist WHERE site_id = $1 AND kind = $2 AND value = $3`, siteID, e.Kind, e.Value)
	if err != nil {
		return false, fmt.Errorf("blacklist remove: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Outbox lists the site's outbox messages newest first: those with an id
// below beforeID (all when 0), for one phone (all when empty).
func (s *Store) Outbox(ctx context.Context, siteID int64, phone string, beforeID int64, limit int) ([]OutboxMessage, error) {
	return db.Query(ctx, s.db, `SELECT id, phone, body, created_at FROM sms_outbox
		WHERE site_id = $1 AND ($2 = '' OR phone = $2) AND (CAST($3 AS BIGINT) = 0 OR id < CAST($3 AS BIGINT)) ORDER BY id DESC LIMIT $4`,
		func(r *sql.Rows, m *OutboxMessage) error { return r.Scan(&m.ID, &m.Phone, &m.Body, &m.createdAt) },
		siteID, phone, beforeID, limit)
}

const memberColumns = `id, site_id, account, currency, name, email, phone, member_type, status, is_agent,
	first_login_to_change_password, must_reset_password, created_at, updated_at`

// Member loads a member of the site by its stored (lower-case) account;
// db.ErrNotFound when absent.
func (s *Store) Member(ctx context.Context, q querier, siteID int64, account string) (MemberView, error) {
	var m MemberView
	err := q.QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE site_id = $1 AND account = $2`, siteID, account).Scan(
		&m.ID, &m.SiteID, &m.Account, &m.Currency, &m.Name, &m.Email, &m.Phone, &m.MemberType, &m.Status, &m.IsAgent,
		&m.FirstLoginToChangePassword, &m.MustResetPassword, &m.createdAt, &m.updatedAt)
	if err != nil {
		return MemberView{}, fmt.Errorf("member %q: %w", account, db.MapError(err))
	}
	return m, nil
}

// UpdateMember sets the fields of u that are not nil.
func (s *Store) UpdateMember(ctx context.Context, q querier, memberID int64, u MemberUpdate, now int64) error {
	_, err := q.ExecContext(ctx, `UPDATE members SET status = COALESCE($2, status),
		first_login_to_change_password = COALESCE($3, first_login_to_change_password),
		must_reset_password = COALESCE($4, must_reset_password), updated_at = $5 WHERE id = $1`,
		memberID, opt(u.Status), opt(u.FirstLoginToChangePassword), opt(u.MustResetPassword), now)
	if err != nil {
		return fmt.Errorf("update member %d: %w", memberID, db.MapError(err))
	}
	return nil
}

// RevokeSessions ends every live session of the member.
func (s *Store) RevokeSessions(ctx context.Context, q querier, memberID, now int64) (int64, error) {
	res, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = $2 WHERE member_id = $1 AND revoked_at IS NULL`, memberID, now)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// InsertAudit records one operator write and returns its id.
func (s *Store) InsertAudit(ctx context.Context, q querier, a AuditEntry) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `INSERT INTO admin_audit (created_at, ip, request_id, method, path, action, site_id, target, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
		a.createdAt, a.IP, a.RequestID, a.Method, a.Path, a.Action, a.SiteID, a.Target, string(a.Detail)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("audit: %w", db.MapError(err))
	}
	return id, nil
}

// Audit lists audit rows newest first: of one site (all when 0), with an id
// below beforeID (all when 0).
func (s *Store) Audit(ctx context.Context, siteID, beforeID int64, limit int) ([]AuditEntry, error) {
	return db.Query(ctx, s.db, `SELECT id, created_at, ip, request_id, method, path, action, site_id, target, detail
		FROM admin_audit WHERE (CAST($1 AS BIGINT) = 0 OR site_id = CAST($1 AS BIGINT))
		AND (CAST($2 AS BIGINT) = 0 OR id < CAST($2 AS BIGINT)) ORDER BY id DESC LIMIT $3`,
		func(r *sql.Rows, a *AuditEntry) error {
			var detail string
			if err := r.Scan(&a.ID, &a.createdAt, &a.IP, &a.RequestID, &a.Method, &a.Path, &a.Action, &a.SiteID, &a.Target, &detail); err != nil {
				return err
			}
			a.Detail = []byte(detail)
			return nil
		}, siteID, beforeID, limit)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func splitList(s string) []string {
	out := []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// isNotFound reports a missing row.
func isNotFound(err error) bool { return errors.Is(err, db.ErrNotFound) }
