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

// WithdrawInput is /member/withdraw.
type WithdrawInput struct {
	ChannelID        int64           `json:"channel_id"`
	BankAccountID    int64           `json:"bank_account_id"`
	Amount           json.RawMessage `json:"amount"`
	WithdrawPassword string          `json:"withdraw_password"`
	RequestID        string          `json:"request_id"`
}

// WithdrawalOrder is a withdrawal as the member sees it.
type WithdrawalOrder struct {
	OrderNo       string       `json:"order_no"`
	ChannelID     int64        `json:"channel_id"`
	BankAccountID int64        `json:"bank_account_id"`
	Status        string       `json:"status"`
	Currency      string       `json:"currency"`
	Amount        money.Amount `json:"amount"`
	Fee           money.Amount `json:"fee"`
	Payout        money.Amount `json:"payout"` // what reaches the bank account
	Reason        string       `json:"reason,omitempty"`
	CreatedAt     string       `json:"created_at"`
	SettledAt     string       `json:"settled_at,omitempty"`
}

type withdrawalRow struct {
	ID, SiteID, MemberID, ChannelID, BankAccountID int64
	OrderNo, RequestID, Currency, Gateway, Status  string
	Amount, Fee                                    int64
	Reason                                         string
	CreatedAt, SettledAt                           int64
}

func (r withdrawalRow) view(exp int) WithdrawalOrder {
	return WithdrawalOrder{OrderNo: r.OrderNo, ChannelID: r.ChannelID, BankAccountID: r.BankAccountID, Status: r.Status,
		Currency: r.Currency, Amount: money.Amount{Minor: r.Amount, Exp: exp}, Fee: money.Amount{Minor: r.Fee, Exp: exp},
		Payout: money.Amount{Minor: r.Amount - r.Fee, Exp: exp}, Reason: r.Reason, CreatedAt: fmtTime(r.CreatedAt),
		SettledAt: fmtTime(r.SettledAt)}
}

// Withdraw asks for a withdrawal: the withdrawal password (wrong ones count
// in the account's shared lock), a bound bank account of the member, the
// channel's limits and daily count. The amount moves to the hold account at
// once, in the transaction that records the order.
func (s *Service) Withdraw(ctx context.Context, m Member, in WithdrawInput) (WithdrawalOrder, error) {
	if err := requestID(in.RequestID); err != nil {
		return WithdrawalOrder{}, err
	}
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	if prev, err := s.store.withdrawalByRequest(ctx, m.ID, in.RequestID); err == nil {
		return prev.view(exp), nil
	} else if !isNotFound(err) {
		return WithdrawalOrder{}, err
	}
	amount, err := parseAmount("amount", in.Amount, exp)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	if s.bonuses != nil {
		if err := s.bonuses.CheckWithdrawal(ctx, m.SiteID, m.ID, m.Currency); err != nil {
			return WithdrawalOrder{}, err
		}
	}
	c, err := s.channel(ctx, m.SiteID, in.ChannelID, m.Currency, DirWithdrawal)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	if err := c.checkLimits(amount, exp); err != nil {
		return WithdrawalOrder{}, err
	}
	if in.BankAccountID <= 0 {
		return WithdrawalOrder{}, ErrBankRequired
	}
	acct, err := s.store.bankAccount(ctx, in.BankAccountID)
	if isNotFound(err) || (err == nil && (acct.memberID != m.ID || acct.currency != m.Currency)) {
		return WithdrawalOrder{}, ErrBankNotFound
	}
	if err != nil {
		return WithdrawalOrder{}, err
	}
	if _, hasPW, err := s.members.Holder(ctx, m.ID); err != nil {
		return WithdrawalOrder{}, err
	} else if !hasPW {
		return WithdrawalOrder{}, ErrNoWithdrawPW
	}
	if strings.TrimSpace(in.WithdrawPassword) == "" {
		return WithdrawalOrder{}, ErrWithdrawPassword
	}
	switch ok, locked, err := s.members.CheckWithdrawPassword(ctx, m.ID, in.WithdrawPassword); {
	case err != nil:
		return WithdrawalOrder{}, err
	case locked:
		return WithdrawalOrder{}, ErrWithdrawLocked
	case !ok:
		return WithdrawalOrder{}, ErrWithdrawPassword
	}
	now := s.now().UTC()
	row := withdrawalRow{SiteID: m.SiteID, MemberID: m.ID, ChannelID: c.ID, BankAccountID: acct.ID, OrderNo: orderNo("W", now),
		RequestID: in.RequestID, Currency: m.Currency, Gateway: c.Gateway, Status: "pending", Amount: amount, Fee: c.fee(amount),
		CreatedAt: now.UnixMicro()}
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		var err error
		if row.ID, err = s.store.insertWithdrawal(ctx, row); err != nil {
			return err
		}
		// The hold is posted first: it locks the member's main account
		// until commit, so the day's count below sees every withdrawal of
		// the member that committed before, whatever the concurrency.
		_, err = s.ledger.Post(ctx, ledger.Entry{Key: "withdrawal-hold:" + row.OrderNo, Kind: ledger.WithdrawalHold,
			Currency: m.Currency, Reference: row.OrderNo, Postings: []ledger.Posting{
				{Account: ledger.Account{Kind: ledger.Main, MemberID: m.ID}, Amount: -amount},
				{Account: ledger.Account{Kind: ledger.Hold, MemberID: m.ID}, Amount: amount}}})
		if err != nil {
			return err
		}
		if c.DailyCount > 0 {
			local := now.In(s.zone)
			day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, s.zone).UnixMicro()
			n, err := s.store.withdrawalsSince(ctx, m.ID, c.ID, day)
			if err != nil {
				return err
			}
			if n > c.DailyCount {
				return ErrDailyWithdrawals.With(fmt.Sprint(c.DailyCount))
			}
		}
		return nil
	})
	if isConflict(err) {
		return s.Withdraw(ctx, m, in)
	}
	if err != nil {
		return WithdrawalOrder{}, err
	}
	return row.view(exp), nil
}

