package promo

import (
	"context"
	"log/slog"
	"time"
)

// The red envelope scheduler: an envelope saved with a start still ahead is
// shown to the online members of its currency (the red_envelope event on
// member.{currency}) when it starts. The next start is always read from the
// database, so a restart (or another node's save, within pollInterval)
// finds it again; each start is claimed in the database before its event is
// published, so no start is announced twice, whichever node gets there.

// pollInterval bounds how long the scheduler sleeps without a save on this
// node: other nodes' saves and clock changes are seen within it.
const pollInterval = time.Minute

// dueBatch is how many unannounced envelopes one pass reads.
const dueBatch = 100

// announce publishes e's display event.
func (s *Service) announce(id int64, e envelopeRow) {
	s.Pub.Publish("member."+e.Currency, "red_envelope", map[string]any{"id": id, "end_at": s.wall(e.EndAt)})
}

// poke wakes the scheduler (without blocking) after a save.
func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// AnnounceDue publishes the display event of every envelope that has
// started, has not ended and whose start was not announced, and answers the
// next start still ahead (zero: none known).
func (s *Service) AnnounceDue(ctx context.Context) (time.Time, error) {
	for {
		now := s.Now().UTC().UnixMicro()
		rows, err := s.store.unannounced(ctx, now, dueBatch)
		if err != nil {
			return time.Time{}, err
		}
		for _, e := range rows {
			if e.StartAt > now {
				return time.UnixMicro(e.StartAt).UTC(), nil
			}
			ok, err := s.store.markAnnounced(ctx, e.ID, e.StartAt)
			if err != nil {
				return time.Time{}, err
			}
			if ok {
				s.announce(e.ID, e)
			}
		}
		if len(rows) < dueBatch {
			return time.Time{}, nil
		}
	}
}

// RunScheduler announces envelopes at their start until ctx ends: it sleeps
// until the next start, a save on this node, or pollInterval.
func (s *Service) RunScheduler(ctx context.Context) {
	for {
		wait := pollInterval
		next, err := s.AnnounceDue(ctx)
		if err != nil && ctx.Err() == nil {
			s.log().Warn("red envelope scheduler", "err", err)
		}
		if !next.IsZero() {
			wait = min(wait, max(next.Sub(s.Now()), 0))
		}
		select {
		case <-ctx.Done():
			return
		case <-s.after(wait):
		case <-s.wake:
		}
	}
}

func (s *Service) after(d time.Duration) <-chan time.Time {
	if s.After != nil {
		return s.After(d)
	}
	return time.After(d)
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}
