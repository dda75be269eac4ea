// Package app wires configuration, storage, services and the HTTP server.
// It is the only package that knows every other one. Each area (site and
// content, members, games, operator, platform) is wired in its own file and
// adds its routes and background sweeps to the app.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"gamehall/internal/admin"
	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/exclusion"
	"gamehall/internal/ledger"
	"gamehall/internal/limits"
	"gamehall/internal/ratelimit"
	"gamehall/internal/realtime"
	"gamehall/internal/seed"
	"gamehall/internal/web"
)

// App is a configured gamehall server.
type App struct {
	cfg     config.Config
	log     *slog.Logger
	DB      *db.DB
	handler http.Handler
	Hub     *realtime.Hub
	// sweeps delete expired secrets, sessions and counters (the janitor).
	sweeps []func(context.Context) error
	// loops run beside the server until it stops (the reconciler).
	loops []func(context.Context)
	// operator is the operator API's service (the admin subcommands use it).
	operator *admin.Service
	// closers stop what build started beside the database (the sandbox
	// provider's listener).
	closers []func() error
	// metrics serves the Prometheus figures (on --metrics-addr, or behind
	// the operator key).
	metrics http.Handler
	// group is SQLite's group commit (nil on PostgreSQL), shared by the
	// ledger and the in-house real-money rounds.
	group *db.Group
}

// Operator is the operator's service: the terminal's admin commands call
// it as the operator API does, audited alike.
func (a *App) Operator() *admin.Service { return a.operator }

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

// Close stops the real-time hub, commits the ledger's queued postings and
// releases the database.
func (a *App) Close() error {
	if a.Hub != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = a.Hub.Shutdown(ctx)
		cancel()
	}
	for _, c := range a.closers {
		_ = c()
	}
	a.group.Close()
	return a.DB.Close()
}

// Handler is the whole HTTP surface.
func (a *App) Handler() http.Handler { return a.handler }

// wiring is what the areas share while the app is built.
type wiring struct {
	apis   *api.API
	mux    *http.ServeMux
	router api.Router // /api routes with the caller identified
	limits *ratelimit.Limiter
	spa    *web.Handler // the embedded front end
	// operatorOnly guards what only the operator may read (/metrics).
	operatorOnly func(http.Handler) http.Handler
}

