package app

import (
	"context"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/cashback"
	"gamehall/internal/exclusion"
	"gamehall/internal/ledger"
	"gamehall/internal/provider/house"
	"gamehall/internal/site"
)

// cashBackInterval is how often the job looks for yesterday's unpaid cash
// back: a day is paid soon after the zone's midnight, and a run missed
// while the server was down is made up at the next tick.
const cashBackInterval = 10 * time.Minute

// buildCashBack wires the daily cash back: the public check, the member's
// calls, the member layout's cash_back_status and the job paying yesterday.
func (a *App) buildCashBack(w *wiring, s *sites, m *members, c *catalogue, l *ledger.Ledger, protect *protection) *cashback.Service {
	zone := site.Zone()
	svc := cashback.NewService(cashback.Deps{DB: a.DB, Sites: s.svc, Members: m.svc, Ledger: l, Rounds: c.rounds, Games: c.svc,
		Guard: cashBackGuard{protect.exclusion}, Now: time.Now, Zone: zone, HouseRef: house.ProviderCode + ":"})
	cashback.NewHandler(svc).Routes(w.router, w.router.With(auth.Required(w.apis)))
	m.cashBack.svc = svc
	a.loops = append(a.loops, a.every(cashBackInterval, "cash back", svc.RunYesterday))
	return svc
}

// cashBackGuard withholds cash back from a member on a time-out or
// self-exclusion: an award, refused as a red envelope is.
type cashBackGuard struct{ *exclusion.Service }

func (g cashBackGuard) CheckCashBack(ctx context.Context, memberID int64) error {
	return g.Check(ctx, memberID, exclusion.Envelope)
}

// memberCashBack hands the member layout whether cash back is on; the cash
// back is built after the members.
type memberCashBack struct{ svc *cashback.Service }

func (c *memberCashBack) Active(ctx context.Context, siteID int64, currency string) (bool, error) {
	return c.svc.Active(ctx, siteID, currency)
}
