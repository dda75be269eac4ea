package money

import (
	"math/big"
	"strings"
	"testing"
)

// Parse never panics; what it accepts is exactly the decimal it read
// (checked with arbitrary precision), and it reads back what String wrote.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "1", "-1", "0.01", "1234.56", "1.234", "1.", ".5", "-", "--1", "+1", " 7 ", "1e3",
		"9223372036854775807", "9223372036854775808", "-9223372036854775807", "92233720368547758.07", "0.1\u0000", "١٢"} {
		for _, exp := range []int{0, 2, 3, 8} {
			f.Add(s, exp)
		}
	}
	f.Fuzz(func(t *testing.T, s string, exp int) {
		if exp < 0 || exp > 18 {
			return
		}
		a, err := Parse(s, exp)
		if err != nil {
			return
		}
		if a.Exp != exp {
			t.Fatalf("Parse(%q, %d) exp %d", s, exp, a.Exp)
		}
		want, ok := new(big.Rat).SetString(strings.TrimSpace(s))
		if !ok || strings.ContainsAny(s, "eE+/_xXoObB") {
			t.Fatalf("Parse(%q, %d) accepted a non-decimal: %d", s, exp, a.Minor)
		}
		scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(exp)), nil))
		got := new(big.Rat).Quo(new(big.Rat).SetInt64(a.Minor), scale)
		if got.Cmp(want) != 0 {
			t.Fatalf("Parse(%q, %d) = %d minor units, not the decimal read", s, exp, a.Minor)
		}
		back, err := Parse(a.String(), exp)
		if err != nil || back != a {
			t.Fatalf("round trip of %q: %q -> %+v %v", s, a.String(), back, err)
		}
	})
}

// String then Parse is the identity for every amount (the floor of int64
// aside: it has no positive twin).
func FuzzAmountRoundTrip(f *testing.F) {
	for _, n := range []int64{0, 1, -1, 5, 99, 100, 123456, -123456, 1<<63 - 1, -(1<<63 - 1)} {
		f.Add(n, 2)
		f.Add(n, 0)
	}
	f.Fuzz(func(t *testing.T, n int64, exp int) {
		if exp < 0 || exp > 18 || n == -1<<63 {
			return
		}
		a := Amount{Minor: n, Exp: exp}
		back, err := Parse(a.String(), exp)
		if err != nil || back != a {
			t.Fatalf("%+v -> %q -> %+v %v", a, a.String(), back, err)
		}
		if raw, _ := a.MarshalJSON(); string(raw) != a.String() {
			t.Fatalf("MarshalJSON %s, String %s", raw, a.String())
		}
	})
}
