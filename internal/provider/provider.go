// Package provider declares what a game provider is to the platform, and
// the registry the launch code finds providers in. A provider owns its
// games' pages and sessions; the catalogue (internal/games) only lists
// games and asks the provider of a game to open one.
//
// Real money follows the transfer-wallet model: before a game opens, the
// member's money moves from our main wallet to the provider's wallet of the
// member (TransferIn); the provider settles bets and wins against it; on
// leaving (or a recall) it moves back (TransferOut). Every transfer carries
// our own order number, which is the provider's idempotency key, so a
// transfer whose answer was lost is settled by asking (QueryTransfer).
package provider

import (
	"context"
	"errors"
)

// Provider is a game provider known by its GP code (the static provider
// table's code, e.g. GP001).
type Provider interface {
	Code() string
	// Has reports whether the provider serves a page for the game code.
	Has(gameCode string) bool
}

// DemoLaunch is what opening a play-money session needs.
type DemoLaunch struct {
	SiteID   int64
	GameCode string
	Currency string
	Exponent int    // minor-unit exponent of Currency
	Lang     string // the page's language (a site language code, e.g. zh_CN)
}

// DemoLauncher is a provider that opens play-money sessions.
type DemoLauncher interface {
	Provider
	// StartDemo opens a session and answers the game page URL.
	StartDemo(ctx context.Context, l DemoLaunch) (gameURL string, err error)
}

// Registry finds connected providers by GP code.
type Registry struct {
	byCode map[string]Provider
}

// NewRegistry registers the connected providers.
func NewRegistry(providers ...Provider) *Registry {
	r := &Registry{byCode: map[string]Provider{}}
	for _, p := range providers {
		r.byCode[p.Code()] = p
	}
	return r
}

// Demo is the provider of code when it opens demo sessions.
func (r *Registry) Demo(code string) (DemoLauncher, bool) {
	d, ok := r.byCode[code].(DemoLauncher)
	return d, ok
}

// Connected reports whether the provider of code is registered here.
func (r *Registry) Connected(code string) bool {
	_, ok := r.byCode[code]
	return ok
}

// Launches reports whether the game of a provider can be opened here: the
// provider is connected and serves a page for it.
func (r *Registry) Launches(code, gameCode string) bool {
	p, ok := r.byCode[code]
	return ok && p.Has(gameCode)
}

// Player is a member as a provider knows them.
type Player struct {
	SiteID   int64
	MemberID int64
	Currency string
	Exponent int // the currency's minor-unit exponent
}

// Transfer moves Amount (minor units, above zero) between our main wallet
// and the provider's wallet of the player, under our order number.
type Transfer struct {
	OrderNo string
	Player  Player
	Amount  int64
}

// TransferStatus is what a provider says of a transfer.
type TransferStatus string

// Transfer states.
const (
	TransferDone    TransferStatus = "done"    // applied at the provider
	TransferFailed  TransferStatus = "failed"  // refused, nothing applied
	TransferUnknown TransferStatus = "unknown" // the provider never saw it
)

// TransferResult is a transfer's outcome and the player's balance at the
// provider after it.
type TransferResult struct {
	OrderNo string
	Status  TransferStatus
	Balance int64
}

// Launch is what opening a real-money game needs.
type Launch struct {
	Player   Player
	GameCode string
	Lang     string
	Device   int    // spec device ids: desktop 0, mobile 1, app 2
	LobbyURL string // where the game's close button returns
	// RealityMinutes is the member's reality-check interval in force (0:
	// none): a provider's game client stops rounds when it has elapsed
	// until the member acknowledges, as our own pages do.
	RealityMinutes int
	// HistoryURL and LimitsURL are the member's account history and limits
	// pages, which the reality check links to.
	HistoryURL, LimitsURL string
}

// WalletRecord is one balance a provider holds for a member (the audit
// holds the ledger's provider wallets against them).
type WalletRecord struct {
	MemberID  int64
	Currency  string
	Balance   int64
	LastRound int64 // the provider's last round of the member this balance includes
}

// Wallet is a provider of real-money play in the transfer-wallet shape.
type Wallet interface {
	Provider
	// EnsurePlayer creates the player at the provider if need be.
	EnsurePlayer(ctx context.Context, p Player) error
	// TransferIn credits the player's wallet at the provider; the same
	// order number twice applies once and answers the first outcome.
	TransferIn(ctx context.Context, t Transfer) (TransferResult, error)
	// TransferOut debits it; TransferFailed when the wallet holds less.
	TransferOut(ctx context.Context, t Transfer) (TransferResult, error)
	// Balance is the player's wallet at the provider.
	Balance(ctx context.Context, p Player) (int64, error)
	// QueryTransfer answers a transfer's outcome by our order number.
	QueryTransfer(ctx context.Context, orderNo string) (TransferResult, error)
	// LaunchURL opens a real-money game and answers its page.
	LaunchURL(ctx context.Context, l Launch) (string, error)
	// Leave closes the player's game sessions at the provider.
	Leave(ctx context.Context, p Player) error
	// Rounds lists the settled real-money rounds with an id above after,
	// oldest first, at most limit: the platform books them into its ledger
	// (bets and wins against the member's provider wallet) and counts
	// turnover from them. A provider whose rounds already post to the
	// ledger (the in-house one) answers none.
	Rounds(ctx context.Context, after int64, limit int) ([]Round, error)
	// Records lists every wallet the provider holds (for the audit), with
	// the id of the last round each balance includes.
	Records(ctx context.Context) ([]WalletRecord, error)
}

// Round is one settled real-money round at a provider.
type Round struct {
	ID       int64 // the provider's round id, increasing
	MemberID int64
	Currency string
	GameCode string
	GameType int
	Stake    int64
	Win      int64
	At       int64 // unix microseconds
}

// Errors of providers.
var (
	// ErrUnavailable: the provider did not answer in time, answered an
	// error, or the reply was lost: the outcome is unknown and is settled
	// by QueryTransfer.
	ErrUnavailable = errors.New("provider: unavailable")
	// ErrMaintenance: the provider says it is in maintenance. A transfer
	// answered so was refused and recorded refused by the provider: it
	// was not applied and never will be.
	ErrMaintenance = errors.New("provider: in maintenance")
)

// Wallet is the provider of code when it takes real money.
func (r *Registry) Wallet(code string) (Wallet, bool) {
	w, ok := r.byCode[code].(Wallet)
	return w, ok
}

// Wallets lists the providers that take real money.
func (r *Registry) Wallets() []Wallet {
	var out []Wallet
	for _, p := range r.byCode {
		if w, ok := p.(Wallet); ok {
			out = append(out, w)
		}
	}
	return out
}

// QuickBetter is a sportsbook with a quick-bet page, which the lobby shows
// in a frame (the spec's sport quick-bet entry).
type QuickBetter interface {
	Provider
	// QuickBetURL answers the quick-bet page for the currency and client
	// platform, served under domain.
	QuickBetURL(ctx context.Context, currency string, device int, domain string) (string, error)
}

// QuickBet is the provider of code when it offers a quick-bet page.
func (r *Registry) QuickBet(code string) (QuickBetter, bool) {
	q, ok := r.byCode[code].(QuickBetter)
	return q, ok
}
