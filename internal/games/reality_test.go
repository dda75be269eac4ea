package games_test

import (
	"encoding/json"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// TestPlay1WaitsForTheRealityCheck: once the member's interval of play has
// passed, launching a game is refused with 650 and the check's figures
// until the member acknowledges it; then the launch works.
func TestPlay1WaitsForTheRealityCheck(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback)
		m := login(t, s, d)
		if res := m.post(t, "/api/member/limits/reality/set", map[string]any{"minutes": 15}); res.Code != 100 {
			t.Fatalf("set the interval: %d %s", res.Code, res.Message)
		}
		if res := m.post(t, "/api/member/game/play1", play1); res.Code != 100 {
			t.Fatalf("first play1: %d %s", res.Code, res.Message)
		}
		if res := m.post(t, "/api/member/game/leave1", map[string]any{}); res.Code != 100 {
			t.Fatalf("leave1: %d %s", res.Code, res.Message)
		}
		// Sixteen minutes of the spell pass.
		shift := (16 * time.Minute).Microseconds()
		if _, err := d.Exec(`UPDATE reality_checks SET started_at = started_at - $1, checked_at = checked_at - $1 WHERE member_id = $2`,
			shift, m.id); err != nil {
			t.Fatal(err)
		}
		res := m.post(t, "/api/member/game/play1", play1)
		var check struct {
			Minutes        int     `json:"minutes"`
			ElapsedMinutes int     `json:"elapsed_minutes"`
			Due            int     `json:"due"`
			Net            float64 `json:"net"`
		}
		if res.Code != 650 {
			t.Fatalf("play1 after 16 minutes: %d %s, want 650", res.Code, res.Message)
		}
		if err := json.Unmarshal(res.Data, &check); err != nil || check.Minutes != 15 || check.ElapsedMinutes != 16 || check.Due != 1 {
			t.Fatalf("650 data %s (%v)", res.Data, err)
		}
		if res := m.post(t, "/api/member/limits/reality/ack", map[string]any{}); res.Code != 100 || !json.Valid(res.Data) {
			t.Fatalf("acknowledge: %d %s", res.Code, res.Message)
		}
		if res := m.post(t, "/api/member/game/play1", play1); res.Code != 100 {
			t.Fatalf("play1 after acknowledging: %d %s", res.Code, res.Message)
		}
		if res := m.post(t, "/api/member/limits/reality/set", map[string]any{"minutes": 20}); res.Code != 400 {
			t.Fatalf("an interval not offered: %d %s", res.Code, res.Message)
		}
	})
}
