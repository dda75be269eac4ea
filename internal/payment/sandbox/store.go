package sandbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/payment"
)

// orderRow is one row of pay_sandbox_orders.
type orderRow struct {
	ID         int64
	Kind       payment.Kind
	OrderNo    string
	GatewayRef string
	TokenHash  string
	FormToken  string
	MemberID   int64
	Currency   string
	Amount     int64
	Exponent   int
	ReturnURL  string
	Status     payment.Status
	CreatedAt  int64
	UpdatedAt  int64
	ExpiresAt  int64 // deposits: the page's end
	DueAt      int64 // payouts: when it completes
	SettledAt  int64
}

// notice is what the sandbox says of the order at now. A deposit whose page
// expired unpaid is declined: it can never be paid any more.
func (r orderRow) notice(now time.Time) payment.Notice {
	n := payment.Notice{Kind: r.Kind, OrderNo: r.OrderNo, GatewayRef: r.GatewayRef, Status: r.Status,
		Currency: r.Currency, Amount: r.Amount, At: time.UnixMicro(r.CreatedAt).UTC()}
	switch {
	case r.Status != payment.Pending:
		n.At = time.UnixMicro(r.SettledAt).UTC()
	case r.expired(now):
		n.Status, n.At = payment.Declined, time.UnixMicro(r.ExpiresAt).UTC()
	}
	return n
}

func (r orderRow) expired(now time.Time) bool {
	return r.Kind == payment.DepositNotice && r.ExpiresAt <= now.UnixMicro()
}

const orderColumns = `id, kind, order_no, gateway_ref, token_hash, form_token, member_id, currency, amount, exponent,
	return_url, status, created_at, updated_at, expires_at, due_at, settled_at`

func scanOrder(s interface{ Scan(...any) error }, r *orderRow) error {
	return s.Scan(&r.ID, &r.Kind, &r.OrderNo, &r.GatewayRef, &r.TokenHash, &r.FormToken, &r.MemberID, &r.Currency,
		&r.Amount, &r.Exponent, &r.ReturnURL, &r.Status, &r.CreatedAt, &r.UpdatedAt, &r.ExpiresAt, &r.DueAt, &r.SettledAt)
}

// insertOrderRow inserts r unless (kind, order_no) exists; it reports
// whether it did and sets r's id.
func (g *Gateway) insertOrderRow(ctx context.Context, r orderRow) (bool, error) {
	var id int64
	err := g.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO pay_sandbox_orders (kind, order_no, gateway_ref, token_hash,
		form_token, member_id, currency, amount, exponent, return_url, status, created_at, updated_at, expires_at, due_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14)
		ON CONFLICT (kind, order_no) DO NOTHING RETURNING id`,
		r.Kind, r.OrderNo, r.GatewayRef, r.TokenHash, r.FormToken, r.MemberID, r.Currency, r.Amount, r.Exponent,
		r.ReturnURL, r.Status, r.CreatedAt, r.ExpiresAt, r.DueAt).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("insert sandbox order: %w", db.MapError(err))
	}
	return true, nil
}

func (g *Gateway) orderByNo(ctx context.Context, kind payment.Kind, orderNo string) (orderRow, error) {
	var r orderRow
	err := scanOrder(g.db.Q(ctx).QueryRowContext(ctx, `SELECT `+orderColumns+` FROM pay_sandbox_orders
		WHERE kind = $1 AND order_no = $2`, kind, orderNo), &r)
	if err != nil {
		return orderRow{}, fmt.Errorf("sandbox order: %w", db.MapError(err))
	}
	return r, nil
}

func (g *Gateway) orderByToken(ctx context.Context, tokenHash string) (orderRow, error) {
	var r orderRow
	err := scanOrder(g.db.Q(ctx).QueryRowContext(ctx, `SELECT `+orderColumns+` FROM pay_sandbox_orders
		WHERE token_hash = $1 AND kind = 'deposit'`, tokenHash), &r)
	if err != nil {
		return orderRow{}, fmt.Errorf("sandbox order: %w", db.MapError(err))
	}
	return r, nil
}

// settleDeposit moves a pending, unexpired deposit to status and queues
// its callback, in one transaction; false when it was not pending (or had
// expired). The conditional update makes concurrent choices change it once.
func (g *Gateway) settleDeposit(ctx context.Context, id int64, status payment.Status) (bool, error) {
	changed := false
	err := g.db.Tx(ctx, func(ctx context.Context) error {
		now := g.now()
		rows, err := g.settle(ctx, `UPDATE pay_sandbox_orders SET status = $1, settled_at = $2, updated_at = $2
			WHERE id = $3 AND kind = 'deposit' AND status = 'pending' AND expires_at > $2
			RETURNING `+orderColumns, status, now.UnixMicro(), id)
		if err != nil {
			return err
		}
		changed = len(rows) == 1
		return g.enqueue(ctx, rows, now)
	})
	return changed, err
}

// completePayouts completes the payouts that are due: paid, or declined
// under the DeclinePayouts fault; each with its callback.
func (g *Gateway) completePayouts(ctx context.Context) (int, error) {
	status := payment.Paid
	if g.Faults().DeclinePayouts {
		status = payment.Declined
	}
	n := 0
	err := g.db.Tx(ctx, func(ctx context.Context) error {
		now := g.now()
		// The outer conditions are checked again on the row a concurrent
		// node may just have changed (PostgreSQL re-evaluates them), so a
		// payout completes once.
		rows, err := g.settle(ctx, `UPDATE pay_sandbox_orders SET status = $1, settled_at = $2, updated_at = $2
			WHERE kind = 'payout' AND status = 'pending' AND due_at <= $2 AND id IN (
				SELECT id FROM pay_sandbox_orders WHERE kind = 'payout' AND status = 'pending' AND due_at <= $2
				ORDER BY due_at, id LIMIT $3)
			RETURNING `+orderColumns, status, now.UnixMicro(), batchSize)
		if err != nil {
			return err
		}
		n = len(rows)
		return g.enqueue(ctx, rows, now)
	})
	return n, err
}

func (g *Gateway) settle(ctx context.Context, q string, args ...any) ([]orderRow, error) {
	rows, err := db.Query(ctx, g.db.Q(ctx), q, func(rs *sql.Rows, r *orderRow) error { return scanOrder(rs, r) }, args...)
	if err != nil {
		return nil, fmt.Errorf("settle sandbox order: %w", err)
	}
	return rows, nil
}

// hasDuePayouts is a read-only look before completePayouts' write, so an
// idle poll never takes SQLite's write lock.
func (g *Gateway) hasDuePayouts(ctx context.Context, now time.Time) (bool, error) {
	var n int
	err := g.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM pay_sandbox_orders
		WHERE kind = 'payout' AND status = 'pending' AND due_at <= $1 LIMIT 1) due`, now.UnixMicro()).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("due sandbox payouts: %w", db.MapError(err))
	}
	return n > 0, nil
}
