// Package limits holds the limits a member sets on their own play: deposit,
// loss and wager per rolling 24 hours, 7 days and 30 days, and the session
// time. A decrease takes effect at once; an increase or a removal waits 24
// hours and then the member's second confirmation. The domains that move
// money ask this package at the point of decision, inside the transaction
// that moves it.
package limits

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// Kind is what a limit caps.
type Kind string

const (
	Deposit Kind = "deposit" // money deposited
	Loss    Kind = "loss"    // stakes minus wins
	Wager   Kind = "wager"   // stakes
	Session Kind = "session" // minutes of play in one session
)

// Period is a limit's rolling window.
type Period string

const (
	Day     Period = "day"
	Week    Period = "week"
	Month   Period = "month"
	PerPlay Period = "session" // the session-time limit's only period
)

// windows are the rolling windows of the money limits.
var windows = map[Period]time.Duration{Day: 24 * time.Hour, Week: 7 * 24 * time.Hour, Month: 30 * 24 * time.Hour}

// CoolOff is how long an increase or a removal waits before the member may
// confirm it.
const CoolOff = 24 * time.Hour

// MaxSessionMinutes bounds the session-time limit (a day).
const MaxSessionMinutes = 24 * 60

// removal marks a pending removal in pending_amount.
const removal = -1

// Errors. The refusals at a point of decision carry which limit and when it
// resets in their data.
var (
	ErrDepositLimit = api.NewError(601, "limit_deposit_reached")
	ErrLossLimit    = api.NewError(602, "limit_loss_reached")
	ErrWagerLimit   = api.NewError(603, "limit_wager_reached")
	ErrSessionLimit = api.NewError(604, "limit_session_reached")
	ErrNotPending   = api.NewError(611, "limit_nothing_pending")
	ErrTooEarly     = api.NewError(612, "limit_not_yet_confirmable")
)

// Usage is what the ledger knows of a member's money since a time.
type Usage interface {
	MemberSums(ctx context.Context, memberID int64, currency string, since int64) (ledger.Sums, error)
}

// Currencies gives a currency's exponent (site.Service).
type Currencies interface {
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
	// RealityCheckMinutes is the site's default reality-check interval.
	RealityCheckMinutes(ctx context.Context, siteID int64) (int, error)
}

// Service is the limits of members.
type Service struct {
	db    *db.DB
	store *Store
	usage Usage
	cur   Currencies
	now   func() time.Time
}

// NewService returns the service; now is the clock (time.Now).
func NewService(d *db.DB, usage Usage, cur Currencies, now func() time.Time) *Service {
	return &Service{db: d, store: NewStore(d), usage: usage, cur: cur, now: now}
}

// View is a limit as the member sees it: money limits in the currency's
// major units, the session limit in minutes.
type View struct {
	Kind          Kind   `json:"kind"`
	Period        Period `json:"period"`
	Amount        any    `json:"amount"`
	PendingAmount any    `json:"pending_amount"` // null: none; "remove": a pending removal
	PendingAt     string `json:"pending_at"`     // when the pending change may be confirmed
	Confirmable   int    `json:"confirmable"`
	Used          any    `json:"used"` // what the window holds now (money limits)
}

// Refusal is the data of a refused decision: which limit, what is left, and
// when the oldest counted movement leaves the window.
type Refusal struct {
	Kind     Kind         `json:"kind"`
	Period   Period       `json:"period"`
	Limit    money.Amount `json:"limit"`
	Left     money.Amount `json:"left"`
	ResetsAt string       `json:"resets_at"`
}

func (s *Service) exponent(ctx context.Context, p auth.Principal) (int, error) {
	exp, ok, err := s.cur.CurrencyExponent(ctx, p.SiteID, p.Currency)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, fmt.Errorf("limits: currency %s of site %d unknown", p.Currency, p.SiteID)
	}
	return exp, nil
}

// windowSums reads the ledger's sums once per window: a deposit and a loss
// limit over the same 24 hours share one query.
type windowSums struct {
	usage    Usage
	memberID int64
	currency string
	now      time.Time
	got      map[Period]ledger.Sums
}

func (w *windowSums) of(ctx context.Context, p Period) (ledger.Sums, error) {
	if sums, ok := w.got[p]; ok {
		return sums, nil
	}
	sums, err := w.usage.MemberSums(ctx, w.memberID, w.currency, w.now.Add(-windows[p]).UnixMicro())
	if err != nil {
		return ledger.Sums{}, err
	}
	w.got[p] = sums
	return sums, nil
}

