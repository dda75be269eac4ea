package promo

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/money"
)

// ErrSignInClosed is a sign-in the operator has not opened for the
// member's currency.
var ErrSignInClosed = api.NewError(101, "signin_not_open")

// The sign-in task events of spec section 3 the server decides; the client
// adds the click_* ones.
const (
	EventNotOpen = "is_signin_noopen"  // not open in this currency
	EventCanSign = "is_signin_true"    // open, not signed today
	EventSigned  = "is_signin_pass"    // already signed today
	EventSuccess = "is_signin_success" // signed now
)

// maxAwardDays bounds the award table.
const maxAwardDays = 31

// SignInState is the sign data component's state.
type SignInState struct {
	Open        int            `json:"open"`
	SignedToday int            `json:"signed_today"`
	Streak      int            `json:"streak"`
	Today       string         `json:"today"`
	TodayAward  money.Amount   `json:"today_award"`
	Awards      []money.Amount `json:"awards"`
	Event       string         `json:"event"`
}

// day is the sign-in day of t in the site's zone.
func (s *Service) day(t time.Time) string { return t.In(s.Zone).Format(time.DateOnly) }

// SignInDetail is the member's sign-in state today.
func (s *Service) SignInDetail(ctx context.Context, m Member) (SignInState, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return SignInState{}, err
	}
	set, err := s.store.signinSettings(ctx, m.SiteID, m.Currency)
	if err != nil {
		return SignInState{}, err
	}
	now := s.Now()
	today := s.day(now)
	st := SignInState{Today: today, Awards: amounts(set.Awards, exp), Event: EventNotOpen}
	if !set.Enabled {
		st.Awards = []money.Amount{}
		return st, nil
	}
	st.Open = 1
	last, ok, err := s.store.lastSignin(ctx, m.ID)
	if err != nil {
		return SignInState{}, err
	}
	switch {
	case ok && last.Day == today:
		st.SignedToday, st.Streak, st.Event = 1, last.Streak, EventSigned
		st.TodayAward = money.Amount{Minor: last.Amount, Exp: exp}
	case ok && last.Day == s.day(now.AddDate(0, 0, -1)):
		st.Streak, st.Event = last.Streak, EventCanSign
		st.TodayAward = money.Amount{Minor: awardFor(set.Awards, last.Streak+1), Exp: exp}
	default:
		st.Event = EventCanSign
		st.TodayAward = money.Amount{Minor: awardFor(set.Awards, 1), Exp: exp}
	}
	return st, nil
}

// SignIn signs the member in for today: the streak goes on from yesterday
// or starts again, the day's award is paid through the ledger keyed by
// member and day. Signing again the same day answers that day's sign-in.
func (s *Service) SignIn(ctx context.Context, m Member) (SignInState, error) {
	exp, err := s.exponent(ctx, m.SiteID, m.Currency)
	if err != nil {
		return SignInState{}, err
	}
	var st SignInState
	err = s.DB.Tx(ctx, func(ctx context.Context) error {
		if s.Guard != nil {
			if err := s.Guard.CheckSignIn(ctx, m.ID); err != nil {
				return err
			}
		}
		set, err := s.store.signinSettings(ctx, m.SiteID, m.Currency)
		if err != nil {
			return err
		}
		if !set.Enabled {
			return ErrSignInClosed.WithData(map[string]string{"event": EventNotOpen})
		}
		now := s.Now()
		today := s.day(now)
		st = SignInState{Open: 1, SignedToday: 1, Today: today, Awards: amounts(set.Awards, exp), Event: EventSuccess}
		last, ok, err := s.store.lastSignin(ctx, m.ID)
		if err != nil {
			return err
		}
		if ok && last.Day == today {
			st.Streak, st.Event, st.TodayAward = last.Streak, EventSigned, money.Amount{Minor: last.Amount, Exp: exp}
			return nil
		}
		st.Streak = 1
		if ok && last.Day == s.day(now.AddDate(0, 0, -1)) {
			st.Streak = last.Streak + 1
		}
		amount := awardFor(set.Awards, st.Streak)
		st.TodayAward = money.Amount{Minor: amount, Exp: exp}
		inserted, err := s.store.insertSignin(ctx, m, today, st.Streak, amount, now.UTC().UnixMicro())
		if err != nil {
			return err
		}
		if !inserted {
			// A sign-in of the same day committed first: answer it.
			last, _, err := s.store.lastSignin(ctx, m.ID)
			st.Streak, st.Event, st.TodayAward = last.Streak, EventSigned, money.Amount{Minor: last.Amount, Exp: exp}
			return err
		}
		if amount > 0 {
			_, err = s.award(ctx, m, "signin:"+strconv.FormatInt(m.ID, 10)+":"+today, amount)
		}
		return err
	})
	return st, err
}

// awardFor is the award of streak day n (the last entry repeats).
func awardFor(awards []int64, n int) int64 {
	if len(awards) == 0 {
		return 0
	}
	return awards[min(n, len(awards))-1]
}

func amounts(minor []int64, exp int) []money.Amount {
	out := make([]money.Amount, len(minor))
	for i, a := range minor {
		out[i] = money.Amount{Minor: a, Exp: exp}
	}
	return out
}

// SignInSettings is the operator's sign-in of a currency.
type SignInSettings struct {
	Currency string            `json:"currency"`
	Enabled  bool              `json:"enabled"`
	Awards   []json.RawMessage `json:"awards"`
}

// SignInSettingsView is what the operator reads back.
type SignInSettingsView struct {
	Currency string         `json:"currency"`
	Enabled  bool           `json:"enabled"`
	Awards   []money.Amount `json:"awards"`
}

// SaveSignIn sets a currency's sign-in.
func (s *Service) SaveSignIn(ctx context.Context, siteID int64, in SignInSettings) (SignInSettingsView, error) {
	exp, err := s.exponent(ctx, siteID, in.Currency)
	if err != nil {
		return SignInSettingsView{}, err
	}
	if len(in.Awards) > maxAwardDays || (in.Enabled && len(in.Awards) == 0) {
		return SignInSettingsView{}, api.Bad("awards", "must list 1 to 31 daily amounts when enabled")
	}
	awards := make([]int64, len(in.Awards))
	for i, raw := range in.Awards {
		if awards[i], err = amountOf("awards", raw, exp, true); err != nil {
			return SignInSettingsView{}, err
		}
	}
	if err := s.store.saveSigninSettings(ctx, siteID, in.Currency, in.Enabled, awards); err != nil {
		return SignInSettingsView{}, err
	}
	return SignInSettingsView{Currency: in.Currency, Enabled: in.Enabled, Awards: amounts(awards, exp)}, nil
}

// SignInSettingsOf lists the site's sign-in per currency.
func (s *Service) SignInSettingsOf(ctx context.Context, siteID int64) ([]SignInSettingsView, error) {
	rows, err := s.store.allSigninSettings(ctx, siteID)
	if err != nil {
		return nil, err
	}
	out := make([]SignInSettingsView, len(rows))
	for i, r := range rows {
		exp, _, err := s.Sites.CurrencyExponent(ctx, siteID, r.Currency)
		if err != nil {
			return nil, err
		}
		out[i] = SignInSettingsView{Currency: r.Currency, Enabled: r.Enabled, Awards: amounts(r.Awards, exp)}
	}
	return out, nil
}
