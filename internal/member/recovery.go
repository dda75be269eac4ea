package member

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
	"gamehall/internal/sms"
)

// Recovery limits: the withdrawal password has only 10,000 values, so a few
// wrong answers lock it for the account. Every wrong answer that involves
// it counts: a wrong e-mail or phone or withdrawal password on vx/verify,
// and a wrong withdrawal password in double validation.
const (
	wpwFailures   = 5
	wpwWindow     = 30 * time.Minute
	wpwLock       = 30 * time.Minute
	recoveryTTL   = 10 * time.Minute
	purposeReset  = "reset_password"
	purposeForgot = "forgot_password"
	// vx/verify calls per client address (fixed window).
	recoveryPerIP    = 20
	recoveryIPWindow = 10 * time.Minute
)

// RecoveryVerifyInput is /arks/web/vx/verify.
type RecoveryVerifyInput struct {
	SiteID           int64  `json:"site_id"`
	Account          string `json:"account"`
	WithdrawPassword string `json:"withdraw_password"`
	MemberEmail      string `json:"member_email"`
	MemberPhone      string `json:"member_phone"`
}

// RecoveryToken is the verify step's answer.
type RecoveryToken struct {
	Token string `json:"token"`
}

func lockKey(memberID int64) string { return "wpw:" + strconv.FormatInt(memberID, 10) }

// withdrawLocked reports whether the account's withdrawal-password lock is on.
func (s *Service) withdrawLocked(ctx context.Context, memberID int64) (bool, error) {
	return s.limit.Locked(ctx, lockKey(memberID))
}

// withdrawGuard is the lock on an account's withdrawal password, shared by
// recovery (wrong contacts count too) and double validation.
var withdrawGuard = ratelimit.Guard{Max: wpwFailures, Window: wpwWindow, Lock: wpwLock}

// reserveWithdraw reserves one check of the account's withdrawal password
// (or of a recovery contact) before it runs.
func (s *Service) reserveWithdraw(ctx context.Context, memberID int64) (ratelimit.Attempt, bool, error) {
	return s.limit.Try(ctx, lockKey(memberID), withdrawGuard)
}

// withdrawFailed records a failed check and reports whether it engaged the lock.
func (s *Service) withdrawFailed(ctx context.Context, memberID int64, try ratelimit.Attempt) (bool, error) {
	return s.limit.Failed(ctx, lockKey(memberID), withdrawGuard, try)
}

// RecoveryVerify checks the e-mail or phone on file, then the withdrawal
// password, and gives a one-time token for the set-new-password step. The
// contact is checked first, so the withdrawal password is only ever tested
// for someone who already knows the contact; wrong contacts count towards
// the same lock as wrong withdrawal passwords.
func (s *Service) RecoveryVerify(ctx context.Context, in RecoveryVerifyInput, meta Meta) (RecoveryToken, error) {
	if err := s.open(ctx, in.SiteID); err != nil {
		return RecoveryToken{}, err
	}
	if ok, err := s.limit.Allow(ctx, "recovery:ip:"+meta.IP, recoveryPerIP, recoveryIPWindow); err != nil {
		return RecoveryToken{}, err
	} else if !ok {
		return RecoveryToken{}, api.ErrTooMany
	}
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) || in.Account == "" {
		return RecoveryToken{}, ErrRecAccount
	}
	if err != nil {
		return RecoveryToken{}, err
	}
	email, phone := strings.TrimSpace(in.MemberEmail), strings.TrimSpace(in.MemberPhone)
	if email == "" && phone == "" {
		return RecoveryToken{}, ErrRecNoContact
	}
	try, ok, err := s.reserveWithdraw(ctx, m.ID)
	if err != nil {
		return RecoveryToken{}, err
	}
	if !ok {
		return RecoveryToken{}, ErrRecLocked
	}
	// fail answers a wrong answer; the one that engages the lock answers 203.
	fail := func(wrong error) (RecoveryToken, error) {
		locked, err := s.withdrawFailed(ctx, m.ID, try)
		if err != nil {
			return RecoveryToken{}, err
		}
		if locked {
			return RecoveryToken{}, ErrRecLocked
		}
		return RecoveryToken{}, wrong
	}
	if email != "" && (m.Email == "" || !strings.EqualFold(email, m.Email)) {
		return fail(ErrRecEmail)
	}
	if phone != "" && (m.Phone == "" || !secret.Equal(phone, m.Phone)) {
		return fail(ErrRecPhone)
	}
	if m.WithdrawPasswordHash == "" || secret.CheckPassword(m.WithdrawPasswordHash, in.WithdrawPassword) != nil {
		return fail(ErrRecWithdrawPw)
	}
	if err := s.limit.Refund(ctx, try); err != nil {
		return RecoveryToken{}, err
	}
	token := secret.NewToken()
	if err := s.store.InsertRecoveryToken(ctx, secret.HashToken(token), m.ID, purposeReset, s.now().Add(recoveryTTL).UnixMicro()); err != nil {
		return RecoveryToken{}, err
	}
	return RecoveryToken{Token: token}, nil
}

