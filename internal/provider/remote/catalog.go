package remote

import (
	"fmt"

	"gamehall/internal/engine/baccarat"
	"gamehall/internal/engine/keno"
	"gamehall/internal/engine/slot"
)

// The sandbox serves several seeded third-party providers at once, as an
// aggregator does: each provider code has its own players, wallets,
// transfers, rounds, faults and API key, and each of its games its own
// name, rules and published RTP on one of the in-house engines (slot,
// keno, baccarat). A test holds this catalogue and the demo seed together.

// Kind is the engine a game plays on.
type Kind string

// The engines.
const (
	KindSlot     Kind = "slot"
	KindKeno     Kind = "keno"
	KindBaccarat Kind = "baccarat"
)

// Game is one game the sandbox serves.
type Game struct {
	Code, Name string
	Kind       Kind
	Slot       *slot.Game     // KindSlot
	Keno       *keno.Game     // KindKeno
	Baccarat   baccarat.Rules // KindBaccarat
}

// ProviderGames are the games of one provider code.
type ProviderGames struct {
	Code  string
	Games map[string]Game
}

// Has reports whether the provider serves the game.
func (p ProviderGames) Has(code string) bool {
	_, ok := p.Games[code]
	return ok
}

// slotSpec is a slot's maths on the Classic strips: its own pays (the
// Classic pays scaled, high symbols and low symbols apart, in percent),
// scatter pays for 2..5, free spins for 3..5, multiplier and line count.
type slotSpec struct {
	code, name string
	lines      int
	high, low  int64
	scatter    [4]int64
	spins      [3]int
	multiplier int64
}

func (s slotSpec) game() Game {
	c := slot.Classic().Config()
	c.Name, c.Version = s.code, "1"
	c.Paylines = c.Paylines[:s.lines]
	for sym := range c.LinePays {
		pct := s.low
		if slot.Symbol(sym) <= slot.Bar {
			pct = s.high
		}
		for n := range c.LinePays[sym] {
			c.LinePays[sym][n] = c.LinePays[sym][n] * pct / 100
		}
	}
	c.ScatterPays = [slot.MaxScatter + 1]int64{}
	c.FreeSpins = [slot.MaxScatter + 1]int{}
	for i, p := range s.scatter {
		c.ScatterPays[i+2] = p
	}
	for i, n := range s.spins {
		c.FreeSpins[i+3] = n
	}
	c.FreeSpinMultiplier = s.multiplier
	g, err := slot.New(c)
	if err != nil {
		panic(fmt.Sprintf("remote: slot %s: %v", s.code, err))
	}
	return Game{Code: s.code, Name: s.name, Kind: KindSlot, Slot: g}
}

// kenoSpec is a keno game: the pick counts it takes and its pays, the
// house table's scaled by pct (in tenths of the stake, rounded down).
type kenoSpec struct {
	code, name string
	min, max   int
	pct        int64
}

func (s kenoSpec) game() Game {
	house := keno.Standard().Config()
	c := keno.Config{Name: s.code, Version: "1", MinPicks: s.min, MaxPicks: s.max}
	for k := s.min; k <= s.max; k++ {
		for h, x := range house.PayX10[k] {
			c.PayX10[k][h] = min(x*s.pct/100, keno.MaxPayX10)
		}
	}
	g, err := keno.New(c)
	if err != nil {
		panic(fmt.Sprintf("remote: keno %s: %v", s.code, err))
	}
	return Game{Code: s.code, Name: s.name, Kind: KindKeno, Keno: g}
}

func baccaratGame(code, name string, decks int, bankerPct, tiePct int64) Game {
	r := baccarat.Rules{Decks: decks, BankerPayPercent: bankerPct, TiePayPercent: tiePct}
	if err := r.Validate(); err != nil {
		panic(fmt.Sprintf("remote: baccarat %s: %v", code, err))
	}
	return Game{Code: code, Name: name, Kind: KindBaccarat, Baccarat: r}
}

func serve(code string, games ...Game) ProviderGames {
	p := ProviderGames{Code: code, Games: map[string]Game{}}
	for _, g := range games {
		p.Games[g.Code] = g
	}
	return p
}

