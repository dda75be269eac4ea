package rng

import (
	"math"
	"math/bits"
	"sync"
	"testing"

	"gamehall/internal/engine/internal/stattest"
)

// bucketOf maps v in [0, n) to one of k nearly equal buckets, floor(v*k/n).
func bucketOf(v, n, k uint64) uint64 {
	hi, lo := bits.Mul64(v, k)
	q, _ := bits.Div64(hi, lo, n)
	return q
}

// ceilMulDiv returns ceil(a*b/c) for a*b < c*2^64.
func ceilMulDiv(a, b, c uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	q, r := bits.Div64(hi, lo, c)
	if r != 0 {
		q++
	}
	return q
}

// bucketProbs gives the exact probability of each bucket under a uniform
// draw on [0, n): bucket i holds the v with i*n/k <= v < (i+1)*n/k.
func bucketProbs(n, k uint64) []float64 {
	p := make([]float64, k)
	for i := range k {
		lo := ceilMulDiv(i, n, k)
		var hi uint64
		if i+1 == k {
			hi = n
		} else {
			hi = ceilMulDiv(i+1, n, k)
		}
		p[i] = float64(hi-lo) / float64(n)
	}
	return p
}

type chiCase struct {
	name    string
	n       uint64
	buckets uint64
}

// The awkward ranges: small n where bias would be visible at once, deck and
// keno sizes, a prime just above a power of two (bucketed), and ranges above
// 2^63 where a bare modulo would make the low half twice as likely.
var chiCases = []chiCase{
	{"2", 2, 2}, {"3", 3, 3}, {"6", 6, 6}, {"7", 7, 7}, {"10", 10, 10},
	{"37", 37, 37}, {"52", 52, 52}, {"80", 80, 80},
	{"2^20+7", 1<<20 + 7, 1024},
	{"2^63+2^62", 1<<63 + 1<<62, 3},
	{"2^63+1", 1<<63 + 1, 2},
	{"2^64-1", math.MaxUint64, 4},
}

// chiStat draws from src through Intn (Uint64n above MaxInt) and returns
// the chi-square statistic and its 99.9% critical value.
func chiStat(src Source, c chiCase) (stat, crit float64) {
	return chiStatOf(func() uint64 {
		if c.n <= math.MaxInt {
			return uint64(Intn(src, int(c.n)))
		}
		return Uint64n(src, c.n)
	}, c)
}

func chiStatOf(draw func() uint64, c chiCase) (stat, crit float64) {
	draws := max(200_000, 400*c.buckets)
	obs := make([]uint64, c.buckets)
	for range draws {
		v := draw()
		if v >= c.n {
			panic("out of range")
		}
		obs[bucketOf(v, c.n, c.buckets)]++
	}
	p := bucketProbs(c.n, c.buckets)
	exp := make([]float64, len(p))
	for i := range p {
		exp[i] = p[i] * float64(draws)
	}
	return stattest.ChiSquare(obs, exp), stattest.ChiSquareQuantile(int(c.buckets)-1, 0.999)
}

func TestIntnChiSquareSeq(t *testing.T) {
	for i, c := range chiCases {
		t.Run(c.name, func(t *testing.T) {
			stat, crit := chiStat(NewSeq(uint64(1000+i)), c)
			if stat > crit {
				t.Fatalf("chi-square %.2f above 99.9%% critical value %.2f (dof %d)", stat, crit, c.buckets-1)
			}
		})
	}
}

// With the crypto source the stream differs every run, so a fair generator
// still exceeds the 99.9% value one run in a thousand per case. A case fails
// only when two independent samples both exceed it (false alarm 10^-6 per
// case); a real bias of the kind a modulo causes exceeds it every time.
func TestIntnChiSquareCrypto(t *testing.T) {
	src := NewCrypto()
	for _, c := range chiCases {
		t.Run(c.name, func(t *testing.T) {
			stat, crit := chiStat(src, c)
			if stat <= crit {
				return
			}
			stat2, _ := chiStat(src, c)
			if stat2 > crit {
				t.Fatalf("chi-square %.2f then %.2f above 99.9%% critical value %.2f", stat, stat2, crit)
			}
		})
	}
}

