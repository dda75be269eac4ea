package sandbox_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/payment"
	"gamehall/internal/payment/sandbox"
)

// storedKey reads the key the gateway made in its table.
func storedKey(t *testing.T, d *db.DB) []byte {
	t.Helper()
	var text string
	if err := d.QueryRowContext(ctx, `SELECT secret FROM pay_sandbox_keys WHERE id = 1`).Scan(&text); err != nil {
		t.Fatal(err)
	}
	k, err := hex.DecodeString(text)
	if err != nil || len(k) != 32 {
		t.Fatalf("stored key %q", text)
	}
	return k
}

func hmacHex(key []byte, ts string, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(ts + "."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

func TestVerifyCallback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{})
		o := r.order(1000_00, "USD", 2)
		token := r.create(o)
		if code := r.choose(token, "confirm"); code != 303 {
			t.Fatalf("confirm: %d", code)
		}
		r.deliver()
		got := r.in.all()
		if len(got) != 1 {
			t.Fatalf("deliveries: %d", len(got))
		}
		genuine := got[0]
		if genuine.Path != "/pay/callback/sandbox" || genuine.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("delivered to %s as %q", genuine.Path, genuine.Header.Get("Content-Type"))
		}
		key := storedKey(t, d)
		ts := genuine.Header.Get(sandbox.HeaderTimestamp)
		if ts != strconv.FormatInt(r.clock.Now().Unix(), 10) {
			t.Fatalf("timestamp %q", ts)
		}
		// The scheme, recomputed independently: HMAC-SHA256(key, ts "." body), hex.
		if sig := genuine.Header.Get(sandbox.HeaderSignature); sig != hmacHex(key, ts, genuine.Body) {
			t.Fatalf("signature %s is not HMAC(ts.body)", sig)
		}
		n, err := verify(r.g, genuine)
		if err != nil {
			t.Fatal(err)
		}
		want := payment.Notice{Kind: payment.DepositNotice, OrderNo: o.OrderNo, Status: payment.Paid, Currency: "USD",
			Amount: 1000_00, At: r.clock.Now()}
		if n.GatewayRef == "" || n.Kind != want.Kind || n.OrderNo != want.OrderNo || n.Status != want.Status ||
			n.Currency != want.Currency || n.Amount != want.Amount || !n.At.Equal(want.At) {
			t.Fatalf("notice %+v, want %+v", n, want)
		}

		with := func(mut func(d *delivery)) delivery {
			c := delivery{Path: genuine.Path, Header: genuine.Header.Clone(), Body: bytes.Clone(genuine.Body)}
			mut(&c)
			return c
		}
		signed := func(k []byte, ts string, body string) delivery {
			return with(func(d *delivery) {
				d.Body = []byte(body)
				d.Header.Set(sandbox.HeaderTimestamp, ts)
				d.Header.Set(sandbox.HeaderSignature, hmacHex(k, ts, d.Body))
			})
		}
		now := strconv.FormatInt(r.clock.Now().Unix(), 10)
		other := bytes.Repeat([]byte{7}, 32)
		bad := map[string]delivery{
			"forged signature": with(func(d *delivery) {
				s := []byte(d.Header.Get(sandbox.HeaderSignature))
				s[0] ^= 1
				d.Header.Set(sandbox.HeaderSignature, string(s))
			}),
			"signature of another key": signed(other, now, string(genuine.Body)),
			"body changed after signing": with(func(d *delivery) {
				d.Body = bytes.Replace(d.Body, []byte(`"amount":100000`), []byte(`"amount":900000`), 1)
			}),
			"timestamp changed after signing": with(func(d *delivery) {
				d.Header.Set(sandbox.HeaderTimestamp, strconv.FormatInt(r.clock.Now().Unix()-1, 10))
			}),
			"stale (past)":          signed(key, strconv.FormatInt(r.clock.Now().Add(-5*time.Minute-time.Second).Unix(), 10), string(genuine.Body)),
			"stale (future)":        signed(key, strconv.FormatInt(r.clock.Now().Add(5*time.Minute+time.Second).Unix(), 10), string(genuine.Body)),
			"no timestamp":          with(func(d *delivery) { d.Header.Del(sandbox.HeaderTimestamp) }),
			"no signature":          with(func(d *delivery) { d.Header.Del(sandbox.HeaderSignature) }),
			"signature not hex":     with(func(d *delivery) { d.Header.Set(sandbox.HeaderSignature, "zz") }),
			"short signature":       with(func(d *delivery) { d.Header.Set(sandbox.HeaderSignature, d.Header.Get(sandbox.HeaderSignature)[:32]) }),
			"signed timestamp sign": signed(key, "+"+now, string(genuine.Body)),
			"signed garbage":        signed(key, now, `not json`),
			"signed empty object":   signed(key, now, `{}`),
			"signed unknown field":  signed(key, now, `{"kind":"deposit","order_no":"D1","gateway_ref":"r","status":"paid","currency":"USD","amount":1,"at":"2026-03-01T12:00:00Z","extra":1}`),
			"signed trailing data":  signed(key, now, `{"kind":"deposit","order_no":"D1","gateway_ref":"r","status":"paid","currency":"USD","amount":1,"at":"2026-03-01T12:00:00Z"} {}`),
			"signed bad status":     signed(key, now, `{"kind":"deposit","order_no":"D1","gateway_ref":"r","status":"won","currency":"USD","amount":1,"at":"2026-03-01T12:00:00Z"}`),
			"signed float amount":   signed(key, now, `{"kind":"deposit","order_no":"D1","gateway_ref":"r","status":"paid","currency":"USD","amount":1.5,"at":"2026-03-01T12:00:00Z"}`),
			"signed no amount":      signed(key, now, `{"kind":"deposit","order_no":"D1","gateway_ref":"r","status":"paid","currency":"USD","at":"2026-03-01T12:00:00Z"}`),
		}
		for name, c := range bad {
			if _, err := verify(r.g, c); !errors.Is(err, payment.ErrSignature) {
				t.Errorf("%s: %v, want ErrSignature", name, err)
			}
		}
		// A well-formed body signed right, built by hand, is accepted: the
		// refusals above are for the reasons they name.
		if _, err := verify(r.g, signed(key, now, `{"kind":"payout","order_no":"W1","gateway_ref":"r","status":"declined","currency":"VND","amount":5,"at":"2026-03-01T12:00:00Z"}`)); err != nil {
			t.Fatalf("hand-signed: %v", err)
		}

		// A gateway with another secret refuses the genuine callback.
		stranger := sandbox.New(d, sandbox.Options{Now: r.clock.Now, Secret: other})
		if _, err := verify(stranger, genuine); !errors.Is(err, payment.ErrSignature) {
			t.Fatalf("other secret: %v", err)
		}
		// The window is 5 minutes either way from the verifier's clock.
		r.clock.Add(4*time.Minute + 59*time.Second)
		if _, err := verify(r.g, genuine); err != nil {
			t.Fatalf("4:59 later: %v", err)
		}
		r.clock.Add(2 * time.Second)
		if _, err := verify(r.g, genuine); !errors.Is(err, payment.ErrSignature) {
			t.Fatalf("5:01 later: %v", err)
		}
		r.clock.Add(-10*time.Minute - 2*time.Second)
		if _, err := verify(r.g, genuine); !errors.Is(err, payment.ErrSignature) {
			t.Fatalf("5:01 earlier: %v", err)
		}
	})
}

