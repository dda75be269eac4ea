package wallet_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/bonus"
	"gamehall/internal/content"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/games"
	"gamehall/internal/ledger"
	"gamehall/internal/payment"
	"gamehall/internal/provider/house"
	"gamehall/internal/seed"
	"gamehall/internal/site"
	"gamehall/internal/wallet"
)

// TestWithdrawalWaitsForBonusTurnover: a 100% deposit bonus (at most
// 50.00, turnover 2x the bonus) applied before a 50.00 bank deposit pays
// 50.00 in the deposit's transaction; a withdrawal is refused with 705 and
// the remaining turnover until 100.00 of bets are placed, then it holds.
func TestWithdrawalWaitsForBonusTurnover(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := setup(t, d)
		sites := site.NewService(site.NewStore(d), false, 0, nil, time.Now)
		bonuses := bonus.NewService(bonus.Deps{DB: d, Sites: sites, Ledger: e.ledger, Now: time.Now, Zone: time.UTC,
			Pages: content.NewStore(d), Rounds: house.NewStore(d), Games: games.NewStore(d),
			HouseRef: "GP001:"})
		e.svc = wallet.NewService(wallet.Deps{DB: d, Ledger: e.ledger, Sites: sites,
			Members:  &fakeMembers{names: map[int64]string{e.alice.ID: "Dana Demo"}, wrong: map[int64]int{}},
			Gateways: []payment.Gateway{e.gw}, Bonuses: bonuses, Now: time.Now, Log: slog.New(slog.DiscardHandler)})
		rule, err := bonuses.SaveRule(ctx, 1, 0, bonus.RuleInput{Currency: "USD", Title: map[string]string{"en_US": "Deposit 100%"},
			Kind: "deposit", Percent: json.RawMessage("100"), Cap: json.RawMessage("50"), MinDeposit: json.RawMessage("20"),
			Period: "once", TurnoverMultiple: json.RawMessage("2"), TurnoverBase: "bonus", ExpiryDays: 7})
		if err != nil {
			t.Fatal(err)
		}
		m := bonus.Member{SiteID: 1, ID: e.alice.ID, Currency: "USD"}
		if _, err := bonuses.Apply(ctx, m, rule.ID, "en_US"); err != nil {
			t.Fatal(err)
		}
		e.fund(t, e.alice, "50", "fund")
		if got := e.main(t, e.alice); got != 100_00 {
			t.Fatalf("main after the deposit and its bonus: %d", got)
		}
		acct, err := e.svc.BindBankAccount(ctx, 1, e.alice.ID, "USD", wallet.BindInput{BankCode: "CHASE", AccountNo: "12345678",
			HolderName: "Dana Demo"})
		if err != nil {
			t.Fatal(err)
		}
		withdraw := func(req string) (wallet.WithdrawalOrder, error) {
			return e.svc.Withdraw(ctx, e.alice, wallet.WithdrawInput{ChannelID: e.wd, BankAccountID: acct.ID, Amount: amount("20"),
				WithdrawPassword: seed.DemoWithdrawPW, RequestID: req})
		}
		bet := func(key string, amt int64) {
			if _, err := e.ledger.Post(ctx, ledger.Entry{Key: key, Kind: ledger.Bet, Currency: "USD", Reference: key,
				Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Main, MemberID: e.alice.ID}, Amount: -amt},
					{Account: ledger.Account{Kind: ledger.House, Provider: "GP001"}, Amount: amt}}}); err != nil {
				t.Fatal(err)
			}
		}
		_, err = withdraw("w1")
		var ae *api.Error
		if !errors.As(err, &ae) || ae.Code != 705 || ae.Detail != "100.00 USD" {
			t.Fatalf("withdrawal with the turnover unmet: %v", err)
		}
		bet("GP777:1", 60_00)
		if _, err := withdraw("w2"); !errors.As(err, &ae) || ae.Code != 705 || ae.Detail != "40.00 USD" {
			t.Fatalf("withdrawal with 40.00 of turnover left: %v", err)
		}
		if got := e.main(t, e.alice); got != 40_00 {
			t.Fatalf("a refused withdrawal held money: main %d", got)
		}
		bet("GP777:2", 40_00)
		if _, err := withdraw("w3"); code(err) != 301 {
			t.Fatalf("turnover met, wallet empty: %v", err)
		}
		e.fund(t, e.alice, "30", "fund2")
		if w, err := withdraw("w4"); err != nil || w.Status != "pending" {
			t.Fatalf("withdrawal once the turnover is met: %+v %v", w, err)
		}
		e.audit(t)
	})
}
