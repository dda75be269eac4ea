// Package baccarat is punto banco dealt from a shuffled multi-deck shoe.
//
// Rules: standard tableau. A natural (8 or 9 on either side's first two
// cards) stands both hands; otherwise the player draws on 0-5 and stands on
// 6-7, and the banker draws by its total and the player's third card (see
// BankerDraws). Bets: player pays 1:1, banker pays 0.95:1 (see Settle for
// the rounding), tie pays 8:1; player and banker bets push on a tie.
//
// Money is int64 minor units. A Shoe is one table's state and is not safe
// for concurrent use; the rest is pure.
package baccarat

import (
	"errors"
	"fmt"

	"gamehall/internal/engine/rng"
)

// Card is one playing card: 0..51, rank = c%13 + 1 (1 = ace, 13 = king),
// suit = c/13.
type Card uint8

// NewCard returns the card of rank 1..13 (ace..king) and suit 0..3
// (spades, hearts, diamonds, clubs).
func NewCard(rank, suit int) Card { return Card(suit*13 + rank - 1) }

// Rank is 1 (ace) to 13 (king).
func (c Card) Rank() int { return int(c)%13 + 1 }

// Suit is 0..3: spades, hearts, diamonds, clubs.
func (c Card) Suit() int { return int(c) / 13 }

// Value is the baccarat point value: ace 1, two to nine face value, ten and
// court cards 0.
func (c Card) Value() int {
	if r := c.Rank(); r < 10 {
		return r
	}
	return 0
}

const ranks = "A23456789TJQK"
const suits = "SHDC"

