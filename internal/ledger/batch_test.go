package ledger

import (
	"context"
	"errors"
	"fmt"
	"sync"
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

// TestBatchesOfTwoWritersQueueOnSharedAccounts: two batches holding the
// same 32 members' entries in opposite orders, posted at once 20 times. Each
// locks every account it touches first, in the ledger's order, so one
// waits for the other: entry by entry, the first would hold one member's
// accounts and wait for the second's while the other batch held those
// (PostgreSQL breaks such a deadlock after a second by failing a batch).
func TestBatchesOfTwoWritersQueueOnSharedAccounts(t *testing.T) {
	d := dbtest.Postgres(t)
	ctx := context.Background()
	l := New(d, time.Now, nil, WithBatches())
	defer l.Close()
	const rounds, funds = 20, 10_000
	var members []int64
	for m := range int64(32) {
		members = append(members, 100+m)
	}
	for _, m := range members {
		if _, err := l.Post(ctx, Entry{Key: fmt.Sprintf("fund-%d", m), Kind: Deposit, Currency: "USD", Postings: []Posting{
			{Account: Account{Kind: Clearing, Provider: "sandbox"}, Amount: -funds}, {Account: Account{Kind: Main, MemberID: m}, Amount: funds}}}); err != nil {
			t.Fatal(err)
		}
	}
	item := func(key string, m int64) *batchItem {
		e := Entry{Key: key, Kind: TransferIn, Currency: "USD", Postings: []Posting{
			{Account: Account{Kind: Main, MemberID: m}, Amount: -1}, {Account: Account{Kind: Provider, MemberID: m, Provider: "GP001"}, Amount: 1}}}
		sorted, err := e.validate()
		if err != nil {
			t.Fatal(err)
		}
		p := pending{entry: e, sorted: sorted, fp: e.fingerprint(sorted), shard: l.shard(e)}
		ids, err := l.accountIDs(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		return &batchItem{ctx: ctx, p: p, ids: ids, answered: make(chan struct{})}
	}
	for r := range rounds {
		batches := [2][]*batchItem{}
		for i, m := range members {
			batches[0] = append(batches[0], item(fmt.Sprintf("x-%d-%d", r, i), m))
			batches[1] = append([]*batchItem{item(fmt.Sprintf("y-%d-%d", r, i), m)}, batches[1]...)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, b := range batches {
			wg.Go(func() { errs[i] = l.store.postBatch(ctx, b, time.Now().UTC().UnixMicro()) })
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
	}
	for _, m := range members {
		if b, err := l.Balance(ctx, Account{Kind: Main, MemberID: m}, "USD"); err != nil || b != funds-2*rounds {
			t.Fatalf("member %d main %d (%v), want %d", m, b, err, funds-2*rounds)
		}
	}
	if r, err := l.Audit(ctx); err != nil || !r.Clean {
		t.Fatalf("audit %+v %v", r, err)
	}
}
