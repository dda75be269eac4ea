package wallet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"gamehall/internal/db"
)

// store holds the wallet's SQL.
type store struct {
	db *db.DB
}

func isNotFound(err error) bool { return errors.Is(err, db.ErrNotFound) }
func isConflict(err error) bool { return errors.Is(err, db.ErrConflict) }

const channelColumns = `id, site_id, currency, direction, kind, gateway, name_i18n, min_amount, max_amount, fee_bp, fee_fixed,
	fee_max, daily_count, instructions, sort, active`

func scanChannel(row interface{ Scan(...any) error }, c *Channel) error {
	return row.Scan(&c.ID, &c.SiteID, &c.Currency, &c.Direction, &c.Kind, &c.Gateway, &c.NameI18n, &c.Min, &c.Max, &c.FeeBP,
		&c.FeeFixed, &c.FeeMax, &c.DailyCount, &c.Instructions, &c.Sort, &c.Active)
}

func (s *store) channels(ctx context.Context, siteID int64, currency, direction string, activeOnly bool) ([]Channel, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+channelColumns+` FROM payment_channels WHERE site_id = $1 AND currency = $2
		AND direction = $3 AND (active = TRUE OR $4 = FALSE) ORDER BY sort, id`,
		func(r *sql.Rows, c *Channel) error { return scanChannel(r, c) }, siteID, currency, direction, activeOnly)
}

func (s *store) allChannels(ctx context.Context, siteID int64) ([]Channel, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+channelColumns+` FROM payment_channels WHERE site_id = $1
		ORDER BY currency, direction, sort, id`, func(r *sql.Rows, c *Channel) error { return scanChannel(r, c) }, siteID)
}

func (s *store) channel(ctx context.Context, id int64) (Channel, error) {
	var c Channel
	if err := scanChannel(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+channelColumns+` FROM payment_channels WHERE id = $1`, id), &c); err != nil {
		return Channel{}, fmt.Errorf("channel: %w", db.MapError(err))
	}
	return c, nil
}

func (s *store) saveChannel(ctx context.Context, c Channel, now int64) (int64, error) {
	if c.ID != 0 {
		_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE payment_channels SET currency = $2, direction = $3, kind = $4, gateway = $5,
			name_i18n = $6, min_amount = $7, max_amount = $8, fee_bp = $9, fee_fixed = $10, fee_max = $11, daily_count = $12,
			instructions = $13, sort = $14, active = $15, updated_at = $16 WHERE id = $1`,
			c.ID, c.Currency, c.Direction, c.Kind, c.Gateway, c.NameI18n, c.Min, c.Max, c.FeeBP, c.FeeFixed, c.FeeMax, c.DailyCount,
			c.Instructions, c.Sort, c.Active, now)
		if err != nil {
			return 0, fmt.Errorf("update channel: %w", db.MapError(err))
		}
		return c.ID, nil
	}
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO payment_channels (site_id, currency, direction, kind, gateway, name_i18n,
		min_amount, max_amount, fee_bp, fee_fixed, fee_max, daily_count, instructions, sort, active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id`,
		c.SiteID, c.Currency, c.Direction, c.Kind, c.Gateway, c.NameI18n, c.Min, c.Max, c.FeeBP, c.FeeFixed, c.FeeMax,
		c.DailyCount, c.Instructions, c.Sort, c.Active, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert channel: %w", db.MapError(err))
	}
	return id, nil
}

func (s *store) settings(ctx context.Context, siteID int64) (Settings, error) {
	st := defaultSettings()
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT bank_before_deposit, max_bank_accounts FROM wallet_settings WHERE site_id = $1`,
		siteID).Scan(&st.BankBeforeDeposit, &st.MaxBankAccounts)
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("wallet settings: %w", db.MapError(err))
	}
	return st, nil
}

func (s *store) saveSettings(ctx context.Context, siteID int64, st Settings) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO wallet_settings (site_id, bank_before_deposit, max_bank_accounts)
		VALUES ($1, $2, $3) ON CONFLICT (site_id) DO UPDATE SET bank_before_deposit = $2, max_bank_accounts = $3`,
		siteID, st.BankBeforeDeposit, st.MaxBankAccounts)
	if err != nil {
		return fmt.Errorf("wallet settings: %w", db.MapError(err))
	}
	return nil
}

// --- bank accounts ---

type bankRow struct {
	BankAccount
	memberID int64
	currency string
}

