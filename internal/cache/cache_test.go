package cache

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamehall/internal/testutil/testclock"
)

func TestExpiresAfterTTL(t *testing.T) {
	clk := testclock.New(time.Unix(0, 0))
	c := New[int](time.Second, 10, clk.Now)
	loads := 0
	load := func() (int, error) { loads++; return loads, nil }
	if v, _ := c.Get("k", load); v != 1 {
		t.Fatalf("first get = %d", v)
	}
	clk.Add(999 * time.Millisecond)
	if v, _ := c.Get("k", load); v != 1 {
		t.Fatalf("within ttl = %d, want cached 1", v)
	}
	clk.Add(time.Millisecond)
	if v, _ := c.Get("k", load); v != 2 {
		t.Fatalf("after ttl = %d, want reload 2", v)
	}
}

func TestErrorsAreNotCached(t *testing.T) {
	c := New[int](time.Minute, 10, time.Now)
	boom := errors.New("boom")
	if _, err := c.Get("k", func() (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if v, err := c.Get("k", func() (int, error) { return 7, nil }); err != nil || v != 7 {
		t.Fatalf("after error: %d %v", v, err)
	}
}

func TestConcurrentMissesShareOneLoad(t *testing.T) {
	c := New[int](time.Minute, 10, time.Now)
	var loads atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := c.Get("k", func() (int, error) { loads.Add(1); <-release; return 42, nil })
			if err != nil || v != 42 {
				t.Errorf("got %d %v", v, err)
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Fatalf("loads = %d, want 1", n)
	}
}

func TestSizeBound(t *testing.T) {
	c := New[int](time.Minute, 3, time.Now)
	for i := range 10 {
		key := string(rune('a' + i))
		if _, err := c.Get(key, func() (int, error) { return i, nil }); err != nil {
			t.Fatal(err)
		}
	}
	c.mu.RLock()
	n := len(c.entries)
	c.mu.RUnlock()
	if n > 3 {
		t.Fatalf("entries = %d, want <= 3", n)
	}
}

func TestPeekNeverLoads(t *testing.T) {
	clk := testclock.New(time.Unix(0, 0))
	c := New[int](time.Second, 10, clk.Now)
	if _, ok := c.Peek("k"); ok {
		t.Fatal("peek found a value never loaded")
	}
	if _, err := c.Get("k", func() (int, error) { return 7, nil }); err != nil {
		t.Fatal(err)
	}
	if v, ok := c.Peek("k"); !ok || v != 7 {
		t.Fatalf("peek = %d %v, want 7 true", v, ok)
	}
	clk.Add(time.Second)
	if _, ok := c.Peek("k"); ok {
		t.Fatal("peek found an expired value")
	}
}
