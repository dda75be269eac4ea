package remote

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"time"

	"gamehall/internal/db"
)

// ProviderCode is the first provider code the sandbox serves (Aurora
// Gaming, slots): the one the fault tests switch.
const ProviderCode = "GP002"

// Sandbox is the provider's service running on its own listener, with the
// platform's clients of it (one per provider code) and the proxy that
// brings its game pages to the platform's origin.
type Sandbox struct {
	Server *Server
	// Client is ProviderCode's client; Clients has every code's.
	Client  *Client
	Clients []*Client
	// Pages proxies /rgs/ (game pages and their play API) to the service.
	Pages http.Handler
	srv   *http.Server
}

// StartOptions configure Start.
type StartOptions struct {
	Addr      string        // listen address, e.g. 127.0.0.1:0
	Timeout   time.Duration // the client's time-out (0: DefaultTimeout)
	SlowDelay time.Duration // how late a slow answer comes (0: DefaultSlowDelay)
	Now       func() time.Time
	Log       *slog.Logger
	// RealityAcked is told of members' acknowledgements of reality checks
	// on the game pages (Options.RealityAcked).
	RealityAcked func(ctx context.Context, memberID int64) error
}

// Start listens on o.Addr and serves the provider until Close. The API key
// is made at random: the client and the server of one process share it.
func Start(d *db.DB, o StartOptions) (*Sandbox, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("remote provider key: %w", err)
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, fmt.Errorf("remote provider listen: %w", err)
	}
	catalog := Catalog()
	srv := NewServer(d, Options{Providers: catalog, Key: key, SlowDelay: o.SlowDelay, Now: o.Now, Log: o.Log,
		RealityAcked: o.RealityAcked})
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 5 * time.Second, IdleTimeout: time.Minute}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) && o.Log != nil {
			o.Log.Warn("remote provider", "err", err)
		}
	}()
	base := &url.URL{Scheme: "http", Host: ln.Addr().String()}
	sb := &Sandbox{Server: srv, Pages: httputil.NewSingleHostReverseProxy(base), srv: hs}
	for _, p := range catalog {
		c := NewClient(base.String(), ProviderKey(key, p.Code), p, o.Timeout)
		if o.Now != nil {
			c.now = o.Now
		}
		if p.Code == ProviderCode {
			sb.Client = c
		}
		sb.Clients = append(sb.Clients, c)
	}
	return sb, nil
}

// Addr is the service's base URL (scheme and listener address).
func (s *Sandbox) Addr() string { return s.Client.base }

// Codes are the provider codes served.
func (s *Sandbox) Codes() []string {
	out := make([]string, len(s.Clients))
	for i, c := range s.Clients {
		out[i] = c.Code()
	}
	return out
}

// Serves reports whether the sandbox serves the provider code.
func (s *Sandbox) Serves(code string) bool { return s.Server.Serves(code) }

// Faults answers the faults switched on for a provider code.
func (s *Sandbox) Faults(ctx context.Context, code string) (Faults, error) {
	return s.Server.Faults(ctx, code)
}

// SetFaults switches a provider code's faults.
func (s *Sandbox) SetFaults(ctx context.Context, code string, f Faults) error {
	return s.Server.SetFaults(ctx, code, f)
}

// Close stops the service.
func (s *Sandbox) Close() error { return s.srv.Close() }
