package member

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/money"
	"gamehall/internal/ratelimit"
	"gamehall/internal/secret"
	"gamehall/internal/sms"
)

// Wallet is the money part of the member layout (wallet.Service).
type Wallet interface {
	LayoutState(ctx context.Context, siteID, memberID int64, currency string) (WalletState, error)
}

// CashBack tells whether the site pays a daily cash back in a currency
// (cashback.Service).
type CashBack interface {
	Active(ctx context.Context, siteID int64, currency string) (bool, error)
}

// WalletState is what the layout shows of the member's money.
type WalletState struct {
	Cash         money.Amount
	WalletStatus int
	NeedBank     bool
	IsPlaying    bool
}

// Profile is member_profile (spec section 3).
type Profile struct {
	ID                 int64  `json:"id"`
	MemberAccount      string `json:"member_account"`
	MemberName         string `json:"member_name"`
	IsWithdrawPassword int    `json:"is_withdraw_password"`
	MemberBirthday     string `json:"member_birthday"`
	MemberEmail        string `json:"member_email"`
	MemberCurrency     string `json:"member_currency"`
	MemberPhone        string `json:"member_phone"`
	MemberLine         string `json:"member_line"`
	MemberOthers       string `json:"member_others"`
	MemberQQ           string `json:"member_qq"`
	MemberSkype        string `json:"member_skype"`
	MemberWechat       string `json:"member_wechat"`
	MemberFB           string `json:"member_fb"`
	MemberZalo         string `json:"member_zalo"`
	MemberTelegram     string `json:"member_telegram"`
	MemberWhatsApp     string `json:"member_whats_app"`
	NewIdentityID      string `json:"new_identity_id"`
}

// mask keeps the first and last two characters of an identity number.
func mask(s string) string {
	r := []rune(s)
	if len(r) <= 4 {
		return strings.Repeat("*", len(r))
	}
	return string(r[:2]) + strings.Repeat("*", len(r)-4) + string(r[len(r)-2:])
}

// Profile is /member/profile: the caller's own profile.
func (s *Service) Profile(ctx context.Context, p auth.Principal) (map[string]Profile, error) {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return nil, err
	}
	return map[string]Profile{"member_profile": {ID: m.ID, MemberAccount: m.Account, MemberName: m.Name,
		IsWithdrawPassword: api.Flag(m.WithdrawPasswordHash != ""), MemberBirthday: m.Birthday, MemberEmail: m.Email,
		MemberCurrency: m.Currency, MemberPhone: m.Phone, MemberLine: m.Line, MemberOthers: m.Others, MemberQQ: m.QQ,
		MemberSkype: m.Skype, MemberWechat: m.Wechat, MemberFB: m.FB, MemberZalo: m.Zalo, MemberTelegram: m.Telegram,
		MemberWhatsApp: m.WhatsApp, NewIdentityID: mask(m.IdentityID)}}, nil
}

// Layout is member_common_layout (spec section 3).
type Layout struct {
	ID                             int64        `json:"id"`
	MemberAccount                  string       `json:"member_account"`
	MemberCurrency                 string       `json:"member_currency"`
	MemberCash                     money.Amount `json:"member_cash"`
	MemberType                     int          `json:"member_type"`
	AgentType                      int          `json:"agent_type"`
	AgentLevel                     int          `json:"agent_level"`
	IsAgent                        int          `json:"is_agent"`
	AgentActive                    int          `json:"agent_active"`
	IsPlaying                      int          `json:"is_playing"`
	CashBackStatus                 int          `json:"cash_back_status"`
	WalletStatus                   int          `json:"wallet_status"`
	FirstLoginToChangePassword     int          `json:"first_login_to_change_password"`
	NeedBankAccountDepositVerified int          `json:"need_bank_account_deposit_verified"`
}

