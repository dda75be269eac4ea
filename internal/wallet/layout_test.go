package wallet_test

import (
	"context"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/wallet"
)

// The member layout's cash and wallet_status come from the ledger: the
// status says whether a provider's wallet still holds part of the money.
func TestLayoutFollowsTheLedger(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		ctx := context.Background()
		layout := func() wallet.LayoutState {
			t.Helper()
			l, err := e.svc.Layout(ctx, e.alice)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		if l := layout(); l.Cash.Minor != 0 || l.WalletStatus != wallet.WalletInMain {
			t.Fatalf("empty wallet: %+v", l)
		}
		e.fund(t, e.alice, "100.00", "layout")
		main := ledger.Account{Kind: ledger.Main, MemberID: e.alice.ID}
		gp := ledger.Account{Kind: ledger.Provider, MemberID: e.alice.ID, Provider: "GP001"}
		move := func(key string, from, to ledger.Account, amt int64) {
			t.Helper()
			if _, err := e.ledger.Post(ctx, ledger.Entry{Key: key, Kind: ledger.TransferIn, Currency: "USD",
				Postings: []ledger.Posting{{Account: from, Amount: -amt}, {Account: to, Amount: amt}}}); err != nil {
				t.Fatal(err)
			}
		}
		move("layout-in", main, gp, 40_00)
		if l := layout(); l.Cash.Minor != 60_00 || l.WalletStatus != wallet.WalletInProvider {
			t.Fatalf("40.00 in a provider wallet: %+v", l)
		}
		move("layout-out", gp, main, 40_00)
		if l := layout(); l.Cash.Minor != 100_00 || l.WalletStatus != wallet.WalletInMain {
			t.Fatalf("all back in the main wallet: %+v", l)
		}
		e.audit(t)
	})
}
