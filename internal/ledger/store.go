package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"gamehall/internal/db"
)

// store holds the ledger's SQL.
type store struct {
	db *db.DB
	// insertLines is the statement inserting n lines at once, by n.
	mu          sync.Mutex
	insertLines map[int]string
	// insertTxSQL and applySQL are the writes every posting makes.
	insertTxSQL, applySQL db.Returning
}

func newStore(d *db.DB) *store {
	return &store{db: d, insertLines: map[int]string{},
		insertTxSQL: db.NewReturning(`INSERT INTO ledger_transactions (idem_key, fingerprint, kind, currency, reference, memo,
			created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idem_key) DO NOTHING`, "id", ""),
		applySQL: db.NewReturning(`UPDATE ledger_accounts SET balance = balance + $2
			WHERE id = $1 AND (guarded = FALSE OR balance + $2 >= 0)`, "balance", `SELECT balance FROM ledger_accounts WHERE id = $1`),
	}
}

// insertTx records the transaction under its key; fresh is false when the
// key exists (committed by another request: the caller replays it).
func (s *store) insertTx(ctx context.Context, e Entry, fingerprint string, now int64) (id int64, fresh bool, err error) {
	err = s.db.Row(ctx, s.insertTxSQL, []any{e.Key, fingerprint, string(e.Kind), e.Currency, e.Reference, e.Memo, now}, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("ledger transaction: %w", err)
	}
	return id, true, nil
}

// postOnce posts e on PostgreSQL in one statement (ledger_post, migration
// 00031), in the transaction ctx carries or committed on its own: ids are
// the accounts of sorted's lines.
// fresh is false when the key exists (the caller replays it); a debit a
// member account cannot cover is db.ErrCheck and writes nothing.
func (s *store) postOnce(ctx context.Context, e Entry, fingerprint string, now int64, ids []int64,
	sorted []Posting) (out Result, fresh bool, err error) {
	amounts := make([]int64, len(sorted))
	for i, p := range sorted {
		amounts[i] = p.Amount
	}
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT out_tx, out_after FROM ledger_post($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		e.Key, fingerprint, string(e.Kind), e.Currency, e.Reference, e.Memo, now, ids, amounts)
	if err != nil {
		return Result{}, false, fmt.Errorf("post: %w", db.MapError(err))
	}
	defer rows.Close()
	out = Result{CreatedAt: time.UnixMicro(now).UTC(), Lines: make([]Line, 0, len(sorted))}
	for i := 0; rows.Next(); i++ {
		var after int64
		if err := rows.Scan(&out.TxID, &after); err != nil {
			return Result{}, false, fmt.Errorf("post: %w", db.MapError(err))
		}
		out.Lines = append(out.Lines, Line{Account: sorted[i].Account, AccountID: ids[i], Amount: sorted[i].Amount, BalanceAfter: after})
	}
	if err := rows.Err(); err != nil {
		return Result{}, false, fmt.Errorf("post: %w", db.MapError(err))
	}
	return out, len(out.Lines) > 0, nil
}

type storedTx struct {
	id          int64
	fingerprint string
	createdAt   int64
}

func (s *store) txByKey(ctx context.Context, key string) (storedTx, error) {
	var t storedTx
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, fingerprint, created_at FROM ledger_transactions WHERE idem_key = $1`, key).
		Scan(&t.id, &t.fingerprint, &t.createdAt)
	if err != nil {
		return storedTx{}, fmt.Errorf("ledger transaction by key: %w", db.MapError(err))
	}
	return t, nil
}

// lines are a transaction's postings with their accounts.
func (s *store) lines(ctx context.Context, txID int64) ([]Line, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT a.kind, a.member_id, a.provider, p.account_id, p.amount, p.balance_after
		FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.tx_id = $1 ORDER BY p.id`,
		func(r *sql.Rows, l *Line) error {
			var kind string
			if err := r.Scan(&kind, &l.Account.MemberID, &l.Account.Provider, &l.AccountID, &l.Amount, &l.BalanceAfter); err != nil {
				return err
			}
			l.Account.Kind = AccountKind(kind)
			return nil
		}, txID)
}

