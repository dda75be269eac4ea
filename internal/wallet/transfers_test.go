package wallet_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/provider"
)

// fakeProvider is a remote transfer-wallet provider the test drives: its
// own wallets, the transfers it applied, and faults.
type fakeProvider struct {
	mu        sync.Mutex
	wallets   map[int64]int64
	applied   map[string]provider.TransferResult
	rounds    []provider.Round
	fault     string // "", "timeout" (nothing applied), "lost" (applied, answer lost), "refuse"
	queryDown bool
}

func newProvider() *fakeProvider {
	return &fakeProvider{wallets: map[int64]int64{}, applied: map[string]provider.TransferResult{}}
}

func (p *fakeProvider) Code() string                                               { return "GP777" }
func (p *fakeProvider) Has(string) bool                                            { return true }
func (p *fakeProvider) EnsurePlayer(context.Context, provider.Player) error        { return nil }
func (p *fakeProvider) LaunchURL(context.Context, provider.Launch) (string, error) { return "/x", nil }
func (p *fakeProvider) Leave(context.Context, provider.Player) error               { return nil }

func (p *fakeProvider) transfer(t provider.Transfer, sign int64) (provider.TransferResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if prev, ok := p.applied[t.OrderNo]; ok {
		return prev, nil
	}
	switch p.fault {
	case "timeout":
		return provider.TransferResult{}, provider.ErrUnavailable
	case "refuse":
		r := provider.TransferResult{OrderNo: t.OrderNo, Status: provider.TransferFailed}
		p.applied[t.OrderNo] = r
		return r, nil
	}
	if sign < 0 && p.wallets[t.Player.MemberID] < t.Amount {
		r := provider.TransferResult{OrderNo: t.OrderNo, Status: provider.TransferFailed}
		p.applied[t.OrderNo] = r
		return r, nil
	}
	p.wallets[t.Player.MemberID] += sign * t.Amount
	r := provider.TransferResult{OrderNo: t.OrderNo, Status: provider.TransferDone, Balance: p.wallets[t.Player.MemberID]}
	p.applied[t.OrderNo] = r
	if p.fault == "lost" {
		return provider.TransferResult{}, provider.ErrUnavailable
	}
	return r, nil
}

func (p *fakeProvider) TransferIn(_ context.Context, t provider.Transfer) (provider.TransferResult, error) {
	return p.transfer(t, 1)
}

func (p *fakeProvider) TransferOut(_ context.Context, t provider.Transfer) (provider.TransferResult, error) {
	return p.transfer(t, -1)
}

func (p *fakeProvider) Balance(_ context.Context, pl provider.Player) (int64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.wallets[pl.MemberID], nil
}

func (p *fakeProvider) QueryTransfer(_ context.Context, orderNo string) (provider.TransferResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.queryDown {
		return provider.TransferResult{}, provider.ErrUnavailable
	}
	if r, ok := p.applied[orderNo]; ok {
		return r, nil
	}
	return provider.TransferResult{OrderNo: orderNo, Status: provider.TransferUnknown}, nil
}

func (p *fakeProvider) Rounds(_ context.Context, after int64, limit int) ([]provider.Round, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []provider.Round
	for _, r := range p.rounds {
		if r.ID > after && len(out) < limit {
			out = append(out, r)
		}
	}
	return out, nil
}

func (p *fakeProvider) Records(context.Context) ([]provider.WalletRecord, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []provider.WalletRecord
	for m, b := range p.wallets {
		out = append(out, provider.WalletRecord{MemberID: m, Currency: "USD", Balance: b})
	}
	return out, nil
}

// play is a round at the provider: stake taken, win paid.
func (p *fakeProvider) play(member, stake, win int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.wallets[member] += win - stake
	p.rounds = append(p.rounds, provider.Round{ID: int64(len(p.rounds) + 1), MemberID: member, Currency: "USD", Stake: stake, Win: win})
}

// agePending makes pending transfers old enough for the reconciler.
func agePending(t *testing.T, d *db.DB) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), `UPDATE provider_transfers SET updated_at = updated_at - $1`,
		int64(time.Hour/time.Microsecond)); err != nil {
		t.Fatal(err)
	}
}

