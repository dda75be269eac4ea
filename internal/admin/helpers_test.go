package admin_test

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"

	"gamehall/internal/db"
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
	*testutil.Server
	log *logBuffer
}

// newServer serves the app with adminKey ("" leaves the operator API off);
// opts change the setup further.
func newServer(t *testing.T, d *db.DB, adminKey string, opts ...testutil.Option) *server {
	t.Helper()
	logs := &logBuffer{}
	base := []testutil.Option{testutil.Dev, testutil.TrustLoopback, testutil.AdminKey(adminKey), testutil.LogTo(logs)}
	return &server{Server: testutil.NewServer(t, d, append(base, opts...)...), log: logs}
}

// addrs gives each caller its own client address.
var addrs testutil.Addrs

// operatorIP is the address the admin calls come from.
const operatorIP = "198.51.100.7"

// admin calls the operator API with the key from operatorIP.
func (s *server) admin(t *testing.T, method, path, body string) testutil.Response {
	t.Helper()
	return s.Do(method, path, body, "Authorization", "Bearer "+key, "X-Forwarded-For", operatorIP)
}

// post calls the public API as a visitor from ip.
func (s *server) post(t *testing.T, ip, path, body string, headers ...string) testutil.Response {
	t.Helper()
	return s.Do("POST", path, body, append([]string{"X-Forwarded-For", ip}, headers...)...)
}

func decode[T any](t *testing.T, raw json.RawMessage) T { return testutil.Decode[T](t, raw) }

// dial connects a socket with token ("" for a visitor).
func dial(t *testing.T, url, token string) *wstest.Conn {
	t.Helper()
	c := wstest.Dial(t, url)
	if ok, r := c.Connect(token); !ok {
		t.Fatalf("connect: %v", r)
	}
	return c
}
