package house_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sync"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/engine/rng"
	"gamehall/internal/ledger"
	"gamehall/internal/provider"
	"gamehall/internal/provider/house"
	"gamehall/internal/seed"
	"gamehall/internal/testutil/testclock"
)

// ones is a source that always draws 1: every uniform draw lands on 0, so
// the jackpot draw (one in Odds) hits.
type ones struct{}

func (ones) Uint64() uint64 { return 1 }

// realTable is a real-money session of the in-house slot for the demo
// member with funded GP001 wallet, played from src.
type realTable struct {
	ledger   *ledger.Ledger
	demo     *house.DemoSessions
	play     *house.Play
	member   int64
	session  string
	clk      *testclock.Clock
	mu       sync.Mutex
	announce []map[string]any
}

func newRealTable(t *testing.T, d *db.DB, src func() rng.Source, funds int64) *realTable {
	t.Helper()
	ctx := context.Background()
	demo, clk := setup(t, d)
	// As the app runs it: on SQLite, rounds and postings share group commit.
	store, opts := house.NewStore(d), []ledger.Option(nil)
	if d.Dialect == db.SQLite {
		g := db.NewGroup(d)
		t.Cleanup(g.Close)
		store.WithGroupCommit(g)
		opts = append(opts, ledger.WithGroupCommit(g))
	}
	rt := &realTable{ledger: ledger.New(d, clk.Now, nil, opts...), demo: demo, clk: clk}
	if err := d.QueryRow(`SELECT id FROM members WHERE account = $1`, seed.DemoMember).Scan(&rt.member); err != nil {
		t.Fatal(err)
	}
	wallet := ledger.Account{Kind: ledger.Provider, MemberID: rt.member, Provider: house.ProviderCode}
	if _, err := rt.ledger.Post(ctx, ledger.Entry{Key: "fund", Kind: ledger.TransferIn, Currency: "USD", Postings: []ledger.Posting{
		{Account: ledger.Account{Kind: ledger.Main, MemberID: rt.member}, Amount: -funds}, {Account: wallet, Amount: funds}}}); err != nil {
		t.Fatal(err)
	}
	gameURL, err := house.NewProvider(demo, rt.ledger).LaunchURL(ctx, provider.Launch{GameCode: "gh_slot_fortune",
		Player: provider.Player{SiteID: seed.DemoSiteID, MemberID: rt.member, Currency: "USD", Exponent: 2}})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(gameURL)
	rt.session = u.Query().Get("session")
	rt.play = house.NewPlay(inHouse(), store, demo, rt.ledger, clk.Now, house.SourceFunc(src)).
		WithAnnounce(func(currency string, data map[string]any) {
			rt.mu.Lock()
			defer rt.mu.Unlock()
			rt.announce = append(rt.announce, map[string]any{"currency": currency, "amount": data["amount"]})
		})
	return rt
}

func (rt *realTable) balance(t *testing.T, a ledger.Account) int64 {
	t.Helper()
	b, err := rt.ledger.Balance(context.Background(), a, "USD")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var jackpotPool = ledger.Account{Kind: ledger.Jackpot}

// TestJackpotFeedsThePool: a real-money spin without a hit moves its
// published share of the stake into the currency's pool, the rest to the
// house; a demo spin feeds nothing.
func TestJackpotFeedsThePool(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		seq := rng.NewSeq(7)
		var mu sync.Mutex
		rt := newRealTable(t, d, func() rng.Source {
			mu.Lock()
			defer mu.Unlock()
			return rng.NewSeq(seq.Uint64())
		}, 100000)
		ctx := context.Background()
		before := rt.balance(t, jackpotPool)
		info, err := rt.play.Session(ctx, rt.session)
		if err != nil || info.Jackpot == nil || info.Jackpot.SharePercent != 0.5 || info.Jackpot.Odds != house.SlotJackpot.Odds {
			t.Fatalf("session jackpot %+v %v", info.Jackpot, err)
		}
		var staked int64
		for i := range 20 {
			r, err := rt.play.Play(ctx, rt.session, fmt.Sprintf("r%d", i), json.RawMessage(`{"line_bet":10}`))
			if err != nil || r.Jackpot != 0 {
				t.Fatalf("spin %d: %+v %v", i, r, err)
			}
			staked += r.Stake
		}
		fed := house.SlotJackpot.Contribution(0, staked)
		if got := rt.balance(t, jackpotPool) - before; got != fed || fed == 0 {
			t.Fatalf("pool grew by %d, want %d", got, fed)
		}
		demo, err := rt.demo.Create(ctx, seed.DemoSiteID, "gh_slot_fortune", "USD", 2)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rt.play.Play(ctx, demo.ID, "d1", json.RawMessage(`{"line_bet":10}`)); err != nil {
			t.Fatal(err)
		}
		if got := rt.balance(t, jackpotPool) - before; got != fed {
			t.Fatalf("a demo spin fed the pool: %d", got)
		}
		auditClean(t, rt.ledger)
	})
}

