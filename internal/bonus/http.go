package bonus

import (
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves the member's bonus calls.
type Handler struct{ svc *Service }

// NewHandler returns the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the calls on members (a router that requires a session).
func (h *Handler) Routes(members api.Router) {
	members.Post("/api/arks/web/bonus/offers", h.offers)
	members.Post("/api/arks/web/bonus/apply", h.apply)
	members.Post("/api/arks/web/bonus/list", h.list)
	members.Post("/api/arks/web/bonus/forfeit", h.forfeit)
}

func caller(r *http.Request) Member {
	p, _ := auth.From(r.Context())
	return Member{SiteID: p.SiteID, ID: p.MemberID, Currency: p.Currency}
}

func (h *Handler) offers(r *http.Request) (any, error) {
	var in struct {
		PageID int64 `json:"page_id"`
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	list, err := h.svc.Offers(r.Context(), caller(r), in.PageID, api.Lang(r.Context()))
	return map[string]any{"list": list}, err
}

func (h *Handler) apply(r *http.Request) (any, error) {
	var in struct {
		RuleID int64 `json:"rule_id"`
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Apply(r.Context(), caller(r), in.RuleID, api.Lang(r.Context()))
}

func (h *Handler) list(r *http.Request) (any, error) {
	var in struct {
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	list, err := h.svc.List(r.Context(), caller(r), api.Lang(r.Context()))
	return map[string]any{"list": list}, err
}

func (h *Handler) forfeit(r *http.Request) (any, error) {
	var in struct {
		ID     int64 `json:"id"`
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Forfeit(r.Context(), caller(r), in.ID, api.Lang(r.Context()))
}
