package api_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gamehall/internal/api"
)

// TestAccessLogNamesTheRouteNotThePath: the access line carries the
// matched pattern; the text a client put in the path or the query never
// reaches the log, matched or not.
func TestAccessLogNamesTheRouteNotThePath(t *testing.T) {
	var buf bytes.Buffer
	mux := http.NewServeMux()
	mux.HandleFunc("GET /main/{id}", func(w http.ResponseWriter, r *http.Request) {})
	h := api.Chain(mux, api.AccessLog(slog.New(slog.NewTextHandler(&buf, nil))))
	for _, target := range []string{"/main/secret-page-id?token=secret-token", "/nowhere/secret-path"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", target, nil))
	}
	out := buf.String()
	if strings.Contains(out, "secret") {
		t.Fatalf("client text in the access log:\n%s", out)
	}
	if !strings.Contains(out, `route="GET /main/{id}"`) || !strings.Contains(out, "route=- ") {
		t.Fatalf("route missing from the access log:\n%s", out)
	}
}
