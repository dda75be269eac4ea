package member

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/secret"
)

// Sessions: one live session per member, opaque tokens (only their SHA-256
// is stored) that rotate and go idle, and the real-time connections that
// die with them.

// LoginData is the login response of spec section 3.
type LoginData struct {
	MemberID       int64  `json:"member_id"`
	MemberAccount  string `json:"member_account"`
	MemberCurrency string `json:"member_currency"`
	MemberLoginID  string `json:"member_login_id"`
	Token          string `json:"token"`
	sessionID      int64
}

// startSession revokes the member's other sessions, opens a new one, trusts
// the device, and tells the member's other browsers they were logged out.
func (s *Service) startSession(ctx context.Context, m Member, dev, ip string, now time.Time) (LoginData, error) {
	token := secret.NewToken()
	id, err := s.store.InsertSession(ctx, m.ID, secret.HashToken(token), dev, ip, now.UnixMicro())
	if err != nil {
		return LoginData{}, err
	}
	if err := s.store.Trust(ctx, m.ID, dev, now.UnixMicro()); err != nil {
		return LoginData{}, err
	}
	return LoginData{MemberID: m.ID, MemberAccount: m.Account, MemberCurrency: m.Currency,
		MemberLoginID: strconv.FormatInt(id, 10), Token: token, sessionID: id}, nil
}

// announceLogin publishes the login event after commit (old browsers compare
// the fingerprint with their own token and log out with a warning), then
// closes the real-time connections of the sessions the login revoked.
func (s *Service) announceLogin(out LoginData) {
	if s.pub == nil {
		return
	}
	s.pub.PublishMember(out.MemberID, "login", map[string]any{"token_fingerprint": TokenFingerprint(out.Token)})
	s.pub.EndOtherSessions(out.MemberID, out.sessionID, true)
}

// endSessions closes the real-time connections of every session of the
// member but keep (0: all), after their tokens died with a password change.
func (s *Service) endSessions(memberID, keep int64) {
	if s.pub != nil {
		s.pub.EndOtherSessions(memberID, keep, false)
	}
}

// TokenFingerprint identifies a token on the real-time channel without
// revealing it: the first 16 hex digits of its SHA-256.
func TokenFingerprint(token string) string { return secret.HashToken(token)[:16] }

// Token timing: a token is rotated after RotateAfter; the replaced token
// keeps working for Grace so concurrent requests do not fail.
const (
	RotateAfter = 30 * time.Minute
	Grace       = 2 * time.Minute
	touchEvery  = time.Minute
)

// ErrUnauthorized is every reason a token is not accepted.
var ErrUnauthorized = api.ErrUnauthorized

// Authenticate checks a bearer token: live, not idle past the site's limit.
// It returns a replacement token when the current one is due for rotation.
func (s *Service) Authenticate(ctx context.Context, token string) (auth.Principal, string, error) {
	if token == "" || len(token) > 200 {
		return auth.Principal{}, "", ErrUnauthorized
	}
	now := s.now()
	hash := secret.HashToken(token)
	ss, err := s.store.SessionByToken(ctx, hash, now.UnixMicro())
	if errors.Is(err, db.ErrNotFound) {
		return auth.Principal{}, "", ErrUnauthorized
	}
	if err != nil {
		return auth.Principal{}, "", err
	}
	m, err := s.store.ByID(ctx, ss.MemberID)
	if err != nil {
		return auth.Principal{}, "", err
	}
	if _, live, err := s.liveUntil(ctx, m, ss, now); err != nil {
		return auth.Principal{}, "", err
	} else if !live {
		_ = s.store.Revoke(ctx, ss.ID, now.UnixMicro())
		if s.pub != nil {
			s.pub.EndSession(m.ID, ss.ID)
		}
		return auth.Principal{}, "", ErrUnauthorized
	}
	p := auth.Principal{MemberID: m.ID, SiteID: m.SiteID, SessionID: ss.ID, Currency: m.Currency, Account: m.Account}
	if ss.Current && now.Sub(time.UnixMicro(ss.RotatedAt)) > RotateAfter {
		fresh := secret.NewToken()
		ok, err := s.store.Rotate(ctx, ss.ID, hash, secret.HashToken(fresh), now.UnixMicro(), now.Add(Grace).UnixMicro())
		if err != nil {
			return auth.Principal{}, "", err
		}
		if ok {
			return p, fresh, nil
		}
	}
	if now.Sub(time.UnixMicro(ss.LastSeenAt)) > touchEvery {
		if err := s.store.Touch(ctx, ss.ID, now.UnixMicro()); err != nil {
			return auth.Principal{}, "", err
		}
	}
	return p, "", nil
}

// liveUntil reports whether session ss of member m is live at now (member
// active, not idle past the site's limit) and when it goes idle.
func (s *Service) liveUntil(ctx context.Context, m Member, ss Session, now time.Time) (time.Time, bool, error) {
	if m.Status != "active" {
		return time.Time{}, false, nil
	}
	settings, err := s.store.Rules(ctx, m.SiteID)
	if err != nil {
		return time.Time{}, false, err
	}
	until := time.UnixMicro(ss.LastSeenAt).Add(time.Duration(settings.SessionIdleMinutes) * time.Minute)
	return until, !now.After(until), nil
}

// ConnectionSession checks a real-time connection token: the caller and
// when the session goes idle. Unlike Authenticate it neither rotates nor
// touches the token (a socket must not take the browser's token away).
func (s *Service) ConnectionSession(ctx context.Context, token string) (auth.Principal, time.Time, error) {
	if token == "" || len(token) > 200 {
		return auth.Principal{}, time.Time{}, ErrUnauthorized
	}
	now := s.now()
	ss, err := s.store.SessionByToken(ctx, secret.HashToken(token), now.UnixMicro())
	if errors.Is(err, db.ErrNotFound) {
		return auth.Principal{}, time.Time{}, ErrUnauthorized
	}
	if err != nil {
		return auth.Principal{}, time.Time{}, err
	}
	m, err := s.store.ByID(ctx, ss.MemberID)
	if err != nil {
		return auth.Principal{}, time.Time{}, err
	}
	until, live, err := s.liveUntil(ctx, m, ss, now)
	if err != nil {
		return auth.Principal{}, time.Time{}, err
	}
	if !live {
		return auth.Principal{}, time.Time{}, ErrUnauthorized
	}
	return auth.Principal{MemberID: m.ID, SiteID: m.SiteID, SessionID: ss.ID, Currency: m.Currency, Account: m.Account}, until, nil
}

// SessionUntil reports whether a session is still live (not revoked, member
// active, not idle) and when it goes idle; real-time connections re-check
// their session with it.
func (s *Service) SessionUntil(ctx context.Context, sessionID int64) (time.Time, bool, error) {
	now := s.now()
	ss, err := s.store.LiveSession(ctx, sessionID)
	if errors.Is(err, db.ErrNotFound) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, err
	}
	m, err := s.store.ByID(ctx, ss.MemberID)
	if err != nil {
		return time.Time{}, false, err
	}
	return s.liveUntil(ctx, m, ss, now)
}

// Logout ends the caller's session and closes its real-time connections.
func (s *Service) Logout(ctx context.Context, p auth.Principal) error {
	if err := s.store.Revoke(ctx, p.SessionID, s.now().UnixMicro()); err != nil {
		return err
	}
	if s.pub != nil {
		s.pub.EndSession(p.MemberID, p.SessionID)
	}
	return nil
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
				r = r.WithContext(auth.With(r.Context(), p))
			}
			next.ServeHTTP(w, r)
		})
	}
}
