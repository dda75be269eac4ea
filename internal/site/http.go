package site

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
)

// Handler serves the site and content endpoints of docs/api.md.
type Handler struct {
	api     *api.API
	svc     *Service
	country func(*http.Request) string
	// member reports whether the request carries a live member session; nil
	// until members exist, which makes every caller a visitor.
	member func(*http.Request) bool
	cache  *cache.TTL[*api.Shared]
	// defaultSite answers calls whose spec body has no site_id.
	defaultSite int64
}

// NewHandler returns the handler; country resolves a request's country.
func NewHandler(a *api.API, svc *Service, defaultSite int64, country func(*http.Request) string, member func(*http.Request) bool, ttl time.Duration) *Handler {
	if member == nil {
		member = func(*http.Request) bool { return false }
	}
	return &Handler{api: a, svc: svc, defaultSite: defaultSite, country: country, member: member,
		cache: cache.New[*api.Shared](ttl, 4096, time.Now)}
}

// Invalidate drops cached answers; content writers call it.
func (h *Handler) Invalidate() { h.cache.Clear() }

// Routes registers the endpoints on mux.
func (h *Handler) Routes(r api.Router) {
	r.Post("/api/arks/web/site/detail", h.detail)
	r.Post("/api/visitor", h.visitor)
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
}

type siteBody struct {
	SiteID   int64  `json:"site_id"`
	Template string `json:"template"`
}

// cached answers from the content cache; key must hold every input the
// answer depends on. Only successes are cached.
func (h *Handler) cached(r *http.Request, key string, load func() (any, error)) (any, error) {
	return h.cache.Get(r.URL.Path+"|"+api.Lang(r.Context())+"|"+key, func() (*api.Shared, error) {
		v, err := load()
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encode: %w", err)
		}
		return api.NewShared(raw), nil
	})
}

func (h *Handler) detail(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Detail(r.Context(), b.SiteID, api.Lang(r.Context())) })
}

func (h *Handler) visitor(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.svc.Visitor(r.Context(), b.SiteID, h.country(r), r.Header.Get("Accept-Language"))
}

func (h *Handler) logo(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Logos(r.Context(), b.SiteID) })
}

func (h *Handler) footer(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Footer(r.Context(), b.SiteID, api.Lang(r.Context())) })
}

func (h *Handler) mobileFooter(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID, b.Template), func() (any, error) {
		return h.svc.MobileFooter(r.Context(), b.SiteID, b.Template, api.Lang(r.Context()))
	})
}

func (h *Handler) float(r *http.Request) (any, error) {
	var b siteBody
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	return h.cached(r, cache.Key(b.SiteID), func() (any, error) { return h.svc.Float(r.Context(), b.SiteID, api.Lang(r.Context())) })
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
		if ok, err := h.svc.SiteLanguage(r.Context(), b.SiteID, b.Language); err != nil {
			return nil, err
		} else if !ok && b.Language != "" {
			return nil, api.Invalid("language", nil)
		}
		return h.cached(r, cache.Key(b.SiteID, b.Language, b.ModelVersion), func() (any, error) { return h.svc.Model(r.Context(), kind, q) })
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
	v, err := h.cached(r, cache.Key(b.SiteID, b.MobileTemplateName), func() (any, error) {
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
	return h.cached(r, cache.Key(b.SiteID, b.Template), func() (any, error) {
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
	return h.cached(r, cache.Key(b.SiteID, *b.UseType), func() (any, error) { return h.svc.Carousel(r.Context(), b.SiteID, *b.UseType) })
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
	return h.cached(r, cache.Key(q.SiteID, q.SortField, q.SortOrder, q.Member), func() (any, error) { return h.svc.Marquee(r.Context(), q) })
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
		return h.cached(r, cache.Key(b.SiteID, b.DisplayDevice), func() (any, error) {
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
	return h.cached(r, cache.Key(b.SiteID, b.Currency), func() (any, error) { return h.svc.Jackpot(r.Context(), b.SiteID, b.Currency) })
}
