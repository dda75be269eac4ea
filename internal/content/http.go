package content

import (
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
)

// Handler serves the lobby content endpoints of docs/api.md.
type Handler struct {
	svc *Service
	// member reports whether the request carries a live member session.
	member  func(*http.Request) bool
	answers *api.Answers
	// defaultSite answers calls whose spec body has no site_id.
	defaultSite int64
}

// NewHandler returns the handler.
func NewHandler(svc *Service, defaultSite int64, member func(*http.Request) bool, ttl time.Duration) *Handler {
	return &Handler{svc: svc, defaultSite: defaultSite, member: member, answers: api.NewAnswers(ttl)}
}

// Invalidate drops cached answers; content writers call it.
func (h *Handler) Invalidate() { h.answers.Clear() }

// Routes registers the endpoints.
func (h *Handler) Routes(r api.Router) {
	r.Post("/api/web/logo", h.logo)
	r.Post("/api/arks/web/footer", h.footer)
	r.Post("/api/arks/web/web-mobile-footer", h.mobileFooter)
	r.Post("/api/arks/web/float", h.float)
	r.Post("/api/web/model_setting", h.model(ModelSetting))
	r.Post("/api/web/model_sponsor", h.model(ModelSponsor))
	r.Post("/api/web/model_login", h.model(ModelLogin))
	r.Post("/api/template_config", h.templateConfig)
	r.Post("/api/arks/web/model/register-background/detail", h.registerBackground)
	r.Post("/api/arks/web/carousel_picture", h.carousel)
	r.Post("/api/arks/web/announcement/marquee", h.marquee)
	r.Post("/api/arks/web/bulletin", h.bulletin(true))
	r.Post("/api/arks/web/bulletin/history", h.bulletin(false))
	r.Post("/api/v2/get_jackpot", h.jackpot)
	r.Post("/api/arks/web/discount", h.pages(KindDiscount))
	r.Post("/api/arks/web/discount/detail", h.page(KindDiscount))
	r.Post("/api/arks/web/faq", h.pages(KindFAQ))
	r.Post("/api/arks/web/faq/detail", h.page(KindFAQ))
	r.Post("/api/arks/web/page/detail", h.page(KindMain))
	r.Post("/api/arks/web/page/app", h.page(KindApp))
}

type siteBody struct {
	SiteID   int64  `json:"site_id"`
	Template string `json:"template"`
}

func (h *Handler) logo(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.answers.Get(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Logos(r.Context(), b.SiteID) })
}

func (h *Handler) footer(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.answers.Get(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Footer(r.Context(), b.SiteID, api.Lang(r.Context())) })
}

func (h *Handler) mobileFooter(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.answers.Get(r, cache.Key(b.SiteID, b.Template), func() (any, error) {
		return h.svc.MobileFooter(r.Context(), b.SiteID, b.Template, api.Lang(r.Context()))
	})
}

func (h *Handler) float(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.answers.Get(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Float(r.Context(), b.SiteID, api.Lang(r.Context())) })
}

func (h *Handler) model(kind string) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		var b struct {
			SiteID       int64  `json:"site_id"`
			Language     string `json:"language"`
			ModelVersion int    `json:"model_version"`
		}
		if err := api.Decode(r, &b); err != nil {
			return nil, err
		}
		q := ModelQuery{SiteID: b.SiteID, Language: b.Language, ModelVersion: b.ModelVersion}
		if ok, err := h.svc.sites.SiteLanguage(r.Context(), b.SiteID, b.Language); err != nil {
			return nil, err
		} else if !ok && b.Language != "" {
			return nil, api.Invalid("language", nil)
		}
		return h.answers.Get(r, cache.Key(b.SiteID, b.Language, b.ModelVersion), func() (any, error) { return h.svc.Model(r.Context(), kind, q) })
	}
}

