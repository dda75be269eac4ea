package keno

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"gamehall/internal/engine/internal/stattest"
	"gamehall/internal/engine/rng"
	"gamehall/internal/testutil/race"
)

// drawn3 is the 20 numbers that are 3 mod 4: 3, 7, ..., 79.
func drawn3() [Drawn]int {
	var d [Drawn]int
	for i := range d {
		d[i] = 3 + 4*i
	}
	return d
}

func TestSettleByHand(t *testing.T) {
	boundary := drawn3()
	boundary[0], boundary[1], boundary[2] = 64, 65, 80 // bit-word edges and the top number
	for _, c := range []struct {
		picks []int
		drawn [Drawn]int
		stake int64
		hits  int
		win   int64
	}{
		{[]int{3}, drawn3(), 100, 1, 380},                                           // pick 1, 1 hit: 3.8x
		{[]int{4}, drawn3(), 100, 0, 0},                                             // miss
		{[]int{3, 80}, drawn3(), 100, 1, 100},                                       // pick 2, 1 hit: 1x
		{[]int{7, 11}, drawn3(), 100, 2, 900},                                       // pick 2, 2 hits: 9x
		{[]int{1, 2, 3, 4, 5}, drawn3(), 100, 1, 0},                                 // pick 5, 1 hit pays nothing
		{[]int{79, 80, 1, 2, 3}, drawn3(), 100, 2, 0},                               // pick 5, 2 hits pays nothing
		{[]int{3, 7, 11, 15, 19, 23, 27, 31, 35, 39}, drawn3(), 100, 10, 1_000_000}, // 10 of 10: 10000x
		{[]int{1, 2, 4, 5, 6, 8, 9, 10, 12, 13}, drawn3(), 100, 0, 200},             // pick 10, no hit: 2x
		{[]int{3, 7, 11, 15, 19, 1, 2, 4, 5, 6}, drawn3(), 100, 5, 200},             // pick 10, 5 hits: 2x
		{[]int{64, 65, 80, 1}, boundary, 100, 3, 800},                               // pick 4, 3 hits: 8x
		{[]int{63, 66}, boundary, 100, 1, 100},                                      // 63 is drawn, 66 is not
		// Rounding down: 3.8 x 1 = 3.8 -> 3; 3.8 x 7 = 26.6 -> 26; x 15 = 57.
		{[]int{3}, drawn3(), 1, 1, 3},
		{[]int{3}, drawn3(), 7, 1, 26},
		{[]int{3}, drawn3(), 15, 1, 57},
		{[]int{3}, drawn3(), MaxStake, 1, MaxStake / 10 * 38},
		{[]int{3, 7, 11, 15, 19, 23, 27, 31, 35, 39}, drawn3(), MaxStake, 10, MaxStake * 10000},
	} {
		hits, win, err := Settle(c.picks, c.drawn, c.stake)
		if err != nil || hits != c.hits || win != c.win {
			t.Errorf("picks %v stake %d: %d hits win %d (%v), want %d hits win %d", c.picks, c.stake, hits, win, err, c.hits, c.win)
		}
	}
}

func TestSettleRejects(t *testing.T) {
	for _, c := range []struct {
		picks []int
		drawn [Drawn]int
		stake int64
		err   error
	}{
		{nil, drawn3(), 10, ErrPicks},
		{[]int{}, drawn3(), 10, ErrPicks},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, drawn3(), 10, ErrPicks},
		{[]int{5, 5}, drawn3(), 10, ErrPicks},
		{[]int{1, 2, 3, 2}, drawn3(), 10, ErrPicks},
		{[]int{0}, drawn3(), 10, ErrPicks},
		{[]int{81}, drawn3(), 10, ErrPicks},
		{[]int{-3}, drawn3(), 10, ErrPicks},
		{[]int{1}, [Drawn]int{}, 10, ErrDraw},
		{[]int{1}, func() [Drawn]int { d := drawn3(); d[5] = d[6]; return d }(), 10, ErrDraw},
		{[]int{1}, func() [Drawn]int { d := drawn3(); d[0] = 81; return d }(), 10, ErrDraw},
		{[]int{1}, drawn3(), 0, ErrStake},
		{[]int{1}, drawn3(), -1, ErrStake},
		{[]int{1}, drawn3(), MaxStake + 1, ErrStake},
	} {
		hits, win, err := Settle(c.picks, c.drawn, c.stake)
		if !errors.Is(err, c.err) || hits != 0 || win != 0 {
			t.Errorf("picks %v stake %d: %v, want %v", c.picks, c.stake, err, c.err)
		}
	}
	if _, err := ExactRTP(0); !errors.Is(err, ErrPicks) {
		t.Error("ExactRTP(0) accepted")
	}
	if _, err := ExactRTP(11); !errors.Is(err, ErrPicks) {
		t.Error("ExactRTP(11) accepted")
	}
}

