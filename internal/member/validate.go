package member

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Validation mirrors spec section 5 exactly; the browser runs the same rules
// (web/src/features/register) and both are tested from
// testdata/register_cases.json, so the two can never drift apart.

var (
	reAccount   = regexp.MustCompile(`^[A-Za-z0-9_]+$`)
	reLetter    = regexp.MustCompile(`[A-Za-z]`)
	reDigit     = regexp.MustCompile(`[0-9]`)
	rePassword  = regexp.MustCompile(`^[A-Za-z0-9]+$`)
	reEmail     = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`)
	reDigits    = regexp.MustCompile(`^[0-9]+$`)
	reHandle    = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)
	reHandleAt  = regexp.MustCompile(`^[A-Za-z0-9_.@-]+$`)
	reChinese   = regexp.MustCompile(`^[\p{Han}]{2,20}(·[\p{Han}]{1,20})*$`)
	reSpace     = regexp.MustCompile(`\s`)
	reVNLetters = regexp.MustCompile(`^[\p{L}]+$`)
)

// Rule failures: each maps to a message key shared with the client.
const (
	ErrRequired      = "signup.require_text"
	ErrAccountLength = "signup.err_account_length"
	ErrAccountFormat = "signup.err_account_format"
	ErrPswLength     = "signup.err_psw_length"
	ErrPswFormat     = "signup.err_psw_format"
	ErrPswCommon     = "signup.err_psw_common"
	ErrCheckPswDiff  = "signup.err_checkPsw_diff"
	ErrNameRMB       = "signup.err_name_rmb"
	ErrNameVND       = "signup.err_name_vnd"
	ErrEmailFormat   = "signup.err_email_format"
	ErrPhoneDigits   = "signup.err_phone_invalid"
	ErrPhoneVND      = "signup.err_phone_vnd_length"
	ErrVerifyCode    = "signup.err_verify_code"
	ErrHandleFormat  = "signup.err_contact_format"
	ErrHandleLength  = "signup.err_contact_length"
	ErrBirthday      = "signup.err_birthday"
	ErrWithdrawPsw   = "signup.err_withdraw_password"
	ErrAgreement     = "signup.err_agreement"
)

// CheckAccount is the account rule: required, 6 to 12, letters digits underscore.
func CheckAccount(v string) string {
	switch {
	case v == "":
		return ErrRequired
	case utf8.RuneCountInString(v) < 6 || utf8.RuneCountInString(v) > 12:
		return ErrAccountLength
	case !reAccount.MatchString(v):
		return ErrAccountFormat
	}
	return ""
}

// CheckPassword is the spec's password rule (6 to 12 letters and digits with
// at least one of each), or with strong on the site's stronger rule: 8 to 64
// characters of any kind, refused when on the common-password list.
func CheckPassword(v string, strong bool) string {
	n := utf8.RuneCountInString(v)
	if v == "" {
		return ErrRequired
	}
	if strong {
		if n < 8 || n > 64 {
			return ErrPswLength
		}
		if IsCommonPassword(v) {
			return ErrPswCommon
		}
		return ""
	}
	if n < 6 || n > 12 {
		return ErrPswLength
	}
	if !rePassword.MatchString(v) || !reLetter.MatchString(v) || !reDigit.MatchString(v) {
		return ErrPswFormat
	}
	return ""
}

// CheckName applies the currency's name format to a trimmed name: Chinese
// real names for RMB, a Vietnamese name without spaces for VND.
func CheckName(v, currency string, required bool) string {
	v = strings.TrimSpace(v)
	if v == "" {
		if required {
			return ErrRequired
		}
		return ""
	}
	switch currency {
	case "RMB":
		if !reChinese.MatchString(v) {
			return ErrNameRMB
		}
	case "VND":
		if reSpace.MatchString(v) || !reVNLetters.MatchString(v) {
			return ErrNameVND
		}
	default:
		if utf8.RuneCountInString(v) > 50 {
			return ErrHandleLength
		}
		for _, r := range v {
			if unicode.IsControl(r) {
				return ErrNameVND
			}
		}
	}
	return ""
}

// CheckEmail: required when configured, format when filled.
func CheckEmail(v string, required bool) string {
	if v == "" {
		if required {
			return ErrRequired
		}
		return ""
	}
	if len(v) > 100 || !reEmail.MatchString(v) {
		return ErrEmailFormat
	}
	return ""
}

// CheckPhone: required when configured, digits only, exactly 10 for VND.
func CheckPhone(v, currency string, required bool) string {
	if v == "" {
		if required {
			return ErrRequired
		}
		return ""
	}
	if !reDigits.MatchString(v) || len(v) > 20 {
		return ErrPhoneDigits
	}
	if currency == "VND" && len(v) != 10 {
		return ErrPhoneVND
	}
	return ""
}

// CheckVerifyCode: required, 6 digits (only when phone verification is on
// and a phone is entered; the caller decides that).
func CheckVerifyCode(v string) string {
	if v == "" {
		return ErrRequired
	}
	if len(v) != 6 || !reDigits.MatchString(v) {
		return ErrVerifyCode
	}
	return ""
}

// CheckHandle is a contact handle (qq, telegram, whatsapp, wechat, facebook,
// skype, zalo): length 5 to 50; telegram and skype also allow @.
func CheckHandle(kind, v string, required bool) string {
	if v == "" {
		if required {
			return ErrRequired
		}
		return ""
	}
	re := reHandle
	if kind == "telegram" || kind == "skype" {
		re = reHandleAt
	}
	if !re.MatchString(v) {
		return ErrHandleFormat
	}
	if n := utf8.RuneCountInString(v); n < 5 || n > 50 {
		return ErrHandleLength
	}
	return ""
}

// CheckBirthday: required -> all three numeric; optional -> all or none.
func CheckBirthday(year, month, day string, required bool) string {
	parts := []string{year, month, day}
	filled := 0
	for _, p := range parts {
		if p != "" {
			filled++
		}
	}
	if filled == 0 {
		if required {
			return ErrRequired
		}
		return ""
	}
	if filled != 3 {
		return ErrBirthday
	}
	for _, p := range parts {
		if !reDigits.MatchString(p) {
			return ErrBirthday
		}
	}
	return ""
}

// CheckWithdrawPassword: four digits when given; required only if the
// setting says so. "" (four blanks) means not set.
func CheckWithdrawPassword(v string, required bool) string {
	if v == "" {
		if required {
			return ErrRequired
		}
		return ""
	}
	if len(v) != 4 || !reDigits.MatchString(v) {
		return ErrWithdrawPsw
	}
	return ""
}
