package games_test

import (
	"context"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/games"
	gp "gamehall/internal/provider"
	"gamehall/internal/seed"
)

// sites is a Sites stub: site 1 offers every currency with exponent 2.
type sites struct{ demoMode bool }

func (sites) CheckSite(context.Context, int64) error { return nil }
func (sites) CurrencyExponent(context.Context, int64, string) (int, bool, error) {
	return 2, true, nil
}
func (s sites) DemoMode(context.Context, int64) (bool, error) { return s.demoMode, nil }

type launcher struct{}

func (launcher) Code() string         { return "GP001" }
func (launcher) Has(code string) bool { return code == "gh_keno" }
func (launcher) StartDemo(_ context.Context, l gp.DemoLaunch) (string, error) {
	return "/games/" + l.GameCode + "/?session=x", nil
}

// TestDemoPlayRecordsPlayedOnTheServiceClock: a member's launch is recorded
// at the service's clock, not the wall clock.
func TestDemoPlayRecordsPlayedOnTheServiceClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		var member int64
		if err := d.QueryRowContext(ctx, `SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&member); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2031, 3, 4, 5, 6, 7, 0, time.UTC)
		store := games.NewStore(d)
		svc := games.NewService(store, sites{}, gp.NewRegistry(launcher{})).WithClock(func() time.Time { return at })
		u, err := svc.DemoPlay(ctx, games.PlayQuery{Query: games.Query{SiteID: 1, Currency: "USD", Device: 1},
			GameCode: "gh_keno", MemberID: member})
		if err != nil || u.GameURL != "/games/gh_keno/?session=x" {
			t.Fatalf("demo play: %+v %v", u, err)
		}
		var playedAt int64
		if err := d.QueryRowContext(ctx, `SELECT played_at FROM member_played_games WHERE member_id = $1`, member).Scan(&playedAt); err != nil {
			t.Fatal(err)
		}
		if playedAt != at.UnixMicro() {
			t.Fatalf("played at %v, want the service clock's %v", time.UnixMicro(playedAt).UTC(), at)
		}
	})
}
