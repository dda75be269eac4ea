package bonus

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/i18n"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// RuleInput is the operator's bonus rule. Amounts are in the currency's
// major unit; percent and turnover_multiple are numbers with at most two
// decimals (12.5 percent, a 2.5 times turnover).
type RuleInput struct {
	PageID           int64             `json:"page_id"`
	Currency         string            `json:"currency"`
	Title            map[string]string `json:"title"`
	Kind             string            `json:"kind"`
	Percent          json.RawMessage   `json:"percent"`
	Cap              json.RawMessage   `json:"cap"`
	MinDeposit       json.RawMessage   `json:"min_deposit"`
	FixedAmount      json.RawMessage   `json:"fixed_amount"`
	Period           string            `json:"period"`
	TurnoverMultiple json.RawMessage   `json:"turnover_multiple"`
	TurnoverBase     string            `json:"turnover_base"`
	Weights          map[string]int64  `json:"weights"`
	DefaultWeight    *int64            `json:"default_weight"`
	ExpiryDays       int64             `json:"expiry_days"`
	Active           *bool             `json:"active"`
}

// RuleView is a rule as the operator and the member see it.
type RuleView struct {
	ID               int64             `json:"id"`
	PageID           int64             `json:"page_id"`
	Currency         string            `json:"currency"`
	Title            string            `json:"title"`
	Titles           map[string]string `json:"titles,omitempty"`
	Kind             string            `json:"kind"`
	Percent          money.Amount      `json:"percent"`
	Cap              money.Amount      `json:"cap"`
	MinDeposit       money.Amount      `json:"min_deposit"`
	FixedAmount      money.Amount      `json:"fixed_amount"`
	Period           string            `json:"period"`
	TurnoverMultiple money.Amount      `json:"turnover_multiple"`
	TurnoverBase     string            `json:"turnover_base"`
	Weights          map[string]int64  `json:"weights"`
	DefaultWeight    int64             `json:"default_weight"`
	ExpiryDays       int64             `json:"expiry_days"`
	Active           bool              `json:"active"`
	// Taken (members only) says the member holds this rule's bonus of the
	// current period already.
	Taken *bool `json:"taken,omitempty"`
}

func (s *Service) ruleView(r ruleRow, exp int, lang, def string) RuleView {
	a := func(v int64) money.Amount { return money.Amount{Minor: v, Exp: exp} }
	w := map[string]int64{}
	_ = json.Unmarshal([]byte(r.Weights), &w)
	return RuleView{ID: r.ID, PageID: r.PageID, Currency: r.Currency, Title: i18n.Pick(r.TitleI18n, lang, def), Kind: r.Kind,
		Percent: money.Amount{Minor: r.PercentBP, Exp: 2}, Cap: a(r.Cap), MinDeposit: a(r.MinDeposit), FixedAmount: a(r.Fixed),
		Period: r.Period, TurnoverMultiple: money.Amount{Minor: r.TurnoverX100, Exp: 2}, TurnoverBase: r.TurnoverBase, Weights: w,
		DefaultWeight: r.DefaultWeight, ExpiryDays: r.ExpiryDays, Active: r.Active}
}

// number reads an optional (allowZero) or required JSON number with exp
// decimals.
func number(field string, raw json.RawMessage, exp int, required bool) (int64, error) {
	v := strings.TrimSpace(string(raw))
	if v == "" || v == "null" {
		if required {
			return 0, api.Bad(field, "is required")
		}
		return 0, nil
	}
	if strings.HasPrefix(v, `"`) {
		return 0, api.Bad(field, "must be a number, not a string")
	}
	a, err := money.Parse(v, exp)
	if err != nil || a.Minor < 0 || a.Minor > ledger.MaxAmount {
		return 0, api.Bad(field, fmt.Sprintf("must be a number from 0 with at most %d decimals", exp))
	}
	if required && a.Minor == 0 {
		return 0, api.Bad(field, "must be above zero")
	}
	return a.Minor, nil
}

