// Package config turns flags and GAMEHALL_* environment variables into one Config.
package config

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/secret"
)

// Config is everything the binary can be told. Environment variables give
// defaults; flags given on the command line win over them.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string // empty: SQLite file under DataDir
	SiteID      int64
	Dev         bool
	Production  bool
	LogFormat   string // text or json
	LogLevel    string // debug, info, warn, error

	// Geo: a country header is trusted only when the request comes from one
	// of TrustedProxies; GeoCIDRFile is an operator-supplied "cidr,country" table.
	CountryHeader  string
	TrustedProxies []netip.Prefix
	GeoCIDRFile    string

	MaxBodyBytes      int64
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	ShutdownTimeout   time.Duration
	// ContentCacheTTL bounds how stale lobby content can be on one node.
	ContentCacheTTL time.Duration
	// HandoffKey is the 32-byte AES key shared with partners that hand
	// logged-in players over by /get_info_data (base64 in the environment).
	HandoffKey []byte
	// RedisURL, when set, carries real-time publications and presence
	// between nodes (centrifuge's Redis broker).
	RedisURL string
	// MetricsAddr, when set, serves /metrics (without a key) on its own
	// listen address, one the public cannot reach; on the public address
	// /metrics needs the operator key.
	MetricsAddr string
	// AdminKey is the operator API's bearer secret (base64 or hex text of at
	// least 32 random bytes), compared as sent. Empty turns /admin/ off.
	// Never log it.
	AdminKey string
	// SandboxSecret is the sandbox payment gateway's HMAC key (base64 or
	// hex text of at least 32 random bytes, used as written). Empty: a key
	// made once per database. Never log it.
	SandboxSecret string
	// SandboxPayoutDelay is how long a sandbox payout takes to complete.
	SandboxPayoutDelay time.Duration
	// ReconcileInterval is how often each node settles late payment orders
	// and provider transfers and frees open games stuck by a crash.
	ReconcileInterval time.Duration
	// RemoteProviderAddr is the listen address of the sandbox remote game
	// provider (internal/provider/remote); "off" does not run it.
	RemoteProviderAddr string
	// PasswordHash is the argon2id cost of members' passwords. Not a flag:
	// an operator never lowers it; tests do (a hash takes 120 ms under -race,
	// and every test server made three).
	PasswordHash secret.Params
}

// Default is the configuration of a complete local demo.
func Default() Config {
	return Config{
		Addr:              ":8080",
		DataDir:           "./data",
		SiteID:            1,
		LogFormat:         "text",
		LogLevel:          "info",
		CountryHeader:     "CF-IPCountry",
		MaxBodyBytes:      1 << 20,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		ShutdownTimeout:   15 * time.Second,
		ContentCacheTTL:   2 * time.Second,
		// SandboxPayoutDelay matches sandbox.DefaultPayoutDelay.
		SandboxPayoutDelay: 3 * time.Second,
		ReconcileInterval:  30 * time.Second,
		RemoteProviderAddr: "127.0.0.1:0",
		PasswordHash:       secret.OWASP,
	}
}

// Load reads the environment (through getenv) and then args. It never touches
// process globals, so tests can call it freely.
func Load(name string, args []string, getenv func(string) string, out io.Writer) (Config, error) {
	c, rest, err := LoadArgs(name, args, getenv, out)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("unexpected argument %q", rest[0])
	}
	return c, err
}

