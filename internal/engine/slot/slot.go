// Package slot is a 5-reel, 3-row video slot with fixed paylines, a wild, a
// scatter and free spins.
//
// Money rules: the player chooses a line bet (int64 minor units); the total
// bet is line bet × number of paylines. Line pays are integer multiples of
// the line bet and scatter pays integer multiples of the total bet, so a win
// is always an exact integer and nothing is ever rounded.
//
// Every outcome is a function of the Game (immutable once built), the
// rng.Source stream and the line bet; the draws never depend on the bet, so
// the same stream gives the same stops at any stake.
package slot

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"gamehall/internal/engine/rng"
)

// Reels and Rows fix the window shape.
const (
	Reels = 5
	Rows  = 3
)

// Symbol is a reel symbol.
type Symbol uint8

// The symbol set. Wild substitutes for every paying symbol but not for the
// scatter; the scatter pays anywhere and triggers free spins.
const (
	Wild Symbol = iota
	Scatter
	Diamond
	Seven
	Bell
	Bar
	Ace
	King
	Queen
	Jack
	NumSymbols
)

var symbolNames = [NumSymbols]string{"WILD", "SCATTER", "DIAMOND", "SEVEN", "BELL", "BAR", "A", "K", "Q", "J"}

func (s Symbol) String() string {
	if s < NumSymbols {
		return symbolNames[s]
	}
	return fmt.Sprintf("Symbol(%d)", uint8(s))
}

// MarshalText makes symbols readable in JSON (paytables, outcomes).
func (s Symbol) MarshalText() ([]byte, error) {
	if s >= NumSymbols {
		return nil, fmt.Errorf("slot: invalid symbol %d", uint8(s))
	}
	return []byte(symbolNames[s]), nil
}

// UnmarshalText parses a symbol name.
func (s *Symbol) UnmarshalText(b []byte) error {
	for i, n := range symbolNames {
		if n == string(b) {
			*s = Symbol(i)
			return nil
		}
	}
	return fmt.Errorf("slot: unknown symbol %q", b)
}

// Window is what the player sees: Window[row][reel], row 0 at the top.
type Window [Rows][Reels]Symbol

// Mode selects base-game or free-spin evaluation (free spins apply the
// multiplier).
type Mode uint8

const (
	BaseGame Mode = iota
	FreeGame
)

// MaxScatter bounds how many scatters a window can hold (one per cell).
const MaxScatter = Rows * Reels

// Config is everything that defines a slot game. Build a Game with New.
type Config struct {
	// Name and Version identify the maths; change Version whenever strips,
	// pays or lines change, so recorded rounds can be replayed against the
	// exact configuration that produced them.
	Name    string
	Version string
	// Strips are the reel strips; the window shows Rows consecutive symbols
	// starting at the stop, wrapping around.
	Strips [Reels][]Symbol
	// LinePays[s][n] is the pay, in line bets, for n of symbol s from the
	// leftmost reel; only n = 3, 4, 5 may be non-zero and Scatter pays none.
	LinePays [NumSymbols][Reels + 1]int64
	// ScatterPays[n] is the pay, in total bets, for n scatters anywhere.
	ScatterPays [MaxScatter + 1]int64
	// FreeSpins[n] is the number of free spins n scatters award, in the base
	// game and again (a retrigger) during free spins.
	FreeSpins [MaxScatter + 1]int
	// FreeSpinMultiplier multiplies every win (lines and scatters) during
	// free spins.
	FreeSpinMultiplier int64
	// MaxFreeSpins caps the free spins one round can award in total,
	// retriggers included; awards beyond it are forfeited. It bounds the
	// round (and the house's exposure) and is part of the exact RTP.
	MaxFreeSpins int
	// Paylines lists, for each line, the row used on each reel.
	Paylines [][Reels]int
}

// Game is an immutable, validated slot configuration. It is safe for
// concurrent use.
type Game struct {
	cfg      Config
	strips   [Reels][]Symbol // each strip followed by its first Rows-1 symbols, so windows never wrap
	lens     [Reels]int
	lines    [][Reels]uint8
	maxRound int64 // largest possible round win, in line bets
	maxLine  int64 // largest line bet whose round win fits in int64

	rtpOnce sync.Once
	rtp     RTP
}

// Errors returned for bad stakes and stops.
var (
	ErrLineBet = errors.New("slot: line bet out of range")
	ErrStops   = errors.New("slot: stop out of range")
)

