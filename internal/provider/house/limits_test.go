package house_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/engine/rng"
	"gamehall/internal/limits"
	"gamehall/internal/provider/house"
	"gamehall/internal/seed"
	"gamehall/internal/site"
)

// guarded is a real-money table whose member keeps limits.
func guarded(t *testing.T, d *db.DB) (*realTable, *limits.Service, auth.Principal) {
	t.Helper()
	seq := rng.NewSeq(11)
	var mu sync.Mutex
	rt := newRealTable(t, d, func() rng.Source {
		mu.Lock()
		defer mu.Unlock()
		return rng.NewSeq(seq.Uint64())
	}, 100000)
	svc := limits.NewService(d, rt.ledger, site.NewService(site.NewStore(d), false, 0, nil, time.Now), rt.clk.Now)
	rt.play.WithGuard(svc).WithReality(svc)
	return rt, svc, auth.Principal{MemberID: rt.member, SiteID: seed.DemoSiteID, Currency: "USD"}
}

func setLimit(t *testing.T, svc *limits.Service, p auth.Principal, kind limits.Kind, period limits.Period, amount string) {
	t.Helper()
	if _, err := svc.Set(context.Background(), p, limits.SetInput{Kind: kind, Period: period, Amount: json.RawMessage(amount)}); err != nil {
		t.Fatalf("set %s %s %s: %v", kind, period, amount, err)
	}
}

// spinAll plays n spins at once and answers the stakes accepted and the
// codes of the refusals.
func spinAll(t *testing.T, rt *realTable, n int, prefix string) (accepted []int64, refused map[int]int) {
	t.Helper()
	var mu sync.Mutex
	var wg sync.WaitGroup
	refused = map[int]int{}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := rt.play.Play(context.Background(), rt.session, fmt.Sprintf("%s%d", prefix, i), json.RawMessage(`{"line_bet":10}`))
			mu.Lock()
			defer mu.Unlock()
			var e *api.Error
			switch {
			case err == nil:
				accepted = append(accepted, r.Stake-r.Win)
			case errors.As(err, &e):
				refused[e.Code]++
			default:
				t.Errorf("spin: %v", err)
			}
		}()
	}
	wg.Wait()
	return accepted, refused
}

// firstStake plays one round without limits and answers its stake and its
// net loss.
func firstStake(t *testing.T, rt *realTable) (stake, net int64) {
	t.Helper()
	r, err := rt.play.Play(context.Background(), rt.session, "first", json.RawMessage(`{"line_bet":10}`))
	if err != nil {
		t.Fatal(err)
	}
	return r.Stake, r.Stake - r.Win
}

func major(minor int64) string { return fmt.Sprintf("%d.%02d", minor/100, minor%100) }

// TestWagerLimitHoldsUnderConcurrentBets: 50 spins at once against a wager
// limit with room for ten more stakes take exactly ten.
func TestWagerLimitHoldsUnderConcurrentBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rt, svc, p := guarded(t, d)
		stake, _ := firstStake(t, rt)
		setLimit(t, svc, p, limits.Wager, limits.Day, major(11*stake))
		accepted, refused := spinAll(t, rt, 50, "w")
		if len(accepted) != 10 || refused[603] != 40 {
			t.Fatalf("wager limit of 11 stakes after one: %d accepted, refusals %v", len(accepted), refused)
		}
		auditClean(t, rt.ledger)
	})
}

// TestLossLimitHoldsUnderConcurrentBets: 50 spins at once against a loss
// limit of five stakes: the member's loss in the window never passes it.
func TestLossLimitHoldsUnderConcurrentBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rt, svc, p := guarded(t, d)
		stake, loss := firstStake(t, rt)
		setLimit(t, svc, p, limits.Loss, limits.Day, major(5*stake))
		accepted, refused := spinAll(t, rt, 50, "l")
		for _, net := range accepted {
			loss += net
		}
		if max(0, loss) > 5*stake || len(accepted) < 4 || refused[602] != 50-len(accepted) {
			t.Fatalf("loss limit of 5 stakes: net loss %d (limit %d), %d accepted, refusals %v", loss, 5*stake, len(accepted), refused)
		}
		auditClean(t, rt.ledger)
	})
}

