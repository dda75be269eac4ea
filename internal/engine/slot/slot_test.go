package slot

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"gamehall/internal/engine/rng"
)

const lb = 10 // line bet used by the hand-worked cases; total bet 200

// filler is a window that pays nothing: each reel's symbols are disjoint
// from its neighbours', so no run can pass two reels, and a wild dropped
// on one reel cannot join its neighbours either.
//
//	row 0:  A  BAR  J  A  BAR
//	row 1:  K  BELL J  K  BELL
//	row 2:  Q  BAR  J  Q  BAR
func filler() Window {
	return Window{
		{Ace, Bar, Jack, Ace, Bar},
		{King, Bell, Jack, King, Bell},
		{Queen, Bar, Jack, Queen, Bar},
	}
}

func win(line int, s Symbol, n int, pay int64) LineWin {
	return LineWin{Line: line, Symbol: s, Count: n, Pay: pay, Amount: pay * lb}
}

func evalWindow(t *testing.T, g *Game, w Window, mode Mode) Outcome {
	t.Helper()
	o, err := g.EvaluateWindow(w, lb, mode)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestFillerPaysNothing(t *testing.T) {
	o := evalWindow(t, Classic(), filler(), BaseGame)
	if o.Win != 0 || o.Lines != nil || o.Scatters != 0 || o.FreeSpins != 0 {
		t.Fatalf("filler pays: %+v", o)
	}
}

// Each case lists every paying line, worked out by hand from the payline
// table (line: rows per reel) and the filler.
func TestHandWorkedWindows(t *testing.T) {
	g := Classic()
	cases := []struct {
		name string
		set  func(w *Window)
		want []LineWin
	}{
		{
			// Line 0 (middle row) reads DIAMOND DIAMOND DIAMOND K BELL.
			// Lines 13 and 14 share the first two cells but read J on reel 3.
			name: "three of a kind",
			set:  func(w *Window) { w[1][0], w[1][1], w[1][2] = Diamond, Diamond, Diamond },
			want: []LineWin{win(0, Diamond, 3, 25)},
		},
		{
			// Line 1 (top row) is five sevens; lines 5 and 19 leave the top
			// row on reel 3 and read J.
			name: "five of a kind",
			set: func(w *Window) {
				for r := range Reels {
					w[0][r] = Seven
				}
			},
			want: []LineWin{win(1, Seven, 5, 250)},
		},
		{
			// Line 2 (bottom row) reads A WILD A A BAR: four aces. The other
			// lines through the wild (6, 8, 10, 17) read K/A/Q then J/A/J
			// around it, never one symbol.
			name: "wild in the middle",
			set:  func(w *Window) { w[2][0], w[2][1], w[2][2], w[2][3] = Ace, Wild, Ace, Ace },
			want: []LineWin{win(2, Ace, 4, 20)},
		},
		{
			// Line 0 reads WILD DIAMOND DIAMOND K: three diamonds. Lines 13
			// and 14 read WILD DIAMOND J; lines 7-10 read WILD BAR J/DIAMOND.
			name: "wild at the start",
			set:  func(w *Window) { w[1][0], w[1][1], w[1][2] = Wild, Diamond, Diamond },
			want: []LineWin{win(0, Diamond, 3, 25)},
		},
		{
			// Middle row all wild. Line 0: five wilds (1000). Lines crossing
			// it pick up wilds too:
			//   9  W BAR W Q W   -> BAR x3 (10)
			//  10  W BAR W A W   -> BAR x3 (10)
			//  13  W W J W W     -> J x5 (30) beats two wilds (no pay)
			//  14  W W J W W     -> J x5 (30)
			//  15  A W W W BAR   -> A x4 (20)
			//  16  Q W W W BAR   -> Q x4 (10)
			name: "line of wilds",
			set: func(w *Window) {
				for r := range Reels {
					w[1][r] = Wild
				}
			},
			want: []LineWin{
				win(0, Wild, 5, 1000), win(9, Bar, 3, 10), win(10, Bar, 3, 10),
				win(13, Jack, 5, 30), win(14, Jack, 5, 30), win(15, Ace, 4, 20), win(16, Queen, 4, 10),
			},
		},
		{
			// Line 0 reads W W W W J: four wilds (250) beat five jacks (30).
			// The crossing lines are those of the previous case except that
			// lines 13/14 now read W W J W J, still five jacks.
			name: "four wilds beat five jacks",
			set: func(w *Window) {
				w[1] = [Reels]Symbol{Wild, Wild, Wild, Wild, Jack}
			},
			want: []LineWin{
				win(0, Wild, 4, 250), win(9, Bar, 3, 10), win(10, Bar, 3, 10),
				win(13, Jack, 5, 30), win(14, Jack, 5, 30), win(15, Ace, 4, 20), win(16, Queen, 4, 10),
			},
		},
		{
			// Line 1 (top row) reads W W W A A: five aces (100) beat three
			// wilds (50). The wilds also feed the lines that cross the top
			// row:
			//   5  (0,0,1,2,2)  W W J Q BELL   -> J x3 (2)
			//   7  (1,0,0,0,1)  K W W A BELL   -> K x3 (5)
			//  11  (0,1,0,1,0)  W BELL W K A   -> BELL x3 (15)
			//  17  (0,2,0,2,0)  W BAR W Q A    -> BAR x3 (10)
			//  19  (0,0,2,0,0)  W W J A A      -> J x3 (2)
			// and 3, 4, 9, 13, 15, 18 die on their second or third reel.
			name: "substituted run beats wild run",
			set: func(w *Window) {
				w[0] = [Reels]Symbol{Wild, Wild, Wild, Ace, Ace}
			},
			want: []LineWin{
				win(1, Ace, 5, 100), win(5, Jack, 3, 2), win(7, King, 3, 5),
				win(11, Bell, 3, 15), win(17, Bar, 3, 10), win(19, Jack, 3, 2),
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := filler()
			c.set(&w)
			o := evalWindow(t, g, w, BaseGame)
			if !reflect.DeepEqual(o.Lines, c.want) {
				t.Fatalf("lines\n got %+v\nwant %+v", o.Lines, c.want)
			}
			var sum int64
			for _, l := range c.want {
				sum += l.Amount
			}
			if o.Win != sum || o.ScatterAmount != 0 || o.Multiplier != 1 {
				t.Fatalf("win %d scatter %d mult %d, want %d 0 1", o.Win, o.ScatterAmount, o.Multiplier, sum)
			}
			// Free spins triple every amount, and nothing else changes.
			f := evalWindow(t, g, w, FreeGame)
			if f.Win != 3*sum || f.Multiplier != 3 || len(f.Lines) != len(c.want) {
				t.Fatalf("free-spin win %d, want %d", f.Win, 3*sum)
			}
		})
	}
}

// The wild rule, line by line (pays in line bets from the Classic table).
func TestLinePayRule(t *testing.T) {
	g := Classic()
	W, S := Wild, Scatter
	for _, c := range []struct {
		s    [Reels]Symbol
		sym  Symbol
		n    int
		want int64
	}{
		{[Reels]Symbol{W, W, W, W, W}, Wild, 5, 1000},
		{[Reels]Symbol{W, W, W, W, Jack}, Wild, 4, 250},    // 250 > J x5 = 30
		{[Reels]Symbol{W, W, W, Ace, Ace}, Ace, 5, 100},    // 100 > W x3 = 50
		{[Reels]Symbol{W, W, W, Jack, King}, Wild, 3, 50},  // 50 > J x4 = 6
		{[Reels]Symbol{W, W, W, Bar, King}, Wild, 3, 50},   // 50 > BAR x4 = 40
		{[Reels]Symbol{W, W, W, Bell, Bell}, Bell, 5, 150}, // 150 > 50
		{[Reels]Symbol{W, W, Diamond, Diamond, King}, Diamond, 4, 100},
		{[Reels]Symbol{W, W, S, Ace, Ace}, 0, 0, 0},   // wild never stands for scatter
		{[Reels]Symbol{W, W, W, S, Ace}, Wild, 3, 50}, // scatter ends the run
		{[Reels]Symbol{S, S, S, S, S}, 0, 0, 0},       // scatters pay only as scatters
		{[Reels]Symbol{Ace, W, Ace, W, Ace}, Ace, 5, 100},
		{[Reels]Symbol{Ace, Ace, King, Ace, Ace}, 0, 0, 0}, // only the leftmost run counts
		{[Reels]Symbol{King, King, King, W, S}, King, 4, 15},
		{[Reels]Symbol{Queen, Queen, W, Queen, Queen}, Queen, 5, 50},
		{[Reels]Symbol{Jack, Jack, Jack, Jack, Jack}, Jack, 5, 30},
		{[Reels]Symbol{Jack, Jack, Ace, Jack, Jack}, 0, 0, 0},
		{[Reels]Symbol{Seven, Seven, Seven, Diamond, Seven}, Seven, 3, 20},
		{[Reels]Symbol{Ace, King, Ace, Ace, Ace}, 0, 0, 0},
	} {
		sym, n, p := g.linePay(c.s[0], c.s[1], c.s[2], c.s[3], c.s[4])
		if sym != c.sym || n != c.n || p != c.want {
			t.Errorf("%v: got %v x%d = %d, want %v x%d = %d", c.s, sym, n, p, c.sym, c.n, c.want)
		}
	}
}

// refLinePay is an independent reading of the rule: the best pay over
// "the wilds alone" and "every symbol, wilds counting as it". It agrees
// with the engine's rule whenever WILD pays at least as much as any symbol
// for the same count, as in the Classic table.
func refLinePay(g *Game, s [Reels]Symbol) int64 {
	n := 0
	for n < Reels && s[n] == Wild {
		n++
	}
	best := g.cfg.LinePays[Wild][n]
	for sym := Diamond; sym < NumSymbols; sym++ {
		n := 0
		for n < Reels && (s[n] == sym || s[n] == Wild) {
			n++
		}
		best = max(best, g.cfg.LinePays[sym][n])
	}
	return best
}

func TestLinePayMatchesReference(t *testing.T) {
	g := Classic()
	for s := range NumSymbols {
		for n := 3; n <= Reels; n++ {
			if g.cfg.LinePays[s][n] > g.cfg.LinePays[Wild][n] {
				t.Fatal("reference needs WILD to dominate")
			}
		}
	}
	src := rng.NewSeq(99)
	for range 200_000 {
		var w Window
		for row := range Rows {
			for r := range Reels {
				// Wild-heavy windows exercise the substitution rule.
				if rng.Intn(src, 3) == 0 {
					w[row][r] = Wild
				} else {
					w[row][r] = Symbol(rng.Intn(src, int(NumSymbols)))
				}
			}
		}
		o := evalWindow(t, g, w, BaseGame)
		got := make(map[int]int64)
		for _, l := range o.Lines {
			got[l.Line] = l.Pay
			if l.Amount != l.Pay*lb {
				t.Fatalf("amount %d for pay %d", l.Amount, l.Pay)
			}
		}
		for i, l := range g.cfg.Paylines {
			var s [Reels]Symbol
			for r := range Reels {
				s[r] = w[l[r]][r]
			}
			if want := refLinePay(g, s); got[i] != want {
				t.Fatalf("window %v line %d (%v): engine %d, reference %d", w, i, s, got[i], want)
			}
		}
	}
}

func TestScatterPays(t *testing.T) {
	g := Classic()
	cells := [][2]int{{0, 0}, {2, 1}, {0, 2}, {1, 3}, {2, 4}}
	for _, c := range []struct {
		n    int
		pay  int64
		spin int
	}{{1, 0, 0}, {2, 1, 0}, {3, 5, 8}, {4, 20, 12}, {5, 100, 20}} {
		w := filler()
		for _, cell := range cells[:c.n] {
			w[cell[0]][cell[1]] = Scatter
		}
		o := evalWindow(t, g, w, BaseGame)
		total := g.TotalBet(lb)
		if o.Scatters != c.n || o.ScatterPay != c.pay || o.ScatterAmount != c.pay*total || o.FreeSpins != c.spin || o.Win != c.pay*total || o.Lines != nil {
			t.Errorf("%d scatters: %+v", c.n, o)
		}
		f := evalWindow(t, g, w, FreeGame)
		if f.ScatterAmount != 3*c.pay*total || f.FreeSpins != c.spin {
			t.Errorf("%d scatters in free spins: %+v", c.n, f)
		}
	}
}

// stopShowing finds a stop on reel r that puts sym at row, and (when
// avoid) no scatter elsewhere in the column.
func stopShowing(g *Game, r, row int, sym Symbol) int {
	for s := range g.lens[r] {
		col := g.strips[r][s : s+Rows]
		if col[row] == sym {
			return s
		}
	}
	panic("symbol not on reel")
}

// noScatterStop finds a stop on reel r whose column has no scatter.
func noScatterStop(g *Game, r int, after int) int {
	for i := range g.lens[r] {
		s := (after + i) % g.lens[r]
		col := g.strips[r][s : s+Rows]
		if col[0] != Scatter && col[1] != Scatter && col[2] != Scatter {
			return s
		}
	}
	panic("unreachable")
}

func words(g *Game, stops [Reels]int) []uint64 {
	var w []uint64
	for r, s := range stops {
		w = append(w, rng.WordFor(uint64(g.lens[r]), uint64(s)))
	}
	return w
}

func TestStopsProduceWindow(t *testing.T) {
	g := Classic()
	cfg := g.Config()
	for _, stops := range [][Reels]int{{0, 0, 0, 0, 0}, {29, 28, 27, 1, 15}, {10, 11, 16, 11, 17}} {
		o, err := g.Evaluate(stops, lb, BaseGame)
		if err != nil {
			t.Fatal(err)
		}
		for r := range Reels {
			for row := range Rows {
				if want := cfg.Strips[r][(stops[r]+row)%30]; o.Window[row][r] != want {
					t.Fatalf("stops %v reel %d row %d: %v, want %v", stops, r, row, o.Window[row][r], want)
				}
			}
		}
		w, _ := g.EvaluateWindow(o.Window, lb, BaseGame)
		w.Stops = stops
		if !reflect.DeepEqual(w, o) {
			t.Fatalf("Evaluate and EvaluateWindow disagree:\n%+v\n%+v", o, w)
		}
		s, err := g.Spin(rng.NewScripted(words(g, stops)...), lb, BaseGame)
		if err != nil || !reflect.DeepEqual(s, o) {
			t.Fatalf("Spin with scripted stops %v: %+v, want %+v (%v)", stops, s, o, err)
		}
	}
	// Stop 10 of reel 1 shows the scatter on the top row.
	o, _ := g.Evaluate([Reels]int{10, 0, 0, 0, 0}, lb, BaseGame)
	if o.Window[0][0] != Scatter {
		t.Fatalf("reel 1 stop 10 top = %v", o.Window[0][0])
	}
}

// A scripted stream: the base spin shows three scatters (8 free spins), the
// first free spin shows three again (8 more), the other 15 show none.
func TestFreeSpinsTriggerAndRetrigger(t *testing.T) {
	g := Classic()
	var scat, plain [Reels]int
	for r := range Reels {
		plain[r] = noScatterStop(g, r, 3*r)
	}
	scat = plain
	for _, r := range []int{0, 2, 4} {
		scat[r] = stopShowing(g, r, 1, Scatter)
	}
	var script []uint64
	script = append(script, words(g, scat)...) // base
	script = append(script, words(g, scat)...) // free spin 1: retrigger
	for range 15 {
		script = append(script, words(g, plain)...)
	}
	src := rng.NewScripted(script...)
	rd, err := g.PlayRound(src, lb)
	if err != nil {
		t.Fatal(err)
	}
	if src.Left() != 0 {
		t.Fatalf("%d scripted words unread", src.Left())
	}
	baseScat, _ := g.Evaluate(scat, lb, BaseGame)
	freeScat, _ := g.Evaluate(scat, lb, FreeGame)
	freePlain, _ := g.Evaluate(plain, lb, FreeGame)
	if baseScat.Scatters != 3 || baseScat.FreeSpins != 8 || freePlain.Scatters != 0 {
		t.Fatalf("bad script: %+v / %+v", baseScat, freePlain)
	}
	if rd.Base.FreeSpins != 8 || len(rd.FreeSpins) != 16 || rd.FreeSpinsAwarded != 16 {
		t.Fatalf("awarded %d, played %d", rd.FreeSpinsAwarded, len(rd.FreeSpins))
	}
	if !reflect.DeepEqual(rd.FreeSpins[0], freeScat) || rd.FreeSpins[0].FreeSpins != 8 {
		t.Fatalf("retrigger spin %+v", rd.FreeSpins[0])
	}
	for i, o := range rd.FreeSpins[1:] {
		if !reflect.DeepEqual(o, freePlain) {
			t.Fatalf("free spin %d: %+v", i+2, o)
		}
	}
	wantFS := freeScat.Win + 15*freePlain.Win
	if rd.FreeSpinsWin != wantFS || rd.Win != baseScat.Win+wantFS || rd.TotalBet != 200 {
		t.Fatalf("round win %d (free %d), want %d (free %d)", rd.Win, rd.FreeSpinsWin, baseScat.Win+wantFS, wantFS)
	}
	// The base spin pays 5 x total bet for three scatters at multiplier 1;
	// the retrigger spin pays it at multiplier 3.
	if baseScat.ScatterAmount != 5*200 || freeScat.ScatterAmount != 3*5*200 {
		t.Fatalf("scatter amounts %d %d", baseScat.ScatterAmount, freeScat.ScatterAmount)
	}
}

func TestFreeSpinCap(t *testing.T) {
	cfg := classicConfig()
	cfg.MaxFreeSpins = 12
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var scat, plain [Reels]int
	for r := range Reels {
		plain[r] = noScatterStop(g, r, 0)
	}
	scat = plain
	for _, r := range []int{0, 1, 2} {
		scat[r] = stopShowing(g, r, 0, Scatter)
	}
	// 8 from the base spin, then a retrigger worth 8 of which only 4 fit.
	script := append(words(g, scat), words(g, scat)...)
	for range 11 {
		script = append(script, words(g, plain)...)
	}
	src := rng.NewScripted(script...)
	rd, err := g.PlayRound(src, 1)
	if err != nil {
		t.Fatal(err)
	}
	if rd.FreeSpinsAwarded != 12 || len(rd.FreeSpins) != 12 || rd.FreeSpins[0].FreeSpins != 4 || src.Left() != 0 {
		t.Fatalf("awarded %d played %d first adds %d left %d", rd.FreeSpinsAwarded, len(rd.FreeSpins), rd.FreeSpins[0].FreeSpins, src.Left())
	}
}

// The stake scales amounts and nothing else: the same stream gives the same
// stops, windows and spin counts at any line bet, and reads the same number
// of words.
func TestStakeDoesNotChangeOutcome(t *testing.T) {
	g := Classic()
	for seed := range uint64(300) {
		a, b := rng.NewSeq(seed), rng.NewSeq(seed)
		r1, err1 := g.PlayRound(a, 1)
		r2, err2 := g.PlayRound(b, 37)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if a.Uint64() != b.Uint64() {
			t.Fatalf("seed %d: streams diverged", seed)
		}
		if r2.Win != 37*r1.Win || r1.Base.Stops != r2.Base.Stops || r1.Base.Window != r2.Base.Window || len(r1.FreeSpins) != len(r2.FreeSpins) {
			t.Fatalf("seed %d: outcome depends on stake", seed)
		}
		for i := range r1.FreeSpins {
			if r1.FreeSpins[i].Stops != r2.FreeSpins[i].Stops || r2.FreeSpins[i].Win != 37*r1.FreeSpins[i].Win {
				t.Fatalf("seed %d free spin %d differs", seed, i)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	g := Classic()
	for _, bet := range []int64{0, -1, g.MaxLineBet() + 1, math.MaxInt64} {
		if _, err := g.PlayRound(rng.NewSeq(1), bet); !errors.Is(err, ErrLineBet) {
			t.Errorf("line bet %d: %v", bet, err)
		}
		if _, err := g.Spin(rng.NewSeq(1), bet, BaseGame); !errors.Is(err, ErrLineBet) {
			t.Errorf("line bet %d: %v", bet, err)
		}
	}
	// A rejected bet must not consume randomness.
	src := rng.NewScripted()
	if _, err := g.Spin(src, 0, BaseGame); err == nil || src.Used() != 0 {
		t.Fatal("invalid bet drew from the source")
	}
	for _, stops := range [][Reels]int{{-1, 0, 0, 0, 0}, {0, 0, 0, 0, 30}} {
		if _, err := g.Evaluate(stops, 1, BaseGame); !errors.Is(err, ErrStops) {
			t.Errorf("stops %v: %v", stops, err)
		}
	}
	if _, err := g.Spin(rng.NewSeq(1), 1, Mode(2)); err == nil {
		t.Error("unknown mode accepted")
	}
	var w Window
	w[1][1] = NumSymbols
	if _, err := g.EvaluateWindow(w, 1, BaseGame); err == nil {
		t.Error("invalid symbol accepted")
	}
	// The largest line bet cannot overflow even at the largest possible
	// round.
	if g.MaxLineBet() < 1_000_000_000 || g.maxRound*g.MaxLineBet() < 0 {
		t.Fatalf("max line bet %d for max round %d", g.MaxLineBet(), g.maxRound)
	}
}

func TestConfigValidation(t *testing.T) {
	for name, mut := range map[string]func(*Config){
		"no version":       func(c *Config) { c.Version = "" },
		"short strip":      func(c *Config) { c.Strips[2] = c.Strips[2][:2] },
		"bad symbol":       func(c *Config) { c.Strips[0] = append([]Symbol{NumSymbols}, c.Strips[0]...) },
		"two of a kind":    func(c *Config) { c.LinePays[Ace][2] = 1 },
		"scatter line pay": func(c *Config) { c.LinePays[Scatter][3] = 1 },
		"negative pay":     func(c *Config) { c.LinePays[Ace][3] = -1 },
		"negative scatter": func(c *Config) { c.ScatterPays[3] = -1 },
		"zero multiplier":  func(c *Config) { c.FreeSpinMultiplier = 0 },
		"bad row":          func(c *Config) { c.Paylines[3][2] = 3 },
		"duplicate line":   func(c *Config) { c.Paylines[3] = c.Paylines[0] },
		"no lines":         func(c *Config) { c.Paylines = nil },
		"huge pays":        func(c *Config) { c.LinePays[Wild][5] = math.MaxInt64 / 10 },
	} {
		cfg := classicConfig()
		mut(&cfg)
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// Config hands out copies: changing one does not change the game.
	g := Classic()
	c := g.Config()
	c.Strips[0][0] = Wild
	c.Paylines[0][0] = 2
	if g.Config().Strips[0][0] == Wild || g.Config().Paylines[0][0] == 2 {
		t.Fatal("Config aliases the game")
	}
}

func TestPaytableJSON(t *testing.T) {
	pt := classic.Paytable()
	b, err := json.Marshal(pt)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"symbol":"WILD","kind":"wild","pays":[{"count":3,"pay":50},{"count":4,"pay":250},{"count":5,"pay":1000}]`,
		`{"count":3,"pay":5,"free_spins":8}`, `"total_bet_lines":20`, `"free_spin_multiplier":3`, `"paylines":[[1,1,1,1,1],[0,0,0,0,0]`} {
		if !strings.Contains(s, want) {
			t.Errorf("paytable JSON lacks %s", want)
		}
	}
	if len(pt.Paylines) != 20 || len(pt.Symbols) != int(NumSymbols) || pt.RTP.RTP < 0.95 || pt.RTP.RTP > 0.97 {
		t.Fatalf("paytable %+v", pt)
	}
	var back Paytable
	if err := json.Unmarshal(b, &back); err != nil || back.Symbols[9].Symbol != Jack {
		t.Fatalf("round trip: %v %+v", err, back.Symbols)
	}
}
