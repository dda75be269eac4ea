// Package wstest is a raw client of centrifuge's JSON protocol for tests: it
// connects, subscribes, waits for publications and for the server closing
// the socket, the way a browser's real-time client would meet them.
package wstest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wait bounds every call and every default wait.
const wait = 5 * time.Second

// Conn is one socket. A background reader queues what the server sends, so
// waiting for something that must not come leaves the socket open.
type Conn struct {
	t      testing.TB
	ws     *websocket.Conn
	msgs   chan map[string]any
	closed chan websocket.StatusCode
	id     int
}

// Dial opens a socket to url: the app's http(s) base (its
// /connection/websocket) or a ws:// address. It closes with the test.
func Dial(t testing.TB, url string) *Conn {
	t.Helper()
	if rest, ok := strings.CutPrefix(url, "http"); ok {
		url = "ws" + rest + "/connection/websocket"
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	c := &Conn{t: t, ws: ws, msgs: make(chan map[string]any, 256), closed: make(chan websocket.StatusCode, 1)}
	go c.read()
	return c
}

// read splits frames into messages (replies and pushes may share a frame,
// one JSON object per line) until the socket closes.
func (c *Conn) read() {
	for {
		_, raw, err := c.ws.Read(context.Background())
		if err != nil {
			close(c.msgs)
			c.closed <- websocket.CloseStatus(err)
			return
		}
		for line := range strings.SplitSeq(strings.TrimSpace(string(raw)), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(line), &m) == nil {
				c.msgs <- m
			}
		}
	}
}

// Call sends a command and returns its reply; nil when the server closed
// the socket or did not answer in time. Pushes read meanwhile are dropped.
func (c *Conn) Call(method string, params map[string]any) map[string]any {
	c.t.Helper()
	c.id++
	raw, _ := json.Marshal(map[string]any{"id": c.id, method: params})
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, raw); err != nil {
		return nil
	}
	timeout := time.After(wait)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return nil
			}
			if v, _ := m["id"].(float64); int(v) == c.id {
				return m
			}
		case <-timeout:
			return nil
		}
	}
}

// Connect sends connect with token ("" for a visitor) and reports whether
// the server accepted it, with its reply.
func (c *Conn) Connect(token string) (bool, map[string]any) {
	c.t.Helper()
	r := c.Call("connect", map[string]any{"token": token})
	return r != nil && r["connect"] != nil, r
}

// Subscribe subscribes to each channel and fails the test on a refusal.
func (c *Conn) Subscribe(channels ...string) {
	c.t.Helper()
	for _, ch := range channels {
		if r := c.Call("subscribe", map[string]any{"channel": ch}); r == nil || r["error"] != nil {
			c.t.Fatalf("subscribe %s: %v", ch, r)
		}
	}
}

// Publication waits up to d for a publication on channel and returns its
// data; nil when none came or the socket closed.
func (c *Conn) Publication(channel string, d time.Duration) map[string]any {
	timeout := time.After(d)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return nil
			}
			if data, ok := publication(m, channel); ok {
				return data
			}
		case <-timeout:
			return nil
		}
	}
}

// Event is the event name of the next publication on channel within d, ""
// when none came.
func (c *Conn) Event(channel string, d time.Duration) string {
	name, _ := c.Publication(channel, d)["event"].(string)
	return name
}

// ClosedWith waits up to d for the server to close the socket and returns
// the close code, -1 while it stays open. The event names of publications
// read meanwhile are appended to seen when it is not nil.
func (c *Conn) ClosedWith(d time.Duration, seen *[]string) websocket.StatusCode {
	timeout := time.After(d)
	for {
		// The reader closes msgs before reporting the close: drain first.
		select {
		case m, ok := <-c.msgs:
			if !ok {
				return <-c.closed
			}
			if data, ok := publication(m, ""); ok && seen != nil {
				name, _ := data["event"].(string)
				*seen = append(*seen, name)
			}
		case <-timeout:
			return -1
		}
	}
}

// publication is the data of m when m is a publication on channel (any
// channel when it is "").
func publication(m map[string]any, channel string) (map[string]any, bool) {
	push, _ := m["push"].(map[string]any)
	if push == nil || (channel != "" && push["channel"] != channel) {
		return nil, false
	}
	pub, ok := push["pub"].(map[string]any)
	if !ok {
		return nil, false
	}
	data, _ := pub["data"].(map[string]any)
	return data, true
}
