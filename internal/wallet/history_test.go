package wallet_test

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/wallet"
)

// post moves amount between the member's main wallet and the adjustments
// account as a movement of kind, on l's clock.
func post(t *testing.T, l *ledger.Ledger, m wallet.Member, key string, kind ledger.Kind, amount int64, ref string) {
	t.Helper()
	main, other := ledger.Account{Kind: ledger.Main, MemberID: m.ID}, ledger.Account{Kind: ledger.Adjustments}
	if _, err := l.Post(context.Background(), ledger.Entry{Key: key, Kind: kind, Currency: "USD", Reference: ref,
		Postings: []ledger.Posting{{Account: other, Amount: -amount}, {Account: main, Amount: amount}}}); err != nil {
		t.Fatal(err)
	}
}

// withdrawn posts a paid withdrawal of amount: main to hold, hold out.
func withdrawn(t *testing.T, l *ledger.Ledger, m wallet.Member, key string, amount int64) {
	t.Helper()
	main, hold := ledger.Account{Kind: ledger.Main, MemberID: m.ID}, ledger.Account{Kind: ledger.Hold, MemberID: m.ID}
	ctx := context.Background()
	if _, err := l.Post(ctx, ledger.Entry{Key: key + "-hold", Kind: ledger.WithdrawalHold, Currency: "USD",
		Postings: []ledger.Posting{{Account: main, Amount: -amount}, {Account: hold, Amount: amount}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Post(ctx, ledger.Entry{Key: key + "-paid", Kind: ledger.Withdrawal, Currency: "USD",
		Postings: []ledger.Posting{{Account: hold, Amount: -amount}, {Account: ledger.Account{Kind: ledger.Adjustments}, Amount: amount}}}); err != nil {
		t.Fatal(err)
	}
}

// TestHistoryIsTheMembersOwnWithNetDeposit: a member's history holds their
// own movements only, with deposits minus paid withdrawals as the net.
func TestHistoryIsTheMembersOwnWithNetDeposit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		ctx := context.Background()
		before, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{}, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		post(t, e.ledger, e.alice, "a-dep", ledger.Deposit, 300_00, "alice-deposit")
		withdrawn(t, e.ledger, e.alice, "a-wd", 120_50)
		post(t, e.ledger, e.bob, "b-dep", ledger.Deposit, 999_00, "bob-deposit")
		withdrawn(t, e.ledger, e.bob, "b-wd", 7_00)
		h, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{}, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		if h.Deposits.Minor-before.Deposits.Minor != 300_00 || h.Withdrawals.Minor-before.Withdrawals.Minor != 120_50 ||
			h.NetDeposit.Minor-before.NetDeposit.Minor != 179_50 {
			t.Fatalf("alice's figures: deposits %d withdrawals %d net %d", h.Deposits.Minor, h.Withdrawals.Minor, h.NetDeposit.Minor)
		}
		for _, mv := range h.List {
			if mv.Reference == "bob-deposit" || mv.Amount.Minor == 999_00 || mv.Amount.Minor == 7_00 {
				t.Fatalf("bob's movement in alice's history: %+v", mv)
			}
		}
		deps, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{Kinds: []string{"deposit"}}, time.UTC)
		if err != nil || deps.Total == 0 || deps.List[0].Reference != "alice-deposit" {
			t.Fatalf("alice's deposits: %+v %v", deps, err)
		}
		rec := httptest.NewRecorder()
		if err := e.svc.HistoryCSV(ctx, e.alice, wallet.RecordQuery{}, time.UTC, rec); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(rec.Body.String(), "bob-deposit") || strings.Contains(rec.Body.String(), "999.00") {
			t.Fatalf("bob's movement in alice's CSV:\n%s", rec.Body)
		}
	})
}

