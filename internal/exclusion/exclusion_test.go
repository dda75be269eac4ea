package exclusion_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/api"
	"gamehall/internal/auth"
	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/exclusion"
	"gamehall/internal/member"
	"gamehall/internal/seed"
	"gamehall/internal/testutil/testclock"
)

// closer records the members whose games a restriction closed.
type closer struct {
	mu  sync.Mutex
	got []int64
}

func (c *closer) CloseAndRecall(_ context.Context, p auth.Principal) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got = append(c.got, p.MemberID)
	return nil
}

type fixture struct {
	svc   *exclusion.Service
	clk   *testclock.Clock
	games *closer
	d     *db.DB
	demo  auth.Principal
}

func setup(t *testing.T, d *db.DB) fixture {
	t.Helper()
	if _, err := seed.Demo(context.Background(), d, time.Now()); err != nil {
		t.Fatal(err)
	}
	clk := testclock.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	games := &closer{}
	svc := exclusion.NewService(d, people{member.NewStore(d)}, games, clk.Now, slog.New(slog.DiscardHandler))
	return fixture{svc: svc, clk: clk, games: games, d: d, demo: auth.Principal{MemberID: memberID(t, d, seed.DemoMember), SiteID: seed.DemoSiteID, Currency: "USD"}}
}

// people reads members as member.Service does.
type people struct{ s *member.Store }

func (p people) Person(ctx context.Context, id int64) (string, string, string, error) {
	m, err := p.s.ByID(ctx, id)
	return m.Phone, m.Email, m.IdentityID, err
}

func (p people) Accounts(ctx context.Context, id int64) ([]auth.Principal, error) {
	m, err := p.s.ByID(ctx, id)
	if err != nil {
		return nil, err
	}
	return p.s.SamePerson(ctx, m)
}

func memberID(t *testing.T, d *db.DB, account string) int64 {
	t.Helper()
	var id int64
	if err := d.QueryRow(`SELECT id FROM members WHERE account = $1`, account).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func apiErr(err error) *api.Error {
	var e *api.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

func code(err error) int {
	if e := apiErr(err); e != nil {
		return e.Code
	}
	if err != nil {
		return -1
	}
	return 0
}

func days(n int) *int { return &n }

func count(t *testing.T, d *db.DB, table string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBadInput: an unknown kind, a time-out outside 24 hours to 6 weeks, a
// self-exclusion period not offered, or a field of the other kind: a 400
// naming the field, and nothing written.
func TestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := setup(t, d)
		for _, c := range []struct {
			name  string
			in    exclusion.TakeInput
			field string
		}{
			{"no kind", exclusion.TakeInput{Days: days(3)}, "kind"},
			{"unknown kind", exclusion.TakeInput{Kind: "pause", Days: days(3)}, "kind"},
			{"time-out without days", exclusion.TakeInput{Kind: exclusion.TimeOut}, "days"},
			{"time-out of 0 days", exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(0)}, "days"},
			{"time-out under a day", exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(-1)}, "days"},
			{"time-out of 43 days", exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(43)}, "days"},
			{"time-out with a period", exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(3), Period: "1y"}, "period"},
			{"exclusion without a period", exclusion.TakeInput{Kind: exclusion.Exclusion}, "period"},
			{"exclusion of 3 months", exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "3m"}, "period"},
			{"exclusion with days", exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "1y", Days: days(3)}, "days"},
		} {
			_, err := f.svc.Take(context.Background(), f.demo, c.in)
			if e := apiErr(err); e == nil || e.Code != api.CodeInvalid || e.Field != c.field {
				t.Errorf("%s: %v, want 400 naming %s", c.name, err, c.field)
			}
			if _, err := f.svc.Preview(c.in); code(err) != api.CodeInvalid {
				t.Errorf("%s: preview %v, want 400", c.name, err)
			}
		}
		if n := count(t, d, "self_exclusions"); n != 0 {
			t.Fatalf("bad input wrote %d restrictions", n)
		}
		if len(f.games.got) != 0 {
			t.Fatalf("bad input closed games: %v", f.games.got)
		}
	})
}

