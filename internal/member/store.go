package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"gamehall/internal/auth"
	"gamehall/internal/db"
)

// Store holds the SQL of members, sessions and their helpers.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Member is a member row.
type Member struct {
	ID                   int64
	SiteID               int64
	Account              string
	PasswordHash         string
	WithdrawPasswordHash string
	Currency             string
	Name                 string
	Email                string
	Phone                string
	Birthday             string
	IdentityID           string
	QQ                   string
	Telegram             string
	WhatsApp             string
	Skype                string
	FB                   string
	Zalo                 string
	Wechat               string
	Line                 string
	Others               string
	MemberType           int
	Status               string
	IsAgent              bool
	AgentActive          bool
	AgentType            int
	AgentLevel           int
	AgentID              sql.NullInt64
	RecommenderID        sql.NullInt64
	RecommendCode        string
	FirstLoginChange     bool
	MustResetPassword    bool
	RegisterIP           string
	CreatedAt            int64
	UpdatedAt            int64
}

const memberColumns = `id, site_id, account, password_hash, withdraw_password_hash, currency, name, email, phone, birthday,
	identity_id, qq, telegram, whats_app, skype, fb, zalo, wechat, line, others, member_type, status, is_agent, agent_active,
	agent_type, agent_level, agent_id, recommender_id, recommend_code, first_login_to_change_password, must_reset_password,
	register_ip, created_at, updated_at`

func scanMember(row interface{ Scan(...any) error }) (Member, error) {
	var m Member
	err := row.Scan(&m.ID, &m.SiteID, &m.Account, &m.PasswordHash, &m.WithdrawPasswordHash, &m.Currency, &m.Name, &m.Email,
		&m.Phone, &m.Birthday, &m.IdentityID, &m.QQ, &m.Telegram, &m.WhatsApp, &m.Skype, &m.FB, &m.Zalo, &m.Wechat, &m.Line,
		&m.Others, &m.MemberType, &m.Status, &m.IsAgent, &m.AgentActive, &m.AgentType, &m.AgentLevel, &m.AgentID,
		&m.RecommenderID, &m.RecommendCode, &m.FirstLoginChange, &m.MustResetPassword, &m.RegisterIP, &m.CreatedAt, &m.UpdatedAt)
	if err != nil {
		return Member{}, db.MapError(err)
	}
	return m, nil
}

// ByID loads a member; db.ErrNotFound when absent.
func (s *Store) ByID(ctx context.Context, id int64) (Member, error) {
	m, err := scanMember(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE id = $1`, id))
	if err != nil {
		return Member{}, fmt.Errorf("member %d: %w", id, err)
	}
	return m, nil
}

// Person is what identifies the member as a person; a restriction check
// asks it in every real-money round, so it reads three columns, not the row.
func (s *Store) Person(ctx context.Context, memberID int64) (phone, email, identityID string, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT phone, email, identity_id FROM members WHERE id = $1`, memberID).
		Scan(&phone, &email, &identityID)
	if err != nil {
		return "", "", "", fmt.Errorf("member person: %w", db.MapError(err))
	}
	return phone, email, identityID, nil
}

// SamePerson lists m and every account sharing its phone, e-mail (case and
// spaces aside) or identity id, on any site. It scans members: a restriction
// is rare, and an index would have to cover the normalised e-mail.
func (s *Store) SamePerson(ctx context.Context, m Member) ([]auth.Principal, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT id, site_id, currency, account FROM members
		WHERE id = $1 OR ($2 <> '' AND TRIM(phone) = $2) OR ($3 <> '' AND LOWER(TRIM(email)) = $3) OR ($4 <> '' AND TRIM(identity_id) = $4)
		ORDER BY id`, m.ID, strings.TrimSpace(m.Phone), strings.ToLower(strings.TrimSpace(m.Email)), strings.TrimSpace(m.IdentityID))
	if err != nil {
		return nil, fmt.Errorf("same person: %w", db.MapError(err))
	}
	defer rows.Close()
	var out []auth.Principal
	for rows.Next() {
		var p auth.Principal
		if err := rows.Scan(&p.MemberID, &p.SiteID, &p.Currency, &p.Account); err != nil {
			return nil, fmt.Errorf("same person: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// ByAccount loads a member of the site by account (case-insensitive).
func (s *Store) ByAccount(ctx context.Context, siteID int64, account string) (Member, error) {
	m, err := scanMember(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE site_id = $1 AND account = $2`,
		siteID, normAccount(account)))
	if err != nil {
		return Member{}, fmt.Errorf("member by account: %w", err)
	}
	return m, nil
}

