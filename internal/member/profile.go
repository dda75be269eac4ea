package member

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/money"
	"gamehall/internal/secret"
	"gamehall/internal/sms"
)

// Balances gives a member's main wallet balance for the layout; nil until
// the wallet exists, which shows zero.
type Balances interface {
	MainBalance(ctx context.Context, memberID int64) (money.Amount, error)
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
func (s *Service) Profile(ctx context.Context, p Principal) (map[string]Profile, error) {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return nil, err
	}
	return map[string]Profile{"member_profile": {ID: m.ID, MemberAccount: m.Account, MemberName: m.Name,
		IsWithdrawPassword: b2i(m.WithdrawPasswordHash != ""), MemberBirthday: m.Birthday, MemberEmail: m.Email,
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
func (s *Service) Layout(ctx context.Context, p Principal, balances Balances, exponent int) (map[string]Layout, error) {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return nil, err
	}
	cash := money.Amount{Exp: exponent}
	if balances != nil {
		if cash, err = balances.MainBalance(ctx, m.ID); err != nil {
			return nil, err
		}
	}
	return map[string]Layout{"member_common_layout": {ID: m.ID, MemberAccount: m.Account, MemberCurrency: m.Currency,
		MemberCash: cash, MemberType: m.MemberType, AgentType: m.AgentType, AgentLevel: m.AgentLevel, IsAgent: b2i(m.IsAgent),
		AgentActive: b2i(m.AgentActive), WalletStatus: 1, FirstLoginToChangePassword: b2i(m.FirstLoginChange)}}, nil
}

// EditPasswordInput is /member/profile/edit_password.
type EditPasswordInput struct {
	OldPassword string `json:"old_password"`
	NewPassword string `json:"new_password"`
}

// Old-password guesses on /member/profile/edit_password: a stolen session
// must not become a login-password oracle.
const (
	oldPasswordFailures = 5
	oldPasswordWindow   = 15 * time.Minute
	oldPasswordLock     = 15 * time.Minute
)

func oldPasswordKey(memberID int64) string { return "pwedit:" + strconv.FormatInt(memberID, 10) }

// EditPassword changes the login password: every session ends (the token in
// use dies too, its real-time connections close) and a new session is
// opened for this browser. Five wrong old passwords in 15 minutes lock the
// change for 15 minutes (106).
func (s *Service) EditPassword(ctx context.Context, p Principal, in EditPasswordInput, meta Meta) (LoginData, error) {
	m, err := s.store.ByID(ctx, p.MemberID)
	if err != nil {
		return LoginData{}, err
	}
	key := oldPasswordKey(m.ID)
	if locked, err := s.limit.Locked(ctx, key); err != nil {
		return LoginData{}, err
	} else if locked {
		return LoginData{}, ErrOldPasswordLocked
	}
	if secret.CheckPassword(m.PasswordHash, in.OldPassword) != nil {
		n, err := s.limit.Hit(ctx, key, oldPasswordWindow)
		if err != nil {
			return LoginData{}, err
		}
		if n >= oldPasswordFailures {
			if err := s.limit.Lock(ctx, key, oldPasswordLock); err != nil {
				return LoginData{}, err
			}
			return LoginData{}, ErrOldPasswordLocked
		}
		return LoginData{}, ErrOldPassword
	}
	settings, err := s.store.Settings(ctx, m.SiteID)
	if err != nil {
		return LoginData{}, err
	}
	if e := CheckPassword(in.NewPassword, settings.StrongPasswords); e != "" {
		return LoginData{}, ErrPasswordRules.With(e)
	}
	_ = s.limit.Reset(ctx, key, oldPasswordWindow)
	now := s.now()
	var out LoginData
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.store.SetPassword(ctx, tx, m.ID, secret.HashPassword(in.NewPassword, s.hash), now.UnixMicro()); err != nil {
			return err
		}
		var err error
		out, err = s.startSession(ctx, tx, m, device("", meta.UserAgent), meta.IP, now)
		return err
	})
	if err != nil {
		return LoginData{}, err
	}
	s.endSessions(m.ID, out.sessionID)
	return out, nil
}

// editable maps member-centre field names to the register setting that
// governs them and the member column they change.
var editable = map[string]struct{ setting, column string }{
	"member_name": {"member_name", "name"}, "member_email": {"member_email", "email"},
	"member_phone": {"member_phone", "phone"}, "member_birthday": {"member_birthday", "birthday"},
	"identity_id": {"identity_id", "identity_id"}, "member_qq": {"qq", "qq"}, "member_telegram": {"telegram", "telegram"},
	"member_whats_app": {"whatsapp", "whats_app"}, "member_skype": {"skype", "skype"}, "member_fb": {"facebook", "fb"},
	"member_zalo": {"zalo", "zalo"}, "member_wechat": {"wechat", "wechat"},
}

// UpdateProfile changes the fields the register settings open to the member
// centre (is_member_center), with the registration rules; a phone change
// needs an SMS code when is_member_center_verification is on.
func (s *Service) UpdateProfile(ctx context.Context, p Principal, fields map[string]string, phoneCode string) error {
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
		e, ok := editable[name]
		if !ok || set[e.setting].IsMemberCenter != 1 {
			return ErrNotEditable.With(name)
		}
		value = strings.TrimSpace(value)
		if assign := fieldNames[name]; assign != nil {
			assign(&in, value)
		} else if name == "member_birthday" {
			in.MemberBirthday = value
		}
		one[e.setting] = set[e.setting]
		changes[e.column] = value
	}
	if len(changes) == 0 {
		return api.Invalid("fields", nil)
	}
	if err := s.checkFields(ctx, in, one, Settings{}, m.ID); err != nil {
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
	if err := s.store.UpdateFields(ctx, m.ID, changes, s.now().UnixMicro()); err != nil {
		return err
	}
	if s.pub != nil {
		s.pub.PublishMember(m.ID, "profile_updated", nil)
	}
	return nil
}

// SendProfileSMS sends the code a member-centre phone change needs, for a
// phone that passes the member's currency rule.
func (s *Service) SendProfileSMS(ctx context.Context, p Principal, phone string, meta Meta) error {
	if err := phoneRule(phone, p.Currency); err != nil {
		return err
	}
	return s.codes.SendCode(ctx, p.SiteID, phone, "member_center", meta.IP, meta.Lang, func(code string) string {
		return fmt.Sprintf(s.msg(meta.Lang, "sms_profile_text"), code)
	})
}
