// Package bonus holds the bonuses a promotion pays: rules an operator
// attaches to a promotion (a percentage of a qualifying deposit up to a cap,
// or a fixed amount; once per member or once per period), the bonuses
// members take under them, the turnover that releases a bonus (real-money
// bets from the ledger, weighted per game type), and the forfeit that takes
// an unreleased bonus back (by the member, on expiry, or by the operator).
//
// Every award and every take-back is a ledger transaction between the
// promotions account and the member's main wallet, keyed by member, rule
// and period (the award) or by the bonus (the take-back). A take-back is
// never more than the main wallet holds: money the member moved to a game
// provider's wallet is out of reach of a forfeit and is not chased there.
package bonus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/i18n"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// Failures with their own codes (docs/api.md, "Bonuses").
var (
	ErrRuleNotFound  = api.NewError(701, "bonus_rule_not_found")
	ErrNotAvailable  = api.NewError(702, "bonus_not_available")
	ErrAlreadyTaken  = api.NewError(703, "bonus_already_taken")
	ErrPendingExists = api.NewError(704, "bonus_deposit_pending")
	ErrTurnoverUnmet = api.NewError(705, "bonus_turnover_unmet")
	ErrBonusNotFound = api.NewError(706, "bonus_not_found")
	ErrNotOpen       = api.NewError(707, "bonus_not_open")
)

// Member is the caller.
type Member struct {
	SiteID   int64
	ID       int64
	Currency string
}

// Sites is what bonuses need of the tenant (site.Service).
type Sites interface {
	DefaultLanguageOf(ctx context.Context, siteID int64) (string, error)
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
}

// Members finds a member by account for the operator (member.Service).
type Members interface {
	Account(ctx context.Context, siteID int64, account string) (memberID int64, currency string, err error)
}

// Ledger posts awards and take-backs and reads the main wallet
// (ledger.Ledger).
type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.Result, error)
	Balance(ctx context.Context, a ledger.Account, currency string) (int64, error)
	Debits(ctx context.Context, memberID int64, currency string, kind ledger.Kind, since int64) ([]ledger.Debit, error)
}

// Pages tells whether a promotion page exists (content.Service).
type Pages interface {
	HasPage(ctx context.Context, siteID int64, kind string, id int64) (bool, error)
}

