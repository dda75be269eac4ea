package baccarat

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"gamehall/internal/engine/internal/stattest"
	"gamehall/internal/engine/rng"
)

// The banker's third-card rule as printed on table layouts: rows are the
// banker's two-card total, columns the player's third card value 0..9,
// then "-" for a player who stood. D draws, S stands.
var publishedBankerTable = [8]string{
	//  0123456789-
	0: "DDDDDDDDDDD",
	1: "DDDDDDDDDDD",
	2: "DDDDDDDDDDD",
	3: "DDDDDDDDSDD",
	4: "SSDDDDDDSSD",
	5: "SSSSDDDDSSD",
	6: "SSSSSSDDSSS",
	7: "SSSSSSSSSSS",
}

func TestBankerThirdCardTable(t *testing.T) {
	for bt := range 8 {
		for col := range 11 {
			third := col
			if col == 10 {
				third = NoThirdCard
			}
			want := publishedBankerTable[bt][col] == 'D'
			if got := BankerDraws(bt, third); got != want {
				t.Errorf("banker %d, player third %d: draws %v, table says %v", bt, third, got, want)
			}
		}
	}
}

func TestPlayerDraws(t *testing.T) {
	for pt := range 8 {
		if got, want := PlayerDraws(pt), pt <= 5; got != want {
			t.Errorf("player %d: draws %v", pt, got)
		}
	}
}

// cards builds cards from rank letters (suits cycle, they never matter).
func cards(s string) []Card {
	var out []Card
	for i, f := range strings.Fields(s) {
		out = append(out, NewCard(strings.Index(ranks, f)+1, i%4))
	}
	return out
}

func script(t *testing.T, s string) (Hand, int) {
	t.Helper()
	cs := cards(s)
	used := 0
	h := play(func() Card {
		if used == len(cs) {
			t.Fatalf("hand %q needs more cards", s)
		}
		used++
		return cs[used-1]
	})
	if used != len(cs) {
		t.Fatalf("hand %q used %d of %d cards", s, used, len(cs))
	}
	return h, used
}

func TestHands(t *testing.T) {
	// Cards are dealt player, banker, player, banker, then third cards.
	for _, c := range []struct {
		deal    string
		p, b    int
		natural bool
		winner  Winner
	}{
		{"4 K 5 3", 9, 3, true, PlayerWins},      // player natural 9
		{"7 4 K 4", 7, 8, true, BankerWins},      // banker natural 8 beats a standing 7
		{"8 8 K K", 8, 8, true, Tie},             // natural tie
		{"9 9 9 9", 8, 8, true, Tie},             // 18 counts as 8
		{"2 K 3 6 7 9", 2, 5, false, BankerWins}, // player 5 draws 7 (12 -> 2); banker 6 draws on a 7
		{"3 2 3 3 4", 6, 9, false, BankerWins},   // player stands on 6; banker 5 draws when player stood
		{"7 6 K K", 7, 6, false, PlayerWins},     // both stand
		{"6 6 K K", 6, 6, false, Tie},            // both stand, tie
		{"K 2 4 A 8", 2, 3, false, BankerWins},   // banker 3 stands on a player 8
		{"K 2 4 A 9 5", 3, 8, false, BankerWins}, // banker 3 draws on a player 9
		{"K Q J T 5 5", 5, 5, false, Tie},        // court cards are 0; both draw
		{"A 2 4 2 A", 6, 4, false, PlayerWins},   // player 5 draws A -> 6; banker 4 stands on an ace
		{"A 2 4 2 2 7", 7, 1, false, PlayerWins}, // banker 4 draws on a 2: 4 + 7 = 11 -> 1
		{"A 3 4 2 3", 8, 5, false, PlayerWins},   // banker 5 stands on a 3
		{"A 3 4 2 4 K", 9, 5, false, PlayerWins}, // banker 5 draws on a 4
		{"A 4 4 2 5", 0, 6, false, BankerWins},   // banker 6 stands on a 5
		{"A 4 4 2 6 2", 1, 8, false, BankerWins}, // banker 6 draws on a 6
		{"A 5 4 2 7", 2, 7, false, BankerWins},   // banker 7 always stands
	} {
		h, _ := script(t, c.deal)
		if h.PlayerTotal != c.p || h.BankerTotal != c.b || h.Natural != c.natural || h.Winner != c.winner {
			t.Errorf("%q: player %d banker %d natural %v winner %v; want %d %d %v %v",
				c.deal, h.PlayerTotal, h.BankerTotal, h.Natural, h.Winner, c.p, c.b, c.natural, c.winner)
		}
		if total(h.Player) != h.PlayerTotal || total(h.Banker) != h.BankerTotal {
			t.Errorf("%q: totals do not match cards", c.deal)
		}
	}
}

