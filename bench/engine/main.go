// Command engine measures the pure game engines, the server's round path of
// each in-house game (house.Games.Decide with the RNG the house uses), and
// runs a long slot RTP simulation.
//
//	go run ./bench/engine [-d 1s] [-rounds 100000000] [-procs N]
//
// Flags:
//
//	-d       time spent on each throughput measurement (default 1s)
//	-rounds  slot rounds (base spin + free spins) in the RTP simulation,
//	         drawn from crypto/rand and split across -procs goroutines;
//	         0 skips it (default 10^8, about half a minute on 2 cores)
//	-procs   goroutines for the simulation (default GOMAXPROCS)
//
// Throughput figures run on one goroutine, so they are per core (other
// processes on the machine still share it). The server round path is what a
// play call does besides the database: borrow a crypto source from the
// rng.Pool, decode and check the choices, run the engine, encode choices and
// outcome. It is shown next to the previous path (a fresh rng.NewCrypto per
// round, and for baccarat a whole 416-card shoe built and shuffled per hand),
// measured in the same run. The simulation prints the simulated RTP with its 99% confidence bound
// (2.576·sd/√n, sd from the simulated rounds) next to the exact RTP.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"time"

	"gamehall/internal/engine/baccarat"
	"gamehall/internal/engine/keno"
	"gamehall/internal/engine/rng"
	"gamehall/internal/engine/slot"
	"gamehall/internal/provider/house"
)

// slotTarget is the target for the slot: evaluations per second per core.
const slotTarget = 1_000_000

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

func main() {
	dur := flag.Duration("d", time.Second, "time per throughput measurement")
	rounds := flag.Int64("rounds", 100_000_000, "slot rounds in the RTP simulation (0 skips it)")
	procs := flag.Int("procs", runtime.GOMAXPROCS(0), "goroutines for the RTP simulation")
	flag.Parse()
	if *rounds < 0 || *procs < 1 || *dur <= 0 {
		fmt.Fprintln(os.Stderr, "engine: bad flags")
		os.Exit(2)
	}

	g := slot.Classic()
	exact := g.ExactRTP() // computed up front so it is not timed below
	fmt.Printf("go %s, GOMAXPROCS %d\n\n", runtime.Version(), runtime.GOMAXPROCS(0))
	fmt.Println("throughput per core")

	// Windows taken from the strips, so the mix of wins is the real one.
	seq := rng.NewSeq(1)
	windows := make([]slot.Window, 4096)
	for i := range windows {
		o, _ := g.Spin(seq, 1, slot.BaseGame)
		windows[i] = o.Window
	}
	evals := measure(*dur, func(n int) {
		for i := range n {
			if _, err := g.EvaluateWindow(windows[i%len(windows)], 1, slot.BaseGame); err != nil {
				panic(err)
			}
		}
	})
	report("slot: evaluate a window (20 lines + scatter)", evals, "evaluations")
	report("slot: Spin (draw 5 stops + evaluate), Seq", measure(*dur, func(n int) {
		for range n {
			_, _ = g.Spin(seq, 1, slot.BaseGame)
		}
	}), "spins")
	crypto := rng.NewCrypto()
	report("slot: Spin, crypto source", measure(*dur, func(n int) {
		for range n {
			_, _ = g.Spin(crypto, 1, slot.BaseGame)
		}
	}), "spins")
	report("slot: PlayRound (base + free spins), Seq", measure(*dur, func(n int) {
		for range n {
			_, _ = g.PlayRound(seq, 1)
		}
	}), "rounds")

	shoe, _ := baccarat.NewShoe(seq, baccarat.DefaultDecks, baccarat.DefaultCut)
	bets := []baccarat.Bet{{Kind: baccarat.BetPlayer, Stake: 100}, {Kind: baccarat.BetBanker, Stake: 100}, {Kind: baccarat.BetTie, Stake: 100}}
	report("baccarat: Deal + Settle 3 bets, 8 decks, Seq", measure(*dur, func(n int) {
		for range n {
			if _, err := baccarat.Settle(baccarat.Deal(shoe), bets); err != nil {
				panic(err)
			}
		}
	}), "hands")
	cshoe, _ := baccarat.NewShoe(crypto, baccarat.DefaultDecks, baccarat.DefaultCut)
	report("baccarat: Deal + Settle 3 bets, crypto source", measure(*dur, func(n int) {
		for range n {
			_, _ = baccarat.Settle(baccarat.Deal(cshoe), bets)
		}
	}), "hands")

	picks := []int{3, 14, 15, 26, 35, 46, 58, 61, 72, 80}
	report("keno: Draw + Settle 10 picks, Seq", measure(*dur, func(n int) {
		for range n {
			if _, _, err := keno.Settle(picks, keno.Draw(seq), 10); err != nil {
				panic(err)
			}
		}
	}), "games")
	report("keno: Draw + Settle 10 picks, crypto source", measure(*dur, func(n int) {
		for range n {
			_, _, _ = keno.Settle(picks, keno.Draw(crypto), 10)
		}
	}), "games")

	fmt.Println("\nserver round path per core (house.Games.Decide: choices checked, engine, outcome encoded)")
	games := house.NewGames()
	pool := rng.NewPool()
	rounds3 := []struct{ name, code, choices string }{
		{"slot", "gh_slot_fortune", `{"line_bet":10}`},
		{"baccarat", "gh_baccarat", `{"bets":{"player":2000,"banker":2000,"tie":1000}}`},
		{"keno", "gh_keno", `{"picks":[3,14,15,26,35,46,58,61,72,80],"stake":1000}`},
	}
	now := map[string]float64{}
	for _, r := range rounds3 {
		choices := json.RawMessage(r.choices)
		now[r.name] = measure(*dur, func(n int) {
			for range n {
				src := pool.Get()
				_, err := games.Decide(r.code, "USD", 2, src, choices)
				pool.Put(src)
				if err != nil {
					panic(err)
				}
			}
		})
		report(r.name+": pooled crypto source (production)", now[r.name], "rounds")
	}
	for _, r := range rounds3 {
		choices := json.RawMessage(r.choices)
		var before float64
		if r.name == "baccarat" {
			// The previous baccarat path: a fresh source and a whole shoe per hand.
			bets := []baccarat.Bet{{Kind: baccarat.BetPlayer, Stake: 2000}, {Kind: baccarat.BetBanker, Stake: 2000}, {Kind: baccarat.BetTie, Stake: 1000}}
			before = measure(*dur, func(n int) {
				for range n {
					var in struct {
						Bets map[string]int64 `json:"bets"`
					}
					_ = json.Unmarshal(choices, &in)
					shoe, _ := baccarat.NewShoe(rng.NewCrypto(), 8, 16)
					h := baccarat.Deal(shoe)
					res, _ := baccarat.Settle(h, bets)
					_, _ = json.Marshal(in)
					_, _ = json.Marshal(map[string]any{"hand": h, "results": res})
				}
			})
		} else {
			before = measure(*dur, func(n int) {
				for range n {
					if _, err := games.Decide(r.code, "USD", 2, rng.NewCrypto(), choices); err != nil {
						panic(err)
					}
				}
			})
		}
		report(r.name+": previous path (see above)", before, "rounds")
		fmt.Printf("    pooled / previous: %.1fx\n", now[r.name]/before)
	}
	fmt.Printf("\ntarget: slot at least %d evaluations/s per core\n", slotTarget)
	fmt.Printf("  engine (evaluate a window)        %12.0f/s  %s\n", evals, verdict(evals >= slotTarget))
	fmt.Printf("  (for comparison, not the target: a server round also draws 5 stops, runs its free spins and encodes its outcome: %.0f/s)\n",
		now["slot"])

	if *rounds > 0 {
		simulate(g, exact, *rounds, *procs)
	}
}

