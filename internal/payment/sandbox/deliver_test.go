package sandbox_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/payment"
	"gamehall/internal/payment/sandbox"
)

func TestBackoff(t *testing.T) {
	want := []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 32 * time.Second,
		64 * time.Second, 128 * time.Second, 256 * time.Second, 5 * time.Minute, 5 * time.Minute}
	for i, w := range want {
		if got := sandbox.Backoff(i + 1); got != w {
			t.Errorf("Backoff(%d) = %v, want %v", i+1, got, w)
		}
	}
	if sandbox.Backoff(1000) != sandbox.RetryMax {
		t.Error("no cap")
	}
}

func TestRetryUntil200(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{})
		r.in.codes = []int{http.StatusInternalServerError, http.StatusAccepted}
		o := r.order(3_00, "USD", 2)
		r.choose(r.create(o), "confirm")
		if n := r.deliver(); n != 1 {
			t.Fatalf("first round sent %d", n)
		}
		if n := r.deliver(); n != 0 {
			t.Fatalf("retried before the backoff: %d", n)
		}
		r.clock.Add(sandbox.Backoff(1) - time.Millisecond)
		if n := r.deliver(); n != 0 {
			t.Fatalf("retried before the backoff: %d", n)
		}
		r.clock.Add(time.Millisecond)
		if n := r.deliver(); n != 1 { // 202 is not 200: again
			t.Fatalf("second round sent %d", n)
		}
		if s := callbackStates(t, d, payment.DepositNotice, o.OrderNo); s[0] != "queued" {
			t.Fatalf("after a 202: %v", s)
		}
		r.clock.Add(sandbox.Backoff(2))
		if n := r.deliver(); n != 1 {
			t.Fatalf("third round sent %d", n)
		}
		got := r.in.all()
		if len(got) == 3 {
			if _, err := verify(r.g, got[2]); err != nil {
				t.Fatalf("the retry is signed afresh: %v", err)
			}
		}
		r.clock.Add(24 * time.Hour)
		r.deliver()
		got = r.in.all()
		if len(got) != 3 {
			t.Fatalf("deliveries %d, want 3", len(got))
		}
		for _, g := range got[1:] {
			if !bytes.Equal(g.Body, got[0].Body) {
				t.Fatal("a retry changed the body")
			}
		}
		if s := callbackStates(t, d, payment.DepositNotice, o.OrderNo); len(s) != 1 || s[0] != "done" {
			t.Fatalf("callbacks %v", s)
		}
	})
}

func TestGiveUpAndPanickingReceiver(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{})
		r.in.panic.Store(true)
		o := r.order(3_00, "USD", 2)
		r.choose(r.create(o), "confirm")
		for range sandbox.MaxAttempts {
			if n := r.deliver(); n != 1 {
				t.Fatalf("round sent %d", n)
			}
			r.clock.Add(sandbox.RetryMax)
		}
		if n := r.deliver(); n != 0 {
			t.Fatalf("sent after MaxAttempts: %d", n)
		}
		if s := callbackStates(t, d, payment.DepositNotice, o.OrderNo); len(s) != 1 || s[0] != "failed" {
			t.Fatalf("callbacks %v", s)
		}
		// The outcome is still there for the reconciler.
		if n, _ := r.g.QueryOrder(ctx, o.OrderNo); n.Status != payment.Paid {
			t.Fatalf("query %s", n.Status)
		}
	})
}

func TestCallbackFaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		t.Run("drop", func(t *testing.T) {
			r := newRig(t, d, sandbox.Options{})
			r.setFaults(sandbox.Faults{DropCallbacks: true})
			o := r.order(4_00, "USD", 2)
			r.choose(r.create(o), "confirm")
			r.clock.Add(time.Hour)
			r.deliver()
			r.setFaults(sandbox.Faults{})
			r.clock.Add(time.Hour)
			r.deliver()
			if got := r.in.all(); len(got) != 0 {
				t.Fatalf("dropped callbacks delivered: %d", len(got))
			}
			if n, err := r.g.QueryOrder(ctx, o.OrderNo); err != nil || n.Status != payment.Paid || n.Amount != 4_00 {
				t.Fatalf("query %+v %v", n, err)
			}
			if s := callbackStates(t, d, payment.DepositNotice, o.OrderNo); len(s) != 1 || s[0] != "dropped" {
				t.Fatalf("callbacks %v", s)
			}
		})
		t.Run("duplicate", func(t *testing.T) {
			r := newRig(t, d, sandbox.Options{})
			r.setFaults(sandbox.Faults{DuplicateCallbacks: true})
			o := r.order(5_00, "USD", 2)
			r.choose(r.create(o), "confirm")
			r.deliver()
			got := r.in.all()
			if len(got) != 2 || !bytes.Equal(got[0].Body, got[1].Body) ||
				got[0].Header.Get(sandbox.HeaderSignature) != got[1].Header.Get(sandbox.HeaderSignature) {
				t.Fatalf("want two identical deliveries, got %d", len(got))
			}
			for _, g := range got {
				if n, err := verify(r.g, g); err != nil || n.OrderNo != o.OrderNo {
					t.Fatalf("duplicate %+v %v", n, err)
				}
			}
		})
		t.Run("order", func(t *testing.T) {
			for _, reversed := range []bool{false, true} {
				r := newRig(t, d, sandbox.Options{})
				r.setFaults(sandbox.Faults{OutOfOrder: reversed})
				var nos []string
				for range 3 {
					o := r.order(6_00, "USD", 2)
					r.choose(r.create(o), "confirm")
					nos = append(nos, o.OrderNo)
				}
				r.deliver()
				got := r.in.all()
				if len(got) != 3 {
					t.Fatalf("deliveries %d", len(got))
				}
				for i, g := range got {
					n, err := verify(r.g, g)
					want := nos[i]
					if reversed {
						want = nos[len(nos)-1-i]
					}
					if err != nil || n.OrderNo != want {
						t.Fatalf("reversed=%v: delivery %d is %s, want %s (%v)", reversed, i, n.OrderNo, want, err)
					}
				}
			}
		})
		t.Run("delay", func(t *testing.T) {
			r := newRig(t, d, sandbox.Options{})
			r.setFaults(sandbox.Faults{DelayCallbacksMS: 10_000})
			r.choose(r.create(r.order(7_00, "USD", 2)), "confirm")
			r.clock.Add(9 * time.Second)
			if n := r.deliver(); n != 0 {
				t.Fatalf("sent early: %d", n)
			}
			r.clock.Add(time.Second)
			if n := r.deliver(); n != 1 || len(r.in.all()) != 1 {
				t.Fatalf("sent %d", n)
			}
		})
	})
}

func (r *rig) setFaults(f sandbox.Faults) {
	r.t.Helper()
	if err := r.g.SetFaults(f); err != nil {
		r.t.Fatal(err)
	}
}

// Callbacks live in the database: a new gateway on it (a restart, or
// another node) delivers what was queued.
func TestRestartDeliversQueued(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		before := newRig(t, d, sandbox.Options{})
		o := before.order(8_00, "USD", 2)
		before.choose(before.create(o), "confirm")
		w := before.order(9_00, "USD", 2)
		if _, err := before.g.PayOut(ctx, payment.Payout{OrderNo: w.OrderNo, MemberID: 7, Currency: "USD", Amount: 9_00}); err != nil {
			t.Fatal(err)
		}

		after := newRig(t, d, sandbox.Options{})
		after.clock.Add(sandbox.DefaultPayoutDelay)
		after.deliver()
		got := after.in.all()
		if len(got) != 2 || len(before.in.all()) != 0 {
			t.Fatalf("after the restart: %d delivered", len(got))
		}
		kinds := map[payment.Kind]string{}
		for _, g := range got {
			n, err := verify(before.g, g)
			if err != nil {
				t.Fatal(err)
			}
			kinds[n.Kind] = n.OrderNo
		}
		if kinds[payment.DepositNotice] != o.OrderNo || kinds[payment.PayoutNotice] != w.OrderNo {
			t.Fatalf("delivered %v", kinds)
		}
	})
}

