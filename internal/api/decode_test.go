package api_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gamehall/internal/api"
)

// The public decoder forgives what the spec's clients send (extra fields,
// an empty body); the operator's strict one refuses it, naming the field.
func TestDecoders(t *testing.T) {
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	type Device struct {
		UDID string `json:"udid"`
	}
	type body struct {
		Device
		Flag  *bool             `json:"flag"`
		N     int               `json:"n"`
		S     string            `json:"account"`
		Long  string            `json:"content" maxlen:"5000"`
		Items []struct{ X int } `json:"items"`
		Tags  map[string]string `json:"tags"`
		Raw   json.RawMessage   `json:"choices"`
	}
	req := func(contentType, s string) *http.Request {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(s))
		if contentType != "" {
			r.Header.Set("Content-Type", contentType)
		}
		return r
	}
	for _, tc := range []struct {
		name, contentType, body string
		strict                  bool
		wantCode                int    // 0: accepted
		wantDetail              string // in the error's detail
	}{
		{"public: extra fields ignored", "application/json", `{"n":1,"extra":2}`, false, 0, ""},
		{"public: empty body is an empty object", "", ``, false, 0, ""},
		{"public: text/plain refused", "text/plain", `{"n":1}`, false, api.CodeMediaType, ""},
		{"public: a form refused", "application/x-www-form-urlencoded", `n=1`, false, api.CodeMediaType, ""},
		{"public: a body without a content type refused", "", `{"n":1}`, false, api.CodeMediaType, ""},
		{"public: json with a charset", "application/json; charset=utf-8", `{"n":1}`, false, 0, ""},
		{"public: wrong type names the field", "application/json", `{"n":"x"}`, false, api.CodeInvalid, "n must be an integer"},
		{"public: embedded fields by wire name", "application/json", `{"udid":1}`, false, api.CodeInvalid, "udid must be a string"},
		{"public: nested wire path", "application/json", `{"items":[{"X":"y"}]}`, false, api.CodeInvalid, "items.X must be an integer"},
		{"public: NUL refused", "application/json", `{"account":"a\u0000b"}`, false, api.CodeInvalid, "account must not contain a NUL character"},
		{"public: NUL in an embedded field", "application/json", `{"udid":"\u0000"}`, false, api.CodeInvalid, "udid must not contain"},
		{"public: NUL in a list", "application/json", `{"items":[],"tags":{"k":"\u0000"}}`, false, api.CodeInvalid, "tags.k must not contain"},
		{"public: NUL in raw JSON", "application/json", `{"choices":{"bet":["\u0000"]}}`, false, api.CodeInvalid, "choices.bet[0] must not contain"},
		{"public: NUL in an ignored field", "application/json", `{"n":1,"unused":{"x":["\u0000"]}}`, false, api.CodeInvalid, "body must not contain a NUL"},
		{"public: an escaped backslash before u0000 is text", "application/json", `{"account":"a\\u0000"}`, false, 0, ""},
		{"public: NUL after an escaped backslash", "application/json", `{"account":"a\\\u0000"}`, false, api.CodeInvalid, "account must not contain"},
		{"public: NUL in a map key", "application/json", `{"tags":{"\u0000":"v"}}`, false, api.CodeInvalid, "tags.key must not contain"},
		{"public: over the cap", "application/json", `{"account":"` + strings.Repeat("a", api.MaxString+1) + `"}`, false, api.CodeInvalid, "account must be at most 2048 bytes"},
		{"public: at the cap", "application/json", `{"account":"` + strings.Repeat("a", api.MaxString) + `"}`, false, 0, ""},
		{"public: a field's own cap", "application/json", `{"content":"` + strings.Repeat("a", 5000) + `"}`, false, 0, ""},
		{"public: over a field's own cap", "application/json", `{"content":"` + strings.Repeat("a", 5001) + `"}`, false, api.CodeInvalid, "content must be at most 5000 bytes"},
		{"public: syntax error at a position", "application/json", `{"n":1,}`, false, api.CodeInvalid, "syntax error at byte 8"},
		{"public: cut short", "application/json", `{"n":`, false, api.CodeInvalid, "ends too early"},
		{"strict: unknown field refused", "application/json", `{"n":1,"extra":2}`, true, api.CodeInvalid, "extra is not a known field"},
		{"strict: empty body refused", "application/json", ``, true, api.CodeInvalid, "body must be a JSON object"},
		{"strict: a list is not an object", "application/json", `[1]`, true, api.CodeInvalid, "body must be a JSON object"},
		{"strict: wrong type behind a pointer", "application/json", `{"flag":"yes"}`, true, api.CodeInvalid, "flag must be a boolean"},
		{"strict: text/plain refused", "text/plain", `{"n":1}`, true, api.CodeMediaType, ""},
		{"strict: NUL refused", "application/json", `{"account":"\u0000"}`, true, api.CodeInvalid, "account must not contain"},
		{"strict: trailing data", "application/json", `{"n":1} {}`, true, api.CodeInvalid, "trailing data"},
		{"strict: accepted", "application/json", `{"n":1,"flag":true}`, true, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b body
			decode := api.Decode
			if tc.strict {
				decode = api.DecodeStrict
			}
			err := decode(req(tc.contentType, tc.body), &b)
			if tc.wantCode == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *api.Error
			if !errors.As(err, &e) || e.Code != tc.wantCode || !strings.Contains(e.Message(msgs, "en_US"), tc.wantDetail) {
				t.Fatalf("got %v, want code %d with %q", err, tc.wantCode, tc.wantDetail)
			}
			if strings.Contains(e.Message(msgs, "en_US"), "Device") || strings.Contains(e.Message(msgs, "en_US"), "json:") {
				t.Fatalf("message %q names Go types or Go error text", e.Message(msgs, "en_US"))
			}
		})
	}
}

// An error's message names the field by its wire name and adds any detail
// after it: With adds, it never replaces the field.
func TestErrorMessages(t *testing.T) {
	msgs, err := api.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		err  *api.Error
		lang string
		want string
	}{
		{api.Invalid("member_email", nil).With("signup.require_text"), "en_US", "invalid parameters: member_email: required"},
		{api.Invalid("member_account", nil).With("signup.require_text"), "zh_CN", "参数错误: member_account: 必填"},
		{api.Invalid("withdraw_password", nil).With("signup.err_withdraw_password"), "en_US", "invalid parameters: withdraw_password: must be four digits"},
		{api.Bad("site_id", "must be a positive integer"), "en_US", "invalid parameters: site_id must be a positive integer"},
		{api.Invalid("identity_id", nil), "en_US", "invalid parameters: identity_id"},
		{api.NewError(311, "wallet_amount_below_min").With("10.00"), "en_US", "the amount is below the minimum: 10.00"},
		{api.ErrNotFound, "en_US", "not found"},
	} {
		if got := tc.err.Message(msgs, tc.lang); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.err, got, tc.want)
		}
	}
}
