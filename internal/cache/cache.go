// Package cache keeps encoded answers of read-mostly endpoints in memory for
// a short time, so a hot lobby call costs a map lookup instead of a query.
package cache

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// TTL is a map of values that expire ttl after they were loaded. Concurrent
// misses on one key share one load. Errors are not cached.
type TTL[V any] struct {
	ttl     time.Duration
	now     func() time.Time
	maxSize int

	mu      sync.RWMutex
	entries map[string]entry[V]
	group   singleflight.Group
}

type entry[V any] struct {
	v       V
	expires time.Time
}

// New returns a cache holding at most maxSize keys; when full, expired keys
// are dropped, and if none expired the whole map is cleared (keys are few and
// bounded by validated parameters, so this is a guard, not a policy).
func New[V any](ttl time.Duration, maxSize int, now func() time.Time) *TTL[V] {
	return &TTL[V]{ttl: ttl, now: now, maxSize: maxSize, entries: map[string]entry[V]{}}
}

// Get returns the cached value of key, loading it with load on a miss.
func (c *TTL[V]) Get(key string, load func() (V, error)) (V, error) {
	now := c.now()
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if ok && now.Before(e.expires) {
		return e.v, nil
	}
	v, err, _ := c.group.Do(key, func() (any, error) {
		v, err := load()
		if err != nil {
			return v, err
		}
		if c.ttl > 0 {
			c.put(key, v)
		}
		return v, nil
	})
	return v.(V), err
}

// Peek returns the cached value of key, if it is cached and fresh; it never
// loads.
func (c *TTL[V]) Peek(key string) (V, bool) {
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if !ok || !c.now().Before(e.expires) {
		var zero V
		return zero, false
	}
	return e.v, true
}

func (c *TTL[V]) put(key string, v V) {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.maxSize {
		for k, e := range c.entries {
			if !now.Before(e.expires) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= c.maxSize {
			clear(c.entries)
		}
	}
	c.entries[key] = entry[V]{v: v, expires: now.Add(c.ttl)}
}

// Clear drops every entry; writers call it after changing content.
func (c *TTL[V]) Clear() {
	c.mu.Lock()
	clear(c.entries)
	c.mu.Unlock()
}

// Key joins the inputs of an answer into a cache key. Strings are quoted so
// no two input lists share a key.
func Key(parts ...any) string {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteByte('|')
		}
		switch v := p.(type) {
		case int64:
			b.WriteString(strconv.FormatInt(v, 10))
		case int:
			b.WriteString(strconv.Itoa(v))
		case bool:
			b.WriteString(strconv.FormatBool(v))
		case string:
			b.WriteString(strconv.Quote(v))
		default:
			panic(fmt.Sprintf("cache key part %T", p))
		}
	}
	return b.String()
}
