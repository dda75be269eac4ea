package sandbox_test

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/payment"
	"gamehall/internal/payment/sandbox"
)

func TestFormatAmount(t *testing.T) {
	for _, c := range []struct {
		minor int64
		exp   int
		want  string
	}{
		{100000, 2, "1,000.00"}, {50000, 0, "50,000"}, {5, 2, "0.05"}, {123456789, 2, "1,234,567.89"},
		{999, 0, "999"}, {1000, 0, "1,000"}, {-123456, 2, "-1,234.56"}, {1, 3, "0.001"},
	} {
		if got := sandbox.FormatAmount(c.minor, c.exp); got != c.want {
			t.Errorf("FormatAmount(%d, %d) = %q, want %q", c.minor, c.exp, got, c.want)
		}
	}
}

func TestHostedPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{Merchant: "Demo Casino"})
		usd := r.order(1000_00, "USD", 2)
		token := r.create(usd)
		page := r.do("GET", "/pay/sandbox/"+token, nil)
		body := page.Body.String()
		if page.Code != 200 || !strings.Contains(body, "1,000.00 USD") || !strings.Contains(body, usd.OrderNo) ||
			!strings.Contains(body, "Demo Casino") {
			t.Fatalf("page %d:\n%s", page.Code, body)
		}
		if !strings.Contains(body, `action="/pay/sandbox/`+token+`/confirm"`) || !strings.Contains(body, `action="/pay/sandbox/`+token+`/decline"`) {
			t.Fatalf("forms missing:\n%s", body)
		}
		if h := page.Header(); h.Get("Cache-Control") != "no-store" || h.Get("Referrer-Policy") != "no-referrer" ||
			!strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Fatalf("headers %v", h)
		}
		for _, outside := range []string{"<script", "http://", "https://", "<link", "src="} {
			if strings.Contains(body, outside) {
				t.Errorf("page holds %q: not self-contained", outside)
			}
		}
		if strings.Contains(body, `href="/user/Deposit"`) {
			t.Error("pending page already links back")
		}
		vnd := r.create(r.order(50000, "VND", 0))
		if b := r.do("GET", "/pay/sandbox/"+vnd, nil).Body.String(); !strings.Contains(b, "50,000 VND") {
			t.Fatalf("VND page:\n%s", b)
		}

		// The form token is required and must be the order's.
		for name, form := range map[string]url.Values{
			"none": {}, "empty": {"form_token": {""}}, "wrong": {"form_token": {strings.Repeat("0", 32)}},
		} {
			if w := r.do("POST", "/pay/sandbox/"+token+"/confirm", form); w.Code != http.StatusForbidden {
				t.Errorf("confirm with %s form token: %d", name, w.Code)
			}
		}
		otherForm := r.formToken(vnd)
		if w := r.do("POST", "/pay/sandbox/"+token+"/confirm", url.Values{"form_token": {otherForm}}); w.Code != http.StatusForbidden {
			t.Errorf("confirm with another order's form token: %d", w.Code)
		}
		if n, _ := r.g.QueryOrder(ctx, usd.OrderNo); n.Status != payment.Pending {
			t.Fatalf("refused forms changed the order: %s", n.Status)
		}

		// Confirm: one callback, paid, verifiable.
		ft := r.formToken(token)
		w := r.do("POST", "/pay/sandbox/"+token+"/confirm", url.Values{"form_token": {ft}})
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/pay/sandbox/"+token {
			t.Fatalf("confirm: %d %v", w.Code, w.Header())
		}
		r.deliver()
		got := r.in.all()
		if len(got) != 1 {
			t.Fatalf("deliveries after confirm: %d", len(got))
		}
		n, err := verify(r.g, got[0])
		if err != nil || n.Status != payment.Paid || n.OrderNo != usd.OrderNo || n.Amount != 1000_00 {
			t.Fatalf("callback %+v %v", n, err)
		}
		done := r.do("GET", "/pay/sandbox/"+token, nil)
		if b := done.Body.String(); done.Code != 200 || !strings.Contains(b, "Payment confirmed") ||
			!strings.Contains(b, `href="/user/Deposit"`) || strings.Contains(b, "<form") {
			t.Fatalf("after confirm %d:\n%s", done.Code, b)
		}

		// A second confirm changes nothing; decline after confirm is refused.
		if w := r.do("POST", "/pay/sandbox/"+token+"/confirm", url.Values{"form_token": {ft}}); w.Code != http.StatusSeeOther {
			t.Fatalf("second confirm: %d", w.Code)
		}
		if w := r.do("POST", "/pay/sandbox/"+token+"/decline", url.Values{"form_token": {ft}}); w.Code != http.StatusConflict {
			t.Fatalf("decline after confirm: %d", w.Code)
		}
		r.clock.Add(time.Hour)
		r.deliver()
		if got := r.in.all(); len(got) != 1 {
			t.Fatalf("deliveries after repeats: %d", len(got))
		}
		if n, _ := r.g.QueryOrder(ctx, usd.OrderNo); n.Status != payment.Paid {
			t.Fatalf("after repeats: %s", n.Status)
		}
		if s := callbackStates(t, d, payment.DepositNotice, usd.OrderNo); len(s) != 1 || s[0] != "done" {
			t.Fatalf("callbacks %v", s)
		}
	})
}

func TestDeclineAndExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{})
		o := r.order(20_00, "USD", 2)
		token := r.create(o)
		if code := r.choose(token, "decline"); code != http.StatusSeeOther {
			t.Fatalf("decline: %d", code)
		}
		r.deliver()
		got := r.in.all()
		if len(got) != 1 {
			t.Fatalf("deliveries %d", len(got))
		}
		if n, err := verify(r.g, got[0]); err != nil || n.Status != payment.Declined || n.OrderNo != o.OrderNo {
			t.Fatalf("declined callback %+v %v", n, err)
		}
		if w := r.do("GET", "/pay/sandbox/"+token, nil); !strings.Contains(w.Body.String(), "Payment declined") {
			t.Fatalf("after decline:\n%s", w.Body)
		}
		ft := formTokenOf(t, d, o.OrderNo)
		if w := r.do("POST", "/pay/sandbox/"+token+"/confirm", url.Values{"form_token": {ft}}); w.Code != http.StatusConflict {
			t.Fatalf("confirm after decline: %d", w.Code)
		}

		// Unknown and malformed tokens are 404; an expired page 410, and
		// its forms too, and the query says it can never be paid.
		for _, p := range []string{strings.Repeat("ab", 32), "short", strings.Repeat("AB", 32), strings.Repeat("g", 64)} {
			if w := r.do("GET", "/pay/sandbox/"+p, nil); w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "not found") {
				t.Errorf("GET token %q: %d", p, w.Code)
			}
			if w := r.do("POST", "/pay/sandbox/"+p+"/confirm", url.Values{"form_token": {ft}}); w.Code != http.StatusNotFound {
				t.Errorf("POST token %q: %d", p, w.Code)
			}
		}
		late := r.order(30_00, "USD", 2)
		lateToken := r.create(late)
		lateForm := r.formToken(lateToken)
		r.clock.Add(15 * time.Minute)
		if w := r.do("GET", "/pay/sandbox/"+lateToken, nil); w.Code != http.StatusGone || strings.Contains(w.Body.String(), "<form") {
			t.Fatalf("expired page: %d", w.Code)
		}
		if w := r.do("POST", "/pay/sandbox/"+lateToken+"/confirm", url.Values{"form_token": {lateForm}}); w.Code != http.StatusGone {
			t.Fatalf("expired confirm: %d", w.Code)
		}
		if n, err := r.g.QueryOrder(ctx, late.OrderNo); err != nil || n.Status != payment.Declined {
			t.Fatalf("expired order query: %+v %v", n, err)
		}
		r.deliver()
		if got := r.in.all(); len(got) != 1 {
			t.Fatalf("an expired order sent a callback: %d", len(got))
		}
	})
}

func formTokenOf(t *testing.T, d *db.DB, orderNo string) string {
	t.Helper()
	var ft string
	if err := d.QueryRowContext(ctx, `SELECT form_token FROM pay_sandbox_orders WHERE kind = 'deposit' AND order_no = $1`, orderNo).Scan(&ft); err != nil {
		t.Fatal(err)
	}
	return ft
}

func TestPageEscapesAndNeverRedirectsAway(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{Merchant: `<b>"Casino"</b>`})
		o := r.order(1_00, "USD", 2)
		o.OrderNo = `<script>alert(1)</script>`
		o.Currency = `U<i>SD`
		o.ReturnURL = `/user/Deposit?x="><script>alert(2)</script>`
		token := r.create(o)
		b := r.do("GET", "/pay/sandbox/"+token, nil).Body.String()
		if strings.Contains(b, "<script") || strings.Contains(b, "<b>") || strings.Contains(b, "<i>") {
			t.Fatalf("unescaped:\n%s", b)
		}
		if !strings.Contains(b, "&lt;script&gt;alert(1)&lt;/script&gt;") || !strings.Contains(b, "&lt;b&gt;&#34;Casino&#34;&lt;/b&gt;") {
			t.Fatalf("escaped text missing:\n%s", b)
		}
		r.choose(token, "confirm")
		b = r.do("GET", "/pay/sandbox/"+token, nil).Body.String()
		if strings.Contains(b, "<script") || !strings.Contains(b, `href="/user/Deposit?x=%22%3e%3cscript%3ealert%282%29%3c/script%3e"`) {
			t.Fatalf("return link:\n%s", b)
		}

		for _, away := range []string{"https://evil.example/", "//evil.example/x", `/\evil.example`, "javascript:alert(1)",
			"evil.example", "/ok\r\nLocation: x", ""} {
			o := r.order(1_00, "USD", 2)
			o.ReturnURL = away
			token := r.create(o)
			r.choose(token, "confirm")
			b := r.do("GET", "/pay/sandbox/"+token, nil).Body.String()
			if strings.Contains(b, "<a ") {
				t.Errorf("return url %q linked:\n%s", away, b)
			}
		}
	})
}

func TestCreateOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{BaseURL: "https://pay.example/"})
		o := r.order(10_00, "USD", 2)
		first, err := r.g.CreateOrder(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(first.PayURL, "https://pay.example/pay/sandbox/") || first.GatewayRef == "" {
			t.Fatalf("checkout %+v", first)
		}
		again, err := r.g.CreateOrder(ctx, o)
		if err != nil || again != first {
			t.Fatalf("again: %+v %v, want %+v", again, err, first)
		}
		// Another node of the database answers the same checkout.
		other := sandbox.New(d, sandbox.Options{Now: r.clock.Now, BaseURL: "https://pay.example"})
		if c, err := other.CreateOrder(ctx, o); err != nil || c != first {
			t.Fatalf("other node: %+v %v", c, err)
		}
		for name, change := range map[string]func(*payment.Order){
			"amount":   func(o *payment.Order) { o.Amount++ },
			"currency": func(o *payment.Order) { o.Currency = "EUR" },
			"member":   func(o *payment.Order) { o.MemberID++ },
		} {
			c := o
			change(&c)
			if _, err := r.g.CreateOrder(ctx, c); !errors.Is(err, sandbox.ErrMismatch) {
				t.Errorf("other %s: %v", name, err)
			}
		}
		if n, err := r.g.QueryOrder(ctx, o.OrderNo); err != nil || n.Status != payment.Pending || n.GatewayRef != first.GatewayRef ||
			n.Amount != 10_00 || n.Kind != payment.DepositNotice {
			t.Fatalf("query %+v %v", n, err)
		}
		if n, err := r.g.QueryOrder(ctx, "never-seen"); err != nil || n.Status != payment.Unknown || n.OrderNo != "never-seen" {
			t.Fatalf("unknown %+v %v", n, err)
		}
		// One order number may be a deposit and a payout: kinds are apart.
		if n, err := r.g.QueryPayout(ctx, o.OrderNo); err != nil || n.Status != payment.Unknown {
			t.Fatalf("payout of a deposit's number: %+v %v", n, err)
		}
		for name, change := range map[string]func(*payment.Order){
			"no number":       func(o *payment.Order) { o.OrderNo = "" },
			"long number":     func(o *payment.Order) { o.OrderNo = strings.Repeat("x", 65) },
			"control char":    func(o *payment.Order) { o.OrderNo = "a\x00b" },
			"zero amount":     func(o *payment.Order) { o.Amount = 0 },
			"negative amount": func(o *payment.Order) { o.Amount = -1 },
			"no currency":     func(o *payment.Order) { o.Currency = "" },
			"exponent":        func(o *payment.Order) { o.Exponent = 9 },
			"expired":         func(o *payment.Order) { o.ExpiresAt = r.clock.Now() },
		} {
			c := r.order(1, "USD", 2)
			change(&c)
			if _, err := r.g.CreateOrder(ctx, c); !errors.Is(err, sandbox.ErrInvalid) {
				t.Errorf("%s: %v", name, err)
			}
		}
		// No expiry given: the page lives DefaultOrderTTL.
		o2 := r.order(1, "USD", 2)
		o2.ExpiresAt = time.Time{}
		token := r.create(o2)
		r.clock.Add(sandbox.DefaultOrderTTL - time.Second)
		if w := r.do("GET", "/pay/sandbox/"+token, nil); w.Code != 200 {
			t.Fatalf("before the default expiry: %d", w.Code)
		}
		r.clock.Add(time.Second)
		if w := r.do("GET", "/pay/sandbox/"+token, nil); w.Code != http.StatusGone {
			t.Fatalf("at the default expiry: %d", w.Code)
		}
	})
}

// Fifty payers pressing Confirm at once change the order once and queue
// one callback.
func TestConcurrentConfirms(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d, sandbox.Options{})
		o := r.order(77_00, "USD", 2)
		token := r.create(o)
		ft := r.formToken(token)
		var wg sync.WaitGroup
		codes := make([]int, 50)
		for i := range codes {
			wg.Go(func() {
				codes[i] = r.do("POST", "/pay/sandbox/"+token+"/confirm", url.Values{"form_token": {ft}}).Code
			})
		}
		wg.Wait()
		for i, c := range codes {
			if c != http.StatusSeeOther {
				t.Errorf("confirm %d: %d", i, c)
			}
		}
		if s := callbackStates(t, d, payment.DepositNotice, o.OrderNo); len(s) != 1 || s[0] != "queued" {
			t.Fatalf("queued callbacks %v", s)
		}
		r.deliver()
		if got := r.in.all(); len(got) != 1 {
			t.Fatalf("deliveries %d", len(got))
		}
	})
}
