package limits

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/money"
)

// The reality check: after every N minutes of real-money play (the
// member's choice, else the site's default) no new round starts and no
// game launches until the member has seen how long they played and where
// they stand, and acknowledged it.

// RealityChoices are the intervals a member may choose, in minutes.
var RealityChoices = []int{15, 30, 45, 60, 90, 120}

// IdleGap ends a spell of play: a member back after this long without a
// round starts a new spell (timer and net position from zero).
const IdleGap = 30 * time.Minute

// ErrRealityCheck refuses a round or a launch while a reality check waits
// for the member's acknowledgement; its data is the RealityCheck.
var ErrRealityCheck = api.NewError(650, "reality_check_due")

// RealityCheck is the member's reality check as they see it.
type RealityCheck struct {
	Minutes        int          `json:"minutes"`         // the interval in force (0: none)
	Chosen         *int         `json:"chosen"`          // the member's own choice; null: the site's default
	SiteDefault    int          `json:"site_default"`    // the site's default interval
	Choices        []int        `json:"choices"`         // what the member may choose
	Playing        int          `json:"playing"`         // 1: a spell of play is running
	StartedAt      string       `json:"started_at"`      // the spell's start
	ElapsedMinutes int64        `json:"elapsed_minutes"` // minutes played in the spell
	Net            money.Amount `json:"net"`             // wins minus bets in the spell
	DueAt          string       `json:"due_at"`          // when the next check falls due
	Due            int          `json:"due"`             // 1: rounds wait for the acknowledgement
}

// realityRow is one member's stored reality check.
type realityRow struct {
	Minutes                          sql.NullInt64
	StartedAt, CheckedAt, LastPlayAt int64
	SiteDefault                      int
	// exists is set when the member has a row.
	exists bool
}

// interval is the interval in force, in minutes (0: none).
func (r realityRow) interval() int {
	if r.Minutes.Valid {
		return int(r.Minutes.Int64)
	}
	return r.SiteDefault
}

// spell answers whether a spell of play runs at now.
func (r realityRow) spell(now time.Time) bool {
	return r.StartedAt > 0 && now.Sub(time.UnixMicro(r.LastPlayAt)) < IdleGap
}

func (r realityRow) dueAt() time.Time {
	return time.UnixMicro(r.CheckedAt).Add(time.Duration(r.interval()) * time.Minute)
}

// realityView builds what the member sees; net is counted only for a running
// spell.
func (s *Service) realityView(ctx context.Context, memberID int64, r realityRow, currency string, exp int, now time.Time) (RealityCheck, error) {
	v := RealityCheck{Minutes: r.interval(), SiteDefault: r.SiteDefault, Choices: RealityChoices, Net: money.Amount{Exp: exp}}
	if r.Minutes.Valid {
		n := int(r.Minutes.Int64)
		v.Chosen = &n
	}
	if !r.spell(now) {
		return v, nil
	}
	sums, err := s.usage.MemberSums(ctx, memberID, currency, r.StartedAt)
	if err != nil {
		return RealityCheck{}, err
	}
	v.Playing = 1
	v.StartedAt = api.FormatTime(r.StartedAt)
	v.ElapsedMinutes = int64(now.Sub(time.UnixMicro(r.StartedAt)) / time.Minute)
	v.Net = money.Amount{Minor: sums.Wins - sums.Bets, Exp: exp}
	if v.Minutes > 0 {
		v.DueAt = api.FormatTime(r.dueAt().UnixMicro())
		v.Due = api.Flag(!now.Before(r.dueAt()))
	}
	return v, nil
}

// CheckReality refuses a new round or launch of memberID while their
// reality check is due, and otherwise counts this moment as play (a spell
// starts when none runs). Call it inside the transaction that starts the
// play: the member's row stays locked until the commit. exp is the
// currency's exponent.
func (s *Service) CheckReality(ctx context.Context, siteID, memberID int64, currency string, exp int) error {
	now := s.now()
	def, err := s.cur.RealityCheckMinutes(ctx, siteID)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(ctx context.Context) error {
		r, err := s.store.touchReality(ctx, memberID, now.UnixMicro())
		if err != nil {
			return err
		}
		r.SiteDefault = def
		if r.interval() == 0 {
			return nil
		}
		if !r.spell(now) {
			return s.store.startSpell(ctx, memberID, now.UnixMicro())
		}
		if !now.Before(r.dueAt()) {
			v, err := s.realityView(ctx, memberID, r, currency, exp, now)
			if err != nil {
				return err
			}
			return ErrRealityCheck.WithData(v)
		}
		if now.Sub(time.UnixMicro(r.LastPlayAt)) < playedStep {
			return nil
		}
		return s.store.played(ctx, memberID, now.UnixMicro())
	})
}

// playedStep is how stale a spell's last play may be before a play writes
// it again: it only tells a spell from the next (IdleGap), and a member
// spinning several times a second would otherwise write it on every round.
const playedStep = time.Second

// Reality is the caller's reality check now.
func (s *Service) Reality(ctx context.Context, p auth.Principal) (RealityCheck, error) {
	exp, err := s.exponent(ctx, p)
	if err != nil {
		return RealityCheck{}, err
	}
	r, err := s.store.reality(ctx, p.MemberID)
	if err != nil {
		return RealityCheck{}, err
	}
	if r.SiteDefault, err = s.cur.RealityCheckMinutes(ctx, p.SiteID); err != nil {
		return RealityCheck{}, err
	}
	return s.realityView(ctx, p.MemberID, r, p.Currency, exp, s.now())
}

