package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
)

func main(m int64) ledger.Account { return ledger.Account{Kind: ledger.Main, MemberID: m} }
func wallet(m int64, p string) ledger.Account {
	return ledger.Account{Kind: ledger.Provider, MemberID: m, Provider: p}
}
func hold(m int64) ledger.Account   { return ledger.Account{Kind: ledger.Hold, MemberID: m} }
func clearing() ledger.Account      { return ledger.Account{Kind: ledger.Clearing, Provider: "sandbox"} }
func house(p string) ledger.Account { return ledger.Account{Kind: ledger.House, Provider: p} }

// move is a two-line entry: amount from one account to another.
func move(key string, kind ledger.Kind, from, to ledger.Account, amount int64) ledger.Entry {
	return ledger.Entry{Key: key, Kind: kind, Currency: "USD", Reference: key,
		Postings: []ledger.Posting{{Account: from, Amount: -amount}, {Account: to, Amount: amount}}}
}

// newLedger is the ledger as the app runs it: with group commit on SQLite,
// with batches on PostgreSQL.
func newLedger(t *testing.T, d *db.DB) *ledger.Ledger {
	t.Helper()
	if d.Dialect == db.Postgres {
		l := ledger.New(d, time.Now, nil, ledger.WithBatches())
		t.Cleanup(l.Close)
		return l
	}
	g := db.NewGroup(d)
	t.Cleanup(g.Close)
	return ledger.New(d, time.Now, nil, ledger.WithGroupCommit(g))
}

// eachMode runs fn with a ledger that commits postings by group commit
// and, on PostgreSQL, with one that posts them in batches (as the app runs
// it there) and one that commits each alone in one statement.
func eachMode(t *testing.T, d *db.DB, notify func(int64, string), fn func(t *testing.T, l *ledger.Ledger)) {
	if d.Dialect == db.Postgres {
		t.Run("alone", func(t *testing.T) { fn(t, ledger.New(d, time.Now, notify)) })
		t.Run("batches", func(t *testing.T) {
			l := ledger.New(d, time.Now, notify, ledger.WithBatches())
			t.Cleanup(l.Close)
			fn(t, l)
		})
	}
	t.Run("group commit", func(t *testing.T) {
		g := db.NewGroup(d)
		t.Cleanup(g.Close)
		fn(t, ledger.New(d, time.Now, notify, ledger.WithGroupCommit(g)))
	})
}

func clean(t *testing.T, l *ledger.Ledger) ledger.Report {
	t.Helper()
	r, err := l.Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !r.Clean {
		t.Fatalf("audit: %v", r.Violations)
	}
	return r
}

func TestPostAndReplay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := newLedger(t, d)
		r, err := l.Post(ctx, move("dep-1", ledger.Deposit, clearing(), main(1), 100_00))
		if err != nil {
			t.Fatal(err)
		}
		if r.Replayed || r.Balance(main(1)) != 100_00 || r.Balance(clearing()) != -100_00 {
			t.Fatalf("deposit: %+v", r)
		}
		again, err := l.Post(ctx, move("dep-1", ledger.Deposit, clearing(), main(1), 100_00))
		if err != nil || !again.Replayed || again.TxID != r.TxID || again.Balance(main(1)) != 100_00 {
			t.Fatalf("replay: %+v %v", again, err)
		}
		if _, err := l.Post(ctx, move("dep-1", ledger.Deposit, clearing(), main(1), 200_00)); !errors.Is(err, ledger.ErrKeyReused) {
			t.Fatalf("same key, other amount: %v", err)
		}
		if _, err := l.Post(ctx, move("bet-1", ledger.Bet, main(1), house("GP001"), 100_01)); !errors.Is(err, ledger.ErrInsufficient) {
			t.Fatalf("overdraft: %v", err)
		}
		if b, _ := l.Balance(ctx, main(1), "USD"); b != 100_00 {
			t.Fatalf("a refused debit moved money: %d", b)
		}
		// The refused key is free: nothing of it was written.
		r, err = l.Post(ctx, move("bet-1", ledger.Bet, main(1), house("GP001"), 100_00))
		if err != nil || r.Balance(main(1)) != 0 {
			t.Fatalf("exact debit: %+v %v", r, err)
		}
		for _, bad := range []ledger.Entry{
			{Key: "x", Kind: ledger.Bet, Currency: "USD", Postings: []ledger.Posting{{Account: main(1), Amount: -1}, {Account: house("GP001"), Amount: 2}}},
			{Key: "x", Kind: ledger.Bet, Currency: "USD", Postings: []ledger.Posting{{Account: main(1), Amount: 0}, {Account: house("GP001"), Amount: 0}}},
			{Key: "x", Kind: ledger.Bet, Currency: "USD", Postings: []ledger.Posting{{Account: main(1), Amount: -1}}},
			{Key: "", Kind: ledger.Bet, Currency: "USD", Postings: []ledger.Posting{{Account: main(1), Amount: -1}, {Account: house("GP001"), Amount: 1}}},
			{Key: "x", Kind: "nope", Currency: "USD", Postings: []ledger.Posting{{Account: main(1), Amount: -1}, {Account: house("GP001"), Amount: 1}}},
			{Key: "x", Kind: ledger.Bet, Currency: "USD", Postings: []ledger.Posting{{Account: ledger.Account{Kind: ledger.Main}, Amount: -1}, {Account: house("GP001"), Amount: 1}}},
			{Key: "x", Kind: ledger.Bet, Currency: "USD", Postings: []ledger.Posting{{Account: main(1), Amount: -ledger.MaxAmount - 1}, {Account: house("GP001"), Amount: ledger.MaxAmount + 1}}},
		} {
			if _, err := l.Post(ctx, bad); err == nil {
				t.Fatalf("malformed entry posted: %+v", bad)
			}
		}
		rep := clean(t, l)
		if rep.Transactions != 2 || rep.Postings != 4 {
			t.Fatalf("report %+v", rep)
		}
	})
}