// TestJackpotHitPaysThePoolOnce: a spin that draws the jackpot pays the
// whole pool (its own contribution included) to the member's wallet, tells
// web_api.{currency}, and empties the pool; twenty hits at once pay every
// unit fed into the pool exactly once.
func TestJackpotHitPaysThePoolOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rt := newRealTable(t, d, func() rng.Source { return ones{} }, 100000)
		ctx := context.Background()
		wallet := ledger.Account{Kind: ledger.Provider, MemberID: rt.member, Provider: house.ProviderCode}
		pool := rt.balance(t, jackpotPool)
		if pool != 123456789 {
			t.Fatalf("the seeded USD pool is %d", pool)
		}
		r, err := rt.play.Play(ctx, rt.session, "hit", json.RawMessage(`{"line_bet":10}`))
		if err != nil {
			t.Fatal(err)
		}
		if want := pool + house.SlotJackpot.Contribution(0, r.Stake); r.Jackpot != want {
			t.Fatalf("jackpot %d, want the pool %d", r.Jackpot, want)
		}
		if r.BalanceAfter != 100000-r.Stake+r.Win+r.Jackpot || rt.balance(t, wallet) != r.BalanceAfter {
			t.Fatalf("round %+v, wallet %d", r, rt.balance(t, wallet))
		}
		if p := rt.balance(t, jackpotPool); p != 0 {
			t.Fatalf("pool after the hit: %d", p)
		}
		if len(rt.announce) != 1 || rt.announce[0]["currency"] != "USD" || rt.announce[0]["amount"] != r.Jackpot {
			t.Fatalf("announcements %v", rt.announce)
		}
		if again, err := rt.play.Play(ctx, rt.session, "hit", json.RawMessage(`{"line_bet":10}`)); err != nil || again.Jackpot != r.Jackpot {
			t.Fatalf("the retried hit: %+v %v", again, err)
		}
		if p := rt.balance(t, jackpotPool); p != 0 || len(rt.announce) != 1 {
			t.Fatalf("a retry paid again: pool %d, %d announcements", p, len(rt.announce))
		}

		const n = 20
		var wg sync.WaitGroup
		rounds := make([]house.Round, n)
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rounds[i], errs[i] = rt.play.Play(ctx, rt.session, fmt.Sprintf("p%d", i), json.RawMessage(`{"line_bet":10}`))
			}()
		}
		wg.Wait()
		paid, staked := int64(0), r.Stake
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("parallel hit %d: %v", i, errs[i])
			}
			paid += rounds[i].Jackpot
			staked += rounds[i].Stake
		}
		// Everything the session fed after the first hit's payout.
		fed := house.SlotJackpot.Contribution(0, staked) - house.SlotJackpot.Contribution(0, r.Stake)
		if paid != fed || rt.balance(t, jackpotPool) != 0 {
			t.Fatalf("parallel hits paid %d of %d fed; pool %d", paid, fed, rt.balance(t, jackpotPool))
		}
		auditClean(t, rt.ledger)
	})
}

func auditClean(t *testing.T, l *ledger.Ledger) {
	t.Helper()
	r, err := l.Audit(context.Background())
	if err != nil || !r.Clean {
		t.Fatalf("audit: %+v %v", r, err)
	}
}