func TestCards(t *testing.T) {
	seen := map[string]bool{}
	for c := range Card(52) {
		s := c.String()
		if seen[s] || NewCard(c.Rank(), c.Suit()) != c {
			t.Fatalf("card %d %s", c, s)
		}
		seen[s] = true
		want := c.Rank()
		if want >= 10 {
			want = 0
		}
		if c.Value() != want {
			t.Fatalf("%s value %d", s, c.Value())
		}
	}
	if NewCard(1, 0).String() != "AS" || NewCard(10, 2).String() != "TD" || NewCard(13, 3).String() != "KC" {
		t.Fatal("card names")
	}
}

func TestSettle(t *testing.T) {
	player, _ := script(t, "7 6 K K")
	banker, _ := script(t, "7 4 K 4")
	tie, _ := script(t, "8 8 K K")
	type want struct{ ret, net, comm int64 }
	for _, c := range []struct {
		h    Hand
		bet  Bet
		want want
		push bool
	}{
		{player, Bet{BetPlayer, 100}, want{200, 100, 0}, false},
		{player, Bet{BetBanker, 100}, want{0, -100, 0}, false},
		{player, Bet{BetTie, 100}, want{0, -100, 0}, false},
		{banker, Bet{BetPlayer, 100}, want{0, -100, 0}, false},
		{banker, Bet{BetBanker, 100}, want{195, 95, 5}, false},
		{banker, Bet{BetTie, 100}, want{0, -100, 0}, false},
		{tie, Bet{BetPlayer, 100}, want{100, 0, 0}, true},
		{tie, Bet{BetBanker, 100}, want{100, 0, 0}, true},
		{tie, Bet{BetTie, 100}, want{900, 800, 0}, false},
		// Commission rounds up: never more than 0.95:1.
		{banker, Bet{BetBanker, 1}, want{1, 0, 1}, false},
		{banker, Bet{BetBanker, 19}, want{37, 18, 1}, false},
		{banker, Bet{BetBanker, 20}, want{39, 19, 1}, false},
		{banker, Bet{BetBanker, 21}, want{40, 19, 2}, false},
		{banker, Bet{BetBanker, 101}, want{196, 95, 6}, false},
		{banker, Bet{BetBanker, MaxStake}, want{2*MaxStake - MaxStake/20, MaxStake - MaxStake/20, MaxStake / 20}, false},
		{tie, Bet{BetTie, MaxStake}, want{9 * MaxStake, 8 * MaxStake, 0}, false},
	} {
		rs, err := Settle(c.h, []Bet{c.bet})
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		if r.Return != c.want.ret || r.Net != c.want.net || r.Commission != c.want.comm || r.Push != c.push || r.Bet != c.bet {
			t.Errorf("%v on %v: %+v, want %+v push %v", c.bet, c.h.Winner, r, c.want, c.push)
		}
	}
	// Every banker win pays at most 95%, and less than one minor unit less.
	for stake := int64(1); stake <= 2000; stake++ {
		rs, _ := Settle(banker, []Bet{{BetBanker, stake}})
		if n := rs[0].Net; n*100 > 95*stake || (n+1)*100 <= 95*stake {
			t.Fatalf("stake %d wins %d", stake, n)
		}
	}
}

