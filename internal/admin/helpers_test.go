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

	"github.com/coder/websocket"

	"gamehall/internal/app"
	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
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

// wsClient speaks centrifuge's JSON protocol over a raw websocket.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	id   int
}

func dial(t *testing.T, url, token string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/connection/websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(websocket.StatusNormalClosure, "") })
	c := &wsClient{t: t, conn: conn}
	if r := c.call("connect", map[string]any{"token": token}); r == nil || r["connect"] == nil {
		t.Fatalf("connect: %v", r)
	}
	return c
}

func (c *wsClient) subscribe(channel string) {
	c.t.Helper()
	if r := c.call("subscribe", map[string]any{"channel": channel}); r == nil || r["error"] != nil {
		c.t.Fatalf("subscribe %s: %v", channel, r)
	}
}

// read returns the next frame's messages; nil when the connection closed
// or nothing came within timeout.
func (c *wsClient) read(timeout time.Duration) ([]map[string]any, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, raw, err := c.conn.Read(ctx)
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			out = append(out, m)
		}
	}
	return out, nil
}

func (c *wsClient) call(method string, params map[string]any) map[string]any {
	c.t.Helper()
	c.id++
	raw, _ := json.Marshal(map[string]any{"id": c.id, method: params})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, raw); err != nil {
		c.t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		msgs, err := c.read(time.Until(deadline))
		if err != nil {
			return nil
		}
		for _, m := range msgs {
			if v, ok := m["id"].(float64); ok && int(v) == c.id {
				return m
			}
		}
	}
	return nil
}

// waitEvent waits for a publication of event on channel.
func (c *wsClient) waitEvent(channel, event string) {
	c.t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		msgs, err := c.read(time.Until(deadline))
		if err != nil {
			break
		}
		for _, m := range msgs {
			push, _ := m["push"].(map[string]any)
			if push == nil || push["channel"] != channel {
				continue
			}
			pub, _ := push["pub"].(map[string]any)
			data, _ := pub["data"].(map[string]any)
			if data["event"] == event {
				return
			}
		}
	}
	c.t.Fatalf("no %s event on %s", event, channel)
}

// waitClosed waits until the server ends the connection.
func (c *wsClient) waitClosed() {
	c.t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		msgs, err := c.read(time.Until(deadline))
		if err != nil {
			if ctxErr := context.DeadlineExceeded; strings.Contains(err.Error(), ctxErr.Error()) {
				break
			}
			return
		}
		for _, m := range msgs {
			if m["disconnect"] != nil {
				return
			}
		}
	}
	c.t.Fatal("the server kept the connection open")
}
