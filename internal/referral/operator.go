package referral

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
)

// PlanInput is the operator's plan. Amounts are in the currency's major
// unit; share_percent is a percent with at most two decimals (0.5: half a
// percent of the invitees' valid bets).
type PlanInput struct {
	Currency     string          `json:"currency"`
	Active       *bool           `json:"active"`
	FirstMin     json.RawMessage `json:"first_deposit_min"`
	FirstReward  json.RawMessage `json:"first_deposit_reward"`
	SharePercent json.RawMessage `json:"share_percent"`
	SharePeriod  string          `json:"share_period"`
	ShareCap     json.RawMessage `json:"share_cap"`
}

// number reads an optional JSON number with exp decimals (absent: 0).
func number(field string, raw json.RawMessage, exp int) (int64, error) {
	v := strings.TrimSpace(string(raw))
	if v == "" || v == "null" {
		return 0, nil
	}
	if strings.HasPrefix(v, `"`) {
		return 0, api.Bad(field, "must be a number, not a string")
	}
	a, err := money.Parse(v, exp)
	if err != nil || a.Minor < 0 || a.Minor > ledger.MaxAmount {
		return 0, api.Bad(field, fmt.Sprintf("must be a number from 0 with at most %d decimals", exp))
	}
	return a.Minor, nil
}

func (s *Service) checkPlan(ctx context.Context, siteID int64, in PlanInput) (planRow, error) {
	exp, err := s.exponent(ctx, siteID, in.Currency)
	if err != nil {
		return planRow{}, err
	}
	p := planRow{SiteID: siteID, Currency: in.Currency, Active: in.Active == nil || *in.Active, SharePeriod: in.SharePeriod}
	if p.FirstMin, err = number("first_deposit_min", in.FirstMin, exp); err != nil {
		return planRow{}, err
	}
	if p.FirstPay, err = number("first_deposit_reward", in.FirstReward, exp); err != nil {
		return planRow{}, err
	}
	if p.ShareBP, err = number("share_percent", in.SharePercent, 2); err != nil {
		return planRow{}, err
	}
	if p.ShareBP > 10000 {
		return planRow{}, api.Bad("share_percent", "must be at most 100")
	}
	if p.ShareCap, err = number("share_cap", in.ShareCap, exp); err != nil {
		return planRow{}, err
	}
	if p.SharePeriod != "day" && p.SharePeriod != "week" {
		return planRow{}, api.Bad("share_period", "must be day or week")
	}
	if p.FirstPay == 0 && p.ShareBP == 0 {
		return planRow{}, api.Bad("first_deposit_reward", "or share_percent must be above zero")
	}
	return p, nil
}

// SavePlan creates (id 0) or changes a plan; one plan per currency. A
// change applies to deposits and periods settled after it.
func (s *Service) SavePlan(ctx context.Context, siteID, id int64, in PlanInput) (PlanView, error) {
	p, err := s.checkPlan(ctx, siteID, in)
	if err != nil {
		return PlanView{}, err
	}
	now := s.Now().UTC().UnixMicro()
	p.CreatedAt, p.UpdatedAt = now, now
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if id == 0 {
			id, err = s.store.insertPlan(ctx, p)
			if errors.Is(err, db.ErrConflict) {
				return ErrPlanExists
			}
			return err
		}
		old, ok, err := s.store.plan(ctx, siteID, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrPlanNotFound
		}
		if old.Currency != p.Currency {
			return api.Bad("currency", "cannot change")
		}
		p.ID = id
		return s.store.updatePlan(ctx, p)
	})
	if err != nil {
		return PlanView{}, err
	}
	got, _, err := s.store.plan(ctx, siteID, id)
	if err != nil {
		return PlanView{}, err
	}
	exp, err := s.exponent(ctx, siteID, got.Currency)
	return planView(got, exp), err
}

// Plans lists the site's plans.
func (s *Service) Plans(ctx context.Context, siteID int64) ([]PlanView, error) {
	rows, err := s.store.plans(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make([]PlanView, len(rows))
	for i, p := range rows {
		exp, _, err := s.Sites.CurrencyExponent(ctx, siteID, p.Currency)
		if err != nil {
			return nil, err
		}
		out[i] = planView(p, exp)
	}
	return out, nil
}

// MemberView is a member's referrals for the operator: whom they brought
// (first page) and every award decision about them, refused ones
// included (newest 100).
type MemberView struct {
	Account  string            `json:"account"`
	Invitees Page[InviteeView] `json:"invitees"`
	Awards   []AwardView       `json:"awards"`
}

// MemberReferrals is a member's invitees and awards.
func (s *Service) MemberReferrals(ctx context.Context, siteID int64, account string) (MemberView, error) {
	id, currency, err := s.Members.Account(ctx, siteID, strings.TrimSpace(account))
	if err != nil {
		return MemberView{}, err
	}
	inv, err := s.invitees(ctx, siteID, id, "", 0, maxCount)
	if err != nil {
		return MemberView{}, err
	}
	exp, err := s.exponent(ctx, siteID, currency)
	if err != nil {
		return MemberView{}, err
	}
	rows, _, err := s.store.awards(ctx, id, "", 0, 0, 0, maxCount)
	if err != nil {
		return MemberView{}, err
	}
	out := MemberView{Account: strings.TrimSpace(account), Invitees: inv, Awards: make([]AwardView, len(rows))}
	for i, a := range rows {
		out.Awards[i] = awardView(a, exp)
	}
	return out, nil
}

// FlagView is a pair found to be one person.
type FlagView struct {
	ID          int64  `json:"id"`
	Recommender string `json:"recommender"`
	Invitee     string `json:"invitee"`
	Reason      string `json:"reason"`
	AwardKind   string `json:"award_kind"`
	CreatedAt   string `json:"created_at"`
}

// Flags lists the site's flagged pairs, newest first.
func (s *Service) Flags(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[FlagView], error) {
	rows, err := s.store.flags(ctx, siteID, beforeID, limit)
	if err != nil {
		return api.Page[FlagView]{}, err
	}
	list := make([]FlagView, len(rows))
	for i, f := range rows {
		rec, err := s.Members.ReferralOf(ctx, f.RecommenderID)
		if err != nil {
			return api.Page[FlagView]{}, err
		}
		inv, err := s.Members.ReferralOf(ctx, f.InviteeID)
		if err != nil {
			return api.Page[FlagView]{}, err
		}
		list[i] = FlagView{ID: f.ID, Recommender: rec.Account, Invitee: inv.Account, Reason: f.Reason, AwardKind: f.AwardKind,
			CreatedAt: rfc(f.CreatedAt)}
	}
	return api.PageOf(list, limit, func(v FlagView) int64 { return v.ID }), nil
}

// RunShares is the operator paying a plan's share of a closed period
// (2006-01-02 for a daily plan, 2006-W01 for a weekly one) now rather than
// waiting for the background run; a period paid before answers what it
// paid.
func (s *Service) RunShares(ctx context.Context, siteID, planID int64, period string) (RunView, error) {
	p, ok, err := s.store.plan(ctx, siteID, planID)
	if err != nil {
		return RunView{}, err
	}
	if !ok {
		return RunView{}, ErrPlanNotFound
	}
	if p.ShareBP == 0 {
		return RunView{}, api.Bad("plan", "pays no share of bets")
	}
	return s.PayShares(ctx, p, strings.TrimSpace(period))
}

// Target names a plan in the audit log.
func Target(id int64) string { return "referral_plan:" + strconv.FormatInt(id, 10) }
