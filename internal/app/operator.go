package app

import (
	"context"
	"time"

	"gamehall/internal/admin"
	"gamehall/internal/audit"
	"gamehall/internal/provider/house"
	"gamehall/internal/provider/remote"
)

// buildOperator wires the operator API (/admin/...); every /admin/ path is
// 404 without --admin-key.
func (a *App) buildOperator(w *wiring, s *sites, m *members, mo *money, c *catalogue, sb *remote.Sandbox, e *engage,
	bonuses admin.Bonuses, referrals admin.Referrals) {
	deps := admin.Deps{Sites: s.svc, Members: m.svc, Credits: m.codes, Outbox: m.outbox, Money: mo.wallet, Content: s.pages,
		Audit: audit.New(a.DB, a.log, time.Now), Pub: m.hub, Invalidate: append(s.invalidate(), c.handler.Invalidate), Games: c.svc,
		Inbox: e.inbox, Promos: e.promo, Bulletins: e.bulletins, Bonuses: bonuses, Referrals: referrals, Lobby: s.pages}
	if sb != nil {
		deps.Faults = sb
	}
	svc := admin.NewService(deps)
	a.operator = svc
	h := admin.NewHandler(w.apis, svc, a.cfg.AdminKey, w.limits, a.log)
	h.Routes(w.mux)
	w.operatorOnly = h.OperatorOnly
	monitor := house.NewMonitor(a.DB, c.inHouse, time.Now)
	if a.cfg.AdminKey != "" {
		monitor.MonitorRoutes(w.mux, w.apis, h.OperatorOnly)
	}
	a.loops = append(a.loops, a.every(house.WatchInterval, "rtp monitor", func(ctx context.Context) error {
		flagged, err := monitor.Watch(ctx)
		for _, g := range flagged {
			a.log.Warn("rtp monitor: outside its interval", "game", g.GameCode, "channel", g.Channel, "device", g.Device,
				"stake_band", g.StakeBand, "rounds", g.Rounds, "observed", g.Observed, "low", g.Low, "high", g.High)
		}
		return err
	}))
}
