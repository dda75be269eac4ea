package games

import (
	"context"
	"fmt"
)

// sportType is the sport game type (spec section 1).
const sportType = 4

// QuickBet is the /arks/web/game/sport-quickbet-url answer.
type QuickBet struct {
	Detail QuickBetDetail `json:"detail"`
}

// QuickBetDetail is the quick-bet page and its provider; both empty when no
// sportsbook can show one, and the client then hides the entry.
type QuickBetDetail struct {
	URL  string `json:"url"`
	GPID int64  `json:"gp_id"`
}

// SportQuickbet is /arks/web/game/sport-quickbet-url: the quick-bet page of
// the first connected sportsbook (in the providers' order) that offers one
// and is not in maintenance. No sportsbook is not an error: the answer is
// code 100 with an empty url.
func (s *Service) SportQuickbet(ctx context.Context, q Query, domain string) (QuickBet, error) {
	if _, err := s.check(ctx, q, "support_device", false); err != nil {
		return QuickBet{}, err
	}
	halls, err := s.store.ProviderTypes(ctx)
	if err != nil {
		return QuickBet{}, err
	}
	now := s.now()
	for _, h := range halls {
		if h.GameType != sportType || h.In(now) {
			continue
		}
		qb, ok := s.providers.QuickBet(h.Code)
		if !ok {
			continue
		}
		url, err := qb.QuickBetURL(ctx, q.Currency, q.Device, domain)
		if err != nil {
			return QuickBet{}, fmt.Errorf("quick bet %s: %w", h.Code, err)
		}
		return QuickBet{Detail: QuickBetDetail{URL: url, GPID: h.ProviderID}}, nil
	}
	return QuickBet{}, nil
}