// TestSessionTimeLimit: past the member's session-time limit a session
// gets no new round.
func TestSessionTimeLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rt, svc, p := guarded(t, d)
		ctx := context.Background()
		setLimit(t, svc, p, limits.Session, limits.PerPlay, "30")
		if _, err := rt.play.Play(ctx, rt.session, "early", json.RawMessage(`{"line_bet":10}`)); err != nil {
			t.Fatalf("a round within the limit: %v", err)
		}
		rt.clk.Add(31 * time.Minute)
		_, err := rt.play.Play(ctx, rt.session, "late", json.RawMessage(`{"line_bet":10}`))
		if !errors.Is(err, limits.ErrSessionLimit) {
			t.Fatalf("a round past 30 minutes: %v, want the session limit", err)
		}
	})
}

// TestRealityCheckPausesRounds: after the member's interval of play the
// next round is refused with the reality check (elapsed time and net
// position) until the member acknowledges it; the next interval then runs
// from the acknowledgement.
func TestRealityCheckPausesRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rt, svc, p := guarded(t, d)
		ctx := context.Background()
		if _, err := svc.SetReality(ctx, p, limits.RealityInput{Minutes: json.RawMessage(`15`)}); err != nil {
			t.Fatal(err)
		}
		first, err := rt.play.Play(ctx, rt.session, "r1", json.RawMessage(`{"line_bet":10}`))
		if err != nil {
			t.Fatalf("first round: %v", err)
		}
		rt.clk.Add(14 * time.Minute)
		second, err := rt.play.Play(ctx, rt.session, "r2", json.RawMessage(`{"line_bet":10}`))
		if err != nil {
			t.Fatalf("a round within 15 minutes: %v", err)
		}
		rt.clk.Add(time.Minute)
		_, err = rt.play.Play(ctx, rt.session, "r3", json.RawMessage(`{"line_bet":10}`))
		var e *api.Error
		if !errors.As(err, &e) || e.Code != 650 {
			t.Fatalf("a round after 15 minutes: %v, want 650", err)
		}
		v, ok := e.Data.(limits.RealityCheck)
		net := first.Win - first.Stake + second.Win - second.Stake
		if !ok || v.ElapsedMinutes != 15 || v.Net.Minor != net || v.Due != 1 || v.Minutes != 15 {
			t.Fatalf("reality check data %+v, want 15 minutes elapsed and net %d", e.Data, net)
		}
		// The refusal holds until acknowledged, however often asked.
		if _, err := rt.play.Play(ctx, rt.session, "r4", json.RawMessage(`{"line_bet":10}`)); !errors.Is(err, limits.ErrRealityCheck) {
			t.Fatalf("a second try before acknowledging: %v", err)
		}
		if st, err := svc.Reality(ctx, p); err != nil || st.Due != 1 || st.Playing != 1 {
			t.Fatalf("status before acknowledging: %+v %v", st, err)
		}
		ack, err := svc.AckReality(ctx, p)
		if err != nil || ack.Due != 0 || ack.ElapsedMinutes != 15 {
			t.Fatalf("acknowledge: %+v %v", ack, err)
		}
		if _, err := rt.play.Play(ctx, rt.session, "r5", json.RawMessage(`{"line_bet":10}`)); err != nil {
			t.Fatalf("a round after acknowledging: %v", err)
		}
		rt.clk.Add(15 * time.Minute)
		if _, err := rt.play.Play(ctx, rt.session, "r6", json.RawMessage(`{"line_bet":10}`)); !errors.Is(err, limits.ErrRealityCheck) {
			t.Fatalf("15 minutes after the acknowledgement: %v, want the next check", err)
		}
		// The game page acknowledges with its session id.
		if err := rt.play.AckReality(ctx, rt.session); err != nil {
			t.Fatalf("acknowledge from the game page: %v", err)
		}
		if _, err := rt.play.Play(ctx, rt.session, "r7", json.RawMessage(`{"line_bet":10}`)); err != nil {
			t.Fatalf("a round after the game page's acknowledgement: %v", err)
		}
		if err := rt.play.AckReality(ctx, "no-such-session"); !errors.Is(err, house.ErrSessionNotFound) {
			t.Fatalf("acknowledge with an unknown session: %v", err)
		}
	})
}

