package money

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestAmountString(t *testing.T) {
	cases := []struct {
		a    Amount
		want string
	}{
		{Amount{123456, 2}, "1234.56"},
		{Amount{5, 2}, "0.05"},
		{Amount{0, 2}, "0.00"},
		{Amount{-5, 2}, "-0.05"},
		{Amount{1234567, 0}, "1234567"},
		{Amount{9223372036854775807, 2}, "92233720368547758.07"},
	}
	for _, c := range cases {
		if got := c.a.String(); got != c.want {
			t.Errorf("%+v: got %q want %q", c.a, got, c.want)
		}
		raw, _ := json.Marshal(map[string]Amount{"x": c.a})
		if want := `{"x":` + c.want + `}`; string(raw) != want {
			t.Errorf("json %s want %s", raw, want)
		}
	}
}

func TestParse(t *testing.T) {
	ok := map[string]Amount{"12.3": {1230, 2}, "0.05": {5, 2}, "7": {700, 2}, "-1.5": {-150, 2}}
	for in, want := range ok {
		got, err := Parse(in, 2)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1.234", "1.", ".5", "1e3", "abc", "1,5", "99999999999999999999"} {
		if _, err := Parse(in, 2); !errors.Is(err, ErrFormat) {
			t.Errorf("Parse(%q) err = %v, want ErrFormat", in, err)
		}
	}
	if _, err := Parse("1.5", 0); !errors.Is(err, ErrFormat) {
		t.Errorf("VND takes no fraction, got %v", err)
	}
}