// New validates cfg and builds a Game.
func New(cfg Config) (*Game, error) {
	g := &Game{cfg: cfg}
	if cfg.Name == "" || cfg.Version == "" {
		return nil, errors.New("slot: name and version are required")
	}
	for r, strip := range cfg.Strips {
		if len(strip) < Rows || len(strip) > 1000 {
			return nil, fmt.Errorf("slot: reel %d has %d stops, want %d..1000", r+1, len(strip), Rows)
		}
		for i, s := range strip {
			if s >= NumSymbols {
				return nil, fmt.Errorf("slot: reel %d stop %d: invalid symbol %d", r+1, i, s)
			}
		}
		g.strips[r] = append(append(make([]Symbol, 0, len(strip)+Rows-1), strip...), strip[:Rows-1]...)
		g.lens[r] = len(strip)
	}
	for s := range NumSymbols {
		for n, p := range cfg.LinePays[s] {
			if p < 0 || (p > 0 && (n < 3 || s == Scatter)) {
				return nil, fmt.Errorf("slot: invalid line pay %d for %d x %s", p, n, s)
			}
		}
	}
	for n := range MaxScatter + 1 {
		if cfg.ScatterPays[n] < 0 || cfg.FreeSpins[n] < 0 {
			return nil, fmt.Errorf("slot: negative scatter pay or award for %d scatters", n)
		}
	}
	if cfg.FreeSpinMultiplier < 1 {
		return nil, errors.New("slot: free spin multiplier must be at least 1")
	}
	if cfg.MaxFreeSpins < 0 || cfg.MaxFreeSpins > 10000 {
		return nil, errors.New("slot: max free spins must be in 0..10000")
	}
	if len(cfg.Paylines) == 0 || len(cfg.Paylines) > 100 {
		return nil, errors.New("slot: need 1..100 paylines")
	}
	seen := make(map[[Reels]int]bool)
	for i, l := range cfg.Paylines {
		var u [Reels]uint8
		for r, row := range l {
			if row < 0 || row >= Rows {
				return nil, fmt.Errorf("slot: payline %d uses row %d", i+1, row)
			}
			u[r] = uint8(row)
		}
		if seen[l] {
			return nil, fmt.Errorf("slot: payline %d is a duplicate", i+1)
		}
		seen[l] = true
		g.lines = append(g.lines, u)
	}

	// Bound the largest round so that no amount can overflow: every line at
	// its best pay plus the best scatter pay, on the base spin and on every
	// free spin the cap allows.
	var maxLinePay, maxScatter int64
	for s := range NumSymbols {
		for _, p := range cfg.LinePays[s] {
			maxLinePay = max(maxLinePay, p)
		}
	}
	for _, p := range cfg.ScatterPays {
		maxScatter = max(maxScatter, p)
	}
	nl := int64(len(g.lines))
	lines, ok1 := mulCheck(nl, maxLinePay)
	scat, ok2 := mulCheck(maxScatter, nl)
	free, ok3 := mulCheck(cfg.FreeSpinMultiplier, int64(cfg.MaxFreeSpins))
	spin, ok4 := addCheck(lines, scat)
	spins, ok5 := addCheck(free, 1)
	round, ok6 := mulCheck(spin, spins)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 {
		return nil, errors.New("slot: pays too large for int64 amounts")
	}
	if round == 0 {
		return nil, errors.New("slot: the game never pays")
	}
	g.maxRound = round
	g.maxLine = math.MaxInt64 / round
	return g, nil
}

// mulCheck multiplies non-negative a and b, reporting overflow.
func mulCheck(a, b int64) (int64, bool) {
	if a != 0 && b > math.MaxInt64/a {
		return 0, false
	}
	return a * b, true
}

// addCheck adds non-negative a and b, reporting overflow.
func addCheck(a, b int64) (int64, bool) {
	if a > math.MaxInt64-b {
		return 0, false
	}
	return a + b, true
}

// Config returns a copy of the configuration.
func (g *Game) Config() Config {
	c := g.cfg
	for r := range Reels {
		c.Strips[r] = append([]Symbol(nil), c.Strips[r]...)
	}
	c.Paylines = append([][Reels]int(nil), c.Paylines...)
	return c
}

// Lines is the number of paylines; the total bet is Lines × line bet.
func (g *Game) Lines() int { return len(g.lines) }

// MaxLineBet is the largest line bet accepted: above it the largest possible
// round win would not fit in int64.
func (g *Game) MaxLineBet() int64 { return g.maxLine }