// measure runs f with growing batch sizes until d has passed and returns
// operations per second.
func measure(d time.Duration, f func(n int)) float64 {
	f(100) // warm up
	var ops int
	start := time.Now()
	for batch := 1000; ; batch = min(batch*2, 1<<20) {
		f(batch)
		ops += batch
		if el := time.Since(start); el >= d {
			return float64(ops) / el.Seconds()
		}
	}
}

func report(name string, perSec float64, unit string) {
	fmt.Printf("  %-50s %12.0f %s/s  (%6.0f ns each)\n", name, perSec, unit, 1e9/perSec)
}

// simulate plays rounds of the slot at a line bet of 1 with one crypto
// source per goroutine. Wins are integers (line bets), so the total is
// exact; the sum of squares is only used for the bound.
func simulate(g *slot.Game, exact slot.RTP, rounds int64, procs int) {
	fmt.Printf("\nslot RTP simulation: %d rounds, crypto/rand, %d goroutines\n", rounds, procs)
	type part struct {
		n, win, trig int64
		sq           float64
	}
	parts := make([]part, procs)
	var wg sync.WaitGroup
	start := time.Now()
	for p := range procs {
		n := rounds / int64(procs)
		if int64(p) < rounds%int64(procs) {
			n++
		}
		wg.Go(func() {
			src := rng.NewCrypto()
			var pt part
			for range n {
				rd, err := g.PlayRound(src, 1)
				if err != nil {
					panic(err)
				}
				pt.win += rd.Win
				pt.sq += float64(rd.Win) * float64(rd.Win)
				if rd.Base.FreeSpins > 0 {
					pt.trig++
				}
			}
			pt.n = n
			parts[p] = pt
		})
	}
	wg.Wait()
	el := time.Since(start)
	var tot part
	for _, p := range parts {
		tot.n += p.n
		tot.win += p.win
		tot.sq += p.sq
		tot.trig += p.trig
	}
	bet := float64(g.TotalBet(1))
	n := float64(tot.n)
	mean := float64(tot.win) / n
	variance := (tot.sq - n*mean*mean) / (n - 1)
	rtp := mean / bet
	bound := 2.5758293035489004 * math.Sqrt(variance) / bet / math.Sqrt(n)
	within := "within"
	if math.Abs(rtp-exact.RTP) > bound {
		within = "OUTSIDE"
	}
	fmt.Printf("  simulated RTP   %.6f ± %.6f (99%%)\n", rtp, bound)
	fmt.Printf("  exact RTP       %.6f  -> %s the bound (diff %+.6f)\n", exact.RTP, within, rtp-exact.RTP)
	fmt.Printf("  trigger rate    %.6f (exact %.6f)\n", float64(tot.trig)/n, exact.TriggerFrequency)
	fmt.Printf("  round sd        %.3f total bets\n", math.Sqrt(variance)/bet)
	fmt.Printf("  %v, %.0f rounds/s (%.0f per goroutine)\n", el.Round(time.Millisecond), n/el.Seconds(), n/el.Seconds()/float64(procs))
}