// RecoveryResetInput is /arks/web/vx/reset.
type RecoveryResetInput struct {
	SiteID   int64  `json:"site_id"`
	Account  string `json:"account"`
	Password string `json:"password"`
	Token    string `json:"token"`
}

// RecoveryReset sets the new login password with the verify step's token.
// The token is spent before the new password is compared with the old one,
// so only the holder of a live token learns "same as the old password"
// (202), once per token: it is not a password oracle.
func (s *Service) RecoveryReset(ctx context.Context, in RecoveryResetInput, meta Meta) error {
	if err := s.open(ctx, in.SiteID); err != nil {
		return err
	}
	if ok, err := s.limit.Allow(ctx, "recovery:reset:ip:"+meta.IP, recoveryPerIP, recoveryIPWindow); err != nil {
		return err
	} else if !ok {
		return api.ErrTooMany
	}
	settings, err := s.store.Rules(ctx, in.SiteID)
	if err != nil {
		return err
	}
	if e := CheckPassword(in.Password, settings.StrongPasswords); e != "" {
		return ErrRecPassword.With(e)
	}
	// The token is spent before anything about the account is looked at:
	// a forged token answers the same for any account, existing or not.
	now := s.now().UnixMicro()
	memberID, err := s.store.SpendRecoveryToken(ctx, secret.HashToken(in.Token), purposeReset, now)
	if errors.Is(err, db.ErrNotFound) {
		return ErrRecToken
	}
	if err != nil {
		return err
	}
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && m.ID != memberID) {
		return ErrRecMismatch
	}
	if err != nil {
		return err
	}
	if locked, err := s.withdrawLocked(ctx, m.ID); err != nil {
		return err
	} else if locked {
		return ErrRecResetLocked
	}
	if secret.CheckPassword(m.PasswordHash, in.Password) == nil {
		return ErrRecSame
	}
	return s.setPassword(ctx, m.ID, in.Password, now)
}

// ForgotSMS sends a password-reset code when account and phone match. It
// answers the same either way, limits included (a mismatch goes through the
// same checks without sending), so it cannot be used to probe accounts.
func (s *Service) ForgotSMS(ctx context.Context, siteID int64, account, phone string, meta Meta) error {
	if err := s.open(ctx, siteID); err != nil {
		return err
	}
	phone = strings.TrimSpace(phone)
	m, err := s.store.ByAccount(ctx, siteID, account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && (m.Phone == "" || !secret.Equal(m.Phone, phone))) {
		return s.codes.Decoy(ctx, siteID, phone, purposeForgot, meta.IP)
	}
	if err != nil {
		return err
	}
	return s.codes.SendCode(ctx, siteID, phone, purposeForgot, meta.IP, meta.Lang, func(code string) string {
		return fmt.Sprintf(s.msg(meta.Lang, "sms_forgot_text"), code)
	})
}

// ForgotResetInput resets the login password with an SMS code.
type ForgotResetInput struct {
	SiteID      int64  `json:"site_id"`
	Account     string `json:"account"`
	MemberPhone string `json:"member_phone"`
	Code        string `json:"code"`
	Password    string `json:"password"`
}

// ForgotReset is the reset-password step: a right code sets the password,
// and every session of the member ends (tokens and real-time connections).
func (s *Service) ForgotReset(ctx context.Context, in ForgotResetInput) error {
	if err := s.open(ctx, in.SiteID); err != nil {
		return err
	}
	settings, err := s.store.Rules(ctx, in.SiteID)
	if err != nil {
		return err
	}
	if e := CheckPassword(in.Password, settings.StrongPasswords); e != "" {
		return ErrPasswordRules.With(e)
	}
	phone := strings.TrimSpace(in.MemberPhone)
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && (m.Phone == "" || !secret.Equal(m.Phone, phone))) {
		return ErrPhoneCode
	}
	if err != nil {
		return err
	}
	if err := s.codes.VerifyCode(ctx, in.SiteID, phone, purposeForgot, in.Code); err != nil {
		if errors.Is(err, sms.ErrCodeWrong) {
			return ErrPhoneCode
		}
		return err
	}
	return s.setPassword(ctx, m.ID, in.Password, s.now().UnixMicro())
}

// setPassword replaces the login password, which kills every session, and
// closes their sockets once that has committed.
func (s *Service) setPassword(ctx context.Context, memberID int64, password string, now int64) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.SetPassword(ctx, memberID, secret.HashPassword(password, s.hash), now); err != nil {
			return err
		}
		s.db.AfterCommit(ctx, func() { s.endSessions(memberID, 0) })
		return nil
	})
}
