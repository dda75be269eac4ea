package ledger_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
)

// TestGuardedBalanceCheck: the database's CHECK alone, with no conditional
// update in the way, keeps a member account from going negative, while a
// system account may.
func TestGuardedBalanceCheck(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := newLedger(t, d)
		if _, err := l.Post(ctx, move("dep", ledger.Deposit, clearing(), main(1), 100)); err != nil {
			t.Fatal(err)
		}
		_, err := d.ExecContext(ctx, `UPDATE ledger_accounts SET balance = -1 WHERE kind = 'main' AND member_id = 1`)
		if !errors.Is(db.MapError(err), db.ErrCheck) {
			t.Fatalf("raw negative member balance: %v, want the CHECK's refusal", err)
		}
		if b, _ := l.Balance(ctx, main(1), "USD"); b != 100 {
			t.Fatalf("member balance %d after the refused update, want 100", b)
		}
		if _, err := d.ExecContext(ctx, `UPDATE ledger_accounts SET balance = balance - 1 WHERE kind = 'clearing'`); err != nil {
			t.Fatalf("system account below zero: %v", err)
		}
		if b, _ := l.Balance(ctx, clearing(), "USD"); b != -101 {
			t.Fatalf("clearing balance %d, want -101", b)
		}
	})
}

// records is a provider's own record, as a test states it.
type records []ledger.ProviderWallet

func (records) Code() string { return "GP001" }
func (r records) Wallets(context.Context) ([]ledger.ProviderWallet, error) {
	return r, nil
}

// TestAuditFindsEachViolation: each invariant the audit checks, broken on
// its own by raw SQL after real postings, is reported by name; the ledger
// is clean before the tampering.
func TestAuditFindsEachViolation(t *testing.T) {
	exec := func(q string) func(context.Context, *db.DB) error {
		return func(ctx context.Context, d *db.DB) error {
			_, err := d.ExecContext(ctx, q)
			return err
		}
	}
	good := records{{MemberID: 1, Currency: "USD", Balance: 20}}
	for _, c := range []struct {
		name   string
		tamper func(context.Context, *db.DB) error
		theirs records
		want   string
	}{
		{"unbalanced", exec(`UPDATE ledger_postings SET amount = amount + 1 WHERE id = (SELECT MIN(id) FROM ledger_postings)`),
			good, "transaction does not sum to zero"},
		{"one posting", exec(`INSERT INTO ledger_transactions (idem_key, fingerprint, kind, currency, created_at)
			VALUES ('orphan', 'x', 'bet', 'USD', 0)`), good, "transaction has fewer than two postings"},
		{"currency", exec(`UPDATE ledger_transactions SET currency = 'THB' WHERE idem_key = 'dep'`),
			good, "posting in another currency than its transaction"},
		{"balance", exec(`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'main'`),
			good, "balance differs from the sum of its postings"},
		{"running", exec(`UPDATE ledger_postings SET balance_after = balance_after + 1 WHERE id = (SELECT MIN(p.id)
			FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind = 'main')`),
			good, "running balance broken"},
		{"last running", exec(`UPDATE ledger_postings SET balance_after = balance_after + 1 WHERE id = (SELECT MAX(p.id)
			FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind = 'main')`),
			good, "last running balance differs from the balance"},
		{"negative member", negativeMember, good, "member balance below zero"},
		{"sum", exec(`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'house'`), good, "balances of USD sum to 1, not zero"},
		{"provider differs", nil, records{{MemberID: 1, Currency: "USD", Balance: 21}},
			"provider GP001 wallet of member 1 in USD: ledger 20, provider 21"},
		{"provider only", nil, append(records{{MemberID: 9, Currency: "USD", Balance: 5}}, good...),
			"provider GP001 holds 5 for member 9 in USD that the ledger does not"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				ctx := context.Background()
				l := newLedger(t, d)
				for _, e := range []ledger.Entry{
					move("dep", ledger.Deposit, clearing(), main(1), 100),
					move("bet", ledger.Bet, main(1), house("GP001"), 30),
					move("in", ledger.TransferIn, main(1), wallet(1, "GP001"), 20),
				} {
					if _, err := l.Post(ctx, e); err != nil {
						t.Fatal(err)
					}
				}
				if r, err := l.Audit(ctx, good); err != nil || !r.Clean {
					t.Fatalf("before tampering: %+v %v", r, err)
				}
				if c.tamper != nil {
					if err := c.tamper(ctx, d); err != nil {
						t.Fatal(err)
					}
				}
				r, err := l.Audit(ctx, c.theirs)
				if err != nil {
					t.Fatal(err)
				}
				if r.Clean || !strings.Contains(strings.Join(r.Violations, "\n"), c.want) {
					t.Fatalf("clean %v, violations %q; want one naming %q", r.Clean, r.Violations, c.want)
				}
			})
		})
	}
}

// negativeMember sets member 1's main balance below zero, which only a
// database without the CHECK on guarded balances allows: the audit's check
// is the last line behind it, so the test lifts the CHECK first.
func negativeMember(ctx context.Context, d *db.DB) error {
	c, err := d.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if d.Dialect == db.Postgres {
		var name string
		if err := c.QueryRowContext(ctx, `SELECT conname FROM pg_constraint
			WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c'`).Scan(&name); err != nil {
			return err
		}
		if _, err := c.ExecContext(ctx, `ALTER TABLE ledger_accounts DROP CONSTRAINT `+name); err != nil {
			return err
		}
	} else if _, err := c.ExecContext(ctx, `PRAGMA ignore_check_constraints = ON`); err != nil {
		return err
	}
	_, err = c.ExecContext(ctx, `UPDATE ledger_accounts SET balance = -5 WHERE kind = 'main' AND member_id = 1`)
	if d.Dialect == db.SQLite {
		// The connection goes back to the pool: it must check again.
		if _, perr := c.ExecContext(ctx, `PRAGMA ignore_check_constraints = OFF`); err == nil {
			err = perr
		}
	}
	return err
}
