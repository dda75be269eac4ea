package games_test

import (
	"testing"
	"time"

	"gamehall/internal/games"
)

// TestMaintenanceWindow: the flag, or start <= now < end.
func TestMaintenanceWindow(t *testing.T) {
	start := time.Date(2027, 1, 15, 8, 0, 0, 0, time.UTC)
	end := start.Add(time.Hour)
	w := games.Window{MaintenanceStartAt: start.UnixMicro(), MaintenanceEndAt: end.UnixMicro()}
	cases := []struct {
		name string
		w    games.Window
		at   time.Time
		want bool
	}{
		{"before the window", w, start.Add(-time.Microsecond), false},
		{"at its start", w, start, true},
		{"inside", w, start.Add(30 * time.Minute), true},
		{"at its end", w, end, false},
		{"after", w, end.Add(time.Hour), false},
		{"the flag alone", games.Window{Maintenance: true}, start, true},
		{"the flag outside the window", games.Window{Maintenance: true, MaintenanceStartAt: w.MaintenanceStartAt,
			MaintenanceEndAt: w.MaintenanceEndAt}, end.Add(time.Hour), true},
		{"no window, no flag", games.Window{}, start, false},
	}
	for _, c := range cases {
		if got := c.w.In(c.at); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