// Run delivers soon after a confirm, through a receiver shaped like the
// wallet's: read the raw body, verify, answer 200 ok.
func TestRunDeliversThroughTheHTTPPath(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		app := http.NewServeMux()
		notices := make(chan payment.Notice, 4)
		var g *sandbox.Gateway
		app.HandleFunc("POST /pay/callback/{code}", func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(r.Body)
			if err != nil || r.PathValue("code") != g.Code() {
				http.Error(w, "no", http.StatusBadRequest)
				return
			}
			n, err := g.VerifyCallback(r, body)
			if err != nil {
				http.Error(w, "refused", http.StatusUnauthorized)
				return
			}
			notices <- n
			_, _ = io.WriteString(w, "ok")
		})
		g = sandbox.New(d, sandbox.Options{Deliver: app, PayoutDelay: 20 * time.Millisecond, Log: slog.New(slog.DiscardHandler)})
		g.Routes(app, false)
		rctx, cancel := context.WithCancel(ctx)
		stopped := make(chan struct{})
		go func() { g.Run(rctx); close(stopped) }()
		defer func() { cancel(); <-stopped }()

		r := &rig{t: t, d: d, g: g, mux: app, clock: newClock(), in: &inbox{}}
		o := payment.Order{OrderNo: "RUN-1", MemberID: 1, Currency: "USD", Amount: 1_00, Exponent: 2, ExpiresAt: time.Now().Add(time.Hour)}
		r.choose(r.create(o), "confirm")
		if _, err := g.PayOut(ctx, payment.Payout{OrderNo: "RUN-W1", MemberID: 1, Currency: "USD", Amount: 50}); err != nil {
			t.Fatal(err)
		}
		seen := map[payment.Kind]payment.Status{}
		for len(seen) < 2 {
			select {
			case n := <-notices:
				seen[n.Kind] = n.Status
			case <-time.After(10 * time.Second):
				t.Fatalf("Run delivered only %v", seen)
			}
		}
		if seen[payment.DepositNotice] != payment.Paid || seen[payment.PayoutNotice] != payment.Paid {
			t.Fatalf("notices %v", seen)
		}
	})
}

