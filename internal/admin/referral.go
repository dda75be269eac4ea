package admin

import (
	"context"
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/referral"
)

// Referrals are the recommend plans, members' invitees and awards, and the
// flagged pairs (referral.Service); each write is audited in the
// transaction of the change.
type Referrals interface {
	SavePlan(ctx context.Context, siteID, id int64, in referral.PlanInput) (referral.PlanView, error)
	Plans(ctx context.Context, siteID int64) ([]referral.PlanView, error)
	MemberReferrals(ctx context.Context, siteID int64, account string) (referral.MemberView, error)
	Flags(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[referral.FlagView], error)
	RunShares(ctx context.Context, siteID, planID int64, period string) (referral.RunView, error)
}

func (h *Handler) referralRoutes(route func(method, path string, fn api.HandlerFunc)) {
	if h.svc.Referrals == nil {
		return
	}
	const site = "/admin/sites/{site_id}"
	route("GET", site+"/referral-plans", listed(h.svc.ReferralPlans))
	route("POST", site+"/referral-plans", saved(h.svc.SaveReferralPlan))
	route("PUT", site+"/referral-plans/{id}", saved(h.svc.SaveReferralPlan))
	route("POST", site+"/referral-plans/{id}/run", saved(func(ctx context.Context, a audit.Actor, siteID, id int64, in struct {
		Period string `json:"period"`
	}) (referral.RunView, error) {
		return h.svc.RunReferralShares(ctx, a, siteID, id, in.Period)
	}))
	route("GET", site+"/members/{account}/referrals", h.memberReferrals)
	route("GET", site+"/referral-flags", paged(h.svc.ReferralFlags))
}

func (h *Handler) memberReferrals(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	return h.svc.MemberReferrals(r.Context(), id, r.PathValue("account"))
}

// ReferralPlans lists the site's recommend plans.
func (s *Service) ReferralPlans(ctx context.Context, siteID int64) ([]referral.PlanView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	return s.Referrals.Plans(ctx, siteID)
}

// SaveReferralPlan creates (id 0) or changes a recommend plan.
func (s *Service) SaveReferralPlan(ctx context.Context, a audit.Actor, siteID, id int64, in referral.PlanInput) (referral.PlanView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return referral.PlanView{}, err
	}
	var out referral.PlanView
	err := s.Audit.Write(ctx, a, "referral.plan.save", siteID, referral.Target(id), func(ctx context.Context) error {
		var err error
		out, err = s.Referrals.SavePlan(ctx, siteID, id, in)
		return err
	}, func() any { return out })
	return out, err
}

// RunReferralShares pays a plan's share of a closed period now.
func (s *Service) RunReferralShares(ctx context.Context, a audit.Actor, siteID, id int64, period string) (referral.RunView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return referral.RunView{}, err
	}
	var out referral.RunView
	err := s.Audit.Write(ctx, a, "referral.shares.run", siteID, referral.Target(id), func(ctx context.Context) error {
		var err error
		out, err = s.Referrals.RunShares(ctx, siteID, id, period)
		return err
	}, func() any { return out })
	return out, err
}

// MemberReferrals is a member's invitees and awards.
func (s *Service) MemberReferrals(ctx context.Context, siteID int64, account string) (referral.MemberView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return referral.MemberView{}, err
	}
	return s.Referrals.MemberReferrals(ctx, siteID, account)
}

// ReferralFlags lists the site's pairs found to be one person.
func (s *Service) ReferralFlags(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[referral.FlagView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[referral.FlagView]{}, err
	}
	return s.Referrals.Flags(ctx, siteID, beforeID, limit)
}
