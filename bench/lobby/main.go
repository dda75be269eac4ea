// Command lobby measures the lobby content endpoints of the real handler on
// SQLite at 64 keep-alive connections against a bare net/http JSON handler
// measured in the same run, and prints requests/s, p99 and the ratio.
//
//	go run ./bench/lobby [-conns 64] [-d 5s] [-only game_] [-cpuprofile f]
//
// Each endpoint runs in slices that alternate with the bare handler, and
// its ratio is to that paired baseline, so load that other processes put on
// the machine for a while weighs on both. The catalogue endpoints carry the
// issue's targets (ratio to the bare handler at least 0.4, p99 under 10 ms
// on SQLite), printed as met or not.
// The load generator runs in the same process, so it shares the machine's
// cores with the server (and with anything else running): compare ratios,
// which the shared load affects alike, more than absolute figures.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"gamehall/bench/harness"
	"gamehall/bench/load"
	"gamehall/internal/app"
	"gamehall/internal/config"
)

func main() {
	conns := flag.Int("conns", 64, "concurrent keep-alive connections")
	dur := flag.Duration("d", 5*time.Second, "measured time per endpoint")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	only := flag.String("only", "", "measure only the endpoints whose name contains this")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			_ = pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	if err := run(*conns, *dur, *only); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// Targets of the catalogue endpoints (issue 3).
const (
	targetRatio = 0.4
	targetP99   = 10 * time.Millisecond
)

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

func run(conns int, dur time.Duration, only string) error {
	ctx := context.Background()
	d, stop, err := harness.DemoSQLite(ctx)
	if err != nil {
		return err
	}
	defer stop()
	// The access log stays on, as in production, written to a discarding sink.
	a, err := app.New(config.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)), d)
	if err != nil {
		return err
	}
	appURL, stopApp, err := load.Serve(a.Handler())
	if err != nil {
		return err
	}
	defer stopApp()

	bareURL, stopBare, err := load.Serve(load.Bare())
	if err != nil {
		return err
	}
	defer stopBare()

	// A realistic game_label selection: the provider and type with the most
	// games (what a provider tab of the slot list shows), and the slot
	// list's Popular tab.
	var gpID, gameType, most int
	if err := d.QueryRowContext(ctx, `SELECT provider_id, game_type, COUNT(*) FROM games WHERE enabled
		GROUP BY provider_id, game_type ORDER BY COUNT(*) DESC, provider_id LIMIT 1`).Scan(&gpID, &gameType, &most); err != nil {
		return err
	}
	var all int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&all); err != nil {
		return err
	}

	fmt.Printf("lobby and catalogue endpoints, SQLite, %d connections, %s each (GOMAXPROCS %d, %d CPUs; the load generator shares them)\n",
		conns, dur, runtime.GOMAXPROCS(0), nprocs())
	fmt.Printf("catalogue: %d games; game_label selection gp_id %d, game_type_id %d (%d games, the most of any provider and type) and Popular\n",
		all, gpID, gameType, most)
	// Each endpoint is measured in slices alternating with the bare handler
	// (see load.Paired), and its ratio is to that paired baseline.
	const slices = 4
	type verdictRow struct {
		name    string
		r, bare load.Result
	}
	var targets []verdictRow
	for _, e := range []struct {
		name, path, body string
		target           bool
	}{
		{"carousel_picture", "/api/arks/web/carousel_picture", `{"site_id":1,"use_type":0}`, false},
		{"announcement/marquee", "/api/arks/web/announcement/marquee", `{"site_id":1,"sort_field":"sort","sort_order":"asc"}`, false},
		{"bulletin", "/api/arks/web/bulletin", `{"site_id":1,"display_device":1}`, false},
		{"get_jackpot", "/api/v2/get_jackpot", `{"currency":"USD"}`, false},
		{"v3/game_list", "/api/v3/game_list", `{"currency":"USD","site_id":1,"support_device":1,"template":"default"}`, true},
		{fmt.Sprintf("v2/game_label gp %d type %d", gpID, gameType), "/api/v2/game_label",
			fmt.Sprintf(`{"site_id":1,"currency":"USD","device":0,"gp_id":%d,"game_type_id":%d,"house":0}`, gpID, gameType), true},
		{"v2/game_label Popular", "/api/v2/game_label", `{"site_id":1,"currency":"USD","device":0,"gp_id":"Popular","game_type_id":2,"house":0}`, true},
	} {
		if only != "" && !strings.Contains(e.name, only) {
			continue
		}
		r, bare := load.Paired(e.name, appURL+e.path, e.body, "  paired bare handler", bareURL+"/", `{"site_id":1}`, conns, dur, slices)
		fmt.Println(bare)
		fmt.Printf("%s  ratio %.2f\n", r, r.RPS()/bare.RPS())
		if e.target {
			targets = append(targets, verdictRow{e.name, r, bare})
		}
	}
	if len(targets) > 0 {
		fmt.Printf("\ntargets at %d connections: ratio to the bare handler >= %.1f, p99 < %s\n", conns, targetRatio, targetP99)
		for _, t := range targets {
			ratio := t.r.RPS() / t.bare.RPS()
			fmt.Printf("  %-28s %7.0f req/s  ratio %.3f %-8s p99 %8s %-8s (bare p99 %s)\n", t.name, t.r.RPS(), ratio,
				verdict(ratio >= targetRatio), t.r.P99.Round(time.Microsecond), verdict(t.r.P99 < targetP99), t.bare.P99.Round(time.Microsecond))
		}
	}
	return nil
}

func nprocs() int {
	n, _ := os.ReadFile("/proc/cpuinfo")
	c := 0
	for i := 0; i+9 < len(n); i++ {
		if string(n[i:i+9]) == "processor" {
			c++
		}
	}
	return c
}