// ByRecommendCode loads the member owning a recommend code.
func (s *Store) ByRecommendCode(ctx context.Context, siteID int64, code string) (Member, error) {
	m, err := scanMember(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE site_id = $1 AND recommend_code = $2`,
		siteID, code))
	if err != nil {
		return Member{}, fmt.Errorf("recommend code: %w", err)
	}
	return m, nil
}

// Taken reports whether another member of the site (not except) has value in column.
func (s *Store) Taken(ctx context.Context, siteID int64, column, value string, except int64) (bool, error) {
	if !memberColumn(column) {
		return false, fmt.Errorf("taken: column %q not allowed", column)
	}
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM members WHERE site_id = $1 AND `+column+` = $2 AND id <> $3`,
		siteID, value, except).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("taken %s: %w", column, db.MapError(err))
	}
	return n > 0, nil
}

// ClaimUnique records that the member holds value in column, which the
// site keeps unique; db.ErrConflict when another member holds it.
func (s *Store) ClaimUnique(ctx context.Context, siteID, memberID int64, column, value string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO member_unique_values (site_id, field, value, member_id)
		VALUES ($1, $2, $3, $4)`, siteID, column, value, memberID)
	if err != nil {
		return fmt.Errorf("unique %s: %w", column, db.MapError(err))
	}
	return nil
}

// ReleaseUnique forgets the member's unique value in column (a profile change).
func (s *Store) ReleaseUnique(ctx context.Context, memberID int64, column string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM member_unique_values WHERE member_id = $1 AND field = $2`, memberID, column)
	if err != nil {
		return fmt.Errorf("unique %s: %w", column, db.MapError(err))
	}
	return nil
}

// AgentByDomain is the agent owning host on the site.
func (s *Store) AgentByDomain(ctx context.Context, siteID int64, host string) (Member, error) {
	m, err := scanMember(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+prefixed("m")+` FROM agent_domains d JOIN members m ON m.id = d.agent_id
		WHERE d.host = $1 AND d.site_id = $2`, host, siteID))
	if err != nil {
		return Member{}, fmt.Errorf("agent by domain: %w", err)
	}
	return m, nil
}

func prefixed(alias string) string {
	out := ""
	for i, c := range splitColumns(memberColumns) {
		if i > 0 {
			out += ", "
		}
		out += alias + "." + c
	}
	return out
}

