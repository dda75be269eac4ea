package cashback

import (
	"net/http"
	"strings"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves the member's cash-back calls.
type Handler struct{ svc *Service }

// NewHandler returns the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the public check on r and the member's calls on members
// (a router that requires a session).
func (h *Handler) Routes(r, members api.Router) {
	r.Post("/api/arks/web/cash_surplus/check", h.check)
	members.Post("/api/member/cashback/rule", h.rule)
	members.Post("/api/member/cashback/payouts", h.payouts)
}

func caller(r *http.Request) Member {
	p, _ := auth.From(r.Context())
	return Member{SiteID: p.SiteID, ID: p.MemberID, Currency: p.Currency}
}

func (h *Handler) check(r *http.Request) (any, error) {
	var in struct {
		SiteID   int64  `json:"site_id"`
		Currency string `json:"currency"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	if in.SiteID <= 0 {
		return nil, api.Bad("site_id", "must be a positive integer")
	}
	if strings.TrimSpace(in.Currency) == "" {
		return nil, api.Bad("currency", "is required")
	}
	on, err := h.svc.Active(r.Context(), in.SiteID, strings.TrimSpace(in.Currency))
	return map[string]int{"active": api.Flag(on)}, err
}

func (h *Handler) rule(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct {
		SiteID int64 `json:"site_id"`
	}{}); err != nil {
		return nil, err
	}
	v, ok, err := h.svc.Rule(r.Context(), caller(r))
	if err != nil || !ok {
		return map[string]any{"rule": nil}, err
	}
	return map[string]any{"rule": v}, nil
}

func (h *Handler) payouts(r *http.Request) (any, error) {
	in := struct {
		SiteID   int64 `json:"site_id"`
		Page     int   `json:"page"`
		PageSize int   `json:"page_size"`
	}{Page: 1, PageSize: 10}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	list, total, err := h.svc.Payouts(r.Context(), caller(r), in.Page, in.PageSize)
	return map[string]any{"list": list, "total": total}, err
}
