package ledger

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"gamehall/internal/db"
)

// batcher posts the entries of concurrent callers outside a transaction on
// PostgreSQL: a writer gathers what is waiting and posts it in one
// statement (ledger_post_batch, migration 00061), one round trip
// and one commit for the lot, and answers each caller once it committed.
// Posted one at a time, each entry paid a commit and a round trip of its
// own and kept a server process of its own busy; a batch keeps one busy.
// Two writers take turns: one's batch runs while the other's commits.
type batcher struct {
	l *Ledger
	// mu orders Close against post: entries queue under the read lock, so
	// none is queued once Close has closed the queue.
	mu     sync.RWMutex
	closed bool
	queue  chan *batchItem
	done   chan struct{} // closed when every writer has ended
	wg     sync.WaitGroup
}

// batchItem is one caller's entry waiting for its batch.
type batchItem struct {
	ctx context.Context
	p   pending
	ids []int64
	// What the batch answered: the result of a posted entry, or that its
	// key exists (the caller replays it) or that a member account could not
	// cover it; err when the batch failed.
	out      Result
	status   int
	err      error
	answered chan struct{}
}

// ledger_post_batch's statuses.
const (
	batchPosted       = 0
	batchKeyExists    = 1
	batchInsufficient = 2
)

const (
	// batchQueued bounds the entries waiting for the writer; callers beyond
	// it wait to queue.
	batchQueued = 1024
	// batchMax bounds one statement: each entry is a subtransaction, and
	// PostgreSQL keeps 64 of a transaction's subtransactions in shared
	// memory before every other session's snapshot has to look further.
	batchMax = 64
	// batchWriters post batches at once: with one, the next batch waited
	// for the last one's commit (bench/wallet 5,400-6,100 postings/s, 0.50-
	// 0.53 of the raw loop; with two 8,500-9,400, 0.77-0.81, their accounts
	// locked first; three made smaller batches, 0.64-0.71). A batch locks
	// its accounts first, in the ledger's order (lockOrder).
	batchWriters = 2
)

func newBatcher(l *Ledger) *batcher {
	b := &batcher{l: l, queue: make(chan *batchItem, batchQueued), done: make(chan struct{})}
	b.wg.Add(batchWriters)
	for range batchWriters {
		go b.run()
	}
	go func() { b.wg.Wait(); close(b.done) }()
	return b
}

// post writes p in the next batch and answers as Post would.
func (b *batcher) post(ctx context.Context, p pending) (Result, error) {
	ids, err := b.l.accountIDs(ctx, p)
	if err != nil {
		return Result{}, err
	}
	it := &batchItem{ctx: ctx, p: p, ids: ids, answered: make(chan struct{})}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return b.l.postAlone(ctx, p)
	}
	b.queue <- it
	b.mu.RUnlock()
	// Wait even when ctx ends meanwhile: the batch may have committed the
	// entry already, and the caller must learn whether it did.
	<-it.answered
	switch {
	case it.err != nil:
		return Result{}, it.err
	case it.status == batchInsufficient:
		return Result{}, ErrInsufficient
	case it.status == batchKeyExists:
		return b.l.replay(ctx, p.entry, p.fp)
	}
	return it.out, nil
}

// run posts batches until the queue is closed and drained.
func (b *batcher) run() {
	defer b.wg.Done()
	for first := range b.queue {
		batch := db.Gather(first, b.queue, batchMax)
		b.postBatch(batch)
		for _, it := range batch {
			close(it.answered)
		}
	}
}

// postBatch posts batch in one statement. When the statement fails as a
// whole (a deadlock with another node's batch, a connection lost), each
// entry is posted on its own instead, so that one cause fails one caller.
func (b *batcher) postBatch(batch []*batchItem) {
	live := batch[:0:0]
	for _, it := range batch {
		if err := it.ctx.Err(); err != nil {
			it.err = err
			continue
		}
		live = append(live, it)
	}
	if len(live) == 0 {
		return
	}
	if err := b.l.store.postBatch(context.Background(), live, b.l.now().UTC().UnixMicro()); err == nil {
		return
	}
	for _, it := range live {
		// Posted alone, a key that exists is replayed there.
		it.out, it.err = b.l.postAlone(context.WithoutCancel(it.ctx), it.p)
		it.status = batchPosted
		if errors.Is(it.err, db.ErrCheck) {
			it.err, it.status = nil, batchInsufficient
		}
	}
}

// close stops taking entries, posts what is queued and waits for it.
func (b *batcher) close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.mu.Unlock()
	<-b.done
}

// postBatch calls ledger_post_batch for items and fills in each one's
// answer.
func (s *store) postBatch(ctx context.Context, items []*batchItem, now int64) error {
	n := len(items)
	keys, fps, kinds, currencies := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	refs, memos, counts := make([]string, n), make([]string, n), make([]int32, n)
	var accounts, amounts []int64
	for i, it := range items {
		e := it.p.entry
		keys[i], fps[i], kinds[i], currencies[i], refs[i], memos[i] = e.Key, it.p.fp, string(e.Kind), e.Currency, e.Reference, e.Memo
		counts[i] = int32(len(it.p.sorted))
		for j, p := range it.p.sorted {
			accounts = append(accounts, it.ids[j])
			amounts = append(amounts, p.Amount)
		}
		it.out = Result{CreatedAt: time.UnixMicro(now).UTC(), Lines: make([]Line, 0, len(it.p.sorted))}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT out_entry, out_status, out_tx, out_after
		FROM ledger_post_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		keys, fps, kinds, currencies, refs, memos, now, counts, accounts, amounts, lockOrder(items))
	if err != nil {
		return fmt.Errorf("post batch: %w", db.MapError(err))
	}
	defer rows.Close()
	for rows.Next() {
		var entry, status int
		var tx, after *int64
		if err := rows.Scan(&entry, &status, &tx, &after); err != nil {
			return fmt.Errorf("post batch: %w", db.MapError(err))
		}
		if entry < 1 || entry > n {
			return fmt.Errorf("post batch: entry %d of %d", entry, n)
		}
		it := items[entry-1]
		it.status = status
		if status != batchPosted || tx == nil || after == nil {
			continue
		}
		k := len(it.out.Lines)
		if k >= len(it.p.sorted) {
			return fmt.Errorf("post batch: entry %d has more lines than it posted", entry)
		}
		it.out.TxID = *tx
		it.out.Lines = append(it.out.Lines, Line{Account: it.p.sorted[k].Account, AccountID: it.ids[k], Amount: it.p.sorted[k].Amount,
			BalanceAfter: *after})
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("post batch: %w", db.MapError(err))
	}
	return nil
}

// lockOrder is every account of a batch once, in the ledger's lock order
// (then by id: one account in two currencies): the batch locks them all
// before its first entry (migration 00061), so batches of two writers that
// share accounts queue in one order instead of deadlocking.
func lockOrder(items []*batchItem) []int64 {
	type held struct {
		a  Account
		id int64
	}
	var all []held
	for _, it := range items {
		for j, p := range it.p.sorted {
			all = append(all, held{p.Account, it.ids[j]})
		}
	}
	slices.SortFunc(all, func(x, y held) int { return cmp.Or(x.a.compare(y.a), cmp.Compare(x.id, y.id)) })
	ids := make([]int64, 0, len(all))
	for i, h := range all {
		if i == 0 || h.id != all[i-1].id {
			ids = append(ids, h.id)
		}
	}
	return ids
}
