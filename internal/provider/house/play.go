package house

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/cache"
	"gamehall/internal/db"
	"gamehall/internal/engine/baccarat"
	"gamehall/internal/engine/keno"
	"gamehall/internal/engine/rng"
	"gamehall/internal/engine/slot"
)

// Failures of the play API.
var (
	ErrBadBet   = api.NewError(209, "house_bad_bet")
	ErrBadPicks = api.NewError(210, "house_bad_picks")
	// ErrPlayDisabled: the site's demo_mode flag is on, as /demo/play answers.
	ErrPlayDisabled = api.NewError(205, "play_disabled_demo_mode")
)

// Limits of one game for a session: the bets the player may choose, in
// minor units. A unit is about one US cent in the session's currency (the
// demo balance divided by 200,000), so the ladders suit every currency.
type Limits struct {
	Unit     int64   `json:"unit"`
	LineBets []int64 `json:"line_bets,omitempty"` // slot, per line
	Stakes   []int64 `json:"stakes,omitempty"`    // keno
	Chips    []int64 `json:"chips,omitempty"`     // baccarat
	MaxBet   int64   `json:"max_bet,omitempty"`   // baccarat, per bet kind
}

func unitFor(currency string, exponent int) int64 {
	u := DemoBalance(currency, exponent) / 200_000
	if u < 1 {
		return 1
	}
	return u
}

func ladder(unit int64, steps ...int64) []int64 {
	out := make([]int64, len(steps))
	for i, s := range steps {
		out[i] = unit * s
	}
	return out
}

// game is one in-house game: what the player is shown and how a round plays.
type game struct {
	kind    string
	version string
	rtp     func() float64
	info    func() any
	limits  func(unit int64) Limits
	// jackpot is the progressive jackpot of real-money rounds (nil: none).
	jackpot *Jackpot
	// play decides the round from src and the player's choices; stake and
	// win are minor units. It never depends on the balance.
	play func(src rng.Source, choices json.RawMessage, lim Limits) (played, error)
}

// played is a round decided by a game's play.
type played struct {
	stake, win      int64
	chosen, outcome any
	// par and parVar are the exact expected return and its variance per
	// unit stake of the bet as chosen (the RTP monitor weighs rounds by them).
	par, parVar float64
}

// slotVariance is the variance of the slot round's return per unit total
// bet (free spins included), measured over 2*10^7 simulated rounds (the
// slot engine's TestSimulatedRTP logs the same round sd, 3.41).
const slotVariance = 11.64

// Games are the in-house games by game code.
type Games struct {
	byCode map[string]*game
}

// Has reports whether code is an in-house game.
func (g *Games) Has(code string) bool {
	_, ok := g.byCode[code]
	return ok
}

