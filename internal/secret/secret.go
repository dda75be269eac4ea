// Package secret makes and checks the site's secrets: opaque tokens (only
// their hash is stored) and argon2id password hashes.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// NewToken is 256 random bits, URL-safe.
func NewToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// HashToken is the stored form of a token or one-time answer: tokens are
// high-entropy, so a plain SHA-256 is enough and keeps lookups indexable.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Params are argon2id parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
	KeyLen  uint32
	SaltLen int
}

// OWASP is the OWASP Password Storage Cheat Sheet's argon2id configuration
// (m=19 MiB, t=2, p=1): the memory cost is what makes GPU guessing dear.
var OWASP = Params{Memory: 19 * 1024, Time: 2, Threads: 1, KeyLen: 32, SaltLen: 16}

// ErrMismatch is a wrong password.
var ErrMismatch = errors.New("password mismatch")

// HashPassword returns a PHC-format argon2id hash of password.
func HashPassword(password string, p Params) string {
	salt := make([]byte, p.SaltLen)
	_, _ = rand.Read(salt)
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// CheckPassword compares password with a stored hash in constant time, using
// the parameters recorded in the hash (so raising them later keeps old
// hashes valid).
func CheckPassword(hash, password string) error {
	p, salt, key, err := ParseHash(hash)
	if err != nil {
		return err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	if subtle.ConstantTimeCompare(got, key) != 1 {
		return ErrMismatch
	}
	return nil
}

// ParseHash reads a PHC argon2id string.
func ParseHash(hash string) (Params, []byte, []byte, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return Params{}, nil, nil, errors.New("not an argon2id hash")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return Params{}, nil, nil, errors.New("unsupported argon2 version")
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return Params{}, nil, nil, fmt.Errorf("argon2 params: %w", err)
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return Params{}, nil, nil, fmt.Errorf("argon2 salt: %w", err)
	}
	key, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return Params{}, nil, nil, fmt.Errorf("argon2 key: %w", err)
	}
	p.KeyLen, p.SaltLen = uint32(len(key)), len(salt)
	return p, salt, key, nil
}

// Equal compares two short secrets in constant time.
func Equal(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
