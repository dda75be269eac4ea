package app

import (
	"context"
	"time"

	"gamehall/internal/auth"
	"gamehall/internal/bonus"
	"gamehall/internal/exclusion"
	"gamehall/internal/ledger"
	"gamehall/internal/referral"
	"gamehall/internal/site"
	"gamehall/internal/wallet"
)

// referralSweepInterval is how often the last closed period's bet shares
// are looked at; a period paid before is skipped with one read.
const referralSweepInterval = 5 * time.Minute

// referrals wires the recommend feature. The wallet is built after it (a
// credited deposit asks it for the first-deposit reward), so the wallet
// half is bound late.
type referrals struct {
	svc    *referral.Service
	wallet *lateWallet
}

func (a *App) buildReferral(w *wiring, s *sites, m *members, l *ledger.Ledger, ex *exclusion.Service) *referrals {
	zone := site.Zone()
	lw := &lateWallet{}
	svc := referral.NewService(referral.Deps{DB: a.DB, Sites: s.svc, Members: m.svc, Wallet: lw, Exclusions: exclusions{ex},
		Ledger: l, Now: time.Now, Zone: zone})
	referral.NewHandler(svc).Routes(w.router.With(auth.Required(w.apis)))
	a.loops = append(a.loops, a.every(referralSweepInterval, "referral shares", svc.Sweep))
	return &referrals{svc: svc, wallet: lw}
}

// lateWallet is the wallet, set once it is built.
type lateWallet struct{ svc *wallet.Service }

func (w *lateWallet) PaidDeposits(ctx context.Context, memberID int64) (int, error) {
	return w.svc.PaidDeposits(ctx, memberID)
}

func (w *lateWallet) HolderNames(ctx context.Context, memberID int64, currency string) ([]string, error) {
	return w.svc.HolderNames(ctx, memberID, currency)
}

// exclusions tells the recommend feature whether a restriction binds.
type exclusions struct{ svc *exclusion.Service }

func (e exclusions) Excluded(ctx context.Context, memberID int64) (bool, error) {
	st, err := e.svc.Status(ctx, memberID)
	return st.State != nil, err
}

// depositHooks is what a credited deposit and a withdrawal ask: the
// promotion bonus first, then the recommender's first-deposit reward, both
// in the transaction that credits the deposit.
type depositHooks struct {
	bonus    *bonus.Service
	referral *referral.Service
}

func (d depositHooks) DepositCompleted(ctx context.Context, memberID int64, currency, orderNo string, amount int64) error {
	if err := d.bonus.DepositCompleted(ctx, memberID, currency, orderNo, amount); err != nil {
		return err
	}
	return d.referral.DepositCompleted(ctx, memberID, currency, orderNo, amount)
}

func (d depositHooks) CheckWithdrawal(ctx context.Context, siteID, memberID int64, currency string) error {
	return d.bonus.CheckWithdrawal(ctx, siteID, memberID, currency)
}
