package member

import (
	"context"
	"strings"
	"time"
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
	return s.store.Invitees(ctx, siteID, recommenderID, normAccount(search), offset, limit)
}

// Referred are the site's members of currency whom someone brought, as
// (invitee, recommender) pairs in invitee order.
func (s *Service) Referred(ctx context.Context, siteID int64, currency string) ([][2]int64, error) {
	return s.store.Referred(ctx, siteID, currency)
}

// deviceWindow is how far back a recommender's sign-ins count as their
// devices. A device is a browser (its user-agent hash, as trusted devices
// are) at one network address: the user agent alone is shared by everyone
// on the same browser build, and would refuse honest friends.
const deviceWindow = 90 * 24 * time.Hour

// SharedIdentity names what two members share that marks them as one
// person: "phone", "device" (a browser both signed in from at one address,
// recently) or "" when nothing.
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
	shared, err := s.store.SharedDevice(ctx, a, b, s.now().UTC().Add(-deviceWindow).UnixMicro())
	if err != nil || !shared {
		return "", err
	}
	return "device", nil
}

// selfInvite is ErrSelfInvite when the registering person is recommender:
// the same phone, or the browser registering at its address is one the
// recommender signed in from there recently.
func (s *Service) selfInvite(ctx context.Context, recommenderID int64, phone, dev, ip string) error {
	rec, err := s.store.ByID(ctx, recommenderID)
	if err != nil {
		return err
	}
	if samePhone(rec.Phone, phone) {
		return ErrSelfInvite
	}
	used, err := s.store.UsedDevice(ctx, recommenderID, dev, ip, s.now().UTC().Add(-deviceWindow).UnixMicro())
	if err != nil {
		return err
	}
	if used {
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
