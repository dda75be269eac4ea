package ledger

import (
	"context"
	"errors"
	"runtime"
	"sync"
)

// batcher is group commit: callers outside a transaction queue their
// postings and one writer commits whatever is waiting in one transaction,
// each posting in a savepoint of its own. One durable commit (one sync on
// SQLite) then serves the whole batch, and a posting that is refused
// (insufficient funds, a reused key) rolls back to its savepoint and fails
// alone: its neighbours commit. Each caller is answered only after the
// batch's commit returned, so an acknowledged posting is on disk.
type batcher struct {
	l *Ledger
	// mu orders close against posts: a post queues under the read lock,
	// so no post is queued once close has closed the queue.
	mu     sync.RWMutex
	closed bool
	queue  chan *request
	done   chan struct{}
}

// request is one caller's posting waiting for its batch.
type request struct {
	ctx      context.Context
	p        pending
	out      Result
	err      error
	answered chan struct{}
}

const (
	// queued bounds the postings waiting for the writer; callers beyond it
	// wait to queue, which is the back pressure.
	queued = 1024
	// maxBatch bounds one transaction, so one batch's latency stays short
	// while the queue is long.
	maxBatch = 256
)

// errNoBatch: group commit is off or closed; the caller commits alone.
var errNoBatch = errors.New("ledger: no group commit")

func newBatcher(l *Ledger) *batcher {
	b := &batcher{l: l, queue: make(chan *request, queued), done: make(chan struct{})}
	go b.run()
	return b
}

// post queues p and waits for its batch's outcome. It waits even when ctx
// ends meanwhile: the batch may have committed p already, and the caller
// must learn whether it did (a posting not yet begun when ctx ended is
// skipped and answers ctx's error).
func (b *batcher) post(ctx context.Context, p pending) (Result, error) {
	if b == nil {
		return Result{}, errNoBatch
	}
	r := &request{ctx: ctx, p: p, answered: make(chan struct{})}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return Result{}, errNoBatch
	}
	b.queue <- r
	b.mu.RUnlock()
	<-r.answered
	return r.out, r.err
}

// run commits batches until the queue is closed and drained.
func (b *batcher) run() {
	defer close(b.done)
	for first := range b.queue {
		batch := []*request{first}
		// Callers answered by the last commit are queueing again: yield
		// once to the ones about to, rather than commit (and sync) a
		// handful now and the rest right after.
		yielded := false
	fill:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-b.queue:
				if !ok {
					break fill
				}
				batch = append(batch, r)
			default:
				if yielded {
					break fill
				}
				yielded = true
				runtime.Gosched()
			}
		}
		b.commit(batch)
	}
}

// commit writes a batch in one transaction, each posting in a savepoint,
// and answers every caller once the transaction ended. A failed commit
// fails every posting of the batch: none of them was written.
func (b *batcher) commit(batch []*request) {
	l := b.l
	err := l.db.Tx(context.Background(), func(ctx context.Context) error {
		for _, r := range batch {
			if err := r.ctx.Err(); err != nil {
				r.err = err
				continue
			}
			r.err = l.db.Tx(ctx, func(ctx context.Context) error {
				var err error
				r.out, err = l.write(ctx, r.p)
				return err
			})
		}
		return nil
	})
	for _, r := range batch {
		if err != nil && r.err == nil {
			r.out, r.err = Result{}, err
		}
		close(r.answered)
	}
}

// close stops taking postings, lets the writer commit what is queued and
// waits for it.
func (b *batcher) close() {
	if b == nil {
		return
	}
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.mu.Unlock()
	<-b.done
}
