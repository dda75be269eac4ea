package wallet

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/ledger"
	"gamehall/internal/money"
	"gamehall/internal/provider"
)

// The operator's side of the wallet: orders, approvals, adjustments, a
// member's ledger and the audit.

// OrderView is an order as the operator sees it.
type OrderView struct {
	ID        int64        `json:"id"`
	OrderNo   string       `json:"order_no"`
	MemberID  int64        `json:"member_id"`
	ChannelID int64        `json:"channel_id"`
	Gateway   string       `json:"gateway"`
	Status    string       `json:"status"`
	Currency  string       `json:"currency"`
	Amount    money.Amount `json:"amount"`
	Fee       money.Amount `json:"fee"`
	Reason    string       `json:"reason,omitempty"`
	CreatedAt string       `json:"created_at"`
	SettledAt string       `json:"settled_at,omitempty"`
}

func (s *Service) exp(ctx context.Context, siteID int64, currency string) int {
	e, err := s.exponent(ctx, siteID, currency)
	if err != nil {
		return 2
	}
	return e
}

func checkFilter(f *OrderFilter, statuses ...string) error {
	if f.Status != "" {
		ok := false
		for _, st := range statuses {
			ok = ok || st == f.Status
		}
		if !ok {
			return api.Bad("status", "must be one of "+strings.Join(statuses, ", "))
		}
	}
	if f.Limit == 0 {
		f.Limit = api.DefaultLimit
	}
	if f.Limit < 1 || f.Limit > api.MaxLimit {
		return api.Bad("limit", "must be 1 to 200")
	}
	return nil
}

// DepositOrders lists a site's deposit orders, newest first.
func (s *Service) DepositOrders(ctx context.Context, siteID int64, f OrderFilter) (api.Page[OrderView], error) {
	if err := checkFilter(&f, "pending", "paid", "declined", "expired"); err != nil {
		return api.Page[OrderView]{}, err
	}
	rows, err := s.store.deposits(ctx, siteID, f)
	if err != nil {
		return api.Page[OrderView]{}, err
	}
	out := make([]OrderView, len(rows))
	for i, r := range rows {
		out[i] = s.depositOrderView(ctx, r)
	}
	return api.PageOf(out, f.Limit, func(o OrderView) int64 { return o.ID }), nil
}

func (s *Service) depositOrderView(ctx context.Context, r depositRow) OrderView {
	e := s.exp(ctx, r.SiteID, r.Currency)
	return OrderView{ID: r.ID, OrderNo: r.OrderNo, MemberID: r.MemberID, ChannelID: r.ChannelID, Gateway: r.Gateway,
		Status: r.Status, Currency: r.Currency, Amount: money.Amount{Minor: r.Amount, Exp: e}, Fee: money.Amount{Minor: r.Fee, Exp: e},
		CreatedAt: fmtTime(r.CreatedAt), SettledAt: fmtTime(r.SettledAt)}
}

// WithdrawalOrders lists a site's withdrawal orders, newest first.
func (s *Service) WithdrawalOrders(ctx context.Context, siteID int64, f OrderFilter) (api.Page[OrderView], error) {
	if err := checkFilter(&f, "pending", "approved", "paid", "rejected", "failed"); err != nil {
		return api.Page[OrderView]{}, err
	}
	rows, err := s.store.withdrawals(ctx, siteID, f)
	if err != nil {
		return api.Page[OrderView]{}, err
	}
	out := make([]OrderView, len(rows))
	for i, r := range rows {
		e := s.exp(ctx, siteID, r.Currency)
		out[i] = OrderView{ID: r.ID, OrderNo: r.OrderNo, MemberID: r.MemberID, ChannelID: r.ChannelID, Gateway: r.Gateway,
			Status: r.Status, Currency: r.Currency, Amount: money.Amount{Minor: r.Amount, Exp: e}, Fee: money.Amount{Minor: r.Fee, Exp: e},
			Reason: r.Reason, CreatedAt: fmtTime(r.CreatedAt), SettledAt: fmtTime(r.SettledAt)}
	}
	return api.PageOf(out, f.Limit, func(o OrderView) int64 { return o.ID }), nil
}

// AdjustInput is a manual adjustment: a signed amount of the member's
// currency (credit above zero, debit below), a reason, and the operator's
// request id (one adjustment however often it is sent).
type AdjustInput struct {
	Account   string          `json:"account"`
	Amount    json.RawMessage `json:"amount"`
	Reason    string          `json:"reason"`
	RequestID string          `json:"request_id"`
}

