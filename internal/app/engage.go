package app

import (
	"context"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/content"
	"gamehall/internal/exclusion"
	"gamehall/internal/inbox"
	"gamehall/internal/ledger"
	"gamehall/internal/promo"
	"gamehall/internal/site"
)

// engage wires letters, member bulletins, red envelopes and the sign-in.
type engage struct {
	inbox     *inbox.Service
	promo     *promo.Service
	bulletins *content.Service
}

func (a *App) buildEngage(w *wiring, s *sites, m *members, mo *money, l *ledger.Ledger, protect *exclusion.Service) *engage {
	zone := site.Zone()
	e := &engage{
		inbox: inbox.NewService(a.DB, s.svc, m.svc, m.hub, time.Now).WithQuiet(protect),
		promo: promo.NewService(promo.Deps{DB: a.DB, Sites: s.svc, Ledger: l, Deposits: deposits{l}, Pub: m.hub,
			Now: time.Now, Zone: zone, Log: a.log, Guard: protect}),
		bulletins: content.NewService(content.NewStore(a.DB), s.svc, jackpotPools{l}),
	}
	a.loops = append(a.loops, e.promo.RunScheduler)
	members := w.router.With(auth.Required(w.apis))
	inbox.NewHandler(e.inbox).Routes(members)
	promo.NewHandler(e.promo).Routes(members)
	content.NewHandler(e.bulletins, a.cfg.SiteID, auth.IsMember, 0).MemberRoutes(members, time.Now)
	return e
}

// deposits tells envelopes with a deposit condition whether the member
// deposited in the window (the wallet's deposit movements).
type deposits struct{ l *ledger.Ledger }

// DepositedBetween asks the ledger, not the member's history page: an
// envelope's deposit window may reach further back than the three months a
// member may list.
func (d deposits) DepositedBetween(ctx context.Context, m promo.Member, from, to time.Time) (bool, error) {
	sums, err := d.l.KindTotals(ctx, m.ID, m.Currency, from.UTC().UnixMicro(), to.UTC().UnixMicro(), ledger.Deposit)
	return sums[ledger.Deposit] > 0, err
}
