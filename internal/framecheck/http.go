package framecheck

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
)

// ErrNotAllowed answers a URL whose address the guard refuses (docs/api.md).
var ErrNotAllowed = api.NewError(403, "url_not_allowed")

// Limiter admits one event of key, at most max per window (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, key string, max int, per time.Duration) (bool, error)
}

// ChecksPerMinute is how many checks one client address may ask a minute:
// every check may cost an outbound fetch.
const ChecksPerMinute = 30

// Handler serves /check_iframe.
type Handler struct {
	checker *Checker
	cache   *cache.TTL[Result]
	limit   Limiter
}

// NewHandler returns the handler; answers are kept ttl per URL and origin,
// so a burst of checks of one page costs one fetch. limit, when not nil,
// bounds the checks per client address.
func NewHandler(c *Checker, ttl time.Duration, limit Limiter) *Handler {
	return &Handler{checker: c, cache: cache.New[Result](ttl, 1024, time.Now), limit: limit}
}

// Routes registers the endpoint.
func (h *Handler) Routes(r api.Router) {
	r.Post("/api/check_iframe", h.check)
}

// selfOrigin is the origin that would frame the page: the browser's Origin
// header, else this request's host.
func selfOrigin(r *http.Request) string {
	if o := NormalizeOrigin(r.Header.Get("Origin")); o != "" {
		return o
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return NormalizeOrigin(scheme + "://" + r.Host)
}

func (h *Handler) check(r *http.Request) (any, error) {
	var b struct {
		URL string `json:"url"`
	}
	if err := api.Decode(r, &b); err != nil {
		return nil, err
	}
	u, err := ParseURL(b.URL)
	if err != nil {
		return nil, api.Invalid("url", err)
	}
	if h.limit != nil {
		ok, err := h.limit.Allow(r.Context(), "check_iframe:"+api.ClientIP(r.Context()).String(), ChecksPerMinute, time.Minute)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, api.ErrTooMany
		}
	}
	self := selfOrigin(r)
	// The fetch outlives one caller's cancellation: callers share it.
	ctx := context.WithoutCancel(r.Context())
	res, err := h.cache.Get(u.String()+"|"+self, func() (Result, error) {
		return h.checker.Check(ctx, u.String(), self)
	})
	var blocked *BlockedError
	switch {
	case errors.As(err, &blocked):
		return nil, &api.Error{Code: ErrNotAllowed.Code, Key: ErrNotAllowed.Key, Status: http.StatusOK, Err: err}
	case errors.Is(err, ErrURL):
		return nil, api.Invalid("url", err)
	case err != nil:
		return nil, err
	}
	return res, nil
}
