// Package exclusion holds a member's time-outs and self-exclusions. From the
// moment one is taken it refuses real-money play, deposits and awards, and
// keeps marketing letters away, for every account of the same person across
// every site of the database (same phone, e-mail or identity id). There is
// no early lift: after the end the member asks to return, and the
// restriction holds for a 24-hour cooling-off after the ask.
package exclusion

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
)

// Kind is what the member took.
type Kind string

const (
	TimeOut   Kind = "timeout"   // 24 hours to 6 weeks
	Exclusion Kind = "exclusion" // 6 months, 1, 2 or 5 years, or indefinite
)

// Time-out bounds, in days, and the choices the page offers.
const (
	MinTimeOutDays = 1
	MaxTimeOutDays = 42
)

// TimeOutChoices are the offered time-outs in days: 24h, 72h, 1, 2 and 6 weeks.
var TimeOutChoices = []int{1, 3, 7, 14, 42}

// Periods are the self-exclusion periods in months; 0 is indefinite.
var Periods = map[string]int{"6m": 6, "1y": 12, "2y": 24, "5y": 60, "indefinite": 0}

// PeriodChoices are Periods in the page's order.
var PeriodChoices = []string{"6m", "1y", "2y", "5y", "indefinite"}

// CoolingOff is how long after asking to return the restriction still holds.
const CoolingOff = 24 * time.Hour

// Stage is where a restriction is.
type Stage string

const (
	Active  Stage = "active"  // before its end
	Ended   Stage = "ended"   // past its end, the member has not asked to return
	Cooling Stage = "cooling" // asked to return; holds until return_at
)

// Action is what a refusal stops; its value is the refusal's code. The
// message key says which restriction holds, the detail until when.
type Action int

const (
	Play     Action = 621 // opening a real-money game
	Deposit  Action = 622 // a deposit order
	Envelope Action = 623 // claiming a red envelope
	SignIn   Action = 624 // the sign-in award
	Bet      Action = 625 // a real-money round in a game left open
	Bonus    Action = 628 // claiming a promotion bonus, or its award at a deposit
)

// Asking to return too early, or with nothing to return from.
var (
	ErrNotEnded = api.NewError(626, "exclusion_not_ended")
	ErrNoReturn = api.NewError(627, "exclusion_nothing_to_return")
)

// wall is how a refusal's message writes a time.
func wall(micros int64) string { return time.UnixMicro(micros).UTC().Format("2006-01-02 15:04 UTC") }

// Games closes a member's open game and brings every provider wallet back
// to the main wallet (games.Service through the app).
type Games interface {
	CloseAndRecall(ctx context.Context, p auth.Principal) error
}

// Service is the members' restrictions.
type Service struct {
	db    *db.DB
	store *Store
	games Games
	// people reads who a member is (member.Service).
	people People
	now    func() time.Time
	log    *slog.Logger
}

// People tells what identifies a member as a person, and which accounts
// the person holds (member.Service).
type People interface {
	Person(ctx context.Context, memberID int64) (phone, email, identityID string, err error)
	Accounts(ctx context.Context, memberID int64) ([]auth.Principal, error)
}

// NewService returns the service; games may be nil (nothing to close).
func NewService(d *db.DB, people People, games Games, now func() time.Time, log *slog.Logger) *Service {
	return &Service{db: d, store: NewStore(d), people: people, games: games, now: now, log: log}
}

// State is a restriction as the member sees it.
type State struct {
	Kind          Kind   `json:"kind"`
	Stage         Stage  `json:"stage"`
	StartedAt     string `json:"started_at"`
	EndsAt        string `json:"ends_at"` // "": indefinite
	ReturnAskedAt string `json:"return_asked_at"`
	ReturnAt      string `json:"return_at"` // when play opens again, once asked
	Indefinite    int    `json:"indefinite"`
}

func (r row) stage(now int64) Stage {
	switch {
	case r.ReturnAskedAt.Valid:
		return Cooling
	case !r.EndsAt.Valid || now < r.EndsAt.Int64:
		return Active
	}
	return Ended
}

