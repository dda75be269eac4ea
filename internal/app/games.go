package app

import (
	"context"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/framecheck"
	"gamehall/internal/games"
	"gamehall/internal/ledger"
	"gamehall/internal/provider"
	"gamehall/internal/provider/house"
)

// buildGames wires the catalogue, the in-house provider (its game pages and
// play API under /games/) and /check_iframe.
// catalogue is the games area as the money area needs it.
type catalogue struct {
	svc       *games.Service
	providers *provider.Registry
	// wallet reaches the wallet, built after the games it lists.
	wallet *gamesWallet
	// handler caches catalogue answers (dropped by operator writes).
	handler *games.Handler
	// inHouse are the in-house games (the RTP monitor reads their RTPs).
	// rounds are the in-house rounds (the bonus turnover reads their games).
	rounds  *house.Store
	inHouse *house.Games
}

func (a *App) buildGames(w *wiring, s *sites, m *members, l *ledger.Ledger, protect *protection, remotes ...provider.Provider) *catalogue {
	houseStore := house.NewStore(a.DB).WithGroupCommit(a.group)
	inHouse := house.NewGames()
	demo := house.NewDemoSessions(houseStore, inHouse, s.svc, time.Now)
	play := house.NewPlay(inHouse, houseStore, demo, l, time.Now, house.FairSources{}).
		WithAnnounce(func(currency string, data map[string]any) { m.hub.Publish("web_api."+currency, "jackpot_win", data) }).
		WithGuard(protect).WithReality(protect.limits).WithCounter(w.limits)
	house.NewHandler(play, w.spa).Routes(w.router, w.mux)
	a.sweeps = append(a.sweeps, func(ctx context.Context) error {
		_, err := houseStore.DeleteExpired(ctx, time.Now().UnixMicro())
		return err
	})
	gamesStore := games.NewStore(a.DB)
	c := &catalogue{providers: provider.NewRegistry(append([]provider.Provider{house.NewProvider(demo, l)}, remotes...)...),
		wallet: &gamesWallet{}, inHouse: inHouse, rounds: houseStore}
	svc := games.NewService(gamesStore, s.svc, c.providers).WithMoney(c.wallet, m.hub, w.limits, a.log).
		WithReality(protect.limits).WithLaunchGuard(protect.exclusion)
	c.svc = svc
	h := games.NewHandler(svc, a.cfg.ContentCacheTTL, w.limits)
	c.handler = h
	h.Routes(w.router, w.mux)
	h.MemberRoutes(w.router.With(auth.Required(w.apis)))
	games.NewMemberGames(gamesStore, func() int64 { return time.Now().UnixMicro() }).Routes(w.router.With(auth.Required(w.apis)))
	framecheck.NewHandler(framecheck.New(framecheck.Options{}), time.Minute, w.limits).Routes(w.router)
	m.wallet.games = svc
	return c
}
