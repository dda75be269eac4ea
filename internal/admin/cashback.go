package admin

import (
	"context"
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/cashback"
)

// CashBack is the daily cash-back rules and payouts (cashback.Service);
// each write is audited.
type CashBack interface {
	SaveRule(ctx context.Context, siteID, id int64, in cashback.RuleInput) (cashback.RuleView, error)
	Rules(ctx context.Context, siteID int64) ([]cashback.RuleView, error)
	MemberPayouts(ctx context.Context, siteID int64, account string) ([]cashback.PayoutView, error)
	RunDay(ctx context.Context, siteID int64, day string) ([]cashback.Report, error)
}

func (h *Handler) cashBackRoutes(route func(method, path string, fn api.HandlerFunc)) {
	const site = "/admin/sites/{site_id}"
	route("GET", site+"/cashback-rules", listed(func(ctx context.Context, siteID int64) (any, error) {
		list, err := h.svc.CashBackRules(ctx, siteID)
		return map[string]any{"list": list}, err
	}))
	route("POST", site+"/cashback-rules", saved(h.svc.SaveCashBackRule))
	route("PUT", site+"/cashback-rules/{id}", saved(h.svc.SaveCashBackRule))
	route("GET", site+"/members/{account}/cashback", h.memberCashBack)
	route("POST", site+"/cashback/run", saved(func(ctx context.Context, a audit.Actor, siteID, _ int64, in struct {
		Day string `json:"day"`
	}) (any, error) {
		list, err := h.svc.RunCashBack(ctx, a, siteID, in.Day)
		return map[string]any{"list": list}, err
	}))
}

func (h *Handler) memberCashBack(r *http.Request) (any, error) {
	id, err := siteID(r)
	if err != nil {
		return nil, err
	}
	list, err := h.svc.MemberCashBack(r.Context(), id, r.PathValue("account"))
	return map[string]any{"list": list}, err
}

// CashBackRules lists the site's cash-back rules.
func (s *Service) CashBackRules(ctx context.Context, siteID int64) ([]cashback.RuleView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	return s.CashBack.Rules(ctx, siteID)
}

// SaveCashBackRule creates (id 0) or changes a cash-back rule.
func (s *Service) SaveCashBackRule(ctx context.Context, a audit.Actor, siteID, id int64, in cashback.RuleInput) (cashback.RuleView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return cashback.RuleView{}, err
	}
	var out cashback.RuleView
	err := s.Audit.Write(ctx, a, "cashback.rule.save", siteID, cashback.Target(id), func(ctx context.Context) error {
		var err error
		out, err = s.CashBack.SaveRule(ctx, siteID, id, in)
		return err
	}, func() any { return out })
	return out, err
}

// MemberCashBack lists a member's cash-back days.
func (s *Service) MemberCashBack(ctx context.Context, siteID int64, account string) ([]cashback.PayoutView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	return s.CashBack.MemberPayouts(ctx, siteID, account)
}

// RunCashBack pays a day's cash back under the site's active rules: the
// payouts and the audit row commit together.
func (s *Service) RunCashBack(ctx context.Context, a audit.Actor, siteID int64, day string) ([]cashback.Report, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	var out []cashback.Report
	err := s.Audit.Write(ctx, a, "cashback.run", siteID, "cashback_day:"+day, func(ctx context.Context) error {
		var err error
		out, err = s.CashBack.RunDay(ctx, siteID, day)
		return err
	}, func() any { return out })
	return out, err
}
