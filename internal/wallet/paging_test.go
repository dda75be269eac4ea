package wallet_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/wallet"
)

// pageThrough reads every page of count rows through list and checks the
// pages: each full but the last, the total the same on each, no row twice
// and none missed (want rows in all).
func pageThrough(t *testing.T, what string, want, count int, list func(page int) ([]string, int, error)) []string {
	t.Helper()
	seen := map[string]bool{}
	var all []string
	pages := (want + count - 1) / count
	for page := 1; page <= pages+1; page++ {
		rows, total, err := list(page)
		if err != nil {
			t.Fatalf("%s page %d: %v", what, page, err)
		}
		if total != want {
			t.Fatalf("%s page %d: total %d, want %d", what, page, total, want)
		}
		wantLen := min(count, want-(page-1)*count)
		if page > pages {
			wantLen = 0
		}
		if len(rows) != wantLen {
			t.Fatalf("%s page %d of %d: %d rows, want %d", what, page, pages, len(rows), wantLen)
		}
		for _, r := range rows {
			if seen[r] {
				t.Fatalf("%s: %s on two pages", what, r)
			}
			seen[r] = true
			all = append(all, r)
		}
	}
	return all
}

// TestRecordsPaging: DWRecord pages through the member's orders without
// overlap or gap; a count over 100 and a page under 1 are refused naming
// the field; to excludes later orders (a time exclusively, a date as the
// whole day).
func TestRecordsPaging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		var cut time.Time
		orders := map[string]bool{}
		for i := range 7 {
			if i == 4 {
				time.Sleep(2 * time.Millisecond)
				cut = time.Now()
				time.Sleep(2 * time.Millisecond)
			}
			o, err := e.svc.Deposit(ctx, e.alice, wallet.DepositInput{ChannelID: e.bank, Amount: amount(fmt.Sprint(10 + i)),
				RequestID: fmt.Sprintf("page-%d", i)})
			if err != nil {
				t.Fatal(err)
			}
			orders[o.OrderNo] = true
		}
		records := func(q wallet.RecordQuery) ([]string, int, error) {
			p, err := e.svc.Records(ctx, e.alice, q, time.UTC)
			out := make([]string, len(p.List))
			for i, r := range p.List {
				out[i] = r.OrderNo
			}
			return out, p.Total, err
		}
		all := pageThrough(t, "records", 7, 3, func(page int) ([]string, int, error) {
			return records(wallet.RecordQuery{Page: page, Count: 3})
		})
		for _, no := range all {
			if !orders[no] {
				t.Fatalf("records list %s, not one of the member's orders", no)
			}
		}
		// Default paging: page 1 of 20.
		if p, err := e.svc.Records(ctx, e.alice, wallet.RecordQuery{}, time.UTC); err != nil || p.Page != 1 || p.Count != 20 || len(p.List) != 7 {
			t.Fatalf("default page: %+v %v", p, err)
		}
		if p, err := e.svc.Records(ctx, e.alice, wallet.RecordQuery{Count: 100}, time.UTC); err != nil || p.Count != 100 || len(p.List) != 7 {
			t.Fatalf("count 100: %+v %v", p, err)
		}
		for _, q := range []struct {
			q     wallet.RecordQuery
			field string
		}{
			{wallet.RecordQuery{Count: 101}, "count"},
			{wallet.RecordQuery{Count: -1}, "count"},
			{wallet.RecordQuery{Page: -1}, "page"},
			{wallet.RecordQuery{Page: 100001}, "page"},
			{wallet.RecordQuery{To: "yesterday"}, "to"},
			{wallet.RecordQuery{From: "2026-03-02", To: "2026-03-01"}, "to"},
		} {
			if _, err := e.svc.Records(ctx, e.alice, q.q, time.UTC); code(err) != 400 || field(err) != q.field {
				t.Errorf("%+v: %v, want 400 naming %s", q.q, err, q.field)
			}
		}
		// to as a time: the orders made before it (the first four), not after.
		before, total, err := records(wallet.RecordQuery{To: cut.UTC().Format(time.RFC3339Nano)})
		if err != nil || total != 4 || len(before) != 4 {
			t.Fatalf("to %s: %v (total %d) %v, want the 4 earlier orders", cut, before, total, err)
		}
		for i, no := range before { // newest first: the last four of the full list
			if no != all[3+i] {
				t.Fatalf("to %s: %v, want %v", cut, before, all[3:])
			}
		}
		if _, total, err := records(wallet.RecordQuery{From: cut.UTC().Format(time.RFC3339Nano)}); err != nil || total != 3 {
			t.Fatalf("from %s: total %d %v, want the 3 later orders", cut, total, err)
		}
		// to as a date: the whole of that day, nothing of the next.
		today, yesterday := time.Now().UTC().Format("2006-01-02"), time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
		if _, total, err := records(wallet.RecordQuery{To: today}); err != nil || total != 7 {
			t.Fatalf("to today: total %d %v, want 7", total, err)
		}
		if _, total, err := records(wallet.RecordQuery{To: yesterday}); err != nil || total != 0 {
			t.Fatalf("to yesterday: total %d %v, want 0", total, err)
		}
	})
}

// TestTransactionsPaging: the Transaction list pages through the member's
// movements without overlap or gap, refuses a count over 100, and to
// excludes later movements.
func TestTransactionsPaging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		deposits := wallet.RecordQuery{Kinds: []string{"deposit"}}
		// The seed's starting balance is a deposit movement already.
		base, err := e.svc.Transactions(ctx, e.alice, deposits, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		var cut time.Time
		for i := range 5 {
			if i == 3 {
				time.Sleep(2 * time.Millisecond)
				cut = time.Now()
				time.Sleep(2 * time.Millisecond)
			}
			e.fund(t, e.alice, fmt.Sprint(10+i), fmt.Sprintf("fund-%d", i))
		}
		moves := func(q wallet.RecordQuery) ([]string, int, error) {
			h, err := e.svc.Transactions(ctx, e.alice, q, time.UTC)
			out := make([]string, len(h.List))
			for i, m := range h.List {
				out[i] = fmt.Sprint(m.ID)
				if m.Kind != "deposit" {
					return nil, 0, fmt.Errorf("movement %+v of another kind", m)
				}
			}
			return out, h.Total, err
		}
		pageThrough(t, "transactions", base.Total+5, 2, func(page int) ([]string, int, error) {
			q := deposits
			q.Page, q.Count = page, 2
			return moves(q)
		})
		for _, c := range []int{101, -1} {
			q := deposits
			q.Count = c
			if _, err := e.svc.Transactions(ctx, e.alice, q, time.UTC); code(err) != 400 || field(err) != "count" {
				t.Errorf("count %d: %v, want 400 naming count", c, err)
			}
		}
		q := deposits
		q.To = cut.UTC().Format(time.RFC3339Nano)
		if list, total, err := moves(q); err != nil || total != base.Total+3 || len(list) != base.Total+3 {
			t.Fatalf("to %s: %v (total %d) %v, want the %d earlier deposits", cut, list, total, err, base.Total+3)
		}
		h, err := e.svc.Transactions(ctx, e.alice, q, time.UTC)
		if err != nil || h.Deposits.Minor != base.Deposits.Minor+(10+11+12)*100 {
			t.Fatalf("to %s: deposits %+v %v, want 33.00 (the later ones left out of the sum too)", cut, h.Deposits, err)
		}
		q.To = time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
		if list, total, err := moves(q); err != nil || total != 0 || len(list) != 0 {
			t.Fatalf("to yesterday: %v (total %d) %v, want none", list, total, err)
		}
	})
}
