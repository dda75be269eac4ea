package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"gamehall/internal/db"
)

// ProviderRecords is a game provider's own record of the wallets it holds
// for members, to hold the ledger's provider wallets against.
type ProviderRecords interface {
	Code() string
	// Wallets lists the provider's balance per member and currency.
	Wallets(ctx context.Context) ([]ProviderWallet, error)
}

// ProviderWallet is one balance a provider holds.
type ProviderWallet struct {
	MemberID int64
	Currency string
	Balance  int64
}

// Report is what Audit found. Violations list each broken invariant with
// the rows that break it (at most a few of each).
type Report struct {
	Transactions int64         `json:"transactions"`
	Postings     int64         `json:"postings"`
	Accounts     int64         `json:"accounts"`
	Totals       []Total       `json:"totals"`
	Violations   []string      `json:"violations"`
	Took         time.Duration `json:"-"`
	TookMS       int64         `json:"took_ms"`
	Clean        bool          `json:"clean"`
}

// Total is the sum of every balance of one currency: zero when no unit was
// created or lost.
type Total struct {
	Currency string `json:"currency"`
	Members  int64  `json:"members"` // held by members (main, provider wallets, holds)
	System   int64  `json:"system"`
	Sum      int64  `json:"sum"`
}

// sample bounds how many offending rows a violation lists.
const sample = 5

// Audit checks that every transaction sums to zero in one currency, every
// balance equals the sum of its postings and every posting's balance_after
// continues the one before it, no member balance is negative, the balances
// of each currency sum to zero, and each provider's own record matches the
// members' wallets at that provider.
func (l *Ledger) Audit(ctx context.Context, providers ...ProviderRecords) (Report, error) {
	start := time.Now()
	var r Report
	q := l.db.Q(ctx)
	for _, c := range []struct {
		dst   *int64
		query string
	}{
		{&r.Transactions, `SELECT COUNT(*) FROM ledger_transactions`},
		{&r.Postings, `SELECT COUNT(*) FROM ledger_postings`},
		{&r.Accounts, `SELECT COUNT(*) FROM ledger_accounts`},
	} {
		if err := q.QueryRowContext(ctx, c.query).Scan(c.dst); err != nil {
			return Report{}, fmt.Errorf("audit count: %w", db.MapError(err))
		}
	}
	checks := []struct {
		name  string
		query string
	}{
		{"transaction does not sum to zero", `SELECT tx_id, SUM(amount) FROM ledger_postings GROUP BY tx_id HAVING SUM(amount) <> 0`},
		{"transaction has fewer than two postings", `SELECT t.id, COUNT(p.id) FROM ledger_transactions t
			LEFT JOIN ledger_postings p ON p.tx_id = t.id GROUP BY t.id HAVING COUNT(p.id) < 2`},
		{"posting in another currency than its transaction", `SELECT p.id, a.currency FROM ledger_postings p
			JOIN ledger_transactions t ON t.id = p.tx_id JOIN ledger_accounts a ON a.id = p.account_id WHERE a.currency <> t.currency`},
		{"balance differs from the sum of its postings", `SELECT a.id, a.balance - COALESCE(s.total, 0) FROM ledger_accounts a
			LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) s ON s.account_id = a.id
			WHERE a.balance <> COALESCE(s.total, 0)`},
		{"running balance broken", `SELECT id, balance_after FROM (SELECT id, balance_after, amount,
			LAG(balance_after) OVER (PARTITION BY account_id ORDER BY id) AS before FROM ledger_postings) x
			WHERE balance_after <> COALESCE(before, 0) + amount`},
		{"last running balance differs from the balance", `SELECT a.id, a.balance FROM ledger_accounts a
			JOIN (SELECT account_id, MAX(id) AS last FROM ledger_postings GROUP BY account_id) m ON m.account_id = a.id
			JOIN ledger_postings p ON p.id = m.last WHERE p.balance_after <> a.balance`},
		{"member balance below zero", `SELECT id, balance FROM ledger_accounts WHERE guarded <> FALSE AND balance < 0`},
	}
	for _, c := range checks {
		bad, err := l.sampleRows(ctx, c.query)
		if err != nil {
			return Report{}, fmt.Errorf("audit %s: %w", c.name, err)
		}
		if len(bad) > 0 {
			r.Violations = append(r.Violations, c.name+": "+strings.Join(bad, ", "))
		}
	}
	totals, err := db.Query(ctx, q, `SELECT currency, SUM(CASE WHEN guarded <> FALSE THEN balance ELSE 0 END),
		SUM(CASE WHEN guarded <> FALSE THEN 0 ELSE balance END), SUM(balance) FROM ledger_accounts GROUP BY currency ORDER BY currency`,
		func(rows *sql.Rows, t *Total) error { return rows.Scan(&t.Currency, &t.Members, &t.System, &t.Sum) })
	if err != nil {
		return Report{}, fmt.Errorf("audit totals: %w", err)
	}
	r.Totals = totals
	for _, t := range totals {
		if t.Sum != 0 {
			r.Violations = append(r.Violations, fmt.Sprintf("balances of %s sum to %d, not zero", t.Currency, t.Sum))
		}
	}
	for _, p := range providers {
		v, err := l.auditProvider(ctx, p)
		if err != nil {
			return Report{}, err
		}
		r.Violations = append(r.Violations, v...)
	}
	r.Took = time.Since(start)
	r.TookMS = r.Took.Milliseconds()
	r.Clean = len(r.Violations) == 0
	if r.Violations == nil {
		r.Violations = []string{}
	}
	return r, nil
}

