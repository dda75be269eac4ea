package app

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"gamehall/internal/api"
	"gamehall/internal/media"
)

// buildPlatform adds what is not a domain: icons and media, health, metrics,
// the 404 envelopes of the API prefixes and the front end. It returns the
// middleware that counts requests for /metrics.
func (a *App) buildPlatform(w *wiring) (api.Middleware, error) {
	icons, err := media.LoadIcons()
	if err != nil {
		return nil, err
	}
	w.mux.Handle("GET /api/icons", icons.Handler())
	w.mux.Handle("/api/", w.apis.NotFound())
	w.mux.Handle("/games/api/", w.apis.NotFound())
	w.mux.Handle("GET /media/", media.Handler())
	w.mux.HandleFunc("GET /healthz", healthz)
	w.mux.HandleFunc("GET /readyz", a.readyz)
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(a.DB.DB, string(a.DB.Dialect)))
	// The figures (Go version, database kind, pool sizes) are for the
	// operator: on the public address they need the operator key.
	a.metrics = promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	w.mux.Handle("GET /metrics", w.operatorOnly(a.metrics))
	w.spa.Routes(w.mux)
	return metrics(reg), nil
}

func healthz(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) }

// readyz answers 503 while the database does not answer.
func (a *App) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := a.DB.PingContext(ctx); err != nil {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	_, _ = w.Write([]byte("ok\n"))
}

// metrics counts requests by method and status class.
func metrics(reg *prometheus.Registry) api.Middleware {
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "gamehall_http_requests_total", Help: "HTTP requests by method and status class.",
	}, []string{"method", "class"})
	duration := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "gamehall_http_request_seconds", Help: "HTTP request duration.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
	})
	reg.MustRegister(requests, duration)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			cw := &classWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(cw, r)
			duration.Observe(time.Since(start).Seconds())
			requests.WithLabelValues(r.Method, fmt.Sprintf("%dxx", cw.status/100)).Inc()
		})
	}
}

type classWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *classWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *classWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack hands the connection to the websocket upgrade.
func (w *classWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}
