// Package testutil runs the real HTTP surface in httptest for scenario tests.
package testutil

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/seed"
)

// Server is the app on a test listener.
type Server struct {
	*httptest.Server
	App *app.App
	t   testing.TB
}

// Option changes the test configuration.
type Option func(*config.Config)

// Dev turns on --dev.
func Dev(c *config.Config) { c.Dev = true }

// NewServer seeds the demo site into d and serves the app. The content cache
// is off so tests see their own writes at once.
func NewServer(t testing.TB, d *db.DB, opts ...Option) *Server {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.ContentCacheTTL = 0
	for _, o := range opts {
		o(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := app.New(cfg, log, d)
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Server: httptest.NewServer(a.Handler()), App: a, t: t}
	t.Cleanup(s.Close)
	return s
}

// Response is a decoded API answer.
type Response struct {
	HTTP    int
	Header  http.Header
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// Decode unmarshals the data field into v.
func (r Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data, v); err != nil {
		t.Fatalf("decode data %s: %v", r.Data, err)
	}
}

// Post sends body (raw JSON text) to path with optional header pairs.
func (s *Server) Post(path, body string, headers ...string) Response {
	s.t.Helper()
	return s.Do(http.MethodPost, path, body, headers...)
}

// Do sends any method.
func (s *Server) Do(method, path, body string, headers ...string) Response {
	s.t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := s.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Response{HTTP: res.StatusCode, Header: res.Header}
	if err := json.Unmarshal(raw, &out); err != nil {
		s.t.Fatalf("%s %s: body is not an envelope: %v\n%s", method, path, err, raw)
	}
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		s.t.Fatalf("%s %s: body is not an object", method, path)
	}
	return out
}