// Approve is the operator approving a pending withdrawal: it is asked of
// the channel's gateway as a payout; the payout's callback (or the
// reconciler's query) settles it.
func (s *Service) Approve(ctx context.Context, siteID int64, orderNo string) (WithdrawalOrder, error) {
	row, err := s.siteWithdrawal(ctx, siteID, orderNo)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	ok, err := s.store.setWithdrawalStatus(ctx, row.ID, "approved", "", []string{"pending"}, s.now().UTC().UnixMicro())
	if err != nil {
		return WithdrawalOrder{}, err
	}
	if !ok {
		return WithdrawalOrder{}, ErrNotPending
	}
	view, err := s.withdrawalView(ctx, row.OrderNo)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	// The gateway hears of the payout only once the approval has committed
	// (the caller's transaction may be wider than this call): a gateway
	// never pays an approval that rolled back.
	s.db.AfterCommit(ctx, func() {
		ctx := context.WithoutCancel(ctx)
		if err := s.payOut(ctx, row); err != nil {
			s.log.WarnContext(ctx, "withdrawal: payout request failed; the reconciler asks again", "order_no", row.OrderNo, "err", err)
		}
	})
	return view, nil
}

// payOut asks the gateway to pay an approved withdrawal and settles what it
// already knows.
func (s *Service) payOut(ctx context.Context, row withdrawalRow) error {
	gw := s.gateways[row.Gateway]
	if gw == nil {
		return fmt.Errorf("gateway %s not running", row.Gateway)
	}
	acct, err := s.store.bankAccount(ctx, row.BankAccountID)
	if err != nil {
		return err
	}
	n, err := gw.PayOut(ctx, payment.Payout{OrderNo: row.OrderNo, MemberID: row.MemberID, Currency: row.Currency,
		Amount: row.Amount - row.Fee, BankCode: acct.BankCode, AccountNo: acct.accountNo, AccountName: acct.HolderName})
	if err != nil {
		return err
	}
	return s.SettlePayout(ctx, row.Gateway, n)
}

// Reject is the operator refusing a pending withdrawal: the hold goes back
// to the member's main wallet.
func (s *Service) Reject(ctx context.Context, siteID int64, orderNo, reason string) (WithdrawalOrder, error) {
	row, err := s.siteWithdrawal(ctx, siteID, orderNo)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	if err := s.returnHold(ctx, row, "rejected", reason, "pending"); err != nil {
		return WithdrawalOrder{}, err
	}
	return s.withdrawalView(ctx, row.OrderNo)
}