// LoadArgs is Load for commands that take arguments after the flags
// (gamehall admin ...): it returns them.
func LoadArgs(name string, args []string, getenv func(string) string, out io.Writer) (Config, []string, error) {
	c := Default()
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	var proxies string
	env := envReader{getenv: getenv}
	fs.StringVar(&c.Addr, "addr", env.str("ADDR", c.Addr), "listen address (GAMEHALL_ADDR)")
	fs.StringVar(&c.DataDir, "data-dir", env.str("DATA_DIR", c.DataDir), "data directory for the SQLite file (GAMEHALL_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env.str("DATABASE_URL", ""), "postgres://... to use PostgreSQL instead of SQLite (GAMEHALL_DATABASE_URL)")
	fs.Int64Var(&c.SiteID, "site-id", env.int("SITE_ID", c.SiteID), "site served to browsers (GAMEHALL_SITE_ID)")
	fs.BoolVar(&c.Dev, "dev", env.bool("DEV", false), "development mode: predictable captcha, SMS outbox endpoint (GAMEHALL_DEV)")
	fs.BoolVar(&c.Production, "production", env.bool("PRODUCTION", false), "production mode; refused together with --dev (GAMEHALL_PRODUCTION)")
	fs.StringVar(&c.LogFormat, "log-format", env.str("LOG_FORMAT", c.LogFormat), "text or json (GAMEHALL_LOG_FORMAT)")
	fs.StringVar(&c.LogLevel, "log-level", env.str("LOG_LEVEL", c.LogLevel), "debug, info, warn or error (GAMEHALL_LOG_LEVEL)")
	fs.StringVar(&c.CountryHeader, "country-header", env.str("COUNTRY_HEADER", c.CountryHeader), "country header set by a trusted proxy (GAMEHALL_COUNTRY_HEADER)")
	fs.StringVar(&proxies, "trusted-proxies", env.str("TRUSTED_PROXIES", ""), "comma-separated CIDRs whose country and X-Forwarded-For headers are believed (GAMEHALL_TRUSTED_PROXIES)")
	fs.StringVar(&c.GeoCIDRFile, "geo-cidr-file", env.str("GEO_CIDR_FILE", ""), "CSV file of cidr,country lines (GAMEHALL_GEO_CIDR_FILE)")
	fs.Int64Var(&c.MaxBodyBytes, "max-body-bytes", env.int("MAX_BODY_BYTES", c.MaxBodyBytes), "largest accepted request body (GAMEHALL_MAX_BODY_BYTES)")
	fs.DurationVar(&c.ContentCacheTTL, "content-cache-ttl", env.duration("CONTENT_CACHE_TTL", c.ContentCacheTTL), "how long a node serves lobby content from memory (GAMEHALL_CONTENT_CACHE_TTL)")
	fs.StringVar(&c.RedisURL, "redis-url", env.str("REDIS_URL", ""), "redis://host:port for real time across several nodes (GAMEHALL_REDIS_URL)")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", env.str("METRICS_ADDR", ""), "private listen address for /metrics, e.g. 127.0.0.1:9090; on the public address /metrics needs the operator key (GAMEHALL_METRICS_ADDR)")
	fs.StringVar(&c.AdminKey, "admin-key", env.str("ADMIN_KEY", ""), "operator API bearer key: base64 or hex of at least 32 random bytes; empty turns /admin/ off (GAMEHALL_ADMIN_KEY, preferred: flags show in ps)")
	fs.StringVar(&c.SandboxSecret, "sandbox-secret", env.str("SANDBOX_SECRET", ""), "sandbox payment gateway HMAC key: base64 or hex of at least 32 random bytes; empty: one made per database (GAMEHALL_SANDBOX_SECRET, preferred: flags show in ps)")
	fs.DurationVar(&c.ReconcileInterval, "reconcile-interval", env.duration("RECONCILE_INTERVAL", c.ReconcileInterval), "how often a node settles late payments and provider transfers (GAMEHALL_RECONCILE_INTERVAL)")
	fs.DurationVar(&c.SandboxPayoutDelay, "sandbox-payout-delay", env.duration("SANDBOX_PAYOUT_DELAY", c.SandboxPayoutDelay), "how long a sandbox payout takes to complete (GAMEHALL_SANDBOX_PAYOUT_DELAY)")
	fs.StringVar(&c.RemoteProviderAddr, "remote-provider-addr", env.str("REMOTE_PROVIDER_ADDR", c.RemoteProviderAddr), "listen address of the sandbox remote game provider; off: not run (GAMEHALL_REMOTE_PROVIDER_ADDR)")
	var handoff string
	fs.StringVar(&handoff, "handoff-key", env.str("HANDOFF_KEY", ""), "base64 32-byte key for partner handoff blobs (GAMEHALL_HANDOFF_KEY)")
	if err := fs.Parse(args); err != nil {
		return Config{}, nil, err
	}
	if env.err != nil {
		return Config{}, nil, env.err
	}
	var err error
	if c.TrustedProxies, err = parsePrefixes(proxies); err != nil {
		return Config{}, nil, err
	}
	if handoff != "" {
		if c.HandoffKey, err = base64.StdEncoding.DecodeString(handoff); err != nil || len(c.HandoffKey) != 32 {
			return Config{}, nil, errors.New("handoff key must be 32 bytes, base64")
		}
	}
	return c, fs.Args(), c.Validate()
}

// Validate refuses combinations that would be unsafe or meaningless.
func (c Config) Validate() error {
	var errs []error
	if c.Dev && c.Production {
		errs = append(errs, errors.New("--dev and --production exclude each other"))
	}
	if c.SiteID <= 0 {
		errs = append(errs, errors.New("site id must be positive"))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("log format %q: want text or json", c.LogFormat))
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("log level %q: want debug, info, warn or error", c.LogLevel))
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		errs = append(errs, errors.New("database url must start with postgres:// (leave it empty for SQLite)"))
	}
	if c.MaxBodyBytes < 1024 {
		errs = append(errs, errors.New("max body bytes must be at least 1024"))
	}
	if c.AdminKey != "" && AdminKeyBytes(c.AdminKey) < MinAdminKeyBytes {
		// The key itself is never part of the message.
		errs = append(errs, fmt.Errorf("admin key must be base64 or hex of at least %d bytes (e.g. openssl rand -hex 32)", MinAdminKeyBytes))
	}
	if c.SandboxSecret != "" && AdminKeyBytes(c.SandboxSecret) < MinAdminKeyBytes {
		// The secret itself is never part of the message.
		errs = append(errs, fmt.Errorf("sandbox secret must be base64 or hex of at least %d bytes (e.g. openssl rand -hex 32)", MinAdminKeyBytes))
	}
	if c.SandboxPayoutDelay <= 0 || c.SandboxPayoutDelay > time.Hour {
		errs = append(errs, errors.New("sandbox payout delay must be more than 0 and at most 1h"))
	}
	if c.ReconcileInterval < 100*time.Millisecond || c.ReconcileInterval > 10*time.Minute {
		errs = append(errs, errors.New("reconcile interval must be between 100ms and 10m"))
	}
	if c.RemoteProviderAddr != "off" {
		if _, _, err := net.SplitHostPort(c.RemoteProviderAddr); err != nil {
			errs = append(errs, fmt.Errorf("remote provider address %q: want host:port or off", c.RemoteProviderAddr))
		}
	}
	return errors.Join(errs...)
}

