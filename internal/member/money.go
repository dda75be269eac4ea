package member

import (
	"context"
	"errors"

	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/secret"
)

// What the wallet asks of members: who holds the account, and the
// withdrawal password under the account's shared lock.

// Holder is the member's name (a bank account's holder must match it) and
// whether a withdrawal password is set.
func (s *Service) Holder(ctx context.Context, memberID int64) (string, bool, error) {
	m, err := s.store.ByID(ctx, memberID)
	if err != nil {
		return "", false, err
	}
	return m.Name, m.WithdrawPasswordHash != "", nil
}

// CheckWithdrawPassword checks the member's withdrawal password. The check
// is reserved against the lock that recovery and double validation share
// (withdrawGuard) before it runs; a wrong one counts, the one that spends
// the window locks. ok is false for a wrong password, locked while the lock
// is on.
func (s *Service) CheckWithdrawPassword(ctx context.Context, memberID int64, password string) (ok, locked bool, err error) {
	m, err := s.store.ByID(ctx, memberID)
	if err != nil {
		return false, false, err
	}
	try, ok, err := s.reserveWithdraw(ctx, m.ID)
	if err != nil || !ok {
		return false, err == nil, err
	}
	if m.WithdrawPasswordHash == "" || secret.CheckPassword(m.WithdrawPasswordHash, password) != nil {
		locked, err := s.withdrawFailed(ctx, m.ID, try)
		return false, locked, err
	}
	return true, false, s.limit.Refund(ctx, try)
}

// Account finds a member of the site by account for the operator's money
// calls: its id and currency.
func (s *Service) Account(ctx context.Context, siteID int64, account string) (int64, string, error) {
	m, err := s.byAccount(ctx, siteID, account)
	if errors.Is(err, db.ErrNotFound) {
		return 0, "", ErrMemberNotFound
	}
	return m.ID, m.Currency, err
}

// Person is what identifies the member as a person across accounts: phone,
// e-mail and identity id as stored (a time-out or self-exclusion binds every
// account sharing one of them).
func (s *Service) Person(ctx context.Context, memberID int64) (phone, email, identityID string, err error) {
	return s.store.Person(ctx, memberID)
}

// Accounts are every account of the member's person on any site, the
// member's own included: those sharing its phone, e-mail (case and spaces
// aside) or identity id. A new restriction closes their open games.
func (s *Service) Accounts(ctx context.Context, memberID int64) ([]auth.Principal, error) {
	m, err := s.store.ByID(ctx, memberID)
	if err != nil {
		return nil, err
	}
	return s.store.SamePerson(ctx, m)
}

// SiteOf is the site a member belongs to (the daily cash back pays each
// member under their site's rule).
func (s *Service) SiteOf(ctx context.Context, memberID int64) (int64, error) {
	m, err := s.store.ByID(ctx, memberID)
	if err != nil {
		return 0, err
	}
	return m.SiteID, nil
}
