package baccarat

import (
	"fmt"
	"math/big"
)

// Rules are a table's shoe and pays: punto banco's tableau never changes,
// but tables differ in decks, the banker commission and the tie pay, and
// each of those moves the house edge.
type Rules struct {
	Decks int `json:"decks"`
	// BankerPayPercent is what a winning banker bet wins, in percent of the
	// stake (95: a 5% commission).
	BankerPayPercent int64 `json:"banker_pay_percent"`
	// TiePayPercent is what a winning tie bet wins (800: 8 to 1).
	TiePayPercent int64 `json:"tie_pay_percent"`
}

// StandardRules are the house table's: 8 decks, 5% commission, tie 8:1.
func StandardRules() Rules {
	return Rules{Decks: DefaultDecks, BankerPayPercent: BankerPayPercent, TiePayPercent: TiePayPercent}
}

// Validate keeps a table within what a casino offers and every payout far
// inside int64 (at most 10 x MaxStake).
func (r Rules) Validate() error {
	if r.Decks < 1 || r.Decks > MaxDecks || r.BankerPayPercent < 90 || r.BankerPayPercent > 100 ||
		r.TiePayPercent < 500 || r.TiePayPercent > 900 {
		return fmt.Errorf("%w: rules %+v", ErrBet, r)
	}
	return nil
}

// Edges are the exact house edge and return of each bet under a table's
// rules, a push counting as a resolved bet.
type Edges struct {
	Rules      Rules   `json:"rules"`
	PlayerEdge float64 `json:"player_edge"`
	BankerEdge float64 `json:"banker_edge"`
	TieEdge    float64 `json:"tie_edge"`
	// RTP is the return of the best bet (1 - the smallest edge): what the
	// table publishes.
	RTP float64 `json:"rtp"`
}

// ExactEdges enumerates r.Decks' shoe (ExactOdds) and prices each bet
// exactly in rationals: player PB - PP, banker PP - b·PB, tie 1 - (1+t)·PT.
func (r Rules) ExactEdges() (Edges, error) {
	if err := r.Validate(); err != nil {
		return Edges{}, err
	}
	o, err := ExactOdds(r.Decks)
	if err != nil {
		return Edges{}, err
	}
	n := new(big.Int).SetUint64(o.Sequences)
	frac := func(x uint64) *big.Rat { return new(big.Rat).SetFrac(new(big.Int).SetUint64(x), n) }
	pp, pb, pt := frac(o.PlayerWins), frac(o.BankerWins), frac(o.Ties)
	player := new(big.Rat).Sub(pb, pp)
	banker := new(big.Rat).Sub(pp, new(big.Rat).Mul(big.NewRat(r.BankerPayPercent, 100), pb))
	tie := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(big.NewRat(100+r.TiePayPercent, 100), pt))
	e := Edges{Rules: r}
	e.PlayerEdge, _ = player.Float64()
	e.BankerEdge, _ = banker.Float64()
	e.TieEdge, _ = tie.Float64()
	e.RTP = 1 - min(e.PlayerEdge, e.BankerEdge, e.TieEdge)
	return e, nil
}