// TestHistoryGoesBackThreeMonths: movements older than three months are
// not shown, and a range starting before then is refused naming from.
func TestHistoryGoesBackThreeMonths(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		ctx := context.Background()
		before, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{}, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		old := ledger.New(d, func() time.Time { return time.Now().AddDate(0, -3, -2) }, nil)
		post(t, old, e.alice, "old-dep", ledger.Deposit, 50_00, "too-old")
		recent := ledger.New(d, func() time.Time { return time.Now().AddDate(0, -3, 2) }, nil)
		post(t, recent, e.alice, "recent-dep", ledger.Deposit, 40_00, "within")
		h, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{}, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		refs := []string{}
		for _, mv := range h.List {
			refs = append(refs, mv.Reference)
		}
		if strings.Contains(strings.Join(refs, ","), "too-old") || !strings.Contains(strings.Join(refs, ","), "within") ||
			h.Deposits.Minor-before.Deposits.Minor != 40_00 {
			t.Fatalf("history of three months: %v, deposits %d", refs, h.Deposits.Minor)
		}
		from := time.Now().UTC().AddDate(0, -3, -1).Format("2006-01-02")
		for _, run := range []func() error{
			func() error {
				_, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{From: from}, time.UTC)
				return err
			},
			func() error {
				return e.svc.HistoryCSV(ctx, e.alice, wallet.RecordQuery{From: from}, time.UTC, httptest.NewRecorder())
			},
		} {
			var ae *api.Error
			if err := run(); !errors.As(err, &ae) || ae.Code != api.CodeInvalid || ae.Field != "from" {
				t.Fatalf("from %s: %v, want bad input naming from", from, err)
			}
		}
	})
}

// TestHistoryCSV: the file is named for its range, holds every movement
// in major units in the site's zone, and defuses formula cells.
func TestHistoryCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := setup(t, d)
		ctx := context.Background()
		post(t, e.ledger, e.alice, "dep", ledger.Deposit, 1234_56, "plain")
		for i, ref := range []string{`=HYPERLINK("http://x")`, "+1+2", "-2+3", "@SUM(A1)", "a,\"quoted\"\nline"} {
			post(t, e.ledger, e.alice, fmt.Sprintf("adj%d", i), ledger.Adjustment, -int64(i+1), ref)
		}
		rec := httptest.NewRecorder()
		zone := time.FixedZone("UTC+8", 8*3600)
		if err := e.svc.HistoryCSV(ctx, e.alice, wallet.RecordQuery{}, zone, rec); err != nil {
			t.Fatal(err)
		}
		today := time.Now().In(zone).Format("20060102")
		if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="account-history-`) ||
			!strings.HasSuffix(cd, "-"+today+`.csv"`) {
			t.Fatalf("Content-Disposition %q", cd)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Fatalf("Content-Type %q", ct)
		}
		h, err := e.svc.Transactions(ctx, e.alice, wallet.RecordQuery{}, zone)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(rows[0], ",") != "time,kind,wallet,amount,balance_after,currency,reference" || len(rows) != h.Total+1 {
			t.Fatalf("CSV rows: %q", rows)
		}
		byRef := map[string][]string{}
		for _, r := range rows[1:] {
			byRef[r[6]] = r
		}
		if r := byRef["plain"]; r == nil || r[1] != "deposit" || r[2] != "main" || r[3] != "1234.56" || r[5] != "USD" {
			t.Fatalf("the deposit row: %q", r)
		}
		if r := byRef["plain"]; !strings.HasPrefix(r[0], time.Now().In(zone).Format("2006-01-02 ")) {
			t.Fatalf("time not in the site's zone: %q", r[0])
		}
		for _, want := range []string{`'=HYPERLINK("http://x")`, "'+1+2", "'-2+3", "'@SUM(A1)", "a,\"quoted\"\nline"} {
			if byRef[want] == nil {
				t.Errorf("no row with reference %q in %q", want, rows)
			}
		}
		if r := byRef["'-2+3"]; r != nil && r[3] != "-0.03" {
			t.Errorf("a negative amount stays a number: %q", r[3])
		}
	})
}

// TestCSVCell: cells that start a formula get a quote; plain numbers (the
// amounts) do not.
func TestCSVCell(t *testing.T) {
	for in, want := range map[string]string{"": "", "abc": "abc", "=1+1": "'=1+1", "+1": "+1", "+1;x": "'+1;x", "-1+1": "'-1+1",
		"@x": "'@x", "\tx": "'\tx", "\rx": "'\rx", "-12.50": "-12.50", "12.50": "12.50", "-1e5": "'-1e5", "-Inf": "'-Inf"} {
		if got := wallet.CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}
