// Package app wires configuration, storage, services and the HTTP server.
// It is the only package that knows every other one.
package app

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"gamehall/internal/admin"
	"gamehall/internal/api"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/engine/rng"
	"gamehall/internal/framecheck"
	"gamehall/internal/games"
	"gamehall/internal/geo"
	"gamehall/internal/media"
	"gamehall/internal/member"
	"gamehall/internal/provider/house"
	"gamehall/internal/ratelimit"
	"gamehall/internal/realtime"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/sms"
	"gamehall/internal/tracking"
	"gamehall/internal/web"
)

// App is a configured gamehall server.
type App struct {
	cfg     config.Config
	log     *slog.Logger
	DB      *db.DB
	handler http.Handler
	Site    *site.Handler
	Hub     *realtime.Hub
	sweeps  []func(context.Context) error
}

// Open connects the database, migrates it, seeds the demo site when the
// database has none (unless seedDemo is false) and builds the HTTP handler.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger, seedDemo bool) (*App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	if seedDemo {
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			d.Close()
			return nil, err
		}
	}
	a, err := New(cfg, log, d)
	if err != nil {
		d.Close()
		return nil, err
	}
	return a, nil
}

// New builds the app on an open, migrated database (tests use it directly).
func New(cfg config.Config, log *slog.Logger, d *db.DB) (*App, error) {
	a := &App{cfg: cfg, log: log, DB: d}
	if err := a.build(); err != nil {
		return nil, err
	}
	return a, nil
}

// Close stops the real-time hub and releases the database.
func (a *App) Close() error {
	if a.Hub != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = a.Hub.Shutdown(ctx)
		cancel()
	}
	return a.DB.Close()
}

// Handler is the whole HTTP surface.
func (a *App) Handler() http.Handler { return a.handler }

