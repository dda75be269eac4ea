package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gamehall/bench/harness"
)

// childEnv makes this test binary act as the gamehall binary: the crash
// test starts it as a server, SIGKILLs it and runs its audit, so the real
// program runs without a separate build.
const childEnv = "GAMEHALL_TEST_AS_BINARY"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestCrashKeepsAcknowledgedMoney starts the real server on SQLite and on
// PostgreSQL, drives sandbox deposits (order, payer's confirmation, the
// gateway's callback) and operator adjustments (credits and debits) from
// several members at once, SIGKILLs it mid-load and restarts it on the same
// database: every deposit a member saw paid and every adjustment the
// operator saw answered is in the ledger exactly once, a retried adjustment
// answers its first result, and gamehall audit exits 0.
func TestCrashKeepsAcknowledgedMoney(t *testing.T) {
	t.Setenv(childEnv, "1")
	t.Run("sqlite", func(t *testing.T) { crashKeepsAcknowledgedMoney(t, harness.Store{DataDir: t.TempDir()}) })
	t.Run("postgres", func(t *testing.T) {
		dsn := os.Getenv("GAMEHALL_TEST_POSTGRES")
		if dsn == "" {
			t.Skip("GAMEHALL_TEST_POSTGRES is empty")
		}
		st, drop, err := harness.PostgresSchema(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(drop)
		crashKeepsAcknowledgedMoney(t, st)
	})
}

func crashKeepsAcknowledgedMoney(t *testing.T, st harness.Store) {
	bin := os.Args[0]
	members, err := harness.SeedMembers(bin, st, 6, "crash123")
	if err != nil {
		t.Fatal(err)
	}
	key := strings.Repeat("ab", 32)
	srv, err := harness.Start(bin, st, "--admin-key", key)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var channel struct {
		List []struct {
			ID   int64   `json:"id"`
			Kind string  `json:"kind"`
			Min  float64 `json:"min"`
		} `json:"list"`
	}
	if code, err := harness.Post(client, srv.Base+"/api/member/wallet/channels", harness.IP(1), members[0].Token,
		map[string]any{"type": "deposit"}, &channel); err != nil || code != 100 {
		t.Fatalf("channels: %d %v", code, err)
	}
	channelID, amount := int64(0), 10.0
	for _, c := range channel.List {
		if c.Kind == "gateway" {
			channelID, amount = c.ID, max(amount, c.Min)
			break
		}
	}
	if channelID == 0 {
		t.Fatalf("no gateway deposit channel: %+v", channel)
	}

	var mu sync.Mutex
	paid := map[string]bool{}           // deposits a member saw paid
	adjusted := map[string]adjustment{} // adjustments the operator saw posted, by request id
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, m := range members {
		ip := harness.IP(int64(100 + i))
		wg.Go(func() { // deposits through the sandbox page
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				var order struct {
					PayURL string `json:"pay_url"`
				}
				code, err := harness.Post(client, srv.Base+"/api/member/deposit", ip, m.Token,
					map[string]any{"channel_id": channelID, "amount": amount, "request_id": fmt.Sprintf("crash-%d-%d", m.ID, n)}, &order)
				if err != nil || code != 100 {
					return // the server is gone
				}
				if confirm(client, srv.Base, order.PayURL) != nil {
					return
				}
			}
		})
		wg.Go(func() { // what the member sees paid
			for {
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond):
				}
				var records struct {
					List []struct {
						OrderNo string `json:"order_no"`
						Status  string `json:"status"`
					} `json:"list"`
				}
				if code, err := harness.Post(client, srv.Base+"/api/member/records", ip, m.Token,
					map[string]any{"type": "deposit", "count": 100}, &records); err != nil || code != 100 {
					return
				}
				mu.Lock()
				for _, r := range records.List {
					if r.Status == "paid" {
						paid[r.OrderNo] = true
					}
				}
				mu.Unlock()
			}
		})
		wg.Go(func() { // operator adjustments, a credit then a debit
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				rid := fmt.Sprintf("crash-%d-%d", m.ID, n)
				amount := 1.5
				if n%2 == 1 {
					amount = -1.5
				}
				code, err := admin(client, srv.Base, key, m.Account, rid, amount, nil)
				if err != nil || code != 100 {
					return
				}
				mu.Lock()
				adjusted[rid] = adjustment{m.Account, amount}
				mu.Unlock()
			}
		})
	}
	// Kill once some of each is acknowledged (a -race build on a busy
	// machine is slow), while every worker is still sending.
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		mu.Lock()
		enough := len(paid) >= 3 && len(adjusted) >= 20
		mu.Unlock()
		if enough {
			break
		}
	}
	srv.Stop() // SIGKILL
	close(stop)
	wg.Wait()
	if len(paid) == 0 || len(adjusted) == 0 {
		t.Fatalf("nothing acknowledged before the kill: %d deposits paid, %d adjustments", len(paid), len(adjusted))
	}
	t.Logf("acknowledged before SIGKILL: %d paid deposits, %d adjustments", len(paid), len(adjusted))

	srv, err = harness.Start(bin, st, "--admin-key", key)
	if err != nil {
		t.Fatal(err)
	}
	// A retried adjustment answers its first posting after the restart.
	for rid, adj := range adjusted {
		var again struct {
			Replayed bool `json:"replayed"`
		}
		if code, err := admin(client, srv.Base, key, adj.account, rid, adj.amount, &again); err != nil || code != 100 || !again.Replayed {
			t.Fatalf("adjustment %s retried after the restart: %d %v %+v", rid, code, err, again)
		}
		break
	}
	srv.Stop()

	d, err := st.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	count := func(key string) int {
		var n int
		if err := d.QueryRow(`SELECT COUNT(*) FROM ledger_transactions WHERE idem_key = $1`, key).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for order := range paid {
		if n := count("deposit:" + order); n != 1 {
			t.Errorf("deposit %s, paid before the kill, is in the ledger %d times", order, n)
		}
	}
	for rid := range adjusted {
		if n := count("adjust:" + rid); n != 1 {
			t.Errorf("adjustment %s, answered before the kill, is in the ledger %d times", rid, n)
		}
	}
	var orders, settled int
	if err := d.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT reference) FROM ledger_transactions WHERE kind = $1`, "deposit").
		Scan(&orders, &settled); err != nil || orders != settled {
		t.Errorf("deposits: %d transactions for %d orders (%v)", orders, settled, err)
	}
	d.Close()
	if out, err := exec.Command(bin, append([]string{"audit"}, st.Args()...)...).CombinedOutput(); err != nil {
		t.Fatalf("gamehall audit after the crash: %v\n%s", err, out)
	}
}

type adjustment struct {
	account string
	amount  float64
}

var formToken = regexp.MustCompile(`name="form_token" value="([^"]+)"`)

// confirm opens a sandbox payment page and confirms it, as the payer.
func confirm(client *http.Client, base, payURL string) error {
	u, err := url.Parse(payURL)
	if err != nil {
		return err
	}
	res, err := client.Get(base + u.Path)
	if err != nil {
		return err
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := formToken.FindSubmatch(page)
	if m == nil {
		return fmt.Errorf("payment page without a form: HTTP %d", res.StatusCode)
	}
	res, err = client.PostForm(base+u.Path+"/confirm", url.Values{"form_token": {string(m[1])}})
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return fmt.Errorf("confirm: HTTP %d", res.StatusCode)
	}
	return nil
}

// admin posts an operator adjustment of amount to account.
func admin(client *http.Client, base, key, account, rid string, amount float64, into any) (int, error) {
	body := fmt.Sprintf(`{"amount": %.2f, "reason": "crash test", "request_id": %q}`, amount, rid)
	req, _ := http.NewRequest("POST", base+"/admin/sites/1/members/"+account+"/adjust", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var env struct {
		Code int             `json:"code"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		return 0, err
	}
	if into != nil && env.Code == 100 {
		return env.Code, json.Unmarshal(env.Data, into)
	}
	return env.Code, nil
}