func (r row) state(now int64) State {
	st := State{Kind: r.Kind, Stage: r.stage(now), StartedAt: api.FormatTime(r.StartedAt), Indefinite: api.Flag(!r.EndsAt.Valid)}
	if r.EndsAt.Valid {
		st.EndsAt = api.FormatTime(r.EndsAt.Int64)
	}
	if r.ReturnAskedAt.Valid {
		st.ReturnAskedAt = api.FormatTime(r.ReturnAskedAt.Int64)
		st.ReturnAt = api.FormatTime(r.ClearedAt.Int64)
	}
	return st
}

// rank orders the restrictions holding at once: the one the member hears
// of is the furthest from its end.
func (r row) rank(now int64) [2]int64 {
	switch r.stage(now) {
	case Active:
		if !r.EndsAt.Valid {
			return [2]int64{3, 1 << 62}
		}
		return [2]int64{3, r.EndsAt.Int64}
	case Ended:
		return [2]int64{2, 0}
	}
	return [2]int64{1, r.ClearedAt.Int64}
}

func strongest(rows []row, now int64) (row, bool) {
	var best row
	for i, r := range rows {
		a, b := r.rank(now), best.rank(now)
		if i == 0 || a[0] > b[0] || (a[0] == b[0] && a[1] > b[1]) {
			best = r
		}
	}
	return best, len(rows) > 0
}

// personKeys are the keys of a member: the account itself and the person's
// phone, e-mail and identity id, normalised as registration compares them.
func personKeys(memberID int64, p person) []string {
	keys := []string{"member:" + strconv.FormatInt(memberID, 10)}
	if v := strings.TrimSpace(p.Phone); v != "" {
		keys = append(keys, "phone:"+v)
	}
	if v := strings.ToLower(strings.TrimSpace(p.Email)); v != "" {
		keys = append(keys, "email:"+v)
	}
	if v := strings.TrimSpace(p.IdentityID); v != "" {
		keys = append(keys, "identity:"+v)
	}
	return keys
}

// keysOf are the member's person keys as the members table holds them now.
func (s *Service) keysOf(ctx context.Context, memberID int64) ([]string, error) {
	var who person
	var err error
	who.Phone, who.Email, who.IdentityID, err = s.people.Person(ctx, memberID)
	if err != nil {
		return nil, fmt.Errorf("exclusion: member %d: %w", memberID, err)
	}
	return personKeys(memberID, who), nil
}

// holding is the restrictions binding the member now (any account of the
// person); inside a transaction it first locks the member's guard row.
func (s *Service) holding(ctx context.Context, memberID int64, now int64) ([]row, error) {
	if s.db.InTx(ctx) && !s.db.SerialWrites() {
		if err := s.store.guard(ctx, memberID, now); err != nil {
			return nil, err
		}
	}
	// Every real-money round asks, on SQLite on the only writer: there its
	// answer is remembered until a restriction, a member's person keys or
	// anything else is written elsewhere (db.Recall), and filtered by now.
	all, err := db.Recall(ctx, s.db, personRestrictions(memberID), func(ctx context.Context) ([]row, error) {
		keys, err := s.keysOf(ctx, memberID)
		if err != nil {
			return nil, err
		}
		return s.store.all(ctx, keys)
	})
	if err != nil {
		return nil, err
	}
	out := make([]row, 0, len(all))
	for _, r := range all {
		if !r.ClearedAt.Valid || r.ClearedAt.Int64 > now {
			out = append(out, r)
		}
	}
	return out, nil
}

// personRestrictions keys a member's restrictions in db.Recall.
type personRestrictions int64

// Check refuses action while a restriction binds the member: the code is
// the action's, the message says a time-out or an exclusion and until when.
// Called inside the transaction that would move the money, it locks the
// member's guard row first, so a restriction taken meanwhile is seen.
func (s *Service) Check(ctx context.Context, memberID int64, action Action) error {
	now := s.now().UTC().UnixMicro()
	rows, err := s.holding(ctx, memberID, now)
	if err != nil {
		return err
	}
	r, ok := strongest(rows, now)
	if !ok {
		return nil
	}
	st := r.state(now)
	code := int(action)
	var e *api.Error
	switch {
	case st.Stage == Ended:
		e = api.NewError(code, "exclusion_until_return")
	case st.Stage == Cooling:
		e = api.NewError(code, "exclusion_cooling_until").With(wall(r.ClearedAt.Int64))
	case st.Indefinite == 1:
		e = api.NewError(code, "exclusion_self_indefinite")
	case r.Kind == TimeOut:
		e = api.NewError(code, "exclusion_timeout_until").With(wall(r.EndsAt.Int64))
	default:
		e = api.NewError(code, "exclusion_self_until").With(wall(r.EndsAt.Int64))
	}
	return e.WithData(st)
}