func TestDrawIsValid(t *testing.T) {
	src := rng.NewSeq(5)
	for range 10_000 {
		d := Draw(src)
		var seen [Numbers + 1]bool
		for _, n := range d {
			if n < 1 || n > Numbers || seen[n] {
				t.Fatalf("bad draw %v", d)
			}
			seen[n] = true
		}
	}
}

// Each number is drawn with probability 1/4. The counts of one draw are not
// independent (exactly 20 are drawn), so the plain Pearson sum is rescaled:
// one draw's indicator vector has variance σ² = (1/4)(3/4) per number and
// covariance -σ²/79 between numbers, i.e. σ²·80/79 times a projection of
// rank 79, hence Σ(O-E)² · 79 / (80·D·σ²) is chi-square with 79 degrees of
// freedom for D draws.
func TestDrawFrequencies(t *testing.T) {
	for _, c := range []struct {
		name string
		src  rng.Source
	}{{"seq", rng.NewSeq(77)}, {"crypto", rng.NewCrypto()}} {
		t.Run(c.name, func(t *testing.T) {
			stat := func() float64 {
				const draws = 50_000
				var count [Numbers + 1]float64
				for range draws {
					for _, n := range Draw(c.src) {
						count[n]++
					}
				}
				const e, s2 = draws / 4.0, 3.0 / 16
				var ss float64
				for n := 1; n <= Numbers; n++ {
					ss += (count[n] - e) * (count[n] - e)
				}
				return ss * (Numbers - 1) / (Numbers * draws * s2)
			}
			crit := stattest.ChiSquareQuantile(Numbers-1, 0.999)
			// A fair crypto stream exceeds the 99.9% value one run in a
			// thousand; fail only if two independent samples do.
			if s := stat(); s > crit {
				if s2 := stat(); s2 > crit || c.name == "seq" {
					t.Fatalf("chi-square %.2f (then %.2f) > %.2f", s, s2, crit)
				}
			}
		})
	}
}

func TestExactRTP(t *testing.T) {
	for k := MinPicks; k <= MaxPicks; k++ {
		probs, _ := HitProbabilities(k)
		sum := new(big.Rat)
		for _, p := range probs {
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("pick %d: probabilities sum to %v", k, sum)
		}
		r, err := ExactRTP(k)
		if err != nil || r < 0.90 || r > 0.96 {
			t.Errorf("pick %d: RTP %.6f outside [0.90, 0.96] (%v)", k, r, err)
		}
		t.Logf("pick %2d: RTP %.6f", k, r)
	}
	// Known keno odds: 1 in 4 for pick 1; 10 of 10 is C(20,10)/C(80,10) =
	// 184756/1646492110120 = 17/151499090, the published "1 in 8,911,711".
	p1, _ := HitProbabilities(1)
	p10, _ := HitProbabilities(10)
	if p1[1].Cmp(big.NewRat(1, 4)) != 0 || p10[10].Cmp(big.NewRat(17, 151499090)) != 0 {
		t.Fatalf("P(1 of 1) = %v, P(10 of 10) = %v", p1[1], p10[10])
	}
	if r, _ := ExactRTP(1); r != 0.95 {
		t.Fatalf("pick 1 RTP %v, want 3.8/4", r)
	}
}