func (s *store) bankAccounts(ctx context.Context, memberID int64, currency string) ([]BankAccount, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT id, bank_code, account_no, holder_name, created_at FROM bank_accounts
		WHERE member_id = $1 AND currency = $2 ORDER BY id`, func(r *sql.Rows, b *BankAccount) error {
		var at int64
		if err := r.Scan(&b.ID, &b.BankCode, &b.accountNo, &b.HolderName, &at); err != nil {
			return err
		}
		b.AccountNo, b.BankName, b.CreatedAt = maskAccount(b.accountNo), bankName(currency, b.BankCode), fmtTime(at)
		return nil
	}, memberID, currency)
}

func (s *store) bankAccount(ctx context.Context, id int64) (bankRow, error) {
	var b bankRow
	var at int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, member_id, currency, bank_code, account_no, holder_name, created_at
		FROM bank_accounts WHERE id = $1`, id).Scan(&b.ID, &b.memberID, &b.currency, &b.BankCode, &b.accountNo, &b.HolderName, &at)
	if err != nil {
		return bankRow{}, fmt.Errorf("bank account: %w", db.MapError(err))
	}
	b.AccountNo, b.BankName, b.CreatedAt = maskAccount(b.accountNo), bankName(b.currency, b.BankCode), fmtTime(at)
	return b, nil
}

// reserveBankSlot takes one of the member's bank account slots; false when
// max are taken.
func (s *store) reserveBankSlot(ctx context.Context, memberID int64, max int) (bool, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO wallet_members (member_id, bank_accounts) VALUES ($1, 1)
		ON CONFLICT (member_id) DO UPDATE SET bank_accounts = wallet_members.bank_accounts + 1
		WHERE wallet_members.bank_accounts < $2 RETURNING bank_accounts`, memberID, max).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("bank slot: %w", db.MapError(err))
	}
	return true, nil
}

func (s *store) insertBankAccount(ctx context.Context, memberID int64, currency string, in BindInput, holder string, now int64) (BankAccount, error) {
	b := BankAccount{BankCode: in.BankCode, BankName: bankName(currency, in.BankCode), AccountNo: maskAccount(in.AccountNo),
		HolderName: holder, CreatedAt: fmtTime(now), accountNo: in.AccountNo}
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO bank_accounts (member_id, currency, bank_code, account_no, holder_name, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, memberID, currency, in.BankCode, in.AccountNo, holder, now).Scan(&b.ID)
	if err != nil {
		return BankAccount{}, fmt.Errorf("bank account: %w", db.MapError(err))
	}
	return b, nil
}

// --- deposits ---

const depositColumns = `id, site_id, member_id, channel_id, order_no, request_id, currency, gateway, gateway_ref, pay_url,
	amount, fee, status, ledger_tx, created_at, expires_at, settled_at`

func scanDeposit(row interface{ Scan(...any) error }, r *depositRow) error {
	return row.Scan(&r.ID, &r.SiteID, &r.MemberID, &r.ChannelID, &r.OrderNo, &r.RequestID, &r.Currency, &r.Gateway, &r.GatewayRef,
		&r.PayURL, &r.Amount, &r.Fee, &r.Status, &r.LedgerTx, &r.CreatedAt, &r.ExpiresAt, &r.SettledAt)
}

func (s *store) depositWhere(ctx context.Context, where string, args ...any) (depositRow, error) {
	var r depositRow
	if err := scanDeposit(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+depositColumns+` FROM deposit_orders WHERE `+where, args...), &r); err != nil {
		return depositRow{}, fmt.Errorf("deposit order: %w", db.MapError(err))
	}
	return r, nil
}

func (s *store) depositByRequest(ctx context.Context, memberID int64, requestID string) (depositRow, error) {
	return s.depositWhere(ctx, `member_id = $1 AND request_id = $2`, memberID, requestID)
}

func (s *store) depositByOrderNo(ctx context.Context, orderNo string) (depositRow, error) {
	return s.depositWhere(ctx, `order_no = $1`, orderNo)
}

// pendingDepositSum sums the member's deposit orders created since since and
// not settled yet.
func (s *store) pendingDepositSum(ctx context.Context, memberID, since int64) (int64, error) {
	var sum int64
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM deposit_orders
		WHERE member_id = $1 AND status = 'pending' AND created_at >= $2`, memberID, since).Scan(&sum); err != nil {
		return 0, fmt.Errorf("pending deposits: %w", db.MapError(err))
	}
	return sum, nil
}

func (s *store) insertDeposit(ctx context.Context, r depositRow) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO deposit_orders (order_no, site_id, member_id, request_id, currency,
		channel_id, gateway, amount, fee, status, created_at, updated_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $10, $11) RETURNING id`,
		r.OrderNo, r.SiteID, r.MemberID, r.RequestID, r.Currency, r.ChannelID, r.Gateway, r.Amount, r.Fee, r.CreatedAt,
		r.ExpiresAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert deposit: %w", db.MapError(err))
	}
	return id, nil
}

func (s *store) setCheckout(ctx context.Context, id int64, ref, payURL string, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE deposit_orders SET gateway_ref = $2, pay_url = $3, updated_at = $4 WHERE id = $1`,
		id, ref, payURL, now)
	if err != nil {
		return fmt.Errorf("deposit checkout: %w", db.MapError(err))
	}
	return nil
}

