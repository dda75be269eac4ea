package site

import (
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
)

// Handler serves the site endpoints of docs/api.md: env_config and the
// visitor's country, language and currency.
type Handler struct {
	svc     *Service
	country func(*http.Request) string
	answers *api.Answers
}

// NewHandler returns the handler; country resolves a request's country.
func NewHandler(svc *Service, country func(*http.Request) string, ttl time.Duration) *Handler {
	return &Handler{svc: svc, country: country, answers: api.NewAnswers(ttl)}
}

// Invalidate drops cached answers; the operator's writes call it.
func (h *Handler) Invalidate() { h.answers.Clear() }

// Routes registers the endpoints on mux.
func (h *Handler) Routes(r api.Router) {
	r.Post("/api/arks/web/site/detail", h.detail)
	r.Post("/api/visitor", h.visitor)
}

type siteBody struct {
	SiteID   int64  `json:"site_id"`
	Template string `json:"template"`
}

func (h *Handler) detail(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.answers.Get(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Detail(r.Context(), b.SiteID, api.Lang(r.Context())) })
}

func (h *Handler) visitor(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.svc.Visitor(r.Context(), b.SiteID, h.country(r), r.Header.Get("Accept-Language"))
}
