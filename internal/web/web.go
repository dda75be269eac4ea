// Package web serves the embedded single-page app: hashed assets with
// long-lived caching, the HTML with no-cache, the spec's route table with a
// real 404 status for unknown paths, and the build id files the client polls.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

//go:embed all:dist
var dist embed.FS

// placeholder is served when the front end was not built into dist (go
// build and go test never need Node).
const placeholder = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>gamehall</title>
<meta name="gamehall-site-id" content="__SITE_ID__"></head><body><main id="root">
<h1>gamehall</h1><p>The front end is not built into this binary. Run <code>make run</code>.</p></main></body></html>`

// loadingPage is the build's static /loading window (web/loading.html).
const loadingPage = "loading.html"

// RouteRules gives the server-defined redirects of a site.
type RouteRules func(ctx context.Context, siteID int64) (any, error)

// Handler serves the SPA.
type Handler struct {
	fsys      fs.FS
	index     []byte
	buildID   string
	startedAt int64
	siteID    int64
	rules     RouteRules
	pages     PageExists
	gz        sync.Map // path -> []byte gzipped content
}

// PageExists reports whether the site shows the page of kind ("discount",
// "faq", "main") with id now (content.Service.PageExists).
type PageExists func(ctx context.Context, siteID int64, kind string, id int64) (bool, error)

// WithPages makes /discount/{id}, /faq/{id} and /main/{id} answer HTTP 404
// (still the app, which shows its not-found screen) for ids the site does
// not show, so crawlers and link checkers see what a reader sees.
func (h *Handler) WithPages(p PageExists) *Handler {
	h.pages = p
	return h
}

var pageRoute = regexp.MustCompile(`^/(discount|faq|main)/([^/]+)/?$`)

// knownPage is false for a page route whose id the site does not show; a
// failing lookup serves the app (the client asks again and decides).
func (h *Handler) knownPage(r *http.Request, p string) bool {
	m := pageRoute.FindStringSubmatch(p)
	if m == nil || h.pages == nil {
		return true
	}
	id, err := strconv.ParseInt(m[2], 10, 64)
	if err != nil || id <= 0 {
		return false
	}
	ok, err := h.pages(r.Context(), h.siteID, m[1], id)
	return err != nil || ok
}

// Dist is the embedded build.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern above guarantees the directory
	}
	return sub
}

// New prepares the app in fsys (normally Dist()) for siteID: the site id is
// written into the HTML once, here, so serving it costs nothing per request.
func New(fsys fs.FS, siteID int64, rules RouteRules, now time.Time) *Handler {
	sub := fsys
	index, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		index = []byte(placeholder)
	}
	sum := sha256.Sum256(index)
	buildID := hex.EncodeToString(sum[:6])
	index = bytes.ReplaceAll(index, []byte("__SITE_ID__"), []byte(strconv.FormatInt(siteID, 10)))
	// The build id lets the client compare itself with /builds/latest.json.
	index = bytes.Replace(index, []byte("<head>"), []byte(`<head><meta name="gamehall-build-id" content="`+buildID+`">`), 1)
	return &Handler{fsys: sub, index: index, buildID: buildID, startedAt: now.UnixMilli(),
		siteID: siteID, rules: rules}
}

// BuildID identifies the embedded front-end build.
func (h *Handler) BuildID() string { return h.buildID }

// Routes registers the app on mux as the catch-all.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /assets/", h.asset)
	mux.HandleFunc("GET /builds/latest.json", h.latest)
	mux.HandleFunc("GET /builds/meta/{file}", h.meta)
	// "/" without a method: a method-bound catch-all would conflict with /api/.
	mux.HandleFunc("/", h.page)
}

// spaRoutes is the route table of spec section 2; anything else is a 404
// page (still the app, which renders the error screen).
var spaRoutes = []*regexp.Regexp{
	regexp.MustCompile(`^/$`),
	regexp.MustCompile(`^/(app|discount|faq|gameHall|main|slotgame|sponsor|play|gameRoom|close|loading|authCallback|user|proxy|fastPayment|fastDeposit|register)/?$`),
	regexp.MustCompile(`^/(discount|faq|gameHall|main)/[A-Za-z0-9_-]+/?$`),
	regexp.MustCompile(`^/user/[A-Za-z]+/?$`),
}

// KnownRoute reports whether p is one of the spec's routes.
func KnownRoute(p string) bool {
	for _, re := range spaRoutes {
		if re.MatchString(p) {
			return true
		}
	}
	return false
}

func (h *Handler) page(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	// /loading is a page of its own without the app's code (the game window a
	// launch opens at the click, later sent to the game by its opener).
	if p == "/loading" || p == "/loading/" {
		if _, err := fs.Stat(h.fsys, loadingPage); err == nil {
			h.ServeEntry(w, r, loadingPage)
			return
		}
	}
	if !strings.Contains(path.Base(p), ".") {
		h.html(w, r, KnownRoute(p) && h.knownPage(r, p))
		return
	}
	// A root-level file of the build (favicon, manifest, robots.txt, locale chunks).
	name := strings.TrimPrefix(path.Clean(p), "/")
	if name == "index.html" {
		h.html(w, r, true)
		return
	}
	if st, err := fs.Stat(h.fsys, name); err == nil && !st.IsDir() {
		h.file(w, r, name, "public, max-age=3600")
		return
	}
	h.html(w, r, false)
}

func (h *Handler) html(w http.ResponseWriter, r *http.Request, known bool) {
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	status := http.StatusOK
	if !known {
		status = http.StatusNotFound
		hd.Set("X-Robots-Tag", "noindex")
	}
	h.write(w, r, "index.html", h.index, status)
}

// ServeEntry serves another HTML entry of the build (a game page) with the
// site id written in, or 404 when the build has no such entry.
func (h *Handler) ServeEntry(w http.ResponseWriter, r *http.Request, name string) {
	data, err := fs.ReadFile(h.fsys, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	data = bytes.ReplaceAll(data, []byte("__SITE_ID__"), []byte(strconv.FormatInt(h.siteID, 10)))
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	h.write(w, r, name, data, http.StatusOK)
}

func (h *Handler) asset(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if st, err := fs.Stat(h.fsys, name); err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	// Vite names every file under assets/ by content hash.
	h.file(w, r, name, "public, max-age=31536000, immutable")
}

func (h *Handler) file(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	data, err := fs.ReadFile(h.fsys, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	hd := w.Header()
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = http.DetectContentType(data)
	}
	hd.Set("Content-Type", ct)
	hd.Set("Cache-Control", cacheControl)
	h.write(w, r, name, data, http.StatusOK)
}

// write sends data, gzipped (once per file, then from memory) when the
// client accepts it and the type compresses.
func (h *Handler) write(w http.ResponseWriter, r *http.Request, name string, data []byte, status int) {
	hd := w.Header()
	hd.Add("Vary", "Accept-Encoding")
	if compressible(name) && len(data) > 512 && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		data = h.gzipped(name, data)
		hd.Set("Content-Encoding", "gzip")
	}
	hd.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}

func (h *Handler) gzipped(name string, data []byte) []byte {
	if v, ok := h.gz.Load(name); ok {
		return v.([]byte)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(data)
	_ = zw.Close()
	v, _ := h.gz.LoadOrStore(name, buf.Bytes())
	return v.([]byte)
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest":
		return true
	}
	return false
}

func (h *Handler) latest(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, map[string]any{"id": h.buildID, "timestamp": h.startedAt})
}

func (h *Handler) meta(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutSuffix(r.PathValue("file"), ".json")
	if !ok || id != h.buildID {
		http.NotFound(w, r)
		return
	}
	rules, err := h.rules(r.Context(), h.siteID)
	if err != nil {
		http.Error(w, "route rules unavailable", http.StatusServiceUnavailable)
		return
	}
	writeJSON(w, map[string]any{"id": h.buildID, "timestamp": h.startedAt, "route_rules": rules, "prerendered": []string{}})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_ = json.NewEncoder(w).Encode(v)
}
