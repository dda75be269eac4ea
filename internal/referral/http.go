package referral

import (
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves the member's referral calls.
type Handler struct{ svc *Service }

// NewHandler returns the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the calls on members (a router that requires a session).
func (h *Handler) Routes(members api.Router) {
	members.Post("/api/bonus_setting/check", h.isFriend)
	members.Post("/api/member/apply_for_agent/check", h.agentCheck)
	members.Post("/api/arks/web/referral/project", h.project)
	members.Post("/api/arks/web/referral/records", h.records)
	members.Post("/api/arks/web/referral/invitees", h.invitees)
}

func caller(r *http.Request) Member {
	p, _ := auth.From(r.Context())
	return Member{SiteID: p.SiteID, ID: p.MemberID, Currency: p.Currency}
}

// isFriend answers for the caller's own site and currency: the body's
// member_currency and site_id are the client's echo of them.
func (h *Handler) isFriend(r *http.Request) (any, error) {
	var in struct {
		MemberCurrency string `json:"member_currency"`
		SiteID         int64  `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	m := caller(r)
	v, err := h.svc.IsFriend(r.Context(), m.SiteID, m.Currency)
	return map[string]int{"is_friend": v}, err
}

func (h *Handler) agentCheck(r *http.Request) (any, error) {
	var in struct {
		AgentID        any `json:"agent_id"`
		ApplyAgentFlag any `json:"apply_agent_flag"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return struct{}{}, h.svc.AgentCheck(r.Context(), caller(r).ID)
}

func (h *Handler) project(r *http.Request) (any, error) {
	var in struct {
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Project(r.Context(), caller(r))
}

func (h *Handler) records(r *http.Request) (any, error) {
	var q Query
	if err := api.Decode(r, &q); err != nil {
		return nil, err
	}
	return h.svc.Records(r.Context(), caller(r), q)
}

func (h *Handler) invitees(r *http.Request) (any, error) {
	var q Query
	if err := api.Decode(r, &q); err != nil {
		return nil, err
	}
	return h.svc.Invitees(r.Context(), caller(r), q)
}
