// Package testutil runs the real HTTP surface in httptest for scenario tests.
package testutil

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/secret"
	"gamehall/internal/seed"
)

// Server is the app on a test listener.
type Server struct {
	*httptest.Server
	App *app.App
	t   testing.TB
}

// Setup is what a test server runs with: the configuration and where its
// log goes.
type Setup struct {
	config.Config
	Log io.Writer
}

// Option changes the test setup.
type Option func(*Setup)

// Dev turns on --dev.
func Dev(s *Setup) { s.Dev = true }

// AdminKey turns the operator API on with key.
func AdminKey(key string) Option { return func(s *Setup) { s.AdminKey = key } }

// Reconcile runs the reconciler and the open-game sweep every d.
func Reconcile(d time.Duration) Option { return func(s *Setup) { s.ReconcileInterval = d } }

// LogTo sends the server's log to w (the never-log checks read it).
func LogTo(w io.Writer) Option { return func(s *Setup) { s.Log = w } }

// OWASPHash hashes passwords at the production cost (NewServer lowers it).
func OWASPHash(s *Setup) { s.PasswordHash = secret.OWASP }

// NewServer seeds the demo site into d and serves the app. The content cache
// is off so tests see their own writes at once; passwords are hashed at a
// low argon2id cost unless OWASPHash is given (the production cost made
// half of the member tests' time under -race); the log is dropped unless
// LogTo names a writer.
func NewServer(t testing.TB, d *db.DB, opts ...Option) *Server {
	t.Helper()
	set := Setup{Config: config.Default(), Log: io.Discard}
	set.ContentCacheTTL = 0
	set.PasswordHash = secret.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}
	for _, o := range opts {
		o(&set)
	}
	if _, err := seed.DemoHashed(context.Background(), d, time.Now(), set.PasswordHash); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(set.Log, nil))
	a, err := app.New(set.Config, log, d)
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Server: httptest.NewServer(a.Handler()), App: a, t: t}
	ctx, stop := context.WithCancel(context.Background())
	a.Background(ctx)
	t.Cleanup(func() {
		stop()
		s.Close()
	})
	return s
}

// T is the test the server belongs to.
func (s *Server) T() testing.TB { return s.t }

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
	out, err := s.Try(method, path, body, headers...)
	if err != nil {
		s.t.Fatal(err)
	}
	return out
}

// Try is Do for other goroutines (which must not call t.Fatal): it returns
// what went wrong instead.
func (s *Server) Try(method, path, body string, headers ...string) (Response, error) {
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		return Response{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := s.Client().Do(req)
	if err != nil {
		return Response{}, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Response{HTTP: res.StatusCode, Header: res.Header}
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return out, fmt.Errorf("%s %s: body is not an object: %.200s", method, path, raw)
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("%s %s: body is not an envelope: %v", method, path, err)
	}
	return out, nil
}

// Parallel runs n calls of fn at once (released together) and returns their
// answers in order; a transport failure fails the test.
func (s *Server) Parallel(n int, fn func(i int) (Response, error)) []Response {
	s.t.Helper()
	out := make([]Response, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i], errs[i] = fn(i)
		}()
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			s.t.Fatal(err)
		}
	}
	return out
}

// Codes counts answers by code.
func Codes(rs []Response) map[int]int {
	out := map[int]int{}
	for _, r := range rs {
		out[r.Code]++
	}
	return out
}

// TrustLoopback makes the test client a trusted proxy, so tests can choose
// the client address (X-Forwarded-For) and country (CF-IPCountry) per call.
func TrustLoopback(s *Setup) {
	s.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}

// Captcha fetches a captcha of kind and returns its token; under --dev the
// answer is always 1234.
func (s *Server) Captcha(kind int, headers ...string) string {
	s.t.Helper()
	res := s.Post("/api/captcha", fmt.Sprintf(`{"type":%d,"site_id":1}`, kind), headers...)
	if res.Code != 100 {
		s.t.Fatalf("captcha: code %d %s", res.Code, res.Message)
	}
	var v struct {
		Token string `json:"token"`
	}
	res.Decode(s.t, &v)
	return v.Token
}

// JSON encodes v for a request body.
func JSON(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(raw)
}

// Login logs account in (the server must run with Dev, so captchas answer
// 1234) and returns the token.
func (s *Server) Login(account, password string, headers ...string) string {
	s.t.Helper()
	tok := s.Captcha(1, headers...)
	res := s.Post("/api/login", JSON(map[string]any{"account": account, "password": password, "site_id": 1,
		"answer": "1234", "captcha_token": tok}), headers...)
	if res.Code != 100 {
		s.t.Fatalf("login %s: %d %s", account, res.Code, res.Message)
	}
	var v struct {
		Token string `json:"token"`
	}
	res.Decode(s.t, &v)
	return v.Token
}
