// Command gamehall is the whole site in one binary: serve, migrate, seed,
// audit, admin, version.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/seed"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: gamehall <command> [flags]

commands:
  serve     run the site (migrates, and seeds the demo site into an empty database)
  migrate   apply database migrations and exit
  seed      seed the demo site if it is missing and exit
  audit     check the ledger (every transaction balanced, every balance its postings', none negative); exit 1 on a violation
  admin     the operator's money commands (gamehall admin for the list)
  version   print the version

Run "gamehall <command> -h" for the flags; each flag also reads GAMEHALL_<NAME>.
`

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

func run(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version":
		fmt.Fprintln(stdout, version)
		return 0
	case "serve", "migrate", "seed", "audit", "admin":
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	cfg, extra, err := config.LoadArgs(cmd, rest, getenv, stderr)
	if err == nil && cmd != "admin" && len(extra) > 0 {
		err = fmt.Errorf("unexpected argument %q", extra[0])
	}
	if err != nil {
		fmt.Fprintln(stderr, "config:", err)
		return 2
	}
	switch cmd {
	case "audit", "admin":
		// The sandbox provider's state is in the database: a terminal
		// command runs its own on a free port, never on a server's.
		if cfg.RemoteProviderAddr != "off" {
			cfg.RemoteProviderAddr = "127.0.0.1:0"
		}
		ctx := context.Background()
		if cmd == "audit" {
			err = runAudit(ctx, cfg, stdout)
		} else {
			err = runAdmin(ctx, cfg, extra, stdout)
		}
		if err != nil {
			fmt.Fprintln(stderr, cmd+":", err)
			return 1
		}
		return 0
	}
	log := newLogger(cfg, stdout)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := execute(ctx, cmd, cfg, log); err != nil {
		log.Error(cmd+" failed", "err", err)
		return 1
	}
	return 0
}

func execute(ctx context.Context, cmd string, cfg config.Config, log *slog.Logger) error {
	switch cmd {
	case "migrate", "seed":
		d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
		if err != nil {
			return err
		}
		defer d.Close()
		if err := d.Migrate(ctx); err != nil {
			return err
		}
		if cmd == "seed" {
			if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
				return err
			}
		}
		log.Info(cmd+" done", "database", string(d.Dialect))
		return nil
	}
	if pct, ok := gcPercent(os.Getenv); ok {
		debug.SetGCPercent(pct)
	}
	// A production database never gets the demo site by accident.
	a, err := app.Open(ctx, cfg, log, !cfg.Production)
	if err != nil {
		return err
	}
	defer a.Close()
	return a.Serve(ctx, func(addr string) {
		log.Info("gamehall listening", "addr", addr, "database", string(a.DB.Dialect), "site_id", cfg.SiteID,
			"dev", cfg.Dev, "version", version)
	})
}

// serveGCPercent is the server's GOGC when the environment sets none. At
// Go's 100 a busy server's small heap (tens of MiB) was collected several
// times a second, and the collector's stops and assists fell on the SQLite
// writer every money path queues for: real-money rounds made 2,697-2,735/s
// at 100 and 2,746-3,070/s at 200 in alternating runs (bench/realplay),
// while 10,000 idle members took 367 MiB of RSS instead of 323 (target 500).
const serveGCPercent = 200

// gcPercent is the GOGC the server sets: serveGCPercent unless the
// environment's GOGC, which the runtime has applied already, says otherwise.
func gcPercent(getenv func(string) string) (int, bool) {
	if getenv("GOGC") != "" {
		return 0, false
	}
	return serveGCPercent, true
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