// NewGames builds the three games. The slot's exact RTP is computed on its
// first use (a fifth of a second; every server a test starts paid it).
func NewGames() *Games {
	classic := slot.Classic()
	slotRTP := func() float64 { return classic.ExactRTP().RTP }
	kenoTable := keno.Paytable()
	odds, _ := baccarat.ExactOdds(8)
	var kenoPar, kenoVar [keno.MaxPicks + 1]float64
	for _, pt := range kenoTable.Picks {
		probs, _ := keno.HitProbabilities(pt.Picks)
		var m2 float64
		for _, pay := range pt.Pays {
			p, _ := probs[pay.Hits].Float64()
			x := float64(pay.X10) / 10
			m2 += p * x * x
		}
		kenoPar[pt.Picks], kenoVar[pt.Picks] = pt.RTP, m2-pt.RTP*pt.RTP
	}
	return &Games{byCode: map[string]*game{
		"gh_slot_fortune": {
			kind: "slot", version: classic.Config().Version, jackpot: &SlotJackpot,
			rtp:  slotRTP,
			info: func() any { return classic.Paytable() },
			limits: func(u int64) Limits {
				return Limits{Unit: u, LineBets: ladder(u, 1, 2, 5, 10, 20, 50, 100, 200, 500)}
			},
			play: func(src rng.Source, raw json.RawMessage, lim Limits) (played, error) {
				var in struct {
					LineBet int64 `json:"line_bet"`
				}
				if err := json.Unmarshal(raw, &in); err != nil || !slices.Contains(lim.LineBets, in.LineBet) {
					return played{}, ErrBadBet
				}
				r, err := classic.PlayRound(src, in.LineBet)
				if err != nil {
					return played{}, ErrBadBet
				}
				return played{stake: r.TotalBet, win: r.Win, chosen: in, outcome: r, par: slotRTP(), parVar: slotVariance}, nil
			},
		},
		"gh_baccarat": {
			kind: "baccarat", version: "punto-banco-8/1",
			rtp: func() float64 { return 1 - odds.BankerEdge },
			info: func() any {
				return map[string]any{"decks": 8, "pays": map[string]string{"player": "1:1", "banker": "0.95:1", "tie": "8:1"},
					"house_edge": map[string]float64{"banker": odds.BankerEdge, "player": odds.PlayerEdge, "tie": odds.TieEdge},
					"rules": []string{"Every hand is dealt from a freshly shuffled 8-deck shoe, as a continuous shuffler does.",
						"Standard punto banco drawing rules.", "Banker wins pay 0.95:1; the 5% commission is rounded up to the minor unit.",
						"Player and banker bets push on a tie."}}
			},
			limits: func(u int64) Limits {
				return Limits{Unit: u, Chips: ladder(u, 20, 100, 500, 1000, 5000, 10000), MaxBet: u * 50000}
			},
			play: func(src rng.Source, raw json.RawMessage, lim Limits) (played, error) {
				var in struct {
					Bets map[string]int64 `json:"bets"`
				}
				if err := json.Unmarshal(raw, &in); err != nil {
					return played{}, ErrBadBet
				}
				var bets []baccarat.Bet
				var stake int64
				for name, amount := range in.Bets {
					kind, ok := baccarat.ParseBetKind(name)
					if !ok || amount < 0 || amount > lim.MaxBet || amount%lim.Chips[0] != 0 {
						return played{}, ErrBadBet
					}
					if amount > 0 {
						bets = append(bets, baccarat.Bet{Kind: kind, Stake: amount})
						stake += amount
					}
				}
				if len(bets) == 0 {
					return played{}, ErrBadBet
				}
				slices.SortFunc(bets, func(a, b baccarat.Bet) int { return int(a.Kind) - int(b.Kind) })
				// A fresh 8-deck shoe per hand, drawn by a partial shuffle.
				hand, err := baccarat.DealFresh(src, 8)
				if err != nil {
					return played{}, err
				}
				results, err := baccarat.Settle(hand, bets)
				if err != nil {
					return played{}, ErrBadBet
				}
				var win int64
				for _, r := range results {
					win += r.Return
				}
				par, parVar := baccaratPar(odds, bets, stake)
				return played{stake: stake, win: win, chosen: in, outcome: map[string]any{"hand": hand, "results": results},
					par: par, parVar: parVar}, nil
			},
		},
		"gh_keno": {
			kind: "keno", version: "keno-80-20/" + keno.Version,
			rtp:  func() float64 { return kenoTable.BestRTP() },
			info: func() any { return kenoTable },
			limits: func(u int64) Limits {
				return Limits{Unit: u, Stakes: ladder(u, 10, 20, 50, 100, 200, 500, 1000, 5000)}
			},
			play: func(src rng.Source, raw json.RawMessage, lim Limits) (played, error) {
				var in struct {
					Picks []int `json:"picks"`
					Stake int64 `json:"stake"`
				}
				if err := json.Unmarshal(raw, &in); err != nil || !slices.Contains(lim.Stakes, in.Stake) {
					return played{}, ErrBadBet
				}
				drawn := keno.Draw(src)
				hits, win, err := keno.Settle(in.Picks, drawn, in.Stake)
				if err != nil {
					return played{}, fmt.Errorf("%w: %w", ErrBadPicks, err)
				}
				return played{stake: in.Stake, win: win, chosen: in, outcome: map[string]any{"drawn": drawn, "hits": hits},
					par: kenoPar[len(in.Picks)], parVar: kenoVar[len(in.Picks)]}, nil
			},
		},
	}}
}

