package admin

import (
	"context"
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/bonus"
)

// Bonuses are promotion bonus rules and members' bonuses (bonus.Service);
// each write is audited in the transaction of the change.
type Bonuses interface {
	SaveRule(ctx context.Context, siteID, id int64, in bonus.RuleInput) (bonus.RuleView, error)
	Rules(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[bonus.RuleView], error)
	MemberBonuses(ctx context.Context, siteID int64, account string) ([]bonus.View, error)
	Grant(ctx context.Context, siteID int64, in bonus.GrantInput) (bonus.View, error)
	Cancel(ctx context.Context, siteID, id int64, reason string) (bonus.View, error)
}

func (h *Handler) bonusRoutes(route func(method, path string, fn api.HandlerFunc)) {
	const site = "/admin/sites/{site_id}"
	route("GET", site+"/bonus-rules", paged(h.svc.BonusRules))
	route("POST", site+"/bonus-rules", saved(h.svc.SaveBonusRule))
	route("PUT", site+"/bonus-rules/{id}", saved(h.svc.SaveBonusRule))
	route("GET", site+"/members/{account}/bonuses", h.memberBonuses)
	route("POST", site+"/bonuses", saved(func(ctx context.Context, a audit.Actor, siteID, _ int64, in bonus.GrantInput) (bonus.View, error) {
		return h.svc.GrantBonus(ctx, a, siteID, in)
	}))
	route("POST", site+"/bonuses/{id}/cancel", saved(func(ctx context.Context, a audit.Actor, siteID, id int64, in struct {
		Reason string `json:"reason"`
	}) (bonus.View, error) {
		return h.svc.CancelBonus(ctx, a, siteID, id, in.Reason)
	}))
}

func (h *Handler) memberBonuses(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	list, err := h.svc.MemberBonuses(r.Context(), id, r.PathValue("account"))
	return map[string]any{"list": list}, err
}

// BonusRules lists the site's bonus rules.
func (s *Service) BonusRules(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[bonus.RuleView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[bonus.RuleView]{}, err
	}
	return s.Bonuses.Rules(ctx, siteID, beforeID, limit)
}

// SaveBonusRule creates (id 0) or changes a bonus rule.
func (s *Service) SaveBonusRule(ctx context.Context, a audit.Actor, siteID, id int64, in bonus.RuleInput) (bonus.RuleView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return bonus.RuleView{}, err
	}
	var out bonus.RuleView
	err := s.Audit.Write(ctx, a, "bonus.rule.save", siteID, bonus.Target("bonus_rule", id), func(ctx context.Context) error {
		var err error
		out, err = s.Bonuses.SaveRule(ctx, siteID, id, in)
		return err
	}, func() any { return out })
	return out, err
}

// MemberBonuses lists a member's bonuses with their progress.
func (s *Service) MemberBonuses(ctx context.Context, siteID int64, account string) ([]bonus.View, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	return s.Bonuses.MemberBonuses(ctx, siteID, account)
}

// GrantBonus pays a member a bonus under a rule.
func (s *Service) GrantBonus(ctx context.Context, a audit.Actor, siteID int64, in bonus.GrantInput) (bonus.View, error) {
	if err := s.site(ctx, siteID); err != nil {
		return bonus.View{}, err
	}
	var out bonus.View
	err := s.Audit.Write(ctx, a, "bonus.grant", siteID, "member:"+in.Account, func(ctx context.Context) error {
		var err error
		out, err = s.Bonuses.Grant(ctx, siteID, in)
		return err
	}, func() any { return map[string]any{"bonus": out, "reason": in.Reason} })
	return out, err
}

// CancelBonus takes a member's open bonus back, with a reason.
func (s *Service) CancelBonus(ctx context.Context, a audit.Actor, siteID, id int64, reason string) (bonus.View, error) {
	if err := s.site(ctx, siteID); err != nil {
		return bonus.View{}, err
	}
	var out bonus.View
	err := s.Audit.Write(ctx, a, "bonus.cancel", siteID, bonus.Target("bonus", id), func(ctx context.Context) error {
		var err error
		out, err = s.Bonuses.Cancel(ctx, siteID, id, reason)
		return err
	}, func() any { return out })
	return out, err
}
