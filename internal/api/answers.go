package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"gamehall/internal/cache"
)

// Answers keeps encoded answers that every caller shares (lobby content,
// the catalogue) for a short TTL, keyed by path, language and the caller's
// key, so a hot endpoint encodes once per TTL. Only successes are kept.
type Answers struct {
	c *cache.TTL[*Shared]
}

// NewAnswers returns a cache of up to 4096 answers for ttl (0: off).
func NewAnswers(ttl time.Duration) *Answers {
	return &Answers{c: cache.New[*Shared](ttl, 4096, time.Now)}
}

// Get answers r from the cache; key must hold every input the answer
// depends on besides the path and the language.
func (a *Answers) Get(r *http.Request, key string, load func() (any, error)) (any, error) {
	return a.c.Get(r.URL.Path+"|"+Lang(r.Context())+"|"+key, func() (*Shared, error) {
		v, err := load()
		if err != nil {
			return nil, err
		}
		return Encode(v)
	})
}

// Clear drops every answer; writers of what they encode call it.
func (a *Answers) Clear() { a.c.Clear() }

// Encode marshals v once for many answers.
func Encode(v any) (*Shared, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return NewShared(raw), nil
}
