package db

import (
	"context"
	"database/sql"
	"errors"
	"runtime"
	"strings"
	"sync"
)

// Group is group commit: callers outside a transaction queue their work and
// one writer runs whatever is waiting in one transaction. One durable commit
// (one sync on SQLite, which commits one writer at a time) then serves the
// whole batch. Each caller is answered only after the batch's commit
// returned and its after-commit effects ran, so acknowledged work is on
// disk. The ledger's postings and the in-house real-money rounds share one
// Group, so a round and the postings of other members' rounds commit
// together.
//
// On SQLite the writer does not wait for the sync: it commits a batch
// without one and hands it to the answerer, which answers the batch's
// callers and runs its after-commit effects once the WAL is on disk (see
// fence), while the writer runs the next batch.
//
// Work that fails (a refused debit, a unique violation) must fail alone:
// its neighbours commit. The writer first runs a batch optimistically, with
// no savepoint at all (each costs two statements and, on SQLite, a
// statement journal allocated and freed); when any work or any transaction
// nested in one fails, even one whose caller carried on, that run is rolled
// back and the batch runs again with each work in a savepoint of its own,
// where a failure rolls back to it. A work's fn may therefore run twice; it
// must leave the world alone but through the database and AfterCommit.
type Group struct {
	d *DB
	// mu orders Close against Tx: work queues under the read lock, so
	// nothing is queued once Close has closed the queue.
	mu     sync.RWMutex
	closed bool
	queue  chan *groupWork
	done   chan struct{}
	// conn is the writer's own connection on SQLite (nil: the pool's).
	// SQLite drops a connection's page cache whenever another connection
	// wrote since its last transaction, so batches hopping between the
	// pool's connections read every page afresh; on one connection of its
	// own the writer's cache stays warm from batch to batch, and it is
	// larger (writerCache) than the pool's: every round lands on leaves
	// of indexes keyed by member and session all over the database.
	conn *sql.Conn
	// fence counts the writer's batches when they commit without a sync,
	// which answered carries to the answerer (both nil: each commit syncs
	// and the writer answers).
	fence    *fence
	answered chan committed
	// memo is the writer's memo of counters (nil without a connection of
	// its own: the pool's connections each see others' writes).
	memo *memo
}

// committed is a batch the writer ended: its after-commit effects and its
// error, or the number its commit has on the fence.
type committed struct {
	batch   []*groupWork
	effects []func()
	seq     uint64
	err     error
}

// groupWork is one caller's work waiting for its batch.
type groupWork struct {
	ctx      context.Context
	fn       func(ctx context.Context) error
	err      error
	answered chan struct{}
}

// writerCache sets the writer connection's page cache: 64 MiB.
const writerCache = "PRAGMA cache_size = -65536"

const (
	// groupQueued bounds the work waiting for the writer; callers beyond it
	// wait to queue, which is the back pressure.
	groupQueued = 1024
	// groupMax bounds one transaction, so one batch's latency stays short
	// while the queue is long.
	groupMax = 256
	// groupAhead is how many committed batches may wait for their sync
	// before the writer waits too.
	groupAhead = 4
)

// NewGroup starts a group committer on d; Close stops it.
func NewGroup(d *DB) *Group {
	g := &Group{d: d, queue: make(chan *groupWork, groupQueued), done: make(chan struct{})}
	go g.run()
	return g
}

// Tx runs fn like DB.Tx: inside the transaction ctx carries, if any (a
// savepoint), else in the next batch transaction. fn sees ctx's values but
// not its cancellation once the batch has begun it: a statement cancelled
// half way would take the whole batch's transaction with it on SQLite. Work
// whose ctx ended before its batch began is skipped with ctx's error. On a
// closed Group, fn commits on its own.
func (g *Group) Tx(ctx context.Context, fn func(ctx context.Context) error) error {
	if g.d.InTx(ctx) {
		return g.d.Tx(ctx, fn)
	}
	w := &groupWork{ctx: ctx, fn: fn, answered: make(chan struct{})}
	g.mu.RLock()
	if g.closed {
		g.mu.RUnlock()
		return g.d.Tx(ctx, fn)
	}
	g.queue <- w
	g.mu.RUnlock()
	// Wait even when ctx ends meanwhile: the batch may have committed the
	// work already, and the caller must learn whether it did.
	<-w.answered
	return w.err
}

