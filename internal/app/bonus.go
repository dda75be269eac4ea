package app

import (
	"context"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/bonus"
	"gamehall/internal/exclusion"
	"gamehall/internal/ledger"
	"gamehall/internal/provider/house"
	"gamehall/internal/site"
)

// bonusSweepInterval is how often expired bonuses are taken back.
const bonusSweepInterval = time.Minute

// buildBonus wires promotion bonuses: the member's calls, and the expiry
// sweep. The wallet (built next) asks it at deposit and withdrawal.
func (a *App) buildBonus(w *wiring, s *sites, m *members, c *catalogue, l *ledger.Ledger, ex *exclusion.Service) *bonus.Service {
	zone := site.Zone()
	svc := bonus.NewService(bonus.Deps{DB: a.DB, Sites: s.svc, Members: m.svc, Ledger: l, Pages: s.pages, Rounds: c.rounds, Games: c.svc, Now: time.Now, Zone: zone,
		HouseRef: house.ProviderCode + ":", Restrictions: bonusRestrictions{ex}})
	bonus.NewHandler(svc).Routes(w.router.With(auth.Required(w.apis)))
	a.loops = append(a.loops, a.every(bonusSweepInterval, "bonus expiry", svc.Sweep))
	return svc
}

// bonusRestrictions refuses a bonus under a time-out or self-exclusion.
type bonusRestrictions struct{ svc *exclusion.Service }

func (r bonusRestrictions) CheckBonus(ctx context.Context, memberID int64) error {
	return r.svc.Check(ctx, memberID, exclusion.Bonus)
}
