package member

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gamehall/internal/db"
)

// The recommend feature's reads of members and sessions.

// Invitees are the members recommenderID brought, newest first, whose
// account contains search (already normalised; empty: all), with the total.
func (s *Store) Invitees(ctx context.Context, siteID, recommenderID int64, search string, offset, limit int) ([]Invitee, int, error) {
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(search) + "%"
	var total int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM members
		WHERE site_id = $1 AND recommender_id = $2 AND account LIKE $3 ESCAPE '\'`, siteID, recommenderID, like).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("invitees: %w", db.MapError(err))
	}
	list, err := db.Query(ctx, s.db.Q(ctx), `SELECT id, account, status, created_at FROM members
		WHERE site_id = $1 AND recommender_id = $2 AND account LIKE $3 ESCAPE '\' ORDER BY id DESC LIMIT $4 OFFSET $5`,
		func(r *sql.Rows, v *Invitee) error { return r.Scan(&v.ID, &v.Account, &v.Status, &v.CreatedAt) },
		siteID, recommenderID, like, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("invitees: %w", err)
	}
	return list, total, nil
}

// Referred are the site's members of currency whom someone brought, as
// (invitee, recommender) pairs.
func (s *Store) Referred(ctx context.Context, siteID int64, currency string) ([][2]int64, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, recommender_id FROM members
		WHERE site_id = $1 AND currency = $2 AND recommender_id IS NOT NULL ORDER BY recommender_id, id`,
		func(r *sql.Rows, v *[2]int64) error { return r.Scan(&v[0], &v[1]) }, siteID, currency)
}

// SharedDevice reports whether a and b both signed in since since from one
// browser at one address.
func (s *Store) SharedDevice(ctx context.Context, a, b, since int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions x JOIN sessions y ON y.device = x.device AND y.ip = x.ip
		WHERE x.member_id = $1 AND y.member_id = $2 AND x.device <> '' AND x.last_seen_at >= $3 AND y.last_seen_at >= $3`,
		a, b, since).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("shared device: %w", db.MapError(err))
	}
	return n > 0, nil
}

// UsedDevice reports whether the member signed in since since from the
// browser dev at ip.
func (s *Store) UsedDevice(ctx context.Context, memberID int64, dev, ip string, since int64) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE member_id = $1 AND device = $2 AND ip = $3
		AND last_seen_at >= $4`, memberID, dev, ip, since).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("used device: %w", db.MapError(err))
	}
	return n > 0, nil
}