// Layout is /member/profile/common/layout.
// cashBack nil: the site pays none.
func (s *Service) Layout(ctx context.Context, p auth.Principal, wallet Wallet, cashBack CashBack) (map[string]Layout, error) {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return nil, err
	}
	w, err := wallet.LayoutState(ctx, m.SiteID, m.ID, m.Currency)
	if err != nil {
		return nil, err
	}
	cb := false
	if cashBack != nil {
		if cb, err = cashBack.Active(ctx, m.SiteID, m.Currency); err != nil {
			return nil, err
		}
	}
	return map[string]Layout{"member_common_layout": {ID: m.ID, MemberAccount: m.Account, MemberCurrency: m.Currency,
		MemberCash: w.Cash, MemberType: m.MemberType, AgentType: m.AgentType, AgentLevel: m.AgentLevel, IsAgent: api.Flag(m.IsAgent),
		AgentActive: api.Flag(m.AgentActive), WalletStatus: w.WalletStatus, FirstLoginToChangePassword: api.Flag(m.FirstLoginChange),
		NeedBankAccountDepositVerified: api.Flag(w.NeedBank), IsPlaying: api.Flag(w.IsPlaying), CashBackStatus: api.Flag(cb)}}, nil
}

// EditPasswordInput is /member/profile/edit_password.
type EditPasswordInput struct {
	OldPassword string `json:"old_password"`
	NewPassword string `json:"new_password"`
}

// Old-password guesses on /member/profile/edit_password: a stolen session
// must not become a login-password oracle.
var oldPasswordGuard = ratelimit.Guard{Max: 5, Window: 15 * time.Minute, Lock: 15 * time.Minute}

func oldPasswordKey(memberID int64) string { return "pwedit:" + strconv.FormatInt(memberID, 10) }

// EditPassword changes the login password: every session ends (the token in
// use dies too, its real-time connections close) and a new session is
// opened for this browser. Five wrong old passwords in 15 minutes lock the
// change for 15 minutes (106).
func (s *Service) EditPassword(ctx context.Context, p auth.Principal, in EditPasswordInput, meta Meta) (LoginData, error) {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return LoginData{}, err
	}
	settings, err := s.store.Rules(ctx, m.SiteID)
	if err != nil {
		return LoginData{}, err
	}
	if err := s.proveLoginPassword(ctx, m, in.OldPassword); err != nil {
		return LoginData{}, err
	}
	if e := CheckPassword(in.NewPassword, settings.StrongPasswords); e != "" {
		return LoginData{}, ErrPasswordRules.With(e)
	}
	now := s.now()
	var out LoginData
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.SetPassword(ctx, m.ID, secret.HashPassword(in.NewPassword, s.hash), now.UnixMicro()); err != nil {
			return err
		}
		var err error
		out, err = s.startSession(ctx, m, device("", meta.UserAgent), meta.IP, now)
		s.db.AfterCommit(ctx, func() { s.endSessions(m.ID, out.sessionID) })
		return err
	})
	if err != nil {
		return LoginData{}, err
	}
	return out, nil
}

// proveLoginPassword checks the member's login password under the
// old-password lock: the attempt is reserved before the check, a wrong one
// counts and the one that spends the window locks (106).
func (s *Service) proveLoginPassword(ctx context.Context, m Member, password string) error {
	key := oldPasswordKey(m.ID)
	try, ok, err := s.limit.Try(ctx, key, oldPasswordGuard)
	if err != nil {
		return err
	}
	if !ok {
		return ErrOldPasswordLocked
	}
	if secret.CheckPassword(m.PasswordHash, password) != nil {
		if locked, err := s.limit.Failed(ctx, key, oldPasswordGuard, try); err != nil {
			return err
		} else if locked {
			return ErrOldPasswordLocked
		}
		return ErrOldPassword
	}
	return s.limit.Refund(ctx, try)
}

// WithdrawPasswordInput is /member/profile/withdraw_password.
type WithdrawPasswordInput struct {
	// Password is the login password: it proves the first setting.
	Password string `json:"password"`
	// OldWithdrawPassword proves a change of one already set.
	OldWithdrawPassword string `json:"old_withdraw_password"`
	WithdrawPassword    string `json:"withdraw_password"`
}

