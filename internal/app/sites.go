package app

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/content"
	"gamehall/internal/geo"
	"gamehall/internal/ledger"
	"gamehall/internal/member"
	"gamehall/internal/site"
)

// sites wires the tenant (site) and the lobby content.
type sites struct {
	svc     *site.Service
	handler *site.Handler
	content *content.Handler
	pages   *content.Service
	country func(*http.Request) string
	// rules reaches the member service, which is built after the site
	// service it depends on (env_config shows the member rules).
	rules *memberRules
}

// memberRules forwards env_config's question to the member service.
type memberRules struct{ svc *member.Service }

func (r *memberRules) ClientRules(ctx context.Context, siteID int64) (bool, int, error) {
	if r.svc == nil {
		return false, 0, fmt.Errorf("member rules asked before the member service exists")
	}
	return r.svc.ClientRules(ctx, siteID)
}

func (a *App) buildSites(l *ledger.Ledger) (*sites, error) {
	var table []geo.Entry
	if a.cfg.GeoCIDRFile != "" {
		f, err := os.Open(a.cfg.GeoCIDRFile)
		if err != nil {
			return nil, fmt.Errorf("geo table: %w", err)
		}
		table, err = geo.ParseTable(f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	s := &sites{country: geo.NewResolver(a.cfg.CountryHeader, a.cfg.TrustedProxies, table).Country}
	s.rules = &memberRules{}
	s.svc = site.NewService(site.NewStore(a.DB), a.cfg.Dev, a.cfg.ContentCacheTTL, s.rules, time.Now)
	s.handler = site.NewHandler(s.svc, s.country, a.cfg.ContentCacheTTL)
	s.pages = content.NewService(content.NewStore(a.DB), s.svc, jackpotPools{l})
	s.content = content.NewHandler(s.pages, a.cfg.SiteID, auth.IsMember,
		a.cfg.ContentCacheTTL)
	return s, nil
}

// jackpotPools shows the ledger's jackpot pool in the lobby.
type jackpotPools struct{ l *ledger.Ledger }

func (p jackpotPools) JackpotPool(ctx context.Context, currency string) (int64, error) {
	return p.l.Balance(ctx, ledger.Account{Kind: ledger.Jackpot}, currency)
}

func (a *App) routeSites(w *wiring, s *sites) {
	s.handler.Routes(w.router)
	s.content.Routes(w.router)
}

// invalidate drops every answer cache of this node that shows site flags
// or content (the operator's writes call it).
func (s *sites) invalidate() []func() {
	return []func(){s.handler.Invalidate, s.content.Invalidate, s.svc.Invalidate}
}
