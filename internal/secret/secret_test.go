package secret

import (
	"errors"
	"strings"
	"testing"
)

func TestPasswordHashUsesOWASPArgon2id(t *testing.T) {
	h := HashPassword("abc123", OWASP)
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q does not record OWASP argon2id parameters", h)
	}
	if err := CheckPassword(h, "abc123"); err != nil {
		t.Fatal(err)
	}
	if err := CheckPassword(h, "abc124"); !errors.Is(err, ErrMismatch) {
		t.Fatalf("wrong password: %v", err)
	}
	if h == HashPassword("abc123", OWASP) {
		t.Fatal("two hashes of one password must differ (random salt)")
	}
	if err := CheckPassword("plain", "plain"); err == nil {
		t.Fatal("a non-argon2 string must never verify")
	}
}

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) < 43 {
		t.Fatalf("tokens %q %q: want distinct, >= 256 bits", a, b)
	}
	if HashToken(a) == a || HashToken(a) != HashToken(a) || len(HashToken(a)) != 64 {
		t.Fatal("token hash")
	}
}