// TestPostJoinsTheCallersTransaction: a refused post leaves the caller's
// transaction usable; a caller's rollback takes the post with it.
func TestPostJoinsTheCallersTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := newLedger(t, d)
		err := d.Tx(ctx, func(ctx context.Context) error {
			if _, err := l.Post(ctx, move("a", ledger.Deposit, clearing(), main(2), 50)); err != nil {
				return err
			}
			if _, err := l.Post(ctx, move("b", ledger.Bet, main(2), house("GP001"), 51)); !errors.Is(err, ledger.ErrInsufficient) {
				return fmt.Errorf("overdraft in a transaction: %v", err)
			}
			_, err := l.Post(ctx, move("c", ledger.Bet, main(2), house("GP001"), 20))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := l.Balance(ctx, main(2), "USD"); b != 30 {
			t.Fatalf("balance %d, want 30", b)
		}
		boom := errors.New("boom")
		err = d.Tx(ctx, func(ctx context.Context) error {
			if _, err := l.Post(ctx, move("d", ledger.Deposit, clearing(), main(2), 1000)); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if b, _ := l.Balance(ctx, main(2), "USD"); b != 30 {
			t.Fatalf("a rolled-back post stayed: balance %d", b)
		}
		// The key of the rolled-back post is free again, and its account
		// id was not cached past the rollback.
		if _, err := l.Post(ctx, move("d", ledger.Deposit, clearing(), main(3), 5)); err != nil {
			t.Fatal(err)
		}
		clean(t, l)
	})
}

// TestConcurrentSpending: 64 goroutines spend one member's balance at once,
// alone and through the batcher: exactly the affordable debits commit, no
// balance after any of them is negative, and the member hears of each
// committed one.
func TestConcurrentSpending(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var heard atomic.Int64
		notify := func(int64, string) { heard.Add(1) }
		member := int64(6)
		eachMode(t, d, notify, func(t *testing.T, l *ledger.Ledger) {
			ctx := context.Background()
			member++
			heard.Store(0)
			if _, err := l.Post(ctx, move(fmt.Sprintf("fund-%d", member), ledger.Deposit, clearing(), main(member), 1000)); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			ok, short := 0, 0
			start := make(chan struct{})
			for i := range 64 {
				wg.Go(func() {
					<-start
					r, err := l.Post(ctx, move(fmt.Sprintf("spend-%d-%d", member, i), ledger.Bet, main(member), house("GP001"), 30))
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil && r.Balance(main(member)) >= 0:
						ok++
					case errors.Is(err, ledger.ErrInsufficient):
						short++
					default:
						t.Errorf("spend %d: %+v %v", i, r, err)
					}
				})
			}
			close(start)
			wg.Wait()
			if ok != 33 || short != 31 {
				t.Fatalf("%d debits of 30 out of 1000 committed, %d refused; want 33 and 31", ok, short)
			}
			if b, _ := l.Balance(ctx, main(member), "USD"); b != 10 {
				t.Fatalf("balance %d, want 10", b)
			}
			if heard.Load() != 34 {
				t.Fatalf("the member heard of %d movements, want 34", heard.Load())
			}
			clean(t, l)
		})
	})
}

