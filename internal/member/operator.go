package member

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// What the operator sees of a member and may change: status and the flags
// that force a password change or a withdrawal-password reset.

// ErrMemberNotFound is an unknown account in an operator call.
var ErrMemberNotFound = &api.Error{Code: api.CodeNotFound, Key: "not_found", Detail: "member", Status: 200}

// MemberView is what an operator sees of a member.
type MemberView struct {
	ID                         int64  `json:"id"`
	SiteID                     int64  `json:"site_id"`
	Account                    string `json:"account"`
	Currency                   string `json:"currency"`
	Name                       string `json:"name"`
	Email                      string `json:"email"`
	Phone                      string `json:"phone"`
	MemberType                 int    `json:"member_type"`
	Status                     string `json:"status"`
	IsAgent                    bool   `json:"is_agent"`
	FirstLoginToChangePassword bool   `json:"first_login_to_change_password"`
	MustResetPassword          bool   `json:"must_reset_password"`
	CreatedAt                  string `json:"created_at"`
	UpdatedAt                  string `json:"updated_at"`
}

func viewOf(m Member) MemberView {
	return MemberView{ID: m.ID, SiteID: m.SiteID, Account: m.Account, Currency: m.Currency, Name: m.Name, Email: m.Email,
		Phone: m.Phone, MemberType: m.MemberType, Status: m.Status, IsAgent: m.IsAgent,
		FirstLoginToChangePassword: m.FirstLoginChange, MustResetPassword: m.MustResetPassword,
		CreatedAt: api.FormatTime(m.CreatedAt), UpdatedAt: api.FormatTime(m.UpdatedAt)}
}

// MemberStatuses are the account states login knows (102 disabled, 103 frozen).
var MemberStatuses = []string{"active", "disabled", "frozen"}

// operatorAccount normalises an account named by the operator.
func operatorAccount(account string) (string, error) {
	a := normAccount(account)
	if a == "" || len(a) > 64 {
		return "", api.Bad("account", "must be 1 to 64 characters")
	}
	return a, nil
}

func (s *Service) byAccount(ctx context.Context, siteID int64, account string) (Member, error) {
	acct, err := operatorAccount(account)
	if err != nil {
		return Member{}, err
	}
	m, err := s.store.ByAccount(ctx, siteID, acct)
	if errors.Is(err, db.ErrNotFound) {
		return Member{}, ErrMemberNotFound
	}
	return m, err
}

// MemberOf looks a member of the site up by account.
func (s *Service) MemberOf(ctx context.Context, siteID int64, account string) (MemberView, error) {
	m, err := s.byAccount(ctx, siteID, account)
	if err != nil {
		return MemberView{}, err
	}
	return viewOf(m), nil
}

// MemberUpdate changes the fields that are present. FirstLoginToChangePassword
// makes the member layout ask for a new password; MustResetPassword makes
// login answer 802 (withdrawal-password recovery); a status other than
// active makes login answer 102 (disabled) or 103 (frozen);
// ClearWithdrawPassword forgets a withdrawal password the member lost, so
// that they set a new one with their login password.
type MemberUpdate struct {
	Status                     *string `json:"status,omitempty"`
	FirstLoginToChangePassword *bool   `json:"first_login_to_change_password,omitempty"`
	MustResetPassword          *bool   `json:"must_reset_password,omitempty"`
	ClearWithdrawPassword      bool    `json:"clear_withdraw_password,omitempty"`
}

// MemberChange is the answer of a member update.
type MemberChange struct {
	Member          MemberView `json:"member"`
	SessionsRevoked int64      `json:"sessions_revoked"`
}

// UpdateMember applies u. Leaving the active status revokes the member's
// sessions and, once committed, closes their real-time connections; any
// change publishes profile_updated on member.{id}.
func (s *Service) UpdateMember(ctx context.Context, siteID int64, account string, u MemberUpdate) (MemberChange, error) {
	if u.Status == nil && u.FirstLoginToChangePassword == nil && u.MustResetPassword == nil && !u.ClearWithdrawPassword {
		return MemberChange{}, api.Bad("body", "names no field (status, first_login_to_change_password, must_reset_password, clear_withdraw_password)")
	}
	if u.Status != nil && !slices.Contains(MemberStatuses, *u.Status) {
		return MemberChange{}, api.Bad("status", "must be one of "+strings.Join(MemberStatuses, ", "))
	}
	var out MemberChange
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		m, err := s.byAccount(ctx, siteID, account)
		if err != nil {
			return err
		}
		now := s.now().UnixMicro()
		if err := s.store.UpdateFlags(ctx, m.ID, u, now); err != nil {
			return err
		}
		if u.ClearWithdrawPassword {
			if err := s.store.SetWithdrawPassword(ctx, m.ID, "", now); err != nil {
				return err
			}
		}
		if u.Status != nil && *u.Status != "active" {
			if out.SessionsRevoked, err = s.store.RevokeSessions(ctx, m.ID, now); err != nil {
				return err
			}
		}
		if m, err = s.store.ByID(ctx, m.ID); err != nil {
			return err
		}
		out.Member = viewOf(m)
		s.db.AfterCommit(ctx, func() {
			if s.pub == nil {
				return
			}
			s.pub.PublishMember(m.ID, "profile_updated", nil)
			if m.Status != "active" {
				s.pub.EndOtherSessions(m.ID, 0, false)
			}
		})
		return nil
	})
	return out, err
}

// MemberChannel is the private channel of an account (for the operator's
// app_clean_cache to one member).
func (s *Service) MemberChannel(ctx context.Context, siteID int64, account string) (int64, error) {
	m, err := s.byAccount(ctx, siteID, account)
	return m.ID, err
}

// UpdateFlags sets the operator fields of u that are not nil.
func (s *Store) UpdateFlags(ctx context.Context, memberID int64, u MemberUpdate, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE members SET status = COALESCE($2, status),
		first_login_to_change_password = COALESCE($3, first_login_to_change_password),
		must_reset_password = COALESCE($4, must_reset_password), updated_at = $5 WHERE id = $1`,
		memberID, db.Opt(u.Status), db.Opt(u.FirstLoginToChangePassword), db.Opt(u.MustResetPassword), now)
	if err != nil {
		return fmt.Errorf("update member %d: %w", memberID, db.MapError(err))
	}
	return nil
}
