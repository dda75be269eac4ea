package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"gamehall/bench/harness"
)

// TestCrashMidTransferIsSettled starts the real server, has a member open a
// game of the sandbox remote provider while the provider is slow (it
// applies the transfer and answers late), SIGKILLs the server while play1
// waits between our debit and the provider's answer, and restarts it: the
// reconciler asks the provider about the order and settles it exactly once,
// the member's money is all there (main wallet plus provider wallet, nothing
// left in transit) and gamehall audit exits 0 (it compares the provider
// wallet with the provider's own record).
func TestCrashMidTransferIsSettled(t *testing.T) {
	t.Setenv(childEnv, "1")
	bin := os.Args[0]
	st := harness.Store{DataDir: t.TempDir()}
	members, err := harness.SeedMembers(bin, st, 1, "crash123")
	if err != nil {
		t.Fatal(err)
	}
	m := members[0]
	key := strings.Repeat("cd", 32)
	flags := []string{"--admin-key", key, "--reconcile-interval", "1s"}
	srv, err := harness.Start(bin, st, flags...)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Timeout: 20 * time.Second}
	if code, err := admin(client, srv.Base, key, m.Account, "fund", 100, nil); err != nil || code != 100 {
		t.Fatalf("fund: %d %v", code, err)
	}
	faults := func(base string, slow bool) {
		t.Helper()
		req, _ := http.NewRequest("POST", base+"/admin/providers/GP002/faults", strings.NewReader(fmt.Sprintf(`{"slow": %t}`, slow)))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("faults: %v %v", res, err)
		}
		res.Body.Close()
	}
	faults(srv.Base, true)
	done := make(chan struct{})
	go func() {
		defer close(done)
		// The answer never comes: the server dies while it waits.
		_, _ = harness.Post(client, srv.Base+"/api/member/game/play1", harness.IP(1), m.Token,
			map[string]any{"gp_id": 2, "game_type": 2, "game_code": "aur_northern_lights", "lobby_url": "/close", "device": 0}, nil)
	}()
	d, err := st.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	pending := func() int {
		var n int
		if err := d.QueryRow(`SELECT COUNT(*) FROM provider_transfers WHERE member_id = $1 AND status = 'pending'`, m.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// Kill once our side has debited the main wallet and is waiting on the provider.
	for deadline := time.Now().Add(10 * time.Second); pending() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("play1 never started a transfer")
		}
	}
	time.Sleep(500 * time.Millisecond) // the slow provider has applied it and sleeps on its answer
	srv.Stop()                         // SIGKILL
	<-done
	if pending() != 1 {
		t.Fatalf("%d transfers pending after the kill, want 1", pending())
	}

	srv, err = harness.Start(bin, st, flags...)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	faults(srv.Base, false)
	for deadline := time.Now().Add(45 * time.Second); pending() != 0; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the reconciler left the transfer pending")
		}
	}
	var status string
	var total, transit int64
	if err := d.QueryRow(`SELECT status FROM provider_transfers WHERE member_id = $1`, m.ID).Scan(&status); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(`SELECT COALESCE(SUM(balance), 0), COALESCE(SUM(CASE WHEN kind = 'transit' THEN balance ELSE 0 END), 0)
		FROM ledger_accounts WHERE member_id = $1`, m.ID).Scan(&total, &transit); err != nil {
		t.Fatal(err)
	}
	if total != 10000 || transit != 0 {
		t.Fatalf("after settling (%s): the member holds %d minor units, %d in transit; want 10000 and 0", status, total, transit)
	}
	t.Logf("the transfer cut by SIGKILL settled as %s", status)
	srv.Stop()
	if out, err := exec.Command(bin, append([]string{"audit"}, st.Args()...)...).CombinedOutput(); err != nil {
		t.Fatalf("gamehall audit after the crash: %v\n%s", err, out)
	}
}