func TestSettleRejectsBadBets(t *testing.T) {
	h, _ := script(t, "7 6 K K")
	for _, bets := range [][]Bet{
		{{BetPlayer, 0}}, {{BetBanker, -5}}, {{BetTie, MaxStake + 1}}, {{BetKind(3), 10}},
		{{BetPlayer, 10}, {BetBanker, 0}},
	} {
		rs, err := Settle(h, bets)
		if !errors.Is(err, ErrBet) || rs != nil {
			t.Errorf("%v: %v %v", bets, rs, err)
		}
	}
	if rs, err := Settle(h, nil); err != nil || len(rs) != 0 {
		t.Fatal("no bets should settle to nothing")
	}
}

func TestShoe(t *testing.T) {
	for _, c := range []struct{ decks, cut int }{{0, 16}, {9, 16}, {8, 5}, {1, 27}} {
		if _, err := NewShoe(rng.NewSeq(1), c.decks, c.cut); err == nil {
			t.Errorf("decks %d cut %d accepted", c.decks, c.cut)
		}
	}
	s, err := NewShoe(rng.NewSeq(1), DefaultDecks, DefaultCut)
	if err != nil {
		t.Fatal(err)
	}
	var count [52]int
	for _, c := range s.cards {
		count[c]++
	}
	for c, n := range count {
		if n != 8 {
			t.Fatalf("card %v appears %d times", Card(c), n)
		}
	}
	// Deal to the cut card: no hand starts below it, every hand's cards
	// come off the shoe in order, and the next hand reshuffles.
	dealt := 0
	for {
		before := s.Remaining()
		h := Deal(s)
		if before < DefaultCut {
			if !h.Shuffled || s.Shuffles() != 2 {
				t.Fatalf("no reshuffle with %d cards left", before)
			}
			break
		}
		if s.Shuffles() != 1 {
			t.Fatalf("reshuffled with %d cards left", before)
		}
		n := len(h.Player) + len(h.Banker)
		if before-s.Remaining() != n || n < 4 || n > 6 || h.Shuffled {
			t.Fatalf("hand used %d cards, shoe lost %d", n, before-s.Remaining())
		}
		dealt += n
	}
	if dealt <= 416-DefaultCut-6 || dealt > 416-DefaultCut+5 {
		t.Fatalf("dealt %d cards before the reshuffle", dealt)
	}
	// Same seed, same shoe.
	a, _ := NewShoe(rng.NewSeq(7), 8, 16)
	b, _ := NewShoe(rng.NewSeq(7), 8, 16)
	for range 500 {
		ha, hb := Deal(a), Deal(b)
		ja, _ := json.Marshal(ha)
		jb, _ := json.Marshal(hb)
		if string(ja) != string(jb) {
			t.Fatal("same seed dealt different hands")
		}
	}
}

