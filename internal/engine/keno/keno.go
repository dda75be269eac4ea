// Package keno is 80-ball keno: 20 numbers are drawn without replacement
// and the player picks 1 to 10 distinct numbers in 1..80.
//
// Pays are fixed per pick count and number of hits, published in tenths of
// the stake (3.8x is 38) because a whole-multiple table cannot bring pick 1
// into the RTP band: with one hit in four, pays of 3x or 4x return 75% or
// 100%. A win is floor(stake × tenths / 10): exact for stakes in multiples
// of 10 minor units, otherwise at most one minor unit below the nominal
// pay, never above it.
package keno

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"

	"gamehall/internal/engine/rng"
)

// The game's shape.
const (
	Numbers  = 80
	Drawn    = 20
	MinPicks = 1
	MaxPicks = 10
	// Version identifies the pay table; change it whenever a pay changes.
	Version = "1"
	// MaxStake keeps the largest win (MaxPayX10 / 10 x) well inside int64.
	MaxStake = 10_000_000_000_000
	// MaxPayX10 bounds every pay of a table (10000 x the stake).
	MaxPayX10 = 100_000
)

// standardPays[picks][hits] is the house game's pay in tenths of the stake.
var standardPays = [MaxPicks + 1][MaxPicks + 1]int64{
	1:  {1: 38},
	2:  {1: 10, 2: 90},
	3:  {2: 25, 3: 420},
	4:  {2: 10, 3: 80, 4: 1200},
	5:  {3: 30, 4: 200, 5: 7000},
	6:  {3: 20, 4: 80, 5: 800, 6: 15000},
	7:  {3: 10, 4: 50, 5: 300, 6: 2000, 7: 40000},
	8:  {4: 20, 5: 180, 6: 1000, 7: 10000, 8: 100000},
	9:  {4: 10, 5: 90, 6: 400, 7: 3000, 8: 35000, 9: 100000},
	10: {0: 20, 5: 20, 6: 220, 7: 2000, 8: 10000, 9: 50000, 10: 100000},
}

// Errors for bad input.
var (
	ErrPicks = errors.New("keno: invalid picks")
	ErrDraw  = errors.New("keno: invalid draw")
	ErrStake = errors.New("keno: stake out of range")
)

// Draw draws 20 distinct numbers in 1..80, in the order drawn: a partial
// Fisher–Yates shuffle, so every ordered draw is equally likely.
func Draw(src rng.Source) [Drawn]int {
	var pool [Numbers]uint8
	for i := range pool {
		pool[i] = uint8(i + 1)
	}
	var out [Drawn]int
	for i := range Drawn {
		j := i + rng.Intn(src, Numbers-i)
		pool[i], pool[j] = pool[j], pool[i]
		out[i] = int(pool[i])
	}
	return out
}

// set is a bitset of numbers 1..80 (bit n-1).
type set [2]uint64

func (s *set) add(n int) (dup bool) {
	w, b := (n-1)/64, uint((n-1)%64)
	dup = s[w]&(1<<b) != 0
	s[w] |= 1 << b
	return dup
}

func (s set) and(t set) int {
	return bits.OnesCount64(s[0]&t[0]) + bits.OnesCount64(s[1]&t[1])
}

// Config is a keno game's rules: the pick counts it takes and its pay
// table. The draw (20 of 80) is the same for every game.
type Config struct {
	// Name and Version identify the table; change Version whenever a pay
	// changes.
	Name, Version      string
	MinPicks, MaxPicks int
	// PayX10[picks][hits] is the pay in tenths of the stake.
	PayX10 [MaxPicks + 1][MaxPicks + 1]int64
}

// Game is a validated keno table, safe for concurrent use.
type Game struct{ cfg Config }

// New validates cfg: picks within 1..10, pays within 0..MaxPayX10, every
// pick count offered paying something and none outside the offer.
func New(cfg Config) (*Game, error) {
	if cfg.Name == "" || cfg.Version == "" {
		return nil, errors.New("keno: name and version are required")
	}
	if cfg.MinPicks < MinPicks || cfg.MaxPicks > MaxPicks || cfg.MinPicks > cfg.MaxPicks {
		return nil, fmt.Errorf("keno: picks %d..%d, want within %d..%d", cfg.MinPicks, cfg.MaxPicks, MinPicks, MaxPicks)
	}
	for k := range MaxPicks + 1 {
		pays := false
		for h, x := range cfg.PayX10[k] {
			if x < 0 || x > MaxPayX10 || (x > 0 && h > k) {
				return nil, fmt.Errorf("keno: invalid pay %d for %d of %d", x, h, k)
			}
			pays = pays || x > 0
		}
		if offered := k >= cfg.MinPicks && k <= cfg.MaxPicks; offered != pays {
			return nil, fmt.Errorf("keno: pick %d offered %v but pays %v", k, offered, pays)
		}
	}
	return &Game{cfg: cfg}, nil
}

// standard is the house game (Gamehall Keno). Read only.
var standard = must(New(Config{Name: "keno-80-20", Version: Version, MinPicks: MinPicks, MaxPicks: MaxPicks, PayX10: standardPays}))

func must(g *Game, err error) *Game {
	if err != nil {
		panic(err)
	}
	return g
}

// Standard is the house game's table.
func Standard() *Game { return standard }

// Config answers the game's rules.
func (g *Game) Config() Config { return g.cfg }

// Settle counts how many picks were drawn and pays stake × the house table.
func Settle(picks []int, drawn [Drawn]int, stake int64) (hits int, win int64, err error) {
	return standard.Settle(picks, drawn, stake)
}

// Paytable returns the house game's published table.
func Paytable() Table { return standard.Paytable() }

// ExactRTP returns the exact return of the house game with the given pick
// count.
func ExactRTP(picks int) (float64, error) { return standard.ExactRTP(picks) }

