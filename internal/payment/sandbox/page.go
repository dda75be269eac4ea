package sandbox

import (
	"crypto/subtle"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"gamehall/internal/db"
	"gamehall/internal/money"
	"gamehall/internal/payment"
)

// pagePath prefixes a deposit's hosted page; the rest is its token.
const pagePath = "/pay/sandbox/"

// Routes registers the hosted page on mux: GET /pay/sandbox/{token} and its
// forms POST /pay/sandbox/{token}/confirm and /decline; with dev also
// GET and POST /pay/sandbox/_faults.
func (g *Gateway) Routes(mux *http.ServeMux, dev bool) {
	mux.HandleFunc("GET "+pagePath+"{token}", g.page)
	mux.HandleFunc("POST "+pagePath+"{token}/confirm", func(w http.ResponseWriter, r *http.Request) {
		g.choose(w, r, payment.Paid)
	})
	mux.HandleFunc("POST "+pagePath+"{token}/decline", func(w http.ResponseWriter, r *http.Request) {
		g.choose(w, r, payment.Declined)
	})
	if dev {
		mux.HandleFunc("GET "+pagePath+"_faults", g.faultsHandler)
		mux.HandleFunc("POST "+pagePath+"_faults", g.faultsHandler)
	}
}

// page shows the order with its Confirm and Decline forms while it is
// pending, else its outcome.
func (g *Gateway) page(w http.ResponseWriter, r *http.Request) {
	o, ok := g.load(w, r)
	if !ok {
		return
	}
	switch {
	case o.Status == payment.Pending && o.expired(g.now()):
		g.render(w, http.StatusGone, g.view(o, "Payment expired", "This payment page has expired. Nothing was charged; start a new deposit."))
	case o.Status == payment.Pending:
		v := g.view(o, "Confirm your payment", "")
		v.Token, v.FormToken, v.Pending = r.PathValue("token"), o.FormToken, true
		g.render(w, http.StatusOK, v)
	default:
		g.render(w, http.StatusOK, g.outcome(o))
	}
}

// choose applies the payer's choice once; repeating it changes nothing and
// shows the outcome; the other choice after it is refused.
func (g *Gateway) choose(w http.ResponseWriter, r *http.Request, to payment.Status) {
	o, ok := g.load(w, r)
	if !ok {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	sent := ""
	if err := r.ParseForm(); err == nil {
		sent = r.PostForm.Get("form_token")
	}
	if sent == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(o.FormToken)) != 1 {
		g.render(w, http.StatusForbidden, g.view(o, "Form expired", "This form is not valid any more. Open the payment page again."))
		return
	}
	self := pagePath + r.PathValue("token")
	changed, err := g.settleDeposit(r.Context(), o.ID, to)
	if err != nil {
		g.fail(w, err)
		return
	}
	if changed {
		g.log.Info("sandbox: deposit settled by the payer", "order_no", o.OrderNo, "status", to)
		http.Redirect(w, r, self, http.StatusSeeOther)
		return
	}
	if o, err = g.orderByToken(r.Context(), o.TokenHash); err != nil {
		g.fail(w, err)
		return
	}
	switch {
	case o.Status == to:
		http.Redirect(w, r, self, http.StatusSeeOther)
	case o.Status == payment.Pending: // not changed while pending: it expired
		g.render(w, http.StatusGone, g.view(o, "Payment expired", "This payment page has expired. Nothing was charged; start a new deposit."))
	default:
		v := g.outcome(o)
		v.Message = "This payment was already " + string(o.Status) + "; that cannot be changed."
		g.render(w, http.StatusConflict, v)
	}
}

// load finds the order of the path's token, or answers 404.
func (g *Gateway) load(w http.ResponseWriter, r *http.Request) (orderRow, bool) {
	token := r.PathValue("token")
	if len(token) != 64 || strings.Trim(token, "0123456789abcdef") != "" {
		g.render(w, http.StatusNotFound, pageView{Title: "Payment not found", Message: "There is no payment at this address."})
		return orderRow{}, false
	}
	o, err := g.orderByToken(r.Context(), hashToken(token))
	if errors.Is(err, db.ErrNotFound) {
		g.render(w, http.StatusNotFound, pageView{Title: "Payment not found", Message: "There is no payment at this address."})
		return orderRow{}, false
	}
	if err != nil {
		g.fail(w, err)
		return orderRow{}, false
	}
	return o, true
}

