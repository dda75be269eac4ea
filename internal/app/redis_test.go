package app_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gamehall/internal/dbtest"
	"gamehall/internal/testutil"
)

// TestRealtimeAcrossNodes: two nodes sharing Redis deliver a publication made
// on one to a member connected to the other. It needs GAMEHALL_TEST_REDIS
// (.ci/run sets it).
func TestRealtimeAcrossNodes(t *testing.T) {
	addr := os.Getenv("GAMEHALL_TEST_REDIS")
	if addr == "" {
		t.Skip("GAMEHALL_TEST_REDIS not set")
	}
	d := dbtest.SQLite(t)
	redis := func(s *testutil.Setup) { s.RedisURL = addr }
	a := testutil.NewServer(t, d, testutil.Dev, redis)
	b := testutil.NewServer(t, d, testutil.Dev, redis)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.URL, "http")+"/connection/websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"id":1,"connect":{}}`+"\n"+`{"id":2,"subscribe":{"channel":"web_member"}}`)); err != nil {
		t.Fatal(err)
	}
	subscribed := false
	for !subscribed {
		_, raw, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		subscribed = strings.Contains(string(raw), `"id":2`)
	}
	if res := a.Post("/api/dev/broadcast", `{}`); res.Code != 100 {
		t.Fatalf("broadcast on node a: %d", res.Code)
	}
	for {
		_, raw, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("node b never got node a's publication: %v", err)
		}
		if strings.Contains(string(raw), `"broadcast"`) {
			return
		}
	}
}