// CheckLaunch refuses opening a real-money game (games.LaunchGuard).
func (s *Service) CheckLaunch(ctx context.Context, memberID int64) error {
	return s.Check(ctx, memberID, Play)
}

// CheckEnvelope refuses claiming a red envelope (promo.AwardGuard).
func (s *Service) CheckEnvelope(ctx context.Context, memberID int64) error {
	return s.Check(ctx, memberID, Envelope)
}

// CheckSignIn refuses the sign-in award (promo.AwardGuard).
func (s *Service) CheckSignIn(ctx context.Context, memberID int64) error {
	return s.Check(ctx, memberID, SignIn)
}

// QuietSpans are the spans [from, to) in which marketing letters do not
// reach the member (inbox.Quiet): each restriction of the person from its
// start until it cleared (to 0: still holding).
func (s *Service) QuietSpans(ctx context.Context, memberID int64) ([][2]int64, error) {
	keys, err := s.keysOf(ctx, memberID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.all(ctx, keys)
	if err != nil {
		return nil, err
	}
	out := make([][2]int64, 0, len(rows))
	for _, r := range rows {
		out = append(out, [2]int64{r.StartedAt, r.ClearedAt.Int64})
	}
	return out, nil
}

// Options are the choices the page offers.
type Options struct {
	TimeOutDays []int    `json:"timeout_days"`
	MinDays     int      `json:"min_days"`
	MaxDays     int      `json:"max_days"`
	Periods     []string `json:"exclusion_periods"`
}

// Status is the member's current restriction (nil: none) and the choices.
type Status struct {
	State   *State  `json:"state"`
	Options Options `json:"options"`
}

// Status answers the restriction binding the member now, if any.
func (s *Service) Status(ctx context.Context, memberID int64) (Status, error) {
	now := s.now().UTC().UnixMicro()
	out := Status{Options: Options{TimeOutDays: TimeOutChoices, MinDays: MinTimeOutDays, MaxDays: MaxTimeOutDays, Periods: PeriodChoices}}
	rows, err := s.holding(ctx, memberID, now)
	if err != nil {
		return Status{}, err
	}
	if r, ok := strongest(rows, now); ok {
		st := r.state(now)
		out.State = &st
	}
	return out, nil
}

// TakeInput is a restriction to take: a time-out of days, or a
// self-exclusion for period (6m, 1y, 2y, 5y or indefinite).
type TakeInput struct {
	Kind   Kind   `json:"kind"`
	Days   *int   `json:"days"`
	Period string `json:"period"`
}

// Preview is what a restriction taken now would be.
type Preview struct {
	Kind       Kind   `json:"kind"`
	EndsAt     string `json:"ends_at"` // "": indefinite
	Indefinite int    `json:"indefinite"`
}

// end checks in and answers the restriction's end (ok false: indefinite).
func (in TakeInput) end(now time.Time) (time.Time, bool, error) {
	switch in.Kind {
	case TimeOut:
		if in.Days == nil {
			return time.Time{}, false, api.Bad("days", "is required for a time-out")
		}
		if *in.Days < MinTimeOutDays || *in.Days > MaxTimeOutDays {
			return time.Time{}, false, api.Bad("days", "must be 1 to 42 (24 hours to 6 weeks)")
		}
		if in.Period != "" {
			return time.Time{}, false, api.Bad("period", "is only for a self-exclusion")
		}
		return now.Add(time.Duration(*in.Days) * 24 * time.Hour), true, nil
	case Exclusion:
		months, ok := Periods[in.Period]
		if !ok {
			return time.Time{}, false, api.Bad("period", "must be 6m, 1y, 2y, 5y or indefinite")
		}
		if in.Days != nil {
			return time.Time{}, false, api.Bad("days", "is only for a time-out")
		}
		if months == 0 {
			return time.Time{}, false, nil
		}
		return now.AddDate(0, months, 0), true, nil
	}
	return time.Time{}, false, api.Bad("kind", "must be timeout or exclusion")
}

// Preview checks in and answers its end, writing nothing: the page's
// confirmation names it.
func (s *Service) Preview(in TakeInput) (Preview, error) {
	end, ok, err := in.end(s.now().UTC())
	if err != nil {
		return Preview{}, err
	}
	out := Preview{Kind: in.Kind, Indefinite: api.Flag(!ok)}
	if ok {
		out.EndsAt = api.FormatTime(end.UnixMicro())
	}
	return out, nil
}

// Take starts a restriction for the caller from now, binding every key of
// the person, then closes their open game and recalls its money. Nothing
// lifts it early; a member already restricted may take another (the
// longest holds).
func (s *Service) Take(ctx context.Context, p auth.Principal, in TakeInput) (State, error) {
	now := s.now().UTC()
	end, bounded, err := in.end(now)
	if err != nil {
		return State{}, err
	}
	r := row{SiteID: p.SiteID, MemberID: p.MemberID, Kind: in.Kind, StartedAt: now.UnixMicro()}
	if bounded {
		r.EndsAt.Int64, r.EndsAt.Valid = end.UnixMicro(), true
	}
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.guard(ctx, p.MemberID, r.StartedAt); err != nil {
			return err
		}
		keys, err := s.keysOf(ctx, p.MemberID)
		if err != nil {
			return err
		}
		if r.ID, err = s.store.insert(ctx, r); err != nil {
			return err
		}
		return s.store.bind(ctx, r.ID, keys)
	})
	if err != nil {
		return State{}, err
	}
	if s.games != nil {
		// The restriction is committed: a launch after this point is refused,
		// one before it is closed here, on every account of the person.
		s.closeGames(context.WithoutCancel(ctx), p)
	}
	return r.state(r.StartedAt), nil
}

