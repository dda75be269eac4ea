package remote

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"time"
)

// The signed API: every request carries X-Timestamp (unix seconds) and
// X-Signature, the hex HMAC-SHA256 under the shared key of
// "timestamp.body". A request whose timestamp is further than ReplayWindow
// from the provider's clock is refused, so a captured request cannot be
// replayed later; within the window a replay changes nothing, because
// every write is keyed by the platform's order number.

// Headers of the signed API.
const (
	HeaderTimestamp = "X-Timestamp"
	HeaderSignature = "X-Signature"
)

// ReplayWindow is how far a request's timestamp may be from the clock.
const ReplayWindow = 5 * time.Minute

// Errors of signature checks.
var (
	errBadSignature = errors.New("remote: bad signature")
	errStale        = errors.New("remote: timestamp outside the replay window")
)

// Sign answers the X-Signature of body sent at ts.
func Sign(key []byte, ts string, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// verify checks the signature in constant time, then the timestamp.
func verify(key []byte, ts, sig string, body []byte, now time.Time) error {
	want, err := hex.DecodeString(sig)
	if err != nil {
		return errBadSignature
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	if !hmac.Equal(m.Sum(nil), want) {
		return errBadSignature
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errBadSignature
	}
	if d := now.Sub(time.Unix(sec, 0)); d > ReplayWindow || d < -ReplayWindow {
		return errStale
	}
	return nil
}

// ProviderKey is a provider code's API key: HMAC-SHA256 of the code under
// the sandbox's master key.
func ProviderKey(master []byte, code string) []byte {
	m := hmac.New(sha256.New, master)
	m.Write([]byte(code))
	return m.Sum(nil)
}
