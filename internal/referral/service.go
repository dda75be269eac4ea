// Package referral pays members for the members they bring (the recommend
// feature): a plan per site and currency gives a recommender a reward when
// an invitee's first deposit reaches a threshold, and a share of the
// invitees' valid bets of each closed period (a day or a week of the
// site's zone), capped per recommender and period.
//
// Every award is a ledger transaction from the promotions account to the
// recommender's main wallet, keyed by invitee (the first deposit) or by
// recommender, invitee and period (the share), and recorded once in
// referral_awards. A recommender and invitee who look like one person
// (same phone, a device both signed in from, the same bank account holder
// name) are paid nothing: the award is recorded as refused and the pair
// flagged for the operator.
package referral

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/member"
	"gamehall/internal/money"
)

// Failures with their own codes (docs/api.md, "Referral").
var (
	// The spec's agent-check codes: either blocks the recommend feature.
	ErrAgentIsAgent  = api.NewError(101, "agent_apply_is_agent")
	ErrAgentExcluded = api.NewError(104, "agent_apply_excluded")

	ErrPlanNotFound = api.NewError(722, "referral_plan_not_found")
	ErrPlanExists   = api.NewError(723, "referral_plan_exists")
	ErrNotAvailable = api.NewError(724, "referral_not_available")
	ErrPeriodOpen   = api.NewError(725, "referral_period_open")
)

// Member is the caller.
type Member struct {
	SiteID   int64
	ID       int64
	Currency string
}

// Sites is what referrals need of the tenant (site.Service).
type Sites interface {
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
}

// Members are the members and who brought whom (member.Service).
type Members interface {
	ReferralOf(ctx context.Context, memberID int64) (member.Referral, error)
	RecommendEnabled(ctx context.Context, siteID int64) (bool, error)
	Invitees(ctx context.Context, siteID, recommenderID int64, search string, offset, limit int) ([]member.Invitee, int, error)
	Referred(ctx context.Context, siteID int64, currency string) ([][2]int64, error)
	SharedIdentity(ctx context.Context, a, b int64) (string, error)
	Account(ctx context.Context, siteID int64, account string) (int64, string, error)
}

// Wallet answers for members' deposits and bank accounts (wallet.Service).
type Wallet interface {
	// PaidDeposits counts the member's paid deposits, the one being
	// credited included when asked inside its transaction.
	PaidDeposits(ctx context.Context, memberID int64) (int, error)
	HolderNames(ctx context.Context, memberID int64, currency string) ([]string, error)
}

// Exclusions tells whether a time-out or self-exclusion binds the member
// (exclusion.Service).
type Exclusions interface {
	Excluded(ctx context.Context, memberID int64) (bool, error)
}

// Ledger posts awards and sums bets (ledger.Ledger).
type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.Result, error)
	KindTotals(ctx context.Context, memberID int64, currency string, from, to int64, kinds ...ledger.Kind) (map[ledger.Kind]int64, error)
}

// Deps are the service's collaborators.
type Deps struct {
	DB         *db.DB
	Sites      Sites
	Members    Members
	Wallet     Wallet
	Exclusions Exclusions
	Ledger     Ledger
	Now        func() time.Time
	// Zone is the site's time zone: a day or week turns at its midnight.
	Zone *time.Location
}

// Service is the referral rules.
type Service struct {
	Deps
	store *store
}

// NewService returns the service on d.
func NewService(d Deps) *Service {
	return &Service{Deps: d, store: &store{db: d.DB}}
}

// Award kinds and statuses.
const (
	KindFirst = "first"
	KindShare = "share"
	Paid      = "paid"
	Refused   = "refused"
)

func rfc(micros int64) string {
	if micros == 0 {
		return ""
	}
	return time.UnixMicro(micros).UTC().Format(time.RFC3339)
}

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

