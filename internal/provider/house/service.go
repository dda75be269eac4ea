// Package house is the in-house game provider ("Gamehall Originals"). This
// part holds demo sessions: play money for visitors trying the in-house
// games, never touching the ledger. The game pages and their play API build
// on DemoSessions.
package house

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/provider"
)

// ProviderCode is the GP code of the in-house provider in the static provider table.
const ProviderCode = "GP001"

// Codes of the demo play API (docs/api.md).
var (
	// ErrSessionNotFound: the session id is unknown or the session expired.
	ErrSessionNotFound = api.NewError(207, "demo_session_not_found")
	// ErrInsufficient: a stake larger than the play-money balance.
	ErrInsufficient = api.NewError(208, "insufficient_play_money")
	// ErrInsufficientFunds: a real-money stake above the member's wallet here.
	ErrInsufficientFunds = api.NewError(208, "house_insufficient_funds")
	// ErrUnknownGame: the in-house provider has no game page for that code yet.
	ErrUnknownGame = api.NewError(204, "game_not_connected")
)

// DefaultSessionTTL is how long a demo session lives.
const DefaultSessionTTL = 24 * time.Hour

// DemoBalance is the play money a demo session starts with, in minor units of
// a currency with the given exponent: 2,000.00 in the major unit, scaled for
// currencies whose unit is worth far less than a dollar so that the house
// games' bet ladders have room.
func DemoBalance(currency string, exponent int) int64 {
	major := int64(2000)
	switch currency {
	case "VND":
		major = 50_000_000
	case "MMK":
		major = 4_000_000
	case "WON":
		major = 2_000_000
	case "JPY":
		major = 200_000
	case "INR", "BDT", "NGN":
		major = 200_000
	case "THB":
		major = 50_000
	case "RMB":
		major = 10_000
	case "BRL":
		major = 10_000
	}
	for range exponent {
		major *= 10
	}
	return major
}

// DemoSession is a live demo session. ID is the opaque token handed to the
// player; it is only known right after Create (Get takes it, it never
// returns it).
type DemoSession struct {
	ID        string
	SiteID    int64
	GameCode  string
	Currency  string
	Exponent  int
	Balance   int64 // minor units of Currency
	CreatedAt time.Time
	ExpiresAt time.Time
	// SiteDemoMode is the site's demo_mode flag when the session was read:
	// while it is on, the session may be shown but not played.
	SiteDemoMode bool
}

// DemoSessions creates and reads demo sessions of the in-house games; rounds
// move their play money (Store.SettleDemoRound). It is the in-house
// provider as the launch code sees it (provider.DemoLauncher).
type DemoSessions struct {
	store *Store
	games *Games
	sites Sites
	now   func() time.Time
	ttl   time.Duration
}

// Sites tells the house whether a site is in demo mode (site.Service).
type Sites interface {
	DemoMode(ctx context.Context, siteID int64) (bool, error)
}

// NewDemoSessions returns the service for games; now is the clock (time.Now).
func NewDemoSessions(store *Store, games *Games, sites Sites, now func() time.Time) *DemoSessions {
	return &DemoSessions{store: store, games: games, sites: sites, now: now, ttl: DefaultSessionTTL}
}

// Code is the in-house provider's GP code.
func (d *DemoSessions) Code() string { return ProviderCode }

// Has reports whether the in-house provider serves a page for gameCode.
func (d *DemoSessions) Has(gameCode string) bool { return d.games.Has(gameCode) }

// HashID is the stored form of a session id.
func HashID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

// newID is 256 random bits, URL-safe.
func newID() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("session id: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// Create opens a session of gameCode for currency (with its exponent) on
// siteID, holding the demo balance. Expired sessions are purged on the way.
func (d *DemoSessions) Create(ctx context.Context, siteID int64, gameCode, currency string, exponent int) (DemoSession, error) {
	if !d.Has(gameCode) {
		return DemoSession{}, ErrUnknownGame
	}
	id, err := newID()
	if err != nil {
		return DemoSession{}, err
	}
	now := d.now().UTC()
	if _, err := d.store.DeleteExpired(ctx, now.UnixMicro()); err != nil {
		return DemoSession{}, err
	}
	s := DemoSession{ID: id, SiteID: siteID, GameCode: gameCode, Currency: currency, Exponent: exponent,
		Balance: DemoBalance(currency, exponent), CreatedAt: now, ExpiresAt: now.Add(d.ttl)}
	err = d.store.Insert(ctx, SessionRow{IDHash: HashID(id), SiteID: siteID, GameCode: gameCode, Currency: currency,
		Exponent: exponent, Balance: s.Balance, CreatedAt: now.UnixMicro(), UpdatedAt: now.UnixMicro(), ExpiresAt: s.ExpiresAt.UnixMicro()})
	if err != nil {
		return DemoSession{}, err
	}
	return s, nil
}

// Get loads the live session with token id; ErrSessionNotFound when it is
// unknown or expired.
func (d *DemoSessions) Get(ctx context.Context, id string) (DemoSession, error) {
	if id == "" || len(id) > 128 {
		return DemoSession{}, ErrSessionNotFound
	}
	r, err := d.store.Session(ctx, HashID(id), d.now().UTC().UnixMicro())
	if errors.Is(err, db.ErrNotFound) {
		return DemoSession{}, ErrSessionNotFound
	}
	if err != nil {
		return DemoSession{}, err
	}
	demo, err := d.sites.DemoMode(ctx, r.SiteID)
	if err != nil {
		return DemoSession{}, err
	}
	return DemoSession{ID: id, SiteID: r.SiteID, GameCode: r.GameCode, Currency: r.Currency, Exponent: r.Exponent,
		Balance: r.Balance, CreatedAt: time.UnixMicro(r.CreatedAt).UTC(), ExpiresAt: time.UnixMicro(r.ExpiresAt).UTC(),
		SiteDemoMode: demo}, nil
}

// GameURL is the page of an in-house game for a demo session.
func GameURL(gameCode, sessionID string) string {
	return "/games/" + url.PathEscape(gameCode) + "/?session=" + url.QueryEscape(sessionID)
}

// StartDemo opens a demo session and answers the game page URL; the game
// catalogue calls it for /demo/play.
func (d *DemoSessions) StartDemo(ctx context.Context, l provider.DemoLaunch) (string, error) {
	s, err := d.Create(ctx, l.SiteID, l.GameCode, l.Currency, l.Exponent)
	if err != nil {
		return "", err
	}
	return GameURL(l.GameCode, s.ID), nil
}
