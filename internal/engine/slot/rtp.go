package slot

import "math"

// RTP is the exact return of a Game, from enumerating every stop
// combination of the base game and solving the free-spin sessions.
// Statistics are floats; the integer sums behind them are kept for audit.
type RTP struct {
	RTP          float64 `json:"rtp"`            // base + free spins, per total bet
	BaseRTP      float64 `json:"base_rtp"`       // base spin lines + scatters
	LineRTP      float64 `json:"line_rtp"`       // base spin lines
	ScatterRTP   float64 `json:"scatter_rtp"`    // base spin scatter pays
	FreeSpinsRTP float64 `json:"free_spins_rtp"` // everything won in free spins
	// HitFrequency is the share of base spins that pay anything or award
	// free spins.
	HitFrequency float64 `json:"hit_frequency"`
	// TriggerFrequency is the share of base spins that award free spins.
	TriggerFrequency float64 `json:"trigger_frequency"`
	// FreeSpinsPerTrigger is the expected number of free spins played after
	// a trigger, retriggers included.
	FreeSpinsPerTrigger float64 `json:"free_spins_per_trigger"`
	// BaseSD is the standard deviation of one base spin's win, in total bets.
	BaseSD float64 `json:"base_sd"`

	Combinations  uint64                 `json:"combinations"`   // product of the strip lengths
	LineWinSum    uint64                 `json:"line_win_sum"`   // line pays over all combinations, in line bets
	ScatterCounts [MaxScatter + 1]uint64 `json:"scatter_counts"` // combinations showing n scatters
	Hits          uint64                 `json:"hits"`           // combinations counted in HitFrequency
}

// ExactRTP returns the exact return of the game. The enumeration runs once
// per Game (a fraction of a second for the Classic strips) and is cached.
//
// Base game: every combination of stops is visited once, so the sums are
// exact integers. Lines whose first three reels cannot start a run (a
// scatter among them, or two different non-wild symbols) pay nothing
// whatever the last two reels show, so a prefix of three stops with no such
// line only needs the distribution of scatters on reels 4 and 5.
//
// Free spins: let μ be the expected win of one spin (without multiplier)
// and q(a) the probability that a spin awards a spins. Each free spin is an
// independent spin whose win does not depend on whether it is played (that
// was decided before it was spun), so by Wald's identity a session started
// by n spins is worth m·μ·E[spins played | n], m the multiplier. Without a
// cap, E[spins | n] = n/(1-r) with r = Σ a·q(a): each spin played brings r
// more on average, n(1 + r + r² + …). With the MaxFreeSpins cap C the
// expectation is solved exactly by dynamic programming over (awarded A,
// played P): E(A, A) = 0, E(A, P) = 1 + Σ q(a)·E(min(A+a, C), P+1).
func (g *Game) ExactRTP() RTP {
	g.rtpOnce.Do(func() { g.rtp = g.computeRTP() })
	return g.rtp
}

// alivePrefix is a line whose first reels can still pay: its symbols and
// target, the one non-wild symbol among them (Wild while there is none).
type alivePrefix struct {
	line       int
	a, b, c, d Symbol
	target     Symbol
}

// continues reports whether next keeps the prefix alive.
func (p *alivePrefix) continues(next Symbol) bool {
	return next != Scatter && (next == Wild || p.target == Wild || next == p.target)
}

// prefixAlive reports whether a line starting a, b, c can still pay (no
// scatter and all non-wild symbols equal) and its target. New guarantees
// that no pay exists below three of a kind, so a dead prefix pays nothing.
func prefixAlive(a, b, c Symbol) (Symbol, bool) {
	if a == Scatter || b == Scatter || c == Scatter {
		return 0, false
	}
	t := Wild
	for _, s := range [3]Symbol{a, b, c} {
		if s == Wild {
			continue
		}
		if t == Wild {
			t = s
		} else if s != t {
			return 0, false
		}
	}
	return t, true
}

