package cashback

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// RuleInput is the operator's cash-back rule. Rates are percents with at
// most two decimals (0.5 is 50 basis points) per game type id; amounts are
// in the currency's major unit.
type RuleInput struct {
	Currency    string                     `json:"currency"`
	Basis       string                     `json:"basis"`
	Rates       map[string]json.RawMessage `json:"rates"`
	DefaultRate json.RawMessage            `json:"default_rate"`
	MinPayout   json.RawMessage            `json:"min_payout"`
	Cap         json.RawMessage            `json:"cap"`
	Active      *bool                      `json:"active"`
}

// RuleView is a rule as the operator and the member see it; rates are
// percents.
type RuleView struct {
	ID          int64                   `json:"id"`
	Currency    string                  `json:"currency"`
	Basis       string                  `json:"basis"`
	Rates       map[string]money.Amount `json:"rates"`
	DefaultRate money.Amount            `json:"default_rate"`
	MinPayout   money.Amount            `json:"min_payout"`
	Cap         money.Amount            `json:"cap"`
	Active      bool                    `json:"active"`
}

// maxRateBP is 100 percent: a rebate never pays more than was staked.
const maxRateBP = 10000

func (s *Service) ruleView(ctx context.Context, r ruleRow) (RuleView, error) {
	exp, _, err := s.Sites.CurrencyExponent(ctx, r.SiteID, r.Currency)
	if err != nil {
		return RuleView{}, err
	}
	pct := func(bp int64) money.Amount { return money.Amount{Minor: bp, Exp: 2} }
	rates := map[string]money.Amount{}
	for id, bp := range ratesOf(r.Rates) {
		rates[strconv.Itoa(id)] = pct(bp)
	}
	return RuleView{ID: r.ID, Currency: r.Currency, Basis: r.Basis, Rates: rates, DefaultRate: pct(r.DefaultRateBP),
		MinPayout: money.Amount{Minor: r.MinPayout, Exp: exp}, Cap: money.Amount{Minor: r.Cap, Exp: exp}, Active: r.Active}, nil
}

// number reads an optional JSON number from 0 with exp decimals, at most
// limit.
func number(field string, raw json.RawMessage, exp int, limit int64) (int64, error) {
	v := strings.TrimSpace(string(raw))
	if v == "" || v == "null" {
		return 0, nil
	}
	if strings.HasPrefix(v, `"`) {
		return 0, api.Bad(field, "must be a number, not a string")
	}
	a, err := money.Parse(v, exp)
	if err != nil || a.Minor < 0 || a.Minor > limit {
		return 0, api.Bad(field, fmt.Sprintf("must be a number from 0 to %s with at most %d decimals",
			money.Amount{Minor: limit, Exp: exp}, exp))
	}
	return a.Minor, nil
}

// checkRule turns the operator's input into a row.
func (s *Service) checkRule(ctx context.Context, siteID int64, in RuleInput) (ruleRow, error) {
	exp, ok, err := s.Sites.CurrencyExponent(ctx, siteID, in.Currency)
	if err != nil {
		return ruleRow{}, err
	}
	if !ok {
		return ruleRow{}, api.Bad("currency", "is not a currency of the site")
	}
	r := ruleRow{SiteID: siteID, Currency: in.Currency, Basis: in.Basis, Active: in.Active == nil || *in.Active}
	if in.Basis != NetLoss && in.Basis != ValidBets {
		return ruleRow{}, api.Bad("basis", "must be net_loss or valid_bets")
	}
	rates := map[string]int64{}
	for k, v := range in.Rates {
		id, err := strconv.Atoi(k)
		if err != nil || id < 1 || id > 99 || strconv.Itoa(id) != k {
			return ruleRow{}, api.Bad("rates", "keys must be game type ids from 1 to 99")
		}
		if rates[k], err = number("rates", v, 2, maxRateBP); err != nil {
			return ruleRow{}, err
		}
	}
	raw, err := json.Marshal(rates)
	if err != nil {
		return ruleRow{}, fmt.Errorf("cash-back rates: %w", err)
	}
	r.Rates = string(raw)
	if r.DefaultRateBP, err = number("default_rate", in.DefaultRate, 2, maxRateBP); err != nil {
		return ruleRow{}, err
	}
	if r.MinPayout, err = number("min_payout", in.MinPayout, exp, ledger.MaxAmount); err != nil {
		return ruleRow{}, err
	}
	if r.Cap, err = number("cap", in.Cap, exp, ledger.MaxAmount); err != nil {
		return ruleRow{}, err
	}
	if r.Cap > 0 && r.Cap < r.MinPayout {
		return ruleRow{}, api.Bad("cap", "must not be below min_payout")
	}
	return r, nil
}

// SaveRule creates (id 0) or changes the site's rule of a currency. A
// change applies to the days paid after it: a paid day keeps its figures.
func (s *Service) SaveRule(ctx context.Context, siteID, id int64, in RuleInput) (RuleView, error) {
	r, err := s.checkRule(ctx, siteID, in)
	if err != nil {
		return RuleView{}, err
	}
	now := s.Now().UTC().UnixMicro()
	r.CreatedAt, r.UpdatedAt = now, now
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if id == 0 {
			var ok bool
			id, ok, err = s.store.insertRule(ctx, r)
			if err == nil && !ok {
				return ErrRuleExists
			}
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
	saved, _, err := s.store.rule(ctx, siteID, id)
	if err != nil {
		return RuleView{}, err
	}
	return s.ruleView(ctx, saved)
}

// Rules are the site's rules, one per currency.
func (s *Service) Rules(ctx context.Context, siteID int64) ([]RuleView, error) {
	rows, err := s.store.rules(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make([]RuleView, len(rows))
	for i, r := range rows {
		if out[i], err = s.ruleView(ctx, r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// MemberPayouts are a member's cash-back days for the operator, newest
// first (the last 100).
func (s *Service) MemberPayouts(ctx context.Context, siteID int64, account string) ([]PayoutView, error) {
	id, currency, err := s.Members.Account(ctx, siteID, strings.TrimSpace(account))
	if err != nil {
		return nil, err
	}
	list, _, err := s.Payouts(ctx, Member{SiteID: siteID, ID: id, Currency: currency}, 1, 100)
	return list, err
}

// Target names a rule in the audit log.
func Target(id int64) string { return "cashback_rule:" + strconv.FormatInt(id, 10) }
