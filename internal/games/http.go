package games

import (
	"net/http"

	"gamehall/internal/api"
)

// Handler serves the catalogue endpoints.
type Handler struct {
	svc *Service
}

// NewHandler returns the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the endpoints.
func (h *Handler) Routes(r api.Router) {
	r.Post("/api/demo/gt_games", h.gameTypes)
}

func (h *Handler) gameTypes(r *http.Request) (any, error) {
	var b struct {
		SiteID        int64  `json:"site_id"`
		SupportDevice int    `json:"support_device"`
		Currency      string `json:"currency"`
		Template      string `json:"template"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.svc.GameTypes(r.Context(), GameTypesQuery{SiteID: b.SiteID, SupportDevice: b.SupportDevice,
		Currency: b.Currency, Template: b.Template, Lang: api.Lang(r.Context())})
}
