package remote_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/provider"
	"gamehall/internal/provider/remote"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/wallet"
)

// The client's time-out is generous (a loaded machine runs these tests);
// a slow answer comes well after it.
const (
	testTimeout = 2 * time.Second
	slowDelay   = 3 * time.Second
)

// env is the platform's wallet against a running sandbox provider.
type env struct {
	d      *db.DB
	sb     *remote.Sandbox
	reg    *provider.Registry
	ledger *ledger.Ledger
	svc    *wallet.Service
	m      wallet.Member
	player provider.Player
	offset atomic.Int64 // the platform's clock runs ahead by this much
}

func setup(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
		t.Fatal(err)
	}
	e := &env{d: d}
	sb, err := remote.Start(d, remote.StartOptions{Addr: "127.0.0.1:0", Timeout: testTimeout, SlowDelay: slowDelay})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	e.sb = sb
	e.reg = provider.NewRegistry(sb.Client)
	e.ledger = ledger.New(d, time.Now, nil)
	now := func() time.Time { return time.Now().Add(time.Duration(e.offset.Load())) }
	e.svc = wallet.NewService(wallet.Deps{DB: d, Ledger: e.ledger, Sites: site.NewService(site.NewStore(d), false, 0, nil, time.Now),
		Providers: e.reg, Now: now, Log: slog.New(slog.DiscardHandler)})
	var id int64
	if err := d.QueryRowContext(ctx, `SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&id); err != nil {
		t.Fatal(err)
	}
	e.m = wallet.Member{SiteID: 1, ID: id, Currency: "USD"}
	e.player = provider.Player{SiteID: 1, MemberID: id, Currency: "USD", Exponent: 2}
	return e
}

func (e *env) main(t *testing.T) int64 {
	t.Helper()
	b, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Main, MemberID: e.m.ID}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// wallet is the member's GP002 wallet as the ledger holds it.
func (e *env) wallet(t *testing.T) int64 {
	t.Helper()
	b, err := e.ledger.Balance(context.Background(), ledger.Account{Kind: ledger.Provider, MemberID: e.m.ID,
		Provider: remote.ProviderCode}, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// remoteBalance is what the provider itself holds.
func (e *env) remoteBalance(t *testing.T) int64 {
	t.Helper()
	b, err := e.sb.Client.Balance(context.Background(), e.player)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (e *env) faults(t *testing.T, f remote.Faults) {
	t.Helper()
	if err := e.sb.SetFaults(context.Background(), remote.ProviderCode, f); err != nil {
		t.Fatal(err)
	}
}

// reconcile runs the reconciler once the pending transfers are past its grace.
func (e *env) reconcile(t *testing.T) {
	t.Helper()
	e.offset.Add(int64(2 * time.Minute))
	if err := e.svc.ReconcileTransfers(context.Background(), e.reg.Wallet); err != nil {
		t.Fatal(err)
	}
}

func (e *env) pending(t *testing.T) int {
	t.Helper()
	var n int
	if err := e.d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM provider_transfers WHERE status = 'pending'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (e *env) auditClean(t *testing.T, step string) {
	t.Helper()
	r, err := e.svc.Audit(context.Background())
	if err != nil || !r.Clean {
		t.Fatalf("%s: audit %v %v", step, r.Violations, err)
	}
}

// TestTransfersUnderEachFault: with each fault switched on, a transfer in
// and a transfer out end exactly once after the reconciler runs: the money
// is in exactly one place (main wallet or the provider, where the ledger
// and the provider agree), nothing stays pending and the audit, with the
// provider's own records, is clean.
func TestTransfersUnderEachFault(t *testing.T) {
	cases := []struct {
		name    string
		f       remote.Faults
		wantErr error
		applied bool // the provider applied the transfer
	}{
		{"slow answer", remote.Faults{Slow: true}, provider.ErrUnavailable, true},
		{"error", remote.Faults{Error: true}, provider.ErrUnavailable, false},
		{"reply lost", remote.Faults{LostReply: true}, provider.ErrUnavailable, true},
		{"maintenance", remote.Faults{Maintenance: true}, provider.ErrMaintenance, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				ctx := context.Background()
				e := setup(t, d)
				total := e.main(t)
				// A clean transfer first creates the player there.
				if n, err := e.svc.TransferIn(ctx, e.m, e.sb.Client, 200_00); err != nil || n != 200_00 {
					t.Fatalf("clean transfer in: %d %v", n, err)
				}
				e.auditClean(t, "clean transfer")

				e.faults(t, c.f)
				_, err := e.svc.TransferIn(ctx, e.m, e.sb.Client, 100_00)
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("transfer in under the fault: %v, want %v", err, c.wantErr)
				}
				if c.f.Slow {
					time.Sleep(slowDelay - testTimeout + 200*time.Millisecond) // the late answer's handler ends
				}
				e.faults(t, remote.Faults{})
				e.reconcile(t)
				e.reconcile(t) // a second pass changes nothing
				wantWallet := int64(200_00)
				if c.applied {
					wantWallet = 300_00
				}
				if e.pending(t) != 0 || e.wallet(t) != wantWallet || e.remoteBalance(t) != wantWallet ||
					e.main(t)+e.wallet(t) != total {
					t.Fatalf("after the transfer in: pending %d, wallet %d, at the provider %d, main %d (total %d)",
						e.pending(t), e.wallet(t), e.remoteBalance(t), e.main(t), total)
				}
				e.auditClean(t, "transfer in")

				e.faults(t, c.f)
				_, err = e.svc.TransferOut(ctx, e.m, e.sb.Client)
				if c.f.Maintenance {
					// The balance call is refused first: nothing is opened.
					if !errors.Is(err, provider.ErrMaintenance) {
						t.Fatalf("transfer out in maintenance: %v", err)
					}
				} else if !errors.Is(err, c.wantErr) {
					t.Fatalf("transfer out under the fault: %v", err)
				}
				if c.f.Slow {
					time.Sleep(slowDelay - testTimeout + 200*time.Millisecond)
				}
				e.faults(t, remote.Faults{})
				e.reconcile(t)
				e.reconcile(t)
				if c.applied {
					wantWallet = 0
				}
				if e.pending(t) != 0 || e.wallet(t) != wantWallet || e.remoteBalance(t) != wantWallet ||
					e.main(t)+e.wallet(t) != total {
					t.Fatalf("after the transfer out: pending %d, wallet %d, at the provider %d, main %d (total %d)",
						e.pending(t), e.wallet(t), e.remoteBalance(t), e.main(t), total)
				}
				e.auditClean(t, "transfer out")

				// Whatever happened, a fault-free leave brings everything home.
				if _, err := e.svc.TransferOut(ctx, e.m, e.sb.Client); err != nil {
					t.Fatal(err)
				}
				if e.main(t) != total || e.wallet(t) != 0 || e.remoteBalance(t) != 0 {
					t.Fatalf("after leaving: main %d of %d, wallet %d, at the provider %d", e.main(t), total, e.wallet(t),
						e.remoteBalance(t))
				}
				e.auditClean(t, "left")
			})
		})
	}
}

// racer is the sandbox's client as a platform sees it when maintenance
// starts between its first calls and the transfer: the player exists and
// the balance was read before.
type racer struct {
	*remote.Client
	balance int64
}

func (r racer) EnsurePlayer(context.Context, provider.Player) error     { return nil }
func (r racer) Balance(context.Context, provider.Player) (int64, error) { return r.balance, nil }

// TestMaintenanceRefusalSettlesAtOnce: a transfer the provider refuses for
// maintenance (recorded refused there) is settled failed at once, its
// money back where it came from, and the same order is never applied
// later.
func TestMaintenanceRefusalSettlesAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		total := e.main(t)
		if _, err := e.svc.TransferIn(ctx, e.m, e.sb.Client, 50_00); err != nil {
			t.Fatal(err)
		}
		e.faults(t, remote.Faults{Maintenance: true})
		p := racer{Client: e.sb.Client, balance: 50_00}
		if _, err := e.svc.TransferIn(ctx, e.m, p, 100_00); !errors.Is(err, provider.ErrMaintenance) {
			t.Fatalf("transfer in refused for maintenance: %v", err)
		}
		if _, err := e.svc.TransferOut(ctx, e.m, p); !errors.Is(err, provider.ErrMaintenance) {
			t.Fatalf("transfer out refused for maintenance: %v", err)
		}
		if e.pending(t) != 0 || e.main(t) != total-50_00 || e.wallet(t) != 50_00 {
			t.Fatalf("after the refusals: pending %d, main %d, wallet %d", e.pending(t), e.main(t), e.wallet(t))
		}
		e.faults(t, remote.Faults{})
		if e.remoteBalance(t) != 50_00 {
			t.Fatalf("at the provider: %d", e.remoteBalance(t))
		}
		e.auditClean(t, "refusals")
		res, err := e.sb.Client.TransferOut(ctx, provider.Transfer{OrderNo: "T-maint-1", Player: e.player, Amount: 50_00})
		if err != nil || res.Status != provider.TransferDone {
			t.Fatalf("a fresh order after maintenance: %+v %v", res, err)
		}
		e.faults(t, remote.Faults{Maintenance: true})
		res, err = e.sb.Client.TransferIn(ctx, provider.Transfer{OrderNo: "T-maint-2", Player: e.player, Amount: 50_00})
		if !errors.Is(err, provider.ErrMaintenance) || res.Status != provider.TransferFailed {
			t.Fatalf("maintenance refusal: %+v %v", res, err)
		}
		e.faults(t, remote.Faults{})
		res, err = e.sb.Client.TransferIn(ctx, provider.Transfer{OrderNo: "T-maint-2", Player: e.player, Amount: 50_00})
		if err != nil || res.Status != provider.TransferFailed || e.remoteBalance(t) != 0 {
			t.Fatalf("a refused order retried after maintenance: %+v %v, balance %d", res, err, e.remoteBalance(t))
		}
	})
}

// TestRetriedTransferMovesOnce: the same order number sent again, or many
// times at once, moves money once and answers the first outcome; an order
// the provider was asked about before it arrived is refused when it does.
func TestRetriedTransferMovesOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		// A patient client: twelve parallel sends under -race take a while.
		games, _ := remote.Lookup(remote.ProviderCode)
		c := remote.NewClient(e.sb.Addr(), remote.KeyOf(e.sb), games, 30*time.Second)
		if err := c.EnsurePlayer(ctx, e.player); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		results := make([]provider.TransferResult, 12)
		errs := make([]error, 12)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
				defer cancel()
				results[i], errs[i] = c.TransferIn(ctx, provider.Transfer{OrderNo: "T-retry-1", Player: e.player, Amount: 70_00})
			}()
		}
		wg.Wait()
		for i := range results {
			if errs[i] != nil || results[i].Status != provider.TransferDone || results[i].Balance != 70_00 {
				t.Fatalf("retry %d: %+v %v", i, results[i], errs[i])
			}
		}
		if b := e.remoteBalance(t); b != 70_00 {
			t.Fatalf("balance after 12 sends of one order: %d", b)
		}
		// Out twice under one number, the second with other content.
		for _, amt := range []int64{30_00, 60_00} {
			r, err := c.TransferOut(ctx, provider.Transfer{OrderNo: "T-retry-2", Player: e.player, Amount: amt})
			if err != nil || r.Status != provider.TransferDone || r.Balance != 40_00 {
				t.Fatalf("transfer out retried: %+v %v", r, err)
			}
		}
		// Asked about before it arrived: void, then refused.
		q, err := c.QueryTransfer(ctx, "T-late-1")
		if err != nil || q.Status != provider.TransferUnknown {
			t.Fatalf("query of an unseen order: %+v %v", q, err)
		}
		r, err := c.TransferIn(ctx, provider.Transfer{OrderNo: "T-late-1", Player: e.player, Amount: 10_00})
		if err != nil || r.Status != provider.TransferFailed || e.remoteBalance(t) != 40_00 {
			t.Fatalf("a late order after its query: %+v %v, balance %d", r, err, e.remoteBalance(t))
		}
		// An out above the wallet is refused.
		r, err = c.TransferOut(ctx, provider.Transfer{OrderNo: "T-big-1", Player: e.player, Amount: 41_00})
		if err != nil || r.Status != provider.TransferFailed {
			t.Fatalf("an out above the wallet: %+v %v", r, err)
		}
		// Through the platform: a transfer retried by the reconciler after a
		// lost reply is applied once.
		total := e.main(t) + e.wallet(t)
		e.faults(t, remote.Faults{LostReply: true})
		if _, err := e.svc.TransferIn(ctx, e.m, c, 25_00); !errors.Is(err, provider.ErrUnavailable) {
			t.Fatalf("lost reply: %v", err)
		}
		e.faults(t, remote.Faults{})
		for range 3 {
			e.reconcile(t)
		}
		if e.wallet(t) != 25_00 || e.main(t)+e.wallet(t) != total {
			t.Fatalf("after reconciling: wallet %d, main %d", e.wallet(t), e.main(t))
		}
	})
}

// post sends a raw request to ProviderCode's signed API.
func post(t *testing.T, base, path, ts, sig string, body []byte) (int, map[string]any) {
	t.Helper()
	return postTo(t, base, remote.ProviderCode, path, ts, sig, body)
}

// postTo sends a raw request to a provider code's signed API.
func postTo(t *testing.T, base, code, path, ts, sig string, body []byte) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/v1/"+code+"/"+path, bytes.NewReader(body))
	req.Header.Set(remote.HeaderTimestamp, ts)
	req.Header.Set(remote.HeaderSignature, sig)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

// TestSignatureRefused: a forged signature, a body changed after signing,
// a stale or future timestamp and a missing signature are refused (401)
// and apply nothing.
func TestSignatureRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		if err := e.sb.Client.EnsurePlayer(context.Background(), e.player); err != nil {
			t.Fatal(err)
		}
		body := []byte(fmt.Sprintf(`{"order_no":"T-sig-1","username":%q,"direction":"in","amount":100}`, remote.Username(e.player)))
		now := strconv.FormatInt(time.Now().Unix(), 10)
		stale := strconv.FormatInt(time.Now().Add(-10*time.Minute).Unix(), 10)
		future := strconv.FormatInt(time.Now().Add(10*time.Minute).Unix(), 10)
		forged := remote.Sign([]byte("not the key, not the key, not the key"), now, body)
		cases := []struct {
			name, ts, sig, msg string
			body               []byte
		}{
			{"forged key", now, forged, "bad signature", body},
			{"not hex", now, "zz", "bad signature", body},
			{"missing", now, "", "bad signature", body},
			{"stale timestamp", stale, e.sign(stale, body), "stale timestamp", body},
			{"future timestamp", future, e.sign(future, body), "stale timestamp", body},
			{"body changed", now, e.sign(now, body), "bad signature", bytes.Replace(body, []byte("100"), []byte("900"), 1)},
			{"timestamp changed", stale, e.sign(now, body), "bad signature", body},
		}
		for _, c := range cases {
			status, out := post(t, e.sb.Addr(), "transfers", c.ts, c.sig, c.body)
			if status != http.StatusUnauthorized || out["code"] != float64(401) || out["message"] != c.msg {
				t.Errorf("%s: HTTP %d %v", c.name, status, out)
			}
		}
		if b := e.remoteBalance(t); b != 0 {
			t.Fatalf("a refused request moved money: %d", b)
		}
		// The same body correctly signed passes.
		if status, out := post(t, e.sb.Addr(), "transfers", now, e.sign(now, body), body); status != 200 || out["code"] != float64(0) {
			t.Fatalf("signed request: HTTP %d %v", status, out)
		}
	})
}

// TestProviderCodesApart: each provider code the sandbox serves has its
// own key, wallets, order numbers and faults: a request signed for one code
// is refused by another, an unknown code is 404, the same order number
// moves money once per code, and one code's maintenance leaves the others
// open.
func TestProviderCodesApart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		var dragon *remote.Client
		for _, c := range e.sb.Clients {
			if c.Code() == "GP003" {
				dragon = c
			}
		}
		if dragon == nil || len(e.sb.Clients) != len(remote.Catalog()) {
			t.Fatalf("clients %v", e.sb.Codes())
		}
		body := []byte(fmt.Sprintf(`{"username":%q,"member_id":%d,"currency":"USD"}`, remote.Username(e.player), e.player.MemberID))
		now := strconv.FormatInt(time.Now().Unix(), 10)
		if status, out := postTo(t, e.sb.Addr(), "GP003", "players", now, e.sign(now, body), body); status != 401 || out["code"] != float64(401) {
			t.Fatalf("GP002's signature at GP003: HTTP %d %v", status, out)
		}
		if status, out := postTo(t, e.sb.Addr(), "GP404", "players", now, e.sign(now, body), body); status != 404 || out["code"] != float64(404) {
			t.Fatalf("unknown code: HTTP %d %v", status, out)
		}
		for _, c := range []*remote.Client{e.sb.Client, dragon} {
			if err := c.EnsurePlayer(ctx, e.player); err != nil {
				t.Fatal(err)
			}
		}
		in := func(c *remote.Client, amount int64) {
			t.Helper()
			r, err := c.TransferIn(ctx, provider.Transfer{OrderNo: "T-apart-1", Player: e.player, Amount: amount})
			if err != nil || r.Status != provider.TransferDone || r.Balance != amount {
				t.Fatalf("%s transfer in: %+v %v", c.Code(), r, err)
			}
		}
		in(e.sb.Client, 700)
		in(dragon, 300) // the same order number at another code is another transfer
		if b, err := dragon.Balance(ctx, e.player); err != nil || b != 300 {
			t.Fatalf("GP003 balance %d %v", b, err)
		}
		if b := e.remoteBalance(t); b != 700 {
			t.Fatalf("GP002 balance %d", b)
		}
		e.faults(t, remote.Faults{Maintenance: true})
		if _, err := e.sb.Client.Balance(ctx, e.player); !errors.Is(err, provider.ErrMaintenance) {
			t.Fatalf("GP002 in maintenance: %v", err)
		}
		if b, err := dragon.Balance(ctx, e.player); err != nil || b != 300 {
			t.Fatalf("GP003 while GP002 is in maintenance: %d %v", b, err)
		}
		if f, err := e.sb.Faults(ctx, "GP003"); err != nil || f.Maintenance {
			t.Fatalf("GP003 faults %+v %v", f, err)
		}
	})
}

// sign signs with the running sandbox's key, read back through a signed
// request the client makes (the key never leaves the process otherwise).
func (e *env) sign(ts string, body []byte) string {
	return remote.Sign(remote.KeyOf(e.sb), ts, body)
}

// TestGamePageRounds: a real-money session launched through the client
// plays rounds on the provider's wallet through the platform's proxy; a
// retried request id answers the stored round; the rounds are booked into
// the ledger by BookRounds and the audit holds. A demo session plays its
// own money and books nothing.
func TestGamePageRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		pages := httptest.NewServer(e.sb.Pages)
		defer pages.Close()
		if _, err := e.svc.TransferIn(ctx, e.m, e.sb.Client, 100_00); err != nil {
			t.Fatal(err)
		}
		u, err := e.sb.Client.LaunchURL(ctx, provider.Launch{Player: e.player, GameCode: "aur_northern_lights", LobbyURL: "/close"})
		if err != nil || !strings.HasPrefix(u, "/rgs/play/?") {
			t.Fatalf("launch: %q %v", u, err)
		}
		res, err := http.Get(pages.URL + u)
		if err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("page: %v %v", res, err)
		}
		res.Body.Close()
		token := sessionOf(t, u)
		play := func(path string, body map[string]any) map[string]any {
			t.Helper()
			raw, _ := json.Marshal(body)
			res, err := http.Post(pages.URL+"/rgs/api/"+path, "application/json", bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var out map[string]any
			_ = json.NewDecoder(res.Body).Decode(&out)
			return out
		}
		info := play("session", map[string]any{"session": token})
		data, _ := info["data"].(map[string]any)
		if info["code"] != float64(0) || data["balance"] != float64(100_00) || data["name"] != "Northern Lights" || data["demo"] != false {
			t.Fatalf("session: %v", info)
		}
		first := play("spin", map[string]any{"session": token, "request_id": "r1", "line_bet": 5})
		again := play("spin", map[string]any{"session": token, "request_id": "r1", "line_bet": 5})
		fd, _ := first["data"].(map[string]any)
		ad, _ := again["data"].(map[string]any)
		if first["code"] != float64(0) || fd["stake"] != float64(100) || fmt.Sprint(fd) != fmt.Sprint(ad) {
			t.Fatalf("spin and its retry: %v / %v", first, again)
		}
		for i := range 5 {
			if out := play("spin", map[string]any{"session": token, "request_id": fmt.Sprintf("r%d", i+2), "line_bet": 5}); out["code"] != float64(0) {
				t.Fatalf("spin %d: %v", i, out)
			}
		}
		if out := play("spin", map[string]any{"session": token, "request_id": "big", "line_bet": 100_000}); out["code"] != float64(402) {
			t.Fatalf("a stake above the wallet: %v", out)
		}
		e.faults(t, remote.Faults{Maintenance: true})
		if out := play("spin", map[string]any{"session": token, "request_id": "m", "line_bet": 5}); out["code"] != float64(203) {
			t.Fatalf("a spin in maintenance: %v", out)
		}
		e.faults(t, remote.Faults{})
		if err := e.svc.BookRounds(ctx, e.sb.Client); err != nil {
			t.Fatal(err)
		}
		if e.wallet(t) != e.remoteBalance(t) {
			t.Fatalf("booked wallet %d, provider %d", e.wallet(t), e.remoteBalance(t))
		}
		e.auditClean(t, "after rounds")
		// Leaving closes the session: no more rounds.
		if err := e.sb.Client.Leave(ctx, e.player); err != nil {
			t.Fatal(err)
		}
		if out := play("spin", map[string]any{"session": token, "request_id": "after", "line_bet": 5}); out["code"] != float64(404) {
			t.Fatalf("a spin after leaving: %v", out)
		}
		if n, err := e.svc.TransferOut(ctx, e.m, e.sb.Client); err != nil || e.wallet(t) != 0 || e.remoteBalance(t) != 0 {
			t.Fatalf("transfer out: %d %v", n, err)
		}
		e.auditClean(t, "left")

		// Demo: play money of the session itself, no rounds to book.
		du, err := e.sb.Client.StartDemo(ctx, provider.DemoLaunch{SiteID: 1, GameCode: "aur_pocket_gems", Currency: "USD", Exponent: 2})
		if err != nil {
			t.Fatal(err)
		}
		dtoken := sessionOf(t, du)
		dinfo := play("session", map[string]any{"session": dtoken})
		if dd, _ := dinfo["data"].(map[string]any); dd["demo"] != true || dd["balance"] != float64(2000_00) {
			t.Fatalf("demo session: %v", dinfo)
		}
		if out := play("spin", map[string]any{"session": dtoken, "request_id": "d1", "line_bet": 1}); out["code"] != float64(0) {
			t.Fatalf("demo spin: %v", out)
		}
		rounds, err := e.sb.Client.Rounds(ctx, 0, 100)
		if err != nil || len(rounds) != 6 || rounds[0].ID != 1 || rounds[5].ID != 6 || rounds[0].Stake != 100 {
			t.Fatalf("real-money rounds listed (the demo round is not): %+v %v", rounds, err)
		}
		e.auditClean(t, "demo")
	})
}

func sessionOf(t *testing.T, pageURL string) string {
	t.Helper()
	u, err := url.Parse(pageURL)
	if err != nil || u.Query().Get("session") == "" {
		t.Fatalf("page URL %q: %v", pageURL, err)
	}
	return u.Query().Get("session")
}

// TestServesTheSeededHalls: the sandbox serves exactly the seeded games of
// the providers it serves, and every seeded third-party game belongs to one
// of them, so every tile of the demo lobby launches.
func TestServesTheSeededHalls(t *testing.T) {
	d := dbtest.SQLite(t)
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	rows, err := d.QueryContext(context.Background(), `SELECT p.code, g.game_code FROM games g JOIN providers p ON p.id = g.provider_id
		WHERE p.house = FALSE`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seeded := map[string]map[string]bool{}
	for rows.Next() {
		var code, game string
		if err := rows.Scan(&code, &game); err != nil {
			t.Fatal(err)
		}
		if seeded[code] == nil {
			seeded[code] = map[string]bool{}
		}
		seeded[code][game] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	served := 0
	for _, p := range remote.Catalog() {
		for code := range p.Games {
			if !seeded[p.Code][code] {
				t.Errorf("%s serves %s, which is not seeded", p.Code, code)
			}
		}
		served += len(p.Games)
	}
	n := 0
	for gp, games := range seeded {
		p, ok := remote.Lookup(gp)
		for code := range games {
			n++
			if !ok || !p.Has(code) {
				t.Errorf("seeded %s of %s is not served", code, gp)
			}
		}
	}
	if n != served {
		t.Fatalf("%d seeded third-party games, %d served", n, served)
	}
}