func (g *Gateway) fail(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	if errors.Is(err, db.ErrBusy) {
		code = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "1")
	}
	g.log.Error("sandbox: page", "err", err)
	g.render(w, code, pageView{Title: "Please try again", Message: "The payment service could not answer. Nothing was changed; try again in a moment."})
}

func (g *Gateway) outcome(o orderRow) pageView {
	if o.Status == payment.Paid {
		return g.view(o, "Payment confirmed", "Thank you: the merchant is being told.")
	}
	return g.view(o, "Payment declined", "Nothing was charged.")
}

func (g *Gateway) view(o orderRow, title, message string) pageView {
	return pageView{
		Title: title, Message: message, Order: true, Merchant: g.opt.Merchant,
		Amount: FormatAmount(o.Amount, o.Exponent), Currency: o.Currency, OrderNo: o.OrderNo,
		ReturnURL: sameSitePath(o.ReturnURL),
	}
}

// sameSitePath answers u when it is a path on this site ("/..."), else "":
// the page never links to another host (no open redirect).
func sameSitePath(u string) string {
	if !strings.HasPrefix(u, "/") || strings.HasPrefix(u, "//") || strings.ContainsAny(u, "\\\x00\r\n\t") {
		return ""
	}
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "" || p.Host != "" || p.User != nil || p.Opaque != "" {
		return ""
	}
	return u
}

// FormatAmount writes minor units with the currency's exponent and
// thousands separators: (100000, 2) is "1,000.00", (50000, 0) "50,000".
func FormatAmount(minor int64, exp int) string {
	s := money.Amount{Minor: minor, Exp: exp}.String()
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		return sign + b.String() + "." + frac
	}
	return sign + b.String()
}

type pageView struct {
	Title, Message                      string
	Order                               bool
	Merchant, Amount, Currency, OrderNo string
	ReturnURL                           string
	Pending                             bool
	Token, FormToken                    string
}

func (g *Gateway) render(w http.ResponseWriter, code int, v pageView) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// The address holds the page token: never send it on as a referrer.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(code)
	if err := pageTemplate.Execute(w, v); err != nil {
		g.log.Warn("sandbox: render page", "err", err)
	}
}

// pageTemplate is self-contained: inline CSS, no script, no outside asset.
var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>{{.Title}} · Sandbox payment</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef1f6;color:#1d2433;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px;margin:16px;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(20,30,60,.12);padding:28px}
.tag{display:inline-block;font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:#7a5b00;background:#fff3cd;border-radius:4px;padding:2px 8px}
h1{font-size:22px;margin:12px 0 16px}
dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:6px 16px}
dt{color:#5b6478}
dd{margin:0;text-align:right;word-break:break-all}
.amount{font-size:20px;font-weight:600}
.actions{display:flex;gap:12px;margin-top:20px}
.actions form{flex:1}
button{width:100%;padding:12px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.confirm{background:#1a7f37;color:#fff}
.decline{background:#e8ebf0;color:#1d2433}
a{color:#0b5cad}
</style>
</head>
<body>
<main>
<span class="tag">Sandbox gateway</span>
<h1>{{.Title}}</h1>
{{if .Order}}<dl>
<dt>Merchant</dt><dd>{{.Merchant}}</dd>
<dt>Amount</dt><dd class="amount">{{.Amount}} {{.Currency}}</dd>
<dt>Order</dt><dd>{{.OrderNo}}</dd>
</dl>{{end}}
{{if .Message}}<p>{{.Message}}</p>{{end}}
{{if .Pending}}<div class="actions">
<form method="post" action="/pay/sandbox/{{.Token}}/confirm"><input type="hidden" name="form_token" value="{{.FormToken}}"><button class="confirm" type="submit">Confirm</button></form>
<form method="post" action="/pay/sandbox/{{.Token}}/decline"><input type="hidden" name="form_token" value="{{.FormToken}}"><button class="decline" type="submit">Decline</button></form>
</div>{{end}}
{{if and .ReturnURL (not .Pending)}}<p><a href="{{.ReturnURL}}">Back to {{.Merchant}}</a></p>{{end}}
</main>
</body>
</html>
`))