func (a *App) build() error {
	msgs, err := api.LoadCatalogue()
	if err != nil {
		return err
	}
	var table []geo.Entry
	if a.cfg.GeoCIDRFile != "" {
		f, err := os.Open(a.cfg.GeoCIDRFile)
		if err != nil {
			return fmt.Errorf("geo table: %w", err)
		}
		table, err = geo.ParseTable(f)
		f.Close()
		if err != nil {
			return err
		}
	}
	resolver := geo.NewResolver(a.cfg.CountryHeader, a.cfg.TrustedProxies, table)
	apis := api.New(msgs, a.log)
	mux := http.NewServeMux()

	siteSvc := site.NewService(site.NewStore(a.DB), a.cfg.Dev, a.cfg.ContentCacheTTL)
	mem, err := a.buildMembers(apis, siteSvc, resolver.Country)
	if err != nil {
		return err
	}
	a.Hub = mem.hub
	a.sweeps = mem.sweeps
	// Every API call may carry a member token; member-only routes add member.Required.
	router := apis.NewRouter(mux, mem.svc.Identify(apis))
	a.Site = site.NewHandler(apis, siteSvc, a.cfg.SiteID, resolver.Country, member.IsMember, a.cfg.ContentCacheTTL)
	a.Site.Routes(router)
	mem.handler.Routes(router)
	mem.captcha.Routes(router)
	router.Post("/api/fb_tracking", tracking.New(a.DB, time.Now, a.cfg.SiteID).Handler())
	if a.cfg.Dev {
		router.Get("/api/dev/sms-outbox", sms.DevHandler(mem.outbox))
		// Lets benchmarks and tests time a fan-out to every connection.
		router.Post("/api/dev/broadcast", func(r *http.Request) (any, error) {
			mem.hub.Publish("web_member", "broadcast", map[string]any{"sent_at": time.Now().UnixNano()})
			return api.Done(nil)
		})
	}
	mux.Handle("/connection/websocket", mem.hub.Handler())
	spa := web.New(web.Dist(), a.cfg.SiteID, func(ctx context.Context, siteID int64) (any, error) {
		return siteSvc.RouteRules(ctx, siteID)
	}, time.Now())
	houseStore := house.NewStore(a.DB)
	demo := house.NewDemoSessions(houseStore, time.Now)
	limits := ratelimit.New(a.DB, time.Now)
	play := house.NewPlay(house.NewGames(), houseStore, demo, time.Now, rng.NewPool())
	house.NewHandler(play, spa, limits).Routes(router, mux)
	a.sweeps = append(a.sweeps, func(ctx context.Context) error {
		_, err := houseStore.DeleteExpired(ctx, time.Now().UnixMicro())
		return err
	})
	gamesStore := games.NewStore(a.DB)
	memberID := func(r *http.Request) int64 {
		p, _ := member.PrincipalFrom(r.Context())
		return p.MemberID
	}
	games.NewHandler(games.NewService(gamesStore, siteSvc, demo, gamesStore), a.cfg.ContentCacheTTL, memberID, limits).Routes(router, mux)
	games.NewMemberGames(gamesStore, func() int64 { return time.Now().UnixMicro() }, memberID).Routes(router.With(member.Required(apis)))
	framecheck.NewHandler(framecheck.New(framecheck.Options{}), time.Minute, limits).Routes(router)
	// The operator API (/admin/...); every /admin/ path is 404 without --admin-key.
	adminSvc := admin.NewService(admin.Deps{Store: admin.NewStore(a.DB), Pub: mem.hub,
		Invalidate: []func(){a.Site.Invalidate, siteSvc.Invalidate}, Log: a.log, Now: time.Now})
	admin.NewHandler(apis, adminSvc, a.cfg.AdminKey, limits, a.log).Routes(mux)
	icons, err := media.LoadIcons()
	if err != nil {
		return err
	}
	mux.Handle("GET /api/icons", icons.Handler())

	mux.Handle("/api/", apis.NotFound())
	mux.Handle("/games/api/", apis.NotFound())
	mux.Handle("GET /media/", media.Handler())
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := a.DB.PingContext(ctx); err != nil {
			http.Error(w, "database unavailable", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(a.DB.DB, string(a.DB.Dialect)))
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	spa.Routes(mux)

	known := map[string]bool{}
	for _, l := range seed.Languages {
		known[l.Code] = true
	}
	a.handler = api.Chain(mux,
		api.RequestContext(func(l string) bool { return known[l] }, a.cfg.TrustedProxies),
		api.SecurityHeaders(a.cfg.Production),
		api.AccessLog(a.log),
		apis.Recover(),
		api.LimitBody(a.cfg.MaxBodyBytes),
		metrics(reg),
	)
	return nil
}

// metrics counts requests by method and status class.
func metrics(reg *prometheus.Registry) api.Middleware {
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "gamehall_http_requests_total", Help: "HTTP requests by method and status class.",
	}, []string{"method", "class"})
	duration := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "gamehall_http_request_seconds", Help: "HTTP request duration.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	})
	reg.MustRegister(requests, duration)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			cw := &classWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(cw, r)
			duration.Observe(time.Since(start).Seconds())
			requests.WithLabelValues(r.Method, fmt.Sprintf("%dxx", cw.status/100)).Inc()
		})
	}
}

type classWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *classWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *classWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack hands the connection to the websocket upgrade.
func (w *classWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

// Serve listens on the configured address until ctx ends, then shuts down
// gracefully. ready, when not nil, receives the bound address.
func (a *App) Serve(ctx context.Context, ready func(addr string)) error {
	ln, err := net.Listen("tcp", a.cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{
		Handler:           a.handler,
		ReadHeaderTimeout: a.cfg.ReadHeaderTimeout,
		ReadTimeout:       a.cfg.ReadTimeout,
		WriteTimeout:      a.cfg.WriteTimeout,
		IdleTimeout:       a.cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	go a.janitor(ctx, 10*time.Minute)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// janitor deletes expired captchas, codes, pending logins and counters every
// interval until ctx ends. Every node runs it; the deletes are idempotent.
func (a *App) janitor(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			for _, sweep := range a.sweeps {
				if err := sweep(ctx); err != nil && ctx.Err() == nil {
					a.log.Warn("janitor", "err", err)
				}
			}
		}
	}
}