func TestHandJSON(t *testing.T) {
	h, _ := script(t, "2 K 3 6 7 9")
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"player":["2S","3D","7S"],"banker":["KH","6C","9H"],"player_total":2,"banker_total":5,"natural":false,"winner":"banker","shuffled":false}`
	if string(b) != want {
		t.Fatalf("got %s", b)
	}
}

// Published values for punto banco off the top of an 8-deck shoe (Wizard
// of Odds, "Baccarat" analysis): the combinatorial counts and the house
// edges banker 1.0579%, player 1.2351%, tie (8:1) 14.3596%.
func TestExactOdds(t *testing.T) {
	o, err := ExactOdds(8)
	if err != nil {
		t.Fatal(err)
	}
	if o.Sequences != 4998398275503360 || o.BankerWins != 2292252566437888 || o.PlayerWins != 2230518282592256 || o.Ties != 475627426473216 {
		t.Fatalf("counts %+v", o)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"banker edge", o.BankerEdge, 0.010579},
		{"player edge", o.PlayerEdge, 0.012351},
		{"tie edge", o.TieEdge, 0.143596},
		{"P(banker)", o.PBanker, 0.458597},
		{"P(player)", o.PPlayer, 0.446247},
		{"P(tie)", o.PTie, 0.095156},
	} {
		if math.Abs(c.got-c.want) > 5e-7 {
			t.Errorf("%s %.7f, published %.6f", c.name, c.got, c.want)
		}
	}
	// Fewer decks: published edges for 1 and 6 decks.
	one, _ := ExactOdds(1)
	six, _ := ExactOdds(6)
	if math.Abs(one.BankerEdge-0.010117) > 5e-7 || math.Abs(one.PlayerEdge-0.012864) > 5e-7 ||
		math.Abs(six.BankerEdge-0.010558) > 5e-7 || math.Abs(six.PlayerEdge-0.012374) > 5e-7 {
		t.Errorf("1 deck %+v\n6 decks %+v", one, six)
	}
	if _, err := ExactOdds(0); err == nil {
		t.Error("0 decks accepted")
	}
}

// 10^6 hands from one seeded stream through the production path (cut card,
// reshuffle, Deal, Settle): each bet's return per unit staked must be within
// the 99% bound of the exact value.
func TestSimulatedEdges(t *testing.T) {
	exact, _ := ExactOdds(8)
	shoe, _ := NewShoe(rng.NewSeq(31337), 8, DefaultCut)
	// Banker stakes are a multiple of 20 so the commission is exact, as the
	// exact edge assumes.
	bets := []Bet{{BetPlayer, 100}, {BetBanker, 100}, {BetTie, 100}}
	var m [3]stattest.Mean
	const hands = 1_000_000
	for range hands {
		rs, err := Settle(Deal(shoe), bets)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rs {
			m[i].Add(float64(r.Net) / 100)
		}
	}
	for i, edge := range []float64{exact.PlayerEdge, exact.BankerEdge, exact.TieEdge} {
		got := -m[i].Mean()
		t.Logf("%v: simulated edge %.5f ± %.5f, exact %.5f", bets[i].Kind, got, m[i].Bound99(), edge)
		if math.Abs(got-edge) > m[i].Bound99() {
			t.Errorf("%v: simulated edge %.6f, exact %.6f, beyond 99%% bound %.6f", bets[i].Kind, got, edge, m[i].Bound99())
		}
	}
}

// counting counts the words read from src.
type counting struct {
	src rng.Source
	n   int
}

func (c *counting) Uint64() uint64 { c.n++; return c.src.Uint64() }

// TestDealFresh: the partial draw is the full shuffle's first steps. For the
// same stream it reads exactly the words the first k steps of rng.Shuffle on
// the full shoe read, and deals the cards that shuffle leaves at positions
// n-1, n-2, ...; so it deals a uniform ordered draw without replacement, as
// the full shuffle (TestShuffleUniform) does, and every hand is the hand
// that full shuffle would deal from its far end.
func TestDealFresh(t *testing.T) {
	for _, decks := range []int{1, 8} {
		n := decks * 52
		for seed := range uint64(2000) {
			full := make([]Card, n)
			for i := range full {
				full[i] = Card(i % 52)
			}
			src := &counting{src: rng.NewSeq(seed)}
			var wordsAfter [MaxHandCards + 1]int
			swaps := 0
			rng.Shuffle(src, n, func(i, j int) {
				full[i], full[j] = full[j], full[i]
				swaps++
				if swaps <= MaxHandCards {
					wordsAfter[swaps] = src.n
				}
			})
			d := freshDraw{src: &counting{src: rng.NewSeq(seed)}, n: n}
			for k := range MaxHandCards {
				if c := d.next(); c != full[n-1-k] {
					t.Fatalf("%d decks, seed %d: card %d is %v, full shuffle has %v", decks, seed, k, c, full[n-1-k])
				}
				if used := d.src.(*counting).n; used != wordsAfter[k+1] {
					t.Fatalf("%d decks, seed %d: %d words after %d cards, full shuffle read %d", decks, seed, used, k+1, wordsAfter[k+1])
				}
			}
			// The hand is play() over that far end, in order.
			h, err := DealFresh(rng.NewSeq(seed), decks)
			if err != nil {
				t.Fatal(err)
			}
			k := 0
			want := play(func() Card { k++; return full[n-k] })
			if ja, jb := mustJSON(t, h), mustJSON(t, want); ja != jb {
				t.Fatalf("%d decks, seed %d: DealFresh %s, full shuffle %s", decks, seed, ja, jb)
			}
		}
	}
	for _, decks := range []int{0, MaxDecks + 1} {
		if _, err := DealFresh(rng.NewSeq(1), decks); err == nil {
			t.Errorf("%d decks accepted", decks)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// 300,000 hands off fresh shoes through DealFresh (the production path):
// the frequencies of player, banker and tie agree with the exact odds
// within 99% bounds: from a replayable stream, and from the provably fair
// derivation the house game deals from (one HMAC stream per hand, nonces 0,
// 1, ...), which re-proves the published edges on it.
func TestDealFreshFrequencies(t *testing.T) {
	seq := rng.NewSeq(4242)
	var nonce uint64
	for _, c := range []struct {
		name string
		hand func() rng.Source
	}{
		{"seq", func() rng.Source { return seq }},
		{"fair", func() rng.Source {
			nonce++
			return rng.NewFair("baccarat-rtp-server-seed", "baccarat-rtp-client", nonce-1)
		}},
	} {
		t.Run(c.name, func(t *testing.T) { dealFrequencies(t, c.hand) })
	}
}

func dealFrequencies(t *testing.T, hand func() rng.Source) {
	exact, _ := ExactOdds(8)
	const hands = 300_000
	var m [3]stattest.Mean
	for range hands {
		h, err := DealFresh(hand(), 8)
		if err != nil {
			t.Fatal(err)
		}
		for w := range m {
			m[w].Add(b2f(h.Winner == Winner(w)))
		}
	}
	for w, p := range []float64{exact.PPlayer, exact.PBanker, exact.PTie} {
		if got := m[w].Mean(); math.Abs(got-p) > m[w].Bound99() {
			t.Errorf("%v: frequency %.5f, exact %.5f, beyond the 99%% bound %.5f", Winner(w), got, p, m[w].Bound99())
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// TestStakeDoesNotChangeHand: the stake and the bets scale amounts and
// nothing else. The same stream deals the same cards whatever is bet, reads
// the same words, and every return scales with the stake.
func TestStakeDoesNotChangeHand(t *testing.T) {
	for seed := range uint64(500) {
		a, b := rng.NewSeq(seed), rng.NewSeq(seed)
		ha, _ := DealFresh(a, 8)
		hb, _ := DealFresh(b, 8)
		if a.Uint64() != b.Uint64() {
			t.Fatalf("seed %d: streams diverged", seed)
		}
		if mustJSON(t, ha) != mustJSON(t, hb) {
			t.Fatalf("seed %d: same stream dealt different hands", seed)
		}
		// Stakes in multiples of 20 keep the banker commission exact, so
		// returns scale exactly.
		small := []Bet{{BetPlayer, 20}, {BetBanker, 40}, {BetTie, 20}}
		big := []Bet{{BetPlayer, 20 * 37}, {BetBanker, 40 * 37}, {BetTie, 20 * 37}}
		rs, _ := Settle(ha, small)
		rb, _ := Settle(hb, big)
		for i := range rs {
			if rb[i].Return != 37*rs[i].Return || rb[i].Commission != 37*rs[i].Commission || rb[i].Push != rs[i].Push {
				t.Fatalf("seed %d bet %v: %+v vs %+v", seed, rs[i].Bet.Kind, rs[i], rb[i])
			}
		}
	}
	// The same holds for a shoe carried across hands.
	sa, _ := NewShoe(rng.NewSeq(9), 8, DefaultCut)
	sb, _ := NewShoe(rng.NewSeq(9), 8, DefaultCut)
	for range 300 {
		ha, hb := Deal(sa), Deal(sb)
		ra, _ := Settle(ha, []Bet{{BetBanker, 20}})
		rb, _ := Settle(hb, []Bet{{BetBanker, 20_000}})
		if mustJSON(t, ha) != mustJSON(t, hb) || rb[0].Return != 1000*ra[0].Return {
			t.Fatal("a shoe dealt differently for a different stake")
		}
	}
}