// markDepositPaid moves a pending or expired order to paid; false when it
// was settled before (the one conditional update decides, whatever races).
func (s *store) markDepositPaid(ctx context.Context, id, now int64) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE deposit_orders SET status = 'paid', settled_at = $2, updated_at = $2
		WHERE id = $1 AND status IN ('pending', 'expired')`, id, now)
	if err != nil {
		return false, fmt.Errorf("deposit paid: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (s *store) setDepositTx(ctx context.Context, id, txID int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE deposit_orders SET ledger_tx = $2 WHERE id = $1`, id, txID)
	if err != nil {
		return fmt.Errorf("deposit tx: %w", db.MapError(err))
	}
	return nil
}

// closeDeposit moves an order in one of from to status.
func (s *store) closeDeposit(ctx context.Context, id int64, status string, from []string, now int64) error {
	ph := make([]string, len(from))
	args := []any{id, status, now}
	for i, f := range from {
		args = append(args, f)
		ph[i] = fmt.Sprintf("$%d", len(args))
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE deposit_orders SET status = $2, settled_at = $3, updated_at = $3
		WHERE id = $1 AND status IN (`+strings.Join(ph, ", ")+`)`, args...)
	if err != nil {
		return fmt.Errorf("close deposit: %w", db.MapError(err))
	}
	return nil
}

func (s *store) paidDeposits(ctx context.Context, memberID int64) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM deposit_orders WHERE member_id = $1 AND status = 'paid'`,
		memberID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("deposit count: %w", db.MapError(err))
	}
	return n, nil
}

// pendingDeposits lists gateway orders still pending that were created
// before the given time (their callback is late).
func (s *store) pendingDeposits(ctx context.Context, before int64, limit int) ([]depositRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+depositColumns+` FROM deposit_orders WHERE status = 'pending'
		AND gateway <> 'bank_transfer' AND created_at < $1 ORDER BY id LIMIT $2`,
		func(r *sql.Rows, d *depositRow) error { return scanDeposit(r, d) }, before, limit)
}

// expireDeposits closes pending bank-transfer orders past their time.
func (s *store) expireBankDeposits(ctx context.Context, now int64) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE deposit_orders SET status = 'expired', updated_at = $1
		WHERE status = 'pending' AND gateway = 'bank_transfer' AND expires_at < $2`, now, now-bankTransferGrace)
	if err != nil {
		return fmt.Errorf("expire deposits: %w", db.MapError(err))
	}
	return nil
}

// OrderFilter selects orders for the operator.
type OrderFilter struct {
	Status   string
	MemberID int64
	BeforeID int64
	Limit    int
}

func (s *store) deposits(ctx context.Context, siteID int64, f OrderFilter) ([]depositRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+depositColumns+` FROM deposit_orders WHERE site_id = $1
		AND ($2 = '' OR status = $2) AND (CAST($3 AS BIGINT) = 0 OR member_id = CAST($3 AS BIGINT))
		AND (CAST($4 AS BIGINT) = 0 OR id < CAST($4 AS BIGINT)) ORDER BY id DESC LIMIT $5`,
		func(r *sql.Rows, d *depositRow) error { return scanDeposit(r, d) }, siteID, f.Status, f.MemberID, f.BeforeID, f.Limit)
}

// --- withdrawals ---

const withdrawalColumns = `id, site_id, member_id, channel_id, bank_account_id, order_no, request_id, currency, gateway, status,
	amount, fee, reason, created_at, settled_at`

func scanWithdrawal(row interface{ Scan(...any) error }, w *withdrawalRow) error {
	return row.Scan(&w.ID, &w.SiteID, &w.MemberID, &w.ChannelID, &w.BankAccountID, &w.OrderNo, &w.RequestID, &w.Currency,
		&w.Gateway, &w.Status, &w.Amount, &w.Fee, &w.Reason, &w.CreatedAt, &w.SettledAt)
}

func (s *store) withdrawalWhere(ctx context.Context, where string, args ...any) (withdrawalRow, error) {
	var w withdrawalRow
	if err := scanWithdrawal(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+withdrawalColumns+` FROM withdrawal_orders WHERE `+where, args...), &w); err != nil {
		return withdrawalRow{}, fmt.Errorf("withdrawal order: %w", db.MapError(err))
	}
	return w, nil
}

func (s *store) withdrawalByRequest(ctx context.Context, memberID int64, requestID string) (withdrawalRow, error) {
	return s.withdrawalWhere(ctx, `member_id = $1 AND request_id = $2`, memberID, requestID)
}

func (s *store) withdrawalByOrderNo(ctx context.Context, orderNo string) (withdrawalRow, error) {
	return s.withdrawalWhere(ctx, `order_no = $1`, orderNo)
}

func (s *store) insertWithdrawal(ctx context.Context, w withdrawalRow) (int64, error) {
	var id int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `INSERT INTO withdrawal_orders (order_no, site_id, member_id, request_id, currency,
		channel_id, bank_account_id, gateway, amount, fee, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $11) RETURNING id`,
		w.OrderNo, w.SiteID, w.MemberID, w.RequestID, w.Currency, w.ChannelID, w.BankAccountID, w.Gateway, w.Amount, w.Fee,
		w.CreatedAt).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert withdrawal: %w", db.MapError(err))
	}
	return id, nil
}

// withdrawalsSince counts the member's withdrawals on a channel since t,
// rejected ones aside.
func (s *store) withdrawalsSince(ctx context.Context, memberID, channelID, since int64) (int, error) {
	var n int
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM withdrawal_orders WHERE member_id = $1 AND channel_id = $2
		AND created_at >= $3 AND status <> 'rejected'`, memberID, channelID, since).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("withdrawal count: %w", db.MapError(err))
	}
	return n, nil
}

