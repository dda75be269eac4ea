package games_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/games"
	gp "gamehall/internal/provider"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// The demo has no connected sportsbook (GP005 Pitchside is a catalogue
// entry only): the quick-bet call answers an empty page, so the client
// hides its entry.
func TestSportQuickbetWithoutSportsbook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		const path = "/api/arks/web/game/sport-quickbet-url"
		testutil.Run(t, s, append([]testutil.Scenario{
			{Name: "no sportsbook", Path: path, Body: `{"site_id":1,"currency":"USD","support_device":1,"domain":"localhost"}`, WantCode: 100,
				Check: func(t *testing.T, raw json.RawMessage) {
					if v := testutil.Decode[games.QuickBet](t, raw); v.Detail.URL != "" || v.Detail.GPID != 0 {
						t.Fatalf("detail = %+v", v.Detail)
					}
				}},
			{Name: "currency not offered", Path: path, Body: `{"site_id":1,"currency":"EUR","support_device":1}`, WantCode: 400},
			{Name: "currency missing", Path: path, Body: `{"site_id":1,"support_device":1}`, WantCode: 400},
			{Name: "device unknown", Path: path, Body: `{"site_id":1,"currency":"USD","support_device":9}`, WantCode: 400},
		}, testutil.BadSiteBodies(path, `{"site_id":1,"currency":"USD","support_device":2}`)...))
	})
}

type sportsbook struct{}

func (sportsbook) Code() string    { return "GP005" }
func (sportsbook) Has(string) bool { return true }
func (sportsbook) QuickBetURL(_ context.Context, currency string, device int, domain string) (string, error) {
	return "https://" + domain + "/sb/quick?c=" + currency, nil
}

// A connected sportsbook with a quick-bet page answers it with its gp_id,
// except while in maintenance.
func TestSportQuickbetOfAConnectedSportsbook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		// The demo seeds no sportsbook (no engine plays sport): this test
		// adds one, GP005 with a sports hall, as an operator connecting one would.
		for _, q := range []string{
			`INSERT INTO providers (id, code, name, active, sort) VALUES (5, 'GP005', 'Pitchside', TRUE, 5)`,
			`INSERT INTO provider_game_types (provider_id, game_type, name_i18n, sort) VALUES (5, 4, '{"en_US":"Pitchside"}', 0)`,
		} {
			if _, err := d.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		svc := games.NewService(games.NewStore(d), sites{}, gp.NewRegistry(launcher{}, sportsbook{}))
		q := games.Query{SiteID: 1, Currency: "USD", Device: 1}
		got, err := svc.SportQuickbet(ctx, q, "sb.example.com")
		if err != nil || got.Detail.URL != "https://sb.example.com/sb/quick?c=USD" || got.Detail.GPID != 5 {
			t.Fatalf("quick bet = %+v, %v", got, err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE providers SET maintenance = TRUE WHERE code = 'GP005'`); err != nil {
			t.Fatal(err)
		}
		if got, err := svc.SportQuickbet(ctx, q, "sb.example.com"); err != nil || got.Detail.URL != "" {
			t.Fatalf("in maintenance: %+v, %v", got, err)
		}
	})
}
