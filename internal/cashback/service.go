// Package cashback pays a daily cash back (rebate): under the operator's
// rule for a site and currency, a share of a member's real-money play on a
// day of the site's zone, either of the stakes (valid bets) or of the
// stakes less the wins (net loss), at a rate per game type. The figures come
// from the ledger; the payment is one ledger transaction from the
// promotions account to the member's main wallet, once per member and day
// however many runs race (the payout row's unique key and the ledger key
// cashback:<member>:<day>). A member on a time-out or self-exclusion when
// the day is paid gets nothing for it (the row says withheld).
package cashback

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/bonus"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// Failures with their own codes (docs/api.md, "Cash back").
var (
	ErrRuleNotFound = api.NewError(711, "cashback_rule_not_found")
	ErrRuleExists   = api.NewError(712, "cashback_rule_exists")
	ErrDayOpen      = api.NewError(713, "cashback_day_not_closed")
)

// Member is the caller.
type Member struct {
	SiteID   int64
	ID       int64
	Currency string
}

// Sites is what cash back needs of the tenant (site.Service).
type Sites interface {
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
}

// Members finds members (member.Service).
type Members interface {
	Account(ctx context.Context, siteID int64, account string) (memberID int64, currency string, err error)
	SiteOf(ctx context.Context, memberID int64) (int64, error)
}

// Ledger reads a day's play and posts the payment (ledger.Ledger).
type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.Result, error)
	Flows(ctx context.Context, memberID int64, currency string, from, to int64, kinds ...ledger.Kind) ([]ledger.Flow, error)
	Bettors(ctx context.Context, currency string, from, to int64) ([]int64, error)
}

// Rounds maps in-house round ids to their game codes (house.Store).
type Rounds interface {
	RoundGames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Games maps game codes to game types (games.Service).
type Games interface {
	TypesOf(ctx context.Context, codes []string) (map[string]int, error)
}

// Guard refuses an award to a member on a time-out or self-exclusion with
// an *api.Error (exclusion.Service); any other error is a failure. It runs
// inside the payment's transaction.
type Guard interface {
	CheckCashBack(ctx context.Context, memberID int64) error
}

// Deps are the service's collaborators.
type Deps struct {
	DB      *db.DB
	Sites   Sites
	Members Members
	Ledger  Ledger
	Rounds  Rounds
	Games   Games
	Guard   Guard
	Now     func() time.Time
	// Zone is the site's time zone: a day is [00:00, 24:00) there.
	Zone *time.Location
	// HouseRef is how the in-house provider's rounds are referenced in the
	// ledger ("GP001:" and the round id): their game type is known.
	HouseRef string
}

// Service is the cash-back rules.
type Service struct {
	Deps
	store *store
}

// NewService returns the service on d.
func NewService(d Deps) *Service {
	return &Service{Deps: d, store: &store{db: d.DB}}
}

// Bases a rule pays on.
const (
	NetLoss   = "net_loss"
	ValidBets = "valid_bets"
)

// Payout statuses.
const (
	Paid     = "paid"
	Withheld = "withheld"
)

// dayLayout is how a day is written: a date of the site's zone.
const dayLayout = "2006-01-02"

// dayBounds are the day's [from, to) in unix microseconds.
func (s *Service) dayBounds(day time.Time) (int64, int64) {
	from := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, s.Zone)
	return from.UnixMicro(), from.AddDate(0, 0, 1).UnixMicro()
}

// parseDay reads a day that is over in the zone: paying a day so far
// would close it for its members, and their later bets would earn nothing.
func (s *Service) parseDay(v string) (time.Time, error) {
	d, err := time.ParseInLocation(dayLayout, strings.TrimSpace(v), s.Zone)
	if err != nil {
		return time.Time{}, api.Bad("day", "must be a date YYYY-MM-DD")
	}
	if d.Format(dayLayout) >= s.Now().In(s.Zone).Format(dayLayout) {
		return time.Time{}, ErrDayOpen
	}
	return d, nil
}

// yesterday is the last closed day of the zone.
func (s *Service) yesterday() string {
	return s.Now().In(s.Zone).AddDate(0, 0, -1).Format(dayLayout)
}

// typeFigures are a day's stakes and wins on one game type.
type typeFigures struct {
	Bets   int64 `json:"bets"`
	Wins   int64 `json:"wins"`
	Base   int64 `json:"base"`
	RateBP int64 `json:"rate_bp"`
	Amount int64 `json:"amount"`
}

// dayFigures is what a rule makes of a member's day.
type dayFigures struct {
	Types  map[int]*typeFigures
	Base   int64
	Amount int64
}

// detail is what a payout row keeps of how it was worked out.
type detail struct {
	Types        map[string]typeFigures `json:"types"`
	DefaultRate  int64                  `json:"default_rate_bp"`
	MinPayout    int64                  `json:"min_payout"`
	Cap          int64                  `json:"cap"`
	BeforeLimits int64                  `json:"before_limits"`
}

