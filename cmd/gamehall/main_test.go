package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gamehall/internal/db"
)

// TestAuditCommand: gamehall audit and gamehall admin audit are clean on a
// fresh demo database and exit 1 naming the violation once a balance no
// longer matches its postings; gamehall admin adjust posts through the
// ledger.
func TestAuditCommand(t *testing.T) {
	dir := t.TempDir()
	env := func(string) string { return "" }
	var out, errOut bytes.Buffer
	if code := run([]string{"seed", "--data-dir", dir}, env, &out, &errOut); code != 0 {
		t.Fatalf("seed: %d %s", code, errOut.String())
	}
	audits := [][]string{{"audit", "--data-dir", dir}, {"admin", "--data-dir", dir, "audit"}}
	for _, args := range audits {
		out.Reset()
		if code := run(args, env, &out, &errOut); code != 0 || !strings.Contains(out.String(), "clean") {
			t.Fatalf("%s on a fresh database: %d %s %s", strings.Join(args, " "), code, out.String(), errOut.String())
		}
	}
	out.Reset()
	if code := run([]string{"admin", "--data-dir", dir, "adjust", "demo001", "-5", "test", "debit"}, env, &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), `"balance": 995.00`) {
		t.Fatalf("admin adjust: %d %s %s", code, out.String(), errOut.String())
	}
	d, err := db.OpenSQLite(context.Background(), dir+"/gamehall.db")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'main' AND member_id = 2`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	for _, args := range audits {
		out.Reset()
		if code := run(args, env, &out, &errOut); code != 1 || strings.Contains(out.String(), "clean") ||
			!strings.Contains(out.String(), "VIOLATION: balance differs from the sum of its postings") ||
			!strings.Contains(out.String(), "sum to 1, not zero") {
			t.Fatalf("%s of a tampered balance: %d %s", strings.Join(args, " "), code, out.String())
		}
	}
}

// TestServerCollectsGarbageLessOften: the server runs at GOGC=200 unless
// the environment sets GOGC, which then stands.
func TestServerCollectsGarbageLessOften(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "GOGC" {
				return v
			}
			return ""
		}
	}
	if pct, ok := gcPercent(env("")); !ok || pct != 200 {
		t.Fatalf("no GOGC: %d %v, want 200", pct, ok)
	}
	if _, ok := gcPercent(env("50")); ok {
		t.Fatal("GOGC=50 was overridden")
	}
}