// List is the member's limits with what each window holds now.
func (s *Service) List(ctx context.Context, p auth.Principal) ([]View, error) {
	exp, err := s.exponent(ctx, p)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.list(ctx, p.MemberID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	window := &windowSums{usage: s.usage, memberID: p.MemberID, currency: p.Currency, now: now, got: map[Period]ledger.Sums{}}
	out := make([]View, 0, len(rows))
	for _, r := range rows {
		v := s.view(r, exp, now)
		if _, ok := windows[r.Period]; ok {
			sums, err := window.of(ctx, r.Period)
			if err != nil {
				return nil, err
			}
			v.Used = money.Amount{Minor: used(r.Kind, sums), Exp: exp}
		}
		out = append(out, v)
	}
	return out, nil
}

func (s *Service) view(r row, exp int, now time.Time) View {
	amt := func(n int64) any {
		if r.Kind == Session {
			return n
		}
		return money.Amount{Minor: n, Exp: exp}
	}
	v := View{Kind: r.Kind, Period: r.Period, Amount: amt(r.Amount)}
	if r.PendingAmount.Valid {
		v.PendingAmount = "remove"
		if r.PendingAmount.Int64 != removal {
			v.PendingAmount = amt(r.PendingAmount.Int64)
		}
		at := time.UnixMicro(r.PendingAt.Int64).UTC()
		v.PendingAt = api.FormatTime(r.PendingAt.Int64)
		v.Confirmable = api.Flag(!now.Before(at))
	}
	return v
}

// used is what a window holds against a limit of kind.
func used(kind Kind, s ledger.Sums) int64 {
	switch kind {
	case Deposit:
		return s.Deposits
	case Wager:
		return s.Bets
	case Loss:
		return max(0, s.Bets-s.Wins)
	}
	return 0
}

// SetInput is /member/limits/set: amount null removes the limit.
type SetInput struct {
	Kind   Kind            `json:"kind"`
	Period Period          `json:"period"`
	Amount json.RawMessage `json:"amount"`
}

func validKind(k Kind, p Period) error {
	switch k {
	case Deposit, Loss, Wager:
		if _, ok := windows[p]; !ok {
			return api.Bad("period", "must be day, week or month")
		}
	case Session:
		if p != PerPlay {
			return api.Bad("period", "must be session for the session-time limit")
		}
	default:
		return api.Bad("kind", "must be deposit, loss, wager or session")
	}
	return nil
}

// Set sets, lowers, raises or removes one limit. Lowering (or a first
// limit) applies at once and drops any pending raise; raising or removing
// waits CoolOff and the member's confirmation, the current limit holding
// meanwhile.
func (s *Service) Set(ctx context.Context, p auth.Principal, in SetInput) (View, error) {
	if err := validKind(in.Kind, in.Period); err != nil {
		return View{}, err
	}
	exp, err := s.exponent(ctx, p)
	if err != nil {
		return View{}, err
	}
	next := int64(removal)
	if raw := string(in.Amount); raw != "" && raw != "null" {
		if in.Kind == Session {
			next, err = api.ParseAmount("amount", in.Amount, 0, MaxSessionMinutes)
		} else {
			next, err = api.ParseAmount("amount", in.Amount, exp, ledger.MaxAmount)
		}
		if err != nil {
			return View{}, err
		}
	}
	now := s.now()
	var out View
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		rows, err := s.store.lock(ctx, p.MemberID, in.Kind)
		if err != nil {
			return err
		}
		cur, exists := find(rows, in.Period)
		cur.Kind, cur.Period, cur.UpdatedAt = in.Kind, in.Period, now.UnixMicro()
		switch {
		case !exists && next == removal:
			return api.Bad("amount", "there is no such limit to remove")
		case !exists || (next != removal && next <= cur.Amount):
			cur.Amount, cur.PendingAmount, cur.PendingAt = next, sql.NullInt64{}, sql.NullInt64{}
		default:
			cur.PendingAmount = sql.NullInt64{Int64: next, Valid: true}
			cur.PendingAt = sql.NullInt64{Int64: now.Add(CoolOff).UnixMicro(), Valid: true}
		}
		out = s.view(cur, exp, now)
		return s.store.put(ctx, p.MemberID, cur)
	})
	return out, err
}

func find(rows []row, period Period) (row, bool) {
	for _, r := range rows {
		if r.Period == period {
			return r, true
		}
	}
	return row{}, false
}

// ConfirmInput is /member/limits/confirm.
type ConfirmInput struct {
	Kind   Kind   `json:"kind"`
	Period Period `json:"period"`
}