// IsFriend is /bonus_setting/check: 1 when the currency has an active plan
// and the site's recommend switch is on.
func (s *Service) IsFriend(ctx context.Context, siteID int64, currency string) (int, error) {
	on, err := s.Members.RecommendEnabled(ctx, siteID)
	if err != nil || !on {
		return 0, err
	}
	p, ok, err := s.store.planFor(ctx, siteID, currency)
	if err != nil || !ok || !p.Active {
		return 0, err
	}
	return 1, nil
}

// AgentCheck is /member/apply_for_agent/check: nil when the member may
// recommend; 101 when the member is an agent (agents bring members through
// their own commission, not this plan); 104 while a time-out or
// self-exclusion binds the member (nobody invites friends to gamble from
// inside a break).
func (s *Service) AgentCheck(ctx context.Context, memberID int64) error {
	r, err := s.Members.ReferralOf(ctx, memberID)
	if err != nil {
		return err
	}
	if r.IsAgent {
		return ErrAgentIsAgent
	}
	ex, err := s.Exclusions.Excluded(ctx, memberID)
	if err != nil {
		return err
	}
	if ex {
		return ErrAgentExcluded
	}
	return nil
}

// available is nil when the member may use the recommend pages: the same
// two checks the client makes.
func (s *Service) available(ctx context.Context, m Member) (planRow, error) {
	friend, err := s.IsFriend(ctx, m.SiteID, m.Currency)
	if err != nil {
		return planRow{}, err
	}
	if friend == 0 {
		return planRow{}, ErrNotAvailable
	}
	if err := s.AgentCheck(ctx, m.ID); err != nil {
		var e *api.Error
		if errors.As(err, &e) {
			return planRow{}, ErrNotAvailable
		}
		return planRow{}, err
	}
	p, _, err := s.store.planFor(ctx, m.SiteID, m.Currency)
	return p, err
}

// share is bp basis points of amount, rounded down, without overflow.
func share(amount, bp int64) int64 {
	return amount/10000*bp + amount%10000*bp/10000
}

// oneperson names why recommender and invitee look like one person, or "".
func (s *Service) onePerson(ctx context.Context, recommenderID, inviteeID int64, currency string) (string, error) {
	why, err := s.Members.SharedIdentity(ctx, recommenderID, inviteeID)
	if err != nil || why != "" {
		return why, err
	}
	a, err := s.Wallet.HolderNames(ctx, recommenderID, currency)
	if err != nil {
		return "", err
	}
	b, err := s.Wallet.HolderNames(ctx, inviteeID, currency)
	if err != nil {
		return "", err
	}
	for _, x := range a {
		for _, y := range b {
			if nx := normName(x); nx != "" && nx == normName(y) {
				return "bank_holder", nil
			}
		}
	}
	return "", nil
}

// normName compares holder names as people write them: case and spacing
// aside.
func normName(v string) string { return strings.ToLower(strings.Join(strings.Fields(v), " ")) }

// decide records an award (paid amount, or refused as one person with a
// flag) and posts a paid one, in the transaction ctx carries; nothing when
// the invitee has a decision of the kind and period already.
func (s *Service) decide(ctx context.Context, a awardRow, why string) error {
	if why != "" {
		a.Status, a.Amount = Refused, 0
	}
	_, ok, err := s.store.insertAward(ctx, a)
	if err != nil || !ok {
		return err
	}
	if why != "" {
		return s.store.insertFlag(ctx, a.SiteID, a.RecommenderID, a.InviteeID, why, a.Kind, a.CreatedAt)
	}
	key := "referral:first:" + strconv.FormatInt(a.InviteeID, 10)
	if a.Kind == KindShare {
		key = fmt.Sprintf("referral:share:%d:%d:%s", a.RecommenderID, a.InviteeID, a.PeriodKey)
	}
	_, err = s.Ledger.Post(ctx, ledger.Entry{Key: key, Kind: ledger.Referral, Currency: a.Currency,
		Reference: "referral:" + a.Invitee, Memo: a.Kind, Postings: []ledger.Posting{
			{Account: ledger.Account{Kind: ledger.Promotions}, Amount: -a.Amount},
			{Account: ledger.Account{Kind: ledger.Main, MemberID: a.RecommenderID}, Amount: a.Amount}}})
	return err
}