// ensureAccount opens the account row of key if it does not exist and
// returns its id.
func (s *store) ensureAccount(ctx context.Context, key accountKey, now int64) (int64, error) {
	q := s.db.Q(ctx)
	_, err := q.ExecContext(ctx, `INSERT INTO ledger_accounts (kind, currency, member_id, provider, shard, guarded, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (kind, currency, member_id, provider, shard) DO NOTHING`,
		string(key.Kind), key.Currency, key.MemberID, key.Provider, key.Shard, key.Kind.Member(), now)
	if err != nil {
		return 0, fmt.Errorf("open account: %w", db.MapError(err))
	}
	var id int64
	err = q.QueryRowContext(ctx, `SELECT id FROM ledger_accounts WHERE kind = $1 AND currency = $2 AND member_id = $3
		AND provider = $4 AND shard = $5`, string(key.Kind), key.Currency, key.MemberID, key.Provider, key.Shard).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("account: %w", db.MapError(err))
	}
	return id, nil
}

// apply adds amount to the account in one conditional update: a guarded
// account's balance never goes below zero (ok false, nothing changed).
func (s *store) apply(ctx context.Context, accountID, amount int64) (after int64, ok bool, err error) {
	err = s.db.Add(ctx, s.applySQL, balanceOf(accountID), amount, []any{accountID, amount}, &after)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("apply posting: %w", err)
	}
	return after, true, nil
}

// balanceOf names an account's balance among the counters db.Add
// remembers.
type balanceOf int64

// insertPostings writes a transaction's lines in order (ids ascend with
// it: the running balance follows them). On PostgreSQL in one statement, one
// round trip; on SQLite one statement a line: a statement writing several
// rows may fail after the first, so SQLite gives it a statement journal of
// its own (allocated and freed each time), which one row never needs, and
// a kept-prepared statement costs little more than a row.
func (s *store) insertPostings(ctx context.Context, txID int64, lines []Line, now int64) error {
	if s.db.Dialect == db.SQLite {
		for _, l := range lines {
			if _, err := s.db.Q(ctx).ExecContext(ctx, s.linesSQL(1), txID, l.AccountID, l.Amount, l.BalanceAfter, now); err != nil {
				return fmt.Errorf("posting: %w", db.MapError(err))
			}
		}
		return nil
	}
	args := make([]any, 0, 5*len(lines))
	for _, l := range lines {
		args = append(args, txID, l.AccountID, l.Amount, l.BalanceAfter, now)
	}
	if _, err := s.db.Q(ctx).ExecContext(ctx, s.linesSQL(len(lines)), args...); err != nil {
		return fmt.Errorf("postings: %w", db.MapError(err))
	}
	return nil
}

func (s *store) linesSQL(n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if q, ok := s.insertLines[n]; ok {
		return q
	}
	var b strings.Builder
	b.WriteString(`INSERT INTO ledger_postings (tx_id, account_id, amount, balance_after, created_at) VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "($%d, $%d, $%d, $%d, $%d)", 5*i+1, 5*i+2, 5*i+3, 5*i+4, 5*i+5)
	}
	q := b.String()
	s.insertLines[n] = q
	return q
}

// balance sums the rows of one account (every shard of a system account).
func (s *store) balance(ctx context.Context, a Account, currency string) (int64, error) {
	var b int64
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT COALESCE(SUM(balance), 0) FROM ledger_accounts
		WHERE kind = $1 AND currency = $2 AND member_id = $3 AND provider = $4`,
		string(a.Kind), currency, a.MemberID, a.Provider).Scan(&b)
	if err != nil {
		return 0, fmt.Errorf("balance: %w", db.MapError(err))
	}
	return b, nil
}

func (s *store) memberBalances(ctx context.Context, memberID int64, currency string) (map[Account]int64, error) {
	rows, err := db.Query(ctx, s.db.Q(ctx), `SELECT kind, provider, balance FROM ledger_accounts
		WHERE member_id = $1 AND currency = $2`, func(r *sql.Rows, l *Line) error {
		var kind string
		if err := r.Scan(&kind, &l.Account.Provider, &l.BalanceAfter); err != nil {
			return err
		}
		l.Account.Kind, l.Account.MemberID = AccountKind(kind), memberID
		return nil
	}, memberID, currency)
	if err != nil {
		return nil, fmt.Errorf("member balances: %w", err)
	}
	out := make(map[Account]int64, len(rows))
	for _, r := range rows {
		out[r.Account] = r.BalanceAfter
	}
	return out, nil
}

func (s *store) providerWallets(ctx context.Context, code string) ([]ProviderWallet, error) {
	return db.Query(ctx, s.db.Q(ctx), `SELECT member_id, currency, balance FROM ledger_accounts WHERE kind = $1 AND provider = $2
		ORDER BY member_id, currency`, func(r *sql.Rows, w *ProviderWallet) error { return r.Scan(&w.MemberID, &w.Currency, &w.Balance) },
		string(Provider), code)
}
