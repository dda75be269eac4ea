package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// TestEnvelopeFailures covers the generic codes of docs/api.md.
func TestEnvelopeFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServer(t, d)
		big := `{"site_id":1,"pad":"` + strings.Repeat("x", 2<<20) + `"}`
		cases := []struct {
			name, method, path, body string
			headers                  []string
			wantHTTP, wantCode       int
			wantMessage              string
		}{
			{"unknown api path", "POST", "/api/no/such/call", `{}`, nil, 404, 404, "not found"},
			{"wrong method", "GET", "/api/arks/web/footer", ``, nil, 405, 405, "method not allowed"},
			{"body too large", "POST", "/api/arks/web/footer", big, nil, 413, 413, "the request body is too large"},
			{"not json", "POST", "/api/arks/web/footer", `site_id=1`, []string{"Content-Type", "application/x-www-form-urlencoded"}, 415, 415, "the request body must be JSON"},
			{"text/plain refused", "POST", "/api/arks/web/footer", `{"site_id":1}`, []string{"Content-Type", "text/plain"}, 415, 415, "the request body must be JSON"},
			{"NUL refused", "POST", "/api/arks/web/footer", `{"site_id":1,"x":"\u0000"}`, nil, 200, 400, "invalid parameters: body must not contain a NUL character"},
			{"syntax error at a position", "POST", "/api/arks/web/footer", `{"site_id":1,}`, nil, 200, 400, "the request body is not valid JSON: syntax error at byte 14"},
			{"trailing data", "POST", "/api/arks/web/footer", `{"site_id":1} {"site_id":2}`, nil, 200, 400, ""},
			{"message follows the lang header", "POST", "/api/arks/web/footer", `{"site_id":999}`, []string{"lang", "zh_CN"}, 200, 404, "站点不存在"},
			{"unknown lang falls back to english", "POST", "/api/arks/web/footer", `{"site_id":999}`, []string{"lang", "xx"}, 200, 404, "site not found"},
			{"field named in message", "POST", "/api/arks/web/footer", `{"site_id":"x"}`, nil, 200, 400, "invalid parameters: site_id must be an integer"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res := s.Do(c.method, c.path, c.body, c.headers...)
				if res.HTTP != c.wantHTTP || res.Code != c.wantCode {
					t.Fatalf("http %d code %d (%s), want %d %d", res.HTTP, res.Code, res.Message, c.wantHTTP, c.wantCode)
				}
				if c.wantMessage != "" && res.Message != c.wantMessage {
					t.Fatalf("message %q, want %q", res.Message, c.wantMessage)
				}
				if res.Header.Get("X-Request-Id") == "" {
					t.Fatal("no request id")
				}
			})
		}
	})
}

func get(t *testing.T, s *testutil.Server, path string, headers ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", s.URL+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func TestPagesAndHeaders(t *testing.T) {
	s := testutil.NewServer(t, dbtest.SQLite(t))
	for _, c := range []struct {
		path string
		want int
	}{
		{"/", 200}, {"/gameHall/3", 200}, {"/slotgame", 200}, {"/user/Info", 200}, {"/fastDeposit", 200},
		{"/register", 200}, {"/main/1", 200}, {"/faq/1", 404}, {"/no-such-page", 404}, {"/gameHall/3/extra", 404}, {"/missing.js", 404},
	} {
		res, body := get(t, s, c.path)
		if res.StatusCode != c.want {
			t.Errorf("GET %s = %d, want %d", c.path, res.StatusCode, c.want)
		}
		if !strings.Contains(body, `<meta name="gamehall-site-id" content="1"`) {
			t.Errorf("GET %s: site id not written into the page", c.path)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache for HTML", c.path, cc)
		}
		if !strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") ||
			res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
			t.Errorf("GET %s: security headers missing: %v", c.path, res.Header)
		}
	}
	res, _ := get(t, s, "/media/flags/vi_VN.svg")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
		t.Fatalf("media: %d %v", res.StatusCode, res.Header)
	}
	if res, _ := get(t, s, "/media/../../go.mod"); res.StatusCode != 404 {
		t.Fatalf("media path escape = %d", res.StatusCode)
	}
	res, body := get(t, s, "/builds/latest.json")
	if res.StatusCode != 200 || !strings.Contains(body, `"id":`) {
		t.Fatalf("latest build: %d %s", res.StatusCode, body)
	}
	if res, _ := get(t, s, "/healthz"); res.StatusCode != 200 {
		t.Fatal("healthz")
	}
	if res, _ := get(t, s, "/readyz"); res.StatusCode != 200 {
		t.Fatal("readyz")
	}
	if res, _ := get(t, s, "/metrics"); res.StatusCode != 404 {
		t.Fatalf("metrics without an operator key configured: %d, want 404", res.StatusCode)
	}
}

// /metrics (Go version, database kind, pool figures) is the operator's:
// on the public address it needs the operator key; --metrics-addr serves
// it on a private address without one.
func TestMetricsAreNotPublic(t *testing.T) {
	const key = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	d := dbtest.SQLite(t)
	s := testutil.NewServer(t, d, testutil.AdminKey(key))
	if res, body := get(t, s, "/metrics"); res.StatusCode != 401 || strings.Contains(body, "go_info") {
		t.Fatalf("metrics without the key: %d", res.StatusCode)
	}
	if res, _ := get(t, s, "/metrics", "Authorization", "Bearer wrong"); res.StatusCode != 401 {
		t.Fatalf("metrics with a wrong key: %d", res.StatusCode)
	}
	if res, body := get(t, s, "/metrics", "Authorization", "Bearer "+key); res.StatusCode != 200 ||
		!strings.Contains(body, "gamehall_http_requests_total") {
		t.Fatalf("metrics with the key: %d", res.StatusCode)
	}

	probe, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := probe.Addr().String()
	probe.Close()
	cfg := config.Default()
	cfg.Addr, cfg.MetricsAddr = "127.0.0.1:0", metricsAddr
	a, err := app.New(cfg, slog.New(slog.DiscardHandler), d)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, func(addr string) { ready <- addr }) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	public := <-ready
	for _, c := range []struct {
		url  string
		want int
	}{{"http://" + metricsAddr + "/metrics", 200}, {"http://" + public + "/metrics", 404}} {
		res, err := http.Get(c.url)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.want || (c.want == 200 && !strings.Contains(string(body), "go_goroutines")) {
			t.Fatalf("%s: %d, want %d", c.url, res.StatusCode, c.want)
		}
	}
}