// Rounds maps in-house round ids to their game codes (house.Store).
type Rounds interface {
	RoundGames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Games maps game codes to game types (games.Service).
type Games interface {
	TypesOf(ctx context.Context, codes []string) (map[string]int, error)
}

// Deps are the service's collaborators.
type Deps struct {
	DB      *db.DB
	Sites   Sites
	Members Members
	Ledger  Ledger
	Pages   Pages
	Rounds  Rounds
	Games   Games
	Now     func() time.Time
	// Zone is the site's time zone: a period (day, week, month) turns at
	// its midnight.
	Zone *time.Location
	// HouseRef is how the in-house provider's bets are referenced in the
	// ledger ("GP001:" and the round id): their game type is known.
	HouseRef string
	// Restrictions refuses bonuses to a member under a time-out or
	// self-exclusion; nil: none.
	Restrictions Restrictions
}

// Restrictions is the player protection's word on a bonus
// (exclusion.Service through the app): an *api.Error when a restriction
// binds the member. Asked in the transaction that would pay.
type Restrictions interface {
	CheckBonus(ctx context.Context, memberID int64) error
}

// restricted is the restriction binding the member, if any.
func (s *Service) restricted(ctx context.Context, memberID int64) error {
	if s.Restrictions == nil {
		return nil
	}
	return s.Restrictions.CheckBonus(ctx, memberID)
}

// Service is the bonus rules.
type Service struct {
	Deps
	store *store
}

// NewService returns the service on d.
func NewService(d Deps) *Service {
	return &Service{Deps: d, store: &store{db: d.DB}}
}

// Statuses of a member's bonus.
const (
	Pending   = "pending"
	Active    = "active"
	Released  = "released"
	Forfeited = "forfeited"
	Expired   = "expired"
	Cancelled = "cancelled"
)

// View is a member's bonus with its progress.
type View struct {
	ID               int64        `json:"id"`
	RuleID           int64        `json:"rule_id"`
	Title            string       `json:"title"`
	Status           string       `json:"status"`
	Currency         string       `json:"currency"`
	Amount           money.Amount `json:"amount"`
	Deposit          money.Amount `json:"deposit"`
	TurnoverDone     money.Amount `json:"turnover_done"`
	TurnoverRequired money.Amount `json:"turnover_required"`
	TurnoverLeft     money.Amount `json:"turnover_remaining"`
	TakenBack        money.Amount `json:"taken_back"`
	Reason           string       `json:"reason,omitempty"`
	AppliedAt        string       `json:"applied_at"`
	AwardedAt        string       `json:"awarded_at,omitempty"`
	ExpiresAt        string       `json:"expires_at"`
	ClosedAt         string       `json:"closed_at,omitempty"`
}

func rfc(micros int64) string {
	if micros == 0 {
		return ""
	}
	return time.UnixMicro(micros).UTC().Format(time.RFC3339)
}

func (s *Service) view(b bonusRow, done int64, exp int, lang, def string) View {
	a := func(v int64) money.Amount { return money.Amount{Minor: v, Exp: exp} }
	if b.Status != Active {
		done = min(done, b.TurnoverRequired)
	}
	if b.Status == Released {
		done = b.TurnoverRequired
	}
	left := max(b.TurnoverRequired-done, 0)
	if b.Status != Active && b.Status != Pending {
		left = 0
	}
	return View{ID: b.ID, RuleID: b.RuleID, Title: i18n.Pick(b.TitleI18n, lang, def), Status: b.Status, Currency: b.Currency,
		Amount: a(b.Amount), Deposit: a(b.DepositAmount), TurnoverDone: a(done), TurnoverRequired: a(b.TurnoverRequired),
		TurnoverLeft: a(left), TakenBack: a(b.TakenBack), Reason: b.Reason, AppliedAt: rfc(b.AppliedAt), AwardedAt: rfc(b.AwardedAt),
		ExpiresAt: rfc(b.ExpiresAt), ClosedAt: rfc(b.ClosedAt)}
}

// exponent is the currency's exponent, or a bad field when the site does
// not offer it.
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

// periodKey names the period of now a rule counts once in.
func (s *Service) periodKey(period string, now time.Time) string {
	t := now.In(s.Zone)
	switch period {
	case "day":
		return t.Format("2006-01-02")
	case "week":
		y, w := t.ISOWeek()
		return fmt.Sprintf("%04d-W%02d", y, w)
	case "month":
		return t.Format("2006-01")
	}
	return "once"
}

// weights reads a rule's stored weights.
func weightsOf(raw string) map[int]int64 {
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

// depositBonus is what a deposit of amount pays under r: percent_bp of it,
// at most the cap (0: no cap); 0 below the minimum deposit.
func depositBonus(r ruleRow, amount int64) int64 {
	if amount < r.MinDeposit || amount <= 0 {
		return 0
	}
	b := amount / 10000 * r.PercentBP
	b += amount % 10000 * r.PercentBP / 10000
	if r.Cap > 0 {
		b = min(b, r.Cap)
	}
	return b
}

// turnoverFor is the turnover that releases a bonus of amount on deposit.
func turnoverFor(r ruleRow, amount, deposit int64) int64 {
	base := amount
	if r.TurnoverBase == "bonus_deposit" {
		base += deposit
	}
	return base/100*r.TurnoverX100 + base%100*r.TurnoverX100/100
}

// awardKey is the ledger key of a bonus's award: one per member, rule and
// period.
func awardKey(b bonusRow) string {
	return fmt.Sprintf("bonus:%d:%d:%s", b.MemberID, b.RuleID, b.PeriodKey)
}

// award posts amount from the promotions account to the member's main
// wallet, in the transaction ctx carries.
func (s *Service) award(ctx context.Context, b bonusRow) error {
	_, err := s.Ledger.Post(ctx, ledger.Entry{Key: awardKey(b), Kind: ledger.Bonus, Currency: b.Currency,
		Reference: "bonus:" + strconv.FormatInt(b.ID, 10), Postings: []ledger.Posting{
			{Account: ledger.Account{Kind: ledger.Promotions}, Amount: -b.Amount},
			{Account: ledger.Account{Kind: ledger.Main, MemberID: b.MemberID}, Amount: b.Amount}}})
	return err
}

// Apply takes a bonus of the rule for the member: a fixed bonus is paid at
// once; a deposit bonus waits for the member's next qualifying deposit.
// Once per member (or per period) however many applications arrive at
// once: the row's unique key decides, and only its winner is paid.
func (s *Service) Apply(ctx context.Context, m Member, ruleID int64, lang string) (View, error) {
	if ruleID <= 0 {
		return View{}, api.Bad("rule_id", "must be a positive integer")
	}
	r, ok, err := s.store.rule(ctx, m.SiteID, ruleID)
	if err != nil {
		return View{}, err
	}
	if !ok {
		return View{}, ErrRuleNotFound
	}
	if !r.Active || r.Currency != m.Currency {
		return View{}, ErrNotAvailable
	}
	now := s.Now().UTC()
	b := bonusRow{SiteID: m.SiteID, RuleID: r.ID, MemberID: m.ID, Currency: m.Currency, PeriodKey: s.periodKey(r.Period, now),
		Status: Pending, Weights: r.Weights, DefaultWeight: r.DefaultWeight, AppliedAt: now.UnixMicro(),
		ExpiresAt: now.Add(time.Duration(r.ExpiryDays) * 24 * time.Hour).UnixMicro(), TitleI18n: r.TitleI18n}
	if r.Kind == "fixed" {
		b.Status, b.Amount, b.AwardedAt = Active, r.Fixed, now.UnixMicro()
		b.TurnoverRequired = turnoverFor(r, r.Fixed, 0)
	}
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if err := s.restricted(ctx, m.ID); err != nil {
			return err
		}
		id, ok, err := s.store.insertBonus(ctx, b)
		if err != nil {
			return err
		}
		if !ok {
			if _, taken, err := s.store.bonusByKey(ctx, r.ID, m.ID, b.PeriodKey); err != nil || taken {
				return errors.Join(err, takenErr(taken))
			}
			return ErrPendingExists
		}
		b.ID = id
		if b.Status == Active {
			return s.award(ctx, b)
		}
		return nil
	})
	if err != nil {
		return View{}, err
	}
	return s.viewOf(ctx, b, lang)
}

