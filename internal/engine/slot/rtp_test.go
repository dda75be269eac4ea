package slot

import (
	"math"
	"testing"
	"time"

	"gamehall/internal/engine/internal/stattest"
	"gamehall/internal/engine/rng"
	"gamehall/internal/testutil/race"
)

// classic is shared by the tests that need its exact RTP, so the
// enumeration runs once per test binary (it is cached per Game).
var classic = Classic()

func TestClassicExactRTP(t *testing.T) {
	r := classic.ExactRTP()
	t.Logf("RTP %.6f (base %.6f = lines %.6f + scatter %.6f; free spins %.6f)", r.RTP, r.BaseRTP, r.LineRTP, r.ScatterRTP, r.FreeSpinsRTP)
	t.Logf("hit frequency %.4f, trigger 1 in %.1f, %.3f free spins per trigger, base sd %.3f total bets",
		r.HitFrequency, 1/r.TriggerFrequency, r.FreeSpinsPerTrigger, r.BaseSD)
	if r.RTP < 0.95 || r.RTP > 0.97 {
		t.Fatalf("RTP %.6f outside [0.95, 0.97]", r.RTP)
	}
	if r.Combinations != 30*30*30*30*30 {
		t.Fatalf("combinations %d", r.Combinations)
	}
	if math.Abs(r.BaseRTP+r.FreeSpinsRTP-r.RTP) > 1e-15 || math.Abs(r.LineRTP+r.ScatterRTP-r.BaseRTP) > 1e-12 {
		t.Fatal("components do not add up")
	}
}

// Independent check of the enumeration on the Classic strips. Reels are
// independent and every row of a reel shows each symbol with the strip's
// frequency, so all lines have the same expected pay, and the sum of line
// pays over all stop combinations is
//
//	lines × Σ over symbol 5-tuples of Π count_r(s_r) × pay(tuple).
//
// Each strip holds one scatter and a window shows one reel's scatter in 3
// of its 30 stops, so the scatter counts are the coefficients of
// Π (27 + 3x).
func TestExactRTPAgreesWithSymbolCounts(t *testing.T) {
	g := classic
	r := g.ExactRTP()
	var counts [Reels][NumSymbols]uint64
	for reel, strip := range g.cfg.Strips {
		for _, s := range strip {
			counts[reel][s]++
		}
	}
	var sum uint64
	var s [Reels]Symbol
	var walk func(reel int, weight uint64)
	walk = func(reel int, weight uint64) {
		if reel == Reels {
			_, _, p := g.linePay(s[0], s[1], s[2], s[3], s[4])
			sum += weight * uint64(p)
			return
		}
		for sym := range NumSymbols {
			if c := counts[reel][sym]; c > 0 {
				s[reel] = sym
				walk(reel+1, weight*c)
			}
		}
	}
	walk(0, 1)
	if want := sum * uint64(len(g.lines)); r.LineWinSum != want {
		t.Fatalf("line win sum %d, symbol counts give %d", r.LineWinSum, want)
	}
	poly := []uint64{1}
	for reel := range Reels {
		if counts[reel][Scatter] != 1 {
			t.Fatal("test assumes one scatter per strip")
		}
		next := make([]uint64, len(poly)+1)
		for k, c := range poly {
			next[k] += c * 27
			next[k+1] += c * 3
		}
		poly = next
	}
	for k, c := range poly {
		if r.ScatterCounts[k] != c {
			t.Fatalf("%d scatters: %d combinations, polynomial gives %d", k, r.ScatterCounts[k], c)
		}
	}
}

// On a small game with stacked wilds and scatters, and a wild that pays
// less than some symbols, the enumeration must equal evaluating every stop
// combination through the public API.
func TestExactRTPMatchesBruteForce(t *testing.T) {
	cfg := classicConfig()
	cfg.Strips = [Reels][]Symbol{
		{Wild, Wild, Ace, Scatter, King, Diamond},
		{Ace, Wild, Scatter, Scatter, King},
		{Wild, Ace, King, Queen, Scatter, Diamond},
		{Ace, Wild, Wild, Wild, Jack},
		{Scatter, Ace, Wild, Diamond},
	}
	cfg.LinePays[Wild] = [Reels + 1]int64{0, 0, 0, 4, 20, 2000}
	cfg.ScatterPays[1] = 1
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var lineSum, hits uint64
	var scat [MaxScatter + 1]uint64
	var stops [Reels]int
	for stops[0] = range 6 {
		for stops[1] = range 5 {
			for stops[2] = range 6 {
				for stops[3] = range 5 {
					for stops[4] = range 4 {
						o, err := g.Evaluate(stops, 1, BaseGame)
						if err != nil {
							t.Fatal(err)
						}
						for _, l := range o.Lines {
							lineSum += uint64(l.Pay)
						}
						scat[o.Scatters]++
						if o.Win > 0 || o.FreeSpins > 0 {
							hits++
						}
					}
				}
			}
		}
	}
	r := g.ExactRTP()
	if r.LineWinSum != lineSum || r.ScatterCounts != scat || r.Hits != hits || r.Combinations != 6*5*6*5*4 {
		t.Fatalf("enumeration %d %v %d, brute force %d %v %d", r.LineWinSum, r.ScatterCounts, r.Hits, lineSum, scat, hits)
	}
}

