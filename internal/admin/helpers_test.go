package admin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
	"gamehall/internal/wstest"
)

// key is the operator key of the tests: 32 bytes as hex.
const key = "3f1c9a7be24d58c06a1f93e7b2c4d8a05e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b"

// logBuffer collects the server's log lines for the never-log checks.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// server is the whole app (seeded, --dev, loopback trusted as a proxy so
// X-Forwarded-For picks the client address) with its log.
type server struct {
	*httptest.Server
	App *app.App
	log *logBuffer
}

// newServer serves the app with adminKey ("" leaves the operator API off);
// opts change the configuration further.
func newServer(t *testing.T, d *db.DB, adminKey string, opts ...func(*config.Config)) *server {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.ContentCacheTTL = 0
	cfg.Dev = true
	cfg.AdminKey = adminKey
	testutil.TrustLoopback(&cfg)
	for _, o := range opts {
		o(&cfg)
	}
	logs := &logBuffer{}
	a, err := app.New(cfg, slog.New(slog.NewTextHandler(logs, nil)), d)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(a.Handler())
	t.Cleanup(func() {
		hs.Close()
		_ = a.Close()
	})
	return &server{Server: hs, App: a, log: logs}
}

var ipSeq atomic.Int32

// freshIP gives each caller its own client address, so per-IP limits only
// bite where a test wants them to.
func freshIP() string {
	n := ipSeq.Add(1)
	return fmt.Sprintf("10.77.%d.%d", n/256, n%256)
}

// operatorIP is the address the admin calls come from.
const operatorIP = "198.51.100.7"

// admin calls the operator API with the key from operatorIP.
func (s *server) admin(t *testing.T, method, path, body string) testutil.Response {
	t.Helper()
	return s.call(t, method, path, body, "Authorization", "Bearer "+key, "X-Forwarded-For", operatorIP)
}

// call sends any request; headers are name, value pairs.
func (s *server) call(t *testing.T, method, path, body string, headers ...string) testutil.Response {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := testutil.Response{HTTP: res.StatusCode, Header: res.Header}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: body is not an envelope: %v\n%s", method, path, err, raw)
	}
	return out
}

// post calls the public API as a visitor from ip.
func (s *server) post(t *testing.T, ip, path, body string, headers ...string) testutil.Response {
	t.Helper()
	return s.call(t, "POST", path, body, append([]string{"X-Forwarded-For", ip}, headers...)...)
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}

// dial connects a socket with token ("" for a visitor).
func dial(t *testing.T, url, token string) *wstest.Conn {
	t.Helper()
	c := wstest.Dial(t, url)
	if ok, r := c.Connect(token); !ok {
		t.Fatalf("connect: %v", r)
	}
	return c
}
