// Package promo holds the promotions that pay members: red envelopes (a
// budget shared out at random among the members who claim it first) and the
// daily sign-in (an award per streak day). Every award is a ledger
// transaction from the promotions account, keyed by the claim or the day,
// in the same database transaction as the claim itself.
package promo

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/engine/rng"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// Member is the caller.
type Member struct {
	SiteID   int64
	ID       int64
	Currency string
}

// Sites is what promotions need of the tenant.
type Sites interface {
	DefaultLanguageOf(ctx context.Context, siteID int64) (string, error)
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
}

// Ledger posts awards (ledger.Ledger).
type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.Result, error)
}

// Deposits answers whether a member deposited in a window (the wallet);
// only envelopes with a deposit condition ask.
type Deposits interface {
	DepositedBetween(ctx context.Context, m Member, from, to time.Time) (bool, error)
}

// Publisher sends real-time events (realtime.Hub).
type Publisher interface {
	Publish(channel, event string, data map[string]any)
}

// Deps are the service's collaborators.
type Deps struct {
	DB       *db.DB
	Sites    Sites
	Ledger   Ledger
	Deposits Deposits
	Pub      Publisher
	Now      func() time.Time
	// Zone is the site's time zone: envelope windows are written and shown
	// in it, and the sign-in day turns at its midnight.
	Zone *time.Location
	// After is the scheduler's timer (time.After when nil; tests drive it).
	After func(time.Duration) <-chan time.Time
	Log   *slog.Logger
	// Guard refuses awards to a member on a time-out or self-exclusion;
	// nil: none.
	Guard AwardGuard
}

// AwardGuard refuses an envelope or a sign-in award to a member who may not
// take one now (exclusion.Service); it runs inside the award's transaction.
type AwardGuard interface {
	CheckEnvelope(ctx context.Context, memberID int64) error
	CheckSignIn(ctx context.Context, memberID int64) error
}

// Service is the promotions' rules.
type Service struct {
	Deps
	store *Store
	rand  *rng.Pool
	// wake tells RunScheduler a save changed the next start.
	wake chan struct{}
}

// NewService returns the promotions on d.Deps.
func NewService(d Deps) *Service {
	return &Service{Deps: d, store: &Store{db: d.DB}, rand: rng.NewPool(), wake: make(chan struct{}, 1)}
}

// WallTime is how envelope times travel: wall time in the site's zone.
const WallTime = "2006-01-02 15:04:05"

func (s *Service) wall(micros int64) string {
	return time.UnixMicro(micros).In(s.Zone).Format(WallTime)
}

// parseWall reads an operator's wall time in the site's zone.
func (s *Service) parseWall(field, v string) (int64, error) {
	t, err := time.ParseInLocation(WallTime, strings.TrimSpace(v), s.Zone)
	if err != nil {
		return 0, api.Bad(field, "must be a time as YYYY-MM-DD HH:MM:SS in "+s.Zone.String())
	}
	return t.UTC().UnixMicro(), nil
}

// amountOf reads an operator's amount (a JSON number in the currency's major
// unit); zero is allowed only where allowZero says.
func amountOf(field string, raw json.RawMessage, exp int, allowZero bool) (int64, error) {
	v := strings.TrimSpace(string(raw))
	if v == "" || v == "null" || strings.HasPrefix(v, `"`) {
		return 0, api.Bad(field, "is required as a number")
	}
	a, err := money.Parse(v, exp)
	if err != nil || a.Minor < 0 || a.Minor > ledger.MaxAmount || (a.Minor == 0 && !allowZero) {
		return 0, api.Bad(field, "must be a positive amount with at most the currency's decimals")
	}
	return a.Minor, nil
}

// exponent is the currency's exponent, or a bad field when the site does not
// offer it.
func (s *Service) exponent(ctx context.Context, siteID int64, currency string) (int, error) {
	exp, ok, err := s.Sites.CurrencyExponent(ctx, siteID, currency)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, api.Bad("currency", "is not a currency of the site")
	}
	return exp, nil
}

// award posts amount from the promotions account to the member's main
// wallet under key (the claim or the day), in the transaction ctx carries.
func (s *Service) award(ctx context.Context, m Member, key string, amount int64) (int64, error) {
	res, err := s.Ledger.Post(ctx, ledger.Entry{Key: key, Kind: ledger.Bonus, Currency: m.Currency, Reference: key,
		Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Promotions}, Amount: -amount},
			{Account: ledger.Account{Kind: ledger.Main, MemberID: m.ID}, Amount: amount}}})
	return res.TxID, err
}