func takenErr(taken bool) error {
	if taken {
		return ErrAlreadyTaken
	}
	return nil
}

func (s *Service) viewOf(ctx context.Context, b bonusRow, lang string) (View, error) {
	exp, err := s.exponent(ctx, b.SiteID, b.Currency)
	if err != nil {
		return View{}, err
	}
	def, err := s.Sites.DefaultLanguageOf(ctx, b.SiteID)
	if err != nil {
		return View{}, err
	}
	done := int64(0)
	if b.Status == Active {
		prog, err := s.progress(ctx, b.MemberID, b.Currency, []bonusRow{b})
		if err != nil {
			return View{}, err
		}
		done = prog[b.ID]
	}
	return s.view(b, done, exp, lang, def), nil
}

// DepositCompleted pays the member's waiting deposit bonus for a deposit
// that has just been credited, in the transaction that credits it: once,
// whatever retries (the bonus leaves pending in the same update). A
// deposit below the rule's minimum, or a restriction binding the member,
// leaves it waiting.
func (s *Service) DepositCompleted(ctx context.Context, memberID int64, currency, orderNo string, amount int64) error {
	pend, err := s.store.withStatus(ctx, memberID, currency, Pending)
	if err != nil || len(pend) == 0 {
		return err
	}
	b := pend[0]
	r, ok, err := s.store.rule(ctx, b.SiteID, b.RuleID)
	if err != nil || !ok {
		return err
	}
	now := s.Now().UTC()
	if now.UnixMicro() >= b.ExpiresAt {
		return nil // the sweep expires it
	}
	bonus := depositBonus(r, amount)
	if bonus == 0 {
		return nil
	}
	b.Amount, b.DepositAmount, b.DepositOrder = bonus, amount, orderNo
	b.TurnoverRequired = turnoverFor(r, bonus, amount)
	b.Weights, b.DefaultWeight = r.Weights, r.DefaultWeight
	b.AwardedAt = now.UnixMicro()
	b.ExpiresAt = now.Add(time.Duration(r.ExpiryDays) * 24 * time.Hour).UnixMicro()
	return s.DB.Tx(ctx, func(ctx context.Context) error {
		// A deposit made before a restriction and credited after it pays no
		// bonus while the restriction holds: the bonus waits, and expires.
		var refused *api.Error
		if err := s.restricted(ctx, memberID); errors.As(err, &refused) {
			return nil
		} else if err != nil {
			return err
		}
		ok, err := s.store.activate(ctx, b)
		if err != nil || !ok {
			return err
		}
		return s.award(ctx, b)
	})
}

