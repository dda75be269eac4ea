package limits

import (
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves a member's own limits under /api/member/limits.
type Handler struct{ svc *Service }

// NewHandler returns the handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes mounts the calls on members (a router that requires a member).
func (h *Handler) Routes(members api.Router) {
	members.Post("/api/member/limits", h.list)
	members.Post("/api/member/limits/set", h.set)
	members.Post("/api/member/limits/confirm", h.confirm)
	members.Post("/api/member/limits/reality", h.reality)
	members.Post("/api/member/limits/reality/set", h.setReality)
	members.Post("/api/member/limits/reality/ack", h.ackReality)
}

func (h *Handler) reality(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.Reality(r.Context(), p)
}

func (h *Handler) setReality(r *http.Request) (any, error) {
	var in RealityInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.SetReality(r.Context(), p, in)
}

func (h *Handler) ackReality(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	return h.svc.AckReality(r.Context(), p)
}

func (h *Handler) list(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	list, err := h.svc.List(r.Context(), p)
	if err != nil {
		return nil, err
	}
	return map[string]any{"list": list}, nil
}

func (h *Handler) set(r *http.Request) (any, error) {
	var in SetInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	v, err := h.svc.Set(r.Context(), p, in)
	if err != nil {
		return nil, err
	}
	return map[string]any{"limit": v}, nil
}

func (h *Handler) confirm(r *http.Request) (any, error) {
	var in ConfirmInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	p, _ := auth.From(r.Context())
	v, removed, err := h.svc.Confirm(r.Context(), p, in)
	if err != nil {
		return nil, err
	}
	if removed {
		return map[string]any{"limit": nil, "removed": 1}, nil
	}
	return map[string]any{"limit": v, "removed": 0}, nil
}