// TestRealityCheckSiteDefaultAndIdle: a member who chose nothing follows
// the site's default (60 minutes); a pause longer than IdleGap starts a new
// spell, so the timer and the net position restart.
func TestRealityCheckSiteDefaultAndIdle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		rt, svc, p := guarded(t, d)
		ctx := context.Background()
		for i := range 3 {
			if _, err := rt.play.Play(ctx, rt.session, fmt.Sprintf("d%d", i), json.RawMessage(`{"line_bet":10}`)); err != nil {
				t.Fatalf("round at %d minutes: %v", i*20, err)
			}
			rt.clk.Add(20 * time.Minute)
		}
		if _, err := rt.play.Play(ctx, rt.session, "d60", json.RawMessage(`{"line_bet":10}`)); !errors.Is(err, limits.ErrRealityCheck) {
			t.Fatalf("after the site's 60 minutes: %v, want 650", err)
		}
		rt.clk.Add(limits.IdleGap)
		st, err := svc.Reality(ctx, p)
		if err != nil || st.Playing != 0 || st.Due != 0 || st.SiteDefault != 60 || st.Chosen != nil {
			t.Fatalf("after a long pause: %+v %v", st, err)
		}
		if _, err := rt.play.Play(ctx, rt.session, "fresh", json.RawMessage(`{"line_bet":10}`)); err != nil {
			t.Fatalf("a round in a new spell: %v", err)
		}
		if st, _ := svc.Reality(ctx, p); st.ElapsedMinutes != 0 || st.Playing != 1 {
			t.Fatalf("a new spell: %+v", st)
		}
	})
}

// TestRealityIntervalChoices: only the offered intervals or null.
func TestRealityIntervalChoices(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, svc, p := guarded(t, d)
		ctx := context.Background()
		for _, bad := range []string{`20`, `0`, `-15`, `"30"`, `1e30`, `15.5`} {
			_, err := svc.SetReality(ctx, p, limits.RealityInput{Minutes: json.RawMessage(bad)})
			var e *api.Error
			if !errors.As(err, &e) || e.Code != api.CodeInvalid || e.Field != "minutes" {
				t.Errorf("minutes %s: %v, want bad input naming minutes", bad, err)
			}
		}
		v, err := svc.SetReality(ctx, p, limits.RealityInput{Minutes: json.RawMessage(`90`)})
		if err != nil || v.Minutes != 90 || v.Chosen == nil || *v.Chosen != 90 {
			t.Fatalf("choose 90: %+v %v", v, err)
		}
		v, err = svc.SetReality(ctx, p, limits.RealityInput{Minutes: json.RawMessage(`null`)})
		if err != nil || v.Minutes != 60 || v.Chosen != nil {
			t.Fatalf("back to the site's default: %+v %v", v, err)
		}
	})
}

// TestRealityMinutesHandedToProviders: the interval a launch hands to a
// remote provider is the member's choice, else the site's default.
func TestRealityMinutesHandedToProviders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, svc, p := guarded(t, d)
		ctx := context.Background()
		want := func(step string, n int) {
			t.Helper()
			if got, err := svc.RealityMinutes(ctx, p.SiteID, p.MemberID); err != nil || got != n {
				t.Fatalf("%s: %d %v, want %d", step, got, err, n)
			}
		}
		want("nothing chosen", 60)
		if _, err := svc.SetReality(ctx, p, limits.RealityInput{Minutes: json.RawMessage(`15`)}); err != nil {
			t.Fatal(err)
		}
		want("15 chosen", 15)
		if _, err := svc.SetReality(ctx, p, limits.RealityInput{Minutes: json.RawMessage(`null`)}); err != nil {
			t.Fatal(err)
		}
		want("back to the default", 60)
	})
}