// progress is the weighted turnover of each active bonus: the member's
// real-money bets since its award, each counted at its game type's weight
// (percent, rounded down per bet).
func (s *Service) progress(ctx context.Context, memberID int64, currency string, rows []bonusRow) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(rows) == 0 {
		return out, nil
	}
	since := rows[0].AwardedAt
	for _, b := range rows {
		since = min(since, b.AwardedAt)
	}
	bets, err := s.bets(ctx, memberID, currency, since)
	if err != nil {
		return nil, err
	}
	for _, b := range rows {
		w := weightsOf(b.Weights)
		var done int64
		for _, x := range bets {
			if x.At < b.AwardedAt {
				continue
			}
			pct, ok := w[x.GameType]
			if !ok {
				pct = b.DefaultWeight
			}
			done += x.Stake / 100 * pct
			done += x.Stake % 100 * pct / 100
		}
		out[b.ID] = done
	}
	return out, nil
}

// bet is one real-money bet of a member; GameType is 0 when the round's
// game type is not known here.
type bet struct {
	At, Stake int64
	GameType  int
}

// bets are the member's real-money bets (ledger kind bet, debits of the
// member's accounts) at or after since. The game type is the in-house
// round's (the ledger's reference is HouseRef followed by the round id);
// other providers' bets carry none.
func (s *Service) bets(ctx context.Context, memberID int64, currency string, since int64) ([]bet, error) {
	debits, err := s.Ledger.Debits(ctx, memberID, currency, ledger.Bet, since)
	if err != nil {
		return nil, err
	}
	refs := make([]string, len(debits))
	for i, d := range debits {
		refs[i] = d.Reference
	}
	types, err := GameTypes(ctx, s.Rounds, s.Games, s.HouseRef, refs)
	if err != nil {
		return nil, err
	}
	out := make([]bet, len(debits))
	for i, d := range debits {
		out[i] = bet{At: d.At, Stake: d.Amount, GameType: types[i]}
	}
	return out, nil
}

