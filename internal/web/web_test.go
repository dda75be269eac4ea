package web

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func testHandler() *Handler {
	fsys := fstest.MapFS{
		"index.html":             {Data: []byte(`<!doctype html><meta name="gamehall-site-id" content="__SITE_ID__"><script type="module" src="/assets/index-abc123.js"></script>` + strings.Repeat(" ", 600))},
		"assets/index-abc123.js": {Data: []byte(strings.Repeat("console.log('lobby');", 100))},
		"robots.txt":             {Data: []byte("User-agent: *\n")},
	}
	rules := func(context.Context, int64) (any, error) {
		return map[string]any{"/promotions": map[string]string{"redirect": "/discount"}}, nil
	}
	return New(fsys, 7, rules, time.Unix(1700000000, 0))
}

func serve(h *Handler, path string, headers ...string) *httptest.ResponseRecorder {
	mux := http.NewServeMux()
	h.Routes(mux)
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	return rec
}

func TestHashedAssetsCacheForAYear(t *testing.T) {
	rec := serve(testHandler(), "/assets/index-abc123.js")
	if rec.Code != 200 || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("asset: %d %v", rec.Code, rec.Header())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Fatalf("content type %q", ct)
	}
	if rec := serve(testHandler(), "/assets/missing.js"); rec.Code != 404 {
		t.Fatalf("missing asset = %d", rec.Code)
	}
}

func TestGzipWhenAccepted(t *testing.T) {
	rec := serve(testHandler(), "/assets/index-abc123.js", "Accept-Encoding", "gzip, br")
	if rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatal("not gzipped")
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), "console.log('lobby');") {
		t.Fatalf("gunzipped = %q", plain[:20])
	}
}

func TestHTMLCarriesSiteIDAndStatus(t *testing.T) {
	h := testHandler()
	rec := serve(h, "/slotgame")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `content="7"`) || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("route page: %d %s", rec.Code, rec.Body.String()[:80])
	}
	rec = serve(h, "/nope/nope")
	if rec.Code != 404 || rec.Header().Get("X-Robots-Tag") != "noindex" || !strings.Contains(rec.Body.String(), `content="7"`) {
		t.Fatalf("unknown route: %d", rec.Code)
	}
	if rec := serve(h, "/robots.txt"); rec.Code != 200 || rec.Body.String() != "User-agent: *\n" {
		t.Fatalf("root file: %d", rec.Code)
	}
}

func TestLoadingIsAPageWithoutTheApp(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html":   {Data: []byte(`<!doctype html><script type="module" src="/assets/index-abc123.js"></script>`)},
		"loading.html": {Data: []byte(`<!doctype html><main data-testid="loading-page">Loading the game…</main>`)},
	}
	h := New(fsys, 7, nil, time.Unix(1700000000, 0))
	for _, p := range []string{"/loading", "/loading/", "/loading?x=1"} {
		rec := serve(h, p)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "loading-page") || strings.Contains(rec.Body.String(), "/assets/") {
			t.Fatalf("%s: %d %q", p, rec.Code, rec.Body.String())
		}
		if rec.Header().Get("Cache-Control") != "no-cache" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("%s headers: %v", p, rec.Header())
		}
	}
	// A build without the page (go test's placeholder) still answers with the app.
	if rec := serve(testHandler(), "/loading"); rec.Code != 200 || !strings.Contains(rec.Body.String(), "/assets/index-abc123.js") {
		t.Fatalf("fallback: %d", rec.Code)
	}
}

func TestBuildMeta(t *testing.T) {
	h := testHandler()
	rec := serve(h, "/builds/latest.json")
	if !strings.Contains(rec.Body.String(), `"id":"`+h.BuildID()+`"`) || !strings.Contains(rec.Body.String(), `"timestamp":1700000000000`) {
		t.Fatalf("latest = %s", rec.Body.String())
	}
	rec = serve(h, "/builds/meta/"+h.BuildID()+".json")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"route_rules":{"/promotions":{"redirect":"/discount"}}`) {
		t.Fatalf("meta = %d %s", rec.Code, rec.Body.String())
	}
	if rec := serve(h, "/builds/meta/stale.json"); rec.Code != 404 {
		t.Fatalf("stale build meta = %d", rec.Code)
	}
}

func TestKnownRoutes(t *testing.T) {
	for _, p := range []string{"/", "/app", "/discount", "/discount/12", "/faq", "/faq/3", "/gameHall", "/gameHall/6",
		"/main", "/main/2", "/slotgame", "/sponsor", "/play", "/gameRoom", "/close", "/loading", "/authCallback",
		"/user", "/user/Info", "/user/Deposit", "/user/BindAccount", "/proxy", "/fastPayment", "/fastDeposit", "/register"} {
		if !KnownRoute(p) {
			t.Errorf("%s should be a spec route", p)
		}
	}
	for _, p := range []string{"/admin", "/users", "/gameHall/1/2", "/register/x", "/index.php"} {
		if KnownRoute(p) {
			t.Errorf("%s should be unknown", p)
		}
	}
}