// Insert creates a member in tx and returns its id.
func (s *Store) Insert(ctx context.Context, m Member) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO members (site_id, account, password_hash, withdraw_password_hash, currency, name,
		email, phone, birthday, identity_id, qq, telegram, whats_app, skype, fb, zalo, wechat, line, others, member_type, status,
		agent_id, recommender_id, recommend_code, register_ip, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'active', $21, $22, $23,
		$24, $25, $25) RETURNING id`,
		m.SiteID, normAccount(m.Account), m.PasswordHash, m.WithdrawPasswordHash, m.Currency, m.Name, m.Email, m.Phone,
		m.Birthday, m.IdentityID, m.QQ, m.Telegram, m.WhatsApp, m.Skype, m.FB, m.Zalo, m.Wechat, m.Line, m.Others, m.MemberType,
		m.AgentID, m.RecommenderID, m.RecommendCode, m.RegisterIP, m.CreatedAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert member: %w", db.MapError(err))
	}
	return id, nil
}

// Session is a live session with its member.
type Session struct {
	ID         int64
	MemberID   int64
	TokenHash  string
	RotatedAt  int64
	LastSeenAt int64
	Current    bool // the presented token is the current one, not the previous
}

// InsertSession revokes every other live session of the member and starts a
// new one, in the caller's transaction: one live session per member. The
// member's row is locked first, so concurrent logins of one member queue
// (PostgreSQL; SQLite has one writer) and each revokes the one before it; a
// partial unique index refuses a second live session whatever happens.
func (s *Store) InsertSession(ctx context.Context, memberID int64, tokenHash, device, ip string, now int64) (int64, error) {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE members SET updated_at = updated_at WHERE id = $1`, memberID); err != nil {
		return 0, fmt.Errorf("lock member: %w", db.MapError(err))
	}
	if _, err := s.RevokeSessions(ctx, memberID, now); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO sessions (member_id, token_hash, rotated_at, device, ip, created_at, last_seen_at)
		VALUES ($1, $2, $3, $4, $5, $3, $3) RETURNING id`, memberID, tokenHash, now, device, ip).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert session: %w", db.MapError(err))
	}
	return id, nil
}

// SessionByToken finds the live session of a token hash: the current token,
// or the previous one within its grace period.
func (s *Store) SessionByToken(ctx context.Context, tokenHash string, now int64) (Session, error) {
	var ss Session
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, member_id, token_hash, rotated_at, last_seen_at FROM sessions
		WHERE revoked_at IS NULL AND (token_hash = $1 OR (prev_token_hash = $1 AND prev_until > $2))`, tokenHash, now).Scan(
		&ss.ID, &ss.MemberID, &ss.TokenHash, &ss.RotatedAt, &ss.LastSeenAt)
	if err != nil {
		return Session{}, fmt.Errorf("session: %w", db.MapError(err))
	}
	ss.Current = ss.TokenHash == tokenHash
	return ss, nil
}

// LiveSession loads a session that is not revoked, by id.
func (s *Store) LiveSession(ctx context.Context, id int64) (Session, error) {
	var ss Session
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, member_id, token_hash, rotated_at, last_seen_at FROM sessions
		WHERE id = $1 AND revoked_at IS NULL`, id).Scan(&ss.ID, &ss.MemberID, &ss.TokenHash, &ss.RotatedAt, &ss.LastSeenAt)
	if err != nil {
		return Session{}, fmt.Errorf("session %d: %w", id, db.MapError(err))
	}
	return ss, nil
}

// Touch records activity on a session.
func (s *Store) Touch(ctx context.Context, sessionID, now int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE id = $1`, sessionID, now); err != nil {
		return fmt.Errorf("touch session: %w", db.MapError(err))
	}
	return nil
}

// Rotate replaces the session's token if it is still oldHash; the old token
// keeps working until graceUntil. It reports false when another request
// rotated first.
func (s *Store) Rotate(ctx context.Context, sessionID int64, oldHash, newHash string, now, graceUntil int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET prev_token_hash = token_hash, prev_until = $4, token_hash = $3,
		rotated_at = $5, last_seen_at = $5 WHERE id = $1 AND token_hash = $2 AND revoked_at IS NULL`,
		sessionID, oldHash, newHash, graceUntil, now)
	if err != nil {
		return false, fmt.Errorf("rotate session: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Revoke ends one session.
func (s *Store) Revoke(ctx context.Context, sessionID, now int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, sessionID, now); err != nil {
		return fmt.Errorf("revoke session: %w", db.MapError(err))
	}
	return nil
}

// Trusted reports whether the device is trusted for the member, and whether
// the member has any trusted device at all.
func (s *Store) Trusted(ctx context.Context, memberID int64, device string) (trusted, any bool, err error) {
	var n, match int
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN device = $2 THEN 1 ELSE 0 END), 0)
		FROM trusted_devices WHERE member_id = $1`, memberID, device).Scan(&n, &match)
	if err != nil {
		return false, false, fmt.Errorf("trusted devices: %w", db.MapError(err))
	}
	return match > 0, n > 0, nil
}