// TestEnds: each offered choice ends where it says.
func TestEnds(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	svc := exclusion.NewService(nil, nil, nil, func() time.Time { return now }, slog.New(slog.DiscardHandler))
	for _, c := range []struct {
		in   exclusion.TakeInput
		want string
	}{
		{exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(1)}, "2026-11-25T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(3)}, "2026-11-27T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(7)}, "2026-12-01T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(14)}, "2026-12-08T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(42)}, "2027-01-05T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(10)}, "2026-12-04T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "6m"}, "2027-05-24T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "1y"}, "2027-11-24T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "2y"}, "2028-11-24T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "5y"}, "2031-11-24T12:00:00Z"},
		{exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "indefinite"}, ""},
	} {
		p, err := svc.Preview(c.in)
		if err != nil || p.EndsAt != c.want || (p.Indefinite == 1) != (c.want == "") {
			t.Errorf("%+v: %+v %v, want ends %q", c.in, p, err, c.want)
		}
	}
}

// TestTimeOutLifecycle: refused from the moment taken, with the action's
// code and the end in the message; no early lift; after the end still
// refused until the member asks to return, then 24 hours of cooling-off.
func TestTimeOutLifecycle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := setup(t, d)
		ctx := context.Background()
		id := f.demo.MemberID
		if err := f.svc.Check(ctx, id, exclusion.Play); err != nil {
			t.Fatalf("before any restriction: %v", err)
		}
		st, err := f.svc.Take(ctx, f.demo, exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(3)})
		if err != nil || st.Stage != exclusion.Active || st.EndsAt != "2026-11-27T12:00:00Z" {
			t.Fatalf("take: %+v %v", st, err)
		}
		if len(f.games.got) != 1 || f.games.got[0] != id {
			t.Fatalf("open games closed for %v, want the member", f.games.got)
		}
		for _, a := range []exclusion.Action{exclusion.Play, exclusion.Deposit, exclusion.Envelope, exclusion.SignIn, exclusion.Bet} {
			err := f.svc.Check(ctx, id, a)
			e := apiErr(err)
			if e == nil || e.Code != int(a) || e.Key != "exclusion_timeout_until" || e.Detail != "2026-11-27 12:00 UTC" {
				t.Errorf("action %d: %v", a, err)
			}
		}
		if _, err := f.svc.AskReturn(ctx, id); code(err) != 626 {
			t.Fatalf("asking to return before the end: %v, want 626", err)
		}
		f.clk.Add(3 * 24 * time.Hour)
		err = f.svc.Check(ctx, id, exclusion.Deposit)
		if e := apiErr(err); e == nil || e.Code != 622 || e.Key != "exclusion_until_return" {
			t.Fatalf("after the end, before asking: %v", err)
		}
		f.clk.Add(30 * 24 * time.Hour)
		if err := f.svc.Check(ctx, id, exclusion.Play); code(err) != 621 {
			t.Fatalf("a month after the end, never asked: %v", err)
		}
		st, err = f.svc.AskReturn(ctx, id)
		if err != nil || st.Stage != exclusion.Cooling || st.ReturnAt != "2026-12-28T12:00:00Z" {
			t.Fatalf("ask to return: %+v %v", st, err)
		}
		if _, err := f.svc.AskReturn(ctx, id); code(err) != 627 {
			t.Fatalf("asking twice: %v, want 627", err)
		}
		f.clk.Add(24*time.Hour - time.Second)
		err = f.svc.Check(ctx, id, exclusion.Play)
		if e := apiErr(err); e == nil || e.Code != 621 || e.Key != "exclusion_cooling_until" || e.Detail != "2026-12-28 12:00 UTC" {
			t.Fatalf("during the cooling-off: %v", err)
		}
		f.clk.Add(time.Second)
		for _, a := range []exclusion.Action{exclusion.Play, exclusion.Deposit, exclusion.Envelope, exclusion.SignIn, exclusion.Bet} {
			if err := f.svc.Check(ctx, id, a); err != nil {
				t.Fatalf("after the cooling-off, action %d: %v", a, err)
			}
		}
		if s, err := f.svc.Status(ctx, id); err != nil || s.State != nil {
			t.Fatalf("status after the return: %+v %v", s, err)
		}
		if _, err := f.svc.AskReturn(ctx, id); code(err) != 627 {
			t.Fatalf("asking with nothing to return from: %v, want 627", err)
		}
	})
}

