package db

import (
	"container/list"
	"context"
	"database/sql/driver"
	"errors"
	"strings"

	"modernc.org/sqlite"
)

// stmtCacheSize bounds the prepared statements one SQLite connection keeps.
// The stores speak a few hundred distinct statements; the least recently
// used beyond the bound is finalized, so SQL built per call (IN lists of a
// given length) cannot grow the cache without end.
const stmtCacheSize = 256

// sqliteConnector opens SQLite connections that keep their statements
// prepared, as pgx does on PostgreSQL. modernc's driver parses every
// statement it is handed as text and finalizes it after the call; parsing a
// short statement costs about as much as running it, and on the group
// commit's single writer that was 40% of the time of a real-money round.
type sqliteConnector struct {
	dsn   string
	drv   *sqlite.Driver
	fence *fence
}

func (c sqliteConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return newCachingConn(conn, c.fence)
}

func (c sqliteConnector) Driver() driver.Driver { return c.drv }

// sqliteConn is every interface of modernc's connection that database/sql
// uses; cachingConn forwards each.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// cachingConn runs ExecContext and QueryContext on statements prepared once
// per connection. database/sql calls a connection from one goroutine at a
// time (rows are closed under the same lock), so it needs no lock of its own.
//
// A statement outside a transaction answers only once the group commit's
// batches it may have read are on disk (fence): the connection tracks
// whether a transaction is open.
type cachingConn struct {
	sqliteConn
	stmts map[string]*list.Element // of *cachedStmt, most recent first
	lru   *list.List
	fence *fence
	inTx  bool
}

type cachedStmt struct {
	query string
	st    driver.Stmt
	// busy is set while rows read from st are open: a second query of the
	// same text meanwhile (a nested loop) runs unprepared instead of
	// resetting them.
	busy bool
}

func newCachingConn(conn driver.Conn, f *fence) (driver.Conn, error) {
	c, ok := conn.(sqliteConn)
	if !ok {
		conn.Close()
		return nil, errors.New("sqlite connection lacks an interface the statement cache forwards")
	}
	return &cachingConn{sqliteConn: c, stmts: map[string]*list.Element{}, lru: list.New(), fence: f}, nil
}

// cacheable leaves out scripts (the migrations): modernc re-parses those
// statement by statement anyway.
func cacheable(query string) bool {
	q := strings.TrimRight(query, " \t\r\n;")
	return !strings.Contains(q, ";")
}

// stmt is query's prepared statement marked busy, or nil when the query is
// not cached or its statement is in use.
func (c *cachingConn) stmt(ctx context.Context, query string) (*cachedStmt, error) {
	if e, ok := c.stmts[query]; ok {
		cs := e.Value.(*cachedStmt)
		if cs.busy {
			return nil, nil
		}
		c.lru.MoveToFront(e)
		cs.busy = true
		return cs, nil
	}
	if !cacheable(query) {
		return nil, nil
	}
	st, err := c.sqliteConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	cs := &cachedStmt{query: query, st: st, busy: true}
	c.stmts[query] = c.lru.PushFront(cs)
	for c.lru.Len() > stmtCacheSize {
		c.drop(c.lru.Back().Value.(*cachedStmt))
	}
	return cs, nil
}

// drop finalizes cs, or leaves that to the close of its open rows.
func (c *cachingConn) drop(cs *cachedStmt) {
	if e, ok := c.stmts[cs.query]; ok && e.Value == cs {
		c.lru.Remove(e)
		delete(c.stmts, cs.query)
	}
	if !cs.busy {
		cs.st.Close()
	}
}

// done marks cs free again; after an error it is dropped, so a statement
// left in a state the driver did not reset is never run again.
func (c *cachingConn) done(cs *cachedStmt, err error) {
	cs.busy = false
	if err != nil {
		c.drop(cs)
		return
	}
	if _, ok := c.stmts[cs.query]; !ok {
		cs.st.Close() // evicted while busy
	}
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	res, err := c.exec(ctx, query, args)
	if err == nil && !c.inTx {
		err = c.fence.wait()
	}
	return res, err
}

func (c *cachingConn) exec(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	cs, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		return c.sqliteConn.ExecContext(ctx, query, args)
	}
	res, err := cs.st.(driver.StmtExecContext).ExecContext(ctx, args)
	c.done(cs, err)
	return res, err
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	cs, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	var rows driver.Rows
	if cs == nil {
		rows, err = c.sqliteConn.QueryContext(ctx, query, args)
	} else if rows, err = cs.st.(driver.StmtQueryContext).QueryContext(ctx, args); err != nil {
		c.done(cs, err)
	}
	if err != nil {
		return nil, err
	}
	return &cachedRows{Rows: rows, conn: c, cs: cs, fenced: !c.inTx}, nil
}

// BeginTx marks the connection in a transaction until it ends: statements
// inside one need no fence (a reading transaction fences in txOn).
func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.sqliteConn.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	c.inTx = true
	return connTx{Tx: tx, c: c}, nil
}

type connTx struct {
	driver.Tx
	c *cachingConn
}

func (t connTx) Commit() error {
	t.c.inTx = false
	return t.Tx.Commit()
}

func (t connTx) Rollback() error {
	t.c.inTx = false
	return t.Tx.Rollback()
}

func (c *cachingConn) Close() error {
	for e := c.lru.Front(); e != nil; e = e.Next() {
		e.Value.(*cachedStmt).st.Close()
	}
	c.stmts, c.lru = nil, list.New()
	return c.sqliteConn.Close()
}

// cachedRows frees its statement (nil: not cached) on Close (modernc
// resets it there); rows read outside a transaction close once what they
// may have read is on disk.
type cachedRows struct {
	driver.Rows
	conn   *cachingConn
	cs     *cachedStmt
	fenced bool
	closed bool
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	if r.closed {
		return err
	}
	r.closed = true
	if r.cs != nil {
		r.conn.done(r.cs, err)
	}
	if err == nil && r.fenced {
		err = r.conn.fence.wait()
	}
	return err
}