func TestPayout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, decline := range []bool{false, true} {
			r := newRig(t, d, sandbox.Options{PayoutDelay: 5 * time.Second})
			r.setFaults(sandbox.Faults{DeclinePayouts: decline})
			p := payment.Payout{OrderNo: "W" + r.order(1, "USD", 2).OrderNo, MemberID: 9, Currency: "USD", Amount: 250_00,
				BankCode: "B1", AccountNo: "123", AccountName: "Ann"}
			first, err := r.g.PayOut(ctx, p)
			if err != nil || first.Status != payment.Pending || first.Kind != payment.PayoutNotice || first.GatewayRef == "" {
				t.Fatalf("payout %+v %v", first, err)
			}
			again, err := r.g.PayOut(ctx, p)
			if err != nil || again != first {
				t.Fatalf("again %+v %v, want %+v", again, err, first)
			}
			bigger := p
			bigger.Amount++
			if _, err := r.g.PayOut(ctx, bigger); !errors.Is(err, sandbox.ErrMismatch) {
				t.Fatalf("other amount: %v", err)
			}
			r.clock.Add(5*time.Second - time.Millisecond)
			if n := r.deliver(); n != 0 {
				t.Fatalf("completed early: %d", n)
			}
			if n, _ := r.g.QueryPayout(ctx, p.OrderNo); n.Status != payment.Pending {
				t.Fatalf("early query %s", n.Status)
			}
			r.clock.Add(time.Millisecond)
			if n := r.deliver(); n != 1 {
				t.Fatalf("completion sent %d", n)
			}
			want := payment.Paid
			if decline {
				want = payment.Declined
			}
			got := r.in.all()
			n, err := verify(r.g, got[0])
			if err != nil || n.Kind != payment.PayoutNotice || n.Status != want || n.OrderNo != p.OrderNo ||
				n.Amount != 250_00 || n.GatewayRef != first.GatewayRef {
				t.Fatalf("callback %+v %v", n, err)
			}
			q, err := r.g.QueryPayout(ctx, p.OrderNo)
			if err != nil || q.Status != want || !q.At.Equal(n.At) {
				t.Fatalf("query %+v %v", q, err)
			}
			// Asked again after it completed: its state, no second payout.
			if n, err := r.g.PayOut(ctx, p); err != nil || n.Status != want {
				t.Fatalf("after completion %+v %v", n, err)
			}
			r.clock.Add(time.Hour)
			r.deliver()
			if len(r.in.all()) != 1 {
				t.Fatalf("deliveries %d", len(r.in.all()))
			}
			var count int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM pay_sandbox_orders WHERE kind = 'payout' AND order_no = $1`, p.OrderNo).Scan(&count); err != nil || count != 1 {
				t.Fatalf("payout rows %d %v", count, err)
			}
		}
		r := newRig(t, d, sandbox.Options{})
		if n, err := r.g.QueryPayout(ctx, "never"); err != nil || n.Status != payment.Unknown || n.Kind != payment.PayoutNotice {
			t.Fatalf("unknown payout %+v %v", n, err)
		}
		if _, err := r.g.PayOut(ctx, payment.Payout{OrderNo: "W-bad", Currency: "USD"}); !errors.Is(err, sandbox.ErrInvalid) {
			t.Fatalf("zero payout: %v", err)
		}
	})
}

func TestUnavailable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{})
		o := r.order(1_00, "USD", 2)
		p := payment.Payout{OrderNo: "W-" + o.OrderNo, MemberID: 7, Currency: "USD", Amount: 1_00}
		r.setFaults(sandbox.Faults{UnavailableCreateOrder: true, UnavailableQueryOrder: true, UnavailablePayOut: true, UnavailableQueryPayout: true})
		calls := map[string]func() error{
			"create order": func() error { _, err := r.g.CreateOrder(ctx, o); return err },
			"query order":  func() error { _, err := r.g.QueryOrder(ctx, o.OrderNo); return err },
			"pay out":      func() error { _, err := r.g.PayOut(ctx, p); return err },
			"query payout": func() error { _, err := r.g.QueryPayout(ctx, p.OrderNo); return err },
		}
		for name, call := range calls {
			if err := call(); !errors.Is(err, payment.ErrUnavailable) {
				t.Errorf("%s: %v", name, err)
			}
		}
		r.setFaults(sandbox.Faults{})
		if n, _ := r.g.QueryOrder(ctx, o.OrderNo); n.Status != payment.Unknown {
			t.Fatalf("a time-out before the write made the order: %s", n.Status)
		}
		if n, _ := r.g.QueryPayout(ctx, p.OrderNo); n.Status != payment.Unknown {
			t.Fatalf("a time-out before the write made the payout: %s", n.Status)
		}
		// After the write: the call took effect and its answer was lost.
		r.setFaults(sandbox.Faults{UnavailableCreateOrder: true, UnavailablePayOut: true, UnavailableAfterWrite: true})
		for name, call := range map[string]func() error{"create order": calls["create order"], "pay out": calls["pay out"]} {
			if err := call(); !errors.Is(err, payment.ErrUnavailable) {
				t.Errorf("%s after write: %v", name, err)
			}
		}
		r.setFaults(sandbox.Faults{})
		if n, _ := r.g.QueryOrder(ctx, o.OrderNo); n.Status != payment.Pending {
			t.Fatalf("order after a lost answer: %s", n.Status)
		}
		if n, _ := r.g.QueryPayout(ctx, p.OrderNo); n.Status != payment.Pending {
			t.Fatalf("payout after a lost answer: %s", n.Status)
		}
		c, err := r.g.CreateOrder(ctx, o)
		if err != nil || c.PayURL == "" {
			t.Fatalf("retry after a lost answer: %v", err)
		}
	})
}

func TestFaultsEndpoint(t *testing.T) {
	d := dbtest.SQLite(t)
	r := newRig(t, d, sandbox.Options{})
	post := func(mux *http.ServeMux, body string) (int, string) {
		req, _ := http.NewRequest("POST", "/pay/sandbox/_faults", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		return w.Code, w.Body.String()
	}
	if code, body := post(r.mux, `{"drop_callbacks":true,"delay_callbacks_ms":1500,"decline_payouts":true}`); code != 200 {
		t.Fatalf("post: %d %s", code, body)
	} else {
		var f sandbox.Faults
		if err := json.Unmarshal([]byte(body), &f); err != nil || f != r.g.Faults() {
			t.Fatalf("answer %s", body)
		}
	}
	if f := r.g.Faults(); !f.DropCallbacks || f.DelayCallbacksMS != 1500 || !f.DeclinePayouts {
		t.Fatalf("faults %+v", f)
	}
	for _, bad := range []string{`{"drop":true}`, `{"delay_callbacks_ms":-1}`, `{"delay_callbacks_ms":3600001}`, `[]`, `{} {}`, `nope`} {
		if code, _ := post(r.mux, bad); code != http.StatusBadRequest {
			t.Errorf("%s: %d", bad, code)
		}
	}
	if code, _ := post(r.mux, `{}`); code != 200 || r.g.Faults() != (sandbox.Faults{}) {
		t.Fatalf("reset: %d %+v", code, r.g.Faults())
	}
	prod := http.NewServeMux()
	r.g.Routes(prod, false)
	if code, _ := post(prod, `{"drop_callbacks":true}`); code == 200 || r.g.Faults().DropCallbacks {
		t.Fatalf("faults switchable without --dev: %d", code)
	}
}
