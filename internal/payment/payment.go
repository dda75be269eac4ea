// Package payment declares what a payment gateway is to the wallet: it takes
// a deposit order and sends the payer to a page of its own, tells the
// outcome by a signed server-to-server callback, answers queries about an
// order whose callback never came, and pays withdrawals out. Real gateways
// are third parties; payment/sandbox is the built-in one, a hosted page and
// signed callbacks that exercise the same code paths.
package payment

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Status is where an order stands at the gateway.
type Status string

// Gateway order states.
const (
	Pending  Status = "pending"  // waiting for the payer (or the bank)
	Paid     Status = "paid"     // the money arrived (deposit) or left (payout)
	Declined Status = "declined" // the payer declined, or the payout failed
	Unknown  Status = "unknown"  // the gateway has no such order
)

// Order is a deposit the gateway is asked to collect.
type Order struct {
	OrderNo   string // our order number, unique; the gateway's idempotency key
	MemberID  int64
	Currency  string
	Amount    int64 // minor units
	Exponent  int   // the currency's minor-unit exponent, for display
	ReturnURL string
	ExpiresAt time.Time
}

// Checkout is where to send the payer.
type Checkout struct {
	PayURL     string
	GatewayRef string // the gateway's id of the order
}

// Payout is a withdrawal the gateway is asked to pay to a bank account.
type Payout struct {
	OrderNo     string // our withdrawal number, unique; the idempotency key
	MemberID    int64
	Currency    string
	Amount      int64
	BankCode    string
	AccountNo   string
	AccountName string
}

// Notice is what the gateway says of an order (a callback, or a query's
// answer). Kind tells a deposit from a payout.
type Notice struct {
	Kind       Kind
	OrderNo    string
	GatewayRef string
	Status     Status
	Currency   string
	Amount     int64
	At         time.Time
}

// Kind is what a notice is about.
type Kind string

// Notice kinds.
const (
	DepositNotice Kind = "deposit"
	PayoutNotice  Kind = "payout"
)

// Gateway is a payment gateway.
type Gateway interface {
	// Code names the gateway (the clearing account's provider).
	Code() string
	// CreateOrder registers a deposit order; creating one order number
	// twice answers the first checkout.
	CreateOrder(ctx context.Context, o Order) (Checkout, error)
	// VerifyCallback authenticates a callback request (its raw body and
	// headers) and reads it; ErrSignature for anything not proven to come
	// from the gateway, fresh.
	VerifyCallback(r *http.Request, body []byte) (Notice, error)
	// QueryOrder asks for a deposit order's state (reconciliation).
	QueryOrder(ctx context.Context, orderNo string) (Notice, error)
	// PayOut asks for a withdrawal to be paid; asking twice for one order
	// number answers the first request's state.
	PayOut(ctx context.Context, p Payout) (Notice, error)
	// QueryPayout asks for a payout's state (reconciliation).
	QueryPayout(ctx context.Context, orderNo string) (Notice, error)
}

// Errors of gateways.
var (
	// ErrSignature: a callback whose signature, timestamp or form is wrong.
	ErrSignature = errors.New("payment: callback not authentic")
	// ErrUnavailable: the gateway did not answer (time-out, refused, 5xx);
	// the outcome is unknown and the reconciler asks again later.
	ErrUnavailable = errors.New("payment: gateway unavailable")
)