// MinAdminKeyBytes is the least entropy an operator key may carry.
const MinAdminKeyBytes = 32

// AdminKeyBytes is how many bytes the key text decodes to as hex, or else as
// base64 (standard or URL alphabet, padded or not); 0 when it is neither or
// is longer than any sane key.
func AdminKeyBytes(key string) int {
	if len(key) > 1024 {
		return 0
	}
	if b, err := hex.DecodeString(key); err == nil {
		return len(b)
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(key); err == nil {
			return len(b)
		}
	}
	return 0
}

func parsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxies: %w", err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

type envReader struct {
	getenv func(string) string
	err    error
}

func (e *envReader) raw(key string) string { return e.getenv("GAMEHALL_" + key) }

func (e *envReader) str(key, def string) string {
	if v := e.raw(key); v != "" {
		return v
	}
	return def
}

func (e *envReader) int(key string, def int64) int64 {
	v := e.raw(key)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		e.err = errors.Join(e.err, fmt.Errorf("GAMEHALL_%s: %w", key, err))
		return def
	}
	return n
}

func (e *envReader) bool(key string, def bool) bool {
	v := e.raw(key)
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		e.err = errors.Join(e.err, fmt.Errorf("GAMEHALL_%s: %w", key, err))
		return def
	}
	return b
}

func (e *envReader) duration(key string, def time.Duration) time.Duration {
	v := e.raw(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		e.err = errors.Join(e.err, fmt.Errorf("GAMEHALL_%s: %w", key, err))
		return def
	}
	return d
}
