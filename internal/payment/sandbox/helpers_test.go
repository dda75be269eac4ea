package sandbox_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/payment"
	"gamehall/internal/payment/sandbox"
	"gamehall/internal/testutil/testclock"
)

func newClock() *testclock.Clock { return testclock.New(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)) }

// delivery is one callback as the receiver saw it.
type delivery struct {
	Path   string
	Header http.Header
	Body   []byte
}

// inbox records callbacks and answers the scripted codes, then 200.
type inbox struct {
	mu    sync.Mutex
	got   []delivery
	codes []int
	panic atomic.Bool
}

func (in *inbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if in.panic.Load() {
		panic("receiver broke")
	}
	body, _ := io.ReadAll(r.Body)
	in.mu.Lock()
	in.got = append(in.got, delivery{Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	code := http.StatusOK
	if len(in.codes) > 0 {
		code, in.codes = in.codes[0], in.codes[1:]
	}
	in.mu.Unlock()
	w.WriteHeader(code)
	_, _ = io.WriteString(w, "ok")
}

func (in *inbox) all() []delivery {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]delivery(nil), in.got...)
}

// rig is a gateway with its routes on a mux, a clock and an inbox.
type rig struct {
	t     *testing.T
	d     *db.DB
	g     *sandbox.Gateway
	mux   *http.ServeMux
	clock *testclock.Clock
	in    *inbox
}

func newRig(t *testing.T, d *db.DB, opts sandbox.Options) *rig {
	t.Helper()
	r := &rig{t: t, d: d, clock: newClock(), in: &inbox{}}
	if opts.Deliver == nil {
		opts.Deliver = r.in
	}
	if opts.Now == nil {
		opts.Now = r.clock.Now
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	r.g = sandbox.New(d, opts)
	r.mux = http.NewServeMux()
	r.g.Routes(r.mux, true)
	return r
}

var ctx = context.Background()

var orderSeq atomic.Int64

func (r *rig) order(amount int64, currency string, exp int) payment.Order {
	return payment.Order{
		OrderNo: fmt.Sprintf("D%06d", orderSeq.Add(1)), MemberID: 7, Currency: currency, Amount: amount,
		Exponent: exp, ReturnURL: "/user/Deposit", ExpiresAt: r.clock.Now().Add(15 * time.Minute),
	}
}

// create registers o and answers its page token.
func (r *rig) create(o payment.Order) string {
	r.t.Helper()
	c, err := r.g.CreateOrder(ctx, o)
	if err != nil {
		r.t.Fatalf("create order: %v", err)
	}
	_, token, ok := strings.Cut(c.PayURL, "/pay/sandbox/")
	if !ok || len(token) != 64 {
		r.t.Fatalf("pay url %q", c.PayURL)
	}
	return token
}

func (r *rig) do(method, target string, form url.Values) *httptest.ResponseRecorder {
	r.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, target, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	w := httptest.NewRecorder()
	r.mux.ServeHTTP(w, req)
	return w
}

var formTokenRE = regexp.MustCompile(`name="form_token" value="([0-9a-f]+)"`)

// formToken reads the form token off the pending page.
func (r *rig) formToken(token string) string {
	r.t.Helper()
	w := r.do("GET", "/pay/sandbox/"+token, nil)
	m := formTokenRE.FindStringSubmatch(w.Body.String())
	if w.Code != http.StatusOK || m == nil {
		r.t.Fatalf("page: %d %s", w.Code, w.Body)
	}
	return m[1]
}

// choose posts the page's form (confirm or decline) and answers the status.
func (r *rig) choose(token, choice string) int {
	r.t.Helper()
	ft := r.formToken(token)
	return r.do("POST", "/pay/sandbox/"+token+"/"+choice, url.Values{"form_token": {ft}}).Code
}

func (r *rig) deliver() int {
	r.t.Helper()
	n, err := r.g.DeliverDue(ctx)
	if err != nil {
		r.t.Fatalf("deliver: %v", err)
	}
	return n
}

// verify authenticates a recorded callback with gateway g.
func verify(g *sandbox.Gateway, d delivery) (payment.Notice, error) {
	req := httptest.NewRequest("POST", d.Path, strings.NewReader(string(d.Body)))
	req.Header = d.Header.Clone()
	return g.VerifyCallback(req, d.Body)
}

// callbackStates are the states of an order's queued callbacks.
func callbackStates(t *testing.T, d *db.DB, kind payment.Kind, orderNo string) []string {
	t.Helper()
	rows, err := d.QueryContext(ctx, `SELECT c.status FROM pay_sandbox_callbacks c JOIN pay_sandbox_orders o
		ON o.id = c.order_id WHERE o.kind = $1 AND o.order_no = $2 ORDER BY c.id`, string(kind), orderNo)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}
