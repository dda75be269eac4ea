package member

import "slices"

// field is one registration field: the register setting that governs it,
// its wire name (in /register/verification, /member/profile and the member
// centre), the members column it fills, the value it takes from a register
// payload, and which flags the operator may turn on for it. Every other
// table of field names (the operator's caps, the member centre's editable
// fields, uniqueness columns) is derived from this one list; the browser's
// copy is web/src/lib/register-settings.ts.
type field struct {
	setting string
	wire    string
	column  string
	value   func(*RegisterInput) *string
	unique  bool // the operator may require a unique value (is_unique)
	center  bool // the member centre may edit it (is_member_center)
	verify  bool // it has an SMS verification (phone only)
}

var fields = []field{
	{setting: "member_name", wire: "member_name", column: "name", value: func(in *RegisterInput) *string { return &in.MemberName }, unique: true, center: true},
	{setting: "member_email", wire: "member_email", column: "email", value: func(in *RegisterInput) *string { return &in.MemberEmail }, unique: true, center: true},
	{setting: "member_phone", wire: "member_phone", column: "phone", value: func(in *RegisterInput) *string { return &in.MemberPhone }, unique: true, center: true, verify: true},
	{setting: "member_birthday", wire: "member_birthday", column: "birthday", value: func(in *RegisterInput) *string { return &in.MemberBirthday }, center: true},
	{setting: "identity_id", wire: "identity_id", column: "identity_id", value: func(in *RegisterInput) *string { return &in.IdentityID }, unique: true, center: true},
	{setting: "qq", wire: "member_qq", column: "qq", value: func(in *RegisterInput) *string { return &in.MemberQQ }, unique: true, center: true},
	{setting: "telegram", wire: "member_telegram", column: "telegram", value: func(in *RegisterInput) *string { return &in.MemberTelegram }, unique: true, center: true},
	{setting: "whatsapp", wire: "member_whats_app", column: "whats_app", value: func(in *RegisterInput) *string { return &in.MemberWhatsApp }, unique: true, center: true},
	{setting: "skype", wire: "member_skype", column: "skype", value: func(in *RegisterInput) *string { return &in.MemberSkype }, unique: true, center: true},
	{setting: "facebook", wire: "member_fb", column: "fb", value: func(in *RegisterInput) *string { return &in.MemberFB }, unique: true, center: true},
	{setting: "zalo", wire: "member_zalo", column: "zalo", value: func(in *RegisterInput) *string { return &in.MemberZalo }, unique: true, center: true},
	{setting: "wechat", wire: "member_wechat", column: "wechat", value: func(in *RegisterInput) *string { return &in.MemberWechat }, unique: true, center: true},
	{setting: "introducer", wire: "introducer", value: func(in *RegisterInput) *string { return &in.Introducer }},
	{setting: "withdraw_password"},
	{setting: "check_password"},
	{setting: "captcha"},
}

// contactSettings are the contact-handle fields, in the form's order.
var contactSettings = []string{"qq", "telegram", "whatsapp", "skype", "facebook", "zalo", "wechat"}

// fieldBySetting finds a field by its register setting name.
func fieldBySetting(setting string) (field, bool) {
	i := slices.IndexFunc(fields, func(f field) bool { return f.setting == setting })
	if i < 0 {
		return field{}, false
	}
	return fields[i], true
}

// fieldByWire finds a field by its wire name.
func fieldByWire(wire string) (field, bool) {
	i := slices.IndexFunc(fields, func(f field) bool { return f.wire != "" && f.wire == wire })
	if i < 0 {
		return field{}, false
	}
	return fields[i], true
}

// RegisterSettingNames are the register setting names an operator may set.
func RegisterSettingNames() []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.setting
	}
	slices.Sort(out)
	return out
}

// memberColumn reports whether col is a members column a field fills (the
// only columns a profile update or a uniqueness check may name).
func memberColumn(col string) bool {
	return col == "account" || slices.ContainsFunc(fields, func(f field) bool { return f.column != "" && f.column == col })
}

// verifiableFields are the wire names /register/verification checks alone.
func verifiableFields() []string {
	out := []string{"member_account"}
	for _, f := range fields {
		if f.wire != "" && f.setting != "member_birthday" {
			out = append(out, f.wire)
		}
	}
	return out
}