// Decided is a round decided by a game, before it is settled on a session:
// the stake and the win in minor units, and the choices and the outcome as
// they are recorded.
type Decided struct {
	Stake, Win       int64
	Choices, Outcome []byte
	// JackpotHit: the round drew the jackpot (paid in real money only).
	JackpotHit bool
	// Par and ParVar: the bet's exact expected return and variance per
	// unit stake.
	Par, ParVar float64
}

// baccaratPar is the exact expected return and variance per unit stake of
// a set of bets on one hand: the hand's winner decides every bet, so the
// round returns one of three amounts (player, banker, tie).
func baccaratPar(odds baccarat.Odds, bets []baccarat.Bet, stake int64) (mean, variance float64) {
	var r [3]float64 // returned (stake included) when player, banker, tie wins
	for _, b := range bets {
		x := float64(b.Stake)
		switch b.Kind {
		case baccarat.BetPlayer:
			r[0] += 2 * x
			r[2] += x
		case baccarat.BetBanker:
			r[1] += 1.95 * x
			r[2] += x
		case baccarat.BetTie:
			r[2] += 9 * x
		}
	}
	var m1, m2 float64
	for i, p := range [3]float64{odds.PPlayer, odds.PBanker, odds.PTie} {
		y := r[i] / float64(stake)
		m1 += p * y
		m2 += p * y * y
	}
	return m1, m2 - m1*m1
}

// decide plays one round of g from src; it never looks at the balance.
func decide(g *game, lim Limits, src rng.Source, choices json.RawMessage) (Decided, error) {
	pl, err := g.play(src, choices, lim)
	if err != nil {
		return Decided{}, err
	}
	c, err := json.Marshal(pl.chosen)
	if err != nil {
		return Decided{}, fmt.Errorf("encode choices: %w", err)
	}
	o, err := json.Marshal(pl.outcome)
	if err != nil {
		return Decided{}, fmt.Errorf("encode outcome: %w", err)
	}
	d := Decided{Stake: pl.stake, Win: pl.win, Choices: c, Outcome: o, Par: pl.par, ParVar: pl.parVar}
	if g.jackpot != nil {
		// Drawn from the same stream after the round, so stakes never
		// change it either.
		d.JackpotHit = rng.Uint64n(src, g.jackpot.Odds) == 0
	}
	return d, nil
}

// Decide plays one round of the game code for a player of currency (with its
// exponent) from src, exactly as the play API does before it settles the
// round: choices are checked against the game's limits, the engine decides,
// choices and outcome are encoded. Benchmarks time the server's round path
// with it.
func (gs *Games) Decide(code, currency string, exponent int, src rng.Source, choices json.RawMessage) (Decided, error) {
	g, ok := gs.byCode[code]
	if !ok {
		return Decided{}, ErrUnknownGame
	}
	return decide(g, g.limits(unitFor(currency, exponent)), src, choices)
}

// Sources makes each round's random source from the player's seeds and the
// round's nonce: FairSources in production.
type Sources interface {
	Source(serverSeed, clientSeed string, nonce uint64) rng.Source
}

// FairSources is the provably fair derivation, rng.NewFair.
type FairSources struct{}

// Source returns rng.NewFair(serverSeed, clientSeed, nonce).
func (FairSources) Source(serverSeed, clientSeed string, nonce uint64) rng.Source {
	return rng.NewFair(serverSeed, clientSeed, nonce)
}

// SourceFunc ignores the seeds and makes a source per round; tests script
// rounds with it (such rounds do not verify).
type SourceFunc func() rng.Source

// Source returns f().
func (f SourceFunc) Source(string, string, uint64) rng.Source { return f() }

// Play runs the in-house games' play API on demo sessions (play money) and
// real-money sessions (the member's GP001 wallet in the ledger).
type Play struct {
	games  *Games
	store  *Store
	demo   *DemoSessions
	ledger Ledger // nil: demo sessions only
	now    func() time.Time
	rng    Sources
	// announce tells every browser of a currency of a jackpot win
	// (web_api.{currency}); nil: nobody.
	announce func(currency string, data map[string]any)
	// guard keeps the member's loss and wager limits; nil: none.
	guard BetGuard
	// reality takes acknowledgements of reality checks; nil: none.
	reality RealityAcker
	// counter counts plays per client address; nil: no limit.
	counter Counter
	// seen remembers sessions rounds were played on (see playing).
	seen *cache.TTL[playSession]
}