// Catalog is every provider code the sandbox serves with its games.
func Catalog() []ProviderGames {
	std := [4]int64{1, 5, 20, 100}
	return []ProviderGames{
		serve("GP002", // Aurora Gaming
			slotSpec{"aur_northern_lights", "Northern Lights", 20, 110, 90, std, [3]int{8, 12, 20}, 3}.game(),
			slotSpec{"aur_polar_treasure", "Polar Treasure", 10, 100, 80, [4]int64{2, 5, 25, 100}, [3]int{10, 15, 20}, 2}.game(),
			slotSpec{"aur_starfall_gems", "Starfall Gems", 20, 120, 110, [4]int64{0, 3, 10, 50}, [3]int{6, 10, 15}, 4}.game(),
			slotSpec{"aur_midnight_wolf", "Midnight Wolf", 15, 130, 50, [4]int64{1, 4, 15, 80}, [3]int{8, 12, 20}, 3}.game(),
			slotSpec{"aur_crystal_cascade", "Crystal Cascade", 20, 90, 125, std, [3]int{12, 15, 25}, 2}.game(),
			slotSpec{"aur_pocket_gems", "Pocket Gems", 10, 105, 84, std, [3]int{10, 12, 20}, 3}.game(),
		),
		serve("GP003", // Dragon Reels
			slotSpec{"drg_jade_dragon", "Jade Dragon", 20, 115, 77, std, [3]int{8, 10, 15}, 3}.game(),
			slotSpec{"drg_lucky_koi", "Lucky Koi", 15, 95, 126, std, [3]int{10, 15, 20}, 2}.game(),
			slotSpec{"drg_golden_lantern", "Golden Lantern", 20, 105, 118, [4]int64{1, 3, 12, 60}, [3]int{5, 8, 12}, 4}.game(),
			slotSpec{"drg_fortune_cat", "Fortune Cat", 10, 125, 59, std, [3]int{8, 12, 20}, 3}.game(),
			slotSpec{"drg_phoenix_rise", "Phoenix Rise", 20, 100, 154, [4]int64{0, 2, 10, 50}, [3]int{5, 8, 10}, 5}.game(),
			slotSpec{"drg_red_envelope", "Red Envelope Rush", 20, 88, 100, [4]int64{2, 8, 30, 188}, [3]int{8, 12, 20}, 2}.game(),
		),
		serve("GP006", // Lucky Draw
			kenoSpec{"lkd_speed_lotto", "Speed Lotto", 1, 10, 101}.game(),
			kenoSpec{"lkd_lucky_six", "Lucky Six", 1, 6, 102}.game(),
			kenoSpec{"lkd_pick_three", "Pick Three", 1, 3, 103}.game(),
			kenoSpec{"lkd_northern_lottery", "Northern Lottery", 2, 8, 100}.game(),
			kenoSpec{"lkd_bingo_blast", "Bingo Blast", 5, 10, 102}.game(),
		),
		serve("GP007", // Royal Cards
			baccaratGame("roy_baccarat", "Royal Baccarat", 8, 95, 800),
			baccaratGame("roy_mini_baccarat", "Royal Mini Baccarat", 6, 95, 800),
			baccaratGame("roy_single_deck", "Royal Single Deck Baccarat", 1, 95, 800),
			baccaratGame("roy_tie_nine", "Royal Tie Nine Baccarat", 8, 95, 900),
			baccaratGame("roy_saigon_baccarat", "Saigon Baccarat", 6, 95, 900),
			baccaratGame("roy_low_commission", "Royal Low Commission Baccarat", 8, 96, 800),
		),
		serve("GP011", // Jade Tables
			baccaratGame("jad_baccarat", "Jade Baccarat", 4, 95, 800),
			baccaratGame("jad_squeeze_baccarat", "Jade Squeeze Baccarat", 2, 96, 800),
		),
	}
}

// Lookup answers the games of a provider code the catalogue serves.
func Lookup(code string) (ProviderGames, bool) {
	for _, p := range Catalog() {
		if p.Code == code {
			return p, true
		}
	}
	return ProviderGames{}, false
}
