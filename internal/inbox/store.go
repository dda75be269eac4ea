package inbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"gamehall/internal/db"
)

// Store owns letters and letter_states.
type Store struct{ db *db.DB }

// held is one letter a member has: its id and read flag.
type held struct {
	ID     int64
	IsRead bool
}

// The member's letters are those sent to them by name (their state rows)
// and the broadcasts to their currency, less those they deleted ($1
// member, $2 site, $3 currency). Each half reads one index.
const (
	direct = `SELECT letter_id AS id, is_read FROM letter_states
		WHERE member_id = $1 AND broadcast = FALSE AND deleted = FALSE`
	broadcasts = `SELECT l.id AS id, COALESCE(s.is_read, FALSE) AS is_read FROM letters l
		LEFT JOIN letter_states s ON s.member_id = $1 AND s.letter_id = l.id
		WHERE l.site_id = $2 AND l.currency = $3 AND COALESCE(s.deleted, FALSE) = FALSE`
)

// quietCond keeps out the broadcasts written while the member was on a
// time-out or self-exclusion (the spans are integers of ours, not input).
func quietCond(m Member) string {
	out := ""
	for _, q := range m.quiet {
		if q[1] == 0 {
			out += fmt.Sprintf(` AND l.created_at < %d`, q[0])
			continue
		}
		out += fmt.Sprintf(` AND (l.created_at < %d OR l.created_at >= %d)`, q[0], q[1])
	}
	return out
}

// pageQuery is the ids of one page: each half limited to what the page can
// need ($6 = $4 rows after skipping $5), merged.
func pageQuery(m Member, active int, asc bool) string {
	cond, order := "", "DESC"
	switch active {
	case ActiveUnread:
		cond = ` AND is_read = FALSE`
	case ActiveRead:
		cond = ` AND is_read = TRUE`
	}
	if asc {
		order = "ASC"
	}
	half := func(q string) string {
		return `SELECT * FROM (SELECT id, is_read FROM (` + q + `) h WHERE 1 = 1` + cond + ` ORDER BY id ` + order + ` LIMIT $6) `
	}
	return `SELECT id, is_read FROM (` + half(direct) + `q1 UNION ALL ` + half(broadcasts+quietCond(m)) + `q2) v ORDER BY id ` + order + ` LIMIT $4 OFFSET $5`
}

// countQuery is the number of letters and of unread ones.
func countQuery(m Member) string {
	return `SELECT COUNT(*), COALESCE(SUM(CASE WHEN v.is_read THEN 0 ELSE 1 END), 0) FROM (` + direct + `
	UNION ALL ` + broadcasts + quietCond(m) + `) v`
}

func (s *Store) page(ctx context.Context, m Member, active int, asc bool, limit, offset int) ([]held, error) {
	return db.Query(ctx, s.db.Q(ctx), pageQuery(m, active, asc), func(r *sql.Rows, h *held) error { return r.Scan(&h.ID, &h.IsRead) },
		m.ID, m.SiteID, m.Currency, limit, offset, limit+offset)
}

func (s *Store) counts(ctx context.Context, m Member) (total, unread int64, err error) {
	if err := s.db.Q(ctx).QueryRowContext(ctx, countQuery(m), m.ID, m.SiteID, m.Currency).Scan(&total, &unread); err != nil {
		return 0, 0, fmt.Errorf("letter counts: %w", db.MapError(err))
	}
	return total, unread, nil
}

// row is a letter's text.
type row struct {
	ID          int64
	TitleI18n   string
	ContentI18n string
	CreatedAt   int64
}

// texts reads the letters of ids.
func (s *Store) texts(ctx context.Context, ids []int64) (map[int64]row, error) {
	out := make(map[int64]row, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var b strings.Builder
	args := make([]any, len(ids))
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", i+1)
		args[i] = id
	}
	rows, err := db.Query(ctx, s.db.Q(ctx), `SELECT id, title_i18n, content_i18n, created_at FROM letters WHERE id IN (`+b.String()+`)`,
		func(r *sql.Rows, x *row) error { return r.Scan(&x.ID, &x.TitleI18n, &x.ContentI18n, &x.CreatedAt) }, args...)
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, err
}