// TestTransfersSettleOnceUnderFaults: transfers in and out that time out,
// are refused, or succeed with the reply lost are settled exactly once (by
// the answer or the reconciler), rounds at the provider are booked, and the
// audit, with the provider's own record, is clean after every step.
func TestTransfersSettleOnceUnderFaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		e.fund(t, e.alice, "1000", "fund")
		p := newProvider()
		reg := provider.NewRegistry(p)
		audit := func(step string) {
			t.Helper()
			if err := e.svc.BookRounds(ctx, p); err != nil {
				t.Fatalf("%s: book rounds: %v", step, err)
			}
			r, err := e.ledger.Audit(ctx, records{p})
			if err != nil || !r.Clean {
				t.Fatalf("%s: audit %v %v", step, r.Violations, err)
			}
		}
		wallet := func() int64 {
			b, _ := e.ledger.Balance(ctx, ledger.Account{Kind: ledger.Provider, MemberID: e.alice.ID, Provider: "GP777"}, "USD")
			return b
		}

		// A clean transfer of 300.
		if n, err := e.svc.TransferIn(ctx, e.alice, p, 300_00); err != nil || n != 300_00 {
			t.Fatalf("transfer in: %d %v", n, err)
		}
		audit("clean transfer")

		// Refused: the money comes straight back.
		p.fault = "refuse"
		if _, err := e.svc.TransferIn(ctx, e.alice, p, 100_00); code(err) != 957 {
			t.Fatalf("refused transfer: %v", err)
		}
		if e.main(t, e.alice) != 700_00 {
			t.Fatalf("main after a refusal: %d", e.main(t, e.alice))
		}
		audit("refused")

		// Timed out before the provider applied it: the reconciler finds it
		// unknown there and returns it.
		p.fault = "timeout"
		if _, err := e.svc.TransferIn(ctx, e.alice, p, 100_00); !errors.Is(err, provider.ErrUnavailable) {
			t.Fatalf("timed-out transfer: %v", err)
		}
		if e.main(t, e.alice) != 600_00 {
			t.Fatalf("a timed-out transfer's money must be in transit: main %d", e.main(t, e.alice))
		}
		p.fault = ""
		agePending(t, d)
		for range 2 {
			if err := e.svc.ReconcileTransfers(ctx, reg.Wallet); err != nil {
				t.Fatal(err)
			}
		}
		if e.main(t, e.alice) != 700_00 || wallet() != 300_00 {
			t.Fatalf("after reconciling a lost request: main %d, wallet %d", e.main(t, e.alice), wallet())
		}
		audit("timed out")

		// Applied, answer lost: the reconciler completes it once.
		p.fault = "lost"
		if _, err := e.svc.TransferIn(ctx, e.alice, p, 200_00); !errors.Is(err, provider.ErrUnavailable) {
			t.Fatalf("lost answer: %v", err)
		}
		p.fault = ""
		agePending(t, d)
		p.queryDown = true
		_ = e.svc.ReconcileTransfers(ctx, reg.Wallet)
		if wallet() != 300_00 {
			t.Fatal("settled while the provider did not answer")
		}
		p.queryDown = false
		for range 2 {
			_ = e.svc.ReconcileTransfers(ctx, reg.Wallet)
		}
		if e.main(t, e.alice) != 500_00 || wallet() != 500_00 {
			t.Fatalf("after reconciling a lost answer: main %d, wallet %d", e.main(t, e.alice), wallet())
		}
		audit("lost answer")

		// Play at the provider, then everything comes back with its result.
		p.play(e.alice.ID, 50_00, 0)
		p.play(e.alice.ID, 20_00, 90_00)
		if n, err := e.svc.TransferOut(ctx, e.alice, p); err != nil || n != 520_00 {
			t.Fatalf("transfer out: %d %v", n, err)
		}
		if e.main(t, e.alice) != 1020_00 || wallet() != 0 {
			t.Fatalf("after leaving: main %d, wallet %d", e.main(t, e.alice), wallet())
		}
		audit("out")
	})
}

// records shows the fake provider's wallets to the audit.
type records struct{ p *fakeProvider }

func (r records) Code() string { return r.p.Code() }
func (r records) Wallets(ctx context.Context) ([]ledger.ProviderWallet, error) {
	recs, _ := r.p.Records(ctx)
	out := make([]ledger.ProviderWallet, len(recs))
	for i, x := range recs {
		out[i] = ledger.ProviderWallet{MemberID: x.MemberID, Currency: x.Currency, Balance: x.Balance}
	}
	return out, nil
}
