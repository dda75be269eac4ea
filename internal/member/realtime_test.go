package member_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/testutil"
	"gamehall/internal/wstest"
)

func TestRealtimeChannels(t *testing.T) {
	s := newServer(t, dbtest.SQLite(t))
	a := &client{s: s, ip: "203.0.113.90", ua: chrome}
	b := &client{s: s, ip: "203.0.113.91", ua: chrome}
	a.login(seed.DemoMember, seed.DemoPassword)
	b.login(seed.DemoAgent, seed.DemoPassword)
	var aID, bID int64
	s.App.DB.QueryRow(`SELECT id FROM members WHERE account = 'demo001'`).Scan(&aID)
	s.App.DB.QueryRow(`SELECT id FROM members WHERE account = 'agent001'`).Scan(&bID)

	ws := wstest.Dial(t, s.URL)
	if ok, reply := ws.Connect(a.token); !ok {
		t.Fatalf("connect: %v", reply)
	}
	if r := ws.Call("subscribe", map[string]any{"channel": fmt.Sprintf("member.%d", aID)}); r["error"] != nil {
		t.Fatalf("own channel refused: %v", r)
	}
	if r := ws.Call("subscribe", map[string]any{"channel": fmt.Sprintf("member.%d", bID)}); r["error"] == nil {
		t.Fatalf("member A subscribed to member.%d (B): %v", bID, r)
	}
	if r := ws.Call("subscribe", map[string]any{"channel": "member.USD"}); r["error"] != nil {
		t.Fatalf("currency channel refused: %v", r)
	}
	if r := ws.Call("subscribe", map[string]any{"channel": "member.VND"}); r["error"] == nil {
		t.Fatal("member of USD subscribed to member.VND")
	}

	// A visitor connects without a token and reaches only public channels.
	visitor := wstest.Dial(t, s.URL)
	if ok, reply := visitor.Connect(""); !ok {
		t.Fatalf("anonymous connect: %v", reply)
	}
	if r := visitor.Call("subscribe", map[string]any{"channel": "web_api.USD"}); r["error"] != nil {
		t.Fatalf("public channel refused: %v", r)
	}
	if r := visitor.Call("subscribe", map[string]any{"channel": fmt.Sprintf("member.%d", aID)}); r["error"] == nil {
		t.Fatal("visitor subscribed to a member channel")
	}
	// A dead token cannot connect.
	if ok, reply := wstest.Dial(t, s.URL).Connect("forged"); ok {
		t.Fatalf("forged token connected: %v", reply)
	}

	// Logging in elsewhere tells the first browser, with a fingerprint of the new token only.
	other := &client{s: s, ip: "203.0.113.92", ua: chrome}
	other.login(seed.DemoMember, seed.DemoPassword)
	data := ws.Publication(fmt.Sprintf("member.%d", aID), 5*time.Second)
	if data["event"] != "login" {
		t.Fatalf("push %v, want a login event", data)
	}
	inner, _ := data["data"].(map[string]any)
	fp, _ := inner["token_fingerprint"].(string)
	if len(fp) != 16 || strings.Contains(fp, other.token) || strings.Contains(fmt.Sprint(data), other.token) {
		t.Fatalf("login event %v must carry a fingerprint, never the token", data)
	}
}

// connect opens a socket with token and subscribes to channels; ok is false
// when the server refused the connect.
func connect(t *testing.T, url, token string, channels ...string) (*wstest.Conn, bool) {
	t.Helper()
	c := wstest.Dial(t, url)
	if ok, _ := c.Connect(token); !ok {
		return c, false
	}
	c.Subscribe(channels...)
	return c, true
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
		if code := old.ClosedWith(5*time.Second, &seen); code != closeReplaced {
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
		if ev := live.Event(own, 5*time.Second); ev != "cash" {
			t.Fatalf("new session's socket got %q, want cash", ev)
		}

		// A password change ends every session but the one it opens.
		res := second.post("/api/member/profile/edit_password", `{"old_password":"demo123","new_password":"fresh123"}`)
		if res.Code != 100 {
			t.Fatalf("password change: %d", res.Code)
		}
		if code := live.ClosedWith(5*time.Second, nil); code != closeSessionEnded {
			t.Fatalf("socket after password change: close %d, want %d", code, closeSessionEnded)
		}
		second.token = strings.TrimPrefix(res.Header.Get("Authorization"), "Bearer ")
		after, ok := connect(t, s.URL, second.token, own)
		if !ok {
			t.Fatal("socket of the session the password change opened refused")
		}
		s.App.Hub.PublishMember(id, "cash", nil)
		if ev := after.Event(own, 5*time.Second); ev != "cash" {
			t.Fatalf("socket after password change got %q", ev)
		}

		// Logout closes the last one.
		if res := second.post("/api/logout", `{}`); res.Code != 100 {
			t.Fatalf("logout: %d", res.Code)
		}
		if code := after.ClosedWith(5*time.Second, nil); code != closeSessionEnded {
			t.Fatalf("socket after logout: close %d, want %d", code, closeSessionEnded)
		}
		s.App.Hub.PublishMember(memberID(t, d, seed.DemoAgent), "cash", nil)
		if ev := agentSock.Event(fmt.Sprintf("member.%d", memberID(t, d, seed.DemoAgent)), 5*time.Second); ev != "cash" {
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
	redis := func(s *testutil.Setup) { s.RedisURL = addr }
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
	if code := old.ClosedWith(5*time.Second, nil); code != closeReplaced {
		t.Fatalf("old session's socket on node b: close %d, want %d", code, closeReplaced)
	}
	fresh, ok := connect(t, b.URL, onA.token, own)
	if !ok {
		t.Fatal("new session's socket on b refused")
	}
	a.App.Hub.PublishMember(id, "cash", nil)
	if ev := fresh.Event(own, 5*time.Second); ev != "cash" {
		t.Fatalf("new session's socket on b got %q from a", ev)
	}
}
