package framecheck_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/framecheck"
)

func TestFrameable(t *testing.T) {
	const page, self = "https://games.example.net", "https://hall.example.com"
	h := func(kv ...string) http.Header {
		out := http.Header{}
		for i := 0; i+1 < len(kv); i += 2 {
			out.Add(kv[i], kv[i+1])
		}
		return out
	}
	for _, c := range []struct {
		name       string
		header     http.Header
		page, self string
		want       bool
		reason     string
	}{
		{"no headers", h(), page, self, true, ""},
		{"xfo deny", h("X-Frame-Options", "DENY"), page, self, false, "x_frame_options"},
		{"xfo deny lower case", h("X-Frame-Options", " deny "), page, self, false, "x_frame_options"},
		{"xfo sameorigin, other origin", h("X-Frame-Options", "SAMEORIGIN"), page, self, false, "x_frame_options"},
		{"xfo sameorigin, same origin", h("X-Frame-Options", "SAMEORIGIN"), self, self, true, ""},
		{"xfo conflicting values", h("X-Frame-Options", "SAMEORIGIN, ALLOWALL"), self, self, false, "x_frame_options"},
		{"xfo two headers conflict", h("X-Frame-Options", "DENY", "X-Frame-Options", "SAMEORIGIN"), self, self, false, "x_frame_options"},
		{"xfo unknown value ignored", h("X-Frame-Options", "ALLOW-FROM https://hall.example.com"), page, self, true, ""},
		{"xfo repeated same value", h("X-Frame-Options", "DENY, deny"), page, self, false, "x_frame_options"},
		{"csp none", h("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"), page, self, false, "csp_frame_ancestors"},
		{"csp empty list", h("Content-Security-Policy", "frame-ancestors"), page, self, false, "csp_frame_ancestors"},
		{"csp star", h("Content-Security-Policy", "frame-ancestors *"), page, self, true, ""},
		{"csp self other origin", h("Content-Security-Policy", "frame-ancestors 'self'"), page, self, false, "csp_frame_ancestors"},
		{"csp self same origin", h("Content-Security-Policy", "frame-ancestors 'self'"), self, self, true, ""},
		{"csp host", h("Content-Security-Policy", "frame-ancestors https://hall.example.com"), page, self, true, ""},
		{"csp host other", h("Content-Security-Policy", "frame-ancestors https://other.example.com"), page, self, false, "csp_frame_ancestors"},
		{"csp wildcard host", h("Content-Security-Policy", "frame-ancestors *.example.com"), page, self, true, ""},
		{"csp wildcard needs a subdomain", h("Content-Security-Policy", "frame-ancestors *.hall.example.com"), page, self, false, "csp_frame_ancestors"},
		{"csp scheme", h("Content-Security-Policy", "frame-ancestors https:"), page, self, true, ""},
		{"csp scheme http allows https", h("Content-Security-Policy", "frame-ancestors http:"), page, self, true, ""},
		{"csp scheme mismatch", h("Content-Security-Policy", "frame-ancestors https:"), page, "http://hall.example.com", false, "csp_frame_ancestors"},
		{"csp port mismatch", h("Content-Security-Policy", "frame-ancestors https://hall.example.com:8443"), page, self, false, "csp_frame_ancestors"},
		{"csp port match", h("Content-Security-Policy", "frame-ancestors https://hall.example.com:8443"), page, "https://hall.example.com:8443", true, ""},
		{"csp port star", h("Content-Security-Policy", "frame-ancestors hall.example.com:*"), page, self, true, ""},
		{"csp path ignored", h("Content-Security-Policy", "frame-ancestors https://hall.example.com/games/"), page, self, true, ""},
		{"csp wins over xfo deny", h("X-Frame-Options", "DENY", "Content-Security-Policy", "frame-ancestors *"), page, self, true, ""},
		{"every csp must allow", h("Content-Security-Policy", "frame-ancestors *", "Content-Security-Policy", "frame-ancestors 'none'"), page, self, false, "csp_frame_ancestors"},
		{"policies in one header", h("Content-Security-Policy", "frame-ancestors *, frame-ancestors 'self'"), page, self, false, "csp_frame_ancestors"},
		{"csp without frame-ancestors leaves xfo", h("Content-Security-Policy", "default-src 'none'", "X-Frame-Options", "DENY"), page, self, false, "x_frame_options"},
		{"report-only ignored", h("Content-Security-Policy-Report-Only", "frame-ancestors 'none'"), page, self, true, ""},
		{"unknown self origin", h("Content-Security-Policy", "frame-ancestors https://hall.example.com"), page, "", false, "csp_frame_ancestors"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ok, reason := framecheck.Frameable(c.header, c.page, c.self)
			if ok != c.want || reason != c.reason {
				t.Fatalf("Frameable = %v %q, want %v %q", ok, reason, c.want, c.reason)
			}
		})
	}
}

