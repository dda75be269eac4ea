package house_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/engine/rng"
	"gamehall/internal/provider/house"
	"gamehall/internal/testutil/testclock"
)

func newPlay(t *testing.T, d *db.DB, seedValue uint64) (*house.Play, *house.DemoSessions, *testclock.Clock) {
	t.Helper()
	demo, clk := setup(t, d)
	var mu sync.Mutex
	seq := rng.NewSeq(seedValue)
	// One shared, locked stream: rounds stay reproducible in order.
	src := func() rng.Source {
		mu.Lock()
		defer mu.Unlock()
		return rng.NewSeq(seq.Uint64())
	}
	return house.NewPlay(inHouse(), appStore(t, d), demo, nil, clk.Now, house.SourceFunc(src)), demo, clk
}

func code(err error) int {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return -1
}

func TestPlayEachGameSettlesOnTheSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		play, demo, _ := newPlay(t, d, 42)
		for _, tc := range []struct {
			game    string
			choices func(house.Limits) string
		}{
			{"gh_slot_fortune", func(l house.Limits) string { return fmt.Sprintf(`{"line_bet":%d}`, l.LineBets[2]) }},
			{"gh_baccarat", func(l house.Limits) string {
				return fmt.Sprintf(`{"bets":{"banker":%d,"tie":%d}}`, l.Chips[1], l.Chips[0])
			}},
			{"gh_keno", func(l house.Limits) string { return fmt.Sprintf(`{"picks":[1,7,13,22,35],"stake":%d}`, l.Stakes[3]) }},
		} {
			t.Run(tc.game, func(t *testing.T) {
				s, err := demo.Create(ctx, 1, tc.game, "USD", 2)
				if err != nil {
					t.Fatal(err)
				}
				info, err := play.Session(ctx, s.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !info.Demo || info.Balance != 200000 || info.RTP < 0.9 || info.RTP > 0.99 || info.Rules == nil {
					t.Fatalf("session info %+v", info)
				}
				balance := info.Balance
				for i := 0; i < 30; i++ {
					r, err := play.Play(ctx, s.ID, fmt.Sprintf("req-%d", i), json.RawMessage(tc.choices(info.Limits)))
					if err != nil {
						t.Fatalf("round %d: %v", i, err)
					}
					if r.BalanceBefore != balance || r.BalanceAfter != balance-r.Stake+r.Win || r.Stake <= 0 {
						t.Fatalf("round %d: %+v after balance %d", i, r, balance)
					}
					if r.GameVersion == "" || len(r.Outcome) < 10 || len(r.Choices) < 5 {
						t.Fatalf("round %d lacks its record: %+v", i, r)
					}
					balance = r.BalanceAfter
				}
				hist, err := play.History(ctx, s.ID, 100)
				if err != nil || len(hist) != 30 || hist[0].BalanceAfter != balance {
					t.Fatalf("history %d rounds, newest after %d, want 30 and %d (%v)", len(hist), hist[0].BalanceAfter, balance, err)
				}
				now, err := play.Session(ctx, s.ID)
				if err != nil || now.Balance != balance {
					t.Fatalf("session balance %d, want %d", now.Balance, balance)
				}
			})
		}
	})
}

func TestPlayRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		play, demo, _ := newPlay(t, d, 7)
		slot, _ := demo.Create(ctx, 1, "gh_slot_fortune", "USD", 2)
		keno, _ := demo.Create(ctx, 1, "gh_keno", "USD", 2)
		bac, _ := demo.Create(ctx, 1, "gh_baccarat", "USD", 2)
		cases := []struct {
			name, session, request, choices string
			want                            int
		}{
			{"unknown session", "nope", "r1", `{"line_bet":1}`, 207},
			{"line bet off the ladder", slot.ID, "r2", `{"line_bet":3}`, 209},
			{"negative line bet", slot.ID, "r3", `{"line_bet":-5}`, 209},
			{"no request id", slot.ID, "", `{"line_bet":1}`, 400},
			{"keno with 11 picks", keno.ID, "r4", `{"picks":[1,2,3,4,5,6,7,8,9,10,11],"stake":10}`, 210},
			{"keno duplicate picks", keno.ID, "r5", `{"picks":[5,5],"stake":10}`, 210},
			{"keno out of range", keno.ID, "r6", `{"picks":[81],"stake":10}`, 210},
			{"keno stake off the ladder", keno.ID, "r7", `{"picks":[1],"stake":11}`, 209},
			{"baccarat no bet", bac.ID, "r8", `{"bets":{}}`, 209},
			{"baccarat odd chip", bac.ID, "r9", `{"bets":{"player":30}}`, 209},
			{"baccarat unknown bet", bac.ID, "r10", `{"bets":{"dragon":20}}`, 209},
			{"baccarat over the max", bac.ID, "r11", `{"bets":{"player":100000000}}`, 209},
			{"malformed choices", slot.ID, "r12", `[1]`, 209},
		}
		for _, c := range cases {
			if _, err := play.Play(ctx, c.session, c.request, json.RawMessage(c.choices)); code(err) != c.want {
				t.Errorf("%s: %v, want code %d", c.name, err, c.want)
			}
		}
		// A stake above the balance: 208, and nothing is taken.
		if _, err := d.Exec(`UPDATE demo_sessions SET balance = 19`); err != nil {
			t.Fatal(err)
		}
		if _, err := play.Play(ctx, slot.ID, "r13", json.RawMessage(`{"line_bet":1}`)); code(err) != 208 {
			t.Fatalf("short balance: %v", err)
		}
		info, _ := play.Session(ctx, slot.ID)
		if info.Balance != 19 {
			t.Fatalf("a refused round moved money: balance %d", info.Balance)
		}
	})
}

// TestRetriedPlayReturnsTheFirstRound: the same request id never plays twice.
func TestRetriedPlayReturnsTheFirstRound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		play, demo, _ := newPlay(t, d, 9)
		s, _ := demo.Create(ctx, 1, "gh_keno", "USD", 2)
		first, err := play.Play(ctx, s.ID, "same", json.RawMessage(`{"picks":[3,9,27],"stake":100}`))
		if err != nil {
			t.Fatal(err)
		}
		again, err := play.Play(ctx, s.ID, "same", json.RawMessage(`{"picks":[3,9,27],"stake":100}`))
		if err != nil || again.ID != first.ID || string(again.Outcome) != string(first.Outcome) {
			t.Fatalf("retry played again: %+v vs %+v (%v)", again, first, err)
		}
		info, _ := play.Session(ctx, s.ID)
		if info.Balance != first.BalanceAfter {
			t.Fatalf("balance %d after a retry, want %d", info.Balance, first.BalanceAfter)
		}
	})
}

// TestConcurrentPlayKeepsTheBooks: many goroutines playing one session never
// take it below zero, and the final balance is the start plus every round's
// win minus stake.
func TestConcurrentPlayKeepsTheBooks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		play, demo, _ := newPlay(t, d, 11)
		s, _ := demo.Create(ctx, 1, "gh_slot_fortune", "USD", 2)
		if _, err := d.Exec(`UPDATE demo_sessions SET balance = 5000`); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		var net int64
		refused := 0
		for g := 0; g < 16; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 10; i++ {
					r, err := play.Play(ctx, s.ID, fmt.Sprintf("g%d-%d", g, i), json.RawMessage(`{"line_bet":10}`))
					mu.Lock()
					switch {
					case err == nil:
						net += r.Win - r.Stake
					case code(err) == 208:
						refused++
					default:
						t.Errorf("play: %v", err)
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		info, err := play.Session(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if info.Balance != 5000+net || info.Balance < 0 {
			t.Fatalf("balance %d, want %d", info.Balance, 5000+net)
		}
		var rounds int
		var sum int64
		if err := d.QueryRow(`SELECT COUNT(*), COALESCE(SUM(win - stake), 0) FROM game_rounds`).Scan(&rounds, &sum); err != nil {
			t.Fatal(err)
		}
		if rounds+refused != 160 || sum != net {
			t.Fatalf("%d rounds + %d refused, sum %d vs %d", rounds, refused, sum, net)
		}
	})
}