// SetWithdrawPassword sets the withdrawal password (four digits). A member
// without one proves the session with the login password; a change needs the
// old withdrawal password instead, under the account's shared
// withdrawal-password lock, so that a stolen login password alone never
// opens withdrawals. A forgotten one the operator clears (MemberUpdate).
func (s *Service) SetWithdrawPassword(ctx context.Context, p auth.Principal, in WithdrawPasswordInput) error {
	if e := CheckWithdrawPassword(in.WithdrawPassword, true); e != "" {
		return api.Invalid("withdraw_password", nil).With(e)
	}
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return err
	}
	if m.WithdrawPasswordHash == "" {
		if err := s.proveLoginPassword(ctx, m, in.Password); err != nil {
			return err
		}
	} else {
		switch ok, locked, err := s.CheckWithdrawPassword(ctx, m.ID, in.OldWithdrawPassword); {
		case err != nil:
			return err
		case locked:
			return ErrWithdrawPwLocked
		case !ok:
			return ErrWithdrawPwWrong
		}
	}
	return s.store.SetWithdrawPassword(ctx, m.ID, secret.HashPassword(in.WithdrawPassword, s.hash), s.now().UnixMicro())
}

// UpdateProfile changes the fields the register settings open to the member
// centre (is_member_center), with the registration rules; a phone change
// needs an SMS code when is_member_center_verification is on.
func (s *Service) UpdateProfile(ctx context.Context, p auth.Principal, fields map[string]string, phoneCode string) error {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return err
	}
	set, err := s.settingsFor(ctx, m.SiteID, m.Currency)
	if err != nil {
		return err
	}
	in := RegisterInput{SiteID: m.SiteID, MemberCurrency: m.Currency, MemberAccount: m.Account}
	changes := map[string]string{}
	one := map[string]RegisterSetting{}
	for name, value := range fields {
		f, ok := fieldByWire(name)
		if !ok {
			// The name is the client's own text: not echoed back.
			return ErrNotEditable.With("not a member-centre field")
		}
		if !f.center || set[f.setting].IsMemberCenter != 1 {
			return ErrNotEditable.With(name)
		}
		value = strings.TrimSpace(value)
		*f.value(&in) = value
		one[f.setting] = set[f.setting]
		if f.column == "email" {
			value = strings.ToLower(value) // as registration stores it
		}
		changes[f.column] = value
	}
	if len(changes) == 0 {
		return api.Invalid("fields", nil)
	}
	if err := s.checkFields(ctx, in, one, Rules{}, m.ID); err != nil {
		return err
	}
	if phone, ok := changes["phone"]; ok && phone != m.Phone && set["member_phone"].IsMemberCenterVerification == 1 {
		if err := s.codes.VerifyCode(ctx, m.SiteID, phone, "member_center", phoneCode); err != nil {
			if errors.Is(err, sms.ErrCodeWrong) {
				return ErrPhoneCode
			}
			return err
		}
	}
	return s.db.Tx(ctx, func(ctx context.Context) error {
		for col := range changes {
			if err := s.store.ReleaseUnique(ctx, m.ID, col); err != nil {
				return err
			}
		}
		if err := s.claimUnique(ctx, m.SiteID, m.ID, uniqueValues(in, one)); err != nil {
			return err
		}
		if err := s.store.UpdateFields(ctx, m.ID, changes, s.now().UnixMicro()); err != nil {
			return err
		}
		s.db.AfterCommit(ctx, func() {
			if s.pub != nil {
				s.pub.PublishMember(m.ID, "profile_updated", nil)
			}
		})
		return nil
	})
}

// SendProfileSMS sends the code a member-centre phone change needs, for a
// phone that passes the member's currency rule.
func (s *Service) SendProfileSMS(ctx context.Context, p auth.Principal, phone string, meta Meta) error {
	if err := phoneRule(phone, p.Currency); err != nil {
		return err
	}
	return s.codes.SendCode(ctx, p.SiteID, phone, "member_center", meta.IP, meta.Lang, func(code string) string {
		return fmt.Sprintf(s.msg(meta.Lang, "sms_profile_text"), code)
	})
}
