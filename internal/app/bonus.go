package app

import (
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/bonus"
	"gamehall/internal/ledger"
	"gamehall/internal/provider/house"
	"gamehall/internal/site"
)

// bonusSweepInterval is how often expired bonuses are taken back.
const bonusSweepInterval = time.Minute

// buildBonus wires promotion bonuses: the member's calls, and the expiry
// sweep. The wallet (built next) asks it at deposit and withdrawal.
func (a *App) buildBonus(w *wiring, s *sites, m *members, c *catalogue, l *ledger.Ledger) *bonus.Service {
	zone, err := time.LoadLocation(site.DisplayZone)
	if err != nil {
		zone = time.FixedZone(site.DisplayZone, -4*3600)
	}
	svc := bonus.NewService(bonus.Deps{DB: a.DB, Sites: s.svc, Members: m.svc, Ledger: l, Pages: s.pages, Rounds: c.rounds, Games: c.svc, Now: time.Now, Zone: zone,
		HouseRef: house.ProviderCode + ":"})
	bonus.NewHandler(svc).Routes(w.router.With(auth.Required(w.apis)))
	a.loops = append(a.loops, a.every(bonusSweepInterval, "bonus expiry", svc.Sweep))
	return svc
}
