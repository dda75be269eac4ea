package app_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

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
		{"/register", 200}, {"/faq/2", 200}, {"/no-such-page", 404}, {"/gameHall/3/extra", 404}, {"/missing.js", 404},
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
	if res, body := get(t, s, "/metrics"); res.StatusCode != 200 || !strings.Contains(body, "gamehall_http_requests_total") {
		t.Fatal("metrics")
	}
}
