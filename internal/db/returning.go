package db

import (
	"context"
	"database/sql"
	"errors"
)

// Returning is a write of at most one row and what it answers of that row.
// PostgreSQL answers through the write's RETURNING clause, in the same round
// trip. SQLite runs the write and then reads the row: its RETURNING runs the
// answer through a trigger program into a temporary b-tree, which opens a
// pager of its own and gives the statement a journal, so a write with
// RETURNING cost 7 to 40 µs where the write and the read cost 5 together,
// on the single writer every ledger posting and real-money round waits for.
// Build it once (NewReturning) and keep it: the texts are the cache keys of
// prepared statements.
type Returning struct {
	write, pg, read string
}

// NewReturning describes write (an INSERT, UPDATE or upsert of at most one
// row, without RETURNING) answering cols. read is the SELECT of cols that
// finds the written row on SQLite from the same arguments; empty for an
// INSERT answering only its new "id", which SQLite knows without a read
// (the rowid: the table's id must be its INTEGER PRIMARY KEY).
func NewReturning(write, cols, read string) Returning {
	if read == "" && cols != "id" {
		panic("db.NewReturning: only an insert answering id needs no read")
	}
	return Returning{write: write, pg: write + " RETURNING " + cols, read: read}
}

// Row runs r with args in the transaction ctx carries (on SQLite, in one
// of its own when there is none) and scans the answer into dest. When the write wrote no row (an UPDATE that matched none, an
// INSERT ... ON CONFLICT DO NOTHING that met its conflict) the error is
// ErrNotFound, wrapping sql.ErrNoRows.
func (d *DB) Row(ctx context.Context, r Returning, args []any, dest ...any) error {
	q := d.Q(ctx)
	if d.Dialect == Postgres {
		return MapError(q.QueryRowContext(ctx, r.pg, args...).Scan(dest...))
	}
	if !d.InTx(ctx) {
		// The read must see the row as this write left it, not as a
		// concurrent writer left it after: both in one transaction.
		return d.Tx(ctx, func(ctx context.Context) error { return d.Row(ctx, r, args, dest...) })
	}
	res, err := writeOne(ctx, q, r, args)
	if err != nil {
		return err
	}
	if r.read != "" {
		return MapError(q.QueryRowContext(ctx, r.read, args...).Scan(dest...))
	}
	id, err := res.LastInsertId()
	if err != nil {
		return MapError(err)
	}
	p, ok := dest[0].(*int64)
	if len(dest) != 1 || !ok {
		return errors.New("db: an insert answering id scans into one *int64")
	}
	*p = id
	return nil
}

// writeOne runs r's write on q: ErrNotFound when it wrote no row.
func writeOne(ctx context.Context, q Querier, r Returning, args []any) (sql.Result, error) {
	res, err := q.ExecContext(ctx, r.write, args...)
	if err != nil {
		return nil, MapError(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return nil, MapError(err)
	}
	if n == 0 {
		return nil, MapError(sql.ErrNoRows)
	}
	return res, nil
}