// TestPlayRefusedInDemoMode: a session opened before the site's demo_mode
// flag went on cannot play while it is on (205, nothing moves, no round),
// can still be shown and list its history, and a retry of a round played
// before returns that round.
func TestPlayRefusedInDemoMode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		play, demo, _ := newPlay(t, d, 5)
		s, err := demo.Create(ctx, 1, "gh_slot_fortune", "USD", 2)
		if err != nil {
			t.Fatal(err)
		}
		first, err := play.Play(ctx, s.ID, "before", json.RawMessage(`{"line_bet":10}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE sites SET demo_mode = TRUE WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		if _, err := play.Play(ctx, s.ID, "during", json.RawMessage(`{"line_bet":10}`)); code(err) != 205 {
			t.Fatalf("play in demo mode: %v, want 205", err)
		}
		info, err := play.Session(ctx, s.ID)
		if err != nil || info.Balance != first.BalanceAfter {
			t.Fatalf("session in demo mode: %+v %v", info, err)
		}
		if again, err := play.Play(ctx, s.ID, "before", json.RawMessage(`{"line_bet":10}`)); err != nil || again.ID != first.ID {
			t.Fatalf("retry of an earlier round: %+v %v", again, err)
		}
		if hist, err := play.History(ctx, s.ID, 10); err != nil || len(hist) != 1 {
			t.Fatalf("history in demo mode: %d rounds %v", len(hist), err)
		}
		if _, err := d.ExecContext(ctx, `UPDATE sites SET demo_mode = FALSE WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		if _, err := play.Play(ctx, s.ID, "after", json.RawMessage(`{"line_bet":10}`)); err != nil {
			t.Fatalf("play after demo mode: %v", err)
		}
	})
}

// countingRNG counts the sources lent and the words drawn from them.
type countingRNG struct {
	mu          sync.Mutex
	lent, words int
	seq         *rng.Seq
}

func (c *countingRNG) Source(string, string, uint64) rng.Source {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lent++
	return c
}

func (c *countingRNG) Uint64() uint64 {
	c.words++
	return c.seq.Uint64()
}

// TestRetryDrawsNothing: a retried request id answers the stored round
// before any source is lent or word drawn, whatever the retry's choices.
func TestRetryDrawsNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		demo, clk := setup(t, d)
		src := &countingRNG{seq: rng.NewSeq(3)}
		play := house.NewPlay(inHouse(), appStore(t, d), demo, nil, clk.Now, src)
		s, _ := demo.Create(ctx, 1, "gh_baccarat", "USD", 2)
		first, err := play.Play(ctx, s.ID, "once", json.RawMessage(`{"bets":{"banker":2000}}`))
		if err != nil {
			t.Fatal(err)
		}
		lent, words := src.lent, src.words
		if lent != 1 || words < 4 {
			t.Fatalf("first round: %d sources lent, %d words", lent, words)
		}
		for _, choices := range []string{`{"bets":{"banker":2000}}`, `{"bets":{"player":100000}}`, `not even json`} {
			again, err := play.Play(ctx, s.ID, "once", json.RawMessage(choices))
			if err != nil || again.ID != first.ID || string(again.Outcome) != string(first.Outcome) || again.BalanceAfter != first.BalanceAfter {
				t.Fatalf("retry with %s: %+v %v", choices, again, err)
			}
		}
		if src.lent != lent || src.words != words {
			t.Fatalf("retries lent %d sources and drew %d words", src.lent-lent, src.words-words)
		}
		info, _ := play.Session(ctx, s.ID)
		if info.Balance != first.BalanceAfter {
			t.Fatalf("balance %d after retries, want %d", info.Balance, first.BalanceAfter)
		}
	})
}