// run commits batches until the queue is closed and drained.
func (g *Group) run() {
	defer close(g.done)
	if g.d.Dialect == SQLite {
		if conn, err := g.d.Conn(context.Background()); err == nil {
			defer conn.Close()
			if _, err := conn.ExecContext(context.Background(), writerCache); err == nil {
				g.conn, g.memo = conn, newMemo()
			}
			if g.conn != nil && walMode(conn) {
				if _, err := conn.ExecContext(context.Background(), "PRAGMA synchronous = NORMAL"); err == nil {
					g.fence = g.d.fence
					g.answered = make(chan committed, groupAhead)
					answering := make(chan struct{})
					go g.answer(answering)
					defer func() { close(g.answered); <-answering }()
				}
			}
		}
	}
	for first := range g.queue {
		batch := Gather(first, g.queue, groupMax)
		g.commit(batch)
	}
}

// walMode reports whether conn's database keeps a WAL file, the one the
// fence syncs (an in-memory database has none).
func walMode(conn *sql.Conn) bool {
	var mode string
	err := conn.QueryRowContext(context.Background(), "PRAGMA journal_mode").Scan(&mode)
	return err == nil && strings.EqualFold(mode, "wal")
}

// answer answers the writer's batches in order, each once it is on disk,
// after running its effects; it closes done when the writer has stopped.
func (g *Group) answer(done chan<- struct{}) {
	defer close(done)
	for c := range g.answered {
		if c.err == nil {
			c.err = g.fence.waitFor(c.seq)
		}
		if c.err == nil {
			for _, f := range c.effects {
				f()
			}
		}
		reply(c.batch, c.err)
	}
}

// Gather is a batch: first and what else is queued, up to max. Callers
// answered by the last batch are queueing again: it yields once to the
// ones about to, rather than commit (and sync) a handful now and the rest
// right after.
func Gather[T any](first T, queue <-chan T, max int) []T {
	batch := []T{first}
	for yielded := false; len(batch) < max; {
		select {
		case w, ok := <-queue:
			if !ok {
				return batch
			}
			batch = append(batch, w)
		default:
			if yielded {
				return batch
			}
			yielded = true
			runtime.Gosched()
		}
	}
	return batch
}

// errRetry rolls back an optimistic run (a group batch, Optimistic).
var errRetry = errors.New("db: a nested transaction failed in the optimistic run")

// commit runs a batch in one transaction, optimistically and then, if a
// work failed, with savepoints; every caller is answered once the
// transaction ended and, when it committed, is on disk. A failed commit
// fails every work of the batch: none of it was written.
func (g *Group) commit(batch []*groupWork) {
	var c committed
	if g.fence != nil {
		// After a failed sync nothing more is written (see fence.err).
		c.err = g.fence.failed()
	}
	if c.err == nil {
		c.effects, c.err = g.try(batch, true)
		if errors.Is(c.err, errRetry) {
			c.effects, c.err = g.try(batch, false)
		}
	}
	if g.fence == nil {
		if c.err == nil {
			for _, f := range c.effects {
				f()
			}
		}
		reply(batch, c.err)
		return
	}
	// Only the writer counts on the fence: its count is this batch's.
	c.batch, c.seq = batch, g.fence.counted.Load()
	g.answered <- c
}

// reply answers every work of batch, with err where the work has none.
func reply(batch []*groupWork, err error) {
	for _, w := range batch {
		if err != nil && w.err == nil {
			w.err = err
		}
		close(w.answered)
	}
}

// try runs batch in one transaction, optimistic, without savepoints, or
// each work in a savepoint of its own, and answers its effects.
func (g *Group) try(batch []*groupWork, optimistic bool) ([]func(), error) {
	return g.d.run(context.Background(), g.conn, g.fence, func(ctx context.Context) error {
		st, _ := g.d.open(ctx)
		st.mu.Lock()
		st.optimistic = optimistic
		st.mu.Unlock()
		if g.memo != nil {
			if err := g.memo.check(ctx, st.tx); err != nil {
				return err
			}
			st.memo = g.memo
		}
		for _, w := range batch {
			if err := w.ctx.Err(); err != nil {
				w.err = err
				continue
			}
			wctx := context.WithValue(context.WithoutCancel(w.ctx), txKey{g.d}, st)
			if !optimistic {
				w.err = g.d.Tx(wctx, w.fn)
				continue
			}
			if w.err = w.fn(wctx); w.err != nil || st.failed() {
				return errRetry
			}
		}
		return nil
	})
}

// Close stops taking work, lets the writer commit what is queued and waits
// for it; later Tx calls commit on their own. Safe on nil and twice.
func (g *Group) Close() {
	if g == nil {
		return
	}
	g.mu.Lock()
	if !g.closed {
		g.closed = true
		close(g.queue)
	}
	g.mu.Unlock()
	<-g.done
}