// Trust records a trusted device.
func (s *Store) Trust(ctx context.Context, memberID int64, device string, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO trusted_devices (member_id, device, trusted_at) VALUES ($1, $2, $3)
		ON CONFLICT (member_id, device) DO UPDATE SET trusted_at = $3`, memberID, device, now)
	if err != nil {
		return fmt.Errorf("trust device: %w", db.MapError(err))
	}
	return nil
}

// Pending is a login waiting for its double validation answer.
type Pending struct {
	ID        string
	MemberID  int64
	Device    string
	Question  string
	Asked     []string
	Remaining int
	Failures  int
	ExpiresAt int64
	Done      bool
}

// InsertPending stores a pending login.
func (s *Store) InsertPending(ctx context.Context, p Pending) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO pending_logins (id, member_id, device, question, asked, remaining, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, p.ID, p.MemberID, p.Device, p.Question, strings.Join(p.Asked, ","), p.Remaining, p.ExpiresAt)
	if err != nil {
		return fmt.Errorf("pending login: %w", db.MapError(err))
	}
	return nil
}

// PendingByID loads a pending login, finished or expired ones too (the
// caller tells them apart).
func (s *Store) PendingByID(ctx context.Context, id string) (Pending, error) {
	var p Pending
	var asked string
	var done sql.NullInt64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, member_id, device, question, asked, remaining, failures, expires_at, done_at
		FROM pending_logins WHERE id = $1`, id).Scan(
		&p.ID, &p.MemberID, &p.Device, &p.Question, &asked, &p.Remaining, &p.Failures, &p.ExpiresAt, &done)
	if err != nil {
		return Pending{}, fmt.Errorf("pending login: %w", db.MapError(err))
	}
	p.Asked = strings.Split(asked, ",")
	p.Done = done.Valid
	return p, nil
}