// Settle counts how many picks were drawn and pays stake × the table. It
// checks everything first: picks (the game's pick counts, distinct numbers
// in 1..80), the draw (20 distinct numbers in 1..80) and the stake
// (1..MaxStake).
func (g *Game) Settle(picks []int, drawn [Drawn]int, stake int64) (hits int, win int64, err error) {
	if len(picks) < g.cfg.MinPicks || len(picks) > g.cfg.MaxPicks {
		return 0, 0, fmt.Errorf("%w: %d numbers, want %d..%d", ErrPicks, len(picks), g.cfg.MinPicks, g.cfg.MaxPicks)
	}
	var p, d set
	for _, n := range picks {
		if n < 1 || n > Numbers {
			return 0, 0, fmt.Errorf("%w: %d is not in 1..%d", ErrPicks, n, Numbers)
		}
		if p.add(n) {
			return 0, 0, fmt.Errorf("%w: %d picked twice", ErrPicks, n)
		}
	}
	for _, n := range drawn {
		if n < 1 || n > Numbers || d.add(n) {
			return 0, 0, fmt.Errorf("%w: %v", ErrDraw, drawn)
		}
	}
	if stake < 1 || stake > MaxStake {
		return 0, 0, fmt.Errorf("%w: %d (want 1..%d minor units)", ErrStake, stake, MaxStake)
	}
	hits = p.and(d)
	return hits, stake * g.cfg.PayX10[len(picks)][hits] / 10, nil
}

// Table is the published pay table with its exact RTP per pick count.
type Table struct {
	Name    string      `json:"name"`
	Version string      `json:"version"`
	Numbers int         `json:"numbers"`
	Drawn   int         `json:"drawn"`
	Picks   []PickTable `json:"picks"`
	Rules   []string    `json:"rules"`
}

// BestRTP is the return of the table's best pick count: what a game
// publishes as its RTP.
func (t Table) BestRTP() float64 {
	best := 0.0
	for _, p := range t.Picks {
		best = max(best, p.RTP)
	}
	return best
}

// PickTable is the table for one pick count.
type PickTable struct {
	Picks int   `json:"picks"`
	Pays  []Pay `json:"pays"`
	// RTP is the exact return for this pick count (its par RTP).
	RTP float64 `json:"rtp"`
	// HitFrequency is the probability that a game pays anything.
	HitFrequency float64 `json:"hit_frequency"`
}

// Pay is the pay for a number of hits.
type Pay struct {
	Hits int `json:"hits"`
	// X10 is the pay in tenths of the stake; Multiplier shows it as the
	// player reads it ("3.8").
	X10        int64  `json:"x10"`
	Multiplier string `json:"multiplier"`
}

// Paytable returns the published table.
func (g *Game) Paytable() Table {
	pt := Table{
		Name:    g.cfg.Name,
		Version: g.cfg.Version,
		Numbers: Numbers,
		Drawn:   Drawn,
		Rules: []string{
			fmt.Sprintf("20 of the numbers 1 to 80 are drawn. Pick %d to %d different numbers; the pay depends on how many you pick and how many of them are drawn.",
				g.cfg.MinPicks, g.cfg.MaxPicks),
			"Pays are multiples of the stake; a win is rounded down to the currency's smallest unit.",
		},
	}
	for k := g.cfg.MinPicks; k <= g.cfg.MaxPicks; k++ {
		t := PickTable{Picks: k}
		probs := hitProbs(k)
		hit := new(big.Rat)
		for h := 0; h <= k; h++ {
			if x := g.cfg.PayX10[k][h]; x > 0 {
				t.Pays = append(t.Pays, Pay{Hits: h, X10: x, Multiplier: strconv.FormatFloat(float64(x)/10, 'f', -1, 64)})
				hit.Add(hit, probs[h])
			}
		}
		t.RTP, _ = g.rtpRat(k).Float64()
		t.HitFrequency, _ = hit.Float64()
		pt.Picks = append(pt.Picks, t)
	}
	return pt
}

// ExactRTP returns the exact return of the game with the given pick count.
func (g *Game) ExactRTP(picks int) (float64, error) {
	if picks < g.cfg.MinPicks || picks > g.cfg.MaxPicks {
		return 0, fmt.Errorf("%w: %d numbers", ErrPicks, picks)
	}
	f, _ := g.rtpRat(picks).Float64()
	return f, nil
}

// HitProbabilities returns P(h hits) for h = 0..picks, as exact fractions.
func HitProbabilities(picks int) ([]*big.Rat, error) {
	if picks < MinPicks || picks > MaxPicks {
		return nil, fmt.Errorf("%w: %d numbers", ErrPicks, picks)
	}
	return hitProbs(picks), nil
}

// hitProbs is the hypergeometric law: of the k picks, h are among the 20
// drawn and k-h among the 60 not drawn,
// P(h) = C(20,h)·C(60,k-h) / C(80,k).
func hitProbs(k int) []*big.Rat {
	total := new(big.Int).Binomial(Numbers, int64(k))
	out := make([]*big.Rat, k+1)
	for h := 0; h <= k; h++ {
		n := new(big.Int).Binomial(Drawn, int64(h))
		n.Mul(n, new(big.Int).Binomial(Numbers-Drawn, int64(k-h)))
		out[h] = new(big.Rat).SetFrac(n, total)
	}
	return out
}

// rtpRat is Σ P(h) × pay(h) as an exact fraction.
func (g *Game) rtpRat(k int) *big.Rat {
	r := new(big.Rat)
	for h, p := range hitProbs(k) {
		r.Add(r, new(big.Rat).Mul(p, big.NewRat(g.cfg.PayX10[k][h], 10)))
	}
	return r
}