// Counter counts events per key in a window (ratelimit.Limiter).
type Counter interface {
	Allow(ctx context.Context, key string, max int, per time.Duration) (bool, error)
}

// WithCounter limits plays per client address (PlaysPerMinute).
func (p *Play) WithCounter(c Counter) *Play {
	p.counter = c
	return p
}

// BetGuard refuses a real-money stake that would pass one of the member's
// own limits (loss, wager, or the time since the session started); it runs
// inside the transaction that debits the stake (limits.Service).
type BetGuard interface {
	CheckBet(ctx context.Context, siteID, memberID int64, currency string, exp int, stake int64, sessionStart int64) error
}

// RealityAcker takes a member's acknowledgement of their reality check
// (limits.Service).
type RealityAcker interface {
	AckRealityOf(ctx context.Context, memberID int64) error
}

// WithReality sets who takes the acknowledgements of reality checks made
// on a game page.
func (p *Play) WithReality(r RealityAcker) *Play {
	p.reality = r
	return p
}

// AckReality acknowledges the reality check of the member playing the
// real-money session id: the game page's way to play on (it has no member
// token, the session is its credential). A demo session has none.
func (p *Play) AckReality(ctx context.Context, id string) error {
	s, _, err := p.session(ctx, id, false)
	if err != nil {
		return err
	}
	if s.memberID == 0 || p.reality == nil {
		return nil
	}
	return p.reality.AckRealityOf(ctx, s.memberID)
}

// WithGuard sets who keeps the members' loss and wager limits.
func (p *Play) WithGuard(g BetGuard) *Play {
	p.guard = g
	return p
}

// WithAnnounce sets who hears of jackpot wins.
func (p *Play) WithAnnounce(fn func(currency string, data map[string]any)) *Play {
	p.announce = fn
	return p
}

// NewPlay returns the play service; rounds draw from src (FairSources{} in
// production; tests script it with SourceFunc). l posts real-money rounds
// (nil: only demo sessions play).
func NewPlay(games *Games, store *Store, demo *DemoSessions, l Ledger, now func() time.Time, src Sources) *Play {
	return &Play{games: games, store: store, demo: demo, ledger: l, now: now, rng: src,
		seen: cache.New[playSession](seenFor, seenMax, now)}
}

// A round finds its session in Play.seen: what it needs of a session (its
// site, member, game, currency and start) never changes, so only the first
// round of a session reads it from the database, and the round checks in
// its own transaction that the session is still live.
const (
	seenFor = 10 * time.Minute
	seenMax = 100_000
)

// playing is the session id's session as a round needs it: from seen,
// else read (and remembered); SiteDemoMode is the site's flag now.
func (p *Play) playing(ctx context.Context, id string) (playSession, *game, error) {
	s, err := p.seen.Get(HashID(id), func() (playSession, error) {
		s, _, err := p.session(ctx, id, false)
		return s, err
	})
	if err != nil {
		return playSession{}, nil, err
	}
	if s.SiteDemoMode, err = p.demo.sites.DemoMode(ctx, s.SiteID); err != nil {
		return playSession{}, nil, err
	}
	g, ok := p.games.byCode[s.GameCode]
	if !ok {
		return playSession{}, nil, ErrUnknownGame
	}
	return s, g, nil
}

// playSession is a session of either kind as a round needs it.
type playSession struct {
	DemoSession
	memberID  int64 // 0 for a demo session
	startedAt int64 // a real-money session's start, unix microseconds
}

// SessionInfo is what a game page loads first.
type SessionInfo struct {
	GameCode string  `json:"game_code"`
	Kind     string  `json:"kind"`
	Version  string  `json:"version"`
	Demo     bool    `json:"demo"`
	Currency string  `json:"currency"`
	Exponent int     `json:"exponent"`
	Balance  int64   `json:"balance"`
	RTP      float64 `json:"rtp"`
	Limits   Limits  `json:"limits"`
	Rules    any     `json:"rules"`
	// PlayDisabled is set while the site's demo_mode flag is on: the page
	// shows the game but play answers 205.
	PlayDisabled bool `json:"play_disabled"`
	// Jackpot is the progressive jackpot of a real-money session (its
	// share is part of RTP).
	Jackpot *JackpotInfo `json:"jackpot,omitempty"`
}

