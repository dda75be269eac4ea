package ledger

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
)

// TestBatchIsolatesFailures commits one batch in which a debit the member
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
		batch := make([]*request, len(entries))
		for i, e := range entries {
			batch[i] = newRequest(t, l, e)
		}
		(&batcher{l: l}).commit(batch)
		got := make([]error, len(batch))
		for i, r := range batch {
			<-r.answered
			_, got[i] = r.p.answer(r.out, r.err)
		}
		want := []error{nil, ErrInsufficient, ErrKeyReused, nil, nil}
		for i := range want {
			if !errors.Is(got[i], want[i]) || (want[i] == nil && got[i] != nil) {
				t.Fatalf("posting %d of the batch answered %v, want %v", i, got[i], want[i])
			}
		}
		if batch[3].out.Balance(main(1)) != 70 || !batch[4].out.Replayed || batch[4].out.TxID != batch[0].out.TxID {
			t.Fatalf("neighbours: %+v, %+v", batch[3].out, batch[4].out)
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

func newRequest(t *testing.T, l *Ledger, e Entry) *request {
	t.Helper()
	sorted, err := e.validate()
	if err != nil {
		t.Fatal(err)
	}
	return &request{ctx: context.Background(), p: pending{entry: e, sorted: sorted, fp: e.fingerprint(sorted), shard: l.shard(e)},
		answered: make(chan struct{})}
}

// TestCloseDrainsTheQueue: Close commits and answers every posting queued
// before it; it may run twice, and a post after it commits on its own.
func TestCloseDrainsTheQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := New(d, time.Now, nil, WithGroupCommit())
		deposit := func(key string) Entry {
			return Entry{Key: key, Kind: Deposit, Currency: "USD", Postings: []Posting{
				{Account: Account{Kind: Clearing, Provider: "sandbox"}, Amount: -1}, {Account: Account{Kind: Main, MemberID: 1}, Amount: 1}}}
		}
		queued := make([]*request, 32)
		for i := range queued {
			queued[i] = newRequest(t, l, deposit(fmt.Sprintf("drain-%d", i)))
			l.batch.queue <- queued[i]
		}
		l.Close()
		for i, r := range queued {
			select {
			case <-r.answered:
				if r.err != nil {
					t.Fatalf("queued posting %d: %v", i, r.err)
				}
			default:
				t.Fatalf("queued posting %d not answered after Close", i)
			}
		}
		l.Close()
		if _, err := l.Post(ctx, deposit("after-close")); err != nil {
			t.Fatal(err)
		}
		if b, _ := l.Balance(ctx, Account{Kind: Main, MemberID: 1}, "USD"); b != 33 {
			t.Fatalf("balance %d, want 33", b)
		}
		if r, err := l.Audit(ctx); err != nil || !r.Clean {
			t.Fatalf("audit %+v %v", r, err)
		}
	})
}
