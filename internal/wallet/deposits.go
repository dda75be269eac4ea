package wallet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gamehall/internal/ledger"
	"gamehall/internal/money"
	"gamehall/internal/payment"
)

// Member is the caller of a member call.
type Member struct {
	SiteID   int64
	ID       int64
	Currency string
}

// DepositInput is /member/deposit.
type DepositInput struct {
	ChannelID int64           `json:"channel_id"`
	Amount    json.RawMessage `json:"amount"`
	RequestID string          `json:"request_id"`
}

// depositTTL is how long a deposit order waits for its payment.
const depositTTL = 30 * time.Minute

// DepositOrder is a deposit order as the member sees it.
type DepositOrder struct {
	OrderNo   string         `json:"order_no"`
	ChannelID int64          `json:"channel_id"`
	Kind      string         `json:"kind"`
	Status    string         `json:"status"`
	Currency  string         `json:"currency"`
	Amount    money.Amount   `json:"amount"`
	Fee       money.Amount   `json:"fee"`
	Credit    money.Amount   `json:"credit"` // what reaches the main wallet
	PayURL    string         `json:"pay_url,omitempty"`
	Bank      map[string]any `json:"bank,omitempty"` // bank transfer: where to send it, with order_no as the reference
	CreatedAt string         `json:"created_at"`
	ExpiresAt string         `json:"expires_at"`
}

// depositRow is a stored deposit order.
type depositRow struct {
	ID, SiteID, MemberID, ChannelID int64
	OrderNo, RequestID, Currency    string
	Gateway, GatewayRef, PayURL     string
	Amount, Fee                     int64
	Status                          string
	LedgerTx                        int64
	CreatedAt, ExpiresAt, SettledAt int64
}

func (r depositRow) view(c Channel, exp int) DepositOrder {
	v := DepositOrder{OrderNo: r.OrderNo, ChannelID: r.ChannelID, Kind: c.Kind, Status: r.Status, Currency: r.Currency,
		Amount: money.Amount{Minor: r.Amount, Exp: exp}, Fee: money.Amount{Minor: r.Fee, Exp: exp},
		Credit: money.Amount{Minor: r.Amount - r.Fee, Exp: exp}, PayURL: r.PayURL,
		CreatedAt: fmtTime(r.CreatedAt), ExpiresAt: fmtTime(r.ExpiresAt)}
	if c.Kind == KindBank {
		_ = json.Unmarshal([]byte(c.Instructions), &v.Bank)
		if v.Bank == nil {
			v.Bank = map[string]any{}
		}
		v.Bank["reference"] = r.OrderNo
	}
	return v
}

// Deposit opens a deposit order: a gateway's sends the member to its page
// (pay_url); a bank transfer's names the account to pay and the reference.
// One request id answers one order however often it is sent.
func (s *Service) Deposit(ctx context.Context, m Member, in DepositInput) (DepositOrder, error) {
	if err := requestID(in.RequestID); err != nil {
		return DepositOrder{}, err
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return DepositOrder{}, err
	}
	if prev, err := s.store.depositByRequest(ctx, m.ID, in.RequestID); err == nil {
		c, err := s.store.channel(ctx, prev.ChannelID)
		if err != nil {
			return DepositOrder{}, err
		}
		return prev.view(c, exp), nil
	} else if !isNotFound(err) {
		return DepositOrder{}, err
	}
	amount, err := parseAmount("amount", in.Amount, exp)
	if err != nil {
		return DepositOrder{}, err
	}
	c, err := s.channel(ctx, m.SiteID, in.ChannelID, m.Currency, DirDeposit)
	if err != nil {
		return DepositOrder{}, err
	}
	if err := c.checkLimits(amount, exp); err != nil {
		return DepositOrder{}, err
	}
	if need, err := s.NeedsBank(ctx, m.SiteID, m.ID, m.Currency); err != nil {
		return DepositOrder{}, err
	} else if need {
		return DepositOrder{}, ErrBankBeforeDeposit
	}
	now := s.now().UTC()
	row := depositRow{SiteID: m.SiteID, MemberID: m.ID, ChannelID: c.ID, OrderNo: orderNo("D", now), RequestID: in.RequestID,
		Currency: m.Currency, Gateway: c.Gateway, Amount: amount, Fee: c.fee(amount), Status: "pending",
		CreatedAt: now.UnixMicro(), ExpiresAt: now.Add(depositTTL).UnixMicro()}
	if c.Kind == KindBank {
		row.Gateway = KindBank
	}
	// The member's deposit limits are kept in the transaction that records
	// the order: refused before any gateway hears of it, and two orders at
	// once cannot both take the same room.
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if s.limits != nil {
			pending := func(ctx context.Context, since int64) (int64, error) {
				return s.store.pendingDepositSum(ctx, m.ID, since)
			}
			if err := s.limits.CheckDeposit(ctx, m.ID, m.Currency, exp, amount, pending); err != nil {
				return err
			}
		}
		var err error
		row.ID, err = s.store.insertDeposit(ctx, row)
		return err
	})
	if isConflict(err) {
		// The same request id raced us: answer its order.
		return s.Deposit(ctx, m, in)
	}
	if err != nil {
		return DepositOrder{}, err
	}
	if c.Kind == KindGateway {
		// The order is stored before the gateway hears of it: whatever
		// happens to the call, the reconciler can ask about this number.
		co, err := s.gateways[c.Gateway].CreateOrder(ctx, payment.Order{OrderNo: row.OrderNo, MemberID: m.ID,
			Currency: m.Currency, Amount: amount, Exponent: exp, ReturnURL: "/user/Deposit?order=" + row.OrderNo,
			ExpiresAt: now.Add(depositTTL)})
		if err != nil {
			s.log.WarnContext(ctx, "deposit: gateway create failed", "order_no", row.OrderNo, "gateway", c.Gateway, "err", err)
			return DepositOrder{}, ErrGatewayDown
		}
		row.GatewayRef, row.PayURL = co.GatewayRef, co.PayURL
		if err := s.store.setCheckout(ctx, row.ID, co.GatewayRef, co.PayURL, s.now().UTC().UnixMicro()); err != nil {
			return DepositOrder{}, err
		}
	}
	return row.view(c, exp), nil
}

