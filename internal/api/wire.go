package api

import "time"

// Page is a newest-first listing of the operator API; NextBeforeID
// continues it (0: no more).
type Page[T any] struct {
	List         []T   `json:"list"`
	NextBeforeID int64 `json:"next_before_id"`
}

// Paging bounds of the operator API.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)

// PageOf wraps one page of list, asked for with limit; id is a row's id.
func PageOf[T any](list []T, limit int, id func(T) int64) Page[T] {
	p := Page[T]{List: list}
	if len(list) == limit && limit > 0 {
		p.NextBeforeID = id(list[len(list)-1])
	}
	return p
}

// FormatTime writes stored unix microseconds as RFC 3339 in UTC.
func FormatTime(micros int64) string { return time.UnixMicro(micros).UTC().Format(time.RFC3339) }

// Flag writes a boolean as the spec's 0/1 flag.
func Flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
