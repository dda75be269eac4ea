// Package api holds the wire contract: the {code, message, data} envelope,
// error codes, message translation, body decoding and the HTTP middleware
// every route shares.
package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// API writes envelopes. It is the one place that turns errors into answers.
type API struct {
	msgs *Catalogue
	log  *slog.Logger
	// okPrefix caches the encoded `{"code":100,"message":"..","data":` per language.
	okPrefix sync.Map
}

// New returns an API writing messages from msgs and faults to log.
func New(msgs *Catalogue, log *slog.Logger) *API {
	return &API{msgs: msgs, log: log}
}

// Messages is the catalogue used for envelope messages.
func (a *API) Messages() *Catalogue { return a.msgs }

// HandlerFunc answers one API call: data for the envelope, or an error.
type HandlerFunc func(r *http.Request) (any, error)

// Coded is data answered with a success code other than 100 (the spec's 1000).
type Coded struct {
	Code int
	Data any
}

// WithHeader is data answered with one extra response header (a rotated
// token, for example).
type WithHeader struct {
	Key, Value string
	Data       any
}

// Shared is data already encoded as JSON that many requests answer alike (a
// content cache's entry). Its success envelope, and the gzip of a large one,
// are built once per language and reused, so a hot endpoint costs a map
// lookup: no encode and no compression per request.
type Shared struct {
	data []byte
	enc  sync.Map // language -> sharedEnvelope
}

type sharedEnvelope struct{ plain, gz []byte }

// gzipMin is the smallest envelope worth sending compressed.
const gzipMin = 1024

// NewShared wraps encoded JSON data.
func NewShared(data []byte) *Shared { return &Shared{data: data} }

func (s *Shared) envelope(lang string, prefix []byte) sharedEnvelope {
	if e, ok := s.enc.Load(lang); ok {
		return e.(sharedEnvelope)
	}
	plain := make([]byte, 0, len(prefix)+len(s.data)+1)
	plain = append(append(append(plain, prefix...), s.data...), '}')
	e := sharedEnvelope{plain: plain}
	if len(plain) >= gzipMin {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(plain)
		_ = zw.Close()
		e.gz = buf.Bytes()
	}
	v, _ := s.enc.LoadOrStore(lang, e)
	return v.(sharedEnvelope)
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Handle adapts fn to http.Handler.
func (a *API) Handle(fn HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, err := fn(r)
		if err != nil {
			a.WriteError(w, r, err)
			return
		}
		a.WriteOK(w, r, data)
	})
}

// WriteOK writes a success envelope.
func (a *API) WriteOK(w http.ResponseWriter, r *http.Request, data any) {
	if h, ok := data.(WithHeader); ok {
		w.Header().Set(h.Key, h.Value)
		data = h.Data
	}
	code := CodeOK
	if c, ok := data.(Coded); ok {
		code, data = c.Code, c.Data
	}
	lang := Lang(r.Context())
	if sh, ok := data.(*Shared); ok && code == CodeOK {
		e := sh.envelope(lang, a.okPrefixFor(lang))
		w.Header().Add("Vary", "Accept-Encoding")
		if e.gz != nil && acceptsGzip(r) {
			w.Header().Set("Content-Encoding", "gzip")
			writeJSON(w, http.StatusOK, e.gz)
			return
		}
		writeJSON(w, http.StatusOK, e.plain)
		return
	}
	var body []byte
	switch d := data.(type) {
	case *Shared:
		body = d.data
	case nil:
		body = []byte("{}")
	default:
		var err error
		if body, err = json.Marshal(d); err != nil {
			a.WriteError(w, r, err)
			return
		}
	}
	var buf bytes.Buffer
	buf.Grow(len(body) + 64)
	if code == CodeOK {
		buf.Write(a.okPrefixFor(lang))
	} else {
		writeHead(&buf, code, a.msgs.Text(lang, "success"))
	}
	buf.Write(body)
	buf.WriteByte('}')
	writeJSON(w, http.StatusOK, buf.Bytes())
}

func (a *API) okPrefixFor(lang string) []byte {
	if p, ok := a.okPrefix.Load(lang); ok {
		return p.([]byte)
	}
	var buf bytes.Buffer
	writeHead(&buf, CodeOK, a.msgs.Text(lang, "success"))
	p, _ := a.okPrefix.LoadOrStore(lang, buf.Bytes())
	return p.([]byte)
}

func writeHead(buf *bytes.Buffer, code int, msg string) {
	m, _ := json.Marshal(msg)
	buf.WriteString(`{"code":`)
	buf.WriteString(strconv.Itoa(code))
	buf.WriteString(`,"message":`)
	buf.Write(m)
	buf.WriteString(`,"data":`)
}

// envelope is the error answer shape.
type envelope struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data"`
}

// WriteError writes the envelope for err. Anything that is not an *Error is a
// real fault: logged with the request id, answered 500 without internals.
func (a *API) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e, known := AsError(err)
	lang := Lang(r.Context())
	env := envelope{Code: e.Code, Message: e.Message(a.msgs, lang), Data: e.Data}
	if !known {
		id := RequestID(r.Context())
		a.log.ErrorContext(r.Context(), "request failed", "request_id", id, "route", route(r), "err", err)
		env.Data = map[string]string{"request_id": id}
	} else if e.Status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
		a.log.WarnContext(r.Context(), "database busy", "request_id", RequestID(r.Context()), "route", route(r))
	} else if e.Status >= 500 {
		a.log.ErrorContext(r.Context(), "request failed", "request_id", RequestID(r.Context()), "route", route(r), "err", err)
	}
	if env.Data == nil {
		env.Data = struct{}{}
	}
	body, mErr := json.Marshal(env)
	if mErr != nil {
		body = []byte(`{"code":500,"message":"internal error","data":{}}`)
	}
	writeJSON(w, e.Status, body)
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// Done is the answer of a call that returns no data: an empty object on
// success, or the error.
func Done(err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return struct{}{}, nil
}
