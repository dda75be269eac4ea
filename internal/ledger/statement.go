package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gamehall/internal/db"
)

// Movement is one posting on a member's account, as the member sees it.
type Movement struct {
	ID           int64
	TxID         int64
	Kind         Kind
	Account      Account
	Currency     string
	Amount       int64
	BalanceAfter int64
	Reference    string
	CreatedAt    int64 // unix microseconds
}

// StatementQuery filters a member's movements.
type StatementQuery struct {
	MemberID int64
	Currency string
	From, To int64  // unix microseconds, [From, To); 0: open
	Kinds    []Kind // empty: every kind
	Offset   int
	Limit    int
}

// Statement lists a member's movements newest first, and how many match.
func (l *Ledger) Statement(ctx context.Context, q StatementQuery) ([]Movement, int, error) {
	where := []string{"a.member_id = $1", "a.currency = $2"}
	args := []any{q.MemberID, q.Currency}
	if q.From > 0 {
		args = append(args, q.From)
		where = append(where, fmt.Sprintf("p.created_at >= $%d", len(args)))
	}
	if q.To > 0 {
		args = append(args, q.To)
		where = append(where, fmt.Sprintf("p.created_at < $%d", len(args)))
	}
	if len(q.Kinds) > 0 {
		ph := make([]string, len(q.Kinds))
		for i, k := range q.Kinds {
			args = append(args, string(k))
			ph[i] = fmt.Sprintf("$%d", len(args))
		}
		where = append(where, "t.kind IN ("+strings.Join(ph, ", ")+")")
	}
	from := ` FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
		JOIN ledger_transactions t ON t.id = p.tx_id WHERE ` + strings.Join(where, " AND ")
	var total int
	if err := l.db.Q(ctx).QueryRowContext(ctx, `SELECT COUNT(*)`+from, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("statement count: %w", db.MapError(err))
	}
	args = append(args, q.Limit, q.Offset)
	list, err := db.Query(ctx, l.db.Q(ctx), `SELECT p.id, p.tx_id, t.kind, a.kind, a.provider, a.currency, p.amount, p.balance_after,
		t.reference, p.created_at`+from+fmt.Sprintf(` ORDER BY p.id DESC LIMIT $%d OFFSET $%d`, len(args)-1, len(args)),
		func(r *sql.Rows, m *Movement) error {
			var kind, acct string
			if err := r.Scan(&m.ID, &m.TxID, &kind, &acct, &m.Account.Provider, &m.Currency, &m.Amount, &m.BalanceAfter,
				&m.Reference, &m.CreatedAt); err != nil {
				return err
			}
			m.Kind, m.Account.Kind, m.Account.MemberID = Kind(kind), AccountKind(acct), q.MemberID
			return nil
		}, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("statement: %w", err)
	}
	return list, total, nil
}

// Sums is what a member moved in one currency since a time: deposits
// credited to the main wallet, stakes debited and wins credited on any of
// their wallets, and when the oldest deposit and the oldest bet counted
// were posted (unix microseconds; 0: none).
type Sums struct {
	Deposits, Bets, Wins          int64
	OldestDeposit, OldestBetOrWin int64
}

// Oldest is the time of the oldest deposit (deposits) or stake or win
// counted.
func (s Sums) Oldest(deposits bool) int64 {
	if deposits {
		return s.OldestDeposit
	}
	return s.OldestBetOrWin
}

// MemberSums sums the member's deposits, bets and wins posted since since.
func (l *Ledger) MemberSums(ctx context.Context, memberID int64, currency string, since int64) (Sums, error) {
	rows, err := db.Query(ctx, l.db.Q(ctx), `SELECT t.kind, COALESCE(SUM(CASE WHEN p.amount > 0 THEN p.amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.amount < 0 THEN -p.amount ELSE 0 END), 0), MIN(p.created_at)
		FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_transactions t ON t.id = p.tx_id
		WHERE a.member_id = $1 AND a.currency = $2 AND a.kind IN ($3, $4) AND p.created_at >= $5 AND t.kind IN ($6, $7, $8)
		GROUP BY t.kind`,
		func(r *sql.Rows, s *struct {
			kind     string
			in, out  int64
			earliest int64
		}) error {
			return r.Scan(&s.kind, &s.in, &s.out, &s.earliest)
		}, memberID, currency, string(Main), string(Provider), since, string(Deposit), string(Bet), string(Win))
	if err != nil {
		return Sums{}, fmt.Errorf("member sums: %w", err)
	}
	var out Sums
	oldest := func(cur *int64, t int64) {
		if *cur == 0 || t < *cur {
			*cur = t
		}
	}
	for _, r := range rows {
		switch Kind(r.kind) {
		case Deposit:
			out.Deposits = r.in
			oldest(&out.OldestDeposit, r.earliest)
		case Bet:
			out.Bets = r.out
			oldest(&out.OldestBetOrWin, r.earliest)
		case Win:
			out.Wins = r.in
			oldest(&out.OldestBetOrWin, r.earliest)
		}
	}
	return out, nil
}

