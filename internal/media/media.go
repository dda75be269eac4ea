// Package media serves the demo images drawn in the repo (SVG), embedded in
// the binary so nothing is fetched from outside at build or run time.
package media

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

//go:embed files
var files embed.FS

// FS is the image tree, rooted at files/.
func FS() fs.FS {
	sub, err := fs.Sub(files, "files")
	if err != nil {
		panic(err) // the embed pattern above guarantees the directory
	}
	return sub
}

// Handler serves /media/<path>. SVGs get a sandboxing CSP so an image opened
// directly can never run script, whoever drew it.
func Handler() http.Handler {
	fsys := FS()
	server := http.FileServerFS(fsys)
	return http.StripPrefix("/media", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if st, err := fs.Stat(fsys, p); err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Cache-Control", "public, max-age=86400")
		if strings.HasSuffix(p, ".svg") {
			h.Set("Content-Type", "image/svg+xml")
			h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
		}
		server.ServeHTTP(w, r)
	}))
}

// Exists reports whether an image path like "/media/flags/en_US.svg" is in
// the tree; the seed uses it so demo data never points at a missing file.
func Exists(urlPath string) bool {
	p, ok := strings.CutPrefix(urlPath, "/media/")
	if !ok {
		return false
	}
	st, err := fs.Stat(FS(), p)
	return err == nil && !st.IsDir()
}