func (a *App) build() error {
	msgs, err := api.LoadCatalogue()
	if err != nil {
		return err
	}
	// SQLite commits one writer at a time, a sync each: group commit lets
	// one sync serve many postings, rounds and rate counts. PostgreSQL
	// posts the ledger entries of callers outside a transaction in
	// batches, one statement and one commit for many.
	opts := []ledger.Option{ledger.WithBatches()}
	if a.DB.Dialect == db.SQLite {
		a.group = db.NewGroup(a.DB)
		opts = append(opts, ledger.WithGroupCommit(a.group))
	}
	w := &wiring{apis: api.New(msgs, a.log), mux: http.NewServeMux(), limits: ratelimit.New(a.DB, time.Now).WithGroup(a.group)}
	// The ledger comes first (the lobby shows its jackpot pool); it tells
	// the member's browsers of balance changes once the hub exists.
	var cash func(memberID int64, currency string)
	l := ledger.New(a.DB, time.Now, func(memberID int64, currency string) { cash(memberID, currency) }, opts...)
	a.closers = append(a.closers, func() error { l.Close(); return nil })
	sites, err := a.buildSites(l)
	if err != nil {
		return err
	}
	members, err := a.buildMembers(w, sites)
	if err != nil {
		return err
	}
	// Every API call may carry a member token; member-only routes add auth.Required.
	w.router = w.apis.NewRouter(w.mux, members.svc.Identify(w.apis))
	// The front end's route rules come from the site.
	w.spa = web.New(web.Dist(), a.cfg.SiteID, func(ctx context.Context, siteID int64) (any, error) {
		return sites.svc.RouteRules(ctx, siteID)
	}, time.Now()).WithPages(sites.pages.PageExists)
	a.routeSites(w, sites)
	a.routeMembers(w, members)
	cash = func(memberID int64, currency string) {
		members.hub.PublishMember(memberID, "cash", map[string]any{"currency": currency})
	}
	// The member's own limits are asked by the games and the wallet at the
	// point of decision.
	// A time-out or self-exclusion refuses before the limits are asked.
	closer := &exclusionGames{}
	protect := &protection{limits: limits.NewService(a.DB, l, sites.svc, time.Now),
		exclusion: exclusion.NewService(a.DB, members.svc, closer, time.Now, a.log)}
	limits.NewHandler(protect.limits).Routes(w.router.With(auth.Required(w.apis)))
	exclusion.NewHandler(protect.exclusion).Routes(w.router.With(auth.Required(w.apis)))
	// A member's acknowledgement on a remote game page restarts their own
	// reality check too.
	sandbox, remotes, err := a.buildRemote(w, protect.limits.AckRealityOf)
	if err != nil {
		return err
	}
	catalogue := a.buildGames(w, sites, members, l, protect, remotes...)
	closer.svc = catalogue.svc
	bonuses := a.buildBonus(w, sites, members, catalogue, l, protect.exclusion)
	refer := a.buildReferral(w, sites, members, l, protect.exclusion)
	cashBack := a.buildCashBack(w, sites, members, catalogue, l, protect)
	money := a.buildMoney(w, sites, members, catalogue, l, protect, depositHooks{bonus: bonuses, referral: refer.svc})
	refer.wallet.svc = money.wallet
	engage := a.buildEngage(w, sites, members, money, l, protect.exclusion)
	a.buildOperator(w, sites, members, money, catalogue, sandbox, engage, bonuses, refer.svc, cashBack)
	known, err := sites.svc.KnownLanguages(context.Background())
	if err != nil {
		return err
	}
	metrics, err := a.buildPlatform(w)
	if err != nil {
		return err
	}
	a.handler = api.Chain(w.mux,
		api.RequestContext(func(l string) bool { return known[l] }, a.cfg.TrustedProxies),
		api.SecurityHeaders(a.cfg.Production),
		api.AccessLog(a.log),
		w.apis.Recover(),
		api.LimitBody(a.cfg.MaxBodyBytes),
		metrics,
	)
	return nil
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
	if a.cfg.MetricsAddr != "" {
		mln, err := net.Listen("tcp", a.cfg.MetricsAddr)
		if err != nil {
			_ = ln.Close()
			return fmt.Errorf("listen metrics: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", a.metrics)
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: a.cfg.ReadHeaderTimeout, WriteTimeout: a.cfg.WriteTimeout}
		go func() { _ = msrv.Serve(mln) }()
		defer msrv.Close()
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.Background(ctx)
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

// Background starts what runs beside the server until ctx ends: the
// janitor, the payment reconciler and the sandbox gateway's delivery.
func (a *App) Background(ctx context.Context) {
	go a.every(10*time.Minute, "janitor", a.janitor)(ctx)
	for _, loop := range a.loops {
		go loop(ctx)
	}
}

// every is a loop that runs fn each interval until ctx ends (the loops of
// Background); a failure is logged and tried again next time.
func (a *App) every(interval time.Duration, name string, fn func(context.Context) error) func(context.Context) {
	return func(ctx context.Context) {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := fn(ctx); err != nil && ctx.Err() == nil {
					a.log.Warn(name, "err", err)
				}
			}
		}
	}
}

// janitor deletes expired captchas, codes, pending logins and counters.
// Every node runs it; the deletes are idempotent.
func (a *App) janitor(ctx context.Context) error {
	var errs []error
	for _, sweep := range a.sweeps {
		errs = append(errs, sweep(ctx))
	}
	return errors.Join(errs...)
}
