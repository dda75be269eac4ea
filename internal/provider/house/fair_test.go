package house_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/engine/rng"
	"gamehall/internal/provider/house"
)

// The known-answer vectors (README "Provably fair", docs/api.md, and
// web/src/features/fair's unit tests give the same): a fixed server seed,
// client seed and nonce decide exactly this outcome.
const (
	kaServer = "7f1c3d0e9a8b4c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d"
	kaClient = "gamehall"
)

func TestKnownAnswerVectors(t *testing.T) {
	g := house.NewGames()
	decide := func(code string, nonce uint64, choices string) map[string]json.RawMessage {
		t.Helper()
		d, err := g.Decide(code, "USD", 2, rng.NewFair(kaServer, kaClient, nonce), json.RawMessage(choices))
		if err != nil {
			t.Fatal(err)
		}
		var o map[string]json.RawMessage
		if err := json.Unmarshal(d.Outcome, &o); err != nil {
			t.Fatal(err)
		}
		return o
	}
	t.Run("keno", func(t *testing.T) {
		o := decide("gh_keno", 42, `{"picks":[1,2,3,4,5],"stake":10}`)
		if got := string(o["drawn"]); got != "[47,43,31,44,32,3,27,76,79,30,45,13,11,56,49,2,17,33,52,18]" {
			t.Fatalf("drawn %s", got)
		}
	})
	t.Run("baccarat", func(t *testing.T) {
		var h struct {
			Hand struct {
				Player, Banker []string
				Winner         string
			}
		}
		raw, _ := json.Marshal(decide("gh_baccarat", 42, `{"bets":{"banker":20}}`))
		_ = json.Unmarshal(raw, &h)
		if got := fmt.Sprint(h.Hand.Player, h.Hand.Banker, h.Hand.Winner); got != "[TD JC] [9S QS]banker" {
			t.Fatalf("hand %s", got)
		}
	})
	t.Run("slot", func(t *testing.T) {
		o := decide("gh_slot_fortune", 42, `{"line_bet":1}`)
		var base struct{ Stops []int }
		_ = json.Unmarshal(o["base"], &base)
		if got := fmt.Sprint(base.Stops, string(o["win"])); got != "[17 15 11 15 10]0" {
			t.Fatalf("stops, win: %s", got)
		}
		// Nonce 273 triggers 8 free spins: the stream runs on through them.
		o = decide("gh_slot_fortune", 273, `{"line_bet":1}`)
		_ = json.Unmarshal(o["base"], &base)
		var free []struct{ Stops []int }
		_ = json.Unmarshal(o["free_spins"], &free)
		got := fmt.Sprint(base.Stops, len(free), string(o["win"]))
		if len(free) > 0 {
			got += fmt.Sprint(free[0].Stops, free[len(free)-1].Stops)
		}
		if got != "[9 11 15 7 28] 8577[27 22 25 16 9] [24 16 11 17 23]" {
			t.Fatalf("nonce 273: %s", got)
		}
	})
}

