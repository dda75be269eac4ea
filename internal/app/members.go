package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/captcha"
	"gamehall/internal/member"
	"gamehall/internal/ratelimit"
	"gamehall/internal/realtime"
	"gamehall/internal/secret"
	"gamehall/internal/site"
	"gamehall/internal/sms"
)

// members wires captcha, SMS, rate limits, the member service and the
// real-time hub.
type members struct {
	svc     *member.Service
	handler *member.Handler
	captcha *captcha.Handler
	outbox  *sms.Outbox
	hub     *realtime.Hub
	// sweeps delete expired secrets and counters.
	sweeps []func(context.Context) error
}

// siteCurrencies adapts the site service to what members need.
type siteCurrencies struct{ *site.Service }

func (s siteCurrencies) Currencies(ctx context.Context, siteID int64) ([]string, string, error) {
	list, def, err := s.Service.Currencies(ctx, siteID)
	if err != nil {
		return nil, "", err
	}
	codes := make([]string, len(list))
	for i, c := range list {
		codes[i] = c.Code
	}
	return codes, def, nil
}

// hubSessions lets the real-time hub check member sessions.
type hubSessions struct{ m *members }

func (h hubSessions) Connect(ctx context.Context, token string) (realtime.Identity, bool, error) {
	p, until, err := h.m.svc.ConnectionSession(ctx, token)
	if errors.Is(err, member.ErrUnauthorized) {
		return realtime.Identity{}, false, nil
	}
	if err != nil {
		return realtime.Identity{}, false, err
	}
	return realtime.Identity{MemberID: p.MemberID, Currency: p.Currency, SessionID: p.SessionID, Until: until}, true, nil
}

func (h hubSessions) Recheck(ctx context.Context, sessionID int64) (time.Time, bool, error) {
	return h.m.svc.SessionUntil(ctx, sessionID)
}

func (a *App) buildMembers(apis *api.API, siteSvc *site.Service, country func(*http.Request) string) (*members, error) {
	limiter := ratelimit.New(a.DB, time.Now)
	caps := captcha.New(a.DB, limiter, time.Now, a.cfg.Dev)
	outbox := sms.NewOutbox(a.DB, time.Now)
	codes := sms.NewService(a.DB, outbox, limiter, time.Now)
	m := &members{outbox: outbox}
	// The hub checks sessions with the member service, which publishes
	// through the hub: the service is created first and reached through m.
	hub, err := realtime.New(a.log, hubSessions{m}, realtime.Options{RedisAddress: a.cfg.RedisURL})
	if err != nil {
		return nil, err
	}
	m.hub = hub
	m.svc = member.NewService(member.Deps{DB: a.DB, Sites: siteCurrencies{siteSvc}, Captchas: caps, Codes: codes,
		Limit: limiter, Pub: hub, Now: time.Now, Hash: secret.OWASP, Messages: apis.Messages().Text})
	m.handler = member.NewHandler(apis, m.svc, member.HandlerDeps{
		Country: country,
		Exponent: func(ctx context.Context, siteID int64, currency string) (int, error) {
			exp, ok, err := siteSvc.CurrencyExponent(ctx, siteID, currency)
			if err == nil && !ok {
				err = fmt.Errorf("currency %s not offered by site %d", currency, siteID)
			}
			return exp, err
		},
		HandoffKey:     a.cfg.HandoffKey,
		DefaultLang:    func(siteID int64) string { return siteSvc.DefaultLanguage(context.Background(), siteID) },
		DefaultSite:    a.cfg.SiteID,
		TrustedProxies: a.cfg.TrustedProxies,
	})
	m.sweeps = []func(context.Context) error{caps.Sweep, codes.Sweep, m.svc.Sweep,
		func(ctx context.Context) error { return limiter.Sweep(ctx, 48*time.Hour) }}
	m.captcha = captcha.NewHandler(caps, siteSvc, func(lang string) string { return apis.Messages().Text(lang, "captcha_placeholder") })
	return m, nil
}
