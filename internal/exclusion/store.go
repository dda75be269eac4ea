package exclusion

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamehall/internal/db"
)

// row is one restriction.
type row struct {
	ID            int64
	SiteID        int64
	MemberID      int64
	Kind          Kind
	StartedAt     int64
	EndsAt        sql.NullInt64 // NULL: indefinite
	ReturnAskedAt sql.NullInt64
	ClearedAt     sql.NullInt64
}

// person is what registration stored of who a member is.
type person struct {
	Phone, Email, IdentityID string
}

// Store is the SQL of self_exclusions, self_exclusion_keys and
// self_exclusion_guards.
type Store struct {
	db *db.DB
	// byKeysText[n] is byKeys' statement for n keys.
	byKeysText [maxKeys + 1]string
}

// maxKeys is how many person keys a member has at most (personKeys).
const maxKeys = 4

// NewStore returns the store over d.
func NewStore(d *db.DB) *Store {
	s := &Store{db: d}
	for n := 1; n <= maxKeys; n++ {
		s.byKeysText[n] = byKeysSQL(n)
	}
	return s
}

// guard locks the member's guard row until the transaction ends: a check
// and the taking of a restriction queue here on PostgreSQL.
func (s *Store) guard(ctx context.Context, memberID, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO self_exclusion_guards (member_id, touched_at) VALUES ($1, $2)
		ON CONFLICT (member_id) DO UPDATE SET touched_at = excluded.touched_at`, memberID, now)
	if err != nil {
		return fmt.Errorf("exclusion guard: %w", db.MapError(err))
	}
	return nil
}

const rowColumns = `e.id, e.site_id, e.member_id, e.kind, e.started_at, e.ends_at, e.return_asked_at, e.cleared_at`

func scanRow(r *sql.Rows, x *row) error {
	var kind string
	if err := r.Scan(&x.ID, &x.SiteID, &x.MemberID, &kind, &x.StartedAt, &x.EndsAt, &x.ReturnAskedAt, &x.ClearedAt); err != nil {
		return err
	}
	x.Kind = Kind(kind)
	return nil
}

// holding is the restrictions bound to one of keys and not cleared at now.
func (s *Store) holding(ctx context.Context, keys []string, now int64) ([]row, error) {
	out, err := s.byKeys(ctx, keys, now)
	if err != nil {
		return nil, fmt.Errorf("exclusion holding: %w", err)
	}
	return out, nil
}

// all is every restriction bound to one of keys, cleared or not.
func (s *Store) all(ctx context.Context, keys []string) ([]row, error) {
	out, err := s.byKeys(ctx, keys, 0) // cleared_at, when set, is after 0
	if err != nil {
		return nil, fmt.Errorf("exclusion list: %w", err)
	}
	return out, nil
}

// byKeys is the restrictions bound to one of keys and not cleared at now,
// by id. One statement, a lookup a key joined by UNION ALL: a
// "person_key IN (...)" list builds a temporary b-tree on SQLite at each
// call, and a real-money round asks whenever the writer does not remember
// the answer (Service.holding).
func (s *Store) byKeys(ctx context.Context, keys []string, now int64) ([]row, error) {
	if len(keys) == 0 {
		return []row{}, nil
	}
	args := make([]any, 0, len(keys)+1)
	args = append(args, now)
	for _, k := range keys {
		args = append(args, k)
	}
	q := ""
	if len(keys) <= maxKeys {
		q = s.byKeysText[len(keys)]
	} else {
		q = byKeysSQL(len(keys))
	}
	rows, err := db.Query(ctx, s.db.Q(ctx), q, scanRow, args...)
	if err != nil {
		return nil, err
	}
	out := make([]row, 0, len(rows))
	for _, r := range rows {
		if !slices.ContainsFunc(out, func(o row) bool { return o.ID == r.ID }) {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b row) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// byKeysSQL is byKeys' statement for n keys ($2 to $n+1; $1 is now).
func byKeysSQL(n int) string {
	arms := make([]string, n)
	for i := range arms {
		arms[i] = `SELECT ` + rowColumns + ` FROM self_exclusion_keys k JOIN self_exclusions e ON e.id = k.exclusion_id
			WHERE k.person_key = $` + strconv.Itoa(i+2) + ` AND (e.cleared_at IS NULL OR e.cleared_at > $1)`
	}
	return strings.Join(arms, " UNION ALL ")
}

// insert stores a new restriction.
func (s *Store) insert(ctx context.Context, r row) (int64, error) {
	s.db.Forget(ctx)
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO self_exclusions (site_id, member_id, kind, started_at, ends_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, r.SiteID, r.MemberID, string(r.Kind), r.StartedAt, r.EndsAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert exclusion: %w", db.MapError(err))
	}
	return id, nil
}

// bind ties a restriction to the person's keys.
func (s *Store) bind(ctx context.Context, id int64, keys []string) error {
	s.db.Forget(ctx)
	for _, k := range keys {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO self_exclusion_keys (person_key, exclusion_id) VALUES ($1, $2)
			ON CONFLICT (person_key, exclusion_id) DO NOTHING`, k, id); err != nil {
			return fmt.Errorf("bind exclusion: %w", db.MapError(err))
		}
	}
	return nil
}

// askReturn records the ask on ended restrictions not asked yet.
func (s *Store) askReturn(ctx context.Context, ids []int64, now, cleared int64) error {
	s.db.Forget(ctx)
	for _, id := range ids {
		if _, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE self_exclusions SET return_asked_at = $2, cleared_at = $3
			WHERE id = $1 AND return_asked_at IS NULL`, id, now, cleared); err != nil {
			return fmt.Errorf("ask return: %w", db.MapError(err))
		}
	}
	return nil
}
