package app

import (
	"context"
	"net/http"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/games"
	"gamehall/internal/ledger"
	"gamehall/internal/member"
	"gamehall/internal/payment"
	"gamehall/internal/payment/sandbox"
	"gamehall/internal/provider"
	"gamehall/internal/site"
	"gamehall/internal/wallet"
)

// money wires the ledger, the wallet and the payment gateways.
type money struct {
	ledger *ledger.Ledger
	wallet *wallet.Service
}

func (a *App) buildMoney(w *wiring, s *sites, m *members, c *catalogue, l *ledger.Ledger, protect *protection,
	bonuses wallet.Bonuses) *money {
	// The sandbox gateway delivers its callbacks through the whole app, so
	// they run the real HTTP path; the handler exists only once build ends.
	box := sandbox.New(a.DB, sandbox.Options{
		Deliver:     http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) { a.handler.ServeHTTP(rw, r) }),
		PayoutDelay: a.cfg.SandboxPayoutDelay, Secret: []byte(a.cfg.SandboxSecret), Log: a.log})
	box.Routes(w.mux, a.cfg.Dev)
	a.loops = append(a.loops, box.Run)
	gateways := []payment.Gateway{box}
	zone := site.Zone()
	svc := wallet.NewService(wallet.Deps{DB: a.DB, Ledger: l, Sites: s.svc, Members: m.svc, Pub: m.hub, Gateways: gateways,
		Providers: c.providers, Limits: protect, Bonuses: bonuses, Now: time.Now, Zone: zone, Log: a.log})
	c.wallet.svc = svc
	wallet.NewHandler(svc, walletProviders{c.svc}, zone, a.log).Routes(w.router.With(auth.Required(w.apis)), w.mux)
	m.wallet.svc = svc
	a.loops = append(a.loops, a.every(a.cfg.ReconcileInterval, "reconcile", svc.Reconcile),
		a.every(a.cfg.ReconcileInterval, "open games", c.svc.SweepOpenGames))
	return &money{ledger: l, wallet: svc}
}

// walletProviders adapts the catalogue's connected providers to the wallet.
type walletProviders struct{ *games.Service }

func (p walletProviders) WalletProviders(ctx context.Context) ([]wallet.ProviderWallet, error) {
	list, err := p.Service.WalletProviders(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]wallet.ProviderWallet, len(list))
	for i, x := range list {
		out[i] = wallet.ProviderWallet{GPID: x.GPID, Code: x.Code, Name: x.Name, IconLight: x.IconLight, IconDark: x.IconDark}
	}
	return out, nil
}

// memberWallet hands the member layout the wallet's state and whether a
// game is open; the wallet and the games are built after the members.
type memberWallet struct {
	svc   *wallet.Service
	games *games.Service
}

func (w *memberWallet) LayoutState(ctx context.Context, siteID, memberID int64, currency string) (member.WalletState, error) {
	st, err := w.svc.Layout(ctx, wallet.Member{SiteID: siteID, ID: memberID, Currency: currency})
	if err != nil {
		return member.WalletState{}, err
	}
	playing, err := w.games.IsPlaying(ctx, memberID)
	return member.WalletState{Cash: st.Cash, WalletStatus: st.WalletStatus, NeedBank: st.NeedBank, IsPlaying: playing}, err
}

// gamesWallet hands launches the wallet's transfers; the wallet is built
// after the games.
type gamesWallet struct{ svc *wallet.Service }

func (g *gamesWallet) TransferIn(ctx context.Context, siteID, memberID int64, currency string, p provider.Wallet, amount int64) (int64, error) {
	return g.svc.TransferIn(ctx, wallet.Member{SiteID: siteID, ID: memberID, Currency: currency}, p, amount)
}

func (g *gamesWallet) ProviderBalance(ctx context.Context, siteID, memberID int64, currency string, p provider.Wallet) (int64, error) {
	b, err := g.svc.ProviderWalletBalance(ctx, wallet.Member{SiteID: siteID, ID: memberID, Currency: currency}, p.Code())
	return b.Minor, err
}

func (g *gamesWallet) TransferOut(ctx context.Context, siteID, memberID int64, currency string, p provider.Wallet) (int64, error) {
	return g.svc.TransferOut(ctx, wallet.Member{SiteID: siteID, ID: memberID, Currency: currency}, p)
}
