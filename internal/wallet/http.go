package wallet

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/payment"
)

// Handler serves the member's wallet calls and the gateways' callbacks.
type Handler struct {
	svc       *Service
	providers Providers
	zone      *time.Location
	log       *slog.Logger
}

// NewHandler returns the handler; zone is the site's display zone (dates of
// the record filters are days there).
func NewHandler(svc *Service, providers Providers, zone *time.Location, log *slog.Logger) *Handler {
	return &Handler{svc: svc, providers: providers, zone: zone, log: log}
}

// Routes registers the member calls on members (a router that requires a
// session) and the callbacks on mux.
func (h *Handler) Routes(members api.Router, mux *http.ServeMux) {
	members.Post("/api/member/profile/my_cash", h.myCash)
	members.Post("/api/member/wallet/channels", h.channels)
	members.Post("/api/member/deposit", h.deposit)
	members.Post("/api/member/withdraw", h.withdraw)
	members.Post("/api/member/bank_accounts", h.bankAccounts)
	members.Post("/api/member/bank_accounts/bind", h.bind)
	members.Post("/api/member/records", h.records)
	members.Post("/api/member/transactions", h.transactions)
	members.Download("/api/member/transactions.csv", h.transactionsCSV)
	mux.HandleFunc("POST /pay/callback/{gateway}", h.callback)
}

func caller(r *http.Request) Member {
	p, _ := auth.From(r.Context())
	return Member{SiteID: p.SiteID, ID: p.MemberID, Currency: p.Currency}
}

func (h *Handler) myCash(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	return h.svc.MyCash(r.Context(), caller(r), h.providers)
}

func (h *Handler) channels(r *http.Request) (any, error) {
	var in struct {
		Type string `json:"type"`
	}
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	m := caller(r)
	list, err := h.svc.Channels(r.Context(), m.SiteID, m.Currency, in.Type, api.Lang(r.Context()), api.DefaultLang)
	return map[string]any{"list": list}, err
}

func (h *Handler) deposit(r *http.Request) (any, error) {
	var in DepositInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Deposit(r.Context(), caller(r), in)
}

func (h *Handler) withdraw(r *http.Request) (any, error) {
	var in WithdrawInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	return h.svc.Withdraw(r.Context(), caller(r), in)
}

func (h *Handler) bankAccounts(r *http.Request) (any, error) {
	if err := api.Decode(r, &struct{}{}); err != nil {
		return nil, err
	}
	m := caller(r)
	list, err := h.svc.BankAccounts(r.Context(), m.ID, m.Currency)
	if err != nil {
		return nil, err
	}
	// account_no_rule words the rule in English (kept for clients that show
	// it as it is); account_no_digits is the same rule for the client to word.
	banks, digits, ok := h.svc.Banks(m.Currency)
	out := map[string]any{"list": list, "banks": banks, "account_no_rule": "", "account_no_digits": nil}
	if ok {
		out["account_no_rule"], out["account_no_digits"] = digits.String(), digits
	}
	return out, nil
}

func (h *Handler) bind(r *http.Request) (any, error) {
	var in BindInput
	if err := api.Decode(r, &in); err != nil {
		return nil, err
	}
	m := caller(r)
	return h.svc.BindBankAccount(r.Context(), m.SiteID, m.ID, m.Currency, in)
}

func (h *Handler) records(r *http.Request) (any, error) {
	var q RecordQuery
	if err := api.Decode(r, &q); err != nil {
		return nil, err
	}
	return h.svc.Records(r.Context(), caller(r), q, h.zone)
}

func (h *Handler) transactions(r *http.Request) (any, error) {
	var q RecordQuery
	if err := api.Decode(r, &q); err != nil {
		return nil, err
	}
	return h.svc.Transactions(r.Context(), caller(r), q, h.zone)
}

// transactionsCSV is GET /api/member/transactions.csv?kinds=bet,win&from=&to=:
// the caller's whole history in the range as a file.
func (h *Handler) transactionsCSV(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q := RecordQuery{From: v.Get("from"), To: v.Get("to")}
	if k := v.Get("kinds"); k != "" {
		q.Kinds = strings.Split(k, ",")
	}
	return h.svc.HistoryCSV(r.Context(), caller(r), q, h.zone, w)
}

// maxCallback bounds a callback body.
const maxCallback = 64 << 10

// callback is POST /pay/callback/{gateway}: a gateway's server-to-server
// notice. 200 "ok" means settled (or settled before); anything else asks
// the gateway to deliver it again.
func (h *Handler) callback(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("gateway")
	gw := h.svc.gateways[code]
	if gw == nil {
		http.Error(w, "unknown gateway", http.StatusNotFound)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxCallback+1))
	if err != nil || len(body) > maxCallback {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	n, err := gw.VerifyCallback(r, body)
	if err != nil {
		h.log.WarnContext(r.Context(), "payment callback refused", "gateway", code, "err", err)
		http.Error(w, "signature", http.StatusUnauthorized)
		return
	}
	switch n.Kind {
	case payment.DepositNotice:
		err = h.svc.SettleDeposit(r.Context(), code, n)
	case payment.PayoutNotice:
		err = h.svc.SettlePayout(r.Context(), code, n)
	default:
		err = errUnknownOrder
	}
	switch {
	case err == nil:
		_, _ = w.Write([]byte("ok"))
	case errors.Is(err, errUnknownOrder):
		http.Error(w, "unknown order", http.StatusNotFound)
	case errors.Is(err, errAmountMismatch):
		http.Error(w, "amount differs from the order", http.StatusConflict)
	default:
		h.log.ErrorContext(r.Context(), "payment callback failed", "gateway", code, "order_no", n.OrderNo, "err", err)
		http.Error(w, "try again", http.StatusInternalServerError)
	}
}