// TestOneKeyManyTimes: one idempotency key sent 100 times at once, alone
// and through the batcher: one transaction, 100 identical answers.
func TestOneKeyManyTimes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		member := int64(8)
		eachMode(t, d, nil, func(t *testing.T, l *ledger.Ledger) {
			ctx := context.Background()
			member++
			key := fmt.Sprintf("same-key-%d", member)
			before := clean(t, l).Transactions
			results := make([]ledger.Result, 100)
			errs := make([]error, 100)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range 100 {
				wg.Go(func() {
					<-start
					results[i], errs[i] = l.Post(ctx, move(key, ledger.Deposit, clearing(), main(member), 12345))
				})
			}
			close(start)
			wg.Wait()
			fresh := 0
			for i := range results {
				if errs[i] != nil {
					t.Fatalf("call %d: %v", i, errs[i])
				}
				if results[i].TxID != results[0].TxID || results[i].Balance(main(member)) != 12345 {
					t.Fatalf("call %d answered %+v, call 0 %+v", i, results[i], results[0])
				}
				if !results[i].Replayed {
					fresh++
				}
			}
			if fresh != 1 {
				t.Fatalf("%d calls posted, want 1", fresh)
			}
			if r := clean(t, l); r.Transactions != before+1 {
				t.Fatalf("%d transactions, want %d", r.Transactions, before+1)
			}
		})
	})
}

// TestOuterTransactionBypassesTheBatch: a caller inside its own transaction
// posts in it, not in a batch (on SQLite it holds the one write lock the
// batch would wait for), and its posting rolls back with it while the
// batched postings of others, waiting meanwhile, commit.
func TestOuterTransactionBypassesTheBatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := newLedger(t, d)
		var wg sync.WaitGroup
		boom := errors.New("boom")
		err := d.Tx(ctx, func(ctx context.Context) error {
			if _, err := l.Post(ctx, move("inner", ledger.Deposit, clearing(), main(20), 500)); err != nil {
				return err
			}
			for i := range 8 {
				wg.Go(func() {
					if _, err := l.Post(context.Background(), move(fmt.Sprintf("outside-%d", i), ledger.Deposit, clearing(), main(21), 10)); err != nil {
						t.Errorf("batched post %d: %v", i, err)
					}
				})
			}
			if _, err := l.Post(ctx, move("inner-2", ledger.Bet, main(20), house("GP001"), 200)); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		wg.Wait()
		if b, _ := l.Balance(ctx, main(20), "USD"); b != 0 {
			t.Fatalf("the rolled-back transaction's postings stayed: %d", b)
		}
		if b, _ := l.Balance(ctx, main(21), "USD"); b != 80 {
			t.Fatalf("batched postings: balance %d, want 80", b)
		}
		if r := clean(t, l); r.Transactions != 8 {
			t.Fatalf("%d transactions, want 8", r.Transactions)
		}
	})
}

// TestRandomSequences: random deposits, transfers to and from provider
// wallets, bets, wins, withdrawals held, paid and returned, on a few
// members; after every step the audit is clean and each member account
// equals a model kept beside it.
func TestRandomSequences(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := newLedger(t, d)
		rng := rand.New(rand.NewPCG(42, 7))
		model := map[ledger.Account]int64{}
		const providers = "GP001"
		for step := range 300 {
			m := int64(1 + rng.IntN(4))
			amount := int64(1 + rng.IntN(5000))
			key := fmt.Sprintf("step-%d", step)
			var e ledger.Entry
			switch rng.IntN(7) {
			case 0:
				e = move(key, ledger.Deposit, clearing(), main(m), amount)
			case 1:
				e = move(key, ledger.TransferIn, main(m), wallet(m, providers), amount)
			case 2:
				e = move(key, ledger.TransferOut, wallet(m, providers), main(m), amount)
			case 3:
				e = move(key, ledger.Bet, wallet(m, providers), house(providers), amount)
			case 4:
				e = move(key, ledger.Win, house(providers), wallet(m, providers), amount)
			case 5:
				e = move(key, ledger.WithdrawalHold, main(m), hold(m), amount)
			case 6:
				if rng.IntN(2) == 0 {
					e = move(key, ledger.Withdrawal, hold(m), clearing(), amount)
				} else {
					e = move(key, ledger.WithdrawalReturn, hold(m), main(m), amount)
				}
			}
			_, err := l.Post(ctx, e)
			from, to := e.Postings[0].Account, e.Postings[1].Account
			affordable := !from.Kind.Member() || model[from] >= amount
			switch {
			case affordable && err == nil:
				model[from] -= amount
				model[to] += amount
			case !affordable && errors.Is(err, ledger.ErrInsufficient):
			default:
				t.Fatalf("step %d %s %d from %v (model %d): %v", step, e.Kind, amount, from, model[from], err)
			}
			clean(t, l)
			for a, want := range model {
				if !a.Kind.Member() {
					continue
				}
				if got, _ := l.Balance(ctx, a, "USD"); got != want {
					t.Fatalf("step %d: %v holds %d, model %d", step, a, got, want)
				}
			}
		}
	})
}