// session finds a live session with token id: a demo one, else a
// real-money one (whose balance is the member's GP001 wallet, read when
// withBalance is set: a round settles on the ledger and needs none).
func (p *Play) session(ctx context.Context, id string, withBalance bool) (playSession, *game, error) {
	var out playSession
	s, err := p.demo.Get(ctx, id)
	switch {
	case err == nil:
		out.DemoSession = s
	case errors.Is(err, ErrSessionNotFound) && p.ledger != nil && id != "" && len(id) <= 128:
		r, rerr := p.store.real(ctx, HashID(id), p.now().UTC().UnixMicro())
		if errors.Is(rerr, db.ErrNotFound) {
			return playSession{}, nil, ErrSessionNotFound
		}
		if rerr != nil {
			return playSession{}, nil, rerr
		}
		var bal int64
		if withBalance {
			b, err := p.ledger.Balance(ctx, wallet(r.MemberID), r.Currency)
			if err != nil {
				return playSession{}, nil, err
			}
			bal = b
		}
		demo, derr := p.demo.sites.DemoMode(ctx, r.SiteID)
		if derr != nil {
			return playSession{}, nil, derr
		}
		out = playSession{DemoSession: DemoSession{ID: id, SiteID: r.SiteID, GameCode: r.GameCode, Currency: r.Currency,
			Exponent: r.Exponent, Balance: bal, SiteDemoMode: demo}, memberID: r.MemberID, startedAt: r.CreatedAt}
	default:
		return playSession{}, nil, err
	}
	g, ok := p.games.byCode[out.GameCode]
	if !ok {
		return playSession{}, nil, ErrUnknownGame
	}
	return out, g, nil
}

// Session describes the session's game: rules, RTP (shown before play),
// limits and balance.
func (p *Play) Session(ctx context.Context, id string) (SessionInfo, error) {
	s, g, err := p.session(ctx, id, true)
	if err != nil {
		return SessionInfo{}, err
	}
	rtp := g.rtp()
	var jp *JackpotInfo
	if g.jackpot != nil && s.memberID > 0 {
		rtp += g.jackpot.Share()
		jp = &JackpotInfo{SharePercent: g.jackpot.Share() * 100, Odds: g.jackpot.Odds}
	}
	return SessionInfo{GameCode: s.GameCode, Kind: g.kind, Version: g.version, Demo: s.memberID == 0, Currency: s.Currency,
		Exponent: s.Exponent, Balance: s.Balance, RTP: rtp, Jackpot: jp, Limits: g.limits(unitFor(s.Currency, s.Exponent)), Rules: g.info(),
		PlayDisabled: s.SiteDemoMode}, nil
}

// Round is one played round as the player sees it.
type Round struct {
	ID            int64           `json:"id"`
	GameCode      string          `json:"game_code"`
	GameVersion   string          `json:"game_version"`
	Currency      string          `json:"currency"`
	Stake         int64           `json:"stake"`
	Win           int64           `json:"win"`
	BalanceBefore int64           `json:"balance_before"`
	BalanceAfter  int64           `json:"balance_after"`
	Jackpot       int64           `json:"jackpot,omitempty"` // the pool this round won (in balance_after)
	Choices       json.RawMessage `json:"choices"`
	Outcome       json.RawMessage `json:"outcome"`
	CreatedAt     string          `json:"created_at"`
	// Fair is what the round was drawn from (absent for rounds played
	// before provably fair play).
	Fair *RoundFair `json:"fair,omitempty"`
}

// RoundFair is a round's seeds and nonce; ServerSeed is empty until the
// seed is rotated out.
type RoundFair struct {
	Commitment string `json:"commitment"`
	ClientSeed string `json:"client_seed"`
	Nonce      int64  `json:"nonce"`
	ServerSeed string `json:"server_seed,omitempty"`
}