// history reads the session's rounds.
func history(t *testing.T, p *house.Play, id string) []house.Round {
	t.Helper()
	list, err := p.History(context.Background(), id, 50)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestFairRoundsVerify: a round shows its commitment, client seed and nonce;
// rotating reveals the seed, which hashes to the commitment and, with the
// client seed and nonce, replays the stored outcome.
// appStore is the rounds' store as the app builds it: on SQLite with group
// commit, where the writer remembers the active seed and counts its nonces.
func appStore(t *testing.T, d *db.DB) *house.Store {
	t.Helper()
	store := house.NewStore(d)
	if d.Dialect == db.SQLite {
		g := db.NewGroup(d)
		t.Cleanup(g.Close)
		store.WithGroupCommit(g)
	}
	return store
}

func TestFairRoundsVerify(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		demo, clk := setup(t, d)
		// A new client seed and a rotation (on other connections) must
		// reach the writer's next round.
		play := house.NewPlay(inHouse(), appStore(t, d), demo, nil, clk.Now, house.FairSources{})
		s, _ := demo.Create(ctx, 1, "gh_keno", "USD", 2)
		before, err := play.Fair(ctx, s.ID)
		if err != nil || len(before.Commitment) != 64 || before.ClientSeed == "" || before.NextNonce != 0 {
			t.Fatalf("before play: %+v %v", before, err)
		}
		if _, err := play.SetClientSeed(ctx, s.ID, "has space"); code(err) != 400 {
			t.Fatalf("bad client seed: %v", err)
		}
		if _, err := play.SetClientSeed(ctx, s.ID, ""); code(err) != 400 {
			t.Fatalf("empty client seed: %v", err)
		}
		choices := `{"picks":[5,10,15],"stake":10}`
		// A round on the first client seed, before it changes.
		if _, err := play.Play(ctx, s.ID, "first", json.RawMessage(choices)); err != nil {
			t.Fatal(err)
		}
		st, err := play.SetClientSeed(ctx, s.ID, "my-lucky_seed")
		if err != nil || st.ClientSeed != "my-lucky_seed" || st.Commitment != before.Commitment || st.NextNonce != 1 {
			t.Fatalf("set client seed: %+v %v", st, err)
		}
		for i := range 3 {
			if _, err := play.Play(ctx, s.ID, fmt.Sprint("r", i), json.RawMessage(choices)); err != nil {
				t.Fatal(err)
			}
		}
		rounds := history(t, play, s.ID)
		for i, r := range rounds[:3] {
			f := r.Fair
			if f == nil || f.Commitment != before.Commitment || f.ClientSeed != "my-lucky_seed" || f.Nonce != int64(3-i) || f.ServerSeed != "" {
				t.Fatalf("round %d before rotation: %+v", i, f)
			}
		}
		rot, err := play.RotateSeed(ctx, s.ID)
		if err != nil || rot.Revealed == nil || rot.Revealed.Rounds != 4 || rot.Current.Commitment == before.Commitment ||
			rot.Current.NextNonce != 0 || rot.Current.ClientSeed != "my-lucky_seed" {
			t.Fatalf("rotate: %+v %v", rot, err)
		}
		sum := sha256.Sum256([]byte(rot.Revealed.ServerSeed))
		if hex.EncodeToString(sum[:]) != before.Commitment {
			t.Fatal("revealed seed does not hash to the commitment")
		}
		g := house.NewGames()
		for _, r := range history(t, play, s.ID) {
			if r.Fair.ServerSeed != rot.Revealed.ServerSeed {
				t.Fatalf("round %d: seed %q not shown after rotation", r.ID, r.Fair.ServerSeed)
			}
			d, err := g.Decide("gh_keno", "USD", 2, rng.NewFair(r.Fair.ServerSeed, r.Fair.ClientSeed, uint64(r.Fair.Nonce)), json.RawMessage(choices))
			if err != nil || string(d.Outcome) != string(r.Outcome) {
				t.Fatalf("round %d does not replay: %s vs %s (%v)", r.ID, d.Outcome, r.Outcome, err)
			}
		}
		// The next round is on the new seed, nonce 0.
		r, err := play.Play(ctx, s.ID, "after", json.RawMessage(choices))
		if err != nil || r.Fair.Commitment != rot.Current.Commitment || r.Fair.Nonce != 0 || r.Fair.ServerSeed != "" {
			t.Fatalf("after rotation: %+v %v", r.Fair, err)
		}
		// Bad choices spend no nonce.
		if _, err := play.Play(ctx, s.ID, "bad", json.RawMessage(`{"picks":[1,1],"stake":10}`)); code(err) != 210 {
			t.Fatalf("bad picks: %v", err)
		}
		if st, _ := play.Fair(ctx, s.ID); st.NextNonce != 1 {
			t.Fatalf("next nonce %d after a refused round", st.NextNonce)
		}
		if _, err := play.PlayOn(ctx, s.ID, "dev", "tablet", json.RawMessage(choices)); code(err) != 400 {
			t.Fatalf("bad device: %v", err)
		}
	})
}

// TestFairSeedsPerOwner: two demo sessions have their own seeds.
func TestFairSeedsPerOwner(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		demo, clk := setup(t, d)
		play := house.NewPlay(inHouse(), house.NewStore(d), demo, nil, clk.Now, house.FairSources{})
		a, _ := demo.Create(ctx, 1, "gh_keno", "USD", 2)
		b, _ := demo.Create(ctx, 1, "gh_keno", "USD", 2)
		fa, _ := play.Fair(ctx, a.ID)
		fb, _ := play.Fair(ctx, b.ID)
		if fa.Commitment == fb.Commitment {
			t.Fatal("two sessions share a server seed")
		}
		if _, err := play.Fair(ctx, "nope"); code(err) != 207 {
			t.Fatalf("unknown session: %v", err)
		}
	})
}

// TestConcurrentRoundsTakeDistinctNonces: 30 parallel rounds (and parallel
// first reads) on one seed use 30 distinct nonces, 0..29.
func TestConcurrentRoundsTakeDistinctNonces(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		demo, clk := setup(t, d)
		play := house.NewPlay(inHouse(), appStore(t, d), demo, nil, clk.Now, house.FairSources{})
		s, _ := demo.Create(ctx, 1, "gh_keno", "USD", 2)
		const n = 30
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := range n {
			wg.Go(func() {
				_, err := play.Play(ctx, s.ID, fmt.Sprint("c", i), json.RawMessage(`{"picks":[1],"stake":10}`))
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		seen := map[int64]bool{}
		commitments := map[string]bool{}
		for _, r := range history(t, play, s.ID) {
			seen[r.Fair.Nonce] = true
			commitments[r.Fair.Commitment] = true
		}
		if len(seen) != n || len(commitments) != 1 {
			t.Fatalf("%d distinct nonces over %d commitments, want %d over 1", len(seen), len(commitments), n)
		}
		for i := range int64(n) {
			if !seen[i] {
				t.Fatalf("nonce %d unused", i)
			}
		}
	})
}