// setWithdrawalStatus moves an order in one of from to status; false when
// it was not in from (another request moved it first).
func (s *store) setWithdrawalStatus(ctx context.Context, id int64, status, reason string, from []string, now int64) (bool, error) {
	ph := make([]string, len(from))
	args := []any{id, status, reason, now}
	for i, f := range from {
		args = append(args, f)
		ph[i] = fmt.Sprintf("$%d", len(args))
	}
	settled := "settled_at"
	if status == "paid" || status == "rejected" || status == "failed" {
		settled = "$4"
	}
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE withdrawal_orders SET status = $2, reason = $3, updated_at = $4,
		settled_at = `+settled+` WHERE id = $1 AND status IN (`+strings.Join(ph, ", ")+`)`, args...)
	if err != nil {
		return false, fmt.Errorf("withdrawal status: %w", db.MapError(err))
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (s *store) approvedWithdrawals(ctx context.Context, before int64, limit int) ([]withdrawalRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+withdrawalColumns+` FROM withdrawal_orders WHERE status = 'approved'
		AND updated_at < $1 ORDER BY id LIMIT $2`, func(r *sql.Rows, w *withdrawalRow) error { return scanWithdrawal(r, w) },
		before, limit)
}

func (s *store) withdrawals(ctx context.Context, siteID int64, f OrderFilter) ([]withdrawalRow, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT `+withdrawalColumns+` FROM withdrawal_orders WHERE site_id = $1
		AND ($2 = '' OR status = $2) AND (CAST($3 AS BIGINT) = 0 OR member_id = CAST($3 AS BIGINT))
		AND (CAST($4 AS BIGINT) = 0 OR id < CAST($4 AS BIGINT)) ORDER BY id DESC LIMIT $5`,
		func(r *sql.Rows, w *withdrawalRow) error { return scanWithdrawal(r, w) }, siteID, f.Status, f.MemberID, f.BeforeID, f.Limit)
}

// --- records ---

// records lists the member's deposit and withdrawal orders in one newest
// first list, and how many match.
func (s *store) records(ctx context.Context, memberID int64, kind string, from, to int64, offset, limit int) ([]Record, int, error) {
	union := `SELECT 'deposit' AS type, order_no, status, amount, fee, created_at, settled_at, id FROM deposit_orders
		WHERE member_id = $1 AND ($2 = '' OR $2 = 'deposit') AND (CAST($3 AS BIGINT) = 0 OR created_at >= CAST($3 AS BIGINT)) AND (CAST($4 AS BIGINT) = 0 OR created_at < CAST($4 AS BIGINT))
		UNION ALL
		SELECT 'withdrawal', order_no, status, amount, fee, created_at, settled_at, id FROM withdrawal_orders
		WHERE member_id = $1 AND ($2 = '' OR $2 = 'withdrawal') AND (CAST($3 AS BIGINT) = 0 OR created_at >= CAST($3 AS BIGINT)) AND (CAST($4 AS BIGINT) = 0 OR created_at < CAST($4 AS BIGINT))`
	var total int
	if err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*) FROM (`+union+`) r`, memberID, kind, from, to).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("records count: %w", db.MapError(err))
	}
	list, err := db.Query(ctx, s.db.Q(ctx), `SELECT type, order_no, status, amount, fee, created_at, settled_at FROM (`+union+`) r
		ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`, func(r *sql.Rows, x *Record) error {
		var created, settled int64
		if err := r.Scan(&x.Type, &x.OrderNo, &x.Status, &x.Amount.Minor, &x.Fee.Minor, &created, &settled); err != nil {
			return err
		}
		x.CreatedAt, x.SettledAt = fmtTime(created), fmtTime(settled)
		return nil
	}, memberID, kind, from, to, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("records: %w", err)
	}
	return list, total, nil
}
