package slot

import "fmt"

// Paytable is what the player is shown: every pay, line and rule, and the
// exact RTP. It marshals to JSON as is.
type Paytable struct {
	Name     string       `json:"name"`
	Version  string       `json:"version"`
	Reels    int          `json:"reels"`
	Rows     int          `json:"rows"`
	Paylines [][Reels]int `json:"paylines"` // row (0 = top) used on each reel, per line
	// TotalBetLines is the number of line bets in one spin's stake.
	TotalBetLines int          `json:"total_bet_lines"`
	Symbols       []SymbolPays `json:"symbols"`
	Scatter       []ScatterPay `json:"scatter"`
	// FreeSpinMultiplier applies to every win during free spins, which use
	// the base-game reels and cost nothing.
	FreeSpinMultiplier int64    `json:"free_spin_multiplier"`
	MaxFreeSpins       int      `json:"max_free_spins"`
	Rules              []string `json:"rules"`
	MaxLineBet         int64    `json:"max_line_bet"`
	RTP                RTP      `json:"rtp"`
}

// SymbolPays lists one symbol's line pays, in line bets.
type SymbolPays struct {
	Symbol Symbol     `json:"symbol"`
	Kind   string     `json:"kind"` // wild, scatter, high, low
	Pays   []CountPay `json:"pays,omitempty"`
}

// CountPay is the pay for Count of a kind.
type CountPay struct {
	Count int   `json:"count"`
	Pay   int64 `json:"pay"`
}

// ScatterPay is the pay (in total bets) and free spins for Count scatters.
type ScatterPay struct {
	Count     int   `json:"count"`
	Pay       int64 `json:"pay"`
	FreeSpins int   `json:"free_spins"`
}

// Paytable returns the published paytable; it computes ExactRTP on first
// use.
func (g *Game) Paytable() Paytable {
	pt := Paytable{
		Name:               g.cfg.Name,
		Version:            g.cfg.Version,
		Reels:              Reels,
		Rows:               Rows,
		Paylines:           append([][Reels]int(nil), g.cfg.Paylines...),
		TotalBetLines:      len(g.lines),
		FreeSpinMultiplier: g.cfg.FreeSpinMultiplier,
		MaxFreeSpins:       g.cfg.MaxFreeSpins,
		MaxLineBet:         g.maxLine,
		RTP:                g.ExactRTP(),
		Rules: []string{
			"Total bet = line bet x number of lines. Line pays are multiples of the line bet; scatter pays are multiples of the total bet.",
			"Line wins pay left to right from the leftmost reel, on consecutive reels; only the highest win per line is paid; wins on different lines add up.",
			"WILD substitutes for every symbol except SCATTER. A line is paid as the better of its leading wilds alone (WILD pays) or with the wilds standing for the first other symbol.",
			"SCATTER pays anywhere in the window and is added to line wins.",
			fmt.Sprintf("Free spins are played at the stake of the spin that triggered them, on the same reels, with every win multiplied by %d; scatters during free spins award more free spins.", g.cfg.FreeSpinMultiplier),
			fmt.Sprintf("A round awards at most %d free spins in total; further awards are forfeited.", g.cfg.MaxFreeSpins),
		},
	}
	for s := range NumSymbols {
		sp := SymbolPays{Symbol: s, Kind: kindOf(s)}
		for n := 3; n <= Reels; n++ {
			if p := g.cfg.LinePays[s][n]; p > 0 {
				sp.Pays = append(sp.Pays, CountPay{n, p})
			}
		}
		pt.Symbols = append(pt.Symbols, sp)
	}
	for n := range MaxScatter + 1 {
		if p, f := g.cfg.ScatterPays[n], g.cfg.FreeSpins[n]; p > 0 || f > 0 {
			pt.Scatter = append(pt.Scatter, ScatterPay{n, p, f})
		}
	}
	return pt
}

func kindOf(s Symbol) string {
	switch {
	case s == Wild:
		return "wild"
	case s == Scatter:
		return "scatter"
	case s <= Bar:
		return "high"
	default:
		return "low"
	}
}