// String gives the rank then the suit, e.g. "AS", "TD", "KC".
func (c Card) String() string {
	if c >= 52 {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return string([]byte{ranks[c.Rank()-1], suits[c.Suit()]})
}

// MarshalText writes the card as in String.
func (c Card) MarshalText() ([]byte, error) {
	if c >= 52 {
		return nil, fmt.Errorf("baccarat: invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// Shoe limits.
const (
	DefaultDecks = 8
	MaxDecks     = 8
	// MaxHandCards is the most cards one hand can use.
	MaxHandCards = 6
	// DefaultCut is the cut-card position: the shoe is reshuffled before a
	// hand when fewer than this many cards remain, as a dealer would on
	// reaching the cut card. The last cards are never dealt, which is what
	// stops card counting from paying.
	DefaultCut = 16
)

// Shoe is a shuffled stack of decks. No burn card is drawn after a
// shuffle: burning is theatre against a marked top card and does not change
// any probability.
type Shoe struct {
	_        noCopy
	src      rng.Source
	cards    []Card
	next     int
	cut      int
	shuffles int
}

// noCopy makes go vet reject copies of a Shoe: a copy would share the
// cards but not the position, and deal the same cards twice.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// NewShoe returns a shuffled shoe of decks full decks that is reshuffled
// before any hand that starts with fewer than cut cards left. cut must be
// at least MaxHandCards, so a hand never runs out of cards, and at most
// half the shoe.
func NewShoe(src rng.Source, decks, cut int) (*Shoe, error) {
	if decks < 1 || decks > MaxDecks {
		return nil, fmt.Errorf("baccarat: %d decks, want 1..%d", decks, MaxDecks)
	}
	if cut < MaxHandCards || cut > decks*52/2 {
		return nil, fmt.Errorf("baccarat: cut %d, want %d..%d", cut, MaxHandCards, decks*52/2)
	}
	s := &Shoe{src: src, cards: make([]Card, decks*52), cut: cut}
	for i := range s.cards {
		s.cards[i] = Card(i % 52)
	}
	s.Shuffle()
	return s, nil
}

// Shuffle gathers every card and shuffles the whole shoe.
func (s *Shoe) Shuffle() {
	rng.Shuffle(s.src, len(s.cards), func(i, j int) { s.cards[i], s.cards[j] = s.cards[j], s.cards[i] })
	s.next = 0
	s.shuffles++
}

// Remaining is the number of undealt cards.
func (s *Shoe) Remaining() int { return len(s.cards) - s.next }

// Shuffles counts the shuffles so far, the first included.
func (s *Shoe) Shuffles() int { return s.shuffles }

func (s *Shoe) draw() Card {
	c := s.cards[s.next]
	s.next++
	return c
}

// Winner is the side a hand falls to.
type Winner uint8

const (
	PlayerWins Winner = iota
	BankerWins
	Tie
)

var winnerNames = [...]string{"player", "banker", "tie"}

func (w Winner) String() string { return winnerNames[w] }

// MarshalText writes "player", "banker" or "tie".
func (w Winner) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// Hand is one dealt coup.
type Hand struct {
	Player      []Card `json:"player"` // in the order dealt; a third card is the drawn one
	Banker      []Card `json:"banker"`
	PlayerTotal int    `json:"player_total"`
	BankerTotal int    `json:"banker_total"`
	Natural     bool   `json:"natural"`
	Winner      Winner `json:"winner"`
	// Shuffled is set when the shoe was reshuffled before this hand.
	Shuffled bool `json:"shuffled"`
}

// Deal plays one hand from the shoe, reshuffling first if the cut card has
// been reached.
func Deal(s *Shoe) Hand {
	shuffled := false
	if s.Remaining() < s.cut {
		s.Shuffle()
		shuffled = true
	}
	h := play(s.draw)
	h.Shuffled = shuffled
	return h
}

// DealFresh plays one hand from a freshly shuffled shoe of decks full decks
// (1..MaxDecks), as a continuous shuffler deals, without building the shoe.
//
// A hand uses at most MaxHandCards cards, so only the first steps of a
// Fisher–Yates shuffle matter: step k (k = 0, 1, ...) swaps position
// n-1-k with a uniform position in [0, n-1-k] and fixes the card there, so
// the cards fixed by the first k steps are a uniform ordered draw without
// replacement. DealFresh deals card k as the card step k fixes: it reads the
// same words as those steps of rng.Shuffle on the full shoe and deals the
// cards that shuffle leaves at positions n-1, n-2, ... (TestDealFresh
// checks both), in at most 6 steps instead of n-1 and with no shoe in
// memory. Hand.Shuffled is false: no shoe carried over from a previous hand.
func DealFresh(src rng.Source, decks int) (Hand, error) {
	if decks < 1 || decks > MaxDecks {
		return Hand{}, fmt.Errorf("baccarat: %d decks, want 1..%d", decks, MaxDecks)
	}
	var d freshDraw
	d.src, d.n = src, decks*52
	return play(d.next), nil
}

// freshDraw is a partial Fisher–Yates shuffle over a virtual shoe whose
// position p holds Card(p%52) until a swap moves another card there; the
// moved cards are its only state.
type freshDraw struct {
	src   rng.Source
	n     int // cards in the shoe
	dealt int // steps taken: positions n-1 .. n-dealt are fixed
	moved int // entries of pos/card in use
	pos   [MaxHandCards]int
	card  [MaxHandCards]Card
}

// at is the card at unfixed position p.
func (d *freshDraw) at(p int) Card {
	for k := range d.moved {
		if d.pos[k] == p {
			return d.card[k]
		}
	}
	return Card(p % 52)
}

// next takes one shuffle step: it swaps position i = n-1-dealt with a
// uniform position j in [0, i] and deals the card that lands on i.
func (d *freshDraw) next() Card {
	i := d.n - 1 - d.dealt
	j := rng.Intn(d.src, i+1)
	c, displaced := d.at(j), d.at(i)
	d.dealt++
	// Position i is fixed and never read again; j now holds i's card.
	for k := range d.moved {
		if d.pos[k] == j {
			d.card[k] = displaced
			return c
		}
	}
	d.pos[d.moved], d.card[d.moved] = j, displaced
	d.moved++
	return c
}

// total is the baccarat total of cards: the sum of values mod 10.
func total(cards []Card) int {
	t := 0
	for _, c := range cards {
		t += c.Value()
	}
	return t % 10
}

// PlayerDraws reports whether the player draws a third card on a two-card
// total (when neither side has a natural).
func PlayerDraws(playerTotal int) bool { return playerTotal <= 5 }

// NoThirdCard is the playerThird argument of BankerDraws when the player
// stood.
const NoThirdCard = -1

// BankerDraws reports whether the banker draws on its two-card total, given
// the value of the player's third card (NoThirdCard if the player stood).
// When neither side has a natural:
//
//	banker 0-2: draws
//	banker 3:   draws unless the player's third card is 8
//	banker 4:   draws if the player's third card is 2-7
//	banker 5:   draws if the player's third card is 4-7
//	banker 6:   draws if the player's third card is 6-7
//	banker 7:   stands
//
// and if the player stood, the banker draws on 0-5 like the player.
func BankerDraws(bankerTotal, playerThird int) bool {
	if playerThird == NoThirdCard {
		return bankerTotal <= 5
	}
	switch bankerTotal {
	case 0, 1, 2:
		return true
	case 3:
		return playerThird != 8
	case 4:
		return playerThird >= 2 && playerThird <= 7
	case 5:
		return playerThird >= 4 && playerThird <= 7
	case 6:
		return playerThird == 6 || playerThird == 7
	default:
		return false
	}
}

// play deals a hand from next: player, banker, player, banker, then the
// third cards the tableau calls for.
func play(next func() Card) Hand {
	buf := make([]Card, 6)
	p, b := buf[0:2:3], buf[3:5:6]
	p[0], b[0], p[1], b[1] = next(), next(), next(), next()
	h := Hand{PlayerTotal: total(p), BankerTotal: total(b)}
	if h.PlayerTotal >= 8 || h.BankerTotal >= 8 {
		h.Natural = true
	} else {
		third := NoThirdCard
		if PlayerDraws(h.PlayerTotal) {
			c := next()
			p = append(p, c)
			third = c.Value()
			h.PlayerTotal = total(p)
		}
		if BankerDraws(h.BankerTotal, third) {
			b = append(b, next())
			h.BankerTotal = total(b)
		}
	}
	h.Player, h.Banker = p, b
	switch {
	case h.PlayerTotal > h.BankerTotal:
		h.Winner = PlayerWins
	case h.BankerTotal > h.PlayerTotal:
		h.Winner = BankerWins
	default:
		h.Winner = Tie
	}
	return h
}

// BetKind is what a bet backs.
type BetKind uint8

const (
	BetPlayer BetKind = iota
	BetBanker
	BetTie
)

var betNames = [...]string{"player", "banker", "tie"}

// ParseBetKind reads a bet kind by its name (player, banker, tie).
func ParseBetKind(name string) (BetKind, bool) {
	for k, n := range betNames {
		if n == name {
			return BetKind(k), true
		}
	}
	return 0, false
}

func (k BetKind) String() string {
	if int(k) < len(betNames) {
		return betNames[k]
	}
	return fmt.Sprintf("BetKind(%d)", uint8(k))
}

// MarshalText writes "player", "banker" or "tie".
func (k BetKind) MarshalText() ([]byte, error) {
	if int(k) >= len(betNames) {
		return nil, fmt.Errorf("baccarat: invalid bet kind %d", uint8(k))
	}
	return []byte(betNames[k]), nil
}

// Bet is one wager on a hand.
type Bet struct {
	Kind  BetKind `json:"kind"`
	Stake int64   `json:"stake"` // minor units
}

// MaxStake bounds a single stake so that every payout (at most 9 x stake)
// fits in int64 with room to spare.
const MaxStake = 1_000_000_000_000_000

// Payout ratios, in percent of the stake won on top of it.
const (
	PlayerPayPercent = 100
	BankerPayPercent = 95 // 5% commission
	TiePayPercent    = 800
)

// Result is one settled bet.
type Result struct {
	Bet Bet `json:"bet"`
	// Return is what goes back to the player: the stake plus winnings on a
	// win, the stake on a push, 0 on a loss.
	Return int64 `json:"return"`
	// Net is Return - Stake: positive on a win, 0 on a push, -Stake on a
	// loss.
	Net int64 `json:"net"`
	// Commission is what the house kept of a winning banker bet.
	Commission int64 `json:"commission"`
	Push       bool  `json:"push"`
}

// ErrBet reports an unknown bet kind or a stake outside 1..MaxStake.
var ErrBet = errors.New("baccarat: invalid bet")

// Settle pays bets on a dealt hand. It validates every bet before settling
// any, so a bad bet yields an error and no results.
//
// Banker commission: a winning banker bet wins stake - commission with
// commission = ceil(stake × 5 / 100). Rounding the commission up keeps every
// payout at or below 0.95:1, and costs the player less than one minor unit;
// for stakes that are multiples of 20 minor units the commission is exact.
func Settle(h Hand, bets []Bet) ([]Result, error) { return SettleWith(h, bets, StandardRules()) }

// SettleWith is Settle under a table's own pays (r.Decks plays no part
// here: the hand was dealt already).
func SettleWith(h Hand, bets []Bet, r Rules) ([]Result, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	for i, b := range bets {
		if b.Kind > BetTie || b.Stake < 1 || b.Stake > MaxStake {
			return nil, fmt.Errorf("%w: bet %d (%v, stake %d)", ErrBet, i, b.Kind, b.Stake)
		}
	}
	out := make([]Result, len(bets))
	for i, b := range bets {
		res := Result{Bet: b}
		switch {
		case b.Kind == BetTie && h.Winner == Tie:
			res.Return = b.Stake + b.Stake*r.TiePayPercent/100
		case b.Kind != BetTie && h.Winner == Tie:
			res.Return, res.Push = b.Stake, true
		case b.Kind == BetPlayer && h.Winner == PlayerWins:
			res.Return = 2 * b.Stake
		case b.Kind == BetBanker && h.Winner == BankerWins:
			res.Commission = (b.Stake*(100-r.BankerPayPercent) + 99) / 100
			res.Return = 2*b.Stake - res.Commission
		}
		res.Net = res.Return - b.Stake
		out[i] = res
	}
	return out, nil
}