// The capped dynamic programme must agree with the closed form n/(1-r) when
// the cap is out of reach, and with a differently shaped recursion when it
// is not.
func TestFreeSpinSessionLength(t *testing.T) {
	probs := []awardProb{{8, 0.0081}, {12, 0.00045}, {20, 0.00001}}
	r := 0.0081*8 + 0.00045*12 + 0.00001*20
	cfg := classicConfig()
	cfg.MaxFreeSpins = 2000
	g, _ := New(cfg)
	e := g.expectedFreeSpins(probs)
	for _, n := range []int{8, 12, 20} {
		if got, want := e(n), float64(n)/(1-r); math.Abs(got-want)/want > 1e-12 {
			t.Fatalf("E[spins | %d] = %.15f, closed form %.15f", n, got, want)
		}
	}

	// Heavy retriggering against a cap of 30: remaining spins R and
	// headroom H = cap - awarded.
	probs = []awardProb{{3, 0.2}, {5, 0.1}}
	cfg.MaxFreeSpins = 30
	g, _ = New(cfg)
	e = g.expectedFreeSpins(probs)
	memo := map[[2]int]float64{}
	var f func(rem, head int) float64
	f = func(rem, head int) float64 {
		if rem == 0 {
			return 0
		}
		k := [2]int{rem, head}
		if v, ok := memo[k]; ok {
			return v
		}
		v := 1 + 0.7*f(rem-1, head)
		for _, ap := range probs {
			add := min(ap.award, head)
			v += ap.p * f(rem-1+add, head-add)
		}
		memo[k] = v
		return v
	}
	for _, n := range []int{1, 3, 8, 30, 40} {
		start := min(n, 30)
		if got, want := e(n), f(start, 30-start); math.Abs(got-want) > 1e-9 {
			t.Fatalf("E[spins | %d] = %.12f, recursion %.12f", n, got, want)
		}
	}
}

// 10^6 rounds (a quarter under -race: race.Draws) with a fixed seed must land within
// the 99% confidence bound of the exact RTP, as must the trigger rate: from
// a replayable stream, and from the provably fair derivation the house game
// plays (one HMAC stream per round, nonces 0, 1, ...), which re-proves the
// published RTP on it.
func TestSimulatedRTP(t *testing.T) {
	seq := rng.NewSeq(20240601)
	var nonce uint64
	for _, c := range []struct {
		name  string
		round func() rng.Source
	}{
		{"seq", func() rng.Source { return seq }},
		{"fair", func() rng.Source { nonce++; return rng.NewFair("slot-rtp-server-seed", "slot-rtp-client", nonce-1) }},
	} {
		t.Run(c.name, func(t *testing.T) { simulateRTP(t, c.round) })
	}
}

func simulateRTP(t *testing.T, round func() rng.Source) {
	g := classic
	exact := g.ExactRTP()
	rounds := race.Draws(1_000_000)
	var rtp, trig, hit stattest.Mean
	start := time.Now()
	for range rounds {
		rd, err := g.PlayRound(round(), 1)
		if err != nil {
			t.Fatal(err)
		}
		rtp.Add(float64(rd.Win) / float64(rd.TotalBet))
		trig.Add(b2f(rd.Base.FreeSpins > 0))
		hit.Add(b2f(rd.Base.Win > 0 || rd.Base.FreeSpins > 0))
	}
	t.Logf("%d rounds in %v: RTP %.5f ± %.5f (exact %.5f), trigger %.5f (exact %.5f), hit %.4f (exact %.4f), round sd %.2f total bets",
		rounds, time.Since(start).Round(time.Millisecond), rtp.Mean(), rtp.Bound99(), exact.RTP, trig.Mean(), exact.TriggerFrequency,
		hit.Mean(), exact.HitFrequency, math.Sqrt(rtp.Var()))
	for _, c := range []struct {
		name string
		m    *stattest.Mean
		want float64
	}{{"RTP", &rtp, exact.RTP}, {"trigger frequency", &trig, exact.TriggerFrequency}, {"hit frequency", &hit, exact.HitFrequency}} {
		if d := math.Abs(c.m.Mean() - c.want); d > c.m.Bound99() {
			t.Errorf("%s: simulated %.6f, exact %.6f, |diff| %.6f > 99%% bound %.6f", c.name, c.m.Mean(), c.want, d, c.m.Bound99())
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
