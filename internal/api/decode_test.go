package api_test

import (
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
	type body struct {
		Flag *bool `json:"flag"`
		N    int   `json:"n"`
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
		{"public: text/plain accepted", "text/plain", `{"n":1}`, false, 0, ""},
		{"public: wrong type names the field", "application/json", `{"n":"x"}`, false, api.CodeInvalid, "n must be an integer"},
		{"strict: unknown field refused", "application/json", `{"n":1,"extra":2}`, true, api.CodeInvalid, "extra is not a known field"},
		{"strict: empty body refused", "application/json", ``, true, api.CodeInvalid, "body must be a JSON object"},
		{"strict: a list is not an object", "application/json", `[1]`, true, api.CodeInvalid, "body must be a JSON object"},
		{"strict: wrong type behind a pointer", "application/json", `{"flag":"yes"}`, true, api.CodeInvalid, "flag must be a boolean"},
		{"strict: text/plain refused", "text/plain", `{"n":1}`, true, api.CodeMediaType, ""},
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
			if !errors.As(err, &e) || e.Code != tc.wantCode || !strings.Contains(e.Detail, tc.wantDetail) {
				t.Fatalf("got %#v, want code %d with %q", err, tc.wantCode, tc.wantDetail)
			}
		})
	}
}
