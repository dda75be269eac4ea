package member

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"gamehall/internal/api"
)

type ctxKey struct{}

// PrincipalFrom is the authenticated caller of ctx, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if t, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	return strings.TrimSpace(h)
}

// Identify reads an optional bearer token: a valid one puts the principal in
// the context (and sends a rotated token back in the authorization response
// header); none or a dead one leaves the caller a visitor.
func (s *Service) Identify(a *api.API) api.Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token := bearer(r)
			if token == "" {
				next.ServeHTTP(w, r)
				return
			}
			p, fresh, err := s.Authenticate(r.Context(), token)
			if err != nil && !errors.Is(err, ErrUnauthorized) {
				a.WriteError(w, r, err)
				return
			}
			if err == nil {
				if fresh != "" {
					w.Header().Set("Authorization", "Bearer "+fresh)
					w.Header().Set("Access-Control-Expose-Headers", "Authorization")
				}
				r = r.WithContext(WithPrincipal(r.Context(), p))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Required answers 401 unless Identify found a principal.
func Required(a *api.API) api.Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, ok := PrincipalFrom(r.Context()); !ok {
				a.WriteError(w, r, api.ErrUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// IsMember reports whether the request has a live member session.
func IsMember(r *http.Request) bool {
	_, ok := PrincipalFrom(r.Context())
	return ok
}
