package admin

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/audit"
	"gamehall/internal/ledger"
	"gamehall/internal/wallet"
)

// The operator's money: channels, the wallet rules, deposits, withdrawals,
// adjustments, a member's ledger and the ledger's audit. Every write is
// audited in the transaction of its posting.

// Channels lists the site's payment channels.
func (s *Service) Channels(ctx context.Context, siteID int64) ([]wallet.Channel, error) {
	if err := s.site(ctx, siteID); err != nil {
		return nil, err
	}
	return s.Money.AllChannels(ctx, siteID)
}

// SaveChannel creates (id 0) or changes a channel.
func (s *Service) SaveChannel(ctx context.Context, a audit.Actor, siteID int64, in wallet.ChannelInput) (wallet.Channel, error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.Channel{}, err
	}
	var out wallet.Channel
	err := s.Audit.Write(ctx, a, "wallet.channel.save", siteID, "channel:"+strconv.FormatInt(in.ID, 10),
		func(ctx context.Context) error {
			var err error
			out, err = s.Money.SaveChannel(ctx, siteID, in)
			return err
		}, func() any { return out })
	return out, err
}

// WalletSettings reads the site's wallet rules.
func (s *Service) WalletSettings(ctx context.Context, siteID int64) (wallet.Settings, error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.Settings{}, err
	}
	return s.Money.Settings(ctx, siteID)
}

// SaveWalletSettings changes the site's wallet rules.
func (s *Service) SaveWalletSettings(ctx context.Context, a audit.Actor, siteID int64, st wallet.Settings) (wallet.Settings, error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.Settings{}, err
	}
	err := s.Audit.Write(ctx, a, "wallet.settings.save", siteID, siteTarget(siteID),
		func(ctx context.Context) error { return s.Money.SaveSettings(ctx, siteID, st) }, func() any { return st })
	return st, err
}

// Deposits lists the site's deposit orders.
func (s *Service) Deposits(ctx context.Context, siteID int64, f wallet.OrderFilter) (api.Page[wallet.OrderView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[wallet.OrderView]{}, err
	}
	return s.Money.DepositOrders(ctx, siteID, f)
}

// Withdrawals lists the site's withdrawal orders.
func (s *Service) Withdrawals(ctx context.Context, siteID int64, f wallet.OrderFilter) (api.Page[wallet.OrderView], error) {
	if err := s.site(ctx, siteID); err != nil {
		return api.Page[wallet.OrderView]{}, err
	}
	return s.Money.WithdrawalOrders(ctx, siteID, f)
}

// ConfirmDeposit confirms a bank transfer arrived.
func (s *Service) ConfirmDeposit(ctx context.Context, a audit.Actor, siteID int64, orderNo string) (wallet.OrderView, error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.OrderView{}, err
	}
	var out wallet.OrderView
	err := s.Audit.Write(ctx, a, "wallet.deposit.confirm", siteID, "deposit:"+orderNo, func(ctx context.Context) error {
		var err error
		out, err = s.Money.ConfirmBankDeposit(ctx, siteID, orderNo)
		return err
	}, func() any {
		return map[string]any{"order_no": out.OrderNo, "member_id": out.MemberID, "amount": out.Amount}
	})
	return out, err
}

// Review approves or rejects a pending withdrawal.
func (s *Service) Review(ctx context.Context, a audit.Actor, siteID int64, orderNo string, approve bool, reason string) (wallet.WithdrawalOrder, error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.WithdrawalOrder{}, err
	}
	reason = strings.TrimSpace(reason)
	action := "wallet.withdrawal.reject"
	if approve {
		action = "wallet.withdrawal.approve"
	} else if reason == "" || utf8.RuneCountInString(reason) > 200 {
		return wallet.WithdrawalOrder{}, api.Bad("reason", "is required to reject (at most 200 characters)")
	}
	var out wallet.WithdrawalOrder
	err := s.Audit.Write(ctx, a, action, siteID, "withdrawal:"+orderNo, func(ctx context.Context) error {
		var err error
		if approve {
			// The payout request goes to the gateway after this write
			// commits (Approve calls it outside any transaction of its own).
			out, err = s.Money.Approve(ctx, siteID, orderNo)
		} else {
			out, err = s.Money.Reject(ctx, siteID, orderNo, reason)
		}
		return err
	}, func() any { return map[string]any{"order_no": out.OrderNo, "status": out.Status, "reason": reason} })
	return out, err
}

// Adjust credits or debits a member's main wallet with a reason.
func (s *Service) Adjust(ctx context.Context, a audit.Actor, siteID int64, in wallet.AdjustInput) (wallet.Adjustment, error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.Adjustment{}, err
	}
	var out wallet.Adjustment
	err := s.Audit.Write(ctx, a, "wallet.adjust", siteID, "member:"+strings.ToLower(strings.TrimSpace(in.Account)),
		func(ctx context.Context) error {
			var err error
			out, err = s.Money.Adjust(ctx, siteID, in)
			return err
		}, func() any {
			return map[string]any{"member_id": out.MemberID, "amount": out.Amount, "reason": in.Reason, "tx_id": out.TxID}
		})
	return out, err
}

// MemberLedger lists a member's movements.
func (s *Service) MemberLedger(ctx context.Context, siteID int64, account string, q wallet.RecordQuery) (wallet.Page[wallet.Movement], error) {
	if err := s.site(ctx, siteID); err != nil {
		return wallet.Page[wallet.Movement]{}, err
	}
	return s.Money.MemberLedger(ctx, siteID, account, q)
}

// LedgerAudit runs the ledger's audit.
func (s *Service) LedgerAudit(ctx context.Context) (ledger.Report, error) {
	return s.Money.Audit(ctx)
}
