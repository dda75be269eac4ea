package member_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/config"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
)

// wsClient speaks centrifuge's JSON protocol over a raw websocket.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	id   int
}

func dial(t *testing.T, url, token string) (*wsClient, map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/connection/websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(websocket.StatusNormalClosure, "") })
	c := &wsClient{t: t, conn: conn}
	return c, c.call("connect", map[string]any{"token": token})
}

func (c *wsClient) send(method string, params map[string]any) int {
	c.id++
	raw, _ := json.Marshal(map[string]any{"id": c.id, method: params})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, raw); err != nil {
		c.t.Fatal(err)
	}
	return c.id
}

// read returns the next message (replies and pushes may share a frame,
// one JSON object per line).
func (c *wsClient) read(timeout time.Duration) []map[string]any {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, raw, err := c.conn.Read(ctx)
	if err != nil {
		return nil
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// call sends a command and returns its reply, or nil when the server
// closed the connection instead of answering.
func (c *wsClient) call(method string, params map[string]any) map[string]any {
	c.t.Helper()
	id := c.send(method, params)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		msgs := c.read(time.Until(deadline))
		if msgs == nil {
			return nil
		}
		for _, m := range msgs {
			if v, ok := m["id"].(float64); ok && int(v) == id {
				return m
			}
		}
	}
	return nil
}

// waitPush waits for a publication on channel and returns its data.
func (c *wsClient) waitPush(channel string) map[string]any {
	c.t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		for _, m := range c.read(time.Until(deadline)) {
			push, _ := m["push"].(map[string]any)
			if push == nil || push["channel"] != channel {
				continue
			}
			if pub, ok := push["pub"].(map[string]any); ok {
				data, _ := pub["data"].(map[string]any)
				return data
			}
		}
	}
	c.t.Fatalf("no publication on %s", channel)
	return nil
}

func TestRealtimeChannels(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	a := &client{s: s, ip: "203.0.113.90", ua: chrome}
	b := &client{s: s, ip: "203.0.113.91", ua: chrome}
	a.login(seed.DemoMember, seed.DemoPassword)
	b.login(seed.DemoAgent, seed.DemoPassword)
	var aID, bID int64
	s.App.DB.QueryRow(`SELECT id FROM members WHERE account = 'demo001'`).Scan(&aID)
	s.App.DB.QueryRow(`SELECT id FROM members WHERE account = 'agent001'`).Scan(&bID)

	ws, reply := dial(t, s.URL, a.token)
	if reply == nil || reply["connect"] == nil {
		t.Fatalf("connect: %v", reply)
	}
	if r := ws.call("subscribe", map[string]any{"channel": fmt.Sprintf("member.%d", aID)}); r["error"] != nil {
		t.Fatalf("own channel refused: %v", r)
	}
	if r := ws.call("subscribe", map[string]any{"channel": fmt.Sprintf("member.%d", bID)}); r["error"] == nil {
		t.Fatalf("member A subscribed to member.%d (B): %v", bID, r)
	}
	if r := ws.call("subscribe", map[string]any{"channel": "member.USD"}); r["error"] != nil {
		t.Fatalf("currency channel refused: %v", r)
	}
	if r := ws.call("subscribe", map[string]any{"channel": "member.VND"}); r["error"] == nil {
		t.Fatal("member of USD subscribed to member.VND")
	}

	// A visitor connects without a token and reaches only public channels.
	visitor, reply := dial(t, s.URL, "")
	if reply["connect"] == nil {
		t.Fatalf("anonymous connect: %v", reply)
	}
	if r := visitor.call("subscribe", map[string]any{"channel": "web_api.USD"}); r["error"] != nil {
		t.Fatalf("public channel refused: %v", r)
	}
	if r := visitor.call("subscribe", map[string]any{"channel": fmt.Sprintf("member.%d", aID)}); r["error"] == nil {
		t.Fatal("visitor subscribed to a member channel")
	}
	// A dead token cannot connect.
	if _, reply := dial(t, s.URL, "forged"); reply["connect"] != nil {
		t.Fatalf("forged token connected: %v", reply)
	}

	// Logging in elsewhere tells the first browser, with a fingerprint of the new token only.
	other := &client{s: s, ip: "203.0.113.92", ua: chrome}
	other.login(seed.DemoMember, seed.DemoPassword)
	data := ws.waitPush(fmt.Sprintf("member.%d", aID))
	if data["event"] != "login" {
		t.Fatalf("push %v, want a login event", data)
	}
	inner, _ := data["data"].(map[string]any)
	fp, _ := inner["token_fingerprint"].(string)
	if len(fp) != 16 || strings.Contains(fp, other.token) || strings.Contains(fmt.Sprint(data), other.token) {
		t.Fatalf("login event %v must carry a fingerprint, never the token", data)
	}
}