// sampleRows runs a query of (id, value) rows and lists a few as "id=value".
func (l *Ledger) sampleRows(ctx context.Context, query string) ([]string, error) {
	rows, err := l.db.Q(ctx).QueryContext(ctx, query)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []string
	n := 0
	for rows.Next() {
		var id, v any
		if err := rows.Scan(&id, &v); err != nil {
			return nil, db.MapError(err)
		}
		if n++; n <= sample {
			out = append(out, fmt.Sprintf("%v=%v", id, v))
		}
	}
	if n > sample {
		out = append(out, fmt.Sprintf("and %d more", n-sample))
	}
	return out, rows.Err()
}

// auditProvider holds the ledger's wallets at one provider against the
// provider's own record.
func (l *Ledger) auditProvider(ctx context.Context, p ProviderRecords) ([]string, error) {
	theirs, err := p.Wallets(ctx)
	if err != nil {
		return nil, fmt.Errorf("audit provider %s: %w", p.Code(), err)
	}
	type key struct {
		member   int64
		currency string
	}
	want := map[key]int64{}
	for _, w := range theirs {
		want[key{w.MemberID, w.Currency}] = w.Balance
	}
	ours, err := db.Query(ctx, l.db.Q(ctx), `SELECT member_id, currency, balance FROM ledger_accounts WHERE kind = $1 AND provider = $2`,
		func(r *sql.Rows, w *ProviderWallet) error { return r.Scan(&w.MemberID, &w.Currency, &w.Balance) }, string(Provider), p.Code())
	if err != nil {
		return nil, fmt.Errorf("audit provider %s: %w", p.Code(), err)
	}
	var out []string
	for _, w := range ours {
		k := key{w.MemberID, w.Currency}
		if want[k] != w.Balance {
			out = append(out, fmt.Sprintf("provider %s wallet of member %d in %s: ledger %d, provider %d",
				p.Code(), w.MemberID, w.Currency, w.Balance, want[k]))
		}
		delete(want, k)
	}
	for k, b := range want {
		if b != 0 {
			out = append(out, fmt.Sprintf("provider %s holds %d for member %d in %s that the ledger does not", p.Code(), b, k.member, k.currency))
		}
	}
	return out, nil
}