// DepositCompleted pays the invitee's recommender the first-deposit reward
// when this is the invitee's first paid deposit and it reaches the plan's
// threshold; it runs in the transaction that credits the deposit, so the
// reward and the deposit stand or fall together. The recommender must hold
// the invitee's currency (the plan is per currency).
func (s *Service) DepositCompleted(ctx context.Context, memberID int64, currency, _ string, amount int64) error {
	inv, err := s.Members.ReferralOf(ctx, memberID)
	if err != nil || inv.RecommenderID == 0 {
		return err
	}
	p, ok, err := s.store.planFor(ctx, inv.SiteID, currency)
	if err != nil || !ok || !p.Active || p.FirstPay == 0 || amount < p.FirstMin {
		return err
	}
	n, err := s.Wallet.PaidDeposits(ctx, memberID)
	if err != nil || n != 1 {
		return err
	}
	rec, err := s.Members.ReferralOf(ctx, inv.RecommenderID)
	if err != nil || rec.Currency != currency {
		return err
	}
	why, err := s.onePerson(ctx, inv.RecommenderID, memberID, currency)
	if err != nil {
		return err
	}
	return s.decide(ctx, awardRow{SiteID: inv.SiteID, PlanID: p.ID, RecommenderID: inv.RecommenderID, InviteeID: memberID,
		Invitee: inv.Account, Currency: currency, Kind: KindFirst, PeriodKey: KindFirst, Status: Paid, Amount: p.FirstPay,
		Basis: amount, CreatedAt: s.Now().UTC().UnixMicro()}, why)
}

// periodKey names the period of t: a day (2006-01-02) or an ISO week
// (2006-W01) of the site's zone.
func (s *Service) periodKey(period string, t time.Time) string {
	t = t.In(s.Zone)
	if period == "week" {
		y, w := t.ISOWeek()
		return fmt.Sprintf("%04d-W%02d", y, w)
	}
	return t.Format("2006-01-02")
}

// bounds is the span [from, to) of a period key, or false when the key
// does not name a period of that kind.
func (s *Service) bounds(period, key string) (time.Time, time.Time, bool) {
	if period == "week" {
		var y, w int
		if _, err := fmt.Sscanf(key, "%04d-W%02d", &y, &w); err != nil || w < 1 || w > 53 || len(key) != 8 {
			return time.Time{}, time.Time{}, false
		}
		jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, s.Zone)
		monday := jan4.AddDate(0, 0, -((int(jan4.Weekday())+6)%7)+(w-1)*7)
		if s.periodKey("week", monday) != key {
			return time.Time{}, time.Time{}, false
		}
		return monday, monday.AddDate(0, 0, 7), true
	}
	d, err := time.ParseInLocation("2006-01-02", key, s.Zone)
	if err != nil {
		return time.Time{}, time.Time{}, false
	}
	return d, d.AddDate(0, 0, 1), true
}

// RunView is a plan's share payout of one period.
type RunView struct {
	PlanID    int64        `json:"plan_id"`
	Currency  string       `json:"currency"`
	PeriodKey string       `json:"period"`
	Paid      money.Amount `json:"paid"`
}

