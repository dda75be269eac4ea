package house_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/provider/house"
	"gamehall/internal/testutil/testclock"
)

// synth stores n synthetic rounds of one group: stake each, win(i) for the
// i-th, with the bet's exact par and variance.
func synth(t *testing.T, d *db.DB, code string, demo bool, device, band string, n int, stake int64, win func(i int) int64, par, parVar float64, at int64) {
	t.Helper()
	ctx := context.Background()
	err := d.Tx(ctx, func(ctx context.Context) error {
		for i := range n {
			_, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO game_rounds (session_hash, request_id, demo, game_code, game_version, currency,
				stake, win, balance_before, balance_after, choices, outcome, created_at, fair_seed_id, nonce, commitment, client_seed,
				device, stake_band, par_rtp, par_var) VALUES ($1, $2, $3, $4, 'v', 'USD', $5, $6, 0, 0, '{}', '{}', $7, 1, $8, 'c', 'x',
				$9, $10, $11, $12)`, code+device+band, fmt.Sprint(i), demo, code, stake, win(i), at, i, device, band, par, parVar)
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestRTPMonitorFlagsAGroupOutsideItsInterval(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := testclock.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
		at := clk.Now().Add(-time.Hour).UnixMicro()
		// Keno pick 1 (pays 3.8 on a hit, one in four): exactly its par 0.95.
		synth(t, d, "gh_keno", true, "mobile", "mid", 2000, 100, func(i int) int64 {
			if i%4 == 0 {
				return 380
			}
			return 0
		}, 0.95, 0.25*3.8*3.8-0.95*0.95, at)
		// A slot paying half its stake every round: far below 0.96.
		synth(t, d, "gh_slot_fortune", false, "desktop", "low", 1500, 20, func(int) int64 { return 10 }, 0.9604, 11.64, at)
		// Too few rounds to judge, however wrong.
		synth(t, d, "gh_baccarat", true, "", "high", 10, 1000, func(int) int64 { return 0 }, 0.9894, 0.95, at)
		// Older than the window.
		synth(t, d, "gh_keno", false, "desktop", "low", 50, 10, func(int) int64 { return 0 }, 0.95, 2.7, clk.Now().Add(-40*24*time.Hour).UnixMicro())

		m := house.NewMonitor(d, inHouse(), clk.Now)
		rep, err := m.Check(ctx, clk.Now().Add(-30*24*time.Hour), 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Groups) != 3 || rep.Alerts != 1 {
			t.Fatalf("%d groups, %d alerts: %+v", len(rep.Groups), rep.Alerts, rep.Groups)
		}
		by := map[string]house.RTPGroup{}
		for _, g := range rep.Groups {
			by[g.GameCode] = g
		}
		k := by["gh_keno"]
		if k.Channel != "play" || k.Device != "mobile" || k.Rounds != 2000 || k.Observed != 0.95 || k.Flagged || !k.Judged ||
			k.Low >= 0.95 || k.High <= 0.95 || k.Published != 0.95 {
			t.Fatalf("keno: %+v", k)
		}
		s := by["gh_slot_fortune"]
		if s.Channel != "real" || s.Observed != 0.5 || !s.Flagged || s.Low <= 0.5 {
			t.Fatalf("slot: %+v", s)
		}
		if b := by["gh_baccarat"]; b.Judged || b.Flagged {
			t.Fatalf("baccarat with 10 rounds judged: %+v", b)
		}
		// The same hour raises no second alert; the next hour does.
		if rep, _ := m.Check(ctx, clk.Now().Add(-30*24*time.Hour), 1000); rep.Alerts != 0 {
			t.Fatalf("second check raised %d", rep.Alerts)
		}
		clk.Add(time.Hour)
		if rep, _ := m.Check(ctx, clk.Now().Add(-30*24*time.Hour), 1000); rep.Alerts != 1 {
			t.Fatalf("next hour raised %d", rep.Alerts)
		}
		// The scheduled check (last week, 1,000 rounds) finds the slot on its
		// own, an hour later, and records its alert.
		clk.Add(house.WatchInterval)
		flagged, err := m.Watch(ctx)
		if err != nil || len(flagged) != 1 || flagged[0].GameCode != "gh_slot_fortune" {
			t.Fatalf("watch flagged %+v %v", flagged, err)
		}
		alerts, err := m.Alerts(ctx, 50)
		if err != nil || len(alerts) != 3 || alerts[0].GameCode != "gh_slot_fortune" || alerts[0].Channel != "real" || alerts[0].Observed != 0.5 {
			t.Fatalf("alerts %+v %v", alerts, err)
		}
	})
}

func TestRTPMonitorRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		clk := testclock.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
		mux := http.NewServeMux()
		msgs, err := api.LoadCatalogue()
		if err != nil {
			t.Fatal(err)
		}
		a := api.New(msgs, slog.New(slog.NewTextHandler(io.Discard, nil)))
		guarded := 0
		guard := func(h http.Handler) http.Handler { guarded++; return h }
		house.NewMonitor(d, inHouse(), clk.Now).MonitorRoutes(mux, a, guard)
		if guarded != 2 {
			t.Fatalf("%d routes guarded", guarded)
		}
		for _, c := range []struct {
			path string
			code int
		}{
			{"/admin/rtp-monitor", 100}, {"/admin/rtp-monitor?days=0", 400}, {"/admin/rtp-monitor?days=366", 400},
			{"/admin/rtp-monitor?min_rounds=x", 400}, {"/admin/rtp-alerts", 100}, {"/admin/rtp-alerts?limit=201", 400},
		} {
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
			var env struct{ Code int }
			_ = json.Unmarshal(rec.Body.Bytes(), &env)
			if env.Code != c.code {
				t.Errorf("%s: code %d, want %d (%s)", c.path, env.Code, c.code, rec.Body)
			}
		}
	})
}