// checkRule turns the operator's input into a row.
func (s *Service) checkRule(ctx context.Context, siteID int64, in RuleInput) (ruleRow, error) {
	exp, err := s.exponent(ctx, siteID, in.Currency)
	if err != nil {
		return ruleRow{}, err
	}
	r := ruleRow{SiteID: siteID, Currency: in.Currency, Kind: in.Kind, Period: in.Period, TurnoverBase: in.TurnoverBase,
		DefaultWeight: 100, ExpiryDays: in.ExpiryDays, Active: in.Active == nil || *in.Active, PageID: in.PageID}
	if len(in.Title) == 0 {
		return ruleRow{}, api.Bad("title", "is required in at least one language")
	}
	for lang, v := range in.Title {
		if len(lang) != 5 || strings.TrimSpace(v) == "" || utf8.RuneCountInString(v) > 200 {
			return ruleRow{}, api.Bad("title", "each language needs a code and 1 to 200 characters")
		}
	}
	r.TitleI18n = i18n.Text(in.Title)
	if in.PageID < 0 {
		return ruleRow{}, api.Bad("page_id", "must be a promotion page id or 0")
	}
	if in.PageID > 0 {
		ok, err := s.Pages.HasPage(ctx, siteID, "discount", in.PageID)
		if err != nil {
			return ruleRow{}, err
		}
		if !ok {
			return ruleRow{}, api.Bad("page_id", "is not a promotion page of the site")
		}
	}
	switch in.Kind {
	case "deposit":
		if r.PercentBP, err = number("percent", in.Percent, 2, true); err != nil {
			return ruleRow{}, err
		}
		if r.PercentBP > 100000 {
			return ruleRow{}, api.Bad("percent", "must be at most 1000")
		}
		if r.Cap, err = number("cap", in.Cap, exp, false); err != nil {
			return ruleRow{}, err
		}
		if r.MinDeposit, err = number("min_deposit", in.MinDeposit, exp, false); err != nil {
			return ruleRow{}, err
		}
	case "fixed":
		if r.Fixed, err = number("fixed_amount", in.FixedAmount, exp, true); err != nil {
			return ruleRow{}, err
		}
	default:
		return ruleRow{}, api.Bad("kind", "must be deposit or fixed")
	}
	switch in.Period {
	case "once", "day", "week", "month":
	default:
		return ruleRow{}, api.Bad("period", "must be once, day, week or month")
	}
	if r.TurnoverX100, err = number("turnover_multiple", in.TurnoverMultiple, 2, false); err != nil {
		return ruleRow{}, err
	}
	if r.TurnoverX100 > 100000 {
		return ruleRow{}, api.Bad("turnover_multiple", "must be at most 1000")
	}
	switch in.TurnoverBase {
	case "bonus", "bonus_deposit":
	default:
		return ruleRow{}, api.Bad("turnover_base", "must be bonus or bonus_deposit")
	}
	for k, v := range in.Weights {
		id, err := strconv.Atoi(k)
		if err != nil || id < 1 || id > 99 || strconv.Itoa(id) != k {
			return ruleRow{}, api.Bad("weights", "keys must be game type ids from 1 to 99")
		}
		if v < 0 || v > 100 {
			return ruleRow{}, api.Bad("weights", "each weight must be a percent from 0 to 100")
		}
	}
	w, _ := json.Marshal(in.Weights)
	if in.Weights == nil {
		w = []byte("{}")
	}
	r.Weights = string(w)
	if in.DefaultWeight != nil {
		if *in.DefaultWeight < 0 || *in.DefaultWeight > 100 {
			return ruleRow{}, api.Bad("default_weight", "must be a percent from 0 to 100")
		}
		r.DefaultWeight = *in.DefaultWeight
	}
	if in.ExpiryDays < 1 || in.ExpiryDays > 365 {
		return ruleRow{}, api.Bad("expiry_days", "must be from 1 to 365")
	}
	return r, nil
}

// SaveRule creates (id 0) or changes a bonus rule. A change applies to
// bonuses taken after it: an awarded bonus keeps the terms it was paid on.
func (s *Service) SaveRule(ctx context.Context, siteID, id int64, in RuleInput) (RuleView, error) {
	r, err := s.checkRule(ctx, siteID, in)
	if err != nil {
		return RuleView{}, err
	}
	now := s.Now().UTC().UnixMicro()
	r.CreatedAt, r.UpdatedAt = now, now
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if id == 0 {
			id, err = s.store.insertRule(ctx, r)
			return err
		}
		old, ok, err := s.store.rule(ctx, siteID, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrRuleNotFound
		}
		if old.Currency != r.Currency {
			return api.Bad("currency", "cannot change")
		}
		r.ID = id
		return s.store.updateRule(ctx, r)
	})
	if err != nil {
		return RuleView{}, err
	}
	return s.RuleOf(ctx, siteID, id)
}

// RuleOf is one rule with its titles in every language.
func (s *Service) RuleOf(ctx context.Context, siteID, id int64) (RuleView, error) {
	r, ok, err := s.store.rule(ctx, siteID, id)
	if err != nil {
		return RuleView{}, err
	}
	if !ok {
		return RuleView{}, ErrRuleNotFound
	}
	return s.operatorView(ctx, r)
}

func (s *Service) operatorView(ctx context.Context, r ruleRow) (RuleView, error) {
	exp, _, err := s.Sites.CurrencyExponent(ctx, r.SiteID, r.Currency)
	if err != nil {
		return RuleView{}, err
	}
	def, err := s.Sites.DefaultLanguageOf(ctx, r.SiteID)
	if err != nil {
		return RuleView{}, err
	}
	v := s.ruleView(r, exp, def, def)
	v.Titles = map[string]string{}
	_ = json.Unmarshal([]byte(r.TitleI18n), &v.Titles)
	return v, nil
}

// Rules lists the site's rules, newest first.
func (s *Service) Rules(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[RuleView], error) {
	rows, err := s.store.rules(ctx, siteID, beforeID, limit)
	if err != nil {
		return api.Page[RuleView]{}, err
	}
	list := make([]RuleView, len(rows))
	for i, r := range rows {
		if list[i], err = s.operatorView(ctx, r); err != nil {
			return api.Page[RuleView]{}, err
		}
	}
	return api.PageOf(list, limit, func(v RuleView) int64 { return v.ID }), nil
}