// sock is a websocket client whose reader runs in the background, so that
// waiting for a publication that must not come leaves the socket open.
type sock struct {
	t      *testing.T
	conn   *websocket.Conn
	msgs   chan map[string]any
	closed chan websocket.StatusCode
	id     int
}

// connect opens a socket with token and subscribes to channels; ok is false
// when the server refused the connect.
func connect(t *testing.T, url, token string, channels ...string) (*sock, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/connection/websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	s := &sock{t: t, conn: conn, msgs: make(chan map[string]any, 64), closed: make(chan websocket.StatusCode, 1)}
	go func() {
		for {
			_, raw, err := conn.Read(context.Background())
			if err != nil {
				close(s.msgs)
				s.closed <- websocket.CloseStatus(err)
				return
			}
			for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
				var m map[string]any
				if json.Unmarshal([]byte(line), &m) == nil {
					s.msgs <- m
				}
			}
		}
	}()
	if r := s.call("connect", map[string]any{"token": token}); r == nil || r["connect"] == nil {
		return s, false
	}
	for _, ch := range channels {
		if r := s.call("subscribe", map[string]any{"channel": ch}); r == nil || r["error"] != nil {
			t.Fatalf("subscribe %s: %v", ch, r)
		}
	}
	return s, true
}

func (s *sock) call(method string, params map[string]any) map[string]any {
	s.t.Helper()
	s.id++
	raw, _ := json.Marshal(map[string]any{"id": s.id, method: params})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.conn.Write(ctx, websocket.MessageText, raw); err != nil {
		return nil
	}
	timeout := time.After(5 * time.Second)
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				return nil
			}
			if v, _ := m["id"].(float64); int(v) == s.id {
				return m
			}
		case <-timeout:
			return nil
		}
	}
}

// event waits up to d for a publication on channel and returns its event
// name ("" when none came or the socket closed).
func (s *sock) event(channel string, d time.Duration) string {
	timeout := time.After(d)
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				return ""
			}
			push, _ := m["push"].(map[string]any)
			if push == nil || push["channel"] != channel {
				continue
			}
			if pub, ok := push["pub"].(map[string]any); ok {
				data, _ := pub["data"].(map[string]any)
				name, _ := data["event"].(string)
				return name
			}
		case <-timeout:
			return ""
		}
	}
}

// closedWith waits up to d for the server to close the socket and returns
// the close code, -1 while it stays open. Publications read meanwhile are
// recorded in seen.
func (s *sock) closedWith(d time.Duration, seen *[]string) websocket.StatusCode {
	timeout := time.After(d)
	for {
		// The reader closes msgs before reporting the close: drain first.
		select {
		case m, ok := <-s.msgs:
			if !ok {
				return <-s.closed
			}
			if push, _ := m["push"].(map[string]any); push != nil && seen != nil {
				if pub, ok := push["pub"].(map[string]any); ok {
					data, _ := pub["data"].(map[string]any)
					name, _ := data["event"].(string)
					*seen = append(*seen, name)
				}
			}
		case <-timeout:
			return -1
		}
	}
}

const (
	closeSessionEnded = websocket.StatusCode(4501)
	closeReplaced     = websocket.StatusCode(4502)
)

