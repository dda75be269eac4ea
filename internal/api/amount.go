package api

import (
	"encoding/json"
	"fmt"
	"strings"

	"gamehall/internal/money"
)

// ParseAmount reads an amount field of a request: a JSON number (never a
// string) with at most the currency's decimals, above zero and at most max
// minor units. Every refusal names the field.
func ParseAmount(field string, raw json.RawMessage, exp int, max int64) (int64, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, Bad(field, "is required")
	}
	if s[0] == '"' {
		return 0, Bad(field, "must be a number, not a string")
	}
	a, err := money.Parse(s, exp)
	if err != nil {
		if strings.ContainsAny(s, "eE") || !strings.ContainsAny(s, "0123456789") {
			return 0, Bad(field, "must be a decimal number")
		}
		if whole, frac, ok := strings.Cut(strings.TrimPrefix(s, "-"), "."); ok && len(frac) > exp && whole != "" {
			return 0, Bad(field, fmt.Sprintf("must be a multiple of the currency's minor unit (%d decimals)", exp))
		}
		return 0, Bad(field, "is out of range")
	}
	if a.Minor <= 0 {
		return 0, Bad(field, "must be above zero")
	}
	if a.Minor > max {
		return 0, Bad(field, "is out of range")
	}
	return a.Minor, nil
}
