package wallet_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/site"
	"gamehall/internal/wallet"
)

// A withdrawal channel's daily count runs over the site's day, not UTC's:
// 23:30 and 00:30 in Caracas are one UTC day but two of the site's.
func TestDailyWithdrawalsCountTheSitesDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var clock atomic.Pointer[time.Time]
		at := func(utc string) {
			tm, err := time.Parse(time.RFC3339, utc)
			if err != nil {
				t.Fatal(err)
			}
			clock.Store(&tm)
		}
		at("2026-12-07T03:00:00Z") // 23:00 on the 6th in Caracas
		e := setup(t, d, func(deps *wallet.Deps) {
			deps.Now = func() time.Time { return *clock.Load() }
			deps.Zone = site.Zone()
		})
		e.fund(t, e.alice, "1000", "fund")
		acct, err := e.svc.BindBankAccount(ctx, 1, e.alice.ID, "USD", wallet.BindInput{BankCode: "CHASE", AccountNo: "12345678", HolderName: "Dana Demo"})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		withdraw := func() int {
			n++
			_, err := e.svc.Withdraw(ctx, e.alice, wallet.WithdrawInput{ChannelID: e.wd, BankAccountID: acct.ID,
				Amount: amount("10"), WithdrawPassword: "1234", RequestID: fmt.Sprintf("day%d", n)})
			if err != nil {
				return code(err)
			}
			return 100
		}
		for range 3 { // the channel's daily count
			if c := withdraw(); c != 100 {
				t.Fatalf("withdrawal within the count: %d", c)
			}
		}
		at("2026-12-07T03:59:59Z")
		if c := withdraw(); c != 313 {
			t.Fatalf("a fourth on the site's same day: %d, want 313", c)
		}
		at("2026-12-07T04:00:00Z") // midnight in Caracas, the same UTC day
		if c := withdraw(); c != 100 {
			t.Fatalf("the first of the site's next day: %d, want it to go through", c)
		}
		if m := e.main(t, e.alice); m != 960_00 {
			t.Fatalf("main %d, want 96000: four withdrawals held", m)
		}
		e.audit(t)
	})
}
