package inbox

import (
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves the member's letter calls.
type Handler struct{ svc *Service }

// NewHandler returns the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the calls on members (a router that requires a session).
func (h *Handler) Routes(members api.Router) {
	members.Post("/api/arks/web/member/letter", h.list)
	members.Post("/api/arks/web/member/letter/read", h.read)
	members.Post("/api/arks/web/member/letter/destroy", h.destroy)
}

func caller(r *http.Request) Member {
	p, _ := auth.From(r.Context())
	return Member{SiteID: p.SiteID, ID: p.MemberID, Currency: p.Currency}
}

func (h *Handler) list(r *http.Request) (any, error) {
	var q Query
	if err := api.Decode(r, &q); err != nil {
		return nil, err
	}
	if q.ID != 0 {
		return nil, api.Bad("id", "is for destroy only")
	}
	return h.svc.List(r.Context(), caller(r), q, api.Lang(r.Context()))
}

func (h *Handler) read(r *http.Request) (any, error) {
	var in struct {
		ID int64 `json:"id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Read(r.Context(), caller(r), in.ID)
}

func (h *Handler) destroy(r *http.Request) (any, error) {
	var q Query
	if err := api.Decode(r, &q); err != nil {
		return nil, err
	}
	return h.svc.Destroy(r.Context(), caller(r), q)
}