// Offers are the active rules of the member's currency (of one promotion
// page when pageID > 0), each saying whether the member took it this
// period.
func (s *Service) Offers(ctx context.Context, m Member, pageID int64, lang string) ([]RuleView, error) {
	if pageID < 0 {
		return nil, api.Bad("page_id", "must be a promotion page id or 0")
	}
	rows, err := s.store.offered(ctx, m.SiteID, m.Currency, pageID)
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
	now := s.Now().UTC()
	out := make([]RuleView, 0, len(rows))
	for _, r := range rows {
		_, taken, err := s.store.bonusByKey(ctx, r.ID, m.ID, s.periodKey(r.Period, now))
		if err != nil {
			return nil, err
		}
		v := s.ruleView(r, exp, lang, def)
		v.Taken = &taken
		out = append(out, v)
	}
	return out, nil
}

// MemberBonuses is a member's bonuses for the operator.
func (s *Service) MemberBonuses(ctx context.Context, siteID int64, account string) ([]View, error) {
	id, currency, err := s.Members.Account(ctx, siteID, strings.TrimSpace(account))
	if err != nil {
		return nil, err
	}
	def, err := s.Sites.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return nil, err
	}
	return s.List(ctx, Member{SiteID: siteID, ID: id, Currency: currency}, def)
}

// GrantInput is the operator giving a member a bonus under a rule: the
// rule's turnover, weights and expiry apply to amount.
type GrantInput struct {
	Account   string          `json:"account"`
	RuleID    int64           `json:"rule_id"`
	Amount    json.RawMessage `json:"amount"`
	RequestID string          `json:"request_id"`
	Reason    string          `json:"reason"`
}

// Grant pays a member a bonus at once; one request id grants once.
func (s *Service) Grant(ctx context.Context, siteID int64, in GrantInput) (View, error) {
	if in.RequestID == "" || len(in.RequestID) > 64 {
		return View{}, api.Bad("request_id", "must be 1 to 64 characters")
	}
	reason, err := checkReason(in.Reason)
	if err != nil {
		return View{}, err
	}
	memberID, currency, err := s.Members.Account(ctx, siteID, strings.TrimSpace(in.Account))
	if err != nil {
		return View{}, err
	}
	r, ok, err := s.store.rule(ctx, siteID, in.RuleID)
	if err != nil {
		return View{}, err
	}
	if !ok {
		return View{}, ErrRuleNotFound
	}
	if r.Currency != currency {
		return View{}, ErrNotAvailable
	}
	exp, err := s.exponent(ctx, siteID, currency)
	if err != nil {
		return View{}, err
	}
	amount, err := api.ParseAmount("amount", in.Amount, exp, ledger.MaxAmount)
	if err != nil {
		return View{}, err
	}
	now := s.Now().UTC()
	b := bonusRow{SiteID: siteID, RuleID: r.ID, MemberID: memberID, Currency: currency, PeriodKey: "grant:" + in.RequestID,
		Status: Active, Amount: amount, TurnoverRequired: turnoverFor(r, amount, 0), Weights: r.Weights,
		DefaultWeight: r.DefaultWeight, Reason: reason, AppliedAt: now.UnixMicro(), AwardedAt: now.UnixMicro(),
		ExpiresAt: now.Add(time.Duration(r.ExpiryDays) * 24 * time.Hour).UnixMicro(), TitleI18n: r.TitleI18n}
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		id, ok, err := s.store.insertBonus(ctx, b)
		if err != nil || !ok {
			return err // !ok: granted before under this request id
		}
		b.ID = id
		return s.award(ctx, b)
	})
	if err != nil {
		return View{}, err
	}
	got, _, err := s.store.bonusByKey(ctx, r.ID, memberID, b.PeriodKey)
	if err != nil {
		return View{}, err
	}
	def, err := s.Sites.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return View{}, err
	}
	return s.viewOf(ctx, got, def)
}

func checkReason(v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" || utf8.RuneCountInString(v) > 500 {
		return "", api.Bad("reason", "is required, up to 500 characters")
	}
	return v, nil
}

// Cancel is the operator taking a member's open bonus back, with a reason.
func (s *Service) Cancel(ctx context.Context, siteID, id int64, reason string) (View, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return View{}, err
	}
	b, ok, err := s.store.bonus(ctx, id)
	if err != nil {
		return View{}, err
	}
	if !ok || b.SiteID != siteID {
		return View{}, ErrBonusNotFound
	}
	if err := s.takeBack(ctx, b, Cancelled, reason); err != nil {
		return View{}, err
	}
	def, err := s.Sites.DefaultLanguageOf(ctx, siteID)
	if err != nil {
		return View{}, err
	}
	return s.reread(ctx, id, def)
}

// Target names a bonus or a rule in the audit log.
func Target(kind string, id int64) string { return kind + ":" + strconv.FormatInt(id, 10) }
