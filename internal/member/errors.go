package member

import "gamehall/internal/api"

// Codes of spec section 8, produced by this package. Message keys are in
// internal/api/messages; the client matches on the code.
var (
	// Register and field check.
	ErrAccountTaken        = api.NewError(102, "reg_account_taken")
	ErrNameTaken           = api.NewError(103, "reg_name_taken")
	ErrPhoneTaken          = api.NewError(104, "reg_phone_taken")
	ErrEmailTaken          = api.NewError(105, "reg_email_taken")
	ErrNoProxy             = api.NewError(106, "reg_introducer_no_proxy")
	ErrRecommendClosed     = api.NewError(107, "reg_recommend_closed")
	ErrAgentDisabled       = api.NewError(108, "reg_agent_disabled")
	ErrRecommendDisabled   = api.NewError(109, "reg_recommend_disabled")
	ErrCodeDisabled        = api.NewError(110, "reg_code_disabled")
	ErrIntroducerNotFound  = api.NewError(112, "reg_introducer_not_found")
	ErrPhoneCode           = api.NewError(113, "reg_phone_code_wrong")
	ErrIdentityTaken       = api.NewError(114, "reg_identity_taken")
	ErrEmailInvalid        = api.NewError(206, "reg_email_invalid")
	ErrPhoneInvalid        = api.NewError(209, "reg_phone_invalid")
	ErrNameBlacklisted     = api.NewError(214, "reg_name_blacklisted")
	ErrPhoneBlacklisted    = api.NewError(215, "reg_phone_blacklisted")
	ErrEmailBlacklisted    = api.NewError(216, "reg_email_blacklisted")
	ErrRegisterIP          = api.NewError(218, "reg_ip_blocked")
	ErrIntroducerNotFound2 = api.NewError(219, "reg_introducer_not_found")
	ErrDomainAgentMissing  = api.NewError(222, "reg_domain_agent_missing")
	ErrIdentityTaken2      = api.NewError(223, "reg_identity_taken")
	ErrCaptcha             = api.NewError(224, "reg_captcha_failed")
	ErrNameInvalid         = api.NewError(227, "reg_name_invalid")
	ErrIntroducerInvalid   = api.NewError(228, "reg_introducer_invalid")
	ErrTooFrequent         = api.NewError(996, "reg_too_frequent")
	ErrIPLimit             = api.NewError(997, "reg_ip_limit")
	ErrCurrencyNotOpen     = api.NewError(400, "reg_currency_not_open")
	ErrCurrencyLocked      = api.NewError(400, "reg_currency_locked")
	ErrUnderAge            = api.NewError(630, "reg_under_age") // younger than the site's min_age
	// ErrSelfInvite: the recommend code is the registering person's own
	// (same phone, or a device the recommender signed in from).
	ErrSelfInvite = api.NewError(721, "reg_self_invite")

	// Login.
	ErrAccount       = api.NewError(101, "login_account_error")
	ErrDisabled      = api.NewError(102, "login_account_disabled")
	ErrFrozen        = api.NewError(103, "login_account_frozen")
	ErrVerifyFailed  = api.NewError(105, "login_verify_failed")
	ErrThrottled     = api.NewError(106, "login_throttled")
	ErrNewDevice     = api.NewError(107, "login_new_device")
	ErrIPBlocked     = api.NewError(201, "login_ip_blocked")
	ErrCountry       = api.NewError(202, "login_country_blocked")
	ErrIPThrottled   = api.NewError(203, "login_ip_throttled")
	ErrMustReset     = api.NewError(802, "login_must_reset_password")
	ErrPasswordRules = api.NewError(400, "password_rules")

	// Double validation.
	ErrDVUnknown   = api.NewError(101, "dv_unknown_login")
	ErrDVDisabled  = api.NewError(102, "login_account_disabled")
	ErrDVWrong     = api.NewError(103, "dv_wrong_answer")
	ErrDVBlank     = api.NewError(104, "dv_blank_answer")
	ErrDVCaptcha   = api.NewError(105, "login_verify_failed")
	ErrDVThrottled = api.NewError(106, "login_throttled")
	ErrDVLocked    = api.NewError(202, "dv_locked")
	// ErrDVExpired: the pending login outlived its 10 minutes; log in again.
	ErrDVExpired = api.NewError(205, "dv_expired")
	// ErrDVQuestionLocked: the withdrawal-password question while the
	// account's withdrawal-password lock is on; skip to another question.
	ErrDVQuestionLocked = api.NewError(206, "dv_question_locked")
	ErrDVFailed         = api.NewError(998, "dv_failed")

	// Withdrawal-password recovery.
	ErrRecAccount     = api.NewError(101, "rec_account_error")
	ErrRecWithdrawPw  = api.NewError(102, "rec_withdraw_password_wrong")
	ErrRecEmail       = api.NewError(201, "rec_email_mismatch")
	ErrRecPhone       = api.NewError(202, "rec_phone_mismatch")
	ErrRecLocked      = api.NewError(203, "rec_locked")
	ErrRecNoContact   = api.NewError(204, "rec_no_contact")
	ErrRecToken       = api.NewError(101, "rec_token_invalid")
	ErrRecMismatch    = api.NewError(102, "rec_account_mismatch")
	ErrRecPassword    = api.NewError(201, "rec_password_invalid")
	ErrRecSame        = api.NewError(202, "rec_password_same")
	ErrRecResetLocked = api.NewError(203, "rec_locked")

	// Profile.
	ErrOldPassword       = api.NewError(101, "profile_old_password_wrong")
	ErrOldPasswordLocked = api.NewError(106, "profile_old_password_locked")
	ErrNotEditable       = api.NewError(400, "profile_field_not_editable")
	ErrWithdrawPwWrong   = api.NewError(107, "profile_withdraw_password_wrong")
	ErrWithdrawPwLocked  = api.NewError(108, "profile_withdraw_password_locked")
)

// contactCodes maps contact handle fields to their spec codes (301-308).
var contactCodes = map[string]int{"qq": 301, "skype": 302, "wechat": 304, "zalo": 305, "fb": 306, "telegram": 307, "whats_app": 308}
