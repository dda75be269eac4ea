package realtime_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/realtime"
	"gamehall/internal/wstest"
)

// sessions is a fake session store: tokens name sessions, sessions can die.
type sessions struct {
	mu     sync.Mutex
	tokens map[string]realtime.Identity
	dead   map[int64]bool
	checks int
}

func newSessions() *sessions {
	return &sessions{tokens: map[string]realtime.Identity{}, dead: map[int64]bool{}}
}

func (s *sessions) add(token string, member, session int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[token] = realtime.Identity{MemberID: member, Currency: "USD", SessionID: session, Until: time.Now().Add(time.Hour)}
}

func (s *sessions) kill(session int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dead[session] = true
}

func (s *sessions) Connect(_ context.Context, token string) (realtime.Identity, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.tokens[token]
	return id, ok && !s.dead[id.SessionID], nil
}

func (s *sessions) Recheck(_ context.Context, session int64) (time.Time, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checks++
	return time.Now().Add(time.Hour), !s.dead[session], nil
}

func (s *sessions) rechecks() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.checks
}

func hub(t *testing.T, s realtime.Sessions, o realtime.Options) (*realtime.Hub, string) {
	t.Helper()
	h, err := realtime.New(slog.New(slog.NewTextHandler(io.Discard, nil)), s, o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
	})
	return h, "ws" + strings.TrimPrefix(srv.URL, "http")
}

// dial connects a socket with token and subscribes it to channels.
func dial(t *testing.T, url, token string, channels ...string) *wstest.Conn {
	t.Helper()
	c := wstest.Dial(t, url)
	if ok, r := c.Connect(token); !ok {
		t.Fatalf("connect: %v", r)
	}
	c.Subscribe(channels...)
	return c
}

func TestEndSessionsClosesOnlyTheEndedSession(t *testing.T) {
	s := newSessions()
	s.add("old", 7, 1)
	s.add("new", 7, 2)
	s.add("other", 8, 3)
	h, url := hub(t, s, realtime.Options{})
	old := dial(t, url, "old", "member.7")
	fresh := dial(t, url, "new", "member.7")
	other := dial(t, url, "other", "member.8")

	// A new login (session 2) replaces the others.
	h.EndOtherSessions(7, 2, true)
	if code := old.ClosedWith(5*time.Second, nil); code != websocket.StatusCode(realtime.DisconnectReplaced.Code) {
		t.Fatalf("old session's socket: close %d, want %d", code, realtime.DisconnectReplaced.Code)
	}
	h.PublishMember(7, "cash", nil)
	if data := fresh.Publication("member.7", 5*time.Second); data["event"] != "cash" {
		t.Fatalf("the new session's socket must still get member.7: %v", data)
	}
	// Logout of session 2 closes it; member 8 is untouched.
	h.EndSession(7, 2)
	if code := fresh.ClosedWith(5*time.Second, nil); code != websocket.StatusCode(realtime.DisconnectSessionEnded.Code) {
		t.Fatalf("logged-out socket: close %d, want %d", code, realtime.DisconnectSessionEnded.Code)
	}
	h.PublishMember(8, "cash", nil)
	if data := other.Publication("member.8", 5*time.Second); data["event"] != "cash" {
		t.Fatalf("another member's socket: %v", data)
	}
}

func TestDeadSessionExpiresOnRecheck(t *testing.T) {
	s := newSessions()
	s.add("live", 7, 1)
	s.add("doomed", 9, 2)
	h, url := hub(t, s, realtime.Options{Recheck: time.Second})
	live := dial(t, url, "live", "member.7")
	doomed := dial(t, url, "doomed", "member.9")
	// The session dies without any disconnect message (say, another node
	// revoked it and the message was lost): the next recheck closes it.
	s.kill(2)
	if code := doomed.ClosedWith(5*time.Second, nil); code != 3005 {
		t.Fatalf("dead session's socket: close %d, want 3005 (expired)", code)
	}
	// A live session is re-checked and kept.
	for s.rechecks() < 3 {
		time.Sleep(200 * time.Millisecond)
	}
	h.PublishMember(7, "cash", nil)
	if data := live.Publication("member.7", 5*time.Second); data["event"] != "cash" {
		t.Fatalf("live session after rechecks: %v", data)
	}
}

func TestVisitorsNeverExpire(t *testing.T) {
	h, url := hub(t, newSessions(), realtime.Options{Recheck: time.Second})
	v := dial(t, url, "", "web_member")
	if code := v.ClosedWith(2500*time.Millisecond, nil); code != -1 {
		t.Fatalf("visitor closed with %d", code)
	}
	h.Publish("web_member", "x", nil)
	if data := v.Publication("web_member", 5*time.Second); data["event"] != "x" {
		t.Fatalf("visitor: %v", data)
	}
}

// TestEndSessionAcrossNodes: a session ended on node A closes its socket on
// node B, through Redis. It needs GAMEHALL_TEST_REDIS.
func TestEndSessionAcrossNodes(t *testing.T) {
	addr := os.Getenv("GAMEHALL_TEST_REDIS")
	if addr == "" {
		t.Skip("GAMEHALL_TEST_REDIS not set")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	o := realtime.Options{RedisAddress: addr, RedisPrefix: "test" + hex.EncodeToString(b[:])}
	s := newSessions()
	s.add("old", 7, 1)
	s.add("new", 7, 2)
	a, _ := hub(t, s, o)
	_, urlB := hub(t, s, o)
	old := dial(t, urlB, "old", "member.7")
	fresh := dial(t, urlB, "new", "member.7")
	a.EndOtherSessions(7, 2, true)
	if code := old.ClosedWith(5*time.Second, nil); code != websocket.StatusCode(realtime.DisconnectReplaced.Code) {
		t.Fatalf("socket on node B after node A ended its session: close %d", code)
	}
	a.PublishMember(7, "cash", nil)
	if data := fresh.Publication("member.7", 5*time.Second); data["event"] != "cash" {
		t.Fatalf("kept session on node B: %v", data)
	}
	if code := fresh.ClosedWith(300*time.Millisecond, nil); code != -1 {
		t.Fatalf("kept session closed: %d", code)
	}
}

// Presence on member.{currency} counts members; the list of who is online
// (other members' ids) is never given out.
func TestPresenceCountsNeverLists(t *testing.T) {
	s := newSessions()
	s.add("tok-a", 1, 10)
	s.add("tok-b", 2, 20)
	_, url := hub(t, s, realtime.Options{})
	a := dial(t, url, "tok-a", "member.USD")
	dial(t, url, "tok-b", "member.USD")
	if r := a.Call("presence", map[string]any{"channel": "member.USD"}); r["error"] == nil || r["presence"] != nil {
		t.Fatalf("presence list answered: %v", r)
	}
	r := a.Call("presence_stats", map[string]any{"channel": "member.USD"})
	stats, _ := r["presence_stats"].(map[string]any)
	if stats == nil || stats["num_users"] != 2.0 {
		t.Fatalf("presence stats: %v", r)
	}
	if r := a.Call("presence_stats", map[string]any{"channel": "member.VND"}); r["error"] == nil {
		t.Fatalf("stats of another currency's channel: %v", r)
	}
}