// KindTotals sums, per transaction kind, what the member's accounts in one
// currency were posted in [from, to) (unix microseconds; 0: open): a
// deposit is positive (into main), a paid withdrawal negative (out of
// hold).
func (l *Ledger) KindTotals(ctx context.Context, memberID int64, currency string, from, to int64, kinds ...Kind) (map[Kind]int64, error) {
	where := []string{"a.member_id = $1", "a.currency = $2"}
	args := []any{memberID, currency}
	if from > 0 {
		args = append(args, from)
		where = append(where, fmt.Sprintf("p.created_at >= $%d", len(args)))
	}
	if to > 0 {
		args = append(args, to)
		where = append(where, fmt.Sprintf("p.created_at < $%d", len(args)))
	}
	ph := make([]string, len(kinds))
	for i, k := range kinds {
		args = append(args, string(k))
		ph[i] = fmt.Sprintf("$%d", len(args))
	}
	if len(kinds) > 0 {
		where = append(where, "t.kind IN ("+strings.Join(ph, ", ")+")")
	}
	rows, err := db.Query(ctx, l.db.Q(ctx), `SELECT t.kind, COALESCE(SUM(p.amount), 0) FROM ledger_postings p
		JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.tx_id
		WHERE `+strings.Join(where, " AND ")+` GROUP BY t.kind`,
		func(r *sql.Rows, v *struct {
			kind string
			sum  int64
		}) error {
			return r.Scan(&v.kind, &v.sum)
		}, args...)
	if err != nil {
		return nil, fmt.Errorf("kind totals: %w", err)
	}
	out := make(map[Kind]int64, len(rows))
	for _, r := range rows {
		out[Kind(r.kind)] = r.sum
	}
	return out, nil
}

// Debit is one debit of a member's account: when, how much (positive) and
// the transaction's reference.
type Debit struct {
	At        int64
	Amount    int64
	Reference string
}

// Debits lists the debits of kind of the member's accounts in one currency
// at or after since (unix microseconds), oldest first: the bonus turnover
// reads the member's real-money bets with it.
func (l *Ledger) Debits(ctx context.Context, memberID int64, currency string, kind Kind, since int64) ([]Debit, error) {
	out, err := db.Query(ctx, l.db.Q(ctx), `SELECT p.created_at, -p.amount, t.reference FROM ledger_accounts a
		JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_transactions t ON t.id = p.tx_id
		WHERE a.member_id = $1 AND a.currency = $2 AND p.created_at >= $3 AND p.amount < 0 AND t.kind = $4
		ORDER BY p.created_at, p.id`,
		func(r *sql.Rows, d *Debit) error { return r.Scan(&d.At, &d.Amount, &d.Reference) },
		memberID, currency, since, string(kind))
	if err != nil {
		return nil, fmt.Errorf("debits: %w", err)
	}
	return out, nil
}

// Flow is one posting of a member's account: when, the signed amount (a
// debit negative), the transaction's kind and reference.
type Flow struct {
	At        int64
	Amount    int64
	Kind      Kind
	Reference string
}

// Flows lists the postings of the member's accounts in one currency in
// [from, to) (unix microseconds) of transactions of kinds, oldest first:
// the daily cash back reads a day's bets and wins with it.
func (l *Ledger) Flows(ctx context.Context, memberID int64, currency string, from, to int64, kinds ...Kind) ([]Flow, error) {
	if len(kinds) == 0 {
		return nil, nil
	}
	args := []any{memberID, currency, from, to}
	ph := make([]string, len(kinds))
	for i, k := range kinds {
		args = append(args, string(k))
		ph[i] = fmt.Sprintf("$%d", len(args))
	}
	out, err := db.Query(ctx, l.db.Q(ctx), `SELECT p.created_at, p.amount, t.kind, t.reference FROM ledger_accounts a
		JOIN ledger_postings p ON p.account_id = a.id JOIN ledger_transactions t ON t.id = p.tx_id
		WHERE a.member_id = $1 AND a.currency = $2 AND p.created_at >= $3 AND p.created_at < $4
		AND t.kind IN (`+strings.Join(ph, ", ")+`) ORDER BY p.created_at, p.id`,
		func(r *sql.Rows, f *Flow) error {
			var kind string
			err := r.Scan(&f.At, &f.Amount, &kind, &f.Reference)
			f.Kind = Kind(kind)
			return err
		}, args...)
	if err != nil {
		return nil, fmt.Errorf("flows: %w", err)
	}
	return out, nil
}

// Bettors are the members with a bet debited from one of their accounts in
// one currency in [from, to) (unix microseconds), in id order.
func (l *Ledger) Bettors(ctx context.Context, currency string, from, to int64) ([]int64, error) {
	out, err := db.Query(ctx, l.db.Q(ctx), `SELECT DISTINCT a.member_id FROM ledger_postings p
		JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.tx_id
		WHERE a.member_id > 0 AND a.currency = $1 AND p.created_at >= $2 AND p.created_at < $3 AND p.amount < 0 AND t.kind = $4
		ORDER BY a.member_id`,
		func(r *sql.Rows, id *int64) error { return r.Scan(id) }, currency, from, to, string(Bet))
	if err != nil {
		return nil, fmt.Errorf("bettors: %w", err)
	}
	return out, nil
}
