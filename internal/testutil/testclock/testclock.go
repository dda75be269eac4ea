// Package testclock is a clock for tests: services take a now function,
// tests hand them Clock.Now and move time with Add. It imports nothing of
// the project, so any package's own tests may use it.
package testclock

import (
	"sync"
	"time"
)

// Clock is a time that moves only when told, safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New is a clock reading t.
func New(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
