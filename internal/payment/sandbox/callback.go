package sandbox

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/payment"
)

// Callback headers: the unix time of signing in seconds, and the hex
// HMAC-SHA256 of timestamp + "." + body under the gateway's key.
const (
	HeaderTimestamp = "X-Sandbox-Timestamp"
	HeaderSignature = "X-Sandbox-Signature"
)

// ReplayWindow is how far a callback's timestamp may be from now, either
// way, to be believed.
const ReplayWindow = 5 * time.Minute

// callbackBody is a callback's JSON: exactly these fields.
type callbackBody struct {
	Kind       payment.Kind   `json:"kind"`
	OrderNo    string         `json:"order_no"`
	GatewayRef string         `json:"gateway_ref"`
	Status     payment.Status `json:"status"`
	Currency   string         `json:"currency"`
	Amount     int64          `json:"amount"` // minor units
	At         time.Time      `json:"at"`     // RFC 3339, UTC
}

func encodeNotice(n payment.Notice) ([]byte, error) {
	return json.Marshal(callbackBody{
		Kind: n.Kind, OrderNo: n.OrderNo, GatewayRef: n.GatewayRef, Status: n.Status,
		Currency: n.Currency, Amount: n.Amount, At: n.At.UTC(),
	})
}

// sign is the hex HMAC-SHA256 of timestamp + "." + body.
func sign(key []byte, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(timestamp))
	m.Write([]byte{'.'})
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// pageToken is a deposit's page token: 256 bits nobody can compute without
// the key. Only its hash is stored; CreateOrder derives it again to answer
// a repeated call with the same URL. (Changing the key retires the pages of
// orders made before.)
func pageToken(key []byte, gatewayRef string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("page-token\x00"))
	m.Write([]byte(gatewayRef))
	return hex.EncodeToString(m.Sum(nil))
}

// VerifyCallback authenticates a callback: both headers present, a
// timestamp within ReplayWindow of now, the signature recomputed over the
// raw body and compared in constant time, and a well-formed body. Anything
// else is payment.ErrSignature; only a failure to read the key is another
// error (the receiver should answer 5xx so the callback comes again).
func (g *Gateway) VerifyCallback(r *http.Request, body []byte) (payment.Notice, error) {
	ts, sigHex := r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature)
	if ts == "" || sigHex == "" {
		return payment.Notice{}, refused("missing signature headers")
	}
	secs, ok := parseUnix(ts)
	if !ok {
		return payment.Notice{}, refused("malformed timestamp")
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != sha256.Size {
		return payment.Notice{}, refused("malformed signature")
	}
	if age := g.now().Sub(time.Unix(secs, 0)); age > ReplayWindow || age < -ReplayWindow {
		return payment.Notice{}, refused("timestamp outside the replay window")
	}
	key, err := g.secret(r.Context())
	if err != nil {
		return payment.Notice{}, fmt.Errorf("sandbox: callback key: %w", err)
	}
	want, _ := hex.DecodeString(sign(key, ts, body))
	if !hmac.Equal(sig, want) {
		return payment.Notice{}, refused("bad signature")
	}
	n, err := decodeNotice(body)
	if err != nil {
		return payment.Notice{}, refused(err.Error())
	}
	return n, nil
}

func refused(why string) error { return fmt.Errorf("%w: %s", payment.ErrSignature, why) }

// parseUnix reads 1-12 decimal digits.
func parseUnix(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 12 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// decodeNotice reads a callback body strictly: one object, known fields
// only, every field present and sensible.
func decodeNotice(body []byte) (payment.Notice, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		return payment.Notice{}, fmt.Errorf("malformed body")
	}
	for _, f := range []string{"kind", "order_no", "gateway_ref", "status", "currency", "amount", "at"} {
		if _, ok := raw[f]; !ok {
			return payment.Notice{}, fmt.Errorf("body lacks %s", f)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var b callbackBody
	if err := dec.Decode(&b); err != nil {
		return payment.Notice{}, fmt.Errorf("malformed body")
	}
	if dec.More() {
		return payment.Notice{}, fmt.Errorf("malformed body: trailing data")
	}
	switch {
	case b.Kind != payment.DepositNotice && b.Kind != payment.PayoutNotice:
		return payment.Notice{}, fmt.Errorf("body: unknown kind")
	case b.Status != payment.Paid && b.Status != payment.Declined && b.Status != payment.Pending:
		return payment.Notice{}, fmt.Errorf("body: unknown status")
	case b.OrderNo == "" || b.GatewayRef == "" || b.Currency == "":
		return payment.Notice{}, fmt.Errorf("body: empty field")
	case b.Amount <= 0:
		return payment.Notice{}, fmt.Errorf("body: amount")
	case b.At.IsZero():
		return payment.Notice{}, fmt.Errorf("body: time")
	}
	return payment.Notice{Kind: b.Kind, OrderNo: b.OrderNo, GatewayRef: b.GatewayRef, Status: b.Status,
		Currency: b.Currency, Amount: b.Amount, At: b.At.UTC()}, nil
}

// secret is the HMAC key: the configured one, else the database's, made on
// first use (insert-if-absent, so every node of one database agrees). The
// key is remembered only once its row is committed: a call inside a
// caller's transaction that rolls back leaves nothing behind.
func (g *Gateway) secret(ctx context.Context) ([]byte, error) {
	if len(g.opt.Secret) > 0 {
		return g.opt.Secret, nil
	}
	g.keyMu.Lock()
	k := g.key
	g.keyMu.Unlock()
	if k != nil {
		return k, nil
	}
	q := g.db.Q(ctx)
	if _, err := q.ExecContext(ctx, `INSERT INTO pay_sandbox_keys (id, secret, created_at) VALUES (1, $1, $2)
		ON CONFLICT (id) DO NOTHING`, randomHex(32), g.now().UnixMicro()); err != nil {
		return nil, fmt.Errorf("sandbox key: %w", db.MapError(err))
	}
	var text string
	if err := q.QueryRowContext(ctx, `SELECT secret FROM pay_sandbox_keys WHERE id = 1`).Scan(&text); err != nil {
		return nil, fmt.Errorf("sandbox key: %w", db.MapError(err))
	}
	key, err := hex.DecodeString(text)
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("sandbox key: stored key is malformed")
	}
	g.db.AfterCommit(ctx, func() {
		g.keyMu.Lock()
		g.key = key
		g.keyMu.Unlock()
	})
	return key, nil
}
