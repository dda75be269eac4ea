// Command lobby measures the lobby content endpoints of the real handler on
// SQLite at 64 keep-alive connections against a bare net/http JSON handler
// measured in the same run, and prints requests/s, p99 and the ratio.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"gamehall/bench/load"
	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/seed"
)

func main() {
	conns := flag.Int("conns", 64, "concurrent keep-alive connections")
	dur := flag.Duration("d", 5*time.Second, "measured time per endpoint")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			_ = pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	if err := run(*conns, *dur); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func serve(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

func run(conns int, dur time.Duration) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "gamehall-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	d, err := db.OpenSQLite(ctx, filepath.Join(dir, "bench.db"))
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Migrate(ctx); err != nil {
		return err
	}
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		return err
	}
	// The access log stays on, as in production, written to a discarding sink.
	a, err := app.New(config.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)), d)
	if err != nil {
		return err
	}
	appURL, stopApp, err := serve(a.Handler())
	if err != nil {
		return err
	}
	defer stopApp()

	bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 100, "message": "success", "data": map[string]any{"list": []int{1, 2, 3}}})
	})
	bareURL, stopBare, err := serve(bare)
	if err != nil {
		return err
	}
	defer stopBare()

	fmt.Printf("lobby and catalogue endpoints, SQLite, %d connections, %s each (GOMAXPROCS from %d CPUs)\n", conns, dur, nprocs())
	baseline := load.Run("bare net/http JSON handler", bareURL+"/", `{"site_id":1}`, conns, dur)
	fmt.Println(baseline)
	for _, e := range []struct{ name, path, body string }{
		{"carousel_picture", "/api/arks/web/carousel_picture", `{"site_id":1,"use_type":0}`},
		{"announcement/marquee", "/api/arks/web/announcement/marquee", `{"site_id":1,"sort_field":"sort","sort_order":"asc"}`},
		{"bulletin", "/api/arks/web/bulletin", `{"site_id":1,"display_device":1}`},
		{"get_jackpot", "/api/v2/get_jackpot", `{"currency":"USD"}`},
		{"v3/game_list", "/api/v3/game_list", `{"currency":"USD","site_id":1,"support_device":1,"template":"default"}`},
		{"v2/game_label", "/api/v2/game_label", `{"site_id":1,"currency":"USD","device":1,"gp_id":2,"game_type_id":2,"house":0}`},
	} {
		r := load.Run(e.name, appURL+e.path, e.body, conns, dur)
		fmt.Printf("%s  ratio %.2f\n", r, r.RPS()/baseline.RPS())
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