func roundOf(r RoundRow) Round {
	out := Round{ID: r.ID, GameCode: r.GameCode, GameVersion: r.GameVersion, Currency: r.Currency, Stake: r.Stake, Win: r.Win,
		BalanceBefore: r.BalanceBefore, BalanceAfter: r.BalanceAfter, Jackpot: r.Jackpot, Choices: json.RawMessage(r.Choices),
		Outcome: json.RawMessage(r.Outcome), CreatedAt: time.UnixMicro(r.CreatedAt).UTC().Format(time.RFC3339)}
	if r.SeedID.Valid {
		out.Fair = &RoundFair{Commitment: r.Commitment, ClientSeed: r.ClientSeed, Nonce: r.Nonce.Int64}
	}
	return out
}

// Play decides one round on the server and settles it on the session. A
// retried call with the same request id returns the first round: the stored
// round is looked up before anything is drawn, so a retry costs no RNG work
// and has no side effect (and two racing first calls still settle once, in
// SettleDemoRound). New rounds are refused with ErrPlayDisabled while the
// site's demo_mode flag is on, even on a session opened before it went on.
func (p *Play) Play(ctx context.Context, id, requestID string, choices json.RawMessage) (Round, error) {
	return p.PlayOn(ctx, id, requestID, "", choices)
}

// Devices a play call may name (what the page's template was); the RTP
// monitor groups rounds by it.
var devices = []string{"", "desktop", "mobile"}

// stakeBand is a stake's band for the RTP monitor, in the session's bet
// units (about a US cent): low below 100, mid below 1000, high from 1000.
func stakeBand(stake, unit int64) string {
	switch u := stake / unit; {
	case u < 100:
		return "low"
	case u < 1000:
		return "mid"
	default:
		return "high"
	}
}

