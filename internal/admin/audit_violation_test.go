package admin_test

import (
	"context"
	"strings"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
)

// TestLedgerAuditReportsViolations: GET /admin/audit is clean on the seeded
// site and, once a clearing balance no longer matches its postings, says so
// and names the violations.
func TestLedgerAuditReportsViolations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newServer(t, d, key)
		if res := s.admin(t, "GET", "/admin/audit", ""); res.Code != 100 || !strings.Contains(string(res.Data), `"clean":true`) {
			t.Fatalf("audit of the seeded site: %d %s", res.Code, res.Data)
		}
		// Clearing is unguarded: no CHECK stops the tampering, only the audit sees it.
		if _, err := d.ExecContext(context.Background(), `UPDATE ledger_accounts SET balance = balance + 7
			WHERE id = (SELECT MIN(id) FROM ledger_accounts WHERE kind = 'clearing')`); err != nil {
			t.Fatal(err)
		}
		res := s.admin(t, "GET", "/admin/audit", "")
		r := decode[ledger.Report](t, res.Data)
		got := strings.Join(r.Violations, "\n")
		if res.Code != 100 || r.Clean || !strings.Contains(got, "balance differs from the sum of its postings") ||
			!strings.Contains(got, "sum to 7, not zero") {
			t.Fatalf("audit of a tampered balance: %d %s", res.Code, res.Data)
		}
	})
}
