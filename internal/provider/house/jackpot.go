package house

import (
	"context"
	"fmt"

	"gamehall/internal/db"
	"gamehall/internal/ledger"
)

// Jackpot is a progressive jackpot: a share of every real-money bet feeds
// the currency's pool (the ledger's jackpot account), and a round wins the
// whole pool with probability 1/Odds, drawn independently of the stake.
// Over time the pool is paid back to players, so the game's published RTP
// is its base game's exact RTP plus the share.
type Jackpot struct {
	ShareBP int    // of each bet, in basis points
	Odds    uint64 // one round in Odds wins the pool
}

// SlotJackpot is Fortune Reels' jackpot: 0.5% of each real-money bet, won
// by one spin in five million.
var SlotJackpot = Jackpot{ShareBP: 50, Odds: 5_000_000}

// Share is the jackpot's part of the RTP.
func (j Jackpot) Share() float64 { return float64(j.ShareBP) / 10000 }

// Contribution is the part of stake that feeds the pool when a session
// has staked before already: the share of the running total less the share
// of what came before, so a session feeds exactly its share rounded down
// once, however small its stakes.
func (j Jackpot) Contribution(before, stake int64) int64 {
	return (before+stake)*int64(j.ShareBP)/10000 - before*int64(j.ShareBP)/10000
}

// feed adds a round's stake to its session's running total and answers the
// round's contribution (the session row's lock orders a session's rounds).
func (s *Store) feed(ctx context.Context, j *Jackpot, sessionHash string, stake int64) (int64, error) {
	var total int64
	if err := s.db.Add(ctx, s.feedSQL, stakedIn(sessionHash), stake, []any{sessionHash, stake}, &total); err != nil {
		return 0, fmt.Errorf("jackpot feed: %w", err)
	}
	return j.Contribution(total-stake, stake), nil
}

// stakedIn names a session's running stake among the counters db.Add
// remembers.
type stakedIn string

// JackpotInfo is what a game page shows of the jackpot.
type JackpotInfo struct {
	SharePercent float64 `json:"share_percent"`
	Odds         uint64  `json:"odds"`
}

func pool() ledger.Account { return ledger.Account{Kind: ledger.Jackpot} }

// payJackpot pays the currency's whole pool to the member's wallet, in the
// round's transaction. The currency's jackpot row is locked first, so two
// hits at once pay the pool once: the second finds what fed it since.
func (s *Store) payJackpot(ctx context.Context, l Ledger, currency string, memberID int64, ref string, now int64) (int64, error) {
	q := s.db.Q(ctx)
	if _, err := q.ExecContext(ctx, `INSERT INTO house_jackpots (currency) VALUES ($1) ON CONFLICT (currency) DO NOTHING`, currency); err != nil {
		return 0, fmt.Errorf("jackpot: %w", db.MapError(err))
	}
	if _, err := q.ExecContext(ctx, `UPDATE house_jackpots SET wins = wins + 1 WHERE currency = $1`, currency); err != nil {
		return 0, fmt.Errorf("jackpot: %w", db.MapError(err))
	}
	amount, err := l.Balance(ctx, pool(), currency)
	if err != nil || amount <= 0 {
		return 0, err
	}
	_, err = l.Post(ctx, ledger.Entry{Key: "jackpot-win:" + ref, Kind: ledger.JackpotWin, Currency: currency, Reference: ref,
		Postings: []ledger.Posting{{Account: pool(), Amount: -amount}, {Account: wallet(memberID), Amount: amount}}})
	if err != nil {
		return 0, err
	}
	if _, err := q.ExecContext(ctx, `UPDATE house_jackpots SET last_win_amount = $2, last_win_at = $3 WHERE currency = $1`,
		currency, amount, now); err != nil {
		return 0, fmt.Errorf("jackpot: %w", db.MapError(err))
	}
	return amount, nil
}
