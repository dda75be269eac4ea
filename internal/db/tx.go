package db

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
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
	// mu guards effects and savepoints: a transaction is used by one
	// goroutine at a time, but a store may hand ctx to helpers.
	mu         sync.Mutex
	effects    []func()
	savepoints int
	// ended is set once the transaction committed or rolled back: a
	// context that outlives it (an after-commit effect) queries the pool.
	ended bool
	// stmts are the Stmts this transaction prepared itself while the pool
	// had none yet (they close with it).
	stmts map[*Stmt]*sql.Stmt
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
	release, err := d.admit(ctx)
	if err != nil {
		return err
	}
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		release()
		return MapError(fmt.Errorf("begin: %w", err))
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
		end()
		return err
	}
	if err := tx.Commit(); err != nil {
		end()
		return MapError(fmt.Errorf("commit: %w", err))
	}
	effects := end()
	for _, f := range effects {
		f()
	}
	return nil
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
	st.savepoints++
	name := fmt.Sprintf("sp%d", st.savepoints)
	mark := len(st.effects)
	st.mu.Unlock()
	if _, err := st.tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return MapError(fmt.Errorf("savepoint: %w", err))
	}
	if err := fn(ctx); err != nil {
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

// Stmt is a hot statement prepared once per connection instead of parsed
// on every call (on SQLite, parsing a short statement costs about as much
// as running it). It runs in the transaction ctx carries, or on the pool.
type Stmt struct {
	d     *DB
	query string
	// st is set once a prepare succeeded; a failed one is tried again on
	// the next use rather than kept.
	mu sync.Mutex
	st atomic.Pointer[sql.Stmt]
	// preparing is set while a background prepare on the pool runs.
	preparing atomic.Bool
}

// Prepare returns query as a Stmt, prepared on its first use.
func (d *DB) Prepare(query string) *Stmt { return &Stmt{d: d, query: query} }

// on is the prepared statement bound to the transaction ctx carries (each
// connection prepares it once) or to the pool.
func (s *Stmt) on(ctx context.Context) (*sql.Stmt, error) {
	prepared := s.st.Load()
	if st, ok := s.d.open(ctx); ok && prepared == nil {
		// Not on the pool from here: that needs a second connection while
		// this transaction holds its row locks, and when every pooled
		// connection is a transaction waiting for those locks it never
		// comes. The transaction prepares it once for itself, and the pool
		// gets it in the background for the transactions after this one.
		s.prepareOnPool()
		return st.prepare(ctx, s)
	}
	if prepared == nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		if prepared = s.st.Load(); prepared == nil {
			var err error
			if prepared, err = s.d.PrepareContext(ctx, s.query); err != nil {
				return nil, MapError(fmt.Errorf("prepare: %w", err))
			}
			s.st.Store(prepared)
		}
	}
	if st, ok := s.d.open(ctx); ok {
		return st.tx.StmtContext(ctx, prepared), nil
	}
	return prepared, nil
}

// prepareOnPool prepares the statement on the pool in the background,
// once at a time, when a connection is free.
func (s *Stmt) prepareOnPool() {
	if !s.preparing.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer s.preparing.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.st.Load() != nil {
			return
		}
		if p, err := s.d.PrepareContext(ctx, s.query); err == nil {
			s.st.Store(p)
		}
	}()
}

// prepare is s prepared on this transaction, once per transaction.
func (st *txState) prepare(ctx context.Context, s *Stmt) (*sql.Stmt, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if p, ok := st.stmts[s]; ok {
		return p, nil
	}
	p, err := st.tx.PrepareContext(ctx, s.query)
	if err != nil {
		return nil, MapError(fmt.Errorf("prepare: %w", err))
	}
	if st.stmts == nil {
		st.stmts = map[*Stmt]*sql.Stmt{}
	}
	st.stmts[s] = p
	return p, nil
}

// ExecContext runs the statement.
func (s *Stmt) ExecContext(ctx context.Context, args ...any) (sql.Result, error) {
	release, err := s.admit(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	st, err := s.on(ctx)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// admit queues a write on the pool behind the SQLite writer, as gatedPool
// does for the statements of Q; inside a transaction the transaction
// already holds it.
func (s *Stmt) admit(ctx context.Context) (func(), error) {
	if s.d.InTx(ctx) || !isWrite(s.query) {
		return func() {}, nil
	}
	return s.d.admit(ctx)
}

// QueryRowScan runs the statement and scans its one row into dest
// (sql.ErrNoRows when there is none).
func (s *Stmt) QueryRowScan(ctx context.Context, args []any, dest ...any) error {
	release, err := s.admit(ctx)
	if err != nil {
		return err
	}
	defer release()
	st, err := s.on(ctx)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}
