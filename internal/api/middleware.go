package api

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyLang
	keyClientIP
)

// RequestID is the id of the request in ctx ("" outside a request).
func RequestID(ctx context.Context) string {
	s, _ := ctx.Value(keyRequestID).(string)
	return s
}

// Lang is the message language of the request in ctx.
func Lang(ctx context.Context) string {
	if s, ok := ctx.Value(keyLang).(string); ok {
		return s
	}
	return DefaultLang
}

// ClientIP is the visitor's address: the socket peer, or the first address a
// trusted proxy put in X-Forwarded-For.
func ClientIP(ctx context.Context) netip.Addr {
	a, _ := ctx.Value(keyClientIP).(netip.Addr)
	return a
}

// WithLang returns ctx carrying lang (tests and background work use it).
func WithLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, keyLang, lang)
}

// Middleware wraps a handler.
type Middleware func(http.Handler) http.Handler

// Chain applies middlewares so that the first one listed runs first.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// RequestContext assigns the request id, the language (from the lang header,
// limited to known codes) and the client IP.
func RequestContext(knownLang func(string) bool, trusted []netip.Prefix) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get("X-Request-Id")
			if !validRequestID(id) {
				id = newRequestID()
			}
			w.Header().Set("X-Request-Id", id)
			lang := r.Header.Get("lang")
			if !knownLang(lang) {
				lang = DefaultLang
			}
			ctx := context.WithValue(r.Context(), keyRequestID, id)
			ctx = context.WithValue(ctx, keyLang, lang)
			ctx = context.WithValue(ctx, keyClientIP, clientIP(r, trusted))
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

func validRequestID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// PeerTrusted reports whether the socket peer of r is one of trusted, i.e.
// whether its forwarding headers may be believed.
func PeerTrusted(r *http.Request, trusted []netip.Prefix) bool {
	peer := peerAddr(r)
	for _, p := range trusted {
		if p.Contains(peer) {
			return true
		}
	}
	return false
}

func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

// clientIP walks X-Forwarded-For from the right, skipping trusted proxies,
// so a client cannot forge its address by prepending entries.
func clientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer := peerAddr(r)
	if !PeerTrusted(r, trusted) {
		return peer
	}
	hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		a = a.Unmap()
		isProxy := false
		for _, p := range trusted {
			if p.Contains(a) {
				isProxy = true
				break
			}
		}
		if !isProxy {
			return a
		}
	}
	return peer
}

// statusWriter records what was written, for the access log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack hands the connection to the websocket upgrade.
func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	w.status = http.StatusSwitchingProtocols
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

// AccessLog logs one line per request. The route pattern that matched is
// logged, never the path itself, its query or its body: the path is text the
// client chose (a page id, a search term) and handoff links carry tokens in
// the query.
func AccessLog(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := &statusWriter{ResponseWriter: w}
			next.ServeHTTP(sw, r)
			if sw.status == 0 {
				sw.status = http.StatusOK
			}
			log.LogAttrs(r.Context(), slog.LevelInfo, "http",
				slog.String("request_id", RequestID(r.Context())),
				slog.String("method", r.Method),
				slog.String("route", route(r)),
				slog.Int("status", sw.status),
				slog.Int("bytes", sw.bytes),
				slog.Duration("duration", time.Since(start)),
				slog.String("ip", ClientIP(r.Context()).String()),
			)
		})
	}
}

// route is the pattern the ServeMux matched for r (it records it on the
// request it was given, which the middlewares pass on unchanged), or "-".
func route(r *http.Request) string {
	if r.Pattern == "" {
		return "-"
	}
	return r.Pattern
}

// Recover turns a panic into a logged 500 envelope.
func (a *API) Recover() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					if v == http.ErrAbortHandler {
						panic(v)
					}
					a.log.ErrorContext(r.Context(), "panic", "request_id", RequestID(r.Context()),
						"path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
					a.WriteError(w, r, fmt.Errorf("panic: %v", v))
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// LimitBody caps request bodies; Decode answers 413 past the cap.
func LimitBody(max int64) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > max {
				w.Header().Set("Connection", "close")
			}
			r.Body = http.MaxBytesReader(w, r.Body, max)
			next.ServeHTTP(w, r)
		})
	}
}

// ContentSecurityPolicy allows only our own origin for scripts, frames and
// connections. Frames from 'self' keep our in-house game pages embeddable;
// inline styles are allowed because UI libraries inject them at run time.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; " +
	"frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'"

// SecurityHeaders sets the headers every response carries.
func SecurityHeaders(hsts bool) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", ContentSecurityPolicy)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "SAMEORIGIN")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
			if hsts {
				h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
			}
			next.ServeHTTP(w, r)
		})
	}
}