// returnHold closes the order with status and moves its hold back to the
// main wallet, in one transaction; ErrNotPending when it was not in from.
func (s *Service) returnHold(ctx context.Context, row withdrawalRow, status, reason, from string) error {
	return s.db.Tx(ctx, func(ctx context.Context) error {
		ok, err := s.store.setWithdrawalStatus(ctx, row.ID, status, reason, []string{from}, s.now().UTC().UnixMicro())
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotPending
		}
		_, err = s.ledger.Post(ctx, ledger.Entry{Key: "withdrawal-return:" + row.OrderNo, Kind: ledger.WithdrawalReturn,
			Currency: row.Currency, Reference: row.OrderNo, Memo: reason, Postings: []ledger.Posting{
				{Account: ledger.Account{Kind: ledger.Hold, MemberID: row.MemberID}, Amount: -row.Amount},
				{Account: ledger.Account{Kind: ledger.Main, MemberID: row.MemberID}, Amount: row.Amount}}})
		return err
	})
}

// SettlePayout applies what a gateway said of a payout, exactly once: paid
// takes the hold out through the gateway's clearing account (the fee to
// the fees account); declined fails the order and returns the hold.
func (s *Service) SettlePayout(ctx context.Context, gateway string, n payment.Notice) error {
	if n.Kind != payment.PayoutNotice {
		return fmt.Errorf("settle payout: a %s notice", n.Kind)
	}
	row, err := s.store.withdrawalByOrderNo(ctx, n.OrderNo)
	if isNotFound(err) || (err == nil && row.Gateway != gateway) {
		return fmt.Errorf("settle payout: %w", errUnknownOrder)
	}
	if err != nil {
		return err
	}
	switch n.Status {
	case payment.Paid:
		if n.Amount != row.Amount-row.Fee || n.Currency != row.Currency {
			s.log.WarnContext(ctx, "withdrawal: paid amount differs from the order; left for the operator", "order_no", row.OrderNo)
			return errAmountMismatch
		}
		return s.db.Tx(ctx, func(ctx context.Context) error {
			ok, err := s.store.setWithdrawalStatus(ctx, row.ID, "paid", "", []string{"approved"}, s.now().UTC().UnixMicro())
			if err != nil || !ok {
				return err
			}
			postings := []ledger.Posting{
				{Account: ledger.Account{Kind: ledger.Hold, MemberID: row.MemberID}, Amount: -row.Amount},
				{Account: ledger.Account{Kind: ledger.Clearing, Provider: gateway}, Amount: row.Amount - row.Fee},
			}
			if row.Fee > 0 {
				postings = append(postings, ledger.Posting{Account: ledger.Account{Kind: ledger.Fees}, Amount: row.Fee})
			}
			_, err = s.ledger.Post(ctx, ledger.Entry{Key: "withdrawal:" + row.OrderNo, Kind: ledger.Withdrawal,
				Currency: row.Currency, Reference: row.OrderNo, Postings: postings})
			return err
		})
	case payment.Declined:
		err := s.returnHold(ctx, row, "failed", "payout declined", "approved")
		if errors.Is(err, ErrNotPending) {
			return nil // settled before
		}
		return err
	}
	return nil
}

func (s *Service) siteWithdrawal(ctx context.Context, siteID int64, orderNo string) (withdrawalRow, error) {
	row, err := s.store.withdrawalByOrderNo(ctx, strings.TrimSpace(orderNo))
	if isNotFound(err) || (err == nil && row.SiteID != siteID) {
		return withdrawalRow{}, ErrOrderNotFound
	}
	return row, err
}

func (s *Service) withdrawalView(ctx context.Context, orderNo string) (WithdrawalOrder, error) {
	row, err := s.store.withdrawalByOrderNo(ctx, orderNo)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	exp, err := s.exponent(ctx, row.SiteID, row.Currency)
	if err != nil {
		return WithdrawalOrder{}, err
	}
	return row.view(exp), nil
}