// PlayOn is Play from a page that says which device it runs on ("desktop",
// "mobile" or "" when unknown).
//
// A round is one transaction, with group commit one work of a batch: the
// retry check, the count of plays from the client's address, the nonce,
// the draw, the player's limits, the round's row and its postings. A round
// that waited for a batch per step paid a sync per step: three batches a
// round before, when the count and the nonce committed on their own.
// Refusals found before anything is drawn (the address's limit, the site's
// demo mode, bad choices) end the work without failing it, so its batch
// neighbours never run again for them.
func (p *Play) PlayOn(ctx context.Context, id, requestID, device string, choices json.RawMessage) (Round, error) {
	if requestID == "" || len(requestID) > 64 {
		return Round{}, api.Invalid("request_id", nil)
	}
	if !slices.Contains(devices, device) {
		return Round{}, api.Bad("device", "desktop, mobile or empty")
	}
	s, g, err := p.playing(ctx, id)
	if err != nil {
		return Round{}, err
	}
	hash := HashID(id)
	unit := unitFor(s.Currency, s.Exponent)
	lim := g.limits(unit)
	// Choices are checked before the round's transaction (the stake does
	// not depend on the draw), refused in it only if no round is stored.
	checked, bad := decide(g, lim, rng.NewSeq(0), choices)
	// A retry of a stored round is answered first, uncounted and undrawn.
	// Two first calls racing past this meet at the round's unique request
	// id: the one that loses answers the winner's round.
	counted := p.store.group == nil
	if counted {
		if prev, err := p.store.RoundByRequest(ctx, hash, requestID); err == nil {
			return roundOf(prev), nil
		} else if !errors.Is(err, db.ErrNotFound) {
			return Round{}, err
		}
		// Without group commit (PostgreSQL) the count commits on its own
		// before the round: inside it, its row lock would queue every round
		// from one address behind the one in flight.
		if err := p.count(ctx); err != nil {
			return Round{}, err
		}
	}
	var row RoundRow
	var refused error
	var fresh bool
	err = p.store.commit(ctx, func(ctx context.Context) error {
		refused, fresh = nil, false
		if !counted {
			// With group commit the retry check runs in the round's own
			// transaction, on the writer, whose page cache holds the index
			// the round is about to write: on a pool connection, whose
			// cache every commit of the writer drops, the same lookup read
			// its pages afresh (a tenth of the server's time a round). A
			// retry and its first call in one batch meet here too.
			prev, err := p.store.RoundByRequest(ctx, hash, requestID)
			if err == nil {
				row = prev
				return nil
			}
			if !errors.Is(err, db.ErrNotFound) {
				return err
			}
			if refused = p.count(ctx); refused != nil {
				return nil
			}
		}
		if s.SiteDemoMode {
			refused = ErrPlayDisabled
			return nil
		}
		// Bad choices, a session left or expired and a stake above the
		// balance are refused before a nonce is spent on them.
		if refused = bad; refused != nil {
			return nil
		}
		now := p.now()
		var balance int64
		var err error
		if balance, refused, err = p.store.playable(ctx, p.ledger, s, hash, checked.Stake, now.UTC().UnixMicro()); refused != nil || err != nil {
			return err
		}
		seed, nonce, err := p.store.claimNonce(ctx, s.owner(), now.UTC().UnixMicro())
		if err != nil {
			return err
		}
		d, err := decide(g, lim, p.rng.Source(seed.ServerSeed, seed.ClientSeed, nonce), choices)
		if err != nil {
			return err
		}
		round := RoundRow{SessionHash: hash, RequestID: requestID, GameCode: s.GameCode, GameVersion: g.version,
			Currency: s.Currency, Stake: d.Stake, Win: d.Win, Choices: string(d.Choices), Outcome: string(d.Outcome),
			CreatedAt: now.UnixMicro(), SeedID: sql.NullInt64{Int64: seed.ID, Valid: true},
			Nonce: sql.NullInt64{Int64: int64(nonce), Valid: true}, Commitment: seed.Commitment, ClientSeed: seed.ClientSeed,
			Device: device, StakeBand: stakeBand(d.Stake, unit), Par: d.Par, ParVar: d.ParVar}
		if s.memberID == 0 {
			row, err = p.store.settleDemo(ctx, round)
		} else {
			round.jackpot, round.hit = g.jackpot, d.JackpotHit
			round.BalanceBefore = balance
			row, err = p.store.settleReal(ctx, p.ledger, p.guard, round, s.SiteID, s.memberID, s.Exponent, s.startedAt)
		}
		fresh = err == nil
		return err
	})
	if errors.Is(err, db.ErrConflict) {
		// A concurrent call with the same request id committed first: its
		// round stands, this one rolled back.
		row, err = p.store.RoundByRequest(ctx, hash, requestID)
	}
	switch {
	case errors.Is(err, errShort) && s.memberID > 0:
		return Round{}, ErrInsufficientFunds
	case errors.Is(err, errShort):
		return Round{}, ErrInsufficient
	case errors.Is(err, db.ErrNotFound):
		return Round{}, ErrSessionNotFound
	case err != nil:
		return Round{}, fmt.Errorf("play: %w", err)
	case refused != nil:
		return Round{}, refused
	}
	if fresh && row.Jackpot > 0 && p.announce != nil {
		p.announce(row.Currency, map[string]any{"amount": row.Jackpot, "exponent": s.Exponent, "game_code": row.GameCode})
	}
	return roundOf(row), nil
}

// PlaysPerMinute is how many plays one client address may make a minute:
// each writes a round.
const PlaysPerMinute = 600

// count counts a play from the client's address (ctx's): ErrTooMany past
// PlaysPerMinute; nil without a Counter.
func (p *Play) count(ctx context.Context) error {
	if p.counter == nil {
		return nil
	}
	ok, err := p.counter.Allow(ctx, "play:ip:"+api.ClientIP(ctx).String(), PlaysPerMinute, time.Minute)
	if err != nil {
		return err
	}
	if !ok {
		return api.ErrTooMany
	}
	return nil
}

// History lists the session's newest rounds.
func (p *Play) History(ctx context.Context, id string, limit int) ([]Round, error) {
	if _, _, err := p.session(ctx, id, false); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > 100 {
		limit = 50
	}
	rows, err := p.store.Rounds(ctx, HashID(id), limit)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, r := range rows {
		if r.SeedID.Valid {
			ids = append(ids, r.SeedID.Int64)
		}
	}
	revealed, err := p.store.revealedSeeds(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Round, len(rows))
	for i, r := range rows {
		out[i] = roundOf(r)
		if out[i].Fair != nil {
			out[i].Fair.ServerSeed = revealed[r.SeedID.Int64]
		}
	}
	return out, nil
}