// state is a letter the member has: its read flag and whether it is a
// broadcast; ok false when the member does not have it (never sent to
// them, another member's, another currency's, deleted).
func (s *Store) state(ctx context.Context, m Member, id int64) (isRead, broadcast, ok bool, err error) {
	err = s.db.Q(ctx).QueryRowContext(ctx, `SELECT COALESCE(s.is_read, FALSE), l.currency <> '' FROM letters l
		LEFT JOIN letter_states s ON s.letter_id = l.id AND s.member_id = $1
		WHERE l.id = $4 AND COALESCE(s.deleted, FALSE) = FALSE
		AND ((l.currency = '' AND s.member_id IS NOT NULL) OR (l.site_id = $2 AND l.currency = $3`+quietCond(m)+`))`,
		m.ID, m.SiteID, m.Currency, id).Scan(&isRead, &broadcast)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, false, nil
	}
	if err != nil {
		return false, false, false, fmt.Errorf("letter state: %w", db.MapError(err))
	}
	return isRead, broadcast, true, nil
}

// mark sets the member's state of a letter they have (state said so).
func (s *Store) mark(ctx context.Context, memberID, id int64, read, deleted, broadcast bool) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO letter_states (member_id, letter_id, is_read, deleted, broadcast)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (member_id, letter_id) DO UPDATE SET is_read = excluded.is_read OR letter_states.is_read,
		deleted = excluded.deleted OR letter_states.deleted`, memberID, id, read, deleted, broadcast)
	if err != nil {
		return fmt.Errorf("mark letter: %w", db.MapError(err))
	}
	return nil
}

// deleteAll deletes every letter of the member the filter selects: state
// rows in place, and unread broadcasts without a row get one.
func (s *Store) deleteAll(ctx context.Context, m Member, active int) (int64, error) {
	cond := ""
	switch active {
	case ActiveUnread:
		cond = ` AND is_read = FALSE`
	case ActiveRead:
		cond = ` AND is_read = TRUE`
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE letter_states SET deleted = TRUE WHERE member_id = $1 AND deleted = FALSE`+cond, m.ID)
	if err != nil {
		return 0, fmt.Errorf("delete letters: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	if active == ActiveRead {
		return n, nil
	}
	res, err = s.db.Q(ctx).ExecContext(ctx, `INSERT INTO letter_states (member_id, letter_id, is_read, deleted, broadcast)
		SELECT $1, l.id, FALSE, TRUE, TRUE FROM letters l WHERE l.site_id = $2 AND l.currency = $3
		ON CONFLICT (member_id, letter_id) DO NOTHING`, m.ID, m.SiteID, m.Currency)
	if err != nil {
		return 0, fmt.Errorf("delete broadcasts: %w", db.MapError(err))
	}
	b, _ := res.RowsAffected()
	return n + b, nil
}

// insert writes a letter row.
func (s *Store) insert(ctx context.Context, siteID int64, currency, title, content string, recipients int, now int64) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO letters (site_id, currency, title_i18n, content_i18n, recipients, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, siteID, currency, title, content, recipients, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert letter: %w", db.MapError(err))
	}
	return id, nil
}

// chunk is how many recipient rows one INSERT writes: a list of 10,000
// accounts is 20 short statements.
const chunk = 500

// addRecipients writes the recipient rows of a letter, chunk at a time.
func (s *Store) addRecipients(ctx context.Context, letterID int64, members []int64) error {
	for start := 0; start < len(members); start += chunk {
		part := members[start:min(start+chunk, len(members))]
		var b strings.Builder
		args := make([]any, 0, len(part)+1)
		args = append(args, letterID)
		b.WriteString(`INSERT INTO letter_states (member_id, letter_id) VALUES `)
		for i, id := range part {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "($%d, $1)", i+2)
			args = append(args, id)
		}
		b.WriteString(` ON CONFLICT (member_id, letter_id) DO NOTHING`)
		if _, err := s.db.Q(ctx).ExecContext(ctx, b.String(), args...); err != nil {
			return fmt.Errorf("letter recipients: %w", db.MapError(err))
		}
	}
	return nil
}

// sentRow is a letter as the operator lists it.
type sentRow struct {
	ID         int64
	Currency   string
	Recipients int64
	TitleI18n  string
	CreatedAt  int64
}

func (s *Store) sent(ctx context.Context, siteID, beforeID int64, limit int) ([]sentRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, currency, recipients, title_i18n, created_at FROM letters
		WHERE site_id = $1 AND (CAST($2 AS BIGINT) = 0 OR id < CAST($2 AS BIGINT)) ORDER BY id DESC LIMIT $3`,
		func(r *sql.Rows, x *sentRow) error {
			return r.Scan(&x.ID, &x.Currency, &x.Recipients, &x.TitleI18n, &x.CreatedAt)
		}, siteID, beforeID, limit)
}