// templateConfig has no site_id in its spec body; it serves the site named
// by a site_id field when a client sends one, else the configured site.
func (h *Handler) templateConfig(r *http.Request) (any, error) {
	var b struct {
		MobileTemplateName string `json:"mobileTemplateName"`
		SiteID             int64  `json:"site_id"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if b.SiteID == 0 {
		b.SiteID = h.defaultSite
	}
	v, err := h.answers.Get(r, cache.Key(b.SiteID, b.MobileTemplateName), func() (any, error) {
		return h.svc.TemplateConfig(r.Context(), b.SiteID, b.MobileTemplateName)
	})
	if err != nil {
		return nil, err
	}
	return api.Coded{Code: api.CodeOKTemplate, Data: v}, nil
}

func (h *Handler) registerBackground(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.answers.Get(r, cache.Key(b.SiteID, b.Template), func() (any, error) {
		return h.svc.RegisterBackground(r.Context(), b.SiteID, b.Template)
	})
}

func (h *Handler) carousel(r *http.Request) (any, error) {
	var b struct {
		SiteID  int64 `json:"site_id"`
		UseType *int  `json:"use_type"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if b.UseType == nil {
		return nil, api.Invalid("use_type", nil)
	}
	return h.answers.Get(r, cache.Key(b.SiteID, *b.UseType), func() (any, error) { return h.svc.Carousel(r.Context(), b.SiteID, *b.UseType) })
}

func (h *Handler) marquee(r *http.Request) (any, error) {
	var b struct {
		SiteID    int64  `json:"site_id"`
		SortField string `json:"sort_field"`
		SortOrder string `json:"sort_order"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	q := MarqueeQuery{SiteID: b.SiteID, SortField: b.SortField, SortOrder: b.SortOrder, Member: h.member(r), Lang: api.Lang(r.Context())}
	return h.answers.Get(r, cache.Key(q.SiteID, q.SortField, q.SortOrder, q.Member), func() (any, error) { return h.svc.Marquee(r.Context(), q) })
}

func (h *Handler) bulletin(popup bool) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		var b struct {
			SiteID        int64 `json:"site_id"`
			DisplayDevice int   `json:"display_device"`
		}
		if err := api.Decode(r, &b); err != nil {
			return nil, err
		}
		return h.answers.Get(r, cache.Key(b.SiteID, b.DisplayDevice), func() (any, error) {
			return h.svc.Bulletins(r.Context(), b.SiteID, b.DisplayDevice, popup, api.Lang(r.Context()))
		})
	}
}

func (h *Handler) jackpot(r *http.Request) (any, error) {
	var b struct {
		Currency string `json:"currency"`
		SiteID   int64  `json:"site_id"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	if b.SiteID == 0 {
		b.SiteID = h.defaultSite
	}
	if b.Currency == "" {
		return nil, api.Invalid("currency", nil)
	}
	return h.answers.Get(r, cache.Key(b.SiteID, b.Currency), func() (any, error) { return h.svc.Jackpot(r.Context(), b.SiteID, b.Currency) })
}

func (h *Handler) pages(kind string) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		var b siteBody
		if err := api.Decode(r, &b); err != nil {
			return nil, err
		}
		return h.answers.Get(r, cache.Key(b.SiteID), func() (any, error) {
			return h.svc.Pages(r.Context(), b.SiteID, kind, api.Lang(r.Context()))
		})
	}
}

// page answers one page by id; the app page has no id and answers the
// site's first one.
func (h *Handler) page(kind string) api.HandlerFunc {
	return func(r *http.Request) (any, error) {
		var b struct {
			SiteID int64  `json:"site_id"`
			ID     *int64 `json:"id"`
		}
		if err := api.Decode(r, &b); err != nil {
			return nil, err
		}
		var id int64
		if kind != KindApp {
			if b.ID == nil || *b.ID <= 0 {
				return nil, api.Bad("id", "must be a positive integer")
			}
			id = *b.ID
		}
		return h.answers.Get(r, cache.Key(b.SiteID, id), func() (any, error) {
			return h.svc.Page(r.Context(), b.SiteID, kind, id, api.Lang(r.Context()))
		})
	}
}
