// Package sandbox is the built-in payment gateway: a separate service that
// happens to live in the binary. It keeps its own orders and payouts (tables
// pay_sandbox_*), serves a hosted page where the payer confirms or declines
// a deposit, and tells the outcome to the wallet only by HTTP-shaped
// messages: a callback POSTed to /pay/callback/sandbox, signed with
// HMAC-SHA256 over timestamp + "." + body, sent from a queue in its tables
// until the receiver answers 200. Faults switched at run time (dropped,
// duplicated, reordered or late callbacks, time-outs, declined payouts) let
// tests and the demo exercise the wallet's unhappy paths.
package sandbox

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"

	"gamehall/internal/db"
	"gamehall/internal/payment"
)

// GatewayCode is the sandbox's gateway code: the path of its callbacks and
// the provider of its clearing account.
const GatewayCode = "sandbox"

// CallbackPath is where callbacks are delivered.
const CallbackPath = "/pay/callback/" + GatewayCode

// Defaults of Options.
const (
	DefaultPayoutDelay = 3 * time.Second
	// DefaultOrderTTL is how long a deposit's page stays payable when the
	// order names no expiry.
	DefaultOrderTTL = 30 * time.Minute
	DefaultMerchant = "gamehall"
)

// Errors of the sandbox besides payment's.
var (
	// ErrInvalid: an order or payout the sandbox cannot take (empty order
	// number, amount not positive, expiry in the past ...).
	ErrInvalid = errors.New("sandbox: invalid request")
	// ErrMismatch: an order number already known with another member,
	// currency or amount.
	ErrMismatch = errors.New("sandbox: order number already used with other content")
)

// Options configure a Gateway.
type Options struct {
	// Deliver receives the callbacks: the app's whole handler, so a
	// callback runs the real HTTP path in-process. Required for delivery.
	Deliver http.Handler
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// BaseURL prefixes pay URLs ("https://pay.example"); empty gives
	// relative ones ("/pay/sandbox/...").
	BaseURL string
	// PayoutDelay is how long a payout takes to complete (DefaultPayoutDelay
	// when zero).
	PayoutDelay time.Duration
	// Secret is the HMAC key (GAMEHALL_SANDBOX_SECRET); when empty the key
	// is made once per database and kept in pay_sandbox_keys.
	Secret []byte
	// Merchant is the name the hosted page shows (DefaultMerchant when empty).
	Merchant string
	// Log receives delivery failures (slog.Default() when nil). It never
	// sees a secret or a page token.
	Log *slog.Logger
}

// Gateway is the sandbox payment gateway; it implements payment.Gateway.
type Gateway struct {
	db  *db.DB
	opt Options
	log *slog.Logger

	keyMu sync.Mutex
	key   []byte // cached once the key row is committed

	faultMu sync.Mutex
	faults  Faults

	wake chan struct{} // pokes Run when a callback was queued here
}

var _ payment.Gateway = (*Gateway)(nil)

// New returns the gateway on d.
func New(d *db.DB, opts Options) *Gateway {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PayoutDelay <= 0 {
		opts.PayoutDelay = DefaultPayoutDelay
	}
	if opts.Merchant == "" {
		opts.Merchant = DefaultMerchant
	}
	opts.BaseURL = strings.TrimRight(opts.BaseURL, "/")
	opts.Secret = append([]byte(nil), opts.Secret...)
	log := opts.Log
	if log == nil {
		log = slog.Default()
	}
	return &Gateway{db: d, opt: opts, log: log, wake: make(chan struct{}, 1)}
}

// Code is GatewayCode.
func (g *Gateway) Code() string { return GatewayCode }

func (g *Gateway) now() time.Time { return g.opt.Now().UTC() }

// CreateOrder registers a deposit and answers its hosted page. One order
// number answers its first checkout again; with another member, currency or
// amount it is ErrMismatch. Called inside a transaction it joins it (a real
// gateway would not roll back with the caller: call it after committing).
func (g *Gateway) CreateOrder(ctx context.Context, o payment.Order) (payment.Checkout, error) {
	f := g.Faults()
	if f.UnavailableCreateOrder && !f.UnavailableAfterWrite {
		return payment.Checkout{}, unavailable("create order")
	}
	if err := checkRequest(o.OrderNo, o.Currency, o.Amount); err != nil {
		return payment.Checkout{}, err
	}
	if o.Exponent < 0 || o.Exponent > 8 {
		return payment.Checkout{}, fmt.Errorf("%w: exponent %d", ErrInvalid, o.Exponent)
	}
	if len(o.ReturnURL) > 2048 {
		return payment.Checkout{}, fmt.Errorf("%w: return url too long", ErrInvalid)
	}
	now := g.now()
	expires := o.ExpiresAt
	if expires.IsZero() {
		expires = now.Add(DefaultOrderTTL)
	}
	if !expires.After(now) {
		return payment.Checkout{}, fmt.Errorf("%w: order already expired", ErrInvalid)
	}
	key, err := g.secret(ctx)
	if err != nil {
		return payment.Checkout{}, storageErr(err)
	}
	r := orderRow{
		Kind: payment.DepositNotice, OrderNo: o.OrderNo, GatewayRef: newRef(), FormToken: randomHex(16),
		MemberID: o.MemberID, Currency: o.Currency, Amount: o.Amount, Exponent: o.Exponent,
		ReturnURL: o.ReturnURL, Status: payment.Pending, CreatedAt: now.UnixMicro(), ExpiresAt: expires.UnixMicro(),
	}
	r.TokenHash = hashToken(pageToken(key, r.GatewayRef))
	got, err := g.insertOrder(ctx, r)
	if err != nil {
		return payment.Checkout{}, err
	}
	if f.UnavailableCreateOrder { // the order exists; the answer is lost
		return payment.Checkout{}, unavailable("create order (after write)")
	}
	return payment.Checkout{
		PayURL:     g.opt.BaseURL + pagePath + pageToken(key, got.GatewayRef),
		GatewayRef: got.GatewayRef,
	}, nil
}