func memberID(t *testing.T, d *db.DB, account string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRowContext(context.Background(), `SELECT id FROM members WHERE account = $1`, account).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestEndedSessionsLoseTheirSocket: a second login, a password change and a
// logout close the real-time connections of the sessions they end (and
// those alone); a later publication reaches only the live session's socket.
func TestEndedSessionsLoseTheirSocket(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d)
		id := memberID(t, d, seed.DemoMember)
		own := fmt.Sprintf("member.%d", id)
		first := &client{s: s, ip: "203.0.113.150", ua: chrome}
		if res := first.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("login: %d", res.Code)
		}
		old, ok := connect(t, s.URL, first.token, own, "member.USD")
		if !ok {
			t.Fatal("first session's socket refused")
		}
		// Another member's socket is never touched.
		agent := &client{s: s, ip: "203.0.113.151", ua: chrome}
		agent.login(seed.DemoAgent, seed.DemoPassword)
		agentSock, _ := connect(t, s.URL, agent.token, fmt.Sprintf("member.%d", memberID(t, d, seed.DemoAgent)))

		// A second login elsewhere: the first socket hears "login", then closes.
		second := &client{s: s, ip: "203.0.113.152", ua: chrome}
		if res := second.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
			t.Fatalf("second login: %d", res.Code)
		}
		var seen []string
		if code := old.closedWith(5*time.Second, &seen); code != closeReplaced {
			t.Fatalf("replaced session's socket: close %d, want %d", code, closeReplaced)
		}
		if len(seen) != 1 || seen[0] != "login" {
			t.Fatalf("replaced socket heard %v, want just the login event", seen)
		}
		if _, ok := connect(t, s.URL, first.token); ok {
			t.Fatal("the replaced token opened a new socket")
		}
		live, ok := connect(t, s.URL, second.token, own)
		if !ok {
			t.Fatal("new session's socket refused")
		}
		s.App.Hub.PublishMember(id, "cash", nil)
		if ev := live.event(own, 5*time.Second); ev != "cash" {
			t.Fatalf("new session's socket got %q, want cash", ev)
		}

		// A password change ends every session but the one it opens.
		res := second.post("/api/member/profile/edit_password", `{"old_password":"demo123","new_password":"fresh123"}`)
		if res.Code != 100 {
			t.Fatalf("password change: %d", res.Code)
		}
		if code := live.closedWith(5*time.Second, nil); code != closeSessionEnded {
			t.Fatalf("socket after password change: close %d, want %d", code, closeSessionEnded)
		}
		second.token = strings.TrimPrefix(res.Header.Get("Authorization"), "Bearer ")
		after, ok := connect(t, s.URL, second.token, own)
		if !ok {
			t.Fatal("socket of the session the password change opened refused")
		}
		s.App.Hub.PublishMember(id, "cash", nil)
		if ev := after.event(own, 5*time.Second); ev != "cash" {
			t.Fatalf("socket after password change got %q", ev)
		}

		// Logout closes the last one.
		if res := second.post("/api/logout", `{}`); res.Code != 100 {
			t.Fatalf("logout: %d", res.Code)
		}
		if code := after.closedWith(5*time.Second, nil); code != closeSessionEnded {
			t.Fatalf("socket after logout: close %d, want %d", code, closeSessionEnded)
		}
		s.App.Hub.PublishMember(memberID(t, d, seed.DemoAgent), "cash", nil)
		if ev := agentSock.event(fmt.Sprintf("member.%d", memberID(t, d, seed.DemoAgent)), 5*time.Second); ev != "cash" {
			t.Fatalf("another member's socket got %q", ev)
		}
	})
}

// TestReplacedSessionSocketClosesOnAnotherNode: two nodes sharing the
// database and Redis; a login on node A closes the old session's socket on
// node B and keeps the new one's. It needs GAMEHALL_TEST_REDIS.
func TestReplacedSessionSocketClosesOnAnotherNode(t *testing.T) {
	addr := os.Getenv("GAMEHALL_TEST_REDIS")
	if addr == "" {
		t.Skip("GAMEHALL_TEST_REDIS not set")
	}
	d := dbtest.SQLite(t)
	redis := func(c *config.Config) { c.RedisURL = addr }
	a := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, redis)
	b := testutil.NewServer(t, d, testutil.Dev, testutil.TrustLoopback, redis)
	id := memberID(t, d, seed.DemoMember)
	own := fmt.Sprintf("member.%d", id)
	onB := &client{s: b, ip: "203.0.113.160", ua: chrome}
	if res := onB.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
		t.Fatalf("login on b: %d", res.Code)
	}
	old, ok := connect(t, b.URL, onB.token, own)
	if !ok {
		t.Fatal("socket on b refused")
	}
	onA := &client{s: a, ip: "203.0.113.161", ua: chrome}
	if res := onA.login(seed.DemoMember, seed.DemoPassword); res.Code != 100 {
		t.Fatalf("login on a: %d", res.Code)
	}
	if code := old.closedWith(5*time.Second, nil); code != closeReplaced {
		t.Fatalf("old session's socket on node b: close %d, want %d", code, closeReplaced)
	}
	fresh, ok := connect(t, b.URL, onA.token, own)
	if !ok {
		t.Fatal("new session's socket on b refused")
	}
	a.App.Hub.PublishMember(id, "cash", nil)
	if ev := fresh.event(own, 5*time.Second); ev != "cash" {
		t.Fatalf("new session's socket on b got %q from a", ev)
	}
}