// share is bp basis points of v, rounded down.
func share(v, bp int64) int64 { return v/10000*bp + v%10000*bp/10000 }

// figures works the member's day out under r: per game type, the base
// (stakes, or stakes less wins never below zero) times the type's rate,
// rounded down; the sum is nothing below the minimum and at most the cap.
func (s *Service) figures(ctx context.Context, r ruleRow, memberID int64, from, to int64) (dayFigures, int64, error) {
	flows, err := s.Ledger.Flows(ctx, memberID, r.Currency, from, to, ledger.Bet, ledger.Win)
	if err != nil {
		return dayFigures{}, 0, err
	}
	types, err := s.gameTypes(ctx, flows)
	if err != nil {
		return dayFigures{}, 0, err
	}
	rates := ratesOf(r.Rates)
	out := dayFigures{Types: map[int]*typeFigures{}}
	for i, f := range flows {
		t := out.Types[types[i]]
		if t == nil {
			t = &typeFigures{}
			out.Types[types[i]] = t
		}
		switch {
		case f.Kind == ledger.Bet && f.Amount < 0:
			t.Bets -= f.Amount
		case f.Kind == ledger.Win && f.Amount > 0:
			t.Wins += f.Amount
		}
	}
	var total int64
	for id, t := range out.Types {
		t.Base = t.Bets
		if r.Basis == NetLoss {
			t.Base = max(t.Bets-t.Wins, 0)
		}
		rate, ok := rates[id]
		if !ok {
			rate = r.DefaultRateBP
		}
		t.RateBP, t.Amount = rate, share(t.Base, rate)
		out.Base += t.Base
		total += t.Amount
	}
	out.Amount = total
	if out.Amount < r.MinPayout {
		out.Amount = 0
	}
	if r.Cap > 0 {
		out.Amount = min(out.Amount, r.Cap)
	}
	return out, total, nil
}

// gameTypes is each flow's game type: the in-house round's (the reference
// is HouseRef and the round id); 0 for other providers' rounds, whose game
// is not known here.
func (s *Service) gameTypes(ctx context.Context, flows []ledger.Flow) ([]int, error) {
	refs := make([]string, len(flows))
	for i, f := range flows {
		refs[i] = f.Reference
	}
	return bonus.GameTypes(ctx, s.Rounds, s.Games, s.HouseRef, refs)
}

// ratesOf reads a rule's stored rates.
func ratesOf(raw string) map[int]int64 {
	var m map[string]int64
	_ = json.Unmarshal([]byte(raw), &m)
	out := make(map[int]int64, len(m))
	for k, v := range m {
		if id, err := strconv.Atoi(k); err == nil {
			out[id] = v
		}
	}
	return out
}

// Report is what one run over a day did.
type Report struct {
	Day      string       `json:"day"`
	Currency string       `json:"currency"`
	Members  int          `json:"members"`
	Paid     int          `json:"paid"`
	Withheld int          `json:"withheld"`
	Amount   money.Amount `json:"amount"`
}

// runAll pays the day for every active rule of every site (the background
// job, with yesterday).
func (s *Service) runAll(ctx context.Context, day string) error {
	rules, err := s.store.activeRules(ctx, 0)
	if err != nil {
		return err
	}
	for _, r := range rules {
		if _, err := s.runRule(ctx, r, day); err != nil {
			return fmt.Errorf("cash back %s site %d %s: %w", day, r.SiteID, r.Currency, err)
		}
	}
	return nil
}

// RunYesterday pays the last closed day.
func (s *Service) RunYesterday(ctx context.Context) error { return s.runAll(ctx, s.yesterday()) }

// RunDay pays a day that is over under the site's active rules (the
// operator). Members paid before are skipped, so a run may be repeated.
func (s *Service) RunDay(ctx context.Context, siteID int64, day string) ([]Report, error) {
	d, err := s.parseDay(day)
	if err != nil {
		return nil, err
	}
	rules, err := s.store.activeRules(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make([]Report, 0, len(rules))
	for _, r := range rules {
		rep, err := s.runRule(ctx, r, d.Format(dayLayout))
		if err != nil {
			return nil, err
		}
		out = append(out, rep)
	}
	return out, nil
}

func (s *Service) runRule(ctx context.Context, r ruleRow, day string) (Report, error) {
	d, err := time.ParseInLocation(dayLayout, day, s.Zone)
	if err != nil {
		return Report{}, api.Bad("day", "must be a date YYYY-MM-DD")
	}
	exp, _, err := s.Sites.CurrencyExponent(ctx, r.SiteID, r.Currency)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Day: day, Currency: r.Currency, Amount: money.Amount{Exp: exp}}
	from, to := s.dayBounds(d)
	ids, err := s.Ledger.Bettors(ctx, r.Currency, from, to)
	if err != nil {
		return Report{}, err
	}
	for _, id := range ids {
		site, err := s.Members.SiteOf(ctx, id)
		if err != nil {
			return Report{}, err
		}
		if site != r.SiteID {
			continue
		}
		rep.Members++
		p, made, err := s.pay(ctx, r, id, day, from, to)
		if err != nil {
			return Report{}, err
		}
		switch {
		case !made:
		case p.Status == Paid:
			rep.Paid++
			rep.Amount.Minor += p.Amount
		default:
			rep.Withheld++
		}
	}
	return rep, nil
}

