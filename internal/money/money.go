// Package money holds amounts as integer minor units and writes them on the
// wire as exact decimal literals, never through a float.
package money

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Amount is an integer count of minor units of a currency whose minor unit
// is 10^-Exp of the major unit (Exp 2 for USD cents, 0 for VND).
type Amount struct {
	Minor int64
	Exp   int
}

// String is the decimal form: Amount{123456, 2} is "1234.56".
func (a Amount) String() string {
	neg := a.Minor < 0
	u := uint64(a.Minor)
	if neg {
		u = uint64(-a.Minor)
	}
	s := strconv.FormatUint(u, 10)
	if a.Exp > 0 {
		if len(s) <= a.Exp {
			s = strings.Repeat("0", a.Exp-len(s)+1) + s
		}
		s = s[:len(s)-a.Exp] + "." + s[len(s)-a.Exp:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// MarshalJSON writes the amount as a JSON number literal.
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(a.String()), nil }

// ErrFormat is returned for text that is not an amount of the currency.
var ErrFormat = errors.New("invalid amount")

// Parse reads a decimal amount with at most exp fractional digits.
func Parse(s string, exp int) (Amount, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || (hasDot && frac == "") || len(frac) > exp || !digits(whole) || !digits(frac) {
		return Amount{}, fmt.Errorf("%w: %q", ErrFormat, s)
	}
	frac += strings.Repeat("0", exp-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return Amount{}, fmt.Errorf("%w: %q", ErrFormat, s)
	}
	if neg {
		n = -n
	}
	return Amount{Minor: n, Exp: exp}, nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
