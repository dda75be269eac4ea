package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"gamehall/internal/db"
)

// Codes used across domains. Domain-specific codes (spec section 8) live in
// their packages and are built with NewError.
const (
	CodeOK           = 100
	CodeOKTemplate   = 1000
	CodeInvalid      = 400
	CodeUnauthorized = 401
	CodeNotFound     = 404
	CodeMethod       = 405
	CodeTooLarge     = 413
	CodeMediaType    = 415
	CodeTooMany      = 429
	CodeInternal     = 500
	CodeBusy         = 503
)

// Error is a failure the client sees: a spec code, a message key translated
// per the lang header, and the HTTP status (200 for business failures).
type Error struct {
	Code int
	Key  string // message key, translated by the catalogue
	// Field is the wire name of the request field at fault, if any.
	Field string
	// Detail is a message key (translated) or a fixed text appended to the
	// message; never a Go error's text, which may quote the input.
	Detail string
	Status int
	Data   any
	Err    error // cause, for logs only
}

func (e *Error) Error() string {
	s := fmt.Sprintf("code %d %s", e.Code, e.Key)
	if e.Field != "" || e.Detail != "" {
		s += " (" + strings.TrimSpace(e.Field+" "+e.Detail) + ")"
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is match two API errors of the same code and key, so domain
// packages can declare sentinels and wrap them with context.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.Key == e.Key
}

// NewError is a business failure (HTTP 200) with a spec code.
func NewError(code int, key string) *Error {
	return &Error{Code: code, Key: key, Status: http.StatusOK}
}

// With returns a copy carrying detail text (a message key or a fixed text)
// after its field name and any detail it had.
func (e *Error) With(detail string) *Error {
	c := *e
	if c.Detail != "" {
		detail = c.Detail + ": " + detail
	}
	c.Detail = detail
	return &c
}

// Message is the client's text for e in lang: the key's message, then the
// field and the detail. A detail that is a message key is translated and
// follows the field after a colon ("invalid parameters: member_email:
// required"); a fixed text finishes the field's sentence ("invalid
// parameters: site_id must be an integer").
func (e *Error) Message(c *Catalogue, lang string) string {
	msg := c.Text(lang, e.Key)
	detail, sep := e.Detail, " "
	if c.Has(detail) {
		detail, sep = c.Text(lang, detail), ": "
	}
	switch {
	case e.Field != "" && detail != "":
		return msg + ": " + e.Field + sep + detail
	case e.Field != "":
		return msg + ": " + e.Field
	case detail != "":
		return msg + ": " + detail
	}
	return msg
}

// WithData returns a copy carrying data for the envelope.
func (e *Error) WithData(data any) *Error {
	c := *e
	c.Data = data
	return &c
}

// Invalid is the 400 answer for bad input; field names what was wrong.
func Invalid(field string, cause error) *Error {
	return &Error{Code: CodeInvalid, Key: "invalid_params", Field: field, Status: http.StatusOK, Err: cause}
}

// Bad is the 400 answer for a field that breaks a rule: the message names
// the field and why.
func Bad(field, why string) *Error { return Invalid(field, nil).With(why) }

// Common failures.
var (
	ErrUnauthorized = &Error{Code: CodeUnauthorized, Key: "unauthorized", Status: http.StatusUnauthorized}
	ErrNotFound     = &Error{Code: CodeNotFound, Key: "not_found", Status: http.StatusNotFound}
	ErrMethod       = &Error{Code: CodeMethod, Key: "method_not_allowed", Status: http.StatusMethodNotAllowed}
	ErrTooLarge     = &Error{Code: CodeTooLarge, Key: "body_too_large", Status: http.StatusRequestEntityTooLarge}
	ErrMediaType    = &Error{Code: CodeMediaType, Key: "unsupported_media_type", Status: http.StatusUnsupportedMediaType}
	ErrTooMany      = &Error{Code: CodeTooMany, Key: "too_many_requests", Status: http.StatusTooManyRequests}
	ErrInternal     = &Error{Code: CodeInternal, Key: "internal_error", Status: http.StatusInternalServerError}
	// ErrBusy is a database that could not take the work in time (a lock
	// wait past the busy timeout, a serialization failure): safe to retry,
	// never a 500 and never a business code.
	ErrBusy = &Error{Code: CodeBusy, Key: "server_busy", Status: http.StatusServiceUnavailable}
)

// AsError finds the API error in err's chain; anything else is an internal fault.
func AsError(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	if errors.Is(err, db.ErrBusy) {
		return ErrBusy, true
	}
	return ErrInternal, false
}
