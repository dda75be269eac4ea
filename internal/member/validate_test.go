package member

import (
	"encoding/json"
	"os"
	"testing"
)

// registerCase is one row of testdata/register_cases.json, the table the
// browser's validators are tested with too.
type registerCase struct {
	Rule     string `json:"rule"`
	Value    string `json:"value"`
	Currency string `json:"currency"`
	Required bool   `json:"required"`
	Strong   bool   `json:"strong"`
	Kind     string `json:"kind"`
	Year     string `json:"year"`
	Month    string `json:"month"`
	Day      string `json:"day"`
	Want     string `json:"want"`
}

func TestValidationTableSharedWithClient(t *testing.T) {
	raw, err := os.ReadFile("testdata/register_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []registerCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	rules := map[string]func(c registerCase) string{
		"account":           func(c registerCase) string { return CheckAccount(c.Value) },
		"password":          func(c registerCase) string { return CheckPassword(c.Value, c.Strong) },
		"name":              func(c registerCase) string { return CheckName(c.Value, c.Currency, c.Required) },
		"email":             func(c registerCase) string { return CheckEmail(c.Value, c.Required) },
		"phone":             func(c registerCase) string { return CheckPhone(c.Value, c.Currency, c.Required) },
		"verify_code":       func(c registerCase) string { return CheckVerifyCode(c.Value) },
		"handle":            func(c registerCase) string { return CheckHandle(c.Kind, c.Value, c.Required) },
		"birthday":          func(c registerCase) string { return CheckBirthday(c.Year, c.Month, c.Day, c.Required) },
		"withdraw_password": func(c registerCase) string { return CheckWithdrawPassword(c.Value, c.Required) },
	}
	for i, c := range cases {
		check, ok := rules[c.Rule]
		if !ok {
			t.Fatalf("case %d: unknown rule %q", i, c.Rule)
		}
		if got := check(c); got != c.Want {
			t.Errorf("case %d %+v: got %q", i, c, got)
		}
	}
}
