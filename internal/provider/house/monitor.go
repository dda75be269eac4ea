package house

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
)

// The RTP monitor: observed RTP of the in-house games from their rounds,
// per game, channel (real or play money), device and stake band, against
// the RTP expected of the bets actually placed, with a confidence interval
// from the games' exact variance. A group outside its interval raises an
// alert (rtp_alerts, at most one per group and hour).

// MonitorZ is the two-sided 99% normal quantile: a fair game leaves its
// interval one check in a hundred per group, a mis-set one far more often.
const MonitorZ = 2.5758

// The scheduled check: every hour (an alert's bucket) over the last week,
// judging groups of at least a thousand rounds, so a drift raises an alert
// without anyone asking.
const (
	WatchInterval  = time.Hour
	WatchWindow    = 7 * 24 * time.Hour
	WatchMinRounds = 1000
)

// Monitor answers the RTP monitor.
type Monitor struct {
	db    *db.DB
	games *Games
	now   func() time.Time
}

// NewMonitor returns the monitor over the rounds in d.
func NewMonitor(d *db.DB, games *Games, now func() time.Time) *Monitor {
	return &Monitor{db: d, games: games, now: now}
}

// RTPGroup is one group's figures. RTPs are returns per unit staked.
type RTPGroup struct {
	GameCode  string `json:"game_code"`
	Channel   string `json:"channel"` // real or play
	Device    string `json:"device"`  // desktop, mobile or "" (unknown)
	StakeBand string `json:"stake_band"`
	Rounds    int64  `json:"rounds"`
	// Staked and Won are summed minor units across currencies; only their
	// ratio means something.
	Staked   float64 `json:"staked"`
	Won      float64 `json:"won"`
	Observed float64 `json:"observed_rtp"`
	// Published is the game's published RTP; Expected is the exact RTP of
	// the bets placed (keno picks and baccarat bets have their own), which
	// the interval is centred on.
	Published float64 `json:"published_rtp"`
	Expected  float64 `json:"expected_rtp"`
	StdDev    float64 `json:"std_dev"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	// Judged: enough rounds for the normal approximation; Flagged: judged
	// and outside the interval.
	Judged  bool `json:"judged"`
	Flagged bool `json:"flagged"`
}

// RTPReport is the monitor's answer.
type RTPReport struct {
	Since     string     `json:"since"`
	MinRounds int64      `json:"min_rounds"`
	Groups    []RTPGroup `json:"groups"`
	// Alerts counts the alerts this check raised.
	Alerts int `json:"alerts_raised"`
}

// Check computes every group from the rounds since since, judges those of
// at least minRounds rounds and records an alert for each flagged one.
func (m *Monitor) Check(ctx context.Context, since time.Time, minRounds int64) (RTPReport, error) {
	type row struct {
		code, device, band          string
		demo                        bool
		n                           int64
		staked, won, parSum, varSum float64
	}
	// Every sum is in floating point: stakes squared overflow int64.
	rows, err := db.Query(ctx, m.db.Q(ctx), `SELECT game_code, demo, device, stake_band, COUNT(*),
		SUM(CAST(stake AS DOUBLE PRECISION)), SUM(CAST(win AS DOUBLE PRECISION)),
		SUM(CAST(stake AS DOUBLE PRECISION) * par_rtp), SUM(CAST(stake AS DOUBLE PRECISION) * CAST(stake AS DOUBLE PRECISION) * par_var)
		FROM game_rounds WHERE created_at >= $1 AND fair_seed_id IS NOT NULL AND stake > 0
		GROUP BY game_code, demo, device, stake_band ORDER BY game_code, demo, device, stake_band`,
		func(rs *sql.Rows, r *row) error {
			return rs.Scan(&r.code, &r.demo, &r.device, &r.band, &r.n, &r.staked, &r.won, &r.parSum, &r.varSum)
		}, since.UTC().UnixMicro())
	if err != nil {
		return RTPReport{}, fmt.Errorf("rtp monitor: %w", err)
	}
	now := m.now().UTC()
	out := RTPReport{Since: since.UTC().Format(time.RFC3339), MinRounds: minRounds, Groups: []RTPGroup{}}
	for _, r := range rows {
		g := RTPGroup{GameCode: r.code, Channel: "real", Device: r.device, StakeBand: r.band, Rounds: r.n, Staked: r.staked, Won: r.won}
		if r.demo {
			g.Channel = "play"
		}
		if gm, ok := m.games.byCode[r.code]; ok {
			g.Published = gm.rtp()
		}
		g.Observed = r.won / r.staked
		g.Expected = r.parSum / r.staked
		// The observed ratio's spread: Σ stake² var / (Σ stake)².
		g.StdDev = math.Sqrt(r.varSum) / r.staked
		g.Low, g.High = g.Expected-MonitorZ*g.StdDev, g.Expected+MonitorZ*g.StdDev
		g.Judged = r.n >= minRounds
		g.Flagged = g.Judged && (g.Observed < g.Low || g.Observed > g.High)
		if g.Flagged {
			raised, err := m.alert(ctx, g, now)
			if err != nil {
				return RTPReport{}, err
			}
			if raised {
				out.Alerts++
			}
		}
		out.Groups = append(out.Groups, g)
	}
	return out, nil
}

// Watch is the scheduled check: it returns the groups it flagged (each
// recorded as an alert once per hour) for the caller to log.
func (m *Monitor) Watch(ctx context.Context) ([]RTPGroup, error) {
	rep, err := m.Check(ctx, m.now().Add(-WatchWindow), WatchMinRounds)
	if err != nil {
		return nil, err
	}
	var flagged []RTPGroup
	for _, g := range rep.Groups {
		if g.Flagged {
			flagged = append(flagged, g)
		}
	}
	return flagged, nil
}

func (m *Monitor) alert(ctx context.Context, g RTPGroup, now time.Time) (bool, error) {
	key := g.GameCode + "/" + g.Channel + "/" + g.Device + "/" + g.StakeBand
	res, err := m.db.Q(ctx).ExecContext(ctx, `INSERT INTO rtp_alerts (group_key, bucket, game_code, demo, device, stake_band, rounds,
		observed_rtp, expected_rtp, low, high, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (group_key, bucket) DO NOTHING`,
		key, now.Unix()/3600, g.GameCode, g.Channel == "play", g.Device, g.StakeBand, g.Rounds, g.Observed, g.Expected, g.Low, g.High,
		now.UnixMicro())
	if err != nil {
		return false, fmt.Errorf("rtp alert: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// RTPAlert is one recorded alert.
type RTPAlert struct {
	ID        int64   `json:"id"`
	GameCode  string  `json:"game_code"`
	Channel   string  `json:"channel"`
	Device    string  `json:"device"`
	StakeBand string  `json:"stake_band"`
	Rounds    int64   `json:"rounds"`
	Observed  float64 `json:"observed_rtp"`
	Expected  float64 `json:"expected_rtp"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	CreatedAt string  `json:"created_at"`
}

// Alerts lists the newest alerts.
func (m *Monitor) Alerts(ctx context.Context, limit int) ([]RTPAlert, error) {
	return db.Query(ctx, m.db.Q(ctx), `SELECT id, game_code, demo, device, stake_band, rounds, observed_rtp, expected_rtp, low, high,
		created_at FROM rtp_alerts ORDER BY id DESC LIMIT $1`, func(rs *sql.Rows, a *RTPAlert) error {
		var demo bool
		var at int64
		if err := rs.Scan(&a.ID, &a.GameCode, &demo, &a.Device, &a.StakeBand, &a.Rounds, &a.Observed, &a.Expected, &a.Low, &a.High, &at); err != nil {
			return err
		}
		a.Channel = "real"
		if demo {
			a.Channel = "play"
		}
		a.CreatedAt = time.UnixMicro(at).UTC().Format(time.RFC3339)
		return nil
	}, limit)
}

// MonitorRoutes are the operator's calls: GET /admin/rtp-monitor (query
// days, 1..365, default 30; min_rounds, 1..10^9, default 1000) and GET
// /admin/rtp-alerts (limit 1..200, default 50). guard admits only the
// operator (admin.Handler.OperatorOnly).
func (m *Monitor) MonitorRoutes(mux *http.ServeMux, a *api.API, guard func(http.Handler) http.Handler) {
	mux.Handle("GET /admin/rtp-monitor", guard(a.Handle(func(r *http.Request) (any, error) {
		days, err := queryInt(r, "days", 30, 1, 365)
		if err != nil {
			return nil, err
		}
		minRounds, err := queryInt(r, "min_rounds", 1000, 1, 1_000_000_000)
		if err != nil {
			return nil, err
		}
		return m.Check(r.Context(), m.now().Add(-time.Duration(days)*24*time.Hour), minRounds)
	})))
	mux.Handle("GET /admin/rtp-alerts", guard(a.Handle(func(r *http.Request) (any, error) {
		limit, err := queryInt(r, "limit", 50, 1, 200)
		if err != nil {
			return nil, err
		}
		list, err := m.Alerts(r.Context(), int(limit))
		if err != nil {
			return nil, err
		}
		return map[string][]RTPAlert{"list": list}, nil
	})))
}

func queryInt(r *http.Request, name string, def, lo, hi int64) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, api.Bad(name, fmt.Sprintf("must be an integer between %d and %d", lo, hi))
	}
	return n, nil
}