// closeGames closes the open game of each of the person's accounts and
// recalls its money. A failure is logged, not returned: the restriction
// holds whatever happens here, and a game left open gets no new round.
func (s *Service) closeGames(ctx context.Context, p auth.Principal) {
	accounts, err := s.people.Accounts(ctx, p.MemberID)
	if err != nil {
		s.log.WarnContext(ctx, "exclusion: the person's accounts", "member_id", p.MemberID, "err", err)
		accounts = []auth.Principal{p}
	}
	for _, a := range accounts {
		if a.MemberID == p.MemberID {
			a = p
		}
		if err := s.games.CloseAndRecall(ctx, a); err != nil {
			s.log.WarnContext(ctx, "exclusion: closing the open game", "member_id", a.MemberID, "err", err)
		}
	}
}

// AskReturn is the member asking to return after the end of every
// restriction binding them: play opens CoolingOff later. Before an end it
// refuses (626); with nothing ended to return from, 627.
func (s *Service) AskReturn(ctx context.Context, memberID int64) (State, error) {
	now := s.now().UTC().UnixMicro()
	var out State
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.guard(ctx, memberID, now); err != nil {
			return err
		}
		keys, err := s.keysOf(ctx, memberID)
		if err != nil {
			return err
		}
		rows, err := s.store.holding(ctx, keys, now)
		if err != nil {
			return err
		}
		var ended []int64
		for _, r := range rows {
			switch r.stage(now) {
			case Active:
				st := r.state(now)
				if st.Indefinite == 1 {
					return ErrNotEnded.With("exclusion_self_indefinite").WithData(st)
				}
				return ErrNotEnded.With(wall(r.EndsAt.Int64)).WithData(st)
			case Ended:
				ended = append(ended, r.ID)
			}
		}
		if len(ended) == 0 {
			return ErrNoReturn
		}
		cleared := now + CoolingOff.Microseconds()
		if err := s.store.askReturn(ctx, ended, now, cleared); err != nil {
			return err
		}
		rows, err = s.store.holding(ctx, keys, now)
		if err != nil {
			return err
		}
		r, _ := strongest(rows, now)
		out = r.state(now)
		return nil
	})
	return out, err
}