// fakeNet maps test host names to addresses and dials the "public" ones at
// the httptest server, so the positive path runs without the internet while
// every guard still applies to the addresses the names resolve to.
type fakeNet struct {
	hosts  map[string][]netip.Addr
	target string // the httptest listener
}

func (f fakeNet) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := f.hosts[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func (f fakeNet) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, _, _ := net.SplitHostPort(addr)
	if host != "203.0.114.10" && host != "2a01:4f8::10" {
		return nil, fmt.Errorf("test network: no route to %s", addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, f.target)
}

func testServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "<html>ok</html>") })
	mux.HandleFunc("/deny", func(w http.ResponseWriter, r *http.Request) { w.Header().Set("X-Frame-Options", "DENY") })
	mux.HandleFunc("/csp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Security-Policy", "frame-ancestors https://hall.example.com")
	})
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/to-plain", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://frame.example.com/plain", http.StatusFound)
	})
	mux.HandleFunc("/to-private", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://inside.example.com/", http.StatusFound)
	})
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/to-localhost", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://localhost/", http.StatusFound)
	})
	mux.HandleFunc("/to-file", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		chunk := strings.Repeat("x", 64<<10)
		for range 160 { // 10 MiB
			if _, err := fmt.Fprint(w, chunk); err != nil {
				return
			}
		}
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestCheckerPositivePath(t *testing.T) {
	srv, _ := testServer(t)
	public := netip.MustParseAddr("203.0.114.10")
	fn := fakeNet{target: srv.Listener.Addr().String(), hosts: map[string][]netip.Addr{
		"frame.example.com":  {public},
		"frame6.example.com": {netip.MustParseAddr("2a01:4f8::10")},
		"inside.example.com": {netip.MustParseAddr("10.1.2.3")},
		"mixed.example.com":  {public, netip.MustParseAddr("192.168.0.10")},
	}}
	c := framecheck.New(framecheck.Options{Resolver: fn, Dial: fn.Dial, Timeout: 500 * time.Millisecond})
	const self = "https://hall.example.com"
	for _, tc := range []struct {
		url, final string
		status     int
		can        int
		reason     string
	}{
		{"http://frame.example.com/plain", "", 200, 1, ""},
		{"http://frame6.example.com/plain", "", 200, 1, ""},
		{"http://frame.example.com/deny", "", 200, 0, "x_frame_options"},
		{"http://frame.example.com/csp", "", 200, 1, ""},
		{"http://frame.example.com/missing", "", 404, 0, "http_status"},
		{"http://frame.example.com/to-plain", "http://frame.example.com/plain", 200, 1, ""},
		{"http://frame.example.com/big", "", 200, 1, ""},
		{"http://frame.example.com/slow", "", 0, 0, "unreachable"},
		{"http://frame.example.com/loop", "", 0, 0, "unreachable"},
		{"http://frame.example.com/to-file", "", 0, 0, "unreachable"},
		{"http://unknown.example.com/", "", 0, 0, "unreachable"},
	} {
		t.Run(tc.url, func(t *testing.T) {
			start := time.Now()
			res, err := c.Check(context.Background(), tc.url, self)
			if err != nil {
				t.Fatal(err)
			}
			final := tc.final
			if final == "" {
				final = tc.url
			}
			if res.URL != tc.url || res.FinalURL != final || res.StatusCode != tc.status || res.CanIframe != tc.can || res.Reason != tc.reason {
				t.Fatalf("result %+v", res)
			}
			if time.Since(start) > 2*time.Second {
				t.Fatalf("took %v: the timeout or read limit did not hold", time.Since(start))
			}
		})
	}
	for _, u := range []string{
		"http://frame.example.com/to-private",   // a redirect to a name inside
		"http://frame.example.com/to-metadata",  // a redirect to the metadata address
		"http://frame.example.com/to-localhost", // a redirect to localhost
		"http://inside.example.com/",            // a name that resolves inside
		"http://mixed.example.com/plain",        // a name with one address inside
	} {
		t.Run(u, func(t *testing.T) {
			_, err := c.Check(context.Background(), u, self)
			var blocked *framecheck.BlockedError
			if !errors.As(err, &blocked) {
				t.Fatalf("error %v, want blocked", err)
			}
		})
	}
}

// TestDNSRebinding: a name that resolved to a public address but whose
// connection lands on loopback is refused by the dial-time hook.
func TestDNSRebinding(t *testing.T) {
	srv, hits := testServer(t)
	g := framecheck.NewGuard()
	guarded := &net.Dialer{Control: g.Control}
	fn := fakeNet{hosts: map[string][]netip.Addr{"rebind.example.com": {netip.MustParseAddr("203.0.114.10")}}}
	c := framecheck.New(framecheck.Options{Resolver: fn, Timeout: time.Second,
		Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			// The "second answer" of a rebinding name: the server on loopback.
			return guarded.DialContext(ctx, network, srv.Listener.Addr().String())
		}})
	_, err := c.Check(context.Background(), "http://rebind.example.com/plain", "")
	var blocked *framecheck.BlockedError
	if !errors.As(err, &blocked) || blocked.Addr != netip.MustParseAddr("127.0.0.1") {
		t.Fatalf("error %v, want blocked at dial time", err)
	}
	if hits.Load() != 0 {
		t.Fatalf("the loopback server was reached %d times", hits.Load())
	}
}

