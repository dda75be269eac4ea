package api

import (
	"net/http"
	"strings"
)

// Router registers API handlers on a ServeMux. Every path answers other
// methods with a 405 envelope instead of the mux's plain text.
type Router struct {
	api *API
	mux *http.ServeMux
	// mws wrap only the handlers registered through this router.
	mws  []Middleware
	seen map[string]bool
}

// NewRouter returns a router on mux.
func (a *API) NewRouter(mux *http.ServeMux, mws ...Middleware) Router {
	return Router{api: a, mux: mux, mws: mws, seen: map[string]bool{}}
}

// With returns a router that also applies mws (e.g. authentication).
func (r Router) With(mws ...Middleware) Router {
	out := r
	out.mws = append(append([]Middleware{}, r.mws...), mws...)
	return out
}

// Post registers a POST endpoint.
func (r Router) Post(path string, h HandlerFunc) { r.handle(path, r.api.Handle(h), http.MethodPost) }

// GetOrPost registers an endpoint the spec allows with either method.
func (r Router) GetOrPost(path string, h HandlerFunc) {
	r.handle(path, r.api.Handle(h), http.MethodGet, http.MethodPost)
}

// Get registers a GET endpoint.
func (r Router) Get(path string, h HandlerFunc) { r.handle(path, r.api.Handle(h), http.MethodGet) }

// Download registers a GET endpoint that writes its own body (a file). An
// error before the first byte answers as an envelope; one after it aborts
// the connection, so a client never takes a cut-short file for a whole one.
func (r Router) Download(path string, fn func(w http.ResponseWriter, req *http.Request) error) {
	r.handle(path, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		ww := &wroteWriter{ResponseWriter: w}
		if err := fn(ww, req); err != nil {
			if ww.wrote {
				panic(http.ErrAbortHandler)
			}
			r.api.WriteError(w, req, err)
		}
	}), http.MethodGet)
}

// wroteWriter notes whether anything was written.
type wroteWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *wroteWriter) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *wroteWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Flush passes a flush on, so a long file streams.
func (w *wroteWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (r Router) handle(path string, h http.Handler, methods ...string) {
	handler := Chain(h, r.mws...)
	for _, m := range methods {
		r.mux.Handle(m+" "+path, handler)
	}
	if !r.seen[path] {
		r.seen[path] = true
		allow := strings.Join(methods, ", ")
		r.mux.Handle(path, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			w.Header().Set("Allow", allow)
			r.api.WriteError(w, req, ErrMethod)
		}))
	}
}

// NotFound answers unknown API paths with a 404 envelope.
func (a *API) NotFound() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { a.WriteError(w, r, ErrNotFound) })
}
