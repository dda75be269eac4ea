package promo_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/ledger"
	"gamehall/internal/promo"
	"gamehall/internal/seed"
	"gamehall/internal/testutil/testclock"
)

// recorded keeps every published event.
type recorded struct {
	mu     sync.Mutex
	events []string
	seen   chan struct{}
}

func newRecorded() *recorded { return &recorded{seen: make(chan struct{}, 100)} }

func (r *recorded) Publish(channel, event string, data map[string]any) {
	r.mu.Lock()
	r.events = append(r.events, fmt.Sprintf("%s %s %v %v", channel, event, data["id"], data["end_at"]))
	r.mu.Unlock()
	r.seen <- struct{}{}
}

func (r *recorded) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.events...)
}

var vet = time.FixedZone("America/Caracas", -4*3600)

func scheduled(d *db.DB, clock *testclock.Clock, pub promo.Publisher, after func(time.Duration) <-chan time.Time) *promo.Service {
	return promo.NewService(promo.Deps{DB: d, Sites: sites{}, Ledger: ledger.New(d, clock.Now, nil), Deposits: noDeposits{}, Pub: pub,
		Now: clock.Now, Zone: vet, After: after})
}

func envelopeAt(start, end time.Time) promo.EnvelopeInput {
	return promo.EnvelopeInput{Currency: "USD", Title: map[string]string{"en_US": "Later"}, StartAt: start.In(vet).Format(promo.WallTime),
		EndAt: end.In(vet).Format(promo.WallTime), Budget: []byte("10"), MinAward: []byte("1"), MaxAward: []byte("2")}
}

func event(id int64, end time.Time) string {
	return fmt.Sprintf("member.USD red_envelope %d %s", id, end.In(vet).Format(promo.WallTime))
}

// TestEnvelopeStartIsAnnouncedOnce: an envelope saved with a start ahead
// gets its red_envelope event at its start and only then; one open when
// saved gets it at the save; two nodes (or a restarted one) reading the
// same database announce each start once; a moved start is announced again
// at the new start; an envelope that ended unannounced never is.
func TestEnvelopeStartIsAnnouncedOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		clock := testclock.New(time.Now().UTC().Truncate(time.Second))
		pub := newRecorded()
		node1, node2 := scheduled(d, clock, pub, nil), scheduled(d, clock, pub, nil)
		t0 := clock.Now()
		due := func(svc *promo.Service, wantNext time.Time) {
			t.Helper()
			next, err := svc.AnnounceDue(ctx)
			if err != nil || !next.Equal(wantNext) {
				t.Fatalf("next start %v (%v), want %v", next, err, wantNext)
			}
		}
		want := func(events ...string) {
			t.Helper()
			if got := pub.list(); fmt.Sprint(got) != fmt.Sprint(events) {
				t.Fatalf("events %q, want %q", got, events)
			}
		}
		due(node1, time.Time{}) // the seeded envelopes were announced when seeded

		a, err := node1.SaveEnvelope(ctx, 1, 0, envelopeAt(t0.Add(10*time.Minute), t0.Add(time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		b, err := node1.SaveEnvelope(ctx, 1, 0, envelopeAt(t0.Add(20*time.Minute), t0.Add(2*time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		now, err := node1.SaveEnvelope(ctx, 1, 0, envelopeAt(t0.Add(-time.Minute), t0.Add(time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		ended, err := node1.SaveEnvelope(ctx, 1, 0, envelopeAt(t0.Add(time.Minute), t0.Add(2*time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		want(event(now.ID, t0.Add(time.Hour)))
		due(node1, t0.Add(time.Minute))
		due(node2, t0.Add(time.Minute))
		want(event(now.ID, t0.Add(time.Hour)))

		// The short envelope's whole window passes while nobody runs.
		clock.Add(10 * time.Minute)
		due(node1, t0.Add(20*time.Minute))
		due(node1, t0.Add(20*time.Minute))
		due(node2, t0.Add(20*time.Minute))
		want(event(now.ID, t0.Add(time.Hour)), event(a.ID, t0.Add(time.Hour)))
		_ = ended

		// Both nodes reach b's start at once: one event.
		clock.Add(10 * time.Minute)
		var wg sync.WaitGroup
		for _, svc := range []*promo.Service{node1, node2, node1, node2} {
			wg.Go(func() {
				if _, err := svc.AnnounceDue(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		want(event(now.ID, t0.Add(time.Hour)), event(a.ID, t0.Add(time.Hour)), event(b.ID, t0.Add(2*time.Hour)))

		// a moved to a later start: announced again there, once.
		if _, err := node2.SaveEnvelope(ctx, 1, a.ID, envelopeAt(t0.Add(30*time.Minute), t0.Add(time.Hour))); err != nil {
			t.Fatal(err)
		}
		due(node1, t0.Add(30*time.Minute))
		clock.Add(10 * time.Minute)
		due(node2, time.Time{})
		due(node1, time.Time{})
		want(event(now.ID, t0.Add(time.Hour)), event(a.ID, t0.Add(time.Hour)), event(b.ID, t0.Add(2*time.Hour)),
			event(a.ID, t0.Add(time.Hour)))
	})
}

// TestSchedulerWakesAtTheStart: the running scheduler sleeps until the
// next start a save gave it (woken by the save), publishes when the timer
// fires at that start, and goes back to its poll when nothing is ahead.
func TestSchedulerWakesAtTheStart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, stop := context.WithCancel(context.Background())
		defer stop()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		clock := testclock.New(time.Now().UTC().Truncate(time.Second))
		pub := newRecorded()
		waits := make(chan time.Duration, 10)
		fire := make(chan time.Time)
		svc := scheduled(d, clock, pub, func(d time.Duration) <-chan time.Time {
			waits <- d
			return fire
		})
		done := make(chan struct{})
		go func() { svc.RunScheduler(ctx); close(done) }()
		wait := func(want time.Duration) {
			t.Helper()
			select {
			case got := <-waits:
				if got != want {
					t.Fatalf("sleeps %v, want %v", got, want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the scheduler did not sleep")
			}
		}
		wait(time.Minute) // nothing ahead: the poll interval
		t0 := clock.Now()
		e, err := svc.SaveEnvelope(ctx, 1, 0, envelopeAt(t0.Add(5*time.Second), t0.Add(time.Hour)))
		if err != nil {
			t.Fatal(err)
		}
		wait(5 * time.Second) // woken by the save
		if got := pub.list(); len(got) != 0 {
			t.Fatalf("published before the start: %q", got)
		}
		clock.Add(5 * time.Second)
		fire <- clock.Now()
		select {
		case <-pub.seen:
		case <-time.After(10 * time.Second):
			t.Fatal("no event at the start")
		}
		wait(time.Minute)
		if got := pub.list(); len(got) != 1 || got[0] != event(e.ID, t0.Add(time.Hour)) {
			t.Fatalf("events %q", got)
		}
		stop()
		<-done
	})
}