func (g *Game) computeRTP() RTP {
	var cols [Reels][][Rows]Symbol
	var scat [Reels][]int
	for r := range Reels {
		cols[r] = make([][Rows]Symbol, g.lens[r])
		scat[r] = make([]int, g.lens[r])
		for s := range g.lens[r] {
			copy(cols[r][s][:], g.strips[r][s:s+Rows])
			for _, sym := range cols[r][s] {
				if sym == Scatter {
					scat[r][s]++
				}
			}
		}
	}
	var tail [2*Rows + 1]uint64 // scatters on reels 4 and 5
	for _, a := range scat[3] {
		for _, b := range scat[4] {
			tail[a+b]++
		}
	}

	nl := int64(len(g.lines))
	cfg := &g.cfg
	var res RTP
	var sumSq float64
	account := func(linePay int64, n int, m uint64) {
		res.LineWinSum += uint64(linePay) * m
		res.ScatterCounts[n] += m
		t := linePay + cfg.ScatterPays[n]*nl
		if t > 0 || cfg.FreeSpins[n] > 0 {
			res.Hits += m
		}
		sumSq += float64(t) * float64(t) * float64(m)
	}

	// A line dead by the fourth reel pays the same whatever the fifth shows,
	// so each fourth-reel stop sums those once and the fifth reel's loop
	// only walks the lines still alive (about ten times fewer).
	alive := make([]alivePrefix, 0, len(g.lines))
	live := make([]alivePrefix, 0, len(g.lines))
	for s0 := range g.lens[0] {
		for s1 := range g.lens[1] {
			for s2 := range g.lens[2] {
				c0, c1, c2 := &cols[0][s0], &cols[1][s1], &cols[2][s2]
				alive = alive[:0]
				for i, l := range g.lines {
					a, b, c := c0[l[0]], c1[l[1]], c2[l[2]]
					if t, ok := prefixAlive(a, b, c); ok {
						alive = append(alive, alivePrefix{line: i, a: a, b: b, c: c, target: t})
					}
				}
				n012 := scat[0][s0] + scat[1][s1] + scat[2][s2]
				if len(alive) == 0 {
					for k, m := range tail {
						if m > 0 {
							account(0, n012+k, m)
						}
					}
					continue
				}
				for s3, c3 := range cols[3] {
					var dead int64
					live = live[:0]
					for _, p := range alive {
						d := c3[g.lines[p.line][3]]
						if !p.continues(d) {
							// The fifth symbol is never reached: any will do.
							_, _, lp := g.linePay(p.a, p.b, p.c, d, Scatter)
							dead += lp
							continue
						}
						p.d = d
						if p.target == Wild {
							p.target = d
						}
						live = append(live, p)
					}
					for s4, c4 := range cols[4] {
						pay := dead
						for i := range live {
							p := &live[i]
							_, _, lp := g.linePay(p.a, p.b, p.c, p.d, c4[g.lines[p.line][4]])
							pay += lp
						}
						account(pay, n012+scat[3][s3]+scat[4][s4], 1)
					}
				}
			}
		}
	}

	res.Combinations = 1
	for _, l := range g.lens {
		res.Combinations *= uint64(l)
	}
	total := float64(res.Combinations)
	var scatterSum, trig, awardSpins float64
	// probs is indexed by scatter count, not by award, so sums run in a
	// fixed order and the result is reproducible to the last bit.
	var probs []awardProb
	for n, m := range res.ScatterCounts {
		p := float64(m) / total
		scatterSum += float64(m) * float64(cfg.ScatterPays[n])
		if a := cfg.FreeSpins[n]; a > 0 && m > 0 {
			probs = append(probs, awardProb{a, p})
			trig += p
		}
	}
	// μ: expected win of one spin without multiplier, in line bets.
	mu := (float64(res.LineWinSum) + scatterSum*float64(nl)) / total
	played := g.expectedFreeSpins(probs)
	for _, ap := range probs {
		awardSpins += ap.p * played(ap.award)
	}
	fsWin := awardSpins * float64(cfg.FreeSpinMultiplier) * mu

	res.LineRTP = float64(res.LineWinSum) / total / float64(nl)
	res.ScatterRTP = scatterSum / total
	res.BaseRTP = mu / float64(nl)
	res.FreeSpinsRTP = fsWin / float64(nl)
	res.RTP = res.BaseRTP + res.FreeSpinsRTP
	res.HitFrequency = float64(res.Hits) / total
	res.TriggerFrequency = trig
	if trig > 0 {
		res.FreeSpinsPerTrigger = awardSpins / trig
	}
	meanT := mu
	res.BaseSD = math.Sqrt(max(0, sumSq/total-meanT*meanT)) / float64(nl)
	return res
}

type awardProb struct {
	award int
	p     float64
}

// expectedFreeSpins returns E[spins played | a session starts with n
// spins] under the MaxFreeSpins cap, given the per-spin award
// probabilities (the rest of the mass awards nothing).
func (g *Game) expectedFreeSpins(probs []awardProb) func(n int) float64 {
	c := g.cfg.MaxFreeSpins
	// next holds E(A, P+1) for A = P+1..c; cur becomes E(A, P).
	next := make([]float64, c+1)
	cur := make([]float64, c+1)
	for p := c - 1; p >= 0; p-- {
		cur[p] = 0
		for a := p + 1; a <= c; a++ {
			var e float64
			var pAward float64
			for _, ap := range probs {
				e += ap.p * next[min(a+ap.award, c)]
				pAward += ap.p
			}
			// A spin that awards nothing leaves A unchanged.
			e += (1 - pAward) * next[a]
			cur[a] = 1 + e
		}
		next, cur = cur, next
	}
	return func(n int) float64 { return next[min(n, c)] }
}