// GameTypes is the game type of each ledger reference: an in-house round's
// (houseRef followed by the round id), 0 for other providers' rounds, whose
// game is not known here. Bonus turnover and cash back both weigh by it.
func GameTypes(ctx context.Context, rounds Rounds, games Games, houseRef string, refs []string) ([]int, error) {
	out := make([]int, len(refs))
	round := make([]int64, len(refs))
	var ids []int64
	for i, ref := range refs {
		if id, ok := strings.CutPrefix(ref, houseRef); ok {
			if n, err := strconv.ParseInt(id, 10, 64); err == nil {
				round[i] = n
				ids = append(ids, n)
			}
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	codes, err := rounds.RoundGames(ctx, ids)
	if err != nil {
		return nil, err
	}
	distinct := map[string]bool{}
	var list []string
	for _, c := range codes {
		if !distinct[c] {
			distinct[c] = true
			list = append(list, c)
		}
	}
	types, err := games.TypesOf(ctx, list)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if round[i] != 0 {
			out[i] = types[codes[round[i]]]
		}
	}
	return out, nil
}

// refresh releases the member's active bonuses whose turnover is met and
// answers the ones still active with their progress.
func (s *Service) refresh(ctx context.Context, memberID int64, currency string) ([]bonusRow, map[int64]int64, error) {
	rows, err := s.store.withStatus(ctx, memberID, currency, Active)
	if err != nil {
		return nil, nil, err
	}
	prog, err := s.progress(ctx, memberID, currency, rows)
	if err != nil {
		return nil, nil, err
	}
	open := rows[:0]
	for _, b := range rows {
		if prog[b.ID] >= b.TurnoverRequired {
			if _, err := s.store.close(ctx, b.ID, Released, "", s.Now().UTC().UnixMicro(), Active); err != nil {
				return nil, nil, err
			}
			continue
		}
		open = append(open, b)
	}
	return open, prog, nil
}

// CheckWithdrawal refuses a withdrawal while a bonus of the member's
// currency has turnover left; the message and data show the most left.
func (s *Service) CheckWithdrawal(ctx context.Context, siteID, memberID int64, currency string) error {
	open, prog, err := s.refresh(ctx, memberID, currency)
	if err != nil || len(open) == 0 {
		return err
	}
	exp, err := s.exponent(ctx, siteID, currency)
	if err != nil {
		return err
	}
	var left int64
	var id int64
	for _, b := range open {
		if l := b.TurnoverRequired - prog[b.ID]; l > left {
			left, id = l, b.ID
		}
	}
	amt := money.Amount{Minor: left, Exp: exp}
	return ErrTurnoverUnmet.With(amt.String() + " " + currency).WithData(map[string]any{"bonus_id": id, "remaining": amt,
		"currency": currency})
}

// List is the member's bonuses with their progress, newest first.
func (s *Service) List(ctx context.Context, m Member, lang string) ([]View, error) {
	_, prog, err := s.refresh(ctx, m.ID, m.Currency)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.memberBonuses(ctx, m.ID, 100)
	if err != nil {
		return nil, err
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return nil, err
	}
	def, err := s.Sites.DefaultLanguageOf(ctx, m.SiteID)
	if err != nil {
		return nil, err
	}
	out := make([]View, 0, len(rows))
	for _, b := range rows {
		out = append(out, s.view(b, prog[b.ID], exp, lang, def))
	}
	return out, nil
}

// Forfeit is the member giving up a bonus: a waiting deposit bonus is
// dropped; an active one is taken back (at most what the main wallet
// holds). A bonus whose turnover is met is the member's and stays.
func (s *Service) Forfeit(ctx context.Context, m Member, id int64, lang string) (View, error) {
	if id <= 0 {
		return View{}, api.Bad("id", "must be a positive integer")
	}
	b, ok, err := s.store.bonus(ctx, id)
	if err != nil {
		return View{}, err
	}
	if !ok || b.MemberID != m.ID {
		return View{}, ErrBonusNotFound
	}
	if _, _, err := s.refresh(ctx, m.ID, b.Currency); err != nil {
		return View{}, err
	}
	if err := s.takeBack(ctx, b, Forfeited, ""); err != nil {
		return View{}, err
	}
	return s.reread(ctx, id, lang)
}

func (s *Service) reread(ctx context.Context, id int64, lang string) (View, error) {
	b, ok, err := s.store.bonus(ctx, id)
	if err != nil {
		return View{}, err
	}
	if !ok {
		return View{}, ErrBonusNotFound
	}
	return s.viewOf(ctx, b, lang)
}

// maxTakeTries bounds the retries of a take-back that a bet overtook
// between reading the main wallet and debiting it.
const maxTakeTries = 5

// takeBack closes an open bonus with status and, when it was paid, takes
// it back from the main wallet through the ledger: never more than the
// wallet holds. ErrNotOpen when it is no longer open.
func (s *Service) takeBack(ctx context.Context, b bonusRow, status, reason string) error {
	var err error
	for range maxTakeTries {
		err = s.DB.Tx(ctx, func(ctx context.Context) error {
			ok, err := s.store.close(ctx, b.ID, status, reason, s.Now().UTC().UnixMicro(), Pending, Active)
			if err != nil {
				return err
			}
			if !ok {
				return ErrNotOpen
			}
			cur, _, err := s.store.bonus(ctx, b.ID)
			if err != nil || cur.AwardedAt == 0 || cur.Amount == 0 {
				return err
			}
			main := ledger.Account{Kind: ledger.Main, MemberID: b.MemberID}
			held, err := s.Ledger.Balance(ctx, main, b.Currency)
			if err != nil {
				return err
			}
			take := min(cur.Amount, held)
			if take <= 0 {
				return nil
			}
			if _, err := s.Ledger.Post(ctx, ledger.Entry{Key: "bonus-forfeit:" + strconv.FormatInt(b.ID, 10),
				Kind: ledger.BonusForfeit, Currency: b.Currency, Reference: "bonus:" + strconv.FormatInt(b.ID, 10), Memo: status,
				Postings: []ledger.Posting{{Account: main, Amount: -take},
					{Account: ledger.Account{Kind: ledger.Promotions}, Amount: take}}}); err != nil {
				return err
			}
			return s.store.setTakenBack(ctx, b.ID, take)
		})
		if !errors.Is(err, ledger.ErrInsufficient) {
			return err
		}
	}
	return api.ErrBusy
}

// sweepBatch bounds one pass of the expiry sweep.
const sweepBatch = 200

// Sweep expires the bonuses whose time is up: one whose turnover was met
// meanwhile is released instead; the others are taken back like a
// forfeit. The app runs it in the background.
func (s *Service) Sweep(ctx context.Context) error {
	rows, err := s.store.due(ctx, s.Now().UTC().UnixMicro(), sweepBatch)
	if err != nil {
		return err
	}
	for _, b := range rows {
		if b.Status == Active {
			if _, _, err := s.refresh(ctx, b.MemberID, b.Currency); err != nil {
				return err
			}
		}
		if err := s.takeBack(ctx, b, Expired, ""); err != nil && !errors.Is(err, ErrNotOpen) {
			return err
		}
	}
	return nil
}
