package games

import (
	"context"
	"errors"
	"fmt"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/provider"
)

// Launching a game: the catalogue checks the game may be played here and
// now, then asks the game's provider (internal/provider) to open it. Demo
// play opens a play-money session; the real-money launch (play1, leave1)
// builds on the same checks.

// PlayQuery is the body of /demo/play.
type PlayQuery struct {
	Query
	GPID     int64
	GameType int
	GameCode string
	House    bool
	// MemberID is the logged-in caller (0 for visitors): a member's launch
	// goes to the top of their last-played list.
	MemberID int64
}

// PlayURL is the /demo/play answer.
type PlayURL struct {
	GameURL string `json:"game_url"`
}

// DemoPlay is /demo/play: visitors try an in-house game with play money. It
// answers 205 while the site is in demo mode, 404 for an unknown game, 206 for
// a game not offered for the currency or device, 203 while the provider is in
// maintenance and 204 for a provider that is not connected.
func (s *Service) DemoPlay(ctx context.Context, q PlayQuery) (PlayURL, error) {
	if _, err := s.check(ctx, q.Query, "device", false); err != nil {
		return PlayURL{}, err
	}
	bit, _ := deviceBit(q.Device)
	g, err := s.playableGame(ctx, q, bit)
	if err != nil {
		return PlayURL{}, err
	}
	launcher, ok := s.providers.Demo(g.ProviderCode)
	if !ok || !launcher.Has(g.Code) {
		return PlayURL{}, ErrNotConnected
	}
	exp, _, err := s.sites.CurrencyExponent(ctx, q.SiteID, q.Currency)
	if err != nil {
		return PlayURL{}, err
	}
	u, err := launcher.StartDemo(ctx, provider.DemoLaunch{SiteID: q.SiteID, GameCode: g.Code, Currency: q.Currency, Exponent: exp,
		Lang: q.Lang})
	if err != nil {
		return PlayURL{}, fmt.Errorf("demo play %s: %w", g.Code, err)
	}
	if q.MemberID > 0 {
		if err := s.store.RecordPlayed(ctx, q.MemberID, g.ID, s.now().UnixMicro()); err != nil {
			return PlayURL{}, err
		}
	}
	return PlayURL{GameURL: u}, nil
}

// playableGame finds the game of q and checks it may be played here and
// now: not in demo mode (205), known (404), enabled for the currency and
// device (206), its provider not in maintenance (203).
func (s *Service) playableGame(ctx context.Context, q PlayQuery, bit int) (PlayRow, error) {
	if q.GameCode == "" || len(q.GameCode) > 64 {
		return PlayRow{}, api.Invalid("game_code", nil)
	}
	demoMode, err := s.sites.DemoMode(ctx, q.SiteID)
	if err != nil {
		return PlayRow{}, err
	}
	if demoMode {
		return PlayRow{}, ErrPlayDisabled
	}
	g, err := s.store.GameForPlay(ctx, q.GameCode)
	if errors.Is(err, db.ErrNotFound) {
		return PlayRow{}, ErrGameNotFound
	}
	if err != nil {
		return PlayRow{}, err
	}
	if g.GameType == hiddenType || (q.GPID != 0 && q.GPID != g.ProviderID) || (q.GameType != 0 && q.GameType != g.GameType) {
		return PlayRow{}, ErrGameNotFound
	}
	if !g.Enabled || !g.TypeEnabled || !g.ProviderActive || g.Devices&bit == 0 {
		return PlayRow{}, ErrGameUnavailable
	}
	if !g.AllCurrencies {
		ok, err := s.store.GameOffered(ctx, g.ID, q.Currency)
		if err != nil {
			return PlayRow{}, err
		}
		if !ok {
			return PlayRow{}, ErrGameUnavailable
		}
	}
	if g.In(s.now()) {
		return PlayRow{}, g.answer(g.ProviderID, q.Lang)
	}
	return g, nil
}

// WalletProvider is a connected provider members may hold a wallet at.
type WalletProvider struct {
	GPID      int64
	Code      string
	Name      string
	IconLight string
	IconDark  string
}

// WalletProviders lists the active providers this server is connected to
// (the wallet balance list shows a wallet per provider).
func (s *Service) WalletProviders(ctx context.Context) ([]WalletProvider, error) {
	rows, err := s.store.ActiveProviders(ctx)
	if err != nil {
		return nil, err
	}
	out := []WalletProvider{}
	for _, p := range rows {
		if !s.providers.Connected(p.Code) {
			continue
		}
		out = append(out, WalletProvider{GPID: p.ID, Code: p.Code, Name: p.Name, IconLight: ProviderLogoPath(p.Code, false),
			IconDark: ProviderLogoPath(p.Code, true)})
	}
	return out, nil
}
