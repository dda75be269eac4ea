package app

import (
	"time"

	"gamehall/internal/admin"
	"gamehall/internal/audit"
	"gamehall/internal/provider/house"
	"gamehall/internal/provider/remote"
)

// buildOperator wires the operator API (/admin/...); every /admin/ path is
// 404 without --admin-key.
func (a *App) buildOperator(w *wiring, s *sites, m *members, mo *money, c *catalogue, sb *remote.Sandbox, e *engage,
	bonuses admin.Bonuses, cashBack admin.CashBack) {
	deps := admin.Deps{Sites: s.svc, Members: m.svc, Credits: m.codes, Outbox: m.outbox, Money: mo.wallet, Content: s.pages,
		Audit: audit.New(a.DB, a.log, time.Now), Pub: m.hub, Invalidate: append(s.invalidate(), c.handler.Invalidate), Games: c.svc,
		Inbox: e.inbox, Promos: e.promo, Bulletins: e.bulletins, Bonuses: bonuses, CashBack: cashBack, Lobby: s.pages}
	if sb != nil {
		deps.Faults = sb
	}
	svc := admin.NewService(deps)
	a.operator = svc
	h := admin.NewHandler(w.apis, svc, a.cfg.AdminKey, w.limits, a.log)
	h.Routes(w.mux)
	w.operatorOnly = h.OperatorOnly
	if a.cfg.AdminKey != "" {
		house.NewMonitor(a.DB, c.inHouse, time.Now).MonitorRoutes(w.mux, w.apis, h.OperatorOnly)
	}
}
