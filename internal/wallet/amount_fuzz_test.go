package wallet

import (
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"

	"gamehall/internal/api"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// parseAmount never panics; it accepts only a JSON number (never a string)
// of at most the currency's decimals, above zero and within the ledger's
// cap, reading it exactly; every refusal is a 400 naming the field; and an
// accepted amount written back (as the answers write it) reads the same.
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{`1`, `0.01`, `10.5`, `1.234`, `0`, `-1`, `"5"`, `null`, ``, `1e2`, `1E-2`, `0.1e1`,
		`100000000000000`, `100000000000000.01`, `9223372036854775807`, `1.`, `.5`, `true`, `[1]`, `{"a":1}`, ` 7 `} {
		f.Add(s, 2)
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, raw string, exp int) {
		// raw is always what the JSON decoder kept for the field.
		if exp < 0 || exp > 8 || !json.Valid([]byte(raw)) {
			return
		}
		n, err := parseAmount("amount", json.RawMessage(raw), exp)
		if err != nil {
			var e *api.Error
			if !errors.As(err, &e) || e.Code != api.CodeInvalid || e.Field != "amount" {
				t.Fatalf("%q: refusal %v is not a 400 naming amount", raw, err)
			}
			return
		}
		if n <= 0 || n > ledger.MaxAmount {
			t.Fatalf("%q: accepted %d outside (0, %d]", raw, n, int64(ledger.MaxAmount))
		}
		if strings.ContainsAny(strings.TrimSpace(raw)[:1], `"[{tfn`) {
			t.Fatalf("%q: accepted what is not a JSON number", raw)
		}
		want, ok := new(big.Rat).SetString(strings.TrimSpace(raw))
		scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(exp)), nil))
		if !ok || new(big.Rat).Quo(new(big.Rat).SetInt64(n), scale).Cmp(want) != 0 {
			t.Fatalf("%q: read as %d minor units, not exactly", raw, n)
		}
		written, _ := json.Marshal(money.Amount{Minor: n, Exp: exp})
		if back, err := parseAmount("amount", written, exp); err != nil || back != n {
			t.Fatalf("%q: written %s reads %d %v", raw, written, back, err)
		}
	})
}
