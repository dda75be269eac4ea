package db

import (
	"context"
	"database/sql"
	"fmt"
)

// Query runs q and scans each row into a new T. It never returns a nil slice,
// so an empty result encodes as [] on the wire.
func Query[T any](ctx context.Context, on Querier, q string, scan func(*sql.Rows, *T) error, args ...any) ([]T, error) {
	rows, err := on.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("query: %w", MapError(err))
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, fmt.Errorf("scan: %w", MapError(err))
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rows: %w", MapError(err))
	}
	return out, nil
}

// Opt is a pointer's value as a query argument, or NULL when it is nil: an
// UPDATE that writes COALESCE($n, column) then keeps the column.
func Opt[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
