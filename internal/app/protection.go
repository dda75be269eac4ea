package app

import (
	"context"

	"gamehall/internal/auth"
	"gamehall/internal/exclusion"
	"gamehall/internal/games"
	"gamehall/internal/limits"
)

// protection is the player protection the money paths ask at their point of
// decision: a time-out or self-exclusion refuses first, then the member's
// own limits.
type protection struct {
	limits    *limits.Service
	exclusion *exclusion.Service
}

// CheckBet is house.BetGuard.
func (p *protection) CheckBet(ctx context.Context, siteID, memberID int64, currency string, exp int, stake int64, sessionStart int64) error {
	if err := p.exclusion.Check(ctx, memberID, exclusion.Bet); err != nil {
		return err
	}
	return p.limits.CheckBet(ctx, siteID, memberID, currency, exp, stake, sessionStart)
}

// CheckDeposit is wallet.DepositGuard.
func (p *protection) CheckDeposit(ctx context.Context, memberID int64, currency string, exp int, amount int64,
	pending func(ctx context.Context, since int64) (int64, error)) error {
	if err := p.exclusion.Check(ctx, memberID, exclusion.Deposit); err != nil {
		return err
	}
	return p.limits.CheckDeposit(ctx, memberID, currency, exp, amount, pending)
}

// exclusionGames hands a new restriction the games' close and recall; the
// games are built after the restrictions they ask.
type exclusionGames struct{ svc *games.Service }

func (g *exclusionGames) CloseAndRecall(ctx context.Context, p auth.Principal) error {
	return g.svc.CloseAndRecall(ctx, p)
}
