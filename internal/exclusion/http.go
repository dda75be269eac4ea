package exclusion

import (
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves a member's own time-out and self-exclusion under
// /api/member/exclusion.
type Handler struct{ svc *Service }

// NewHandler returns the handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes mounts the calls on members (a router that requires a member).
func (h *Handler) Routes(members api.Router) {
	members.Post("/api/member/exclusion", h.status)
	members.Post("/api/member/exclusion/preview", h.preview)
	members.Post("/api/member/exclusion/take", h.take)
	members.Post("/api/member/exclusion/return", h.askReturn)
}

func (h *Handler) status(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Status(r.Context(), p.MemberID)
}

func (h *Handler) preview(r *http.Request) (any, error) {
	var in TakeInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Preview(in)
}

func (h *Handler) take(r *http.Request) (any, error) {
	var in TakeInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	st, err := h.svc.Take(r.Context(), p, in)
	if err != nil {
		return nil, err
	}
	return map[string]any{"state": st}, nil
}

func (h *Handler) askReturn(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	st, err := h.svc.AskReturn(r.Context(), p.MemberID)
	if err != nil {
		return nil, err
	}
	return map[string]any{"state": st}, nil
}
