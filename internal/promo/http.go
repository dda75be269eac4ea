package promo

import (
	"net/http"

	"gamehall/internal/api"
	"gamehall/internal/auth"
)

// Handler serves the member's promotion calls.
type Handler struct{ svc *Service }

// NewHandler returns the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the calls on members (a router that requires a session).
func (h *Handler) Routes(members api.Router) {
	members.Post("/api/arks/web/activity/red_envelope_promotion", h.current)
	members.Post("/api/arks/web/activity/red_envelope", h.claim)
	members.Post("/api/arks/web/activity/signin", h.signinDetail)
	members.Post("/api/arks/web/activity/signin/store", h.signin)
}

func caller(r *http.Request) Member {
	p, _ := auth.From(r.Context())
	return Member{SiteID: p.SiteID, ID: p.MemberID, Currency: p.Currency}
}

// siteBody is the optional site_id the client sends; the member's own site
// is what counts.
type siteBody struct {
	SiteID int64 `json:"site_id"`
}

func (h *Handler) current(r *http.Request) (any, error) {
	if err := api.Decode(r, &siteBody{}); err != nil {
		return nil, err
	}
	return h.svc.Current(r.Context(), caller(r), api.Lang(r.Context()))
}

func (h *Handler) claim(r *http.Request) (any, error) {
	var in struct {
		ID     int64 `json:"id"`
		SiteID int64 `json:"site_id"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Claim(r.Context(), caller(r), in.ID)
}

func (h *Handler) signinDetail(r *http.Request) (any, error) {
	if err := api.Decode(r, &siteBody{}); err != nil {
		return nil, err
	}
	return h.svc.SignInDetail(r.Context(), caller(r))
}

func (h *Handler) signin(r *http.Request) (any, error) {
	if err := api.Decode(r, &siteBody{}); err != nil {
		return nil, err
	}
	return h.svc.SignIn(r.Context(), caller(r))
}