// Confirm applies a pending raise or removal once its cool-off has passed
// (612 before, 611 when nothing waits). A removal answers removed = true.
func (s *Service) Confirm(ctx context.Context, p auth.Principal, in ConfirmInput) (View, bool, error) {
	if err := validKind(in.Kind, in.Period); err != nil {
		return View{}, false, err
	}
	exp, err := s.exponent(ctx, p)
	if err != nil {
		return View{}, false, err
	}
	now := s.now()
	var out View
	var removed bool
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		rows, err := s.store.lock(ctx, p.MemberID, in.Kind)
		if err != nil {
			return err
		}
		cur, ok := find(rows, in.Period)
		if !ok || !cur.PendingAmount.Valid {
			return ErrNotPending
		}
		if at := time.UnixMicro(cur.PendingAt.Int64); now.Before(at) {
			return ErrTooEarly.WithData(map[string]string{"pending_at": api.FormatTime(cur.PendingAt.Int64)})
		}
		if cur.PendingAmount.Int64 == removal {
			removed = true
			return s.store.remove(ctx, p.MemberID, in.Kind, in.Period)
		}
		cur.Amount, cur.PendingAmount, cur.PendingAt, cur.UpdatedAt = cur.PendingAmount.Int64, sql.NullInt64{}, sql.NullInt64{}, now.UnixMicro()
		out = s.view(cur, exp, now)
		return s.store.put(ctx, p.MemberID, cur)
	})
	return out, removed, err
}

// CheckDeposit refuses a deposit of amount that would pass one of the
// member's deposit limits, counting pending(since): the member's deposit
// orders not yet settled since then. Call it inside the transaction that
// records the order: it locks the member's deposit limits until the commit,
// so two deposits cannot both fit the same room.
func (s *Service) CheckDeposit(ctx context.Context, memberID int64, currency string, exp int, amount int64,
	pending func(ctx context.Context, since int64) (int64, error)) error {
	return s.check(ctx, memberID, currency, exp, amount, 0, pending, Deposit)
}

// CheckBet refuses a stake that would pass one of the member's loss or
// wager limits (a stake may be lost whole), and any stake once the session
// that started at sessionStart (unix microseconds) has run past the
// member's session-time limit, and any stake while a reality check waits
// (CheckReality). Call it inside the transaction that debits
// the stake.
func (s *Service) CheckBet(ctx context.Context, siteID, memberID int64, currency string, exp int, stake int64, sessionStart int64) error {
	if err := s.CheckReality(ctx, siteID, memberID, currency, exp); err != nil {
		return err
	}
	return s.check(ctx, memberID, currency, exp, stake, sessionStart, nil, Loss, Wager, Session)
}

func (s *Service) check(ctx context.Context, memberID int64, currency string, exp int, amount, sessionStart int64,
	pending func(ctx context.Context, since int64) (int64, error), kinds ...Kind) error {
	if !s.db.InTx(ctx) {
		return fmt.Errorf("limits: a check outside the transaction that moves the money")
	}
	rows, err := s.store.lock(ctx, memberID, kinds...)
	if err != nil || len(rows) == 0 {
		return err
	}
	now := s.now()
	window := &windowSums{usage: s.usage, memberID: memberID, currency: currency, now: now, got: map[Period]ledger.Sums{}}
	for _, r := range rows {
		if r.Kind == Session {
			end := time.UnixMicro(sessionStart).Add(time.Duration(r.Amount) * time.Minute)
			if sessionStart > 0 && !now.Before(end) {
				return ErrSessionLimit.WithData(map[string]any{"kind": Session, "minutes": r.Amount, "ended_at": api.FormatTime(end.UnixMicro())})
			}
			continue
		}
		since := now.Add(-windows[r.Period]).UnixMicro()
		sums, err := window.of(ctx, r.Period)
		if err != nil {
			return err
		}
		u := used(r.Kind, sums)
		if pending != nil {
			more, err := pending(ctx, since)
			if err != nil {
				return err
			}
			u += more
		}
		if u+amount <= r.Amount {
			continue
		}
		oldest := sums.Oldest(r.Kind == Deposit)
		if oldest == 0 {
			oldest = now.UnixMicro()
		}
		refusal := Refusal{Kind: r.Kind, Period: r.Period, Limit: money.Amount{Minor: r.Amount, Exp: exp},
			Left: money.Amount{Minor: max(0, r.Amount-u), Exp: exp}, ResetsAt: api.FormatTime(oldest + windows[r.Period].Microseconds())}
		return refusalError(r.Kind).With("limit_period_" + string(r.Period)).WithData(refusal)
	}
	return nil
}

func refusalError(k Kind) *api.Error {
	switch k {
	case Deposit:
		return ErrDepositLimit
	case Loss:
		return ErrLossLimit
	}
	return ErrWagerLimit
}