// 10^6 games (a quarter under -race: race.Draws): every pick count, with the player's numbers chosen afresh each
// game from an independent stream, must return within the 99% bound of its
// exact RTP: with draws from a replayable stream, and from the provably fair
// derivation the house game plays (one HMAC stream per game, nonces 0, 1,
// ...), which re-proves the published RTP on it.
func TestSimulatedRTP(t *testing.T) {
	seq := rng.NewSeq(8080)
	var nonce uint64
	for _, c := range []struct {
		name string
		game func() rng.Source
	}{
		{"seq", func() rng.Source { return seq }},
		{"fair", func() rng.Source { nonce++; return rng.NewFair("keno-rtp-server-seed", "keno-rtp-client", nonce-1) }},
	} {
		t.Run(c.name, func(t *testing.T) { simulateRTP(t, c.game) })
	}
}

func simulateRTP(t *testing.T, game func() rng.Source) {
	players := rng.NewSeq(9090)
	var m [MaxPicks + 1]stattest.Mean
	for range race.Draws(1_000_000) {
		d := Draw(game())
		pool := Draw(players) // 20 distinct numbers; the first k are the picks
		for k := MinPicks; k <= MaxPicks; k++ {
			_, win, err := Settle(pool[:k], d, 10)
			if err != nil {
				t.Fatal(err)
			}
			m[k].Add(float64(win) / 10)
		}
	}
	for k := MinPicks; k <= MaxPicks; k++ {
		exact, _ := ExactRTP(k)
		t.Logf("pick %2d: simulated %.4f ± %.4f, exact %.4f", k, m[k].Mean(), m[k].Bound99(), exact)
		if d := math.Abs(m[k].Mean() - exact); d > m[k].Bound99() {
			t.Errorf("pick %d: simulated %.5f, exact %.5f, beyond 99%% bound %.5f", k, m[k].Mean(), exact, m[k].Bound99())
		}
	}
}

func TestPaytable(t *testing.T) {
	pt := Paytable()
	if len(pt.Picks) != MaxPicks || pt.Numbers != 80 || pt.Drawn != 20 {
		t.Fatalf("%+v", pt)
	}
	for _, p := range pt.Picks {
		r, _ := ExactRTP(p.Picks)
		if p.RTP != r || p.HitFrequency <= 0 || p.HitFrequency >= 1 {
			t.Errorf("pick %d: %+v", p.Picks, p)
		}
	}
	b, _ := json.Marshal(pt)
	for _, want := range []string{`{"picks":1,"pays":[{"hits":1,"x10":38,"multiplier":"3.8"}],"rtp":0.95`, `{"hits":10,"x10":100000,"multiplier":"10000"}`, `{"hits":0,"x10":20,"multiplier":"2"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("paytable JSON lacks %s", want)
		}
	}
}

// TestStakeDoesNotChangeDraw: the stake scales the win and nothing else. The
// same stream draws the same numbers at any stake and for any picks, reads
// the same words, and the win scales with the stake.
func TestStakeDoesNotChangeDraw(t *testing.T) {
	picks := [][]int{{7}, {1, 80}, {3, 14, 15, 26, 35}, {2, 9, 17, 23, 41, 44, 58, 61, 70, 79}}
	for seed := range uint64(500) {
		a, b := rng.NewSeq(seed), rng.NewSeq(seed)
		da, db := Draw(a), Draw(b)
		if da != db || a.Uint64() != b.Uint64() {
			t.Fatalf("seed %d: the same stream drew %v and %v", seed, da, db)
		}
		for _, p := range picks {
			// Stakes in multiples of 10 keep every win exact, so wins scale exactly.
			h1, w1, err1 := Settle(p, da, 10)
			h2, w2, err2 := Settle(p, db, 10*37)
			if err1 != nil || err2 != nil || h1 != h2 || w2 != 37*w1 {
				t.Fatalf("seed %d picks %v: %d hits win %d vs %d hits win %d (%v %v)", seed, p, h1, w1, h2, w2, err1, err2)
			}
		}
	}
}