// QueryOrder answers a deposit's state: Unknown for an order number the
// sandbox never saw, Declined for one whose page expired unpaid.
func (g *Gateway) QueryOrder(ctx context.Context, orderNo string) (payment.Notice, error) {
	if g.Faults().UnavailableQueryOrder {
		return payment.Notice{}, unavailable("query order")
	}
	return g.query(ctx, payment.DepositNotice, orderNo)
}

// PayOut registers a payout; it completes PayoutDelay later (paid, or
// declined under the DeclinePayouts fault) with a callback. One order
// number answers the first payout's state again; with another member,
// currency or amount it is ErrMismatch.
func (g *Gateway) PayOut(ctx context.Context, p payment.Payout) (payment.Notice, error) {
	f := g.Faults()
	if f.UnavailablePayOut && !f.UnavailableAfterWrite {
		return payment.Notice{}, unavailable("pay out")
	}
	if err := checkRequest(p.OrderNo, p.Currency, p.Amount); err != nil {
		return payment.Notice{}, err
	}
	now := g.now()
	got, err := g.insertOrder(ctx, orderRow{
		Kind: payment.PayoutNotice, OrderNo: p.OrderNo, GatewayRef: newRef(),
		MemberID: p.MemberID, Currency: p.Currency, Amount: p.Amount,
		Status: payment.Pending, CreatedAt: now.UnixMicro(), DueAt: now.Add(g.opt.PayoutDelay).UnixMicro(),
	})
	if err != nil {
		return payment.Notice{}, err
	}
	g.db.AfterCommit(ctx, g.poke)
	if f.UnavailablePayOut { // the payout exists; the answer is lost
		return payment.Notice{}, unavailable("pay out (after write)")
	}
	return got.notice(now), nil
}

// QueryPayout answers a payout's state (Unknown when never seen).
func (g *Gateway) QueryPayout(ctx context.Context, orderNo string) (payment.Notice, error) {
	if g.Faults().UnavailableQueryPayout {
		return payment.Notice{}, unavailable("query payout")
	}
	return g.query(ctx, payment.PayoutNotice, orderNo)
}

func (g *Gateway) query(ctx context.Context, kind payment.Kind, orderNo string) (payment.Notice, error) {
	r, err := g.orderByNo(ctx, kind, orderNo)
	if errors.Is(err, db.ErrNotFound) {
		return payment.Notice{Kind: kind, OrderNo: orderNo, Status: payment.Unknown}, nil
	}
	if err != nil {
		return payment.Notice{}, storageErr(err)
	}
	return r.notice(g.now()), nil
}

// insertOrder stores r unless its kind and order number exist; it answers
// the stored row, refusing one with other content.
func (g *Gateway) insertOrder(ctx context.Context, r orderRow) (orderRow, error) {
	inserted, err := g.insertOrderRow(ctx, r)
	if err != nil {
		return orderRow{}, storageErr(err)
	}
	if inserted {
		return r, nil
	}
	got, err := g.orderByNo(ctx, r.Kind, r.OrderNo)
	if err != nil {
		return orderRow{}, storageErr(err)
	}
	if got.MemberID != r.MemberID || got.Currency != r.Currency || got.Amount != r.Amount {
		return orderRow{}, fmt.Errorf("%w: %s %s", ErrMismatch, r.Kind, r.OrderNo)
	}
	return got, nil
}

// checkRequest holds what every order and payout needs.
func checkRequest(orderNo, currency string, amount int64) error {
	switch {
	case orderNo == "" || len(orderNo) > 64 || !printable(orderNo):
		return fmt.Errorf("%w: order number must be 1-64 printable characters", ErrInvalid)
	case currency == "" || len(currency) > 16 || !printable(currency):
		return fmt.Errorf("%w: currency", ErrInvalid)
	case amount <= 0:
		return fmt.Errorf("%w: amount must be positive", ErrInvalid)
	}
	return nil
}

func printable(s string) bool {
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return false
		}
	}
	return true
}

// unavailable is a simulated time-out.
func unavailable(what string) error {
	return fmt.Errorf("%w: sandbox fault on %s", payment.ErrUnavailable, what)
}

// storageErr: the sandbox's own storage failing is, to its caller, a
// gateway that did not answer; the database error stays inspectable.
func storageErr(err error) error {
	if errors.Is(err, ErrInvalid) || errors.Is(err, ErrMismatch) || errors.Is(err, payment.ErrUnavailable) {
		return err
	}
	return fmt.Errorf("%w: %w", payment.ErrUnavailable, err)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand panics instead)
	return hex.EncodeToString(b)
}

// newRef is a gateway reference: random, so it tells nothing of volumes.
func newRef() string { return "sbx_" + randomHex(12) }

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// poke wakes Run (without blocking) after something was queued.
func (g *Gateway) poke() {
	select {
	case g.wake <- struct{}{}:
	default:
	}
}
