package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/secret"
	"gamehall/internal/sms"
)

// Recovery limits: the withdrawal password has only 10,000 values, so a few
// wrong guesses lock recovery for the account.
const (
	wpwFailures   = 5
	wpwWindow     = 30 * time.Minute
	wpwLock       = 30 * time.Minute
	recoveryTTL   = 10 * time.Minute
	purposeReset  = "reset_password"
	purposeForgot = "forgot_password"
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

// RecoveryVerify checks the withdrawal password plus the e-mail or phone on
// file and gives a one-time token for the set-new-password step.
func (s *Service) RecoveryVerify(ctx context.Context, in RecoveryVerifyInput) (RecoveryToken, error) {
	if err := s.open(ctx, in.SiteID); err != nil {
		return RecoveryToken{}, err
	}
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) || in.Account == "" {
		return RecoveryToken{}, ErrRecAccount
	}
	if err != nil {
		return RecoveryToken{}, err
	}
	if locked, err := s.limit.Locked(ctx, lockKey(m.ID)); err != nil {
		return RecoveryToken{}, err
	} else if locked {
		return RecoveryToken{}, ErrRecLocked
	}
	email, phone := strings.TrimSpace(in.MemberEmail), strings.TrimSpace(in.MemberPhone)
	if email == "" && phone == "" {
		return RecoveryToken{}, ErrRecNoContact
	}
	if m.WithdrawPasswordHash == "" || secret.CheckPassword(m.WithdrawPasswordHash, in.WithdrawPassword) != nil {
		n, err := s.limit.Hit(ctx, lockKey(m.ID), wpwWindow)
		if err != nil {
			return RecoveryToken{}, err
		}
		if n >= wpwFailures {
			if err := s.limit.Lock(ctx, lockKey(m.ID), wpwLock); err != nil {
				return RecoveryToken{}, err
			}
			return RecoveryToken{}, ErrRecLocked
		}
		return RecoveryToken{}, ErrRecWithdrawPw
	}
	if email != "" && !strings.EqualFold(email, m.Email) {
		return RecoveryToken{}, ErrRecEmail
	}
	if phone != "" && !secret.Equal(phone, m.Phone) {
		return RecoveryToken{}, ErrRecPhone
	}
	_ = s.limit.Reset(ctx, lockKey(m.ID), wpwWindow)
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
func (s *Service) RecoveryReset(ctx context.Context, in RecoveryResetInput) error {
	if err := s.open(ctx, in.SiteID); err != nil {
		return err
	}
	settings, err := s.store.Settings(ctx, in.SiteID)
	if err != nil {
		return err
	}
	if e := CheckPassword(in.Password, settings.StrongPasswords); e != "" {
		return ErrRecPassword.With(e)
	}
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) {
		return ErrRecMismatch
	}
	if err != nil {
		return err
	}
	if locked, err := s.limit.Locked(ctx, lockKey(m.ID)); err != nil {
		return err
	} else if locked {
		return ErrRecResetLocked
	}
	if secret.CheckPassword(m.PasswordHash, in.Password) == nil {
		return ErrRecSame
	}
	now := s.now().UnixMicro()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		memberID, err := s.store.SpendRecoveryToken(ctx, tx, secret.HashToken(in.Token), purposeReset, now)
		if errors.Is(err, db.ErrNotFound) {
			return ErrRecToken
		}
		if err != nil {
			return err
		}
		if memberID != m.ID {
			return ErrRecMismatch
		}
		return s.store.SetPassword(ctx, tx, m.ID, secret.HashPassword(in.Password, s.hash), now)
	})
}

// ForgotSMS sends a password-reset code when account and phone match. It
// answers the same either way, so it cannot be used to probe accounts.
func (s *Service) ForgotSMS(ctx context.Context, siteID int64, account, phone string, meta Meta) error {
	if err := s.open(ctx, siteID); err != nil {
		return err
	}
	if strings.TrimSpace(phone) == "" {
		return sms.ErrPhoneBlank
	}
	m, err := s.store.ByAccount(ctx, siteID, account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && !secret.Equal(m.Phone, phone)) {
		return nil
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

// ForgotReset is the reset-password step.
func (s *Service) ForgotReset(ctx context.Context, in ForgotResetInput) error {
	if err := s.open(ctx, in.SiteID); err != nil {
		return err
	}
	settings, err := s.store.Settings(ctx, in.SiteID)
	if err != nil {
		return err
	}
	if e := CheckPassword(in.Password, settings.StrongPasswords); e != "" {
		return ErrPasswordRules.With(e)
	}
	m, err := s.store.ByAccount(ctx, in.SiteID, in.Account)
	if errors.Is(err, db.ErrNotFound) || (err == nil && !secret.Equal(m.Phone, in.MemberPhone)) {
		return ErrPhoneCode
	}
	if err != nil {
		return err
	}
	if err := s.codes.VerifyCode(ctx, in.SiteID, in.MemberPhone, purposeForgot, in.Code); err != nil {
		if errors.Is(err, sms.ErrCodeWrong) {
			return ErrPhoneCode
		}
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		return s.store.SetPassword(ctx, tx, m.ID, secret.HashPassword(in.Password, s.hash), s.now().UnixMicro())
	})
}