// Adjustment is a posted adjustment.
type Adjustment struct {
	TxID     int64        `json:"tx_id"`
	MemberID int64        `json:"member_id"`
	Currency string       `json:"currency"`
	Amount   money.Amount `json:"amount"`
	Balance  money.Amount `json:"balance"`
	Replayed bool         `json:"replayed"`
}

// Adjust credits or debits a member's main wallet through the adjustments
// account; a debit never takes the wallet below zero.
func (s *Service) Adjust(ctx context.Context, siteID int64, in AdjustInput) (Adjustment, error) {
	if err := requestID(in.RequestID); err != nil {
		return Adjustment{}, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || utf8.RuneCountInString(in.Reason) > 200 {
		return Adjustment{}, api.Bad("reason", "is required (at most 200 characters)")
	}
	memberID, currency, err := s.members.Account(ctx, siteID, in.Account)
	if err != nil {
		return Adjustment{}, err
	}
	exp, err := s.exponent(ctx, siteID, currency)
	if err != nil {
		return Adjustment{}, err
	}
	raw := strings.TrimSpace(string(in.Amount))
	sign := int64(1)
	if strings.HasPrefix(raw, "-") {
		sign, raw = -1, strings.TrimPrefix(raw, "-")
	}
	amount, err := parseAmount("amount", json.RawMessage(raw), exp)
	if err != nil {
		return Adjustment{}, err
	}
	amount *= sign
	main := ledger.Account{Kind: ledger.Main, MemberID: memberID}
	res, err := s.ledger.Post(ctx, ledger.Entry{Key: "adjust:" + in.RequestID, Kind: ledger.Adjustment, Currency: currency,
		Reference: "adjust:" + in.RequestID, Memo: in.Reason, Postings: []ledger.Posting{
			{Account: ledger.Account{Kind: ledger.Adjustments}, Amount: -amount}, {Account: main, Amount: amount}}})
	if err != nil {
		return Adjustment{}, err
	}
	return Adjustment{TxID: res.TxID, MemberID: memberID, Currency: currency, Amount: money.Amount{Minor: amount, Exp: exp},
		Balance: money.Amount{Minor: res.Balance(main), Exp: exp}, Replayed: res.Replayed}, nil
}

// MemberLedger is a member's movements for the operator.
func (s *Service) MemberLedger(ctx context.Context, siteID int64, account string, q RecordQuery) (Page[Movement], error) {
	memberID, currency, err := s.members.Account(ctx, siteID, account)
	if err != nil {
		return Page[Movement]{}, err
	}
	h, err := s.statement(ctx, Member{SiteID: siteID, ID: memberID, Currency: currency}, q, time.UTC, false)
	return h.Page, err
}

// Settings reads the site's wallet rules.
func (s *Service) Settings(ctx context.Context, siteID int64) (Settings, error) {
	return s.store.settings(ctx, siteID)
}

// SaveSettings changes the site's wallet rules.
func (s *Service) SaveSettings(ctx context.Context, siteID int64, st Settings) error {
	if err := checkSettings(st); err != nil {
		return err
	}
	return s.store.saveSettings(ctx, siteID, st)
}

// Audit books every provider's settled rounds, then runs the ledger's
// audit with each provider's own record of the wallets it holds.
func (s *Service) Audit(ctx context.Context) (ledger.Report, error) {
	var records []ledger.ProviderRecords
	if s.providers != nil {
		for _, p := range s.providers.Wallets() {
			if err := s.BookRounds(ctx, p); err != nil {
				return ledger.Report{}, fmt.Errorf("audit: book the rounds of %s: %w", p.Code(), err)
			}
			records = append(records, providerRecords{p})
		}
	}
	return s.ledger.Audit(ctx, records...)
}

// providerRecords shows a provider's wallets to the ledger's audit.
type providerRecords struct{ provider.Wallet }

func (p providerRecords) Wallets(ctx context.Context) ([]ledger.ProviderWallet, error) {
	recs, err := p.Records(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]ledger.ProviderWallet, len(recs))
	for i, r := range recs {
		out[i] = ledger.ProviderWallet{MemberID: r.MemberID, Currency: r.Currency, Balance: r.Balance}
	}
	return out, nil
}