// A bare modulo would be fooled by this script: it returns 2 % n = 2 after
// one draw. Lemire's method sees 2*n = 2^64+2, whose low word 2 lies below
// the threshold 2^64 mod n = 2^63-1, rejects it and uses the next word.
func TestUint64nRejects(t *testing.T) {
	const n = 1<<63 + 1
	src := NewScripted(2, WordFor(n, 5))
	if got := Uint64n(src, n); got != 5 {
		t.Fatalf("Uint64n = %d, want 5", got)
	}
	if src.Used() != 2 {
		t.Fatalf("used %d words, want 2 (the first must be rejected)", src.Used())
	}

	// Small n: word 0 gives low word 0 < 2^64 mod 6 = 4, rejected.
	src = NewScripted(0, 0, WordFor(6, 3))
	if got := Intn(src, 6); got != 3 || src.Used() != 3 {
		t.Fatalf("Intn = %d after %d words, want 3 after 3", got, src.Used())
	}

	// Every word just below the acceptance threshold is rejected, every word
	// at it is accepted.
	for _, n := range []uint64{3, 6, 7, 37, 52, 80, 1<<20 + 7, 1<<63 + 1<<62, math.MaxUint64} {
		for k := range min(n, 5) {
			w := WordFor(n, k)
			if got := Uint64n(NewScripted(w), n); got != k {
				t.Fatalf("n=%d: WordFor(%d) gave %d", n, k, got)
			}
			if thresh := -n % n; thresh > 0 {
				_, lo := bits.Mul64(w-1, n)
				if lo < thresh {
					src := NewScripted(w-1, w)
					Uint64n(src, n)
					if src.Used() != 2 {
						t.Fatalf("n=%d k=%d: word in the rejected zone was accepted", n, k)
					}
				}
			}
		}
	}
}

// A bare modulo above 2^63 makes [0, 2^62) twice as likely as the other
// thirds; the same test must catch it, or it proves nothing.
func TestChiSquareCatchesModuloBias(t *testing.T) {
	c := chiCase{"2^63+2^62", 1<<63 + 1<<62, 3}
	seq := NewSeq(7)
	stat, crit := chiStatOf(func() uint64 { return seq.Uint64() % c.n }, c)
	if stat <= crit {
		t.Fatalf("modulo-reduced stream passed the test: %.2f <= %.2f", stat, crit)
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Intn(0)":        func() { Intn(NewSeq(1), 0) },
		"Intn(-1)":       func() { Intn(NewSeq(1), -1) },
		"Uint64n(0)":     func() { Uint64n(NewSeq(1), 0) },
		"Shuffle(-1)":    func() { Shuffle(NewSeq(1), -1, func(int, int) {}) },
		"Scripted empty": func() { NewScripted().Uint64() },
		"WordFor(k>=n)":  func() { WordFor(3, 3) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

// Reference values of splitmix64 from seed 1234567 (Vigna's splitmix64.c).
func TestSeqReferenceVector(t *testing.T) {
	s := NewSeq(1234567)
	for i, want := range []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821} {
		if got := s.Uint64(); got != want {
			t.Fatalf("value %d = %d, want %d", i, got, want)
		}
	}
}

// All 24 orders of 4 elements must be equally likely.
func TestShuffleUniform(t *testing.T) {
	const draws = 240_000
	src := NewSeq(42)
	obs := make([]uint64, 24)
	for range draws {
		a := [4]int{0, 1, 2, 3}
		Shuffle(src, 4, func(i, j int) { a[i], a[j] = a[j], a[i] })
		// Lehmer code of the permutation indexes the 24 cells.
		idx := 0
		for i := range 4 {
			smaller := 0
			for j := i + 1; j < 4; j++ {
				if a[j] < a[i] {
					smaller++
				}
			}
			idx = idx*(4-i) + smaller
		}
		obs[idx]++
	}
	exp := make([]float64, 24)
	for i := range exp {
		exp[i] = draws / 24.0
	}
	if stat, crit := stattest.ChiSquare(obs, exp), stattest.ChiSquareQuantile(23, 0.999); stat > crit {
		t.Fatalf("permutation chi-square %.2f > %.2f", stat, crit)
	}
}

func TestCryptoRefillAndWipe(t *testing.T) {
	c := NewCrypto()
	seen := make(map[uint64]bool)
	for i := range 3 * cryptoBufSize / 8 {
		v := c.Uint64()
		if seen[v] {
			t.Fatalf("value %d repeated at draw %d", v, i)
		}
		seen[v] = true
		if [8]byte(c.buf[c.pos-8:c.pos]) != [8]byte{} {
			t.Fatalf("consumed bytes at %d not wiped", c.pos-8)
		}
	}
}

// TestPoolConcurrent: sources lent by a pool are crypto sources, never lent
// twice at once, and draws from many goroutines stay in range and distinct.
func TestPoolConcurrent(t *testing.T) {
	var p Pool
	var mu sync.Mutex
	lent := map[Source]bool{}
	seen := map[uint64]bool{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 500 {
				src := p.Get()
				if _, ok := src.(*Crypto); !ok {
					t.Errorf("pool lent %T", src)
					return
				}
				mu.Lock()
				if lent[src] {
					t.Error("a source was lent twice at once")
				}
				lent[src] = true
				mu.Unlock()
				var words [4]uint64
				for i := range words {
					words[i] = src.Uint64()
				}
				if Intn(src, 10) >= 10 {
					t.Error("out of range")
				}
				mu.Lock()
				delete(lent, src)
				for _, w := range words {
					if seen[w] {
						t.Errorf("word %d drawn twice", w)
					}
					seen[w] = true
				}
				mu.Unlock()
				p.Put(src)
			}
		})
	}
	wg.Wait()
	p.Put(NewSeq(1)) // ignored: only crypto sources are pooled
	if _, ok := p.Get().(*Crypto); !ok {
		t.Fatal("pool lent a non-crypto source")
	}
}
