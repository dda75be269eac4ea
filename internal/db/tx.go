package db

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Querier is what a store runs SQL on: the pool or a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// txKey keys the open transaction of one DB in a context, so that two
// databases (tests open several) never share one.
type txKey struct{ d *DB }

// txState is one open transaction and what must happen once it commits.
type txState struct {
	tx *sql.Tx
	// mu guards effects and depth: a transaction is used by one goroutine
	// at a time, but a store may hand ctx to helpers.
	mu      sync.Mutex
	effects []func()
	// depth is how many savepoints are open. A savepoint is named after its
	// depth: SQLite and PostgreSQL both resolve a name to the newest
	// savepoint of that name, so siblings may share one, and the same few
	// statement texts stay prepared instead of a new one per savepoint.
	depth int
	// optimistic is set for a group commit's first run of a batch: nested
	// transactions open no savepoint, and the first one that fails sets
	// poisoned, for the batch to run again with savepoints (see Group).
	optimistic, poisoned bool
	// ended is set once the transaction committed or rolled back: a
	// context that outlives it (an after-commit effect) queries the pool.
	ended bool
	// memo is the group writer's (see memo); nil in other transactions.
	memo *memo
}

// open is the transaction ctx carries while it is still open.
func (d *DB) open(ctx context.Context) (*txState, bool) {
	st, ok := ctx.Value(txKey{d}).(*txState)
	if !ok {
		return nil, false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st, !st.ended
}

// Q is the querier for ctx: the transaction a surrounding Tx carries in it,
// or the pool. Every store statement goes through it, so a read inside a
// transaction never waits on the pool for a lock its own transaction holds.
func (d *DB) Q(ctx context.Context) Querier {
	if st, ok := d.open(ctx); ok {
		return st.tx
	}
	if d.writer != nil {
		return gatedPool{d}
	}
	return d.DB
}

// gatedPool is the SQLite pool with each write statement outside a
// transaction queued on the writer like a transaction is: left to SQLite's
// busy handler, a lone UPDATE (a session's last-seen time, a rate counter)
// starves behind a queue of transactions and fails busy.
type gatedPool struct{ d *DB }

func (g gatedPool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	release, err := g.d.admit(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	return g.d.DB.ExecContext(ctx, query, args...)
}

func (g gatedPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if !isWrite(query) {
		return g.d.DB.QueryContext(ctx, query, args...)
	}
	release, err := g.d.admit(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	return g.d.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext gates an INSERT/UPDATE ... RETURNING. *sql.Row cannot be
// built with an error, so past the writer wait the statement goes to
// SQLite's busy handler as it is, which answers busy the usual way.
func (g gatedPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if isWrite(query) {
		if release, err := g.d.admit(ctx); err == nil {
			defer release()
		}
	}
	return g.d.DB.QueryRowContext(ctx, query, args...)
}

// isWrite reports whether a statement writes: anything but a SELECT.
func isWrite(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n")
	return len(q) < 6 || !strings.EqualFold(q[:6], "SELECT")
}

// SerialWrites reports whether write transactions run one at a time: on
// SQLite every transaction begins IMMEDIATE, holding the database's only
// write lock until it ends, so a row lock taken only to order two
// transactions (an upsert or UPDATE that changes nothing) is not needed
// there; on PostgreSQL it is.
func (d *DB) SerialWrites() bool { return d.Dialect == SQLite }

// InTx reports whether ctx carries a transaction of d.
func (d *DB) InTx(ctx context.Context) bool {
	_, ok := d.open(ctx)
	return ok
}

// Tx runs fn in a transaction: committed when fn returns nil, rolled back
// otherwise. When ctx already carries a transaction of d, fn joins it inside
// a SAVEPOINT: its failure undoes only its own writes (and drops its
// after-commit effects) and the outer transaction decides the rest. On
// PostgreSQL that also keeps the outer transaction usable after an expected
// error such as a unique violation. On SQLite the DSN makes the outer BEGIN
// IMMEDIATE, so writers never fail late on a lock upgrade.
func (d *DB) Tx(ctx context.Context, fn func(ctx context.Context) error) error {
	if st, ok := d.open(ctx); ok {
		return d.nested(ctx, st, fn)
	}
	return d.txOn(ctx, nil, fn)
}

// Optimistic runs fn like Tx, first with no savepoint for the transactions
// nested in it: each costs two statements, a round trip each on
// PostgreSQL, and most callers treat a nested failure as their own. When
// any nested transaction fails, even one whose failure fn carried on past,
// that run is rolled back and fn runs again as Tx would run it, each nested
// transaction in its savepoint (the group's batches do the same). fn may
// therefore run twice and must leave the world alone but through the
// database and AfterCommit. Inside a transaction it is Tx.
func (d *DB) Optimistic(ctx context.Context, fn func(ctx context.Context) error) error {
	if d.InTx(ctx) {
		return d.Tx(ctx, fn)
	}
	var poisoned bool
	err := d.txOn(ctx, nil, func(ctx context.Context) error {
		st, _ := d.open(ctx)
		st.mu.Lock()
		st.optimistic = true
		st.mu.Unlock()
		err := fn(ctx)
		if poisoned = st.failed(); poisoned {
			return errRetry
		}
		return err
	})
	if !poisoned {
		return err
	}
	return d.txOn(ctx, nil, fn)
}

// txOn runs fn in a new transaction on conn, or on a connection of the
// pool when conn is nil.
func (d *DB) txOn(ctx context.Context, conn *sql.Conn, fn func(ctx context.Context) error) error {
	effects, err := d.run(ctx, conn, nil, fn)
	if err != nil {
		return err
	}
	// A transaction that only read synced nothing: the group's batches it
	// read must be on disk before anyone hears of them.
	if err := d.fence.wait(); err != nil {
		return err
	}
	for _, f := range effects {
		f()
	}
	return nil
}

// run runs fn in a transaction on conn (nil: the pool's) and answers its
// after-commit effects, for the caller to run. counted, when set, is the
// group's fence: it counts the COMMIT before it starts and marks it ended
// once it returned.
func (d *DB) run(ctx context.Context, conn *sql.Conn, counted *fence, fn func(ctx context.Context) error) ([]func(), error) {
	release, err := d.admit(ctx)
	if err != nil {
		return nil, err
	}
	var tx *sql.Tx
	if conn != nil {
		tx, err = conn.BeginTx(ctx, nil)
	} else {
		tx, err = d.BeginTx(ctx, nil)
	}
	if err != nil {
		release()
		return nil, MapError(fmt.Errorf("begin: %w", err))
	}
	st := &txState{tx: tx}
	// The writer is free again once the transaction ended, before the
	// effects run: an effect may open a transaction of its own.
	end := func() []func() {
		release()
		st.mu.Lock()
		defer st.mu.Unlock()
		st.ended = true
		effects := st.effects
		st.effects = nil
		return effects
	}
	if err := fn(context.WithValue(ctx, txKey{d}, st)); err != nil {
		_ = tx.Rollback()
		st.memo.clear()
		end()
		return nil, err
	}
	if counted != nil {
		seq := counted.begin()
		defer counted.end(seq)
	}
	if err := tx.Commit(); err != nil {
		st.memo.clear()
		end()
		return nil, MapError(fmt.Errorf("commit: %w", err))
	}
	return end(), nil
}

// admit waits for the SQLite writer (see DB.writer) and answers its
// release; PostgreSQL has row locks and needs no such queue.
func (d *DB) admit(ctx context.Context) (func(), error) {
	if d.writer == nil {
		return func() {}, nil
	}
	t := time.NewTimer(writerWait)
	defer t.Stop()
	select {
	case d.writer <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-d.writer }) }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("begin: %w", ctx.Err())
	case <-t.C:
		return nil, fmt.Errorf("begin: waited %s for the writer: %w", writerWait, ErrBusy)
	}
}

func (d *DB) nested(ctx context.Context, st *txState, fn func(ctx context.Context) error) error {
	st.mu.Lock()
	if st.optimistic {
		st.mu.Unlock()
		err := fn(ctx)
		if err != nil {
			st.mu.Lock()
			st.poisoned = true
			st.mu.Unlock()
		}
		return err
	}
	st.depth++
	name := "sp" + strconv.Itoa(st.depth)
	mark := len(st.effects)
	st.mu.Unlock()
	defer func() {
		st.mu.Lock()
		st.depth--
		st.mu.Unlock()
	}()
	if _, err := st.tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return MapError(fmt.Errorf("savepoint: %w", err))
	}
	if err := fn(ctx); err != nil {
		st.memo.clear()
		if _, rbErr := st.tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+name); rbErr != nil {
			return fmt.Errorf("%w (rollback to savepoint: %v)", err, rbErr)
		}
		st.mu.Lock()
		st.effects = st.effects[:mark]
		st.mu.Unlock()
		return err
	}
	if _, err := st.tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); err != nil {
		return MapError(fmt.Errorf("release savepoint: %w", err))
	}
	return nil
}

// failed reports whether a nested transaction failed in an optimistic run.
func (st *txState) failed() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.poisoned
}

// AfterCommit runs fn once the transaction ctx carries has committed, and
// never when it rolls back; outside a transaction it runs fn at once. fn may
// use the context it captured: once the transaction ended, Q answers the
// pool for it.
// Effects that others observe (real-time publishes, closing sockets) go
// through it, so nobody hears of a change that did not happen.
func (d *DB) AfterCommit(ctx context.Context, fn func()) {
	st, ok := d.open(ctx)
	if !ok {
		fn()
		return
	}
	st.mu.Lock()
	st.effects = append(st.effects, fn)
	st.mu.Unlock()
}