// UpdatePending saves the question state of a pending login.
func (s *Store) UpdatePending(ctx context.Context, p Pending) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE pending_logins SET question = $2, asked = $3, remaining = $4 WHERE id = $1`,
		p.ID, p.Question, strings.Join(p.Asked, ","), p.Remaining)
	if err != nil {
		return fmt.Errorf("pending login: %w", db.MapError(err))
	}
	return nil
}

// NextQuestion moves the pending login from the question it had when read
// (was) to p's, spending one of its questions; false when another request
// moved it first.
func (s *Store) NextQuestion(ctx context.Context, p Pending, was string) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE pending_logins SET question = $2, asked = $3, remaining = remaining - 1
		WHERE id = $1 AND question = $4 AND remaining > 1 AND done_at IS NULL`, p.ID, p.Question, strings.Join(p.Asked, ","), was)
	if err != nil {
		return false, fmt.Errorf("pending login: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ReserveAnswer counts one answer of a pending login before it is checked
// and returns its number; 0 when the login has used its max tries (or is
// finished), so at most max answers are ever checked.
func (s *Store) ReserveAnswer(ctx context.Context, id string, max int) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE pending_logins SET failures = failures + 1
		WHERE id = $1 AND failures < $2 AND done_at IS NULL RETURNING failures`, id, max).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("pending login: %w", db.MapError(err))
	}
	return n, nil
}

// FinishPending marks a pending login done in tx, once: false if it already was.
func (s *Store) FinishPending(ctx context.Context, id string, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE pending_logins SET done_at = $2 WHERE id = $1 AND done_at IS NULL`, id, now)
	if err != nil {
		return false, fmt.Errorf("finish pending: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// SetWithdrawPassword replaces the withdrawal password hash.
func (s *Store) SetWithdrawPassword(ctx context.Context, memberID int64, hash string, now int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE members SET withdraw_password_hash = $2, updated_at = $3 WHERE id = $1`,
		memberID, hash, now); err != nil {
		return fmt.Errorf("set withdrawal password: %w", db.MapError(err))
	}
	return nil
}

// SetPassword replaces the login password hash, clears the forced-change and
// must-reset flags and revokes every session (the caller opens a new one).
func (s *Store) SetPassword(ctx context.Context, memberID int64, hash string, now int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE members SET password_hash = $2, first_login_to_change_password = FALSE,
		must_reset_password = FALSE, updated_at = $3 WHERE id = $1`, memberID, hash, now); err != nil {
		return fmt.Errorf("set password: %w", db.MapError(err))
	}
	_, err := s.RevokeSessions(ctx, memberID, now)
	return err
}

// RevokeSessions ends every live session of the member and counts them.
func (s *Store) RevokeSessions(ctx context.Context, memberID, now int64) (int64, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE sessions SET revoked_at = $2 WHERE member_id = $1 AND revoked_at IS NULL`, memberID, now)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// InsertRecoveryToken stores a one-time recovery token hash.
func (s *Store) InsertRecoveryToken(ctx context.Context, hash string, memberID int64, purpose string, expires int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO recovery_tokens (token_hash, member_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
		hash, memberID, purpose, expires)
	if err != nil {
		return fmt.Errorf("recovery token: %w", db.MapError(err))
	}
	return nil
}

// SpendRecoveryToken marks a live token used (on q, the database or a
// transaction) and returns its member.
func (s *Store) SpendRecoveryToken(ctx context.Context, hash, purpose string, now int64) (int64, error) {
	var memberID int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `UPDATE recovery_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2
		AND used_at IS NULL AND expires_at > $3 RETURNING member_id`, hash, purpose, now).Scan(&memberID)
	if err != nil {
		return 0, fmt.Errorf("recovery token: %w", db.MapError(err))
	}
	return memberID, nil
}

// UpdateFields sets member columns (names from the editable table only).
func (s *Store) UpdateFields(ctx context.Context, memberID int64, changes map[string]string, now int64) error {
	sets := []string{"updated_at = $2"}
	args := []any{memberID, now}
	for col, v := range changes {
		if !memberColumn(col) {
			return fmt.Errorf("update: column %q not allowed", col)
		}
		args = append(args, v)
		sets = append(sets, fmt.Sprintf("%s = $%d", col, len(args)))
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE members SET `+strings.Join(sets, ", ")+` WHERE id = $1`, args...)
	if err != nil {
		return fmt.Errorf("update member: %w", db.MapError(err))
	}
	return nil
}

// Sweep deletes recovery tokens and handoff nonces that expired before now,
// and pending logins that expired before pendingBefore (kept a while so
// that a late answer hears "expired", 205, rather than "unknown").
func (s *Store) Sweep(ctx context.Context, now, pendingBefore int64) error {
	for _, q := range []struct {
		sql string
		at  int64
	}{
		{`DELETE FROM pending_logins WHERE expires_at < $1`, pendingBefore},
		{`DELETE FROM recovery_tokens WHERE expires_at < $1`, now},
		{`DELETE FROM handoff_nonces WHERE expires_at < $1`, now},
	} {
		if _, err := s.db.Q(ctx).ExecContext(ctx, q.sql, q.at); err != nil {
			return fmt.Errorf("sweep: %w", db.MapError(err))
		}
	}
	return nil
}

// UseNonce records a handoff nonce in tx; db.ErrConflict when seen before.
func (s *Store) UseNonce(ctx context.Context, nonce string, expires int64) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO handoff_nonces (nonce, expires_at) VALUES ($1, $2)`, nonce, expires); err != nil {
		return fmt.Errorf("handoff nonce: %w", db.MapError(err))
	}
	return nil
}