// SettleDeposit applies what a gateway said of a deposit (a callback or a
// query's answer), exactly once: paid posts the money to the member's main
// wallet (less the channel's fee) and tells the member; declined closes the
// order. A payment that arrives after the order expired is still credited.
// A notice whose amount or currency differs from the order settles nothing.
func (s *Service) SettleDeposit(ctx context.Context, gateway string, n payment.Notice) error {
	if n.Kind != payment.DepositNotice {
		return fmt.Errorf("settle deposit: a %s notice", n.Kind)
	}
	row, err := s.store.depositByOrderNo(ctx, n.OrderNo)
	if isNotFound(err) {
		return fmt.Errorf("settle deposit: %w", errUnknownOrder)
	}
	if err != nil {
		return err
	}
	if row.Gateway != gateway {
		return fmt.Errorf("settle deposit: order of gateway %s, notice of %s: %w", row.Gateway, gateway, errUnknownOrder)
	}
	switch n.Status {
	case payment.Paid:
		if n.Amount != row.Amount || n.Currency != row.Currency {
			s.log.WarnContext(ctx, "deposit: paid amount differs from the order; left for the operator", "order_no", row.OrderNo,
				"gateway", gateway)
			return errAmountMismatch
		}
		return s.creditDeposit(ctx, row, gateway)
	case payment.Declined:
		return s.store.closeDeposit(ctx, row.ID, "declined", []string{"pending"}, s.now().UTC().UnixMicro())
	}
	return nil // pending or unknown: nothing to settle yet
}

var (
	errUnknownOrder   = errors.New("unknown order")
	errAmountMismatch = errors.New("amount or currency differs from the order")
)

// creditDeposit marks the order paid and posts it, in one transaction; an
// order settled before answers nil without posting again.
func (s *Service) creditDeposit(ctx context.Context, row depositRow, clearing string) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		now := s.now().UTC().UnixMicro()
		ok, err := s.store.markDepositPaid(ctx, row.ID, now)
		if err != nil || !ok {
			return err
		}
		postings := []ledger.Posting{
			{Account: ledger.Account{Kind: ledger.Clearing, Provider: clearing}, Amount: -row.Amount},
			{Account: ledger.Account{Kind: ledger.Main, MemberID: row.MemberID}, Amount: row.Amount - row.Fee},
		}
		if row.Fee > 0 {
			postings = append(postings, ledger.Posting{Account: ledger.Account{Kind: ledger.Fees}, Amount: row.Fee})
		}
		if row.Fee == row.Amount {
			postings = []ledger.Posting{postings[0], postings[2]}
		}
		res, err := s.ledger.Post(ctx, ledger.Entry{Key: "deposit:" + row.OrderNo, Kind: ledger.Deposit, Currency: row.Currency,
			Reference: row.OrderNo, Postings: postings})
		if err != nil {
			return err
		}
		if err := s.store.setDepositTx(ctx, row.ID, res.TxID); err != nil {
			return err
		}
		if s.bonuses != nil {
			if err := s.bonuses.DepositCompleted(ctx, row.MemberID, row.Currency, row.OrderNo, row.Amount); err != nil {
				return err
			}
		}
		count, err := s.store.paidDeposits(ctx, row.MemberID)
		if err != nil {
			return err
		}
		exp, err := s.exponent(ctx, row.SiteID, row.Currency)
		if err != nil {
			return err
		}
		s.publish(ctx, row.MemberID, "deposit_success", map[string]any{"order_no": row.OrderNo,
			"amount": money.Amount{Minor: row.Amount, Exp: exp}, "currency": row.Currency, "deposit_count": count})
		return nil
	})
}

// ConfirmBankDeposit is the operator confirming a bank transfer arrived.
func (s *Service) ConfirmBankDeposit(ctx context.Context, siteID int64, orderNo string) (OrderView, error) {
	row, err := s.store.depositByOrderNo(ctx, strings.TrimSpace(orderNo))
	if isNotFound(err) || (err == nil && row.SiteID != siteID) {
		return OrderView{}, ErrOrderNotFound
	}
	if err != nil {
		return OrderView{}, err
	}
	if row.Gateway != KindBank {
		return OrderView{}, ErrNotPending.With("a gateway order settles by its gateway")
	}
	if row.Status != "pending" && row.Status != "expired" {
		return OrderView{}, ErrNotPending
	}
	if err := s.creditDeposit(ctx, row, KindBank); err != nil {
		return OrderView{}, err
	}
	if row, err = s.store.depositByOrderNo(ctx, row.OrderNo); err != nil {
		return OrderView{}, err
	}
	return s.depositOrderView(ctx, row), nil
}

func fmtTime(micros int64) string {
	if micros == 0 {
		return ""
	}
	return time.UnixMicro(micros).UTC().Format(time.RFC3339)
}