// TestRealPrivateAddresses runs the production checker (real resolver, real
// dialer) against private addresses, one of them a live server that must
// never see a request.
func TestRealPrivateAddresses(t *testing.T) {
	srv, hits := testServer(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	c := framecheck.New(framecheck.Options{Timeout: time.Second})
	for _, u := range []string{
		"http://127.0.0.1:" + port + "/plain",
		"http://localhost:" + port + "/plain",
		"http://LocalHost.:" + port + "/plain",
		"http://[::1]:" + port + "/plain",
		"http://[::ffff:127.0.0.1]:" + port + "/plain",
		"http://0.0.0.0:" + port + "/plain",
		"http://2130706433:" + port + "/plain",
		"http://0x7f.1:" + port + "/plain",
		"http://127.1:" + port + "/plain",
		"http://10.0.0.1/", "http://172.16.5.4/", "http://192.168.0.1/",
		"http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/",
		"http://224.0.0.1/", "http://[ff02::1]/",
		"http://100.64.0.1/", "http://[fd00::1]/", "http://[fc00::1]:8080/",
		"https://metadata.google.internal/computeMetadata/v1/",
		"http://intranet/",
	} {
		t.Run(u, func(t *testing.T) {
			_, err := c.Check(context.Background(), u, "")
			var blocked *framecheck.BlockedError
			if !errors.As(err, &blocked) {
				t.Fatalf("error %v, want blocked", err)
			}
		})
	}
	for _, u := range []string{"", "ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "//example.com/",
		"example.com", "http://user:pw@example.com/", "http:///path", "gopher://example.com", "http://exa mple.com/",
		"http://example.com/" + strings.Repeat("a", 3000)} {
		if _, err := c.Check(context.Background(), u, ""); !errors.Is(err, framecheck.ErrURL) {
			t.Errorf("url %q: error %v, want ErrURL", u, err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the server on loopback was reached %d times", hits.Load())
	}
}
