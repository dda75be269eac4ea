package member

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"gamehall/internal/db"
)

// Invitee is a member a recommender brought, as the recommender sees them.
type Invitee struct {
	ID        int64
	Account   string
	Status    string
	CreatedAt int64
}

// Referral is a member's standing for the recommend feature.
type Referral struct {
	SiteID        int64
	Account       string
	Currency      string
	RecommendCode string
	RecommenderID int64 // 0: nobody brought the member
	IsAgent       bool
	Status        string
}

// ReferralOf is the member's standing for the recommend feature.
func (s *Service) ReferralOf(ctx context.Context, memberID int64) (Referral, error) {
	m, err := s.store.ByID(ctx, memberID)
	if err != nil {
		return Referral{}, err
	}
	return Referral{SiteID: m.SiteID, Account: m.Account, Currency: m.Currency, RecommendCode: m.RecommendCode, RecommenderID: m.RecommenderID.Int64,
		IsAgent: m.IsAgent, Status: m.Status}, nil
}

// RecommendEnabled is the site's recommend switch (member settings).
func (s *Service) RecommendEnabled(ctx context.Context, siteID int64) (bool, error) {
	r, err := s.store.Rules(ctx, siteID)
	if err != nil {
		return false, err
	}
	return r.RecommendEnabled, nil
}

// Invitees are the members recommenderID brought, newest first, whose
// account contains search (case-insensitive; empty: all), with the total.
func (s *Service) Invitees(ctx context.Context, siteID, recommenderID int64, search string, offset, limit int) ([]Invitee, int, error) {
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(normAccount(search)) + "%"
	var total int
	if err := s.store.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM members
		WHERE site_id = $1 AND recommender_id = $2 AND account LIKE $3 ESCAPE '\'`, siteID, recommenderID, like).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("invitees: %w", db.MapError(err))
	}
	list, err := db.Query(ctx, s.store.db.Q(ctx), `SELECT id, account, status, created_at FROM members
		WHERE site_id = $1 AND recommender_id = $2 AND account LIKE $3 ESCAPE '\' ORDER BY id DESC LIMIT $4 OFFSET $5`,
		func(r *sql.Rows, v *Invitee) error { return r.Scan(&v.ID, &v.Account, &v.Status, &v.CreatedAt) },
		siteID, recommenderID, like, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("invitees: %w", err)
	}
	return list, total, nil
}

// Referred are the site's members of currency whom someone brought, as
// (invitee, recommender) pairs in invitee order.
func (s *Service) Referred(ctx context.Context, siteID int64, currency string) ([][2]int64, error) {
	return db.Query(ctx, s.store.db.Q(ctx), `SELECT id, recommender_id FROM members
		WHERE site_id = $1 AND currency = $2 AND recommender_id IS NOT NULL ORDER BY recommender_id, id`,
		func(r *sql.Rows, v *[2]int64) error { return r.Scan(&v[0], &v[1]) }, siteID, currency)
}

// deviceWindow is how far back a recommender's sign-ins count as their
// devices.
const deviceWindow = 90 * 24 * time.Hour

// SharedIdentity names what two members share that marks them as one
// person: "phone", "device" (a device both signed in from, recently) or ""
// when nothing.
func (s *Service) SharedIdentity(ctx context.Context, a, b int64) (string, error) {
	ma, err := s.store.ByID(ctx, a)
	if err != nil {
		return "", err
	}
	mb, err := s.store.ByID(ctx, b)
	if err != nil {
		return "", err
	}
	if samePhone(ma.Phone, mb.Phone) {
		return "phone", nil
	}
	since := s.now().UTC().Add(-deviceWindow).UnixMicro()
	var n int
	err = s.store.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions x JOIN sessions y ON y.device = x.device
		WHERE x.member_id = $1 AND y.member_id = $2 AND x.device <> '' AND x.last_seen_at >= $3 AND y.last_seen_at >= $3`,
		a, b, since).Scan(&n)
	if err != nil {
		return "", fmt.Errorf("shared device: %w", db.MapError(err))
	}
	if n > 0 {
		return "device", nil
	}
	return "", nil
}

// selfInvite is ErrSelfInvite when the registering person is recommender:
// the same phone, or the device registering is one the recommender signed
// in from recently.
func (s *Service) selfInvite(ctx context.Context, recommenderID int64, phone, dev string) error {
	rec, err := s.store.ByID(ctx, recommenderID)
	if err != nil {
		return err
	}
	if samePhone(rec.Phone, phone) {
		return ErrSelfInvite
	}
	var n int
	err = s.store.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE member_id = $1 AND device = $2 AND last_seen_at >= $3`,
		recommenderID, dev, s.now().UTC().Add(-deviceWindow).UnixMicro()).Scan(&n)
	if err != nil {
		return fmt.Errorf("self invite: %w", db.MapError(err))
	}
	if n > 0 {
		return ErrSelfInvite
	}
	return nil
}

// samePhone compares phones by their digits; an empty phone matches none.
func samePhone(a, b string) bool {
	digits := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, s)
	}
	da := digits(a)
	return da != "" && da == digits(b)
}