// TotalBet returns the stake of a round at lineBet.
func (g *Game) TotalBet(lineBet int64) int64 { return lineBet * int64(len(g.lines)) }

func (g *Game) check(lineBet int64, mode Mode) error {
	if lineBet < 1 || lineBet > g.maxLine {
		return fmt.Errorf("%w: %d (want 1..%d minor units)", ErrLineBet, lineBet, g.maxLine)
	}
	if mode != BaseGame && mode != FreeGame {
		return fmt.Errorf("slot: unknown mode %d", mode)
	}
	return nil
}

// LineWin is one winning payline.
type LineWin struct {
	Line   int    `json:"line"`   // index into the published paylines (0-based)
	Symbol Symbol `json:"symbol"` // the paying symbol (WILD for a pure wild run)
	Count  int    `json:"count"`  // reels in the run, from the leftmost
	Pay    int64  `json:"pay"`    // paytable multiple of the line bet
	Amount int64  `json:"amount"` // Pay × line bet × multiplier, minor units
}

// Outcome is one evaluated spin.
type Outcome struct {
	Stops         [Reels]int `json:"stops"`
	Window        Window     `json:"window"`
	Lines         []LineWin  `json:"lines,omitempty"`
	Scatters      int        `json:"scatters"`
	ScatterPay    int64      `json:"scatter_pay"`    // paytable multiple of the total bet
	ScatterAmount int64      `json:"scatter_amount"` // ScatterPay × total bet × multiplier
	FreeSpins     int        `json:"free_spins"`     // spins this spin awards
	Multiplier    int64      `json:"multiplier"`     // 1 in the base game
	Win           int64      `json:"win"`            // all line amounts + scatter amount
}

// Spin draws one stop per reel from src and evaluates the window. The bet
// only scales the amounts; it is never an input to the draws. Spin is one
// spin: a paid round, with the free spins it triggers, is PlayRound.
func (g *Game) Spin(src rng.Source, lineBet int64, mode Mode) (Outcome, error) {
	if err := g.check(lineBet, mode); err != nil {
		return Outcome{}, err
	}
	var o Outcome
	g.evaluate(&o, g.drawStops(src), lineBet, mode)
	return o, nil
}

// drawStops is the only place a spin consumes randomness: one uniform stop
// per reel, left to right.
func (g *Game) drawStops(src rng.Source) [Reels]int {
	var stops [Reels]int
	for r := range Reels {
		stops[r] = rng.Intn(src, g.lens[r])
	}
	return stops
}

// Evaluate returns the outcome of the given stops, for replaying a recorded
// round or auditing one.
func (g *Game) Evaluate(stops [Reels]int, lineBet int64, mode Mode) (Outcome, error) {
	for r, s := range stops {
		if s < 0 || s >= g.lens[r] {
			return Outcome{}, fmt.Errorf("%w: reel %d stop %d", ErrStops, r+1, s)
		}
	}
	if err := g.check(lineBet, mode); err != nil {
		return Outcome{}, err
	}
	var o Outcome
	g.evaluate(&o, stops, lineBet, mode)
	return o, nil
}

// EvaluateWindow scores an arbitrary window (which need not come from the
// strips); Stops in the result are zero. It exists for tests and tools that
// reason about windows directly.
func (g *Game) EvaluateWindow(w Window, lineBet int64, mode Mode) (Outcome, error) {
	for _, row := range w {
		for _, s := range row {
			if s >= NumSymbols {
				return Outcome{}, fmt.Errorf("slot: invalid symbol %d in window", s)
			}
		}
	}
	if err := g.check(lineBet, mode); err != nil {
		return Outcome{}, err
	}
	o := Outcome{Window: w}
	g.score(&o, lineBet, mode)
	return o, nil
}

func (g *Game) evaluate(o *Outcome, stops [Reels]int, lineBet int64, mode Mode) {
	o.Stops = stops
	for r, s := range stops {
		col := g.strips[r][s : s+Rows]
		for row := range Rows {
			o.Window[row][r] = col[row]
		}
	}
	g.score(o, lineBet, mode)
}

