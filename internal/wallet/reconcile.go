package wallet

import (
	"context"
	"errors"
	"time"

	"gamehall/internal/payment"
)

// Reconciliation timing: a callback is late after callbackGrace; a bank
// transfer is closed bankTransferGrace (microseconds) after its order
// expired.
const (
	callbackGrace     = 2 * time.Minute
	bankTransferGrace = int64(24 * time.Hour / time.Microsecond)
	reconcileBatch    = 200
)

// Reconcile settles what callbacks did not: it asks the gateway about every
// deposit pending past the callback grace (settling it exactly once, or
// expiring it once its time is over and the gateway has nothing), and about
// every approved withdrawal whose payout outcome has not arrived. Every
// node may run it: each settlement is one conditional update.
func (s *Service) Reconcile(ctx context.Context) error {
	now := s.now().UTC()
	cut := now.Add(-callbackGrace).UnixMicro()
	deposits, err := s.store.pendingDeposits(ctx, cut, reconcileBatch)
	if err != nil {
		return err
	}
	for _, d := range deposits {
		if err := s.reconcileDeposit(ctx, d, now); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "reconcile deposit", "order_no", d.OrderNo, "err", err)
		}
	}
	if err := s.store.expireBankDeposits(ctx, now.UnixMicro()); err != nil {
		return err
	}
	if s.providers != nil {
		if err := s.ReconcileTransfers(ctx, s.providers.Wallet); err != nil {
			return err
		}
		for _, p := range s.providers.Wallets() {
			if err := s.BookRounds(ctx, p); err != nil && ctx.Err() == nil {
				s.log.WarnContext(ctx, "book rounds", "provider", p.Code(), "err", err)
			}
		}
	}
	payouts, err := s.store.approvedWithdrawals(ctx, cut, reconcileBatch)
	if err != nil {
		return err
	}
	for _, w := range payouts {
		if err := s.reconcilePayout(ctx, w); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "reconcile payout", "order_no", w.OrderNo, "err", err)
		}
	}
	return nil
}

func (s *Service) reconcileDeposit(ctx context.Context, d depositRow, now time.Time) error {
	gw := s.gateways[d.Gateway]
	if gw == nil {
		return nil // a gateway this node does not run; another node will
	}
	n, err := gw.QueryOrder(ctx, d.OrderNo)
	if errors.Is(err, payment.ErrUnavailable) {
		return nil // ask again next time
	}
	if err != nil {
		return err
	}
	switch n.Status {
	case payment.Paid, payment.Declined:
		return s.SettleDeposit(ctx, d.Gateway, n)
	}
	if now.UnixMicro() > d.ExpiresAt {
		// Nothing came in time: the order expires (a payment arriving later
		// is still credited, SettleDeposit takes expired orders too).
		return s.store.closeDeposit(ctx, d.ID, "expired", []string{"pending"}, now.UnixMicro())
	}
	return nil
}

func (s *Service) reconcilePayout(ctx context.Context, w withdrawalRow) error {
	gw := s.gateways[w.Gateway]
	if gw == nil {
		return nil
	}
	n, err := gw.QueryPayout(ctx, w.OrderNo)
	if errors.Is(err, payment.ErrUnavailable) {
		return nil
	}
	if err != nil {
		return err
	}
	if n.Status == payment.Unknown {
		// The payout request never reached the gateway (it was down when
		// the operator approved): ask again.
		return s.payOut(ctx, w)
	}
	return s.SettlePayout(ctx, w.Gateway, n)
}
