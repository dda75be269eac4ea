package baccarat

import (
	"math"
	"testing"
)

// TestRulesEdges: the standard rules price every bet as ExactOdds does;
// a 9:1 tie and a 4% commission move only their own bet's edge, by the
// exact difference in what they pay.
func TestRulesEdges(t *testing.T) {
	o, err := ExactOdds(8)
	if err != nil {
		t.Fatal(err)
	}
	std, err := StandardRules().ExactEdges()
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if !near(std.PlayerEdge, o.PlayerEdge) || !near(std.BankerEdge, o.BankerEdge) || !near(std.TieEdge, o.TieEdge) ||
		!near(std.RTP, 1-o.BankerEdge) {
		t.Fatalf("standard edges %+v, odds %+v", std, o)
	}
	tie9, _ := Rules{Decks: 8, BankerPayPercent: 95, TiePayPercent: 900}.ExactEdges()
	if !near(tie9.TieEdge, o.TieEdge-o.PTie) || tie9.BankerEdge != std.BankerEdge {
		t.Fatalf("tie 9:1 %+v", tie9)
	}
	low, _ := Rules{Decks: 8, BankerPayPercent: 96, TiePayPercent: 800}.ExactEdges()
	if !near(low.BankerEdge, o.BankerEdge-0.01*o.PBanker) || low.PlayerEdge != std.PlayerEdge {
		t.Fatalf("4%% commission %+v", low)
	}
	for _, r := range []Rules{{0, 95, 800}, {9, 95, 800}, {8, 89, 800}, {8, 101, 800}, {8, 95, 499}, {8, 95, 901}} {
		if _, err := r.ExactEdges(); err == nil {
			t.Errorf("%+v accepted", r)
		}
	}
}

// TestSettleWithPaysTheTableRules: a tie at 9:1 returns ten stakes, a
// banker win at 4% commission keeps 4 of 100.
func TestSettleWithPaysTheTableRules(t *testing.T) {
	r := Rules{Decks: 8, BankerPayPercent: 96, TiePayPercent: 900}
	tie, err := SettleWith(Hand{Winner: Tie}, []Bet{{BetTie, 100}, {BetBanker, 100}}, r)
	if err != nil || tie[0].Return != 1000 || !tie[1].Push || tie[1].Return != 100 {
		t.Fatalf("tie %+v %v", tie, err)
	}
	banker, err := SettleWith(Hand{Winner: BankerWins}, []Bet{{BetBanker, 100}, {BetPlayer, 100}}, r)
	if err != nil || banker[0].Return != 196 || banker[0].Commission != 4 || banker[1].Return != 0 {
		t.Fatalf("banker %+v %v", banker, err)
	}
	if _, err := SettleWith(Hand{Winner: Tie}, []Bet{{BetTie, 100}}, Rules{Decks: 8, BankerPayPercent: 95, TiePayPercent: 2000}); err == nil {
		t.Fatal("a tie paying 20:1 was accepted")
	}
	if k, ok := ParseBetKind("banker"); !ok || k != BetBanker {
		t.Fatal("banker")
	}
	if _, ok := ParseBetKind("dragon"); ok {
		t.Fatal("dragon is not a baccarat bet")
	}
}
