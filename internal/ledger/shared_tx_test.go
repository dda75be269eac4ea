package ledger

import (
	"context"
	"errors"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

// TestBatchIsolatesFailures commits one shared transaction (what a group
// commit batch is: each posting in its savepoint) in which a debit the member
// cannot cover (301) and a reused key (302) fail while their neighbours,
// one of them spending money a neighbour of the same batch brought, and a
// replay of a key posted earlier in the batch, commit. The refused debit
// opened its member's account inside its savepoint: that row and its
// cached id are gone with it, and a later posting opens it again.
func TestBatchIsolatesFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := New(d, time.Now, nil)
		main := func(m int64) Account { return Account{Kind: Main, MemberID: m} }
		clearing := Account{Kind: Clearing, Provider: "sandbox"}
		house := Account{Kind: House, Provider: "GP001"}
		move := func(key string, kind Kind, from, to Account, amount int64) Entry {
			return Entry{Key: key, Kind: kind, Currency: "USD", Postings: []Posting{{Account: from, Amount: -amount}, {Account: to, Amount: amount}}}
		}
		entries := []Entry{
			move("dep", Deposit, clearing, main(1), 100),
			move("broke", Bet, main(2), house, 50),
			move("dep", Deposit, clearing, main(1), 999),
			move("bet", Bet, main(1), house, 30),
			move("dep", Deposit, clearing, main(1), 100),
		}
		got, outs := make([]error, len(entries)), make([]Result, len(entries))
		if err := d.Tx(ctx, func(ctx context.Context) error {
			for i, e := range entries {
				outs[i], got[i] = l.Post(ctx, e)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		want := []error{nil, ErrInsufficient, ErrKeyReused, nil, nil}
		for i := range want {
			if !errors.Is(got[i], want[i]) || (want[i] == nil && got[i] != nil) {
				t.Fatalf("posting %d of the batch answered %v, want %v", i, got[i], want[i])
			}
		}
		if outs[3].Balance(main(1)) != 70 || !outs[4].Replayed || outs[4].TxID != outs[0].TxID {
			t.Fatalf("neighbours: %+v, %+v", outs[3], outs[4])
		}
		for m, want := range map[int64]int64{1: 70, 2: 0} {
			if b, _ := l.Balance(ctx, main(m), "USD"); b != want {
				t.Fatalf("member %d holds %d, want %d", m, b, want)
			}
		}
		var opened int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger_accounts WHERE member_id = 2`).Scan(&opened); err != nil || opened != 0 {
			t.Fatalf("the refused debit's account row: %d %v", opened, err)
		}
		if _, err := l.Post(ctx, move("dep-2", Deposit, clearing, main(2), 5)); err != nil {
			t.Fatalf("deposit to the member whose account a refused posting opened: %v", err)
		}
		r, err := l.Audit(ctx)
		if err != nil || !r.Clean || r.Transactions != 3 {
			t.Fatalf("audit %+v %v", r, err)
		}
	})
}
