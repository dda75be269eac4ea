package member_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
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