// TestIndefiniteExclusion: never ends, so no ask to return is taken; a
// shorter time-out taken on top does not shorten it.
func TestIndefiniteExclusion(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := setup(t, d)
		ctx := context.Background()
		if _, err := f.svc.Take(ctx, f.demo, exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "indefinite"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Take(ctx, f.demo, exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(1)}); err != nil {
			t.Fatal(err)
		}
		f.clk.Add(20 * 365 * 24 * time.Hour)
		err := f.svc.Check(ctx, f.demo.MemberID, exclusion.Envelope)
		if e := apiErr(err); e == nil || e.Code != 623 || e.Key != "exclusion_self_indefinite" {
			t.Fatalf("twenty years on: %v", err)
		}
		if _, err := f.svc.AskReturn(ctx, f.demo.MemberID); code(err) != 626 {
			t.Fatalf("asking to return from an indefinite exclusion: %v, want 626", err)
		}
		s, err := f.svc.Status(ctx, f.demo.MemberID)
		if err != nil || s.State == nil || s.State.Kind != exclusion.Exclusion || s.State.Indefinite != 1 || s.State.Stage != exclusion.Active {
			t.Fatalf("status: %+v %v", s.State, err)
		}
	})
}

// TestSelfExclusionMessage: a dated self-exclusion names itself and its end.
func TestSelfExclusionMessage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := setup(t, d)
		if _, err := f.svc.Take(context.Background(), f.demo, exclusion.TakeInput{Kind: exclusion.Exclusion, Period: "6m"}); err != nil {
			t.Fatal(err)
		}
		err := f.svc.Check(context.Background(), f.demo.MemberID, exclusion.SignIn)
		if e := apiErr(err); e == nil || e.Code != 624 || e.Key != "exclusion_self_until" || e.Detail != "2027-05-24 12:00 UTC" {
			t.Fatalf("sign-in: %v", err)
		}
	})
}