// pay works out and pays the member's day once; made is false when the day
// was paid before or comes to nothing.
func (s *Service) pay(ctx context.Context, r ruleRow, memberID int64, day string, from, to int64) (payoutRow, bool, error) {
	if _, done, err := s.store.payoutOf(ctx, memberID, day); err != nil || done {
		return payoutRow{}, false, err
	}
	f, before, err := s.figures(ctx, r, memberID, from, to)
	if err != nil || f.Amount == 0 {
		return payoutRow{}, false, err
	}
	det := detail{Types: map[string]typeFigures{}, DefaultRate: r.DefaultRateBP, MinPayout: r.MinPayout, Cap: r.Cap,
		BeforeLimits: before}
	for id, t := range f.Types {
		det.Types[strconv.Itoa(id)] = *t
	}
	raw, err := json.Marshal(det)
	if err != nil {
		return payoutRow{}, false, fmt.Errorf("cash back detail: %w", err)
	}
	p := payoutRow{SiteID: r.SiteID, RuleID: r.ID, MemberID: memberID, Currency: r.Currency, Day: day, Basis: r.Basis,
		Base: f.Base, Amount: f.Amount, Status: Paid, Detail: string(raw), CreatedAt: s.Now().UTC().UnixMicro()}
	made := false
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if s.Guard != nil {
			err := s.Guard.CheckCashBack(ctx, memberID)
			var refusal *api.Error
			switch {
			case errors.As(err, &refusal):
				p.Status = Withheld
			case err != nil:
				return err
			}
		}
		id, ok, err := s.store.insertPayout(ctx, p)
		if err != nil || !ok {
			return err // !ok: another run paid the day
		}
		p.ID, made = id, true
		if p.Status != Paid {
			return nil
		}
		_, err = s.Ledger.Post(ctx, ledger.Entry{Key: fmt.Sprintf("cashback:%d:%s", memberID, day), Kind: ledger.CashBack,
			Currency: r.Currency, Reference: "cashback:" + day, Postings: []ledger.Posting{
				{Account: ledger.Account{Kind: ledger.Promotions}, Amount: -p.Amount},
				{Account: ledger.Account{Kind: ledger.Main, MemberID: memberID}, Amount: p.Amount}}})
		return err
	})
	return p, made, err
}

// Active says whether the site pays cash back in the currency: the public
// /arks/web/cash_surplus/check and the member layout's cash_back_status.
func (s *Service) Active(ctx context.Context, siteID int64, currency string) (bool, error) {
	r, ok, err := s.store.ruleOf(ctx, siteID, currency)
	return ok && r.Active, err
}

// PayoutView is one day's cash back as the member and the operator see it.
type PayoutView struct {
	ID        int64        `json:"id"`
	Day       string       `json:"day"`
	Basis     string       `json:"basis"`
	Base      money.Amount `json:"base"`
	Amount    money.Amount `json:"amount"`
	Currency  string       `json:"currency"`
	Status    string       `json:"status"`
	CreatedAt string       `json:"created_at"`
}

func payoutView(p payoutRow, exp int) PayoutView {
	return PayoutView{ID: p.ID, Day: p.Day, Basis: p.Basis, Base: money.Amount{Minor: p.Base, Exp: exp},
		Amount: money.Amount{Minor: p.Amount, Exp: exp}, Currency: p.Currency, Status: p.Status,
		CreatedAt: time.UnixMicro(p.CreatedAt).UTC().Format(time.RFC3339)}
}

// Payouts are the member's days, newest first, a page of size at a time
// (page from 1), and how many there are.
func (s *Service) Payouts(ctx context.Context, m Member, page, size int) ([]PayoutView, int, error) {
	if page < 1 {
		return nil, 0, api.Bad("page", "must be a positive integer")
	}
	if size < 1 || size > 100 {
		return nil, 0, api.Bad("page_size", "must be from 1 to 100")
	}
	exp, _, err := s.Sites.CurrencyExponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return nil, 0, err
	}
	rows, total, err := s.store.payouts(ctx, m.ID, (page-1)*size, size)
	if err != nil {
		return nil, 0, err
	}
	out := make([]PayoutView, len(rows))
	for i, p := range rows {
		out[i] = payoutView(p, exp)
	}
	return out, total, nil
}

// Rule is the member's active rule (ok false: none).
func (s *Service) Rule(ctx context.Context, m Member) (RuleView, bool, error) {
	r, ok, err := s.store.ruleOf(ctx, m.SiteID, m.Currency)
	if err != nil || !ok || !r.Active {
		return RuleView{}, false, err
	}
	v, err := s.ruleView(ctx, r)
	return v, err == nil, err
}
