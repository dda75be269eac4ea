package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gamehall/internal/db"
)

// TestAdminAuditExitCode: gamehall admin audit exits 0 saying clean on a
// fresh demo database, and once a house balance no longer matches its
// postings it exits 1 printing the violation, as gamehall audit does on the
// same database (TestAuditCommand tampers a member balance instead).
func TestAdminAuditExitCode(t *testing.T) {
	dir := t.TempDir()
	env := func(string) string { return "" }
	var out, errOut bytes.Buffer
	if code := run([]string{"seed", "--data-dir", dir}, env, &out, &errOut); code != 0 {
		t.Fatalf("seed: %d %s", code, errOut.String())
	}
	out.Reset()
	if code := run([]string{"admin", "--data-dir", dir, "audit"}, env, &out, &errOut); code != 0 || !strings.Contains(out.String(), "clean") {
		t.Fatalf("admin audit on a fresh database: %d %s %s", code, out.String(), errOut.String())
	}
	d, err := db.OpenSQLite(context.Background(), dir+"/gamehall.db")
	if err != nil {
		t.Fatal(err)
	}
	// Clearing is a system account the seed has posted to: unguarded, so
	// no CHECK stops the tampering, and only the audit sees it.
	if _, err := d.Exec(`UPDATE ledger_accounts SET balance = balance + 7 WHERE id = (SELECT MIN(id) FROM ledger_accounts
		WHERE kind = 'clearing')`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, args := range [][]string{{"admin", "--data-dir", dir, "audit"}, {"audit", "--data-dir", dir}} {
		out.Reset()
		errOut.Reset()
		code := run(args, env, &out, &errOut)
		if code != 1 || !strings.Contains(out.String(), "VIOLATION: balance differs from the sum of its postings") ||
			!strings.Contains(out.String(), "sum to 7, not zero") || strings.Contains(out.String(), "clean") {
			t.Fatalf("%s on a tampered database: exit %d, out %s, err %s", strings.Join(args, " "), code, out.String(), errOut.String())
		}
	}
}
