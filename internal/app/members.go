package app

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/captcha"
	"gamehall/internal/member"
	"gamehall/internal/realtime"
	"gamehall/internal/site"
	"gamehall/internal/sms"
	"gamehall/internal/tracking"
)

// members wires captcha, SMS, the member service and the real-time hub.
type members struct {
	svc     *member.Service
	handler *member.Handler
	captcha *captcha.Handler
	codes   *sms.Service
	outbox  *sms.Outbox
	hub     *realtime.Hub
	// wallet reaches the wallet, built after the members it depends on.
	wallet *memberWallet
	// cashBack reaches the cash back, built after the members.
	cashBack *memberCashBack
}

// siteCodes adapts the site service to what members need.
type siteCodes struct{ *site.Service }

func (s siteCodes) Currencies(ctx context.Context, siteID int64) ([]string, string, error) {
	return s.Service.CurrencyCodes(ctx, siteID)
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

func (a *App) buildMembers(w *wiring, s *sites) (*members, error) {
	caps := captcha.New(a.DB, w.limits, time.Now, a.cfg.Dev)
	outbox := sms.NewOutbox(a.DB, time.Now)
	m := &members{outbox: outbox, codes: sms.NewService(a.DB, outbox, w.limits, time.Now), wallet: &memberWallet{},
		cashBack: &memberCashBack{}}
	// The hub checks sessions with the member service, which publishes
	// through the hub: the service is created first and reached through m.
	hub, err := realtime.New(a.log, hubSessions{m}, realtime.Options{RedisAddress: a.cfg.RedisURL})
	if err != nil {
		return nil, err
	}
	m.hub, a.Hub = hub, hub
	m.svc = member.NewService(member.Deps{DB: a.DB, Sites: siteCodes{s.svc}, Captchas: caps, Codes: m.codes,
		Limit: w.limits, Pub: hub, Now: time.Now, Hash: a.cfg.PasswordHash, Messages: w.apis.Messages().Text})
	s.rules.svc = m.svc
	m.handler = member.NewHandler(w.apis, m.svc, member.HandlerDeps{
		Country:        s.country,
		Wallet:         m.wallet,
		CashBack:       m.cashBack,
		HandoffKey:     a.cfg.HandoffKey,
		DefaultLang:    func(siteID int64) string { return s.svc.DefaultLanguage(context.Background(), siteID) },
		DefaultSite:    a.cfg.SiteID,
		TrustedProxies: a.cfg.TrustedProxies,
	})
	m.captcha = captcha.NewHandler(caps, s.svc, func(lang string) string { return w.apis.Messages().Text(lang, "captcha_placeholder") })
	a.sweeps = append(a.sweeps, caps.Sweep, m.codes.Sweep, m.svc.Sweep,
		func(ctx context.Context) error { return w.limits.Sweep(ctx, 48*time.Hour) })
	return m, nil
}

func (a *App) routeMembers(w *wiring, m *members) {
	m.handler.Routes(w.router)
	m.captcha.Routes(w.router)
	w.router.Post("/api/fb_tracking", tracking.New(a.DB, time.Now, a.cfg.SiteID).Handler())
	w.mux.Handle("/connection/websocket", m.hub.Handler())
	if a.cfg.Dev {
		w.router.Get("/api/dev/sms-outbox", sms.DevHandler(m.outbox))
		w.router.Post("/api/dev/broadcast", devBroadcast(m.hub))
	}
}

// devBroadcast lets benchmarks and tests time a fan-out to every connection
// (--dev only).
func devBroadcast(hub *realtime.Hub) api.HandlerFunc {
	return func(*http.Request) (any, error) {
		hub.Publish("web_member", "broadcast", map[string]any{"sent_at": time.Now().UnixNano()})
		return api.Done(nil)
	}
}
