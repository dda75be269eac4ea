// Package auth carries the caller of a request in its context: who the
// member is, for every domain that serves members. The member package
// authenticates tokens and puts the Principal here; other domains only read
// it, so none of them needs to import member or trust an id from a body.
package auth

import (
	"context"
	"net/http"

	"gamehall/internal/api"
)

// Principal is the authenticated caller.
type Principal struct {
	MemberID  int64
	SiteID    int64
	SessionID int64
	Currency  string
	Account   string
}

type ctxKey struct{}

// From is the authenticated caller of ctx, if any.
func From(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}

// With returns ctx carrying p.
func With(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// Required answers 401 unless the request carries a principal.
func Required(a *api.API) api.Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, ok := From(r.Context()); !ok {
				a.WriteError(w, r, api.ErrUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// IsMember reports whether the request has a live member session.
func IsMember(r *http.Request) bool {
	_, ok := From(r.Context())
	return ok
}

// MemberID is the caller's member id, 0 for a visitor.
func MemberID(r *http.Request) int64 {
	p, _ := From(r.Context())
	return p.MemberID
}