// RealityMinutes is memberID's interval in force, in minutes (0: none): a
// launch hands it to a provider whose game client keeps the check.
func (s *Service) RealityMinutes(ctx context.Context, siteID, memberID int64) (int, error) {
	r, err := s.store.reality(ctx, memberID)
	if err != nil {
		return 0, err
	}
	if r.SiteDefault, err = s.cur.RealityCheckMinutes(ctx, siteID); err != nil {
		return 0, err
	}
	return r.interval(), nil
}

// RealityInput is /member/limits/reality/set: minutes null follows the
// site's default.
type RealityInput struct {
	Minutes json.RawMessage `json:"minutes"`
}

// SetReality sets the caller's interval. It applies at once either way: a
// reminder withholds no money, so it has no cool-off.
func (s *Service) SetReality(ctx context.Context, p auth.Principal, in RealityInput) (RealityCheck, error) {
	var minutes sql.NullInt64
	if raw := string(in.Minutes); raw != "" && raw != "null" {
		var n int
		if err := json.Unmarshal(in.Minutes, &n); err != nil || !slices.Contains(RealityChoices, n) {
			return RealityCheck{}, api.Bad("minutes", "must be one of 15, 30, 45, 60, 90, 120 or null (the site's default)")
		}
		minutes = sql.NullInt64{Int64: int64(n), Valid: true}
	}
	if err := s.store.setRealityMinutes(ctx, p.MemberID, minutes, s.now().UnixMicro()); err != nil {
		return RealityCheck{}, err
	}
	return s.Reality(ctx, p)
}

// AckReality acknowledges the caller's reality check: the next interval
// runs from now. Without a running spell there is nothing to acknowledge
// and the answer is the check as it stands.
func (s *Service) AckReality(ctx context.Context, p auth.Principal) (RealityCheck, error) {
	if err := s.AckRealityOf(ctx, p.MemberID); err != nil {
		return RealityCheck{}, err
	}
	return s.Reality(ctx, p)
}

// AckRealityOf is AckReality for a member known by id (a game page).
func (s *Service) AckRealityOf(ctx context.Context, memberID int64) error {
	now := s.now()
	return s.db.Tx(ctx, func(ctx context.Context) error {
		r, err := s.store.reality(ctx, memberID)
		if err != nil || !r.spell(now) {
			return err
		}
		return s.store.acknowledge(ctx, memberID, now.UnixMicro())
	})
}

// --- SQL of reality_checks ---

// reality reads the member's row (the caller adds the site's default); a
// member without a row reads as one with no spell.
func (s *Store) reality(ctx context.Context, memberID int64) (realityRow, error) {
	var r realityRow
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT minutes, started_at, checked_at, last_play_at FROM reality_checks
		WHERE member_id = $1`, memberID).Scan(&r.Minutes, &r.StartedAt, &r.CheckedAt, &r.LastPlayAt)
	if errors.Is(db.MapError(err), db.ErrNotFound) {
		return realityRow{}, nil
	}
	if err != nil {
		return realityRow{}, fmt.Errorf("reality check: %w", db.MapError(err))
	}
	r.exists = true
	return r, nil
}

// touchReality makes sure the member has a row, locks it for the rest of
// the transaction and reads it.
func (s *Store) touchReality(ctx context.Context, memberID int64, now int64) (realityRow, error) {
	if s.db.SerialWrites() {
		// The transaction orders the member's plays already: the row is
		// only made when it is missing.
		r, err := s.reality(ctx, memberID)
		if err != nil || r.exists {
			return r, err
		}
	}
	if _, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO reality_checks (member_id, updated_at) VALUES ($1, $2)
		ON CONFLICT (member_id) DO UPDATE SET updated_at = excluded.updated_at`, memberID, now); err != nil {
		return realityRow{}, fmt.Errorf("touch reality check: %w", db.MapError(err))
	}
	return s.reality(ctx, memberID)
}

func (s *Store) startSpell(ctx context.Context, memberID int64, now int64) error {
	return s.execReality(ctx, `UPDATE reality_checks SET started_at = $2, checked_at = $2, last_play_at = $2, updated_at = $2
		WHERE member_id = $1`, memberID, now)
}

func (s *Store) played(ctx context.Context, memberID int64, now int64) error {
	return s.execReality(ctx, `UPDATE reality_checks SET last_play_at = $2, updated_at = $2 WHERE member_id = $1`, memberID, now)
}

func (s *Store) acknowledge(ctx context.Context, memberID int64, now int64) error {
	return s.execReality(ctx, `UPDATE reality_checks SET checked_at = $2, last_play_at = $2, updated_at = $2 WHERE member_id = $1`,
		memberID, now)
}

func (s *Store) setRealityMinutes(ctx context.Context, memberID int64, minutes sql.NullInt64, now int64) error {
	return s.execReality(ctx, `INSERT INTO reality_checks (member_id, minutes, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (member_id) DO UPDATE SET minutes = excluded.minutes, updated_at = excluded.updated_at`, memberID, minutes, now)
}

func (s *Store) execReality(ctx context.Context, query string, args ...any) error {
	if _, err := s.db.Q(ctx).ExecContext(ctx, query, args...); err != nil {
		return fmt.Errorf("reality check: %w", db.MapError(err))
	}
	return nil
}
