package ledger

import (
	"context"
	"errors"
	"testing"
	"time"

	"gamehall/internal/dbtest"
)

// TestBatchFailingAsAWhole: when the batch statement fails as a whole (an
// entry of a currency the database does not know), every entry is posted
// on its own: the good one commits, the bad one alone fails, nothing else
// is written.
func TestBatchFailingAsAWhole(t *testing.T) {
	d := dbtest.Postgres(t)
	ctx := context.Background()
	l := New(d, time.Now, nil, WithBatches())
	defer l.Close()
	entry := func(key, currency string) Entry {
		return Entry{Key: key, Kind: Deposit, Currency: currency, Postings: []Posting{
			{Account: Account{Kind: Clearing, Provider: "sandbox"}, Amount: -500}, {Account: Account{Kind: Main, MemberID: 3}, Amount: 500}}}
	}
	item := func(e Entry) *batchItem {
		sorted, err := e.validate()
		if err != nil {
			t.Fatal(err)
		}
		p := pending{entry: e, sorted: sorted, fp: e.fingerprint(sorted), shard: l.shard(e)}
		usd := p
		usd.entry.Currency = "USD"
		ids, err := l.accountIDs(ctx, usd) // the bad entry borrows USD's accounts
		if err != nil {
			t.Fatal(err)
		}
		return &batchItem{ctx: ctx, p: p, ids: ids, answered: make(chan struct{})}
	}
	good, bad := item(entry("good", "USD")), item(entry("bad", "XTS"))
	l.batch.postBatch([]*batchItem{bad, good})
	if good.err != nil || good.status != batchPosted || good.out.Balance(Account{Kind: Main, MemberID: 3}) != 500 {
		t.Fatalf("good entry: %+v status %d %v", good.out, good.status, good.err)
	}
	if bad.err == nil {
		t.Fatalf("bad entry posted: %+v", bad.out)
	}
	r, err := l.Audit(ctx)
	if err != nil || !r.Clean || r.Transactions != 1 {
		t.Fatalf("audit %+v %v", r, err)
	}
	if _, err := l.Post(ctx, entry("good", "USD")); err != nil {
		t.Fatalf("replaying the good entry through the batch: %v", err)
	}
	if _, err := l.Post(ctx, Entry{Key: "short", Kind: Bet, Currency: "USD", Postings: []Posting{
		{Account: Account{Kind: Main, MemberID: 3}, Amount: -501}, {Account: Account{Kind: House, Provider: "GP001"}, Amount: 501}}}); !errors.Is(err, ErrInsufficient) {
		t.Fatalf("a debit the batch cannot cover: %v", err)
	}
}
