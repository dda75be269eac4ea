package site_test

import (
	"context"
	"testing"
	"time"

	"gamehall/internal/db"
	"gamehall/internal/dbtest"
	"gamehall/internal/seed"
	"gamehall/internal/site"
)

// TestSiteReadInsideATransactionNeverWaitsForThePool: the pool's only
// connection is held by a transaction, and a caller outside any
// transaction has begun loading the site (it waits for that connection).
// The transaction then reads the site too: it must read through itself and
// commit, rather than wait for the load, which waits for the transaction's
// connection (200 real-money rounds on PostgreSQL stopped that way).
func TestSiteReadInsideATransactionNeverWaitsForThePool(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := seed.Demo(ctx, d, time.Now()); err != nil {
			t.Fatal(err)
		}
		d.SetMaxOpenConns(1)
		svc := site.NewService(site.NewStore(d), false, time.Minute, nil, time.Now)
		inTx, release := make(chan struct{}), make(chan struct{})
		txDone := make(chan error, 1)
		go func() {
			txDone <- d.Tx(ctx, func(ctx context.Context) error {
				close(inTx)
				<-release
				_, err := svc.RealityCheckMinutes(ctx, 1)
				return err
			})
		}()
		<-inTx
		outside := make(chan error, 1)
		go func() {
			_, err := svc.RealityCheckMinutes(ctx, 1)
			outside <- err
		}()
		// The outside load now waits for the pool's connection.
		for deadline := time.Now().Add(10 * time.Second); d.Stats().WaitCount == 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the outside caller never waited for the pool")
			}
		}
		close(release)
		for name, ch := range map[string]chan error{"transaction": txDone, "outside caller": outside} {
			select {
			case err := <-ch:
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s: still waiting after 10 s: the pool is deadlocked", name)
			}
		}
	})
}