// PayShares pays a plan's share of the invitees' valid bets of a closed
// period: once, however many runs arrive (the first to claim the period
// pays; the others answer what it paid). The amounts are worked out
// before the transaction from the closed period's bets, which no longer
// change, so the transaction holds only the writes.
func (s *Service) PayShares(ctx context.Context, p planRow, periodKey string) (RunView, error) {
	exp, err := s.exponent(ctx, p.SiteID, p.Currency)
	if err != nil {
		return RunView{}, err
	}
	view := func(paid int64) RunView {
		return RunView{PlanID: p.ID, Currency: p.Currency, PeriodKey: periodKey, Paid: money.Amount{Minor: paid, Exp: exp}}
	}
	from, to, ok := s.bounds(p.SharePeriod, periodKey)
	if !ok {
		return RunView{}, api.Bad("period", "must name a "+p.SharePeriod+" of the plan ("+s.periodKey(p.SharePeriod, s.Now())+")")
	}
	if s.Now().Before(to) {
		return RunView{}, ErrPeriodOpen
	}
	if paid, done, err := s.store.run(ctx, p.ID, periodKey); err != nil || done {
		return view(paid), err
	}
	awards, err := s.shares(ctx, p, periodKey, from.UnixMicro(), to.UnixMicro())
	if err != nil {
		return RunView{}, err
	}
	var total int64
	for _, a := range awards {
		if a.why == "" {
			total += a.award.Amount
		}
	}
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		ok, err := s.store.claimRun(ctx, p.ID, periodKey, total, s.Now().UTC().UnixMicro())
		if err != nil || !ok {
			return err
		}
		for _, a := range awards {
			if err := s.decide(ctx, a.award, a.why); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return RunView{}, err
	}
	paid, _, err := s.store.run(ctx, p.ID, periodKey)
	return view(paid), err
}

type decision struct {
	award awardRow
	why   string
}

// shares works out the period's awards: each invitee's valid bets (the
// stakes of bets, in the plan's currency) times the share, in invitee
// order, until the recommender's cap for the period is reached. A pair
// that looks like one person is refused and counts nothing towards the
// cap.
func (s *Service) shares(ctx context.Context, p planRow, periodKey string, from, to int64) ([]decision, error) {
	pairs, err := s.Members.Referred(ctx, p.SiteID, p.Currency)
	if err != nil {
		return nil, err
	}
	now := s.Now().UTC().UnixMicro()
	var out []decision
	paid := map[int64]int64{}
	accounts := map[int64]string{}
	for _, pair := range pairs {
		invitee, rec := pair[0], pair[1]
		t, err := s.Ledger.KindTotals(ctx, invitee, p.Currency, from, to, ledger.Bet)
		if err != nil {
			return nil, err
		}
		bets := -t[ledger.Bet]
		amount := share(bets, p.ShareBP)
		if p.ShareCap > 0 {
			amount = min(amount, p.ShareCap-paid[rec])
		}
		if amount <= 0 {
			continue
		}
		r, err := s.Members.ReferralOf(ctx, rec)
		if err != nil {
			return nil, err
		}
		if r.Currency != p.Currency {
			continue
		}
		why, err := s.onePerson(ctx, rec, invitee, p.Currency)
		if err != nil {
			return nil, err
		}
		if why == "" {
			paid[rec] += amount
		}
		if _, ok := accounts[invitee]; !ok {
			inv, err := s.Members.ReferralOf(ctx, invitee)
			if err != nil {
				return nil, err
			}
			accounts[invitee] = inv.Account
		}
		out = append(out, decision{award: awardRow{SiteID: p.SiteID, PlanID: p.ID, RecommenderID: rec, InviteeID: invitee,
			Invitee: accounts[invitee], Currency: p.Currency, Kind: KindShare, PeriodKey: periodKey, Status: Paid, Amount: amount,
			Basis: bets, CreatedAt: now}, why: why})
	}
	return out, nil
}

// sweepBack is how many closed periods the sweep looks back at, so a
// server that was down over a period's turn still pays it.
const sweepBack = 7

// Sweep pays every sharing plan's recent closed periods that ended after
// the plan was created, oldest first; the app runs it in the background,
// and a period paid before is skipped with one read.
func (s *Service) Sweep(ctx context.Context) error {
	plans, err := s.store.sharing(ctx)
	if err != nil {
		return err
	}
	now := s.Now().In(s.Zone)
	for _, p := range plans {
		step := 1
		if p.SharePeriod == "week" {
			step = 7
		}
		for back := sweepBack; back >= 1; back-- {
			key := s.periodKey(p.SharePeriod, now.AddDate(0, 0, -back*step))
			if _, to, ok := s.bounds(p.SharePeriod, key); !ok || to.UnixMicro() <= p.CreatedAt {
				continue
			}
			if _, err := s.PayShares(ctx, p, key); err != nil {
				return err
			}
		}
	}
	return nil
}