// TestDecideStakeDoesNotChangeOutcome: on the server's round path too, the
// same stream decides the same outcome at any stake; only amounts scale.
func TestDecideStakeDoesNotChangeOutcome(t *testing.T) {
	games := house.NewGames()
	type slotOut struct {
		Base struct {
			Stops  []int      `json:"stops"`
			Window [][]string `json:"window"`
		} `json:"base"`
		FreeSpins []struct {
			Stops []int `json:"stops"`
		} `json:"free_spins"`
	}
	type bacOut struct {
		Hand    json.RawMessage `json:"hand"`
		Results []struct {
			Return int64 `json:"return"`
		} `json:"results"`
	}
	type kenoOut struct {
		Drawn []int `json:"drawn"`
		Hits  int   `json:"hits"`
	}
	for seed := range uint64(200) {
		for _, c := range []struct {
			code, small, big string
			same             func(a, b []byte) bool
		}{
			{"gh_slot_fortune", `{"line_bet":1}`, `{"line_bet":50}`, func(a, b []byte) bool {
				var x, y slotOut
				return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && fmt.Sprint(x) == fmt.Sprint(y) && len(x.Base.Stops) == 5
			}},
			{"gh_baccarat", `{"bets":{"player":20,"banker":40,"tie":20}}`, `{"bets":{"player":1000,"banker":2000,"tie":1000}}`, func(a, b []byte) bool {
				var x, y bacOut
				if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil || string(x.Hand) != string(y.Hand) || len(x.Results) != 3 {
					return false
				}
				for i := range x.Results {
					if y.Results[i].Return != 50*x.Results[i].Return {
						return false
					}
				}
				return true
			}},
			{"gh_keno", `{"picks":[4,8,15,16,23,42],"stake":10}`, `{"picks":[4,8,15,16,23,42],"stake":500}`, func(a, b []byte) bool {
				var x, y kenoOut
				return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && fmt.Sprint(x) == fmt.Sprint(y) && len(x.Drawn) == 20
			}},
		} {
			a, b := rng.NewSeq(seed), rng.NewSeq(seed)
			da, err1 := games.Decide(c.code, "USD", 2, a, json.RawMessage(c.small))
			db, err2 := games.Decide(c.code, "USD", 2, b, json.RawMessage(c.big))
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v %v", c.code, err1, err2)
			}
			if a.Uint64() != b.Uint64() || !c.same(da.Outcome, db.Outcome) || db.Win != 50*da.Win || db.Stake != 50*da.Stake {
				t.Fatalf("%s seed %d: outcome depends on the stake\n%s\n%s", c.code, seed, da.Outcome, db.Outcome)
			}
		}
	}
	if _, err := games.Decide("gh_roulette", "USD", 2, rng.NewSeq(1), nil); code(err) != 204 {
		t.Fatalf("unknown game: %v", err)
	}
}

// TestParallelRetriesSettleOnce: 50 parallel calls with one request id (a
// client retrying on a flaky network) all answer the same round, none
// fails, and the balance moves once.
func TestParallelRetriesSettleOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		play, demo, _ := newPlay(t, d, 11)
		s, err := demo.Create(ctx, 1, "gh_slot_fortune", "USD", 2)
		if err != nil {
			t.Fatal(err)
		}
		rounds := make([]house.Round, 50)
		errs := make([]error, 50)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				rounds[i], errs[i] = play.Play(ctx, s.ID, "same-request", json.RawMessage(`{"line_bet":1}`))
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("call %d: %v", i, err)
			}
			if rounds[i].ID != rounds[0].ID {
				t.Fatalf("call %d answered round %d, call 0 round %d", i, rounds[i].ID, rounds[0].ID)
			}
		}
		info, err := play.Session(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if want := s.Balance - rounds[0].Stake + rounds[0].Win; info.Balance != want {
			t.Fatalf("balance %d, want %d (one round settled)", info.Balance, want)
		}
	})
}