// Every gateway of one database signs with the one stored key; a
// configured secret wins over it.
func TestSecret(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		a := newRig(t, d, sandbox.Options{})
		b := newRig(t, d, sandbox.Options{})
		token := a.create(a.order(5_00, "USD", 2))
		a.choose(token, "confirm")
		a.deliver()
		got := a.in.all()
		if len(got) != 1 {
			t.Fatalf("deliveries %d", len(got))
		}
		if _, err := verify(b.g, got[0]); err != nil {
			t.Fatalf("another node of the database: %v", err)
		}
		configured := newRig(t, d, sandbox.Options{Secret: bytes.Repeat([]byte("k"), 32)})
		if _, err := verify(configured.g, got[0]); !errors.Is(err, payment.ErrSignature) {
			t.Fatalf("configured secret verified the stored key's signature: %v", err)
		}
		token = configured.create(configured.order(6_00, "USD", 2))
		configured.choose(token, "confirm")
		configured.deliver()
		c := configured.in.all()
		if len(c) != 1 {
			t.Fatalf("deliveries %d", len(c))
		}
		if sig := c[0].Header.Get(sandbox.HeaderSignature); sig != hmacHex(bytes.Repeat([]byte("k"), 32), c[0].Header.Get(sandbox.HeaderTimestamp), c[0].Body) {
			t.Fatal("not signed with the configured secret")
		}
	})
}