// addMember writes a member as registration would, on site.
func addMember(t *testing.T, d *db.DB, site int64, account, phone, email, identity string) int64 {
	t.Helper()
	var id int64
	err := d.QueryRow(`INSERT INTO members (site_id, account, password_hash, currency, phone, email, identity_id, recommend_code, created_at, updated_at)
		VALUES ($1, $2, 'x', 'USD', $3, $4, $5, $6, 1, 1) RETURNING id`, site, account, phone, email, identity, "R"+account).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestSamePerson: the restriction binds every account of the person, on
// any site and through any agent domain: same phone, same e-mail (case and
// spaces aside) or same identity id; an account registered later too; an
// unrelated one stays free. Taking it closes the open games of every
// account the person holds then, and of no one else.
func TestSamePerson(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := setup(t, d)
		ctx := context.Background()
		if _, err := d.Exec(`UPDATE members SET identity_id = 'ID-77' WHERE id = $1`, f.demo.MemberID); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`INSERT INTO sites (id, name, demo_mode, game_room_mode, default_language, default_currency, desktop_template,
			mobile_template, customer_service_url, app_ios_url, app_android_url, link_expire_minutes, bulletin_display_frequency,
			seo_title_i18n, seo_content_i18n, created_at, updated_at)
			SELECT 2, 'Second', demo_mode, game_room_mode, default_language, default_currency, desktop_template, mobile_template,
			customer_service_url, app_ios_url, app_android_url, link_expire_minutes, bulletin_display_frequency, seo_title_i18n,
			seo_content_i18n, created_at, updated_at FROM sites WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		before := addMember(t, d, 2, "samephone", "5550000002", "", "")
		var agentID int64
		if err := d.QueryRow(`SELECT agent_id FROM members WHERE id = $1`, f.demo.MemberID).Scan(&agentID); err != nil {
			t.Fatal(err)
		}
		viaAgent := addMember(t, d, 1, "sameemail", "", "  Demo@GameHall.test ", "")
		if _, err := d.Exec(`UPDATE members SET agent_id = $1 WHERE id = $2`, agentID, viaAgent); err != nil {
			t.Fatal(err)
		}
		sameID := addMember(t, d, 2, "sameid", "", "", "ID-77")
		other := addMember(t, d, 2, "stranger", "5559999999", "x@y.test", "ID-78")
		if _, err := f.svc.Take(ctx, f.demo, exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(7)}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(f.games.got)
		if want := []int64{f.demo.MemberID, before, viaAgent, sameID}; !slices.Equal(f.games.got, sortedIDs(want)) {
			t.Fatalf("games closed for %v, want the person's accounts %v", f.games.got, sortedIDs(want))
		}
		later := addMember(t, d, 2, "latecomer", "5550000002", "", "")
		for name, id := range map[string]int64{"same phone on another site": before, "same e-mail through the agent": viaAgent,
			"same identity id": sameID, "registered later": later} {
			if err := f.svc.Check(ctx, id, exclusion.Deposit); code(err) != 622 {
				t.Errorf("%s: %v, want 622", name, err)
			}
			if s, err := f.svc.Status(ctx, id); err != nil || s.State == nil || s.State.Kind != exclusion.TimeOut {
				t.Errorf("%s: status %+v %v", name, s.State, err)
			}
		}
		if err := f.svc.Check(ctx, other, exclusion.Deposit); err != nil {
			t.Fatalf("an unrelated member: %v", err)
		}
		// The person asks to return from another account: it is theirs too.
		f.clk.Add(7 * 24 * time.Hour)
		if _, err := f.svc.AskReturn(ctx, later); err != nil {
			t.Fatal(err)
		}
		f.clk.Add(CoolingOffPlus)
		if err := f.svc.Check(ctx, f.demo.MemberID, exclusion.Play); err != nil {
			t.Fatalf("after the person's return: %v", err)
		}
	})
}

func sortedIDs(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// CoolingOffPlus is just past the cooling-off.
const CoolingOffPlus = exclusion.CoolingOff + time.Second

// TestDepositInFlight: a deposit's check runs in the deposit's transaction
// and locks the member's guard row, so a restriction taken while deposits
// are in flight commits only after they have, and every deposit that
// starts after it is refused: no deposit passes after the restriction's
// commit.
func TestDepositInFlight(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := setup(t, d)
		ctx := context.Background()
		id := f.demo.MemberID
		var passed, refused, held atomic.Int64
		var wg sync.WaitGroup
		checked := make(chan struct{}, 1)
		deposit := func(hold time.Duration) {
			defer wg.Done()
			err := d.Tx(ctx, func(ctx context.Context) error {
				if err := f.svc.Check(ctx, id, exclusion.Deposit); err != nil {
					return err
				}
				select {
				case checked <- struct{}{}:
				default:
				}
				time.Sleep(hold) // the order's insert and the rest of the work
				held.Add(1)
				return nil
			})
			switch {
			case err == nil:
				passed.Add(1)
			case code(err) == 622:
				refused.Add(1)
			default:
				t.Errorf("deposit: %v", err)
			}
		}
		wg.Add(1)
		go deposit(200 * time.Millisecond)
		<-checked // one deposit has passed its check and is still open
		for range 10 {
			wg.Add(1)
			go deposit(5 * time.Millisecond)
		}
		if _, err := f.svc.Take(ctx, f.demo, exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(1)}); err != nil {
			t.Fatal(err)
		}
		// Every deposit that will pass had finished its work before the
		// restriction could commit.
		doneBefore := held.Load()
		wg.Wait()
		if passed.Load() != doneBefore {
			t.Fatalf("%d deposits passed, only %d had finished when the restriction committed", passed.Load(), doneBefore)
		}
		if passed.Load() == 0 {
			t.Fatal("the deposit in flight was refused: it had passed its check before the restriction")
		}
		wg.Add(1)
		deposit(0)
		if refused.Load() == 0 {
			t.Fatal("no deposit refused after the restriction")
		}
		if got := passed.Load() + refused.Load(); got != 12 {
			t.Fatalf("%d deposits accounted for, want 12", got)
		}
	})
}

// TestWriterSeesANewRestriction: on SQLite real-money rounds check on the
// group committer's writer, which remembers a member's restrictions
// between batches; a time-out taken meanwhile (on another connection) binds
// the very next round's check, and its end is judged by the clock, not by
// what was remembered.
func TestWriterSeesANewRestriction(t *testing.T) {
	f := setup(t, dbtest.SQLite(t))
	g := db.NewGroup(f.d)
	defer g.Close()
	ctx := context.Background()
	id := f.demo.MemberID
	inWriter := func() error {
		var checked error
		if err := g.Tx(ctx, func(ctx context.Context) error { checked = f.svc.Check(ctx, id, exclusion.Bet); return nil }); err != nil {
			t.Fatal(err)
		}
		return checked
	}
	for range 2 {
		if err := inWriter(); err != nil {
			t.Fatalf("before any restriction: %v", err)
		}
	}
	if _, err := f.svc.Take(ctx, f.demo, exclusion.TakeInput{Kind: exclusion.TimeOut, Days: days(1)}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if e := apiErr(inWriter()); e == nil || e.Key != "exclusion_timeout_until" {
			t.Fatalf("after a time-out: %v", e)
		}
	}
	f.clk.Add(24 * time.Hour)
	if e := apiErr(inWriter()); e == nil || e.Key != "exclusion_until_return" {
		t.Fatalf("after the time-out's end: %v", e)
	}
}
