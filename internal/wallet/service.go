// Package wallet is the member's money over the ledger: the cash wallet and
// provider wallets as the member sees them, deposits through payment
// gateways (or a bank transfer the operator confirms), withdrawals held
// until the operator approves and a gateway pays them out, bank accounts,
// and the records of every order and movement.
package wallet

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/payment"
	"gamehall/internal/provider"
)

// Sites is what the wallet needs of the tenant (site.Service).
type Sites interface {
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
	DemoMode(ctx context.Context, siteID int64) (bool, error)
}

// Members is what the wallet needs of members (member.Service).
type Members interface {
	// Holder is the member's name (a bank account's holder must match it)
	// and whether a withdrawal password is set.
	Holder(ctx context.Context, memberID int64) (name string, withdrawPassword bool, err error)
	// CheckWithdrawPassword checks it under the account's shared lock
	// (wrong ones count towards it): locked while the lock is on.
	CheckWithdrawPassword(ctx context.Context, memberID int64, password string) (ok, locked bool, err error)
	// Account finds a member of the site by account (the operator's calls).
	Account(ctx context.Context, siteID int64, account string) (memberID int64, currency string, err error)
}

// Publisher sends real-time events (realtime.Hub).
type Publisher interface {
	PublishMember(memberID int64, event string, data map[string]any)
}

// Service holds the wallet rules.
type Service struct {
	db       *db.DB
	store    *store
	ledger   *ledger.Ledger
	sites    Sites
	members  Members
	pub      Publisher
	gateways map[string]payment.Gateway
	// providers are the game providers members hold wallets at.
	providers *provider.Registry
	limits    DepositGuard
	bonuses   Bonuses
	now       func() time.Time
	zone      *time.Location
	log       *slog.Logger
}

// DepositGuard refuses a deposit that would pass one of the member's own
// deposit limits, counting the orders not yet settled; it runs inside the
// transaction that records the order (limits.Service).
type DepositGuard interface {
	CheckDeposit(ctx context.Context, memberID int64, currency string, exp int, amount int64,
		pending func(ctx context.Context, since int64) (int64, error)) error
}

// Bonuses are the promotion bonuses money movements answer to
// (bonus.Service): a credited deposit may pay a waiting deposit bonus, in
// the transaction that credits it; a withdrawal waits until every bonus's
// turnover is met.
type Bonuses interface {
	DepositCompleted(ctx context.Context, memberID int64, currency, orderNo string, amount int64) error
	CheckWithdrawal(ctx context.Context, siteID, memberID int64, currency string) error
}

// Deps are the collaborators of the service.
type Deps struct {
	DB        *db.DB
	Ledger    *ledger.Ledger
	Sites     Sites
	Members   Members
	Pub       Publisher
	Gateways  []payment.Gateway
	Providers *provider.Registry
	Limits    DepositGuard // nil: no member limits
	Bonuses   Bonuses      // nil: no bonuses
	Now       func() time.Time
	Zone      *time.Location // the site's zone: a withdrawal channel's day; nil is UTC
	Log       *slog.Logger
}

// NewService returns the service.
func NewService(d Deps) *Service {
	zone := d.Zone
	if zone == nil {
		zone = time.UTC
	}
	gws := map[string]payment.Gateway{}
	for _, g := range d.Gateways {
		gws[g.Code()] = g
	}
	return &Service{db: d.DB, store: &store{db: d.DB}, ledger: d.Ledger, sites: d.Sites, members: d.Members, pub: d.Pub,
		gateways: gws, providers: d.Providers, limits: d.Limits, bonuses: d.Bonuses, now: d.Now, zone: zone, log: d.Log}
}

// Codes of the wallet's own answers (docs/api.md, "Wallet").
var (
	ErrChannel           = fieldError(310, "wallet_channel_not_found", "channel_id")
	ErrBelowMin          = fieldError(311, "wallet_amount_below_min", "amount")
	ErrAboveMax          = fieldError(312, "wallet_amount_above_max", "amount")
	ErrDailyWithdrawals  = api.NewError(313, "wallet_daily_withdrawals")
	ErrBankRequired      = api.NewError(314, "wallet_bank_account_required")
	ErrBankNotFound      = fieldError(315, "wallet_bank_account_not_found", "bank_account_id")
	ErrBankLimit         = api.NewError(316, "wallet_bank_account_limit")
	ErrHolderMismatch    = api.NewError(317, "wallet_holder_mismatch")
	ErrAccountNoInvalid  = api.NewError(318, "wallet_account_no_invalid")
	ErrWithdrawPassword  = api.NewError(319, "wallet_withdraw_password_wrong")
	ErrWithdrawLocked    = api.NewError(320, "wallet_withdraw_password_locked")
	ErrOrderNotFound     = api.NewError(321, "wallet_order_not_found")
	ErrNoWithdrawPW      = api.NewError(322, "wallet_withdraw_password_not_set")
	ErrBankUnknown       = api.NewError(323, "wallet_bank_unknown")
	ErrBankBeforeDeposit = api.NewError(324, "wallet_bank_before_deposit")
	ErrNotPending        = api.NewError(325, "wallet_order_not_pending")
	ErrGatewayDown       = api.NewError(326, "wallet_gateway_unavailable")
	ErrBankDuplicate     = api.NewError(327, "wallet_bank_account_bound")
	ErrDemoMode          = api.NewError(205, "wallet_disabled_demo_mode")
)

// fieldError is a wallet code about one request field: the answer's
// message names it (api.Error.Message).
func fieldError(code int, key, field string) *api.Error {
	e := api.NewError(code, key)
	e.Field = field
	return e
}

// parseAmount reads an amount field of a request (api.ParseAmount) up to
// the ledger's cap.
func parseAmount(field string, raw json.RawMessage, exp int) (int64, error) {
	return api.ParseAmount(field, raw, exp, ledger.MaxAmount)
}

// requestID checks the client's idempotency key of a create call.
func requestID(id string) error {
	if id == "" || len(id) > 64 {
		return api.Bad("request_id", "must be 1 to 64 characters")
	}
	return nil
}

// orderNo is a fresh order number: a prefix, the UTC date and 10 random
// characters (50 bits), readable over the phone.
func orderNo(prefix string, now time.Time) string {
	var b [7]byte
	_, _ = rand.Read(b[:])
	return prefix + now.UTC().Format("20060102") + base32.StdEncoding.EncodeToString(b[:])[:10]
}

// exponent is the member's currency exponent on the site.
func (s *Service) exponent(ctx context.Context, siteID int64, currency string) (int, error) {
	exp, ok, err := s.sites.CurrencyExponent(ctx, siteID, currency)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, fmt.Errorf("currency %s not offered by site %d", currency, siteID)
	}
	return exp, nil
}

// fee is a channel's fee on amount: basis points plus a fixed part, capped.
func (c Channel) fee(amount int64) int64 {
	f := amount*int64(c.FeeBP)/10000 + c.FeeFixed
	if c.FeeMax > 0 && f > c.FeeMax {
		f = c.FeeMax
	}
	if f > amount {
		f = amount
	}
	return f
}

// publish tells the member's browsers of an event once ctx's transaction
// has committed.
func (s *Service) publish(ctx context.Context, memberID int64, event string, data map[string]any) {
	if s.pub == nil {
		return
	}
	s.db.AfterCommit(ctx, func() { s.pub.PublishMember(memberID, event, data) })
}