// score fills the wins of o.Window.
func (g *Game) score(o *Outcome, lineBet int64, mode Mode) {
	mult := int64(1)
	if mode == FreeGame {
		mult = g.cfg.FreeSpinMultiplier
	}
	o.Multiplier = mult
	w := &o.Window
	var win int64
	for i := range g.lines {
		l := &g.lines[i]
		a, b := w[l[0]][0], w[l[1]][1]
		// Most lines end on the second reel; skip them before the call.
		if a != b && a != Wild && b != Wild {
			continue
		}
		sym, n, pay := g.linePay(a, b, w[l[2]][2], w[l[3]][3], w[l[4]][4])
		if pay == 0 {
			continue
		}
		amt := pay * lineBet * mult
		if o.Lines == nil {
			o.Lines = make([]LineWin, 0, 4)
		}
		o.Lines = append(o.Lines, LineWin{Line: i, Symbol: sym, Count: n, Pay: pay, Amount: amt})
		win += amt
	}
	n := 0
	for row := range Rows {
		for r := range Reels {
			if w[row][r] == Scatter {
				n++
			}
		}
	}
	o.Scatters = n
	o.ScatterPay = g.cfg.ScatterPays[n]
	o.ScatterAmount = o.ScatterPay * lineBet * int64(len(g.lines)) * mult
	o.FreeSpins = g.cfg.FreeSpins[n]
	o.Win = win + o.ScatterAmount
}

// linePay scores one payline read left to right.
//
// The wild rule: a line is scored two ways and the better pays.
//   - Pure wild run: the leading wilds alone, paid from the WILD row.
//   - Substituted run: the wilds stand for the first non-wild symbol, and
//     the run continues while each reel shows that symbol or a wild.
//
// So WILD WILD WILD WILD J pays four wilds (200) rather than five jacks
// (30), while WILD WILD WILD BELL BELL pays five bells (150) rather than
// three wilds (50). On a tie the substituted symbol is reported. Wild never
// stands for the scatter, and a scatter ends every run. Only the longest run
// of a line counts.
func (g *Game) linePay(a, b, c, d, e Symbol) (Symbol, int, int64) {
	// Most lines die on the second reel; answer those without building the
	// run.
	if a != Wild && b != Wild && a != b {
		return 0, 0, 0
	}
	s := [Reels]Symbol{a, b, c, d, e}
	w := 0
	for w < Reels && s[w] == Wild {
		w++
	}
	wildPay := g.cfg.LinePays[Wild][w]
	if w == Reels {
		return Wild, w, wildPay
	}
	t := s[w]
	var subPay int64
	n := w
	if t != Scatter {
		n = w + 1
		for n < Reels && (s[n] == t || s[n] == Wild) {
			n++
		}
		subPay = g.cfg.LinePays[t][n]
	}
	if wildPay > subPay {
		return Wild, w, wildPay
	}
	if subPay > 0 {
		return t, n, subPay
	}
	return 0, 0, 0
}

// Round is a base spin plus every free spin it led to.
type Round struct {
	LineBet   int64     `json:"line_bet"`
	TotalBet  int64     `json:"total_bet"` // what the round cost
	Base      Outcome   `json:"base"`
	FreeSpins []Outcome `json:"free_spins,omitempty"`
	// FreeSpinsAwarded counts the free spins awarded in the round, after
	// the MaxFreeSpins cap; it equals len(FreeSpins).
	FreeSpinsAwarded int   `json:"free_spins_awarded"`
	FreeSpinsWin     int64 `json:"free_spins_win"`
	Win              int64 `json:"win"` // base win + free spins win
}

// PlayRound plays a paid base spin and then all the free spins it triggers,
// retriggers included, at the same line bet. In each free-spin Outcome,
// FreeSpins is what that spin actually added after the cap.
func (g *Game) PlayRound(src rng.Source, lineBet int64) (Round, error) {
	base, err := g.Spin(src, lineBet, BaseGame)
	if err != nil {
		return Round{}, err
	}
	rd := Round{LineBet: lineBet, TotalBet: g.TotalBet(lineBet), Base: base, Win: base.Win}
	limit := g.cfg.MaxFreeSpins
	awarded := min(base.FreeSpins, limit)
	rd.Base.FreeSpins = awarded
	if awarded > 0 {
		rd.FreeSpins = make([]Outcome, 0, awarded)
	}
	for played := 0; played < awarded; played++ {
		var o Outcome
		g.evaluate(&o, g.drawStops(src), lineBet, FreeGame)
		o.FreeSpins = min(o.FreeSpins, limit-awarded)
		awarded += o.FreeSpins
		rd.FreeSpinsWin += o.Win
		rd.FreeSpins = append(rd.FreeSpins, o)
	}
	rd.FreeSpinsAwarded = awarded
	rd.Win += rd.FreeSpinsWin
	return rd, nil
}
