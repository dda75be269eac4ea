package baccarat

import "fmt"

// Odds are the exact probabilities of a hand dealt off the top of a full
// shoe, and the house edge of each bet.
type Odds struct {
	Decks int `json:"decks"`
	// Sequences is the number of ordered 6-card sequences off the top of the
	// shoe, R(R-1)...(R-5) for R cards; PlayerWins, BankerWins and Ties
	// split it by result (a hand that uses k cards stands for every way of
	// continuing it to 6). The probabilities are these integers divided.
	Sequences  uint64 `json:"sequences"`
	PlayerWins uint64 `json:"player_wins"`
	BankerWins uint64 `json:"banker_wins"`
	Ties       uint64 `json:"ties"`

	PPlayer float64 `json:"p_player"`
	PBanker float64 `json:"p_banker"`
	PTie    float64 `json:"p_tie"`
	// House edge per unit staked, a push counting as a resolved bet:
	// player  PB - PP
	// banker  PP - 0.95 PB (commission exact, as for stakes in multiples of 20)
	// tie     1 - 9 PT
	PlayerEdge float64 `json:"player_edge"`
	BankerEdge float64 `json:"banker_edge"`
	TieEdge    float64 `json:"tie_edge"`
}

// ExactOdds enumerates every hand off the top of a full shoe of decks
// decks. Cards are grouped by point value (ten-valued cards are 16 per deck,
// the others 4), each draw weighted by how many cards of that value remain,
// and the deal follows the same PlayerDraws/BankerDraws as Deal.
func ExactOdds(decks int) (Odds, error) {
	if decks < 1 || decks > MaxDecks {
		return Odds{}, fmt.Errorf("baccarat: %d decks, want 1..%d", decks, MaxDecks)
	}
	var c [10]uint64
	c[0] = uint64(16 * decks)
	for v := 1; v < 10; v++ {
		c[v] = uint64(4 * decks)
	}
	n := uint64(52 * decks)
	// pad[k] counts the ways to continue a k-card hand to 6 cards.
	var pad [7]uint64
	for k := range 7 {
		pad[k] = 1
		for i := uint64(k); i < 6; i++ {
			pad[k] *= n - i
		}
	}
	o := Odds{Decks: decks, Sequences: pad[0]}
	add := func(w uint64, cards, pt, bt int) {
		w *= pad[cards]
		switch {
		case pt > bt:
			o.PlayerWins += w
		case bt > pt:
			o.BankerWins += w
		default:
			o.Ties += w
		}
	}
	// take removes a card of value v and returns how many there were.
	take := func(v int) uint64 { w := c[v]; c[v]--; return w }
	for p1 := range 10 {
		w1 := take(p1)
		for b1 := range 10 {
			w2 := w1 * take(b1)
			for p2 := range 10 {
				w3 := w2 * take(p2)
				for b2 := range 10 {
					w := w3 * take(b2)
					if w != 0 {
						dealRest(w, (p1+p2)%10, (b1+b2)%10, &c, add)
					}
					c[b2]++
				}
				c[p2]++
			}
			c[b1]++
		}
		c[p1]++
	}
	s := float64(o.Sequences)
	o.PPlayer = float64(o.PlayerWins) / s
	o.PBanker = float64(o.BankerWins) / s
	o.PTie = float64(o.Ties) / s
	o.PlayerEdge = o.PBanker - o.PPlayer
	o.BankerEdge = o.PPlayer - float64(BankerPayPercent)/100*o.PBanker
	o.TieEdge = 1 - float64(100+TiePayPercent)/100*o.PTie
	return o, nil
}

// dealRest finishes a hand whose first four cards (weight w) gave totals pt
// and bt, with c the values left in the shoe.
func dealRest(w uint64, pt, bt int, c *[10]uint64, add func(w uint64, cards, pt, bt int)) {
	if pt >= 8 || bt >= 8 {
		add(w, 4, pt, bt)
		return
	}
	if !PlayerDraws(pt) {
		if !BankerDraws(bt, NoThirdCard) {
			add(w, 4, pt, bt)
			return
		}
		for b3 := range 10 {
			if c[b3] > 0 {
				add(w*c[b3], 5, pt, (bt+b3)%10)
			}
		}
		return
	}
	for p3 := range 10 {
		wp := c[p3]
		if wp == 0 {
			continue
		}
		pt3 := (pt + p3) % 10
		if !BankerDraws(bt, p3) {
			add(w*wp, 5, pt3, bt)
			continue
		}
		c[p3]--
		for b3 := range 10 {
			if c[b3] > 0 {
				add(w*wp*c[b3], 6, pt3, (bt+b3)%10)
			}
		}
		c[p3]++
	}
}
